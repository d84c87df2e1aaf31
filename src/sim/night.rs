//! Night systems: the NVR Change DR at the start of each RPh after the opening Player Turn
//! (E1.12), Straying DR for units about to move at the start of the MPh (E1.53) with the Jitter
//! Fire its Doubles may set off (E1.55), and "?" gained at the end of the CCPh (E1.32).

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::dice::Dice;
use super::live::{situation, unit_entity};
use super::log::{rolled, ruled};
use super::phase::{NightState, Phase, PlayerTurn};
use super::runner::Walk;
use crate::rules::night::movement::movement_dr;
use crate::rules::orders::phase::{Straying, night_concealment, nvr_change_due, straying};
use crate::scenario::Order;

/// E1.12: at the start of each RPh after the opening Player Turn of a night scenario, the NVR
/// Change DR (part of the Wind Change DR), as `rules::orders::phase::nvr_change_due` plans it.
pub(super) fn nvr_change_at_rph(world: &mut World) {
    let night = world.resource::<NightState>().clone();
    let pt = world.resource::<PlayerTurn>().number;
    let Some(plan) = nvr_change_due(night.nvr, night.cloud, night.moon, pt) else {
        return;
    };
    let (colored, white) = world.resource_mut::<Dice>().dr2(plan.roll_rule);
    let mut sub = None;
    let change = {
        let mut dice = world.resource_mut::<Dice>();
        plan.change(colored, white, || {
            let d = dice.dr(plan.roll_rule);
            sub = Some(d);
            d
        })
    };
    world.resource_mut::<NightState>().nvr = Some(change.after);
    let mut dice = vec![colored, white];
    dice.extend(sub);
    rolled(world, "nvr_change", None, change.rule, dice, change.reason);
}

/// The units the script moves before its next phase change: those "about to move" (E1.53):
/// the action waiting for this phase (a step with both `phase` and `act`), then the steps
/// that follow until the next phase change.
fn about_to_move(walk: &Walk) -> Vec<String> {
    let mut ids = Vec::new();
    let rest = walk.steps[walk.next.min(walk.steps.len())..]
        .iter()
        .take_while(|step| step.phase.is_none() && !matches!(step.act, Some(Order::NextPlayerTurn)))
        .map(|step| &step.act);
    // The waiting action belongs to this MPh only if the step's target is an MPh.
    let pending = match walk.target {
        Some((Phase::Movement, _)) => &walk.pending,
        _ => &None,
    };
    for act in std::iter::once(pending).chain(rest) {
        if let Some(o) = act.as_ref().filter(|o| o.moves())
            && let Some(u) = o.unit()
            && !ids.iter().any(|i| i == &u.0)
        {
            ids.push(u.0.clone());
        }
    }
    ids
}

/// E1.53: at the start of the MPh at night, each ATTACKER ground unit about to move to a new
/// hex makes a Movement DR, as `rules::orders::phase::straying` says.
pub(super) fn straying_at_mph(world: &mut World) {
    if !world.resource::<NightState>().night() {
        return;
    }
    let movers = about_to_move(world.resource::<Walk>());
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let strays = straying(&s, &movers);
    drop(s);
    for stray in strays {
        stray_or_not(world, stray);
    }
}

/// Logs an E1.53 exemption, or makes the Movement DR: a colored 6 makes the unit a Straying
/// Mover, doubles may bring Jitter Fire (E1.55); either way the unit has made its DR this MPh.
pub(super) fn stray_or_not(world: &mut World, stray: Straying) {
    match stray {
        Straying::Exempt { unit, check } => {
            ruled(world, "straying", Some(&unit), check.rule, check.reason);
        }
        Straying::Roll { unit, roll_rule } => {
            let (c, w) = world.resource_mut::<Dice>().dr2(roll_rule);
            let r = movement_dr(c, w);
            if let Some(e) = unit_entity(world, &unit)
                && let Some(mut u) = world.get_mut::<Unit>(e)
            {
                u.movement_dr = true;
                if r.straying {
                    u.straying = true;
                }
            }
            rolled(world, "straying", Some(&unit), r.rule, vec![c, w], r.reason);
            if r.doubles {
                super::actions::jitter_fire(world, &unit, c, w);
                super::actions::heroes_without_target(world);
            }
        }
    }
}

/// E1.32 (A12.122): at the end of the CCPh of a night scenario, the units
/// `rules::orders::phase::night_concealment` names gain "?".
pub(super) fn gain_concealment_at_night(world: &mut World) {
    if !world.resource::<NightState>().night() {
        return;
    }
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    for g in night_concealment(&s) {
        if let Some(e) = unit_entity(world, &g.unit) {
            world.entity_mut(e).insert(Concealed);
        }
        ruled(world, "concealment", Some(&g.unit), g.rule, g.reason);
    }
}
