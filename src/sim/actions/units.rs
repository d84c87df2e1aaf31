//! Morale Checks and what failing one makes of a unit (A10 with G1.11-G1.14, G1.3, G1.4,
//! G1.41), Search (G11.33, G1.63) and T-H Hero creation (G1.421-G1.424): decided by
//! `rules::orders::{units, search, heroes}`; here the dice are rolled and the plans applied.

use bevy::prelude::*;

use super::{refused, refusing_unit};
use crate::hex::Hex;
use crate::rules::japanese::smc::SmcOutcome;
use crate::rules::japanese::step::{Becomes, Cause};
use crate::rules::orders::heroes::create_hero as hero_order;
use crate::rules::orders::search::search as search_order;
use crate::rules::orders::units::{McFailure, McPlan, mc, mc_failure, morale_check};
use crate::scenario::Side;
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::effects::reveal_caves;
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::Tallies;

/// The side's ELR (A19), as the scenario sets it.
fn elr_of(board: &Board, side: Side) -> i32 {
    let elr = board.scenario.elr;
    i32::from(match side {
        Side::Japanese => elr.japanese,
        Side::Allied => elr.allied,
    })
}

/// A10 / G1.41: a unit takes a MC with `drm` (`rules::orders::units::mc`); a failure is applied
/// (G1.11-G1.14, G1.4, A10.3). A unit no longer in play takes none.
pub(super) fn take_mc(world: &mut World, id: &str, drm: i32, cause: Cause, why: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let Some(u) = s.unit(id) else { return };
    let plan = mc(&s, u, drm, |side| elr_of(&board, side), why);
    let unit = u.unit.clone();
    resolve_mc(world, &plan, &unit, cause);
}

/// Rolls a planned MC, logs it and applies a failure to the unit (`unit`: as it was before).
fn resolve_mc(world: &mut World, plan: &McPlan, unit: &Unit, cause: Cause) {
    let (c, w) = world.resource_mut::<Dice>().dr2(plan.roll_rule);
    let (result, text) = plan.check(c, w);
    rolled(
        world,
        "morale_check",
        Some(&plan.unit),
        result.rule,
        vec![c, w],
        text,
    );
    if result.passed {
        return;
    }
    let Some(entity) = unit_entity(world, &plan.unit) else {
        return;
    };
    if let Some(f) = mc_failure(unit, cause, &result) {
        apply_failure(world, entity, unit, &f);
    }
}

/// Applies what a failed MC (or a KIA break) makes of a unit (`unit`: as it was before).
pub(super) fn apply_failure(world: &mut World, entity: Entity, unit: &Unit, f: &McFailure) {
    let id = unit.id.as_str();
    match f {
        McFailure::JapaneseSmc { roll_rule, .. } => {
            // No dr where none decides anything (G1.41, G1.4).
            let wound = f
                .wound_dr_needed()
                .then(|| world.resource_mut::<Dice>().dr(roll_rule));
            let Some(r) = f.wound(wound.unwrap_or(0)) else {
                return;
            };
            match r.outcome {
                SmcOutcome::Eliminated => {
                    world.despawn(entity);
                }
                SmcOutcome::Wounded => {
                    if let Some(mut u) = world.get_mut::<Unit>(entity) {
                        u.wounded = true;
                    }
                }
                SmcOutcome::Unaffected => {}
            }
            match wound {
                Some(dr) => rolled(world, "smc", Some(id), r.rule, vec![dr], r.reason),
                None => ruled(world, "smc", Some(id), r.rule, r.reason),
            }
        }
        McFailure::Breaks(c) => {
            if let Some(mut u) = world.get_mut::<Unit>(entity) {
                u.broken = true;
            }
            ruled(world, "break", Some(id), c.rule, c.reason.clone());
        }
        McFailure::Becomes(out) => {
            become_(world, entity, unit, &out.becomes);
            ruled(world, "break", Some(id), out.rule, out.reason.clone());
        }
    }
}

/// Exchanges a unit for what a rule makes of it: the first counter keeps the unit's id, more
/// counters join it with ids `<id>.2`, ...; none eliminates it.
pub(super) fn become_(world: &mut World, entity: Entity, unit: &Unit, list: &[Becomes]) {
    let Some(first) = list.first() else {
        world.despawn(entity);
        return;
    };
    let at = world.get::<At>(entity).cloned();
    if let Some(mut u) = world.get_mut::<Unit>(entity) {
        u.counter = first.counter.clone();
        u.broken = first.broken;
        u.dm = first.dm;
    }
    for (n, b) in list.iter().enumerate().skip(1) {
        let mut more = unit.clone();
        more.id = crate::model::derived_unit_id(&unit.id, n + 1);
        more.counter = b.counter.clone();
        more.broken = b.broken;
        more.dm = b.dm;
        more.dc = false;
        let mut e = world.spawn(more);
        if let Some(at) = &at {
            e.insert(at.clone());
        }
    }
}

/// Script `MoraleCheck(unit, drm)`: `rules::orders::units::morale_check` (as from an IFT
/// attack, G1.12).
pub(super) fn morale_check_action(world: &mut World, id: &str, drm: i32) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match morale_check(&s, id, drm, |side| elr_of(&board, side)) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let Some(unit) = s.unit(id).map(|u| u.unit.clone()) else {
        return;
    };
    resolve_mc(world, &plan, &unit, Cause::IftMc);
}

/// G11.33 / G1.63 Search (MPh), as `rules::orders::search::search` decides: the caves and
/// units it reveals are revealed and the Searcher's MPh ends.
pub(super) fn search(world: &mut World, id: &str, hex: Hex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match search_order(&s, id, hex) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let trip = s
        .unit(id)
        .and_then(|u| crate::rules::orders::trip_flares::on_search(&s, &u.at, hex));
    reveal_caves(world, &plan.caves);
    for other in &plan.revealed {
        if let Some(e) = unit_entity(world, other) {
            world.entity_mut(e).remove::<(Hidden, Concealed)>();
        }
    }
    if let Some(e) = unit_entity(world, id)
        && let Some(mut unit) = world.get_mut::<Unit>(e)
    {
        unit.mf_spent = plan.mf_spent;
    }
    ruled(world, "search", Some(id), plan.rule, plan.reason);
    super::trip_flares::trip_flare(world, id, trip);
}

/// G1.421/G1.424: a T-H Hero creation attempt vs a Designated Target unit, as
/// `rules::orders::heroes::create_hero` decides; the creation dr is rolled here and the Hero
/// placed.
pub(super) fn create_hero(world: &mut World, id: &str, target: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match hero_order(&s, id, target, s.ob_japanese_squads) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(refusing_unit(&s, &[id, target])), r),
    };
    let d = world.resource_mut::<Dice>().dr(plan.roll_rule);
    let h = plan.roll(d);
    let creator = unit_entity(world, id);
    if h.pinned
        && let Some(mut unit) = creator.and_then(|e| world.get_mut::<Unit>(e))
    {
        unit.pinned = true;
    }
    if h.created {
        if let Some(mut unit) = creator.and_then(|e| world.get_mut::<Unit>(e)) {
            unit.dc = false;
        }
        world.spawn((plan.hero.clone(), At(plan.at.clone())));
        world.resource_mut::<Tallies>().heroes_created += 1;
    }
    rolled(world, "hero", Some(id), h.rule, vec![d], h.reason);
}
