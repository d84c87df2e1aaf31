//! The simulation (DESIGN.md "The ECS shape"): Bevy entities for hexes, caves, Cave Complexes,
//! tunnels, units, Climb counters, SMOKE, fires and Illumination, a `Phase` state machine with
//! Player Turns, seeded `Dice`, and per-phase systems that call the rule functions in
//! `crate::rules` (never re-implementing them). `SimPlugin` is headless: the CLI's `walk` runs it
//! with `MinimalPlugins` (`headless`), the viewer adds it next to its renderer, and both drive
//! the same walkthrough runner.

pub mod components;
mod lighting;
pub mod live;
pub mod log;
pub mod phase;
pub mod play;
pub mod runner;
pub mod save;
pub mod save_check;
mod spawn;
mod turn;
pub mod watch;

use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::rules::caves::CaveSystem;
use crate::scenario::Scenario;

pub use crate::game::Dice;
pub use components::*;
pub use log::{Event, WalkLog};
pub use phase::{NightState, Phase, PlayerTurn, Tallies};
pub use runner::Walk;

/// The scenario's fixed data, shared by every system: the map, the cave facts (G11.1) and the
/// scenario as loaded.
#[derive(Resource, Clone)]
pub struct Board {
    pub scenario: Arc<Scenario>,
    /// The caves, Complexes and tunnels (their SMOKE is the live state's; see `live`).
    pub caves: CaveSystem,
}

/// The simulation's `Update` systems, in order (configured once, in `SimPlugin`; each file adds
/// its own systems to its set). A front end orders its own sets against these: the viewer's
/// buttons before `Drive`, its drawing after `Relight`. The phases' own systems run on entering
/// and leaving each phase (`OnEnter`/`OnExit` of `Phase`, see `turn`).
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum SimSystems {
    /// Play mode's orders and Watch mode's buttons (`play`): steps started, undone, queued.
    Play,
    /// The walkthrough runner: a phase change toward the step's target, or its action resolved.
    Drive,
    /// The `Illuminated`/`Shadowed` markers recomputed after a light source changed (E1.9).
    Relight,
}

impl Board {
    /// What the scenario fixes for the whole game, as the rulings read it with the state.
    pub fn setting(&self) -> crate::state::Setting<'_> {
        self.scenario.setting(&self.caves)
    }
}

/// The headless simulation of one scenario, seeded.
pub struct SimPlugin {
    pub scenario: Arc<Scenario>,
    pub seed: u64,
}

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        let (caves, _) = self.scenario.cave_system();
        app.insert_resource(Board {
            scenario: self.scenario.clone(),
            caves,
        })
        .insert_resource(Dice::new(self.seed))
        .insert_resource(PlayerTurn::first(self.scenario.first_attacker))
        .insert_resource(phase::night_of(&self.scenario))
        .insert_resource(Walk::new(self.scenario.script.clone()))
        .init_resource::<WalkLog>()
        .init_resource::<Tallies>()
        .init_resource::<log::LogPhase>()
        .init_state::<Phase>()
        .configure_sets(
            Update,
            (SimSystems::Play, SimSystems::Drive, SimSystems::Relight).chain(),
        );
        app.add_plugins((
            spawn::plugin,
            runner::plugin,
            play::plugin,
            lighting::plugin,
            turn::plugin,
        ));
    }
}

/// A headless App (MinimalPlugins + StatesPlugin + `SimPlugin`) with the scenario spawned, in
/// the `Setup` phase, before the first step of its script.
pub fn headless(scenario: Scenario, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        SimPlugin {
            scenario: Arc::new(scenario),
            seed,
        },
    ));
    app.update();
    app
}
