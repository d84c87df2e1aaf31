//! The game state read from the world (`state`: the core's `GameState`, which every ruling reads
//! through its `Situation`), and the one lookup the actions need besides it (`unit_entity`). The
//! actions, the CLI and the viewer all read the state here, so none of them rebuilds it.

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::phase::{NightState, Phase, PlayerTurn, Tallies};
use crate::rules::situation::{Situation, UnitAt};
use crate::state::GameState;

/// The game state now, read from the world's entities and resources (sorted: the queries come
/// in no fixed order, and the state reaches the log).
pub fn state(world: &mut World, board: &Board) -> GameState {
    let mut q = world.query::<(&Unit, &At, Has<Hidden>, Has<Concealed>, Has<Cloaked>)>();
    let units = q
        .iter(world)
        .map(|(u, at, hidden, concealed, cloaked)| UnitAt {
            unit: u.clone(),
            at: at.0.clone(),
            hidden,
            concealed,
            cloaked,
        })
        .collect();
    let mut q = world.query::<&Climb>();
    let climbs = q.iter(world).cloned().collect();
    let mut q = world.query::<&Smoke>();
    let smoke = q.iter(world).cloned().collect();
    let mut q = world.query::<&Blaze>();
    let blazes = q.iter(world).map(|b| (b.hex, b.levels)).collect();
    let mut q = world.query::<&Flame>();
    let flames = q.iter(world).map(|f| f.hex).collect();
    let mut q = world.query::<&Starshell>();
    let starshells = q.iter(world).map(|f| f.hex).collect();
    let mut q = world.query::<&IlluminatingRound>();
    let irs = q.iter(world).map(|f| f.hex).collect();
    let mut q = world.query::<&TripFlares>();
    let trip_flares = q.iter(world).map(|t| (t.hex, t.count)).collect();
    let mut q = world.query::<&TripFlareCounter>();
    let trip_flare_counters = q.iter(world).map(|t| t.hex).collect();
    let mut q = world.query::<&Gunflash>();
    let gunflashes = q.iter(world).map(|g| g.at.clone()).collect();
    let mut q = world.query_filtered::<&CaveCounter, With<Hidden>>();
    let hidden_caves = q.iter(world).map(|c| c.id.clone()).collect();
    let mut q = world.query::<&CaveCounter>();
    let standing: Vec<String> = q.iter(world).map(|c| c.id.clone()).collect();
    let eliminated_caves = board
        .caves
        .caves
        .iter()
        .map(|c| c.id.clone())
        .filter(|id| !standing.contains(id))
        .collect();
    let mut q = world.query_filtered::<&CaveCounter, With<AlliedControl>>();
    let allied_controlled = q.iter(world).map(|c| c.id.clone()).collect();
    GameState {
        turn: world.resource::<PlayerTurn>().clone(),
        phase: *world.resource::<State<Phase>>().get(),
        night: world.resource::<NightState>().clone(),
        tallies: world.resource::<Tallies>().clone(),
        units,
        climbs,
        smoke,
        blazes,
        flames,
        starshells,
        irs,
        trip_flares,
        trip_flare_counters,
        gunflashes,
        hidden_caves,
        eliminated_caves,
        allied_controlled,
    }
    .sorted()
}

/// The situation now in the rules' plain facts (`rules::situation`): the game state on the
/// scenario's setting, what every ruling reads. The sim builds it before each decision, calls
/// the ruling, and applies its plan.
pub fn situation<'a>(world: &mut World, board: &'a Board) -> Situation<'a> {
    state(world, board).situation(&board.setting())
}

/// The entity of the unit with this id, if it is in play.
pub fn unit_entity(world: &mut World, id: &str) -> Option<Entity> {
    let mut q = world.query::<(Entity, &Unit)>();
    q.iter(world).find(|(_, u)| u.id == id).map(|(e, _)| e)
}
