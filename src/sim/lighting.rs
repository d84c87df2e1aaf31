//! Keeps the computed `Illuminated` and `Shadowed` markers current (E1.9-E1.941, G11.96):
//! whenever a light source is added, changed or removed, the rules' `light_marks` say anew
//! what lights each hex (shadows cast by terrain obstacles, E1.941) and which caves are lit,
//! and every hex and cave is re-marked.

use bevy::prelude::*;

use super::board::Board;
use super::components::*;
use super::phase::NightState;
use super::schedule::SimSystems;
use crate::rules::night::light::light_marks;
use crate::scenario::light_sources_of;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, relight.in_set(SimSystems::Relight));
}

type SourceChanged = LightSourceChanged;

/// The light sources' queries: Blazes, Flames, Starshells, IR and Trip Flare counters.
type Sources<'w, 's> = (
    Query<'w, 's, &'static Blaze>,
    Query<'w, 's, &'static Flame>,
    Query<'w, 's, &'static Starshell>,
    Query<'w, 's, &'static IlluminatingRound>,
    Query<'w, 's, &'static TripFlareCounter>,
);

#[allow(clippy::too_many_arguments)]
fn relight(
    mut commands: Commands,
    board: Res<Board>,
    night: Res<NightState>,
    changed: Query<(), SourceChanged>,
    mut removed_blaze: RemovedComponents<Blaze>,
    mut removed_flame: RemovedComponents<Flame>,
    mut removed_star: RemovedComponents<Starshell>,
    mut removed_ir: RemovedComponents<IlluminatingRound>,
    mut removed_trip: RemovedComponents<TripFlareCounter>,
    sources: Sources,
    hexes: Query<(Entity, &HexCell)>,
    caves: Query<(Entity, &CaveCounter)>,
    mut first: Local<bool>,
) {
    let removed = removed_blaze.read().count()
        + removed_flame.read().count()
        + removed_star.read().count()
        + removed_ir.read().count()
        + removed_trip.read().count();
    // Night falling or lifting (the viewer's day/night toggle) re-marks everything too.
    if changed.is_empty() && removed == 0 && !night.is_changed() && *first {
        return;
    }
    *first = true;
    let (blazes, flames, stars, irs, trips) = sources;
    let list = light_sources_of(
        blazes.iter().map(|b| (b.hex, b.levels)),
        flames.iter().map(|f| f.hex),
        stars.iter().map(|s| s.hex),
        irs.iter().map(|i| i.hex),
        trips.iter().map(|t| t.hex),
    );
    let marks = light_marks(&board.scenario.map, &list, night.night());
    for (e, cell) in &hexes {
        let mut ec = commands.entity(e);
        match marks.lit_by(cell.0) {
            Some((kind, rule)) => ec.insert(Illuminated {
                rule,
                by: Some(kind),
            }),
            None => ec.remove::<Illuminated>(),
        };
        match marks.shadowed(cell.0) {
            true => ec.insert(Shadowed {
                by: marks.shadows(cell.0),
            }),
            false => ec.remove::<Shadowed>(),
        };
    }
    for (e, c) in &caves {
        let mut ec = commands.entity(e);
        match board.caves.cave(&c.id).and_then(|cave| marks.cave(cave)) {
            Some(rule) => ec.insert(Illuminated { rule, by: None }),
            None => ec.remove::<Illuminated>(),
        };
    }
}
