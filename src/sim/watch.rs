//! What changed in the simulation since a system last ran, for front ends that redraw only
//! then (the viewer's board, caves and counters): Bevy's `Changed`/`Added` filters and
//! `RemovedComponents` over the simulation's components, gathered per thing drawn. Each is a
//! `SystemParam` whose `any()` is to be called once per run: it also drains the removals it
//! reads, so the next run sees only what changed after this one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::components::*;

/// A hex whose light marker was put on (or put on again), or a hex just spawned.
type HexRelit = (
    With<HexCell>,
    Or<(Changed<Illuminated>, Changed<Shadowed>, Added<HexCell>)>,
);

/// A hex's light changed: `Illuminated` or `Shadowed` put on (or put on again) or taken off
/// (E1.9, E1.941), or the hex spawned.
#[derive(SystemParam)]
pub struct HexLightChanges<'w, 's> {
    changed: Query<'w, 's, (), HexRelit>,
    hexes: Query<'w, 's, (), With<HexCell>>,
    unlit: RemovedComponents<'w, 's, Illuminated>,
    unshadowed: RemovedComponents<'w, 's, Shadowed>,
}

impl HexLightChanges<'_, '_> {
    /// Some hex's light changed since the last run.
    pub fn any(&mut self) -> bool {
        let hexes = &self.hexes;
        let removed = self.unlit.read().filter(|e| hexes.contains(*e)).count()
            + self
                .unshadowed
                .read()
                .filter(|e| hexes.contains(*e))
                .count();
        removed > 0 || !self.changed.is_empty()
    }
}

/// A cave just spawned, or whose hidden or Illuminated marker was put on (or put on again).
type CaveChanged = (
    With<CaveCounter>,
    Or<(Added<CaveCounter>, Changed<Hidden>, Changed<Illuminated>)>,
);

/// A cave changed: spawned, eliminated (G11.88), revealed or hidden (G11.3), Illuminated or
/// dark (G11.96).
#[derive(SystemParam)]
pub struct CaveChanges<'w, 's> {
    changed: Query<'w, 's, (), CaveChanged>,
    caves: Query<'w, 's, (), With<CaveCounter>>,
    gone: RemovedComponents<'w, 's, CaveCounter>,
    revealed: RemovedComponents<'w, 's, Hidden>,
    unlit: RemovedComponents<'w, 's, Illuminated>,
}

impl CaveChanges<'_, '_> {
    /// Some cave changed since the last run.
    pub fn any(&mut self) -> bool {
        let caves = &self.caves;
        let removed = self.gone.read().count()
            + self.revealed.read().filter(|e| caves.contains(*e)).count()
            + self.unlit.read().filter(|e| caves.contains(*e)).count();
        removed > 0 || !self.changed.is_empty()
    }
}

/// A unit spawned or changed: its state, its Location, its hidden/Concealed/Cloaked markers.
type UnitChanged = (
    With<Unit>,
    Or<(
        Changed<Unit>,
        Changed<At>,
        Changed<Hidden>,
        Changed<Concealed>,
        Changed<Cloaked>,
    )>,
);

/// A counter on the map spawned or changed: Climb, SMOKE, or a light source.
type CounterChanged = Or<(Changed<Climb>, Changed<Smoke>, LightSourceChanged)>;

/// A piece on the map changed: a unit (its state, Location, hidden/Concealed/Cloaked markers;
/// one spawned or eliminated), a Climb counter (B11.4), SMOKE, a Blaze or Flame, a Starshell or
/// IR.
#[derive(SystemParam)]
pub struct PieceChanges<'w, 's> {
    changed_units: Query<'w, 's, (), UnitChanged>,
    changed_counters: Query<'w, 's, (), CounterChanged>,
    units: Query<'w, 's, (), With<Unit>>,
    removed: RemovedPieces<'w, 's>,
}

/// The removals `PieceChanges` reads.
#[derive(SystemParam)]
struct RemovedPieces<'w, 's> {
    units: RemovedComponents<'w, 's, Unit>,
    hidden: RemovedComponents<'w, 's, Hidden>,
    concealed: RemovedComponents<'w, 's, Concealed>,
    cloaked: RemovedComponents<'w, 's, Cloaked>,
    climbs: RemovedComponents<'w, 's, Climb>,
    smoke: RemovedComponents<'w, 's, Smoke>,
    blazes: RemovedComponents<'w, 's, Blaze>,
    flames: RemovedComponents<'w, 's, Flame>,
    starshells: RemovedComponents<'w, 's, Starshell>,
    irs: RemovedComponents<'w, 's, IlluminatingRound>,
    trips: RemovedComponents<'w, 's, TripFlareCounter>,
}

impl PieceChanges<'_, '_> {
    /// Some piece changed since the last run.
    pub fn any(&mut self) -> bool {
        let units = &self.units;
        let r = &mut self.removed;
        let of_units = r.hidden.read().filter(|e| units.contains(*e)).count()
            + r.concealed.read().filter(|e| units.contains(*e)).count()
            + r.cloaked.read().filter(|e| units.contains(*e)).count();
        let removed = r.units.read().count()
            + r.climbs.read().count()
            + r.smoke.read().count()
            + r.blazes.read().count()
            + r.flames.read().count()
            + r.starshells.read().count()
            + r.irs.read().count()
            + r.trips.read().count()
            + of_units;
        removed > 0 || !self.changed_units.is_empty() || !self.changed_counters.is_empty()
    }
}
