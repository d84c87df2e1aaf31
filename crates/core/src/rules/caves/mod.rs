//! G11 Caves: the caves, Cave Complexes and tunnels of a scenario as the rules see them
//! (`CaveSystem`), built from plain inputs, with the setup problems found on the way.

pub mod access;
pub mod attack;
pub mod entry;
pub mod hidden;
pub mod setup;
pub mod sight;
mod system;

pub use setup::{CaveSite, PlacedCave, site};
pub use system::*;
