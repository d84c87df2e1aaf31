//! Spawns the scenario's entities at Startup: hexes, caves (hidden, G11.3), Cave Complexes and
//! tunnels (hidden), units, Climb counters of units set up Climbing, SMOKE, fires and
//! Illumination.

use bevy::prelude::*;

use super::board::Board;
use super::components::*;
use super::phase::Tallies;
use crate::los::Location;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_scenario);
}

fn spawn_scenario(mut commands: Commands, board: Res<Board>, mut tallies: ResMut<Tallies>) {
    let s = &board.scenario;
    // E1.8: Gunflashes set up with the scenario; read as marking fire at an enemy, so E1.55's
    // Jitter Fire may occur from the start.
    for g in &s.gunflashes {
        commands.spawn(Gunflash { at: g.clone() });
    }
    if !s.gunflashes.is_empty() {
        tallies.gunflash_vs_enemy = true;
    }
    for d in s.map.hexes() {
        commands.spawn(HexCell(d.hex));
    }
    // G11.3: Cave counters, Cave Complexes and their contents always set up hidden.
    for c in &s.caves {
        commands.spawn((CaveCounter { id: c.id.clone() }, Hidden));
    }
    for x in &s.complexes {
        commands.spawn((
            CaveComplex {
                primary: x.primary.clone(),
            },
            Hidden,
        ));
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
    for u in &s.units {
        let e = commands.spawn((
            Unit {
                id: u.id.clone(),
                nationality: u.nationality,
                counter: u.counter.clone(),
                broken: u.status.broken,
                dm: u.status.dm,
                wounded: u.status.wounded,
                pinned: u.status.pinned,
                dc: u.dc,
                hero: None,
                mf_spent: 0.0,
                entered_cave: false,
                straying: false,
                movement_dr: false,
                advanced: false,
                rally_attempted: false,
                routed: false,
                cx: u.status.cx,
                berserk: u.status.berserk,
                hardened: false,
                banzai: None,
                placed_dc: None,
                fired: None,
                hero_attempted: false,
            },
            At(u.at.clone()),
        ));
        with_markers(e, u.hidden, u.concealed, u.cloaked);
        if let Location::Climbing { hex, level, vertex } = u.at {
            commands.spawn(Climb {
                hex,
                vertex,
                level,
                unit: u.id.clone(),
            });
        }
    }
    for sm in &s.smoke {
        commands.spawn(Smoke {
            at: sm.at.clone(),
            kind: sm.kind,
            dispersed: false,
            placed_in: 0,
        });
    }
    for &(hex, levels) in &s.blazes {
        commands.spawn(Blaze { hex, levels });
    }
    for &hex in &s.flames {
        commands.spawn(Flame { hex });
    }
    for &hex in &s.starshells {
        commands.spawn(Starshell { hex });
    }
    for &hex in &s.illuminating_rounds {
        commands.spawn(IlluminatingRound { hex });
    }
    for &(hex, count) in &s.trip_flares {
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
