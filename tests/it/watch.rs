//! Change detection for the viewer (`sim::watch`): after a script step, the watches a front end
//! redraws by fire exactly when what they watch changed: a unit that moves or Climbs, caves a
//! Search reveals, hexes a Starshell lights; and nothing fires for a step that only looks
//! (LOS, Light) or is refused.

use asl_pto::sim::SimSystems;
use asl_pto::sim::runner::run_step;
use asl_pto::sim::watch::{CaveChanges, HexLightChanges, PieceChanges};
use bevy::prelude::*;

use crate::common::{app, demo};

/// Frames in which each watch fired.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Fired {
    pieces: u32,
    caves: u32,
    lights: u32,
}

/// Runs after the simulation, like the viewer's drawing.
fn record(
    mut pieces: PieceChanges,
    mut caves: CaveChanges,
    mut lights: HexLightChanges,
    mut fired: ResMut<Fired>,
) {
    fired.pieces += u32::from(pieces.any());
    fired.caves += u32::from(caves.any());
    fired.lights += u32::from(lights.any());
}

/// A headless walk of a shipped scenario with the watches recording; the first frame (where
/// everything is new) is run and forgotten.
fn watched(name: &str) -> App {
    let mut app = app(demo(name), 1);
    app.init_resource::<Fired>()
        .add_systems(Update, record.after(SimSystems::Relight));
    app.update();
    let first = *app.world().resource::<Fired>();
    assert_eq!(
        first,
        Fired {
            pieces: 1,
            caves: 1,
            lights: 1
        },
        "everything is new to a watch's first run"
    );
    app
}

/// Runs the next script step; what fired during it.
fn step(app: &mut App) -> Fired {
    *app.world_mut().resource_mut::<Fired>() = Fired::default();
    assert!(run_step(app), "the script ended early");
    *app.world().resource::<Fired>()
}

#[test]
fn g11_33_a_search_reveals_caves_and_b11_4_a_climb_moves_a_piece_a_refusal_changes_nothing() {
    let mut app = watched("cliff_caves");
    // Step 1: the phases up to the MPh, then us2 Searches S5: caves A, G, M revealed with
    // their contents (G11.33).
    let f = step(&mut app);
    assert!(f.caves > 0, "the Search revealed caves: {f:?}");
    assert!(f.pieces > 0, "the Search revealed units: {f:?}");
    assert_eq!(f.lights, 0, "by day no hex is lit: {f:?}");
    // Step 2: us4 Searches H5: caves J, K, L.
    assert!(step(&mut app).caves > 0);
    // Step 3: us1 Climbs onto a Climb counter (B11.4): a piece changes, no cave does.
    let f = step(&mut app);
    assert!(
        f.pieces > 0,
        "the Climb moved us1 and placed a Climb counter: {f:?}"
    );
    assert_eq!(f.caves, 0, "{f:?}");
    // Step 4: us1 may not Climb again this MPh: refused, nothing changes.
    assert_eq!(step(&mut app), Fired::default());
}

#[test]
fn e1_923_a_starshell_relights_the_hexes_and_looking_changes_nothing() {
    let mut app = watched("night_ridge");
    // Step 1 enters the RPh: each unit's phase state is cleared, but nothing had set it, so no
    // piece changed and none is redrawn (the state is written back only where it differs).
    assert_eq!(step(&mut app).pieces, 0);
    // Steps 2-5 only look: Light and LOS.
    for n in 2..=5 {
        assert_eq!(step(&mut app), Fired::default(), "step {n}");
    }
    // Step 6: a Starshell is fired and lands in N4 (seed 1): a new piece, and its hexes lit.
    let f = step(&mut app);
    assert!(f.pieces > 0, "the Starshell is a new piece: {f:?}");
    assert!(f.lights > 0, "the Starshell lit hexes: {f:?}");
}
