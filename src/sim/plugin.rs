//! `SimPlugin`: the simulation of one scenario, seeded: the match (`play::Match`) and the world
//! that mirrors it; `headless` builds an App of it.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::log::WalkLog;
use super::phase::Phase;
use super::schedule::SimSystems;
use super::walk::Walk;
use crate::play::Match;
use crate::scenario::Scenario;

/// The simulation of one scenario, seeded.
pub struct SimPlugin {
    pub scenario: Arc<Scenario>,
    pub seed: u64,
}

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        let m = Match::new(self.scenario.clone(), self.seed);
        let start = m.state.clone();
        app.insert_resource(m.board.clone())
            .insert_resource(m.dice.clone())
            .insert_resource(start.turn)
            .insert_resource(start.night)
            .insert_resource(Walk::new(self.scenario.script.clone()))
            .init_resource::<WalkLog>()
            .insert_resource(start.tallies)
            .insert_resource(start.scoring)
            .insert_resource(m)
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
