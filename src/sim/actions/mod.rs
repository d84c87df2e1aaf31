//! The walkthrough's actions (scenario-format.md "Walkthrough script"): each reads the
//! situation, asks its ruling in `rules::orders`, rolls the dice the plan names, applies the
//! plan and logs it. A refusal is logged in one place (`refused`) with its rule, and the walk
//! goes on.

mod attack;
mod fire;
mod fire_attack;
mod movement;
mod observe;
mod trip_flares;
mod units;

use bevy::prelude::*;

pub(super) use fire_attack::{end_of_player_turn, jitter_fire};

use super::log::ruled;
use crate::rules::orders::movement::MoveVerb;
use crate::rules::orders::{Order, legal::ids};
use crate::scenario::SmokeKind;

/// Reports a ruling's refusal: the one place refusals are logged.
pub(super) fn refused(world: &mut World, unit: Option<&str>, r: crate::rules::situation::Refusal) {
    ruled(world, super::log::REFUSED, unit, r.rule, r.reason);
}

/// The unit a refusal names: the first of `ids` no longer in play (A3), else the first.
pub(super) fn refusing_unit<'a>(
    s: &crate::rules::situation::Situation,
    ids: &[&'a str],
) -> &'a str {
    ids.iter()
        .copied()
        .find(|id| s.unit(id).is_none())
        .unwrap_or(ids[0])
}

/// Resolves one order.
pub(super) fn resolve(world: &mut World, order: &Order) {
    match order {
        Order::Move { unit, to } => movement::do_move(world, unit, to, MoveVerb::Move),
        Order::EnterCave { unit, cave } => movement::do_move(
            world,
            unit,
            &crate::los::Location::Cave(cave.0.clone()),
            MoveVerb::EnterCave,
        ),
        Order::ExitCave { unit, to } => movement::do_move(world, unit, to, MoveVerb::ExitCave),
        Order::Climb {
            unit,
            level,
            vertex,
        } => movement::climb(world, unit, *level, *vertex),
        Order::ClimbToPlaceDc {
            unit,
            cave,
            level,
            vertex,
        } => movement::climb_to_place_dc(world, unit, cave, *level, *vertex),
        Order::ThrowDc { unit, cave } => attack::throw_dc(world, unit, cave),
        Order::PlaceDc { unit, cave } => attack::place_dc(world, unit, cave),
        Order::SetDc { unit, cave } => attack::set_dc(world, unit, cave),
        Order::PlaceSmoke { unit, at } => fire::place_smoke(world, unit, at, SmokeKind::Grenade),
        Order::PlaceWp { unit, at } => fire::place_smoke(world, unit, at, SmokeKind::WpGrenade),
        Order::Los { from, to } => observe::los(world, from, to),
        Order::Light { at } => observe::light(world, at),
        Order::Control { cave } => observe::control(world, cave),
        Order::Fire { units, at } => fire_attack::fire(world, &ids(units), at),
        Order::FireStarshell { unit, at } => fire::fire_starshell(world, unit, *at),
        Order::FireIr { at } => fire::fire_ir(world, *at),
        Order::Kindle { at } => fire::kindle(world, *at),
        Order::MoraleCheck { unit, drm } => units::morale_check_action(world, unit, *drm),
        Order::Search { unit, hex } => units::search(world, unit, *hex),
        Order::CreateHero { unit, target } => units::create_hero(world, unit, target),
        // The runner turns it into a phase target; nothing is left to resolve.
        Order::NextPlayerTurn => {}
    }
    heroes_without_target(world);
}

/// G1.425: a T-H Hero whose Designated Target has been eliminated is eliminated at once, as
/// `rules::orders::phase::heroes_without_target` names them.
pub(super) fn heroes_without_target(world: &mut World) {
    let board = world.resource::<crate::sim::Board>().clone();
    let s = crate::sim::live::situation(world, &board);
    let gone = crate::rules::orders::phase::heroes_without_target(&s);
    drop(s);
    for (id, r) in gone {
        if let Some(e) = crate::sim::live::unit_entity(world, &id) {
            world.despawn(e);
        }
        ruled(world, "eliminated", Some(&id), r.rule, r.reason);
    }
}
