//! The simulation (DESIGN.md "The ECS shape"): the match (`play::Match`, the core's one game
//! loop) as a resource, and Bevy entities for hexes, caves, Cave Complexes, tunnels, units,
//! Climb counters, SMOKE, fires and Illumination that mirror its state after each of its steps
//! (`live::mirror`), a `Phase` state set to its phase, and the systems that follow the world
//! (the lighting) or pace Play mode (the player's orders queued, the program's turn). `SimPlugin`
//! is headless: the CLI's `walk` runs it with `MinimalPlugins` (`headless`), the viewer adds it
//! next to its renderer, and both drive the same match.

mod board;
pub mod components;
mod history;
mod lighting;
pub mod live;
pub mod log;
pub mod opponent;
mod opponent_state;
pub mod phase;
pub mod play;
mod play_state;
mod plugin;
pub mod replay;
pub mod runner;
pub mod save;
pub mod save_check;
mod schedule;
mod spawn;
mod walk;
pub mod watch;

pub use crate::game::Dice;
pub use crate::play::Match;
pub use board::Board;
pub use components::*;
pub use log::{Event, WalkLog};
pub use phase::{NightState, Phase, PlayerTurn, Tallies};
pub use plugin::{SimPlugin, headless};
pub use runner::Walk;
pub use schedule::SimSystems;
