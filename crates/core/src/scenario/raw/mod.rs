//! The raw syntax tree of a scenario file (`docs/scenario-format.md`).
//!
//! This layer only mirrors the RON text: hex ids, hexsides, locations, unit ids and cave ids stay
//! as plain `String`s, exactly as written. Resolving them (is the hex on the map? is the hexside
//! made of two adjacent hexes? does the cave exist?) is the job of the layer above.
//!
//! Two promises hold for every type here:
//! - a misspelt field is an error, never silently ignored (`deny_unknown_fields`);
//! - a key written twice in a map is an error naming the key ([`OrderedMap`]).
//!
//! [`parse`] never panics, whatever the input; every failure is a [`SyntaxError`] with a 1-based
//! line and column.
//!
//! Optional fields may be written `Some(x)` or plain `x` (ron's `IMPLICIT_SOME`). The serde names
//! of the types (`Map`, `Hex`, `Unit`, `Terrain`, …) are short on purpose: they are what ron's
//! messages show, e.g. "Unexpected field named `cliff` in `Map`".

mod file;
mod map;
mod ordered_map;
mod script;
mod setup;
mod syntax;
#[cfg(test)]
mod tests;

pub use crate::map::{BuildingKind, Depression, StreamKind, Terrain};
pub use crate::model::{Cloud, Moon, Phase, Side, SmokeKind};
pub use file::{DateSpec, ElrSpec, NightSpec, PlanSpec, ScenarioFile, VictorySpec};
pub use map::{HexSpec, MapSpec};
pub use ordered_map::OrderedMap;
pub use script::{ActionSpec, StepSpec};
pub use setup::{
    BlazeSpec, CaveSpec, ComplexSpec, ObSpec, SmokeSpec, TripFlareSpec, TunnelSpec, UnitSpec,
};
pub use syntax::{SyntaxError, locate, parse};

/// Nationality of a unit (defined with the counter catalog).
pub use crate::model::Nationality;
