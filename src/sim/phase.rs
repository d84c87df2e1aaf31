//! The sequence of play (A3): the `Phase` state, Player Turns and the current NVR.

use crate::model::{Cloud, Moon};
use crate::scenario::Scenario;

pub use crate::model::Phase;

pub use crate::state::{NightState, PlayerTurn, Tallies};

/// The scenario's night as set up (E1.1): its NVR (`None` by day), cloud and moon.
pub fn night_of(s: &Scenario) -> NightState {
    NightState {
        nvr: s.nvr(),
        cloud: s.night.as_ref().map_or(Cloud::Clear, |n| n.cloud),
        moon: s.night.as_ref().map_or(Moon::Full, |n| n.moon),
    }
}
