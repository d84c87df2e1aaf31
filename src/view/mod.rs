//! The 3D viewer (DESIGN.md "The viewer's visual language"): draws what the simulation
//! (`SimPlugin`) holds — terrain by Base Level with cliffs, Crest Lines and Depressions, caves at
//! their level, counters, SMOKE, fires, night light and E1.941 shadows — and lets the player
//! orbit, inspect, trace LOS and step the walkthrough. It calls the rules and the sim; it never
//! re-implements them.

mod board;
mod camera;
mod capture;
mod caves;
mod counter_art;
mod counter_tiles;
mod counters;
mod dock;
mod fit_screen;
pub mod geometry;
mod grid;
mod inspector;
mod keys_help;
mod labels;
mod legend;
mod los_tool;
pub mod mesh;
mod pick;
mod pick_bench;
mod picker;
mod place;
mod play_ui;
mod plugin;
mod probe;
mod quiet;
mod run;
mod sees;
pub mod shade;
mod shared;
mod stack;
mod status;
pub mod terrain;
mod ui;
mod ui_probe;
mod walk_panel;

pub use crate::scenario::Sky;
pub use plugin::ViewPlugin;
pub use run::{ViewError, night_assumption, run};
pub use shared::*;
