//! Move, EnterCave, ExitCave and the APh advance (decided by `rules::orders::movement`), and
//! Climb (decided by `rules::orders::climb`): each reads the situation, calls the ruling,
//! rolls the dice its plan names, applies the plan and logs it with the plan's rule.

use bevy::prelude::*;

use super::refused;
use crate::hex::Vertex;
use crate::los::Location;
use crate::rules::orders::climb::{
    ClimbPlan, climb as climb_rule, climb_outcome, climb_to_place_dc as climb_to_place_dc_rule,
};
use crate::rules::orders::movement::{MoveVerb, move_to};
use crate::rules::orders::phase::straying_above_ground;
use crate::rules::orders::trip_flares::on_entry;
use crate::rules::situation::Refusal;
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::effects::{remove_climb, reveal_caves};
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};

/// Sets or clears a marker component.
fn mark<C: Component>(e: &mut EntityWorldMut, marker: C, on: bool) {
    if on {
        e.insert(marker);
    } else {
        e.remove::<C>();
    }
}

/// A4 / G11.7x / B11.4: moves a unit to an adjacent Location, as `rules::orders::movement`
/// rules it: in the ATTACKER's MPh paying MF, or as its one-Location advance in the APh.
pub(super) fn do_move(world: &mut World, id: &str, to: &Location, verb: MoveVerb) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    if let Err(r) = move_to(&s, id, to, verb) {
        return refused(world, Some(id), r);
    }
    // E1.53 / G11.96: leaving a cave above ground at night, the Movement DR the unit was spared
    // while in the cave is made now, before the move.
    if let Some(stray) = straying_above_ground(&s, id, to) {
        drop(s);
        crate::sim::night::stray_or_not(world, stray);
    }
    let s = situation(world, &board);
    let plan = match move_to(&s, id, to, verb) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let Some(before) = s.unit(id).cloned() else {
        return;
    };
    let trip = on_entry(&s, &before.at, &plan.after(&before).at);
    drop(s);
    if plan.climb_removed {
        remove_climb(world, id);
    }
    if !plan.reveal_caves.is_empty() {
        reveal_caves(world, &plan.reveal_caves);
    }
    for other in &plan.reveal_units {
        if let Some(e) = unit_entity(world, other) {
            world.entity_mut(e).remove::<Hidden>();
        }
    }
    let Some(entity) = unit_entity(world, id) else {
        return;
    };
    let after = plan.after(&before);
    let mut e = world.entity_mut(entity);
    e.insert(At(after.at));
    if after.hidden != before.hidden {
        mark(&mut e, Hidden, after.hidden);
    }
    if after.concealed != before.concealed {
        mark(&mut e, Concealed, after.concealed);
    }
    if after.cloaked != before.cloaked {
        mark(&mut e, Cloaked, after.cloaked);
    }
    let mut unit = e.get_mut::<Unit>().expect("a unit");
    unit.mf_spent = after.unit.mf_spent;
    unit.entered_cave = after.unit.entered_cave;
    unit.advanced = after.unit.advanced;
    ruled(world, plan.event.name(), Some(id), plan.rule, plan.text);
    super::trip_flares::trip_flare(world, id, trip);
}

/// B11.4 Climbing, as `rules::orders::climb` rules it: the Falling DR the plan names is rolled
/// here (G11.8331), and the unit ends on its new Climb counter or at the foot of the cliff.
pub(super) fn climb(world: &mut World, id: &str, level: i32, vertex: Vertex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = climb_rule(&s, id, level, vertex);
    drop(s);
    apply_climb(world, id, plan);
}

/// G11.8331 Climbing to Place a DC, as `rules::orders::climb::climb_to_place_dc` rules it: onto
/// the Climb counter at the cave's CA Hexside, with a Falling DR only when the unit Climbs a
/// cliff hexside and changes level.
pub(super) fn climb_to_place_dc(world: &mut World, id: &str, cave: &str, level: i32, v: Vertex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = climb_to_place_dc_rule(&s, id, cave, level, v);
    drop(s);
    apply_climb(world, id, plan);
}

fn apply_climb(world: &mut World, id: &str, plan: Result<ClimbPlan, Refusal>) {
    let plan = match plan {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    let dice = plan
        .falling
        .holds
        .then(|| world.resource_mut::<Dice>().dr2(plan.falling.rule));
    let (c, w) = dice.unwrap_or((0, 0));
    let out = climb_outcome(&plan, c, w);
    remove_climb(world, id);
    if let Some(counter) = &out.counter {
        world.spawn(Climb {
            hex: counter.hex,
            vertex: counter.vertex,
            level: counter.level,
            unit: counter.unit.clone(),
        });
    }
    let Some(entity) = unit_entity(world, id) else {
        return;
    };
    let mut e = world.entity_mut(entity);
    e.insert(At(out.at));
    e.get_mut::<Unit>().expect("a unit").mf_spent = out.mf_spent;
    if dice.is_some() {
        rolled(world, out.event, Some(id), out.rule, vec![c, w], out.text);
    } else {
        ruled(world, out.event, Some(id), out.rule, out.text);
    }
}
