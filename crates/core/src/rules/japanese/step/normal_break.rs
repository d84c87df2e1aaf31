//! A10.3, A10.31, A19.11-A19.13: the normal break of a non-Japanese MMC after a failed MC
//! (Casualty Reduction on a Casualty MC; ELR Replacement by the catalog's lower Class), for
//! comparison with the Japanese Step Reduction of `reduction`.

use crate::counters::{Counter, Kind};
use crate::rules::morale::McResult;

use super::outcome::{StepOutcome, broken, catalog_gap, outcome, related, unchanged};

/// A10.3/A10.31/A19.13: what a non-Japanese MMC becomes after a failed MC (breaks; Casualty MC:
/// Casualty Reduction to a broken HS; ELR: replaced by the next lower class from catalog
/// `lower_class`).
///
/// The unit is unbroken when it takes the MC. A passed MC changes nothing. A Casualty MC
/// (A10.31) Casualty-Reduces a squad to its HS, which breaks; a HS or crew is eliminated; when
/// the Casualty MC DR also exceeds the ELR, the squad is first Replaced by its `lower_class`
/// (as G1.14's EX describes it). Otherwise, exceeding the ELR (A19.13), the unit is Replaced by
/// a broken `lower_class` counter; crews never are (A19.11). A unit whose catalog row names no
/// lower Class is only broken: A19.12 Disruption (which some nationalities, e.g. U.S. Marines,
/// never suffer) is not modelled and is only named in the reason.
pub fn mmc_breaks(unit: &Counter, mc: &McResult) -> StepOutcome {
    if mc.passed {
        return unchanged(
            unit,
            mc.rule,
            format!("{} passed its MC: no effect ({})", unit.name, mc.reason),
        );
    }
    let lower = if unit.kind == Kind::Crew {
        None
    } else {
        related(unit, &unit.lower_class)
    };
    if mc.casualty {
        return match unit.kind {
            Kind::Squad => {
                let from = match lower {
                    Some(l) if mc.exceeds_elr => l,
                    _ => unit,
                };
                let Some(hs) = related(from, &from.half_squad) else {
                    return catalog_gap(unit, "A10.31", "HS");
                };
                outcome(
                    vec![broken(&hs.name)],
                    "A10.31",
                    format!(
                        "a Casualty MC (Original 12): {}Casualty Reduction to a {} HS, which \
                         breaks (and is DM)",
                        if std::ptr::eq(from, unit) {
                            String::new()
                        } else {
                            format!(
                                "exceeding its ELR too, the {} is first Replaced by a {}; ",
                                unit.name, from.name
                            )
                        },
                        hs.name
                    ),
                )
            }
            _ => outcome(
                Vec::new(),
                "A10.31",
                format!(
                    "a Casualty MC (Original 12): Casualty Reduction eliminates the {} (A7.302)",
                    unit.name
                ),
            ),
        };
    }
    if mc.exceeds_elr {
        if unit.kind == Kind::Crew {
            return outcome(
                vec![broken(&unit.name)],
                "A19.11",
                format!(
                    "crews are never Replaced for ELR: the {} is broken (and DM)",
                    unit.name
                ),
            );
        }
        if let Some(l) = lower {
            return outcome(
                vec![broken(&l.name)],
                "A19.13",
                format!(
                    "failing its MC by >= its ELR, the {} is Replaced by a broken (and DM) {} of \
                     the next-lower Class",
                    unit.name, l.name
                ),
            );
        }
        return outcome(
            vec![broken(&unit.name)],
            "A19.12",
            format!(
                "the {} exceeds its ELR but the catalog names no lower Class: it is broken (and \
                 DM); A19.12 Disruption, where it applies, is not modelled",
                unit.name
            ),
        );
    }
    outcome(
        vec![broken(&unit.name)],
        "A10.3",
        format!("failing its MC, the {} breaks (and is DM)", unit.name),
    )
}
