//! SMOKE grenades (A24.1; into caves G11.85), Starshells (E1.921-E1.922), IR (E1.931) and
//! Kindling (B25.11; E1.94 at night).

use bevy::prelude::*;

use super::refused;
use crate::hex::Hex;
use crate::los::Location;
use crate::rules::fire::kindle as kindle_rule;
use crate::rules::orders;
use crate::scenario::SmokeKind;
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};

/// A24.1 SMOKE grenades (`kind` Grenade) or WP grenades (`kind` WpGrenade), as
/// `rules::orders::smoke::place_smoke` decides (into a cave G11.85, G1.17 no Japanese
/// Conscripts); a Thrown-DC dr is rolled when the plan asks for one. WP placed in a cave is a
/// CH there (G11.85); the WP attack itself (its FP and NMC) is not in our sources and is not
/// resolved. A WP grenade in a cave is removed at the end of the Player Turn and reveals the
/// hidden caves above it (G11.851, `cleanup`).
pub(super) fn place_smoke(world: &mut World, id: &str, at: &Location, kind: SmokeKind) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match orders::smoke::place_smoke(&s, id, at, kind) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let roll_rule = match &plan.target {
        orders::smoke::SmokeTarget::Cave { roll_rule, .. } => *roll_rule,
        orders::smoke::SmokeTarget::Ground { .. } => None,
    };
    let d = roll_rule.map(|rule| world.resource_mut::<Dice>().dr(rule));
    let landing = plan.place(d);
    if let Some(l) = &landing.lands {
        world.spawn(Smoke {
            at: l.clone(),
            kind,
            dispersed: false,
            placed_in: s.turn.number,
        });
    }
    let event = if plan.wp() { "wp" } else { "smoke" };
    match d {
        Some(d) => rolled(world, event, Some(id), landing.rule, vec![d], landing.text),
        None => ruled(world, event, Some(id), landing.rule, landing.text),
    }
    if landing.in_cave
        && let Some(ch) = &plan.wp_ch
    {
        ruled(world, "wp_ch", None, ch.rule, ch.reason.clone());
    }
}

/// E1.92/E1.921/E1.922: a Starshell, as `rules::orders::illumination::fire_starshell` decides:
/// the Usage dr, then where the Placement DR brings it down.
pub(super) fn fire_starshell(world: &mut World, id: &str, at: Hex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match orders::illumination::fire_starshell(&s, id, at) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let d = world.resource_mut::<Dice>().dr(plan.usage_rule);
    let usage = plan.usage(d);
    rolled(
        world,
        "starshell_usage",
        Some(id),
        usage.rule,
        vec![d],
        usage.reason,
    );
    if !usage.holds {
        return;
    }
    let (c, w) = world.resource_mut::<Dice>().dr2(plan.placement_rule);
    let p = plan.placement(c, w, &board.scenario.map);
    world.spawn(Starshell { hex: p.hex });
    rolled(world, "starshell", Some(id), p.rule, vec![c, w], p.reason);
}

/// E1.931: an IR fired by OBA (no Usage dr), as `rules::orders::illumination::fire_ir`
/// decides. Where it lands (E1.932) is cut off: in `at`.
pub(super) fn fire_ir(world: &mut World, at: Hex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match orders::illumination::fire_ir(&s, at) {
        Ok(p) => p,
        Err(r) => return refused(world, None, r),
    };
    world.spawn(IlluminatingRound { hex: plan.hex });
    ruled(world, "ir", None, plan.rule, plan.reason);
}

/// B25.11 Kindling (E1.94 at night): decided by `rules::orders::kindle`; the Kindle DR is
/// rolled here and the Flame spawned, the Kindler's concealment removed and a Gunflash placed
/// (E1.94) when the plan says so.
pub(super) fn kindle(world: &mut World, hex: Hex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match orders::kindle::kindle(&s, hex) {
        Ok(p) => p,
        Err(r) => return refused(world, None, r),
    };
    let (c, w) = world.resource_mut::<Dice>().dr2(plan.roll_rule);
    let k = kindle_rule(plan.terrain, c + w);
    if k.holds {
        world.spawn(Flame { hex });
    }
    let mut text = k.reason.clone();
    if let Some(l) = &plan.loses_concealment {
        if l.holds
            && let Some(e) = unit_entity(world, &plan.kindler)
        {
            world.entity_mut(e).remove::<(Concealed, Cloaked)>();
        }
        text = format!("{text}; {}: {}", l.rule, l.reason);
    }
    if let Some((at, g)) = &plan.gunflash {
        let map = &board.scenario.map;
        let mut q = world.query::<&Gunflash>();
        if !q
            .iter(world)
            .any(|x| crate::rules::situation::same_location(map, &x.at, at))
        {
            world.spawn(Gunflash { at: at.clone() });
        }
        text = format!("{text}; {}: {}", g.rule, g.reason);
    }
    rolled(
        world,
        "kindle",
        Some(&plan.kindler),
        k.rule,
        vec![c, w],
        text,
    );
}
