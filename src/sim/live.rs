//! The game state and the world (issues 24, 35). The match (`play::Match`, a resource) holds the
//! game; `mirror` brings the world to it after each of its steps: `write` brings the entities
//! and resources to its state, changing only what differs (so change detection sees exactly
//! what an order changed: the relighting, the viewer's redraw). `state` reads a `GameState`
//! back from the world (what the viewer's tools ask on; the tests' oracle that the mirror holds
//! the match's state). Nothing here decides a rule.

use std::collections::HashMap;

use bevy::prelude::*;

use super::board::Board;
use super::components::*;
use super::log::WalkLog;
use super::phase::{NightState, Phase, PlayerTurn, Tallies};
use super::walk::Walk;
use crate::game::Dice;
use crate::los::Location;
use crate::play::Match;
use crate::rules::situation::{Situation, UnitAt};
use crate::state::{GameState, Scoring};

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
    let mut q = world.query_filtered::<&CaveComplex, With<Hidden>>();
    let hidden_complexes = q.iter(world).map(|c| c.primary.clone()).collect();
    let mut q = world.query_filtered::<&Tunnel, Without<Hidden>>();
    let revealed_tunnels = q
        .iter(world)
        .filter_map(|t| tunnel_opening(board, t))
        .collect();
    GameState {
        turn: world.resource::<PlayerTurn>().clone(),
        phase: *world.resource::<State<Phase>>().get(),
        night: world.resource::<NightState>().clone(),
        tallies: world.resource::<Tallies>().clone(),
        scoring: world.resource::<Scoring>().clone(),
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
        hidden_complexes,
        revealed_tunnels,
    }
    .sorted()
}

/// The situation now in the rules' plain facts (`rules::situation`): the game state on the
/// scenario's setting, what every ruling reads.
pub fn situation<'a>(world: &mut World, board: &'a Board) -> Situation<'a> {
    state(world, board).situation(&board.setting())
}

/// The entity of the unit with this id, if it is in play.
pub fn unit_entity(world: &mut World, id: &str) -> Option<Entity> {
    let mut q = world.query::<(Entity, &Unit)>();
    q.iter(world).find(|(_, u)| u.id == id).map(|(e, _)| e)
}

/// The above-ground hex of a tunnel (G11.933), by its map name.
pub fn tunnel_opening(board: &Board, t: &Tunnel) -> Option<String> {
    [&t.from, &t.to].into_iter().find_map(|l| match l {
        Location::Ground(h) => Some(board.scenario.map.name(*h)),
        _ => None,
    })
}

/// Brings the world to the match (after each of its steps, a load, an Undo): the entities and
/// resources to its state (`write`), the `Phase` state to its phase (set, not entered: no
/// system runs on it), the dice, the script's place (`Walk`), the log (`WalkLog`), the
/// program's side (`OpponentPlay`) and the Undo depth (`History`), each only where it differs,
/// so change detection sees exactly what changed.
pub fn mirror(world: &mut World) {
    let m = world.resource::<Match>();
    let (board, state) = (m.board.clone(), m.state.clone());
    let (dice, walk) = (
        m.dice.clone(),
        Walk {
            steps: m.script.steps.clone(),
            next: m.script.next,
            current: m.script.current,
        },
    );
    let depth = m.history_depth();
    let program = m.program.clone();
    let log_len = m.log.len();
    write(world, &board, &state);
    if *world.resource::<State<Phase>>().get() != state.phase {
        world.insert_resource(State::new(state.phase));
    }
    let same_dice = world.get_resource::<Dice>().is_some_and(|d| {
        d.seed() == dice.seed() && d.position() == dice.position() && d.rolls == dice.rolls
    });
    if !same_dice {
        world.insert_resource(dice);
    }
    set_resource(world, &walk);
    let logged = world.resource::<WalkLog>().events.len();
    let stale = logged != log_len || {
        let m = world.resource::<Match>();
        world.resource::<WalkLog>().events.last() != m.log.last()
    };
    if stale {
        let events = world.resource::<Match>().log.clone();
        world.resource_mut::<WalkLog>().events = events;
    }
    if let Some(mut h) = world.get_resource_mut::<super::history::History>()
        && h.depth != depth
    {
        h.depth = depth;
    }
    super::opponent_state::mirror(world, program.as_ref());
}

/// Sets a resource to `value` if it differs (so `is_changed` means changed).
fn set_resource<R: Resource + PartialEq + Clone>(world: &mut World, value: &R) {
    if world.resource::<R>() != value {
        world.insert_resource(value.clone());
    }
}

/// Sets or clears a marker component if it differs.
fn mark<C: Component>(e: &mut EntityWorldMut, marker: C, on: bool) {
    match (e.contains::<C>(), on) {
        (false, true) => {
            e.insert(marker);
        }
        (true, false) => {
            e.remove::<C>();
        }
        _ => {}
    }
}

/// Brings the world to `state` (after an order, a phase's steps, or loading a save or an Undo
/// snapshot): resources, units (kept by id: updated where they differ, spawned when new,
/// despawned when gone), the counters (an equal counter is kept, the others despawned or
/// spawned), the caves' hidden, Control and eliminated status (a cave standing again after an
/// Undo is spawned), the hidden Cave Complexes and the tunnels revealed. Entities and
/// components that already agree are not touched.
pub fn write(world: &mut World, board: &Board, state: &GameState) {
    set_resource(world, &state.turn);
    set_resource(world, &state.night);
    set_resource(world, &state.tallies);
    set_resource(world, &state.scoring);
    write_units(world, &state.units);
    sync::<Climb>(world, state.climbs.clone());
    sync::<Smoke>(world, state.smoke.clone());
    let blazes = state
        .blazes
        .iter()
        .map(|&(hex, levels)| Blaze { hex, levels });
    sync(world, blazes.collect());
    sync(
        world,
        state.flames.iter().map(|&hex| Flame { hex }).collect(),
    );
    let stars = state.starshells.iter().map(|&hex| Starshell { hex });
    sync(world, stars.collect());
    let irs = state.irs.iter().map(|&hex| IlluminatingRound { hex });
    sync(world, irs.collect());
    let trips = state.trip_flares.iter();
    sync(
        world,
        trips
            .map(|&(hex, count)| TripFlares { hex, count })
            .collect(),
    );
    let counters = state.trip_flare_counters.iter();
    sync(
        world,
        counters.map(|&hex| TripFlareCounter { hex }).collect(),
    );
    let flashes = state.gunflashes.iter();
    sync(
        world,
        flashes.map(|at| Gunflash { at: at.clone() }).collect(),
    );
    write_caves(world, board, state);
}

fn write_units(world: &mut World, units: &[UnitAt]) {
    let mut q = world.query::<(Entity, &Unit)>();
    let mut existing: HashMap<String, Entity> = HashMap::new();
    let mut twice: Vec<Entity> = Vec::new();
    for (e, u) in q.iter(world) {
        // One entity a unit: a second one (the set-up's spawn landing after a first mirror
        // spawned the unit already) goes.
        if existing.contains_key(&u.id) {
            twice.push(e);
        } else {
            existing.insert(u.id.clone(), e);
        }
    }
    for e in twice {
        world.despawn(e);
    }
    for u in units {
        let Some(&entity) = existing.get(&u.unit.id) else {
            let mut e = world.spawn((u.unit.clone(), At(u.at.clone())));
            mark(&mut e, Hidden, u.hidden);
            mark(&mut e, Concealed, u.concealed);
            mark(&mut e, Cloaked, u.cloaked);
            continue;
        };
        let mut e = world.entity_mut(entity);
        if e.get::<Unit>() != Some(&u.unit) {
            e.insert(u.unit.clone());
        }
        if e.get::<At>().map(|a| &a.0) != Some(&u.at) {
            e.insert(At(u.at.clone()));
        }
        mark(&mut e, Hidden, u.hidden);
        mark(&mut e, Concealed, u.concealed);
        mark(&mut e, Cloaked, u.cloaked);
    }
    for (id, e) in existing {
        if !units.iter().any(|u| u.unit.id == id) {
            world.despawn(e);
        }
    }
}

/// Makes the entities carrying counter `C` exactly `wanted` (as a multiset): each equal counter
/// is kept, the others despawned, the missing spawned.
fn sync<C: Component + PartialEq + Clone>(world: &mut World, mut wanted: Vec<C>) {
    let mut q = world.query::<(Entity, &C)>();
    let mut gone = Vec::new();
    for (e, c) in q.iter(world) {
        match wanted.iter().position(|w| w == c) {
            Some(i) => {
                wanted.remove(i);
            }
            None => gone.push(e),
        }
    }
    for e in gone {
        world.despawn(e);
    }
    for c in wanted {
        world.spawn(c);
    }
}

fn write_caves(world: &mut World, board: &Board, state: &GameState) {
    let mut q = world.query::<(Entity, &CaveCounter)>();
    let caves: Vec<(Entity, String)> = q.iter(world).map(|(e, c)| (e, c.id.clone())).collect();
    for (entity, id) in &caves {
        if state.eliminated_caves.contains(id) {
            world.despawn(*entity);
            continue;
        }
        let mut e = world.entity_mut(*entity);
        mark(&mut e, Hidden, state.hidden_caves.contains(id));
        mark(&mut e, AlliedControl, state.allied_controlled.contains(id));
    }
    // A cave the state holds but the world no longer does (eliminated after the snapshot an
    // Undo goes back to, G11.88) stands again.
    for c in &board.caves.caves {
        if state.eliminated_caves.contains(&c.id) || caves.iter().any(|(_, id)| id == &c.id) {
            continue;
        }
        let mut e = world.spawn(CaveCounter { id: c.id.clone() });
        mark(&mut e, Hidden, state.hidden_caves.contains(&c.id));
        mark(
            &mut e,
            AlliedControl,
            state.allied_controlled.contains(&c.id),
        );
    }
    let mut q = world.query::<(Entity, &CaveComplex)>();
    let xs: Vec<(Entity, bool)> = q
        .iter(world)
        .map(|(e, c)| (e, state.hidden_complexes.contains(&c.primary)))
        .collect();
    for (e, hidden) in xs {
        mark(&mut world.entity_mut(e), Hidden, hidden);
    }
    let mut q = world.query::<(Entity, &Tunnel)>();
    let ts: Vec<(Entity, bool)> = q
        .iter(world)
        .map(|(e, t)| {
            let shown =
                tunnel_opening(board, t).is_some_and(|o| state.revealed_tunnels.contains(&o));
            (e, shown)
        })
        .collect();
    for (e, shown) in ts {
        mark(&mut world.entity_mut(e), Hidden, !shown);
    }
}
