//! What a match is played on and never changes (`Board`): the scenario as loaded and its caves,
//! Cave Complexes and tunnels as the G11 rules see them; and the setting the rulings read with
//! the game state.

use std::sync::Arc;

use crate::rules::caves::CaveSystem;
use crate::scenario::Scenario;

/// The scenario's fixed data: the map, the cave facts (G11.1) and the scenario as loaded.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct Board {
    pub scenario: Arc<Scenario>,
    /// The caves, Complexes and tunnels (their SMOKE is the live state's: `Situation`).
    pub caves: CaveSystem,
}

impl Board {
    /// The board of `scenario`.
    pub fn new(scenario: Arc<Scenario>) -> Board {
        let (caves, _) = scenario.cave_system();
        Board { scenario, caves }
    }

    /// What the scenario fixes for the whole game, as the rulings read it with the state.
    pub fn setting(&self) -> crate::state::Setting<'_> {
        self.scenario.setting(&self.caves)
    }
}
