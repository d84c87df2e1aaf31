//! The scenario's fixed data, shared by every system (`Board`), and the setting the rulings read
//! with the game state.

use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::caves::CaveSystem;
use crate::scenario::Scenario;

/// The scenario's fixed data, shared by every system: the map, the cave facts (G11.1) and the
/// scenario as loaded.
#[derive(Resource, Clone)]
pub struct Board {
    pub scenario: Arc<Scenario>,
    /// The caves, Complexes and tunnels (their SMOKE is the live state's; see `live`).
    pub caves: CaveSystem,
}

impl Board {
    /// What the scenario fixes for the whole game, as the rulings read it with the state.
    pub fn setting(&self) -> crate::state::Setting<'_> {
        self.scenario.setting(&self.caves)
    }
}
