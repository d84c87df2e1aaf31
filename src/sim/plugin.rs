//! `SimPlugin`: the headless simulation of one scenario, seeded; `headless` builds an App of it.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::board::Board;
use super::log::{LogPhase, WalkLog};
use super::phase::Phase;
use super::schedule::SimSystems;
use super::walk::Walk;
use crate::game::Dice;
use crate::scenario::Scenario;

/// The headless simulation of one scenario, seeded.
pub struct SimPlugin {
    pub scenario: Arc<Scenario>,
    pub seed: u64,
}

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        let (caves, _) = self.scenario.cave_system();
        let start = self.scenario.initial_state();
        app.insert_resource(Board {
            scenario: self.scenario.clone(),
            caves,
        })
        .insert_resource(Dice::new(self.seed))
        .insert_resource(start.turn)
        .insert_resource(start.night)
        .insert_resource(Walk::new(self.scenario.script.clone()))
        .init_resource::<WalkLog>()
        .insert_resource(start.tallies)
        .insert_resource(start.scoring)
        .init_resource::<LogPhase>()
        .init_state::<Phase>()
        .configure_sets(
            Update,
            (SimSystems::Play, SimSystems::Drive, SimSystems::Relight).chain(),
        );
        app.add_plugins((
            super::spawn::plugin,
            super::runner::plugin,
            super::play::plugin,
            super::opponent::plugin,
            super::lighting::plugin,
            super::turn::plugin,
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
