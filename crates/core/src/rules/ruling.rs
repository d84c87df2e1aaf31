//! What every ruling returns: a rule broken by a scenario (`Problem`), whether something may
//! be done (`Ruling`), whether a fact holds (`Check`), an amount with its rule (`Amount`).

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

/// A number a rule fixes (an MF cost, a DRM, a count), with its rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Amount {
    pub value: i32,
    pub rule: &'static str,
    pub reason: String,
}

/// A `Ruling`: allowed or not, by `rule`, because `reason`.
pub fn ruling(allowed: bool, rule: &'static str, reason: impl Into<String>) -> Ruling {
    Ruling {
        allowed,
        rule,
        reason: reason.into(),
    }
}

/// A `Check`: whether a fact holds, by `rule`, because `reason`.
pub fn check(holds: bool, rule: &'static str, reason: impl Into<String>) -> Check {
    Check {
        holds,
        rule,
        reason: reason.into(),
    }
}

/// An `Amount`: `value`, fixed by `rule`, because `reason`.
pub fn amount(value: i32, rule: &'static str, reason: impl Into<String>) -> Amount {
    Amount {
        value,
        rule,
        reason: reason.into(),
    }
}

/// Something a rule changed or decided that the player should know (G.1 conversions...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    pub rule: &'static str,
    pub at: String,
    pub message: String,
}
