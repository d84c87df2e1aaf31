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
use crate::scenario::{Action, SmokeKind};

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

/// Resolves one action.
pub(super) fn resolve(world: &mut World, action: &Action) {
    match action {
        Action::Move(u, to) => movement::do_move(world, u, to, MoveVerb::Move),
        Action::EnterCave(u, cave) => movement::do_move(
            world,
            u,
            &crate::los::Location::Cave(cave.clone()),
            MoveVerb::EnterCave,
        ),
        Action::ExitCave(u, to) => movement::do_move(world, u, to, MoveVerb::ExitCave),
        Action::Climb(u, level, vertex) => movement::climb(world, u, *level, *vertex),
        Action::ClimbToPlaceDc(u, cave, level, vertex) => {
            movement::climb_to_place_dc(world, u, cave, *level, *vertex)
        }
        Action::ThrowDc(u, cave) => attack::throw_dc(world, u, cave),
        Action::PlaceDc(u, cave) => attack::place_dc(world, u, cave),
        Action::SetDc(u, cave) => attack::set_dc(world, u, cave),
        Action::PlaceSmoke(u, at) => fire::place_smoke(world, u, at, SmokeKind::Grenade),
        Action::PlaceWp(u, at) => fire::place_smoke(world, u, at, SmokeKind::WpGrenade),
        Action::Los(from, to) => observe::los(world, from, to),
        Action::Light(at) => observe::light(world, at),
        Action::Control(cave) => observe::control(world, cave),
        Action::Fire(units, at) => fire_attack::fire(world, units, at),
        Action::FireStarshell(u, at) => fire::fire_starshell(world, u, *at),
        Action::FireIr(at) => fire::fire_ir(world, *at),
        Action::Kindle(hex) => fire::kindle(world, *hex),
        Action::MoraleCheck(u, drm) => units::morale_check_action(world, u, *drm),
        Action::Search(u, hex) => units::search(world, u, *hex),
        Action::CreateHero(u, target) => units::create_hero(world, u, target),
        // The runner turns it into a phase target; nothing is left to resolve.
        Action::NextPlayerTurn => {}
    }
}
