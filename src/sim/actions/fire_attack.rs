//! A7/A8 Fire (with E1.7, E1.8, G11.81, G.3), decided by `rules::orders::fire::fire`: the IFT
//! DR is rolled and the result applied to the units in the target Location (Casualty
//! Reduction, MC, Japanese Step Reduction and Wounds: `attack::targets_hit`); then the firers
//! are marked with their fire counter, their HIP/"?"/Cloaking lost as the plan says, and at
//! night their Locations marked by a Gunflash (E1.8). E1.55-E1.552 Jitter Fire after a
//! Straying DR (`rules::orders::jitter`) marks its firers the same way, attacking no one.

use bevy::prelude::*;

use super::attack::{hits_in, targets_hit};
use super::{refused, refusing_unit};
use crate::los::Location;
use crate::model::FireMark;
use crate::rules::night::movement::JitterOutcome;
use crate::rules::orders::{fire as fire_rule, jitter};
use crate::rules::situation::same_location;
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::Tallies;

/// Puts fire counter `mark` on unit `id`.
fn mark(world: &mut World, id: &str, mark: FireMark) {
    if let Some(e) = unit_entity(world, id)
        && let Some(mut u) = world.get_mut::<Unit>(e)
    {
        u.fired = Some(mark);
    }
}

/// E1.8: a Gunflash at `at`, unless one is there already.
fn gunflash(world: &mut World, at: &Location) {
    let board = world.resource::<Board>().clone();
    let map = &board.scenario.map;
    let mut q = world.query::<&Gunflash>();
    if !q.iter(world).any(|g| same_location(map, &g.at, at)) {
        world.spawn(Gunflash { at: at.clone() });
    }
}

/// A7/A8 Fire by `ids` at `at`, as `rules::orders::fire::fire` decides.
pub(super) fn fire(world: &mut World, ids: &[String], at: &Location) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match fire_rule::fire(&s, ids, at) {
        Ok(p) => p,
        Err(r) => {
            let names: Vec<&str> = ids.iter().map(String::as_str).collect();
            let who = if names.is_empty() {
                None
            } else {
                Some(refusing_unit(&s, &names))
            };
            return refused(world, who, r);
        }
    };
    let lead = plan.firers[0].clone();
    if let Some(c) = &plan.cave {
        ruled(world, "predesignate", Some(&lead), c.rule, c.reason.clone());
    }
    let (c, w) = world.resource_mut::<Dice>().dr2(plan.roll_rule);
    let out = plan.resolve(c + w);
    rolled(
        world,
        "fire",
        Some(&lead),
        plan.roll_rule,
        vec![c, w],
        out.text,
    );
    let mut targets = hits_in(world, |_| true);
    targets.retain(|h| plan.targets.contains(&h.unit.id));
    targets_hit(world, targets, out.result);
    for id in plan.firers.iter().chain(plan.leader.iter()) {
        mark(world, id, plan.mark);
    }
    for r in &plan.reveals {
        if let Some(e) = unit_entity(world, &r.unit) {
            let mut ent = world.entity_mut(e);
            ent.remove::<(Hidden, Cloaked)>();
            if r.concealed_after {
                ent.insert(Concealed);
            } else {
                ent.remove::<Concealed>();
            }
        }
        ruled(world, "revealed", Some(&r.unit), r.rule, r.reason.clone());
    }
    if let Some(g) = &plan.gunflash {
        for l in &plan.gunflashes {
            gunflash(world, l);
        }
        if plan.vs_enemy {
            world.resource_mut::<Tallies>().gunflash_vs_enemy = true;
        }
        let places: Vec<String> = plan
            .gunflashes
            .iter()
            .map(|l| l.display(&board.scenario.map).to_string())
            .collect();
        ruled(
            world,
            "gunflash",
            Some(&lead),
            g.rule,
            format!("Gunflash in {}: {}", places.join(", "), g.reason),
        );
    }
}

/// E1.55-E1.552: the Jitter Fire moving unit `mover`'s Straying DR (`colored`, `white`, a
/// Doubles) sets off, as `rules::orders::jitter::jitter_fire` decides: each unit that Jitter
/// Fires gets its fire counter and a Gunflash; no one is attacked.
pub(crate) fn jitter_fire(world: &mut World, mover: &str, colored: u8, white: u8) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = jitter::jitter_fire(&s, mover, colored, white);
    ruled(
        world,
        "jitter",
        Some(mover),
        plan.check.rule,
        plan.check.reason.clone(),
    );
    if let Some(c) = &plan.closest {
        let chosen = plan.chosen.map_or(String::new(), |h| {
            format!(
                "; the ATTACKER's choice is read as the first: {}",
                board.scenario.map.name(h)
            )
        });
        ruled(
            world,
            "closest_defender",
            None,
            c.rule,
            format!("{}{chosen}", c.reason),
        );
    }
    for d in &plan.units {
        let mut text = d.result.reason.clone();
        if d.result.outcome == JitterOutcome::Fires {
            mark(world, &d.unit, d.mark);
            gunflash(world, &d.at);
            text = format!(
                "{text}; marked {} and a Gunflash in {}: it affects no one but the firer (E1.552)",
                d.mark.name(),
                d.at.display(&board.scenario.map)
            );
        }
        ruled(world, "jitter_fire", Some(&d.unit), d.result.rule, text);
    }
}

/// E1.8 / A7: at the end of the Player Turn, its Gunflashes and fire counters are removed
/// (`rules::orders::jitter::end_of_player_turn_fire`).
pub(crate) fn end_of_player_turn(world: &mut World) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let c = jitter::end_of_player_turn_fire(&s);
    if !c.holds {
        return;
    }
    let mut q = world.query_filtered::<Entity, With<Gunflash>>();
    let gone: Vec<Entity> = q.iter(world).collect();
    for e in gone {
        world.despawn(e);
    }
    let mut q = world.query::<&mut Unit>();
    for mut u in q.iter_mut(world) {
        u.fired = None;
    }
    ruled(world, "removed", None, c.rule, c.reason);
}
