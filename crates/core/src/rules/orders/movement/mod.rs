//! A4 movement to an adjacent Location with the cave rules (G11.7-G11.75, G11.751 and its EX,
//! G11.933 tunnels), HIP (A12.15), the night (E1.31 concealment, E1.51 MF) and the APh advance
//! off a Climb counter (B11.4): `move_to` decides one move of one unit and says what changes.
//!
//! The move's plan and the entry points are here; `step` rules on one step of one mover (the
//! A4, cave, HIP, night and Climb rules above, with G11.4 Cave Complex overstacking) and `memo`
//! keeps what a series of moves shares (the G11.75, G11.75 EX and A12.15 sightings, E1.101);
//! `met` rules on the hidden (A12.15) and concealed (A12.14) enemies a step runs into.

mod line;
mod memo;
mod met;
mod plan;
mod step;

pub(crate) use memo::Memo;
pub use plan::*;
pub(crate) use step::step;
pub use step::{mf_in_place_concealment_lost, move_to};
