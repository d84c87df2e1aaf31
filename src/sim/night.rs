//! Night systems: the NVR Change DR at the start of each RPh after the opening Player Turn
//! (E1.12), Straying DR for units about to move at the start of the MPh (E1.53), and "?" gained
//! at the end of the CCPh (E1.32).

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::dice::Dice;
use super::live::{Live, location_lit};
use super::log::{rolled, ruled};
use super::phase::{NightState, Phase, PlayerTurn};
use super::runner::Walk;
use crate::los::Location;
use crate::rules::caves::sight::cave_los;
use crate::rules::night::concealment::{Gain, gain_at_night};
use crate::rules::night::movement::{StrayStart, movement_dr, movement_dr_required};
use crate::rules::night::nvr::{self, nvr_change};
use crate::scenario::{Action, Cloud, Moon};

fn rules_cloud(c: Cloud) -> nvr::Cloud {
    match c {
        Cloud::Clear => nvr::Cloud::Clear,
        Cloud::Scattered => nvr::Cloud::Scattered,
        Cloud::Overcast => nvr::Cloud::Overcast,
    }
}

fn rules_moon(m: Moon) -> nvr::Moon {
    match m {
        Moon::NoMoon => nvr::Moon::NoMoon,
        Moon::Half => nvr::Moon::Half,
        Moon::Full => nvr::Moon::Full,
    }
}

/// E1.12: at the start of each RPh after the opening Player Turn of a night scenario, the NVR
/// Change DR (part of the Wind Change DR).
pub(super) fn nvr_change_at_rph(world: &mut World) {
    let night = world.resource::<NightState>().clone();
    let Some(base) = night.nvr else { return };
    if world.resource::<PlayerTurn>().number <= 1 {
        return;
    }
    let (colored, white) = world.resource_mut::<Dice>().dr2("E1.12");
    let mut sub = None;
    let change = {
        let mut dice = world.resource_mut::<Dice>();
        nvr_change(
            base,
            rules_cloud(night.cloud),
            rules_moon(night.moon),
            colored,
            white,
            || {
                let d = dice.dr("E1.12");
                sub = Some(d);
                d
            },
        )
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
        .take_while(|step| {
            step.phase.is_none() && !matches!(step.act, Some(Action::NextPlayerTurn))
        })
        .map(|step| &step.act);
    // The waiting action belongs to this MPh only if the step's target is an MPh.
    let pending = match walk.target {
        Some((Phase::Movement, _)) => &walk.pending,
        _ => &None,
    };
    for act in std::iter::once(pending).chain(rest) {
        match act {
            Some(
                Action::Move(u, _)
                | Action::EnterCave(u, _)
                | Action::ExitCave(u, _)
                | Action::Climb(u, _, _),
            ) if !ids.contains(u) => ids.push(u.clone()),
            _ => {}
        }
    }
    ids
}

/// E1.53: at the start of the MPh at night, each ATTACKER ground unit about to move to a new
/// hex makes a Movement DR (G11.96: not while it moves in a cave or Cave Complex).
pub(super) fn straying_at_mph(world: &mut World) {
    if !world.resource::<NightState>().night() {
        return;
    }
    let attacker = world.resource::<PlayerTurn>().attacker;
    let movers = about_to_move(world.resource::<Walk>());
    let live = Live::read(world);
    for id in movers {
        let Some(u) = live.unit(&id) else { continue };
        if u.unit.side() != attacker || !u.unit.good_order() {
            continue;
        }
        let required = movement_dr_required(&StrayStart {
            ground_unit: true,
            moves_to_new_hex: true,
            enters_sewer: false,
            berserk: false,
            in_cave_or_complex: matches!(u.at, Location::Cave(_) | Location::Complex(_)),
        });
        if !required.holds {
            ruled(world, "straying", Some(&id), required.rule, required.reason);
            continue;
        }
        let (c, w) = world.resource_mut::<Dice>().dr2("E1.53");
        let r = movement_dr(c, w);
        if r.straying
            && let Some(mut unit) = world.get_mut::<Unit>(u.entity)
        {
            unit.straying = true;
        }
        rolled(world, "straying", Some(&id), r.rule, vec![c, w], r.reason);
    }
}

/// E1.1/E1.101: can a unit `range` hexes away be seen at all at night: within the NVR, or
/// Illuminated (then the NVR does not limit the LOS to it)? A LOS beyond the NVR to an unlit
/// target is blocked whatever lies between, so it need not be traced.
fn within_sight(range: u32, nvr: Option<u32>, lit: bool) -> bool {
    lit || nvr.is_none_or(|n| range <= n)
}

/// E1.32 (A12.122): at the end of the CCPh of a night scenario, a Good Order unconcealed
/// Infantry unit in Concealment Terrain (a cave always is, G11.3) that no Good Order enemy
/// ground unit sees (beyond the NVR too when it is Illuminated, E1.101) would need a "?" dr
/// in daylight, so it gains "?" automatically. (A12.122's
/// full list of situations is not in our sources; this is the one the walk models.)
pub(super) fn gain_concealment_at_night(world: &mut World) {
    if !world.resource::<NightState>().night() {
        return;
    }
    let board = world.resource::<Board>().clone();
    let live = Live::read(world);
    let env = live.env(&board);
    // E1.101: an Illuminated unit is seen beyond the NVR.
    let lit_env = live.env(&board).with_nvr(None);
    let caves = live.caves(&board);
    let nvr = env.nvr;
    // The Good Order enemy ground units that could see, with their hexes, found once.
    let watchers: Vec<(&super::live::UnitView, crate::hex::Hex)> = live
        .units
        .iter()
        .filter(|w| w.unit.good_order())
        .filter_map(|w| w.at.hex().map(|h| (w, h)))
        .collect();
    let mut gained = Vec::new();
    for u in &live.units {
        if u.concealed || u.hidden || u.cloaked || !u.unit.good_order() || u.unit.hero.is_some() {
            continue;
        }
        let concealment_terrain = match &u.at {
            Location::Cave(_) | Location::Complex(_) => true,
            other => other
                .hex()
                .and_then(|h| board.scenario.map.get(h))
                .is_some_and(|d| d.terrain.info().concealment),
        };
        if !concealment_terrain {
            continue;
        }
        let lit = location_lit(world, &u.at);
        let env = if lit { &lit_env } else { &env };
        let target = Live::hex_of(&board, &u.at);
        let seen = watchers.iter().any(|(w, from)| {
            w.unit.side() != u.unit.side()
                && target.is_none_or(|to| within_sight(from.distance(to), nvr, lit))
                && cave_los(env, &caves, &w.at, &u.at).is_ok_and(|r| r.clear())
        });
        if seen {
            continue;
        }
        let g = gain_at_night(Gain::ByDr);
        if g.gain == Gain::Automatic {
            gained.push((u.entity, u.unit.id.clone(), g));
        }
    }
    for (e, id, g) in gained {
        world.entity_mut(e).insert(Concealed);
        ruled(
            world,
            "concealment",
            Some(&id),
            g.rule,
            format!(
                "in Concealment Terrain and out of every Good Order enemy's LOS: {}; it gains \
                 \"?\"",
                g.reason
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::within_sight;

    #[test]
    fn e1_1_a_unit_beyond_the_nvr_and_unlit_is_not_considered() {
        assert!(within_sight(2, Some(2), false), "at the NVR: traced");
        assert!(
            !within_sight(3, Some(2), false),
            "beyond the NVR, unlit: not considered"
        );
        assert!(
            within_sight(3, Some(2), true),
            "E1.101: Illuminated, seen beyond the NVR"
        );
        assert!(within_sight(40, None, false), "by day no range cut");
        assert!(!within_sight(1, Some(0), false), "NVR 0: only the same hex");
    }
}
