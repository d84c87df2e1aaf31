//! The sequence of play (A3): the `Phase` state and Player Turns, and the current NVR, as the
//! core's record types (the night as set up is `Scenario::night_state`).

pub use crate::model::Phase;

pub use crate::state::{NightState, PlayerTurn, Tallies};
