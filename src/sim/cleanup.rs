//! The end of the CCPh (asl-facts "Sequence of play"): "?" gained at night (E1.32), then
//! Starshells and IR removed (E1.923/E1.933, after the placement of "?"), SMOKE placed in a cave
//! this Player Turn removed and a removed WP's reveal (G11.85/G11.851), T-H Heroes who did not
//! attack removed (G1.425), Gunflashes and fire counters removed (E1.8, A7), and the next
//! Player Turn begins.

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::effects::{reveal_caves, reveal_tunnel_openings};
use super::live::situation;
use super::log::ruled;
use super::night::gain_concealment_at_night;
use super::phase::{Phase, PlayerTurn};
use crate::rules::night::light::SourceKind;
use crate::rules::orders::phase::{cave_smoke_removed_now, heroes_removed, illumination_removed};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnExit(Phase::CloseCombat),
        (
            gain_concealment_at_night,
            remove_illumination,
            remove_cave_smoke,
            remove_heroes,
            super::actions::end_of_player_turn,
            next_player_turn,
        )
            .chain(),
    );
}

/// E1.923/E1.933: the Starshells and IR `rules::orders::phase::illumination_removed` names
/// are removed at the end of the CCPh.
fn remove_illumination(world: &mut World) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    for r in illumination_removed(&s, Phase::CloseCombat) {
        let gone = match r.kind {
            SourceKind::Starshell => {
                let mut q = world.query::<(Entity, &Starshell)>();
                q.iter(world).find(|(_, x)| x.hex == r.hex).map(|(e, _)| e)
            }
            SourceKind::TripFlare => {
                let mut q = world.query::<(Entity, &TripFlareCounter)>();
                q.iter(world).find(|(_, x)| x.hex == r.hex).map(|(e, _)| e)
            }
            _ => {
                let mut q = world.query::<(Entity, &IlluminatingRound)>();
                q.iter(world).find(|(_, x)| x.hex == r.hex).map(|(e, _)| e)
            }
        };
        if let Some(e) = gone {
            world.despawn(e);
        }
        ruled(world, "removed", None, r.rule, r.text);
    }
}

/// G11.85 / G11.851: each SMOKE counter in a cave that
/// `rules::orders::phase::cave_smoke_removed_now` removes goes, and a removed WP reveals what
/// it says (asked counter by counter: one WP's reveal changes what the next reveals).
fn remove_cave_smoke(world: &mut World) {
    let board = world.resource::<Board>().clone();
    let mut q = world.query::<(Entity, &Smoke)>();
    let mut all: Vec<(Entity, Smoke)> = q.iter(world).map(|(e, s)| (e, s.clone())).collect();
    all.sort_by_key(|(_, s)| format!("{:?}", s.at));
    for (e, smoke) in all {
        let s = situation(world, &board);
        let Some(r) = cave_smoke_removed_now(&s, &smoke) else {
            continue;
        };
        world.despawn(e);
        ruled(world, "removed", None, r.rule, r.text);
        if let Some(reveal) = r.reveal {
            reveal_caves(world, &reveal.caves);
            reveal_tunnel_openings(world, &board, &reveal.tunnel_openings);
            ruled(world, "reveal", None, reveal.rule, reveal.reason);
        }
    }
}

/// G1.425: the T-H Heroes `rules::orders::phase::heroes_removed` names are removed at the end of
/// the Player Turn in which they were created.
fn remove_heroes(world: &mut World) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    for (id, r) in heroes_removed(&s) {
        if let Some(e) = super::live::unit_entity(world, &id) {
            world.despawn(e);
        }
        ruled(world, "removed", Some(&id), r.rule, r.reason);
    }
}

/// A3: the next Player Turn; the sides swap (announced as its RPh begins).
fn next_player_turn(mut turn: ResMut<PlayerTurn>) {
    turn.advance();
}
