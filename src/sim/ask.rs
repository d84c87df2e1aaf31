//! What the rules say of an action before it is ordered (Play mode's menu greys out what they
//! refuse, with the rule): each action's own pure ruling over the situation now, the same one
//! the simulation calls when the action is ordered. Nothing is applied and no die is rolled.

use bevy::prelude::*;

use super::Board;
use super::live::situation;
use crate::rules::orders;
use crate::rules::situation::{Refusal, Situation};
use crate::scenario::{Action, SmokeKind};

/// The rules' answer to `action` now: `Ok` (the action is allowed; its dice will decide the
/// rest) or the refusal with its rule.
pub fn ask(world: &mut World, action: &Action) -> Result<(), Refusal> {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    ask_in(&s, &board, action)
}

/// As `ask`, over a situation already built (a menu asks many actions at once).
pub fn ask_in(s: &Situation, board: &Board, action: &Action) -> Result<(), Refusal> {
    use orders::movement::MoveVerb;
    match action {
        Action::Move(u, to) => orders::movement::move_to(s, u, to, MoveVerb::Move).map(drop),
        Action::EnterCave(u, c) => orders::movement::move_to(
            s,
            u,
            &crate::los::Location::Cave(c.clone()),
            MoveVerb::EnterCave,
        )
        .map(drop),
        Action::ExitCave(u, to) => {
            orders::movement::move_to(s, u, to, MoveVerb::ExitCave).map(drop)
        }
        Action::Climb(u, level, v) => orders::climb::climb(s, u, *level, *v).map(drop),
        Action::ClimbToPlaceDc(u, c, level, v) => {
            orders::climb::climb_to_place_dc(s, u, c, *level, *v).map(drop)
        }
        Action::ThrowDc(u, c) => orders::dc::throw_dc(s, u, c).map(drop),
        Action::PlaceDc(u, c) => orders::dc::place_dc(s, u, c).map(drop),
        Action::SetDc(u, c) => orders::dc::set_dc_order(s, u, c).map(drop),
        Action::PlaceSmoke(u, at) => {
            orders::smoke::place_smoke(s, u, at, SmokeKind::Grenade).map(drop)
        }
        Action::PlaceWp(u, at) => {
            orders::smoke::place_smoke(s, u, at, SmokeKind::WpGrenade).map(drop)
        }
        Action::FireStarshell(u, h) => orders::illumination::fire_starshell(s, u, *h).map(drop),
        Action::FireIr(h) => orders::illumination::fire_ir(s, *h).map(drop),
        Action::Kindle(h) => orders::kindle::kindle(s, *h).map(drop),
        Action::Search(u, h) => orders::search::search(s, u, *h).map(drop),
        Action::CreateHero(u, t) => {
            let squads = orders::heroes::japanese_squads_in_ob(
                board
                    .scenario
                    .units
                    .iter()
                    .map(|d| (d.nationality, d.counter.as_str())),
            );
            orders::heroes::create_hero(s, u, t, squads).map(drop)
        }
        Action::Fire(us, at) => orders::fire::fire(s, us, at).map(drop),
        // Reports and checks: always allowed (they change nothing).
        Action::MoraleCheck(..)
        | Action::NextPlayerTurn
        | Action::Los(..)
        | Action::Light(..)
        | Action::Control(..) => Ok(()),
    }
}
