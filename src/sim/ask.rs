//! What the rules say of an order before it is given: the core's `rules::orders::judge` over the
//! situation read from the world now (the same ruling the simulation calls when the order is
//! given). Nothing is applied and no die is rolled.

use bevy::prelude::*;

use super::Board;
use super::live::situation;
use crate::rules::orders::{Order, judge};
use crate::rules::situation::Refusal;

/// The rules' answer to `order` now: `Ok` (the order is allowed; its dice will decide the
/// rest) or the refusal with its rule.
pub fn ask(world: &mut World, order: &Order) -> Result<(), Refusal> {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    judge(&s, order)
}
