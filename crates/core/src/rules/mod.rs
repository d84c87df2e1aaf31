//! Pure functions of the rules (G11 caves, B11.4 Climbing, E1 night, G1 Japanese, G.x PTO
//! terrain), one file per rule section. They take plain structs and return results that carry
//! their rule number and a reason, so the CLI, the simulation and the viewer can cite them.

pub mod caves;
pub mod climbing;
pub mod fire;
pub mod ift;
pub mod japanese;
pub mod morale;
pub mod moves;
pub mod night;
pub mod orders;
mod ruling;
pub mod setup;
pub mod sight;
pub mod situation;
pub mod stacking;
pub mod tables;
pub mod victory;

pub use ruling::*;
