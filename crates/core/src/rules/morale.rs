//! A10 Morale Checks as G1 needs them: pass or fail (A10.1), the Casualty MC of an Original 12
//! (A10.31) and failing by enough to exceed the ELR (A19.13). What a failed MC then does to a
//! unit is decided elsewhere (`rules::japanese::step`, `rules::japanese::smc`).
//!
//! Dice are inputs, never rolled here.

use serde::Serialize;

/// A19.13 / G1.123-G1.125, G1.133, G1.14: does a unit "exceed its ELR" when it fails a MC by an
/// amount *equal to* its ELR?
///
/// INTERPRETATION (one place to change it): seed 004's text says "exceeds its ELR", but every
/// one of its EXs (G1.121, G1.123, G1.124, G1.125, G1.14) says "fails the MC by an amount
/// ≥ its ELR". We follow the EXs: `true` = fails by >= ELR. (A third-party transcription of
/// A19.1 reads "more than", i.e. `false`; it is not among our sources.)
pub const ELR_REPLACEMENT_AT_OR_ABOVE: bool = true;

/// The outcome of one Morale Check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct McResult {
    /// The Original DR (2..=12); 0 for `break_without_mc`.
    pub original_dr: u8,
    /// Original DR + all DRM.
    pub final_dr: i32,
    /// The Morale Level checked against.
    pub morale: i32,
    /// Final DR <= Morale Level and not an Original 12.
    pub passed: bool,
    /// `final_dr - morale`: > 0 when the DR failed the MC.
    pub by: i32,
    /// Original 12: a Casualty MC (A10.31). Always fails, even when `by <= 0`.
    pub casualty: bool,
    /// The MC was failed by enough to exceed the ELR (see `ELR_REPLACEMENT_AT_OR_ABOVE`). An
    /// Original 12 can also set this (G1.14's second and third EXs); the outcome functions
    /// combine the two flags.
    pub exceeds_elr: bool,
    pub rule: &'static str,
    pub reason: String,
}

impl McResult {
    /// A7.8: the MC was passed with the highest DR that passes it (a Final DR equal to the
    /// Morale Level, or an Original 11 where even that passes: an Original 12 always fails,
    /// A10.31), which pins.
    pub fn passed_at_highest(&self) -> bool {
        self.passed && (self.final_dr == self.morale || self.original_dr == 11)
    }
}

/// A10.1/A10.31/A19.13 Morale Check: `original_dr` (two dice) + `drm` against `morale` (the
/// current Morale Level, e.g. from `rules::japanese::smc::morale_level`), with the unit's `elr`.
/// Passes when the Final DR is <= the Morale Level, unless the Original DR is a 12: that is a
/// Casualty MC (A10.31), which always fails. It exceeds the ELR when it fails by an amount of
/// at least `elr` (see `ELR_REPLACEMENT_AT_OR_ABOVE`) and of at least 1; an Original 12 whose Final
/// DR is within the Morale Level fails by no amount and so never exceeds the ELR. No automatic
/// pass on an Original 2 is modelled: our sources do not give one for a MC.
pub fn morale_check(original_dr: u8, drm: i32, morale: i32, elr: i32) -> McResult {
    // Saturating: a drm is bounded where it is read (scenario bounds), but no sum overflows.
    let final_dr = i32::from(original_dr).saturating_add(drm);
    let by = final_dr.saturating_sub(morale);
    let casualty = original_dr == 12;
    let passed = by <= 0 && !casualty;
    let elr_reached = if ELR_REPLACEMENT_AT_OR_ABOVE {
        by >= elr
    } else {
        by > elr
    };
    let exceeds_elr = !passed && by > 0 && elr_reached;
    let dr_text = if drm == 0 {
        format!("MC DR {original_dr}")
    } else {
        format!("MC DR {original_dr} {drm:+} = {final_dr}")
    };
    let (rule, verdict) = if casualty {
        (
            "A10.31",
            format!(
                "an Original 12 is a Casualty MC: the unit fails (Casualty Reduction){}",
                if exceeds_elr {
                    format!(" and, failing by {by} >= ELR {elr}, also exceeds its ELR")
                } else {
                    String::new()
                }
            ),
        )
    } else if passed {
        ("A10.1", format!("<= Morale Level {morale}: passed"))
    } else if exceeds_elr {
        (
            "A19.13",
            format!("> Morale Level {morale}: failed by {by}, >= its ELR {elr}: exceeds its ELR"),
        )
    } else {
        (
            "A10.1",
            format!("> Morale Level {morale}: failed by {by} (ELR {elr} not reached)"),
        )
    };
    McResult {
        original_dr,
        final_dr,
        morale,
        passed,
        by,
        casualty,
        exceeds_elr,
        rule,
        reason: format!("{dr_text}: {verdict}"),
    }
}

/// A10.3: a break that comes without a MC (a voluntary break, Bailing Out, a KIA "break"
/// (A7.301), a dr 1 sniper attack): failed, no Casualty MC, no ELR failure. Pass it as the `mc`
/// of the break functions when no MC was taken.
pub fn break_without_mc() -> McResult {
    McResult {
        original_dr: 0,
        final_dr: 0,
        morale: 0,
        passed: false,
        by: 0,
        casualty: false,
        exceeds_elr: false,
        rule: "A10.3",
        reason: "broken without a MC: no Casualty MC and no ELR failure".into(),
    }
}
