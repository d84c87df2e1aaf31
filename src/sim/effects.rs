//! Effects several actions and phases share, applied to the world once a ruling has decided
//! them: caves revealed (G11.33), tunnels revealed by their above-ground opening (G11.851,
//! G11.933), and a Climber's Climb counter removed (B11.4). They decide nothing: the caller's
//! ruling already has.

use bevy::prelude::*;

use super::Board;
use super::components::*;
use crate::los::Location;

/// Reveals caves (and what is in them, G11.33) by id.
pub(super) fn reveal_caves(world: &mut World, ids: &[String]) {
    let mut q = world.query_filtered::<(Entity, &CaveCounter), With<Hidden>>();
    let caves: Vec<Entity> = q
        .iter(world)
        .filter(|(_, c)| ids.contains(&c.id))
        .map(|(e, _)| e)
        .collect();
    for e in caves {
        world.entity_mut(e).remove::<Hidden>();
    }
}

/// The above-ground hex of a tunnel (G11.933), by its map name.
pub(super) fn tunnel_opening(board: &Board, t: &Tunnel) -> Option<String> {
    [&t.from, &t.to].into_iter().find_map(|l| match l {
        Location::Ground(h) => Some(board.scenario.map.name(*h)),
        _ => None,
    })
}

/// G11.851: reveals the tunnels whose above-ground openings are named.
pub(super) fn reveal_tunnel_openings(world: &mut World, board: &Board, openings: &[String]) {
    let mut q = world.query_filtered::<(Entity, &Tunnel), With<Hidden>>();
    let shown: Vec<Entity> = q
        .iter(world)
        .filter(|(_, t)| tunnel_opening(board, t).is_some_and(|o| openings.contains(&o)))
        .map(|(e, _)| e)
        .collect();
    for e in shown {
        world.entity_mut(e).remove::<Hidden>();
    }
}

/// B11.4: removes a unit's Climb counter, if it has one.
pub(super) fn remove_climb(world: &mut World, id: &str) {
    let mut q = world.query::<(Entity, &Climb)>();
    let gone: Vec<Entity> = q
        .iter(world)
        .filter(|(_, c)| c.unit == id)
        .map(|(e, _)| e)
        .collect();
    for e in gone {
        world.despawn(e);
    }
}
