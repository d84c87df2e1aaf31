//! Script steps that look without acting: `Los(from, to)` (A6, G11.5, G11.85, E1.1/E1.101),
//! `Light(at)` (E1.9-E1.941, G11.96) and `Control(cave)` (G11.94). Each reports what
//! `rules::orders::look` says about the situation as it stands, so a walkthrough can show the
//! effect of what came before (SMOKE in a cave, a Starshell, a cleared cave); none changes the
//! world or rolls.

use bevy::prelude::*;

use super::refused;
use crate::los::Location;
use crate::rules::orders::look;
use crate::sim::Board;
use crate::sim::components::{AlliedControl, CaveCounter};
use crate::sim::live::situation;
use crate::sim::log::ruled;

/// Script `Los(from, to)`: `rules::orders::look::los`.
pub(super) fn los(world: &mut World, from: &Location, to: &Location) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    match look::los(&s, from, to) {
        Ok(c) => ruled(world, "los", None, c.rule, c.reason),
        Err(r) => refused(world, None, r),
    }
}

/// Script `Light(at)`: `rules::orders::look::light`.
pub(super) fn light(world: &mut World, at: &Location) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let c = look::light(&s, at);
    ruled(world, "light", None, c.rule, c.reason);
}

/// Script `Control(cave)`: `rules::orders::look::control`.
pub(super) fn control(world: &mut World, id: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let c = look::control(&s, id);
    drop(s);
    let mut q = world.query::<(Entity, &CaveCounter)>();
    if let Some(e) = q.iter(world).find(|(_, k)| k.id == id).map(|(e, _)| e) {
        if c.holds {
            world.entity_mut(e).insert(AlliedControl);
        } else {
            world.entity_mut(e).remove::<AlliedControl>();
        }
    }
    ruled(world, "control", None, c.rule, c.reason);
}
