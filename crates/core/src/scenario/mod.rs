//! Scenario files (RON, see scenario-format.md): parsed by `raw`, then resolved here into the
//! map, caves, units and situation, with every id and Location checked. Input errors name the
//! file and the line and column (or the offending text); rule problems are `check`'s business.

mod bounds;
mod definition;
mod error;
mod export;
pub mod input;
pub mod raw;
mod read;
mod resolve;
mod sight;
mod start;
pub mod vasl;

pub use crate::model::{Cloud, Moon, Nationality, Phase, Side, SmokeKind};
pub use definition::*;
pub use error::{ScenarioError, line_col, locate_nth};
pub use input::{MAX_INPUT_BYTES, fingerprint};
pub use raw::ElrSpec;
pub use sight::{Field, LosContext, Sky};
