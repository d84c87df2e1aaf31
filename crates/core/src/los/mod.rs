//! LOS between Locations (A6): obstacles, Blind Hexes, crests and cliffs, Depressions,
//! hindrances, SMOKE and Blazes, and the NVR at night. A result says clear or blocked, the
//! range, the hindrance total, where and why it was blocked (rule number and a sentence), and
//! the hexes the thread crosses with its height over each.

pub mod blind;
mod engine;
mod env;
pub mod location;
mod result;

pub use engine::{Block, Effect, End, Sight, Trace};
pub use env::{LosEnv, Veil};
pub use location::{Location, LocationError};

pub use result::*;
