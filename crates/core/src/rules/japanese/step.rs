//! G1.1-G1.16 Japanese squads (Step Reduction, Attack Break, Other Break, Casualty Reduction,
//! Unarmed, Deploying), G1.2 half-squads, G1.3 crews; and, for comparison, the normal break of
//! a non-Japanese MMC (A10.3, A10.31, A19.13).
//!
//! Every counter comes from the catalog (`assets/counters.ron`): its `reduced` side, its
//! `half_squad`, its `lower_class` (ELR Replacement) and, for an infantry-crew, the vehicle-crew
//! it `becomes_vehicle_crew`. A unit that breaks is also DM: every seed EX that breaks a unit
//! says "broken (and DM)".

use serde::Serialize;

use crate::counters::{Catalog, Class, Counter, Kind, Nationality};
use crate::rules::Ruling;
use crate::rules::morale::McResult;

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

fn good(name: &str) -> Becomes {
    Becomes {
        counter: name.to_string(),
        broken: false,
        dm: false,
    }
}

fn broken(name: &str) -> Becomes {
    Becomes {
        counter: name.to_string(),
        broken: true,
        dm: true,
    }
}

fn outcome(becomes: Vec<Becomes>, rule: &'static str, reason: impl Into<String>) -> StepOutcome {
    StepOutcome {
        becomes,
        rule,
        reason: reason.into(),
    }
}

/// The unit as it is: for a passed MC, or where the catalog lacks a relation.
fn unchanged(unit: &Counter, rule: &'static str, reason: impl Into<String>) -> StepOutcome {
    outcome(vec![good(&unit.name)], rule, reason)
}

/// A catalog relation of `unit` (its `reduced`, `half_squad`...), looked up as a counter.
fn related(unit: &Counter, name: &Option<String>) -> Option<&'static Counter> {
    let name = name.as_deref()?;
    Catalog::get().counter(unit.nationality, name)
}

fn catalog_gap(unit: &Counter, rule: &'static str, what: &str) -> StepOutcome {
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

const RETAINS: &str = "it retains any pinned/TI/CX status and any Fire-Lane/Target-Acquisition";

// --- G1.11-G1.14, G1.2, G1.3 ------------------------------------------------------------------

/// G1.11-G1.14, G1.3: what a Japanese MMC (squad, HS or crew, from the catalog) becomes after a
/// failed MC (`mc.passed == false`) or other break.
///
/// `mc` is the MC that broke it (from `rules::morale::morale_check`); for `Cause::SniperDr1` and
/// `Cause::Kia` no MC is taken and `mc` is not read; for a G1.13 break without a MC (breaking
/// voluntarily, Bailing Out) pass `rules::morale::break_without_mc()`. With an `IftMc` or
/// `OtherBreak` MC that passed, nothing happens.
///
/// Squads (G1.11-G1.14):
/// - Casualty MC (Original 12), whatever the cause (G1.14 EXs): one broken DM HS of its Class;
///   if the DR also exceeds the ELR, one of the next-lower Class (in effect Replaced first);
///   a Conscript that also exceeds its ELR is eliminated.
/// - Attack Break (`IftMc`, `SniperDr1`, `Kia`; G1.121-G1.125): Full-Strength -> its unbroken
///   Reduced side; Reduced -> one unbroken HS; exceeding the ELR, a non-Conscript is first
///   Replaced by the next-lower Class squad of the same strength, then Step-Reduced; a Conscript
///   exceeding its ELR -> one broken DM HS.
/// - Other Break (`OtherBreak`; G1.131-G1.133): Full-Strength -> its two broken HS; Reduced ->
///   one; breaking by >= the ELR, those HS are of the next-lower Class unless it is a Conscript.
/// - Berserk or Unarmed (`berserk_or_unarmed`; G1.14): Casualty Reduction instead (one unbroken
///   same-Class HS), whatever the cause; ELR is not applied (A19.11 makes Unarmed units immune).
///
/// HS (G1.2) break in the normal manner (broken DM; exceeding the ELR: the next-lower Class HS,
/// never Disrupted); a Casualty MC eliminates them (G1.14). Infantry-crews (G1.3): an Attack
/// Break flips a Full-Strength crew to its Reduced side and exchanges a Reduced one for a broken
/// DM vehicle-crew; a G1.13 break exchanges either for a broken DM vehicle-crew; a Casualty MC
/// eliminates it. Vehicle-crews break normally. Crews are never Replaced for ELR (A19.11, a
/// third-party transcription of Chapter A; the seed's crew rules never mention ELR).
///
/// Read, not stated, in the seed: (1) G1.14's berserk/Unarmed sentence names squads; we apply
/// it to berserk/Unarmed HS and crews as well (their Casualty Reduction eliminates them), since
/// berserk units do not break. (2) A 1-2-7 that came from an infantry-crew "would still be
/// considered an infantry crew" (G1.3 EX) for A21.22/Casualty Tally purposes; the counter does
/// not carry that history and it breaks as a 1-2-7. A non-Japanese unit is passed to
/// `mmc_breaks`.
pub fn japanese_mmc_breaks(
    unit: &Counter,
    berserk_or_unarmed: bool,
    cause: Cause,
    mc: &McResult,
) -> StepOutcome {
    if unit.nationality != Nationality::Japanese {
        let mut o = mmc_breaks(unit, mc);
        o.reason = format!("not a Japanese unit, so it breaks normally: {}", o.reason);
        return o;
    }
    let takes_mc = matches!(cause, Cause::IftMc | Cause::OtherBreak);
    if takes_mc && mc.passed {
        return unchanged(
            unit,
            mc.rule,
            format!("{} passed its MC: no effect ({})", unit.name, mc.reason),
        );
    }
    let casualty = takes_mc && mc.casualty;
    let elr = takes_mc && mc.exceeds_elr;
    if berserk_or_unarmed && unit.kind != Kind::Leader {
        let mut o = casualty_reduction(unit);
        o.reason = format!(
            "a berserk or Unarmed Japanese unit that suffers a break result suffers Casualty \
             Reduction instead of Step Reduction: {}",
            o.reason
        );
        return o;
    }
    match unit.kind {
        Kind::Squad => squad_breaks(unit, cause, casualty, elr),
        Kind::HalfSquad => half_squad_breaks(unit, cause, casualty, elr),
        Kind::Crew if unit.vehicle_crew => vehicle_crew_breaks(unit, casualty),
        Kind::Crew => infantry_crew_breaks(unit, cause, casualty, elr),
        Kind::Leader => unchanged(
            unit,
            "G1.4",
            "a Japanese SMC has no Broken side: see rules::japanese::smc::japanese_smc_breaks",
        ),
    }
}

fn squad_breaks(unit: &Counter, cause: Cause, casualty: bool, elr: bool) -> StepOutcome {
    let conscript = unit.class == Class::Conscript;
    let full = unit.is_full_strength();
    let strength = if full {
        "Full-Strength"
    } else {
        "Reduced-Strength"
    };
    let Some(hs) = related(unit, &unit.half_squad) else {
        return catalog_gap(unit, "G1.1", "HS");
    };
    let lower = related(unit, &unit.lower_class);

    if casualty {
        if !elr {
            return outcome(
                vec![broken(&hs.name)],
                "G1.14",
                format!(
                    "a Casualty MC (Original 12) Casualty-Reduces the {} to a same-Class HS, \
                     which breaks: a broken (and DM) {}",
                    unit.name, hs.name
                ),
            );
        }
        if conscript {
            return outcome(
                Vec::new(),
                "G1.14",
                format!(
                    "a Conscript {} whose Casualty MC DR also exceeds its ELR is eliminated: in \
                     effect Replaced by a broken HS (G1.125), which is then Casualty Reduced \
                     (A7.302)",
                    unit.name
                ),
            );
        }
        let Some(lower_hs) = lower.and_then(|l| related(l, &l.half_squad)) else {
            return catalog_gap(unit, "G1.14", "next-lower Class squad with a HS");
        };
        return outcome(
            vec![broken(&lower_hs.name)],
            "G1.14",
            format!(
                "a Casualty MC DR that also exceeds the ELR: the {} is in effect Replaced by its \
                 next-lower Class squad, Casualty Reduced to that squad's HS, which breaks: a \
                 broken (and DM) {}",
                unit.name, lower_hs.name
            ),
        );
    }

    match cause {
        Cause::OtherBreak => {
            let count = if full { 2 } else { 1 };
            let (hs_name, rule, why) = if elr && !conscript {
                let Some(lower_hs) = lower.and_then(|l| related(l, &l.half_squad)) else {
                    return catalog_gap(unit, "G1.133", "next-lower Class squad with a HS");
                };
                (
                    lower_hs.name.as_str(),
                    "G1.133",
                    "breaking by >= its ELR, the HS are of the next-lower Class".to_string(),
                )
            } else {
                (
                    hs.name.as_str(),
                    if full { "G1.131" } else { "G1.132" },
                    if elr {
                        "a Conscript's HS stay of its Class even when it breaks by >= its ELR \
                         (G1.133)"
                            .to_string()
                    } else {
                        "its own HS".to_string()
                    },
                )
            };
            outcome(
                vec![broken(hs_name); count],
                rule,
                format!(
                    "an Other Break (G1.13): the {strength} {} is exchanged for {} broken (and \
                     DM) {hs_name} HS; {why}",
                    unit.name,
                    if full { "two" } else { "one" },
                ),
            )
        }
        Cause::IftMc | Cause::SniperDr1 | Cause::Kia => {
            if elr && conscript {
                return outcome(
                    vec![broken(&hs.name)],
                    "G1.125",
                    format!(
                        "a Conscript {strength} {} that exceeds its ELR is Replaced by one of \
                         its broken (and DM) {} HS",
                        unit.name, hs.name
                    ),
                );
            }
            let (from, replaced) = if elr {
                let Some(l) = lower else {
                    return catalog_gap(unit, "G1.123", "next-lower Class squad");
                };
                (
                    l,
                    format!(
                        "exceeding its ELR, it is first Replaced by the {strength} {} of the \
                         next-lower Class, which is then Step-Reduced: ",
                        l.name
                    ),
                )
            } else {
                (unit, String::new())
            };
            if full {
                let Some(r) = related(from, &from.reduced) else {
                    return catalog_gap(from, "G1.121", "Reduced-Strength side");
                };
                outcome(
                    vec![good(&r.name)],
                    if elr { "G1.123" } else { "G1.121" },
                    format!(
                        "Step Reduction of the Full-Strength {}: {replaced}flipped to its \
                         Reduced-Strength side, an unbroken {} squad; {RETAINS}",
                        unit.name, r.name
                    ),
                )
            } else {
                let Some(h) = related(from, &from.half_squad) else {
                    return catalog_gap(from, "G1.122", "HS");
                };
                outcome(
                    vec![good(&h.name)],
                    if elr { "G1.124" } else { "G1.122" },
                    format!(
                        "Step Reduction of the Reduced-Strength {}: {replaced}exchanged for an \
                         unbroken {} HS; {RETAINS}",
                        unit.name, h.name
                    ),
                )
            }
        }
    }
}

fn half_squad_breaks(unit: &Counter, cause: Cause, casualty: bool, elr: bool) -> StepOutcome {
    if casualty {
        return outcome(
            Vec::new(),
            "G1.14",
            format!(
                "a Casualty MC (Original 12) Casualty-Reduces the {} HS: eliminated (A7.302)",
                unit.name
            ),
        );
    }
    if elr {
        if let Some(l) = related(unit, &unit.lower_class) {
            return outcome(
                vec![broken(&l.name)],
                "G1.2",
                format!(
                    "a Japanese HS breaks in the normal manner: exceeding its ELR, the {} is \
                     Replaced by a broken (and DM) {} HS of the next-lower Class (A19.13)",
                    unit.name, l.name
                ),
            );
        }
        return outcome(
            vec![broken(&unit.name)],
            "G1.2",
            format!(
                "a Japanese HS breaks in the normal manner but never Disrupts: the {} exceeds \
                 its ELR but has no lower Class, so it is merely broken (and DM)",
                unit.name
            ),
        );
    }
    let why = match cause {
        Cause::SniperDr1 => "a dr 1 sniper attack breaks it",
        Cause::Kia => "a KIA result breaks it (A7.301)",
        Cause::IftMc | Cause::OtherBreak => "it failed its MC",
    };
    outcome(
        vec![broken(&unit.name)],
        "G1.2",
        format!(
            "a Japanese HS breaks in the normal manner: {why}; a broken (and DM) {}",
            unit.name
        ),
    )
}

fn vehicle_crew_breaks(unit: &Counter, casualty: bool) -> StepOutcome {
    if casualty {
        return outcome(
            Vec::new(),
            "G1.14",
            format!(
                "a crew that rolls a Casualty MC is eliminated (the {} vehicle-crew)",
                unit.name
            ),
        );
    }
    outcome(
        vec![broken(&unit.name)],
        "G1.3",
        format!(
            "a Japanese vehicle-crew breaks in the normal manner: a broken (and DM) {}",
            unit.name
        ),
    )
}

fn infantry_crew_breaks(unit: &Counter, cause: Cause, casualty: bool, elr: bool) -> StepOutcome {
    if casualty {
        return outcome(
            Vec::new(),
            "G1.14",
            format!(
                "a crew that rolls a Casualty MC is eliminated (the {} infantry-crew)",
                unit.name
            ),
        );
    }
    let elr_note = if elr {
        " (crews are never Replaced for ELR, A19.11)"
    } else {
        ""
    };
    let Some(vc) = related(unit, &unit.becomes_vehicle_crew) else {
        return catalog_gap(unit, "G1.3", "vehicle-crew");
    };
    match cause {
        Cause::IftMc | Cause::SniperDr1 | Cause::Kia if unit.is_full_strength() => {
            let Some(r) = related(unit, &unit.reduced) else {
                return catalog_gap(unit, "G1.3", "Reduced-Strength side");
            };
            outcome(
                vec![good(&r.name)],
                "G1.3",
                format!(
                    "a Full-Strength infantry-crew is Step-Reduced like a Full-Strength squad \
                     (G1.121): the {} is flipped to its unbroken {} side{elr_note}; {RETAINS}",
                    unit.name, r.name
                ),
            )
        }
        Cause::IftMc | Cause::SniperDr1 | Cause::Kia => outcome(
            vec![broken(&vc.name)],
            "G1.3",
            format!(
                "a Reduced-Strength infantry-crew is Step-Reduced to a broken vehicle-crew: the \
                 {} is exchanged for a broken (and DM) {}{elr_note}",
                unit.name, vc.name
            ),
        ),
        Cause::OtherBreak => outcome(
            vec![broken(&vc.name)],
            "G1.3",
            format!(
                "an infantry-crew that suffers a G1.13 break (including breaking voluntarily) is \
                 exchanged for a broken vehicle-crew: the {} becomes a broken (and DM) \
                 {}{elr_note}",
                unit.name, vc.name
            ),
        ),
    }
}

/// G1.14: Casualty Reduction of a Japanese MMC (squad -> same-Class unbroken HS; HS/crew
/// eliminated), regardless of how it occurred. A7.302 applies the same to other nationalities'
/// MMC. A SMC is Wounded instead (see `rules::japanese::smc`); a leader counter is returned
/// unchanged here.
pub fn casualty_reduction(unit: &Counter) -> StepOutcome {
    match unit.kind {
        Kind::Squad => {
            let Some(hs) = related(unit, &unit.half_squad) else {
                return catalog_gap(unit, "G1.14", "HS");
            };
            outcome(
                vec![good(&hs.name)],
                "G1.14",
                format!(
                    "Casualty Reduction exchanges the {} squad for one of its same-Class, \
                     unbroken {} HS",
                    unit.name, hs.name
                ),
            )
        }
        Kind::HalfSquad | Kind::Crew => outcome(
            Vec::new(),
            "G1.14",
            format!(
                "Casualty Reduction eliminates a HS or crew counter: the {} is eliminated",
                unit.name
            ),
        ),
        Kind::Leader => unchanged(
            unit,
            "G1.14",
            "Casualty Reduction Wounds a SMC: see rules::japanese::smc",
        ),
    }
}

// --- Non-Japanese, for comparison -------------------------------------------------------------

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

// --- G1.15, G1.16, G1.2 ------------------------------------------------------------------------

/// G1.15: an Unarmed Japanese squad that becomes re-armed (A20.551-.552) is exchanged for a
/// Full-Strength Conscript squad (the catalog's Full-Strength Japanese Conscript squad, 3-3-6).
pub fn rearmed_squad() -> StepOutcome {
    let squad = Catalog::get().counters.iter().find(|c| {
        c.nationality == Nationality::Japanese
            && c.kind == Kind::Squad
            && c.class == Class::Conscript
            && c.is_full_strength()
    });
    match squad {
        Some(s) => outcome(
            vec![good(&s.name)],
            "G1.15",
            format!(
                "a re-armed Unarmed Japanese squad is exchanged for a Full-Strength Conscript \
                 squad: {}",
                s.name
            ),
        ),
        None => outcome(
            Vec::new(),
            "G1.15",
            "the counter catalog lists no Full-Strength Japanese Conscript squad",
        ),
    }
}

/// G1.16/G1.3: may this Japanese MMC Deploy? A squad Deploys in the normal manner; no
/// infantry-crew may Deploy (G1.3). HS and vehicle-crews have nothing to Deploy into.
pub fn may_deploy(unit: &Counter) -> Ruling {
    let (allowed, rule, reason) = match unit.kind {
        Kind::Squad => (
            true,
            "G1.16",
            "a Japanese squad Deploys in the normal manner",
        ),
        Kind::Crew => (false, "G1.3", "no infantry-crew may Deploy"),
        Kind::HalfSquad | Kind::Leader => (false, "G1.16", "only a squad Deploys"),
    };
    Ruling {
        allowed,
        rule,
        reason: reason.into(),
    }
}

/// G1.16: what a Japanese squad Deploys into: two of its HS if Full-Strength, just one of its
/// HS if Reduced-Strength. Check `may_deploy` first; a non-squad is returned unchanged.
pub fn deploy(unit: &Counter) -> StepOutcome {
    if unit.kind != Kind::Squad {
        let r = may_deploy(unit);
        return unchanged(unit, r.rule, r.reason);
    }
    let Some(hs) = related(unit, &unit.half_squad) else {
        return catalog_gap(unit, "G1.16", "HS");
    };
    if unit.is_full_strength() {
        outcome(
            vec![good(&hs.name); 2],
            "G1.16",
            format!(
                "the Full-Strength {} Deploys in the normal manner into two {} HS",
                unit.name, hs.name
            ),
        )
    } else {
        outcome(
            vec![good(&hs.name)],
            "G1.16",
            format!(
                "a Reduced-Strength squad is exchanged for just one of its HS: {} -> {}",
                unit.name, hs.name
            ),
        )
    }
}

/// The outcome of a Recombination attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recombined {
    pub allowed: bool,
    /// The Full-Strength squad they Recombine into.
    pub squad: Option<String>,
    pub rule: &'static str,
    pub reason: String,
}

/// G1.2/G1.3: two Good-Order, same-Class Japanese HS Recombine (A1.32) into a Full-Strength
/// squad of that Class (the catalog's Full-Strength Japanese squad whose HS they are); vehicle
/// crews (and crews generally: they are not HS) may not Recombine.
pub fn recombine(a: &Counter, b: &Counter, both_good_order: bool) -> Recombined {
    let no = |rule, reason: String| Recombined {
        allowed: false,
        squad: None,
        rule,
        reason,
    };
    if a.kind == Kind::Crew || b.kind == Kind::Crew {
        return no("G1.3", "crews may not Recombine".into());
    }
    if a.kind != Kind::HalfSquad || b.kind != Kind::HalfSquad {
        return no("G1.2", "only two HS Recombine".into());
    }
    if a.nationality != Nationality::Japanese || b.nationality != Nationality::Japanese {
        return no("G1.2", "G1.2 Recombines Japanese HS".into());
    }
    if !both_good_order {
        return no("G1.2", "both HS must be in Good Order to Recombine".into());
    }
    if a.class != b.class {
        return no(
            "G1.2",
            format!("{} and {} are not of the same Class", a.name, b.name),
        );
    }
    let squad = Catalog::get().counters.iter().find(|c| {
        c.nationality == Nationality::Japanese
            && c.kind == Kind::Squad
            && c.is_full_strength()
            && c.class == a.class
            && c.half_squad.as_deref() == Some(a.name.as_str())
    });
    match squad {
        Some(s) => Recombined {
            allowed: true,
            squad: Some(s.name.clone()),
            rule: "G1.2",
            reason: format!(
                "two Good Order same-Class {} HS Recombine into a Full-Strength {} squad",
                a.name, s.name
            ),
        },
        None => no(
            "G1.2",
            format!(
                "the counter catalog lists no Full-Strength squad whose HS is {}",
                a.name
            ),
        ),
    }
}
