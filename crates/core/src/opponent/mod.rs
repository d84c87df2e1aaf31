//! The opponent (issue 28): a side that plays itself, by the same rulings a player's orders go
//! through, from what that side knows only, saying why it does each thing.
//!
//! Modelled on Battle for Wesnoth's RCA AI: at each decision every candidate order is scored on
//! the side's own view of the game (`view::known_state`: no hidden enemy, no look under a "?"),
//! the pick is judged on the real game (a refusal is remembered and never tried again this
//! phase) and played with `game::apply`; then all are scored again, until none is worth doing.
//! The seat (`Opponent`) is the same for every kind; a kind (`Player`, `player.rs`) finds and
//! weighs the candidates and picks: `Kind::Greedy` (`greedy`, its weights in
//! `assets/opponent/greedy.ron`) the best, `Kind::Random` (`random`) uniformly among every
//! allowed one and passing, a baseline to measure the others against, `Kind::Passive`
//! (`passive`) only its Rallies, Routs and the Close Combat it is in, a scenario's measure.
//! Its own dice (for a random choice) are apart from the game's, so that the game's dice fall
//! as they would for a player giving the same orders (an exported game replays as a walk).

mod choice;
pub mod doctrine;
pub mod greedy;
mod kinds;
pub mod passive;
pub mod player;
pub mod plays_for;
pub mod random;
mod seat;
pub mod smoke;
pub mod value;
pub mod view;
pub mod weights;

pub use choice::{Choice, Kind, Moment};
pub use kinds::player_of;
pub use seat::{MAX_ORDERS_PER_PHASE, Memory, Opponent};
