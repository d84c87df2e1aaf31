//! G11.8-G11.97: attacks on caves and what they do. Cave TEM (G11.8), predesignation and
//! Spraying Fire (G11.81-G11.812), Residual FP and Fire Lanes (G11.82-G11.821), Area Target
//! Type (G11.831), DC Placed, Thrown, Placed by Climbing and Set (G11.833-G11.8332), FT
//! (G11.834), SCW and HEAT (G11.835), canister (G11.836), OBA and Bombardment (G11.84-G11.841),
//! SMOKE and WP (G11.85-G11.851), CC (G11.87), elimination (G11.88), Control (G11.94), night
//! (G11.96) and Heat of Battle (G11.97).
//!
//! Small pure functions of plain inputs. Every result carries its rule number and a reason
//! sentence. Where the seed's rule text is cut off and the cave play-aid fills it, the rule is
//! cited as "G11.x (play-aid)"; where neither source says, the function says so in its doc and
//! leaves the decision to the caller.

mod common;
mod dc;
mod effects;
mod fire;
mod oba;
mod smoke;
mod weapons;

pub use common::*;
pub use dc::*;
pub use effects::*;
pub use fire::*;
pub use oba::*;
pub use smoke::*;
pub use weapons::*;
