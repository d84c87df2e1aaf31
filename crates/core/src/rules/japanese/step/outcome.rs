//! What a Japanese MMC becomes (`StepOutcome`), and the catalog look-ups the rulings share.

use serde::Serialize;

use crate::counters::{Catalog, Counter};

/// What broke or Step-Reduced a Japanese MMC: G1.12 lists the Attack Break causes; everything
/// else is a G1.13 Other Break.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Cause {
    /// A failed IFT / Collateral-Attack / Bombardment / FPF MC (G1.12).
    IftMc,
    /// A dr "1" sniper attack (G1.12). No MC is taken.
    SniperDr1,
    /// "Breaks" due to a KIA result (A7.301; G1.12 errata). No MC is taken.
    Kia,
    /// A break result from any other cause (G1.13): Bailing Out, breaking voluntarily, Wreck
    /// Check, para landing, WP MC, OVR Prevention MC, Panji MC...
    OtherBreak,
}

/// One counter a unit is exchanged for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Becomes {
    /// The catalog name of the counter (same nationality as the unit).
    pub counter: String,
    pub broken: bool,
    /// Marked DM (Desperation Morale).
    pub dm: bool,
}

/// What a unit becomes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepOutcome {
    /// The counters that replace the unit (one or two); empty = eliminated.
    pub becomes: Vec<Becomes>,
    pub rule: &'static str,
    pub reason: String,
}

pub(super) fn good(name: &str) -> Becomes {
    Becomes {
        counter: name.to_string(),
        broken: false,
        dm: false,
    }
}

pub(super) fn broken(name: &str) -> Becomes {
    Becomes {
        counter: name.to_string(),
        broken: true,
        dm: true,
    }
}

pub(super) fn outcome(
    becomes: Vec<Becomes>,
    rule: &'static str,
    reason: impl Into<String>,
) -> StepOutcome {
    StepOutcome {
        becomes,
        rule,
        reason: reason.into(),
    }
}

/// The unit as it is: for a passed MC, or where the catalog lacks a relation.
pub(super) fn unchanged(
    unit: &Counter,
    rule: &'static str,
    reason: impl Into<String>,
) -> StepOutcome {
    outcome(vec![good(&unit.name)], rule, reason)
}

/// A catalog relation of `unit` (its `reduced`, `half_squad`...), looked up as a counter.
pub(super) fn related(unit: &Counter, name: &Option<String>) -> Option<&'static Counter> {
    let name = name.as_deref()?;
    Catalog::get().counter(unit.nationality, name)
}

pub(super) fn catalog_gap(unit: &Counter, rule: &'static str, what: &str) -> StepOutcome {
    unchanged(
        unit,
        rule,
        format!(
            "the counter catalog names no {what} for {}: left unchanged (add it to \
             assets/counters.ron)",
            unit.name
        ),
    )
}

pub(super) const RETAINS: &str =
    "it retains any pinned/TI/CX status and any Fire-Lane/Target-Acquisition";
