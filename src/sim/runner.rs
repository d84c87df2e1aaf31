//! The walkthrough runner: runs the match's script one step at a time (`play::Match::run_next`:
//! a step's `phase` advances through the phases, each left and begun by the rules; its `say`
//! is narrated and its `act` resolved), then mirrors the match into the world (`live::mirror`).
//! The CLI's `walk`, the viewer's "Next step" and Play mode all call `request_step`.

use bevy::prelude::*;

use super::history::History;
use super::phase::NightState;
use super::schedule::SimSystems;
pub use super::walk::Walk;
use crate::play::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, adopt_night.in_set(SimSystems::Play));
}

/// The viewer's Day/Night switch sets the world's night (a daylight scenario seen at night,
/// E1.1): the match takes it, so the steps after it are played at that night too.
fn adopt_night(night: Res<NightState>, mut m: ResMut<Match>) {
    if night.is_changed() && m.state.night != *night {
        m.state.night = night.clone();
    }
}

/// Runs the next script step and mirrors the world to it. Returns false when the script is
/// over (or the game has ended).
pub fn request_step(world: &mut World) -> bool {
    keep_history(world);
    let ran = world.resource_mut::<Match>().run_next();
    if ran {
        super::live::mirror(world);
    }
    ran
}

/// Advances to the next phase without running a script step (the viewer's "Next phase"): the
/// same way a step that names that phase goes. Returns false once the game has ended.
pub fn request_phase(world: &mut World) -> bool {
    keep_history(world);
    let moved = world.resource_mut::<Match>().advance_phase();
    if moved {
        super::live::mirror(world);
    }
    moved
}

/// Where a `History` is kept, the match keeps its snapshots.
pub(super) fn keep_history(world: &mut World) {
    if world.contains_resource::<History>() {
        world.resource_mut::<Match>().keep_history();
    }
}

/// Runs one script step headless, and a frame for the systems that follow the world (the
/// lighting). Returns false when the script is over.
pub fn run_step(app: &mut App) -> bool {
    if !request_step(app.world_mut()) {
        return false;
    }
    settle(app);
    true
}

/// Runs a frame, so that the systems following the world (the lighting) see the step.
pub fn settle(app: &mut App) {
    app.update();
}

/// Runs the whole script headless.
pub fn run_all(app: &mut App) {
    while run_step(app) {}
}

/// The game has ended (A26: its last Game Turn played).
pub fn game_over(world: &World) -> bool {
    world.get_resource::<Match>().is_some_and(Match::over)
}
