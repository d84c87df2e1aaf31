//! The simulation (DESIGN.md "The ECS shape"): Bevy entities for hexes, caves, Cave Complexes,
//! tunnels, units, Climb counters, SMOKE, fires and Illumination, a `Phase` state machine with
//! Player Turns, seeded `Dice`, and per-phase systems that call the rule functions in
//! `crate::rules` (never re-implementing them). `SimPlugin` is headless: the CLI's `walk` runs it
//! with `MinimalPlugins` (`headless`), the viewer adds it next to its renderer, and both drive
//! the same walkthrough runner.

mod board;
pub mod components;
mod history;
mod lighting;
pub mod live;
pub mod log;
pub mod opponent;
pub mod phase;
pub mod play;
mod play_state;
mod plugin;
pub mod replay;
pub mod runner;
pub mod save;
pub mod save_check;
mod saved;
mod schedule;
mod spawn;
mod turn;
mod walk;
pub mod watch;

pub use crate::game::Dice;
pub use board::Board;
pub use components::*;
pub use log::{Event, WalkLog};
pub use phase::{NightState, Phase, PlayerTurn, Tallies};
pub use plugin::{SimPlugin, headless};
pub use runner::Walk;
pub use schedule::SimSystems;
