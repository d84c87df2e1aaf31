//! The end of the CCPh (asl-facts "Sequence of play"): "?" gained at night (E1.32), then
//! Starshells and IR removed (E1.923/E1.933, after the placement of "?"), SMOKE placed in a cave
//! this Player Turn removed and a removed WP's reveal (G11.85/G11.851), T-H Heroes who did not
//! attack removed (G1.425), and the next Player Turn begins.

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::effects::{reveal_caves, reveal_tunnel_openings};
use super::live::Live;
use super::log::ruled;
use super::night::gain_concealment_at_night;
use super::phase::{Phase, PlayerTurn};
use crate::los::Location;
use crate::model::SmokeKind;
use crate::rules::caves::attack::cave_smoke_removed;
use crate::rules::japanese::heroes::th_hero_removed_at_end_of_player_turn;
use crate::rules::night::illumination_fire::removed_at_end_of;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnExit(Phase::CloseCombat),
        (
            gain_concealment_at_night,
            remove_illumination,
            remove_cave_smoke,
            remove_heroes,
            next_player_turn,
        )
            .chain(),
    );
}

/// E1.923/E1.933: Starshells and IR are removed at the end of each CCPh.
fn remove_illumination(world: &mut World) {
    let rule = removed_at_end_of(Phase::CloseCombat);
    if !rule.holds {
        return;
    }
    let board = world.resource::<Board>().clone();
    let name = |what: &str, hex| format!("{what} in {}", board.scenario.map.name(hex));
    let mut stars = world.query::<(Entity, &Starshell)>();
    let mut gone: Vec<(Entity, String)> = stars
        .iter(world)
        .map(|(e, s)| (e, name("Starshell", s.hex)))
        .collect();
    let mut irs = world.query::<(Entity, &IlluminatingRound)>();
    gone.extend(irs.iter(world).map(|(e, i)| (e, name("IR", i.hex))));
    gone.sort_by(|a, b| a.1.cmp(&b.1));
    for (e, what) in gone {
        world.despawn(e);
        ruled(
            world,
            "removed",
            None,
            rule.rule,
            format!("{what} removed: {}", rule.reason),
        );
    }
}

/// G11.85: SMOKE placed in a cave this Player Turn is removed; G11.851: a removed WP rises and
/// reveals the caves and tunnel openings above it.
fn remove_cave_smoke(world: &mut World) {
    let pt = world.resource::<PlayerTurn>().number;
    let board = world.resource::<Board>().clone();
    let mut q = world.query::<(Entity, &Smoke)>();
    let mut gone: Vec<(Entity, Smoke)> = q
        .iter(world)
        .filter(|(_, s)| matches!(s.at, Location::Cave(_)) && s.placed_in > 0)
        .map(|(e, s)| (e, s.clone()))
        .collect();
    gone.sort_by_key(|(_, s)| format!("{:?}", s.at));
    for (e, s) in gone {
        let rule = cave_smoke_removed(s.placed_in, pt);
        if !rule.holds {
            continue;
        }
        let Location::Cave(id) = &s.at else { continue };
        world.despawn(e);
        ruled(
            world,
            "removed",
            None,
            rule.rule,
            format!("{:?} in cave {id} removed: {}", s.kind, rule.reason),
        );
        if matches!(s.kind, SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade) {
            let live = Live::read(world);
            let hidden: Vec<&str> = live.hidden_caves.iter().map(String::as_str).collect();
            let reveal = board.caves.wp_reveals(&board.scenario.map, id, &hidden);
            reveal_caves(world, &reveal.caves);
            reveal_tunnel_openings(world, &board, &reveal.tunnel_openings);
            ruled(world, "reveal", None, reveal.rule, reveal.reason);
        }
    }
}

/// G1.425: a T-H Hero who did not attack is removed at the end of the Player Turn in which he
/// was created.
fn remove_heroes(world: &mut World) {
    let pt = world.resource::<PlayerTurn>().number;
    let live = Live::read(world);
    for u in &live.units {
        let Some(h) = &u.unit.hero else { continue };
        if h.created_in != pt {
            continue;
        }
        let r = th_hero_removed_at_end_of_player_turn(h.attacked, false);
        if r.holds {
            world.despawn(u.entity);
            ruled(world, "removed", Some(&u.unit.id), r.rule, r.reason);
        }
    }
}

/// A3: the next Player Turn; the sides swap (announced as its RPh begins).
fn next_player_turn(mut turn: ResMut<PlayerTurn>) {
    turn.advance();
}
