//! Playing the game (issue 24): an order or a phase applied to the `GameState` without Bevy.
//! `apply` plays one order (its ruling in `rules::orders` asked, the dice its plan names rolled,
//! the plan applied, what happened said); `begin_phase` and `end_player_turn` run the phases'
//! own steps. Each returns the `Said` events in the order they happened; a front end adds the
//! turn, phase and step (the walk's log) and shows the state (the simulation's entities).

mod aftermath;
mod apply;
mod attack;
mod banzai;
mod close_combat;
mod context;
mod dice;
mod fire;
mod fire_attack;
mod ift_hits;
mod movement;
mod night;
mod observe;
pub mod odds;
mod phases;
mod rally;
mod rout;
mod said;
mod trip_flares;
mod units;

pub use apply::apply;
pub use dice::{Dice, Roll};
pub use ift_hits::ift_result_at;
pub use phases::{begin_phase, end_player_turn, end_rally_phase, end_rout_phase};
pub use said::{REFUSED, Said};
