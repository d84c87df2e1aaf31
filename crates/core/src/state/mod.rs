//! The game state (issue 24): `GameState`, what a ruling reads, a save holds and Undo restores
//! (`game_state`), and the invariants a state must keep to be played (`check`), which a loaded
//! save is held to.

mod check;
mod game_state;
mod plan;

pub use check::{Spot, StateError, check};
pub use game_state::*;
pub use plan::{SidePlan, Stance, VictoryCondition};
