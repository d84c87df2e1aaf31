//! G1.4 Japanese SMC (no Broken side: Wounded instead) and G1.41 leaders (no ELR Replacement,
//! eliminated by a Casualty MC, +1 Morale Level to the units in their Location).

use serde::Serialize;

use crate::rules::morale::McResult;
use crate::rules::night::movement::{Amount, amount};

pub use crate::rules::tables::WoundSeverity;

/// What a break result does to a Japanese SMC.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SmcOutcome {
    /// No effect (he passed his MC).
    Unaffected,
    /// Wounded (flipped to his Wounded side, or left on it if already wounded).
    Wounded,
    Eliminated,
}

/// The outcome for a Japanese SMC.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmcBreak {
    pub outcome: SmcOutcome,
    pub rule: &'static str,
    pub reason: String,
}

fn smc(outcome: SmcOutcome, rule: &'static str, reason: impl Into<String>) -> SmcBreak {
    SmcBreak {
        outcome,
        rule,
        reason: reason.into(),
    }
}

/// G1.4: a Japanese SMC who suffers a break result is Wounded instead (Wound Severity dr),
/// eliminated if already-wounded heroic, or a leader on a Casualty MC (G1.41).
///
/// `casualty_mc`: the SMC is a *leader* and the break is a Casualty MC (Original 12, A10.31);
/// a non-leader hero's Casualty Reduction merely Wounds him (G1.14 EX), so pass `false` for him
/// (`japanese_smc_takes_mc` does this from an `McResult`). `heroic` includes a T-H Hero (G1.421)
/// and a heroic leader. `wound_severity_dr` is the Original Wound Severity dr; an already-wounded
/// man adds `severity.already_wounded_drm` and dies at `severity.mortal_at_or_above` (A17.11
/// Wound Severity, from the tables, `assets/tables.ron`: UNCERTAIN — NOT IN OUR SOURCES, A17.11
/// is not among our seeds; G1.4 only says "If he passes his Wound Severity dr"). If he survives
/// he is Wounded (flipped, unless already wounded).
pub fn japanese_smc_breaks(
    severity: WoundSeverity,
    already_wounded: bool,
    heroic: bool,
    casualty_mc: bool,
    wound_severity_dr: u8,
) -> SmcBreak {
    if casualty_mc {
        return smc(
            SmcOutcome::Eliminated,
            "G1.41",
            "a Japanese leader who suffers a Casualty MC is eliminated",
        );
    }
    if already_wounded && heroic {
        return smc(
            SmcOutcome::Eliminated,
            "G1.4",
            "an already-wounded heroic Japanese SMC who suffers a break result is eliminated \
             (A15.2)",
        );
    }
    let (mortal, roll) = wound_severity_roll(severity, already_wounded, wound_severity_dr);
    if mortal {
        smc(
            SmcOutcome::Eliminated,
            "A17.11",
            format!(
                "a Japanese SMC is Wounded instead of broken (G1.4); {roll} >= {}: the wound is \
                 mortal (A17.11 threshold UNCERTAIN, not in our sources)",
                severity.mortal_at_or_above
            ),
        )
    } else {
        smc(
            SmcOutcome::Wounded,
            "G1.4",
            format!(
                "a Japanese SMC is Wounded instead of broken; {roll} < {}: he survives{}",
                severity.mortal_at_or_above,
                if already_wounded {
                    " and stays on his Wounded side"
                } else {
                    " and is flipped to his Wounded side"
                }
            ),
        )
    }
}

/// A17.11 Wound Severity (NOT FROM THE SEEDS: `assets/tables.ron`'s `wound_severity`, our
/// reading): whether the Final dr (the Original `dr`, plus `already_wounded_drm` for a man
/// already wounded) is a mortal wound (at or above `mortal_at_or_above`), and the roll in words.
pub fn wound_severity_roll(
    severity: WoundSeverity,
    already_wounded: bool,
    dr: u8,
) -> (bool, String) {
    let drm = if already_wounded {
        severity.already_wounded_drm
    } else {
        0
    };
    let final_dr = dr + drm;
    let roll = if drm == 0 {
        format!("Wound Severity dr {dr}")
    } else {
        format!("Wound Severity dr {dr} +{drm} (already wounded) = {final_dr}")
    };
    (final_dr >= severity.mortal_at_or_above, roll)
}

/// G1.4/G1.41: a Japanese SMC's MC. Passed: unaffected. Failed: `japanese_smc_breaks`, with a
/// Casualty MC counting as such only for a leader (a hero's Casualty Reduction Wounds him). A
/// Japanese leader who fails by >= his ELR is not subject to Replacement (G1.41); nor is a hero.
pub fn japanese_smc_takes_mc(
    severity: WoundSeverity,
    mc: &McResult,
    is_leader: bool,
    already_wounded: bool,
    heroic: bool,
    wound_severity_dr: u8,
) -> SmcBreak {
    if mc.passed {
        return smc(
            SmcOutcome::Unaffected,
            mc.rule,
            format!("passed: {}", mc.reason),
        );
    }
    let mut b = japanese_smc_breaks(
        severity,
        already_wounded,
        heroic,
        is_leader && mc.casualty,
        wound_severity_dr,
    );
    if is_leader && mc.exceeds_elr {
        b.reason
            .push_str("; a Japanese leader is not subject to ELR Replacement (G1.41)");
    }
    b
}

/// G1.41: the Morale Level of a Japanese unit: +1 for a non-berserk Japanese Infantry unit (not
/// a leader) in the same Location as a Good Order Japanese leader.
///
/// The EX applies it to a broken HS (8 -> 9). `japanese_leader_in_location` means a Good Order
/// Japanese Infantry/Cavalry leader (the caller checks the leader); one leader or more gives +1
/// (the rule says "by one"). G1.41 adds "(A.18 applies)", the Morale Level Ceiling, whose value
/// is not in our sources and is not applied here.
pub fn morale_level(
    base: i32,
    is_leader: bool,
    berserk: bool,
    japanese_leader_in_location: bool,
) -> Amount {
    if !japanese_leader_in_location {
        // A leader checking alone reads his own Morale Level (G1.41 raises the others').
        let why = if is_leader {
            format!(
                "his own Morale Level, {base}: a Japanese leader's +1 is for the others in his \
                 Location"
            )
        } else {
            format!("no Good Order Japanese leader in its Location: Morale Level {base}")
        };
        return amount(base, "G1.41", why);
    }
    if is_leader {
        return amount(
            base,
            "G1.41",
            format!("a leader does not raise another leader's Morale Level: {base}"),
        );
    }
    if berserk {
        return amount(
            base,
            "G1.41",
            format!("a berserk unit's Morale Level is not raised by a leader: {base}"),
        );
    }
    let ml = base + 1;
    amount(
        ml,
        "G1.41",
        format!(
            "a Japanese leader raises the Morale Level of the other non-berserk Japanese units \
             in his Location by one: {base} + 1 = {ml}"
        ),
    )
}
