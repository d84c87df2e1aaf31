//! Spawns the scenario's entities at Startup from the game as set up
//! (`Scenario::initial_state`): hexes, caves (hidden, G11.3), Cave Complexes and tunnels
//! (hidden), units, Climb counters of units set up Climbing, SMOKE, fires and Illumination.

use bevy::prelude::*;

use super::board::Board;
use super::components::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_scenario);
}

fn spawn_scenario(mut commands: Commands, board: Res<Board>, m: Res<crate::play::Match>) {
    let s = &board.scenario;
    // The game as set up (`Scenario::initial_state`, the one every game starts from).
    let st = &m.state;
    for g in &st.gunflashes {
        commands.spawn(Gunflash { at: g.clone() });
    }
    for d in s.map.hexes() {
        commands.spawn(HexCell(d.hex));
    }
    // G11.3: Cave counters, Cave Complexes and their contents always set up hidden.
    for c in &s.caves {
        let e = commands.spawn(CaveCounter { id: c.id.clone() });
        with_markers(e, st.hidden_caves.contains(&c.id), false, false);
    }
    for x in &s.complexes {
        let e = commands.spawn(CaveComplex {
            primary: x.primary.clone(),
        });
        with_markers(e, st.hidden_complexes.contains(&x.primary), false, false);
    }
    for t in &s.tunnels {
        commands.spawn((
            Tunnel {
                from: t.from.clone(),
                to: t.to.clone(),
            },
            Hidden,
        ));
    }
    for u in &st.units {
        let e = commands.spawn((u.unit.clone(), At(u.at.clone())));
        with_markers(e, u.hidden, u.concealed, u.cloaked);
    }
    for c in &st.climbs {
        commands.spawn(c.clone());
    }
    for sm in &st.smoke {
        commands.spawn(sm.clone());
    }
    for &(hex, levels) in &st.blazes {
        commands.spawn(Blaze { hex, levels });
    }
    for &hex in &st.flames {
        commands.spawn(Flame { hex });
    }
    for &hex in &st.starshells {
        commands.spawn(Starshell { hex });
    }
    for &hex in &st.irs {
        commands.spawn(IlluminatingRound { hex });
    }
    for &(hex, count) in &st.trip_flares {
        commands.spawn(TripFlares { hex, count });
    }
}

/// Adds a unit's Hidden/Concealed/Cloaked markers (set up, or loaded from a save).
pub(super) fn with_markers<E: MarkerTarget>(
    mut e: E,
    hidden: bool,
    concealed: bool,
    cloaked: bool,
) {
    if hidden {
        e.mark(Hidden);
    }
    if concealed {
        e.mark(Concealed);
    }
    if cloaked {
        e.mark(Cloaked);
    }
}

/// Something a marker component can be added to: a spawned entity, through `Commands` or the
/// `World`.
pub(super) trait MarkerTarget {
    fn mark<C: Component>(&mut self, c: C);
}

impl MarkerTarget for EntityCommands<'_> {
    fn mark<C: Component>(&mut self, c: C) {
        self.insert(c);
    }
}

impl MarkerTarget for EntityWorldMut<'_> {
    fn mark<C: Component>(&mut self, c: C) {
        self.insert(c);
    }
}
