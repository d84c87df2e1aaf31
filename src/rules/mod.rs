//! Pure functions of the rules (G11 caves, B11.4 Climbing, E1 night, G1 Japanese, G.x PTO
//! terrain), one file per rule section. They take plain structs and return results that carry
//! their rule number and a reason, so the CLI, the simulation and the viewer can cite them.

pub mod caves;
pub mod climbing;
pub mod fire;
pub mod ift;
pub mod japanese;
pub mod morale;
pub mod night;
pub mod setup;
pub mod sight;

use serde::Serialize;

/// A rule a well-formed scenario breaks (reported by `check`, exit code 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The rule broken, e.g. "G11.1".
    pub rule: &'static str,
    /// Where: a hex, hexside, cave or unit id.
    pub at: String,
    pub message: String,
}

/// Whether something may be done, with its rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    pub allowed: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// Whether a fact holds (a penalty applies, a unit strays, a cave is Controlled...), with its
/// rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    pub holds: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// Something a rule changed or decided that the player should know (G.1 conversions...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    pub rule: &'static str,
    pub at: String,
    pub message: String,
}
