//! G1.11-G1.14 Step Reduction of a Japanese MMC: Attack Break (G1.12x), Other Break (G1.13x),
//! Casualty Reduction and the berserk/Unarmed exception (G1.14); G1.2 half-squads breaking in
//! the normal manner; G1.3 infantry- and vehicle-crews.

use crate::counters::{Class, Counter, Kind, Nationality};
use crate::rules::morale::McResult;

use super::normal_break::mmc_breaks;
use super::outcome::{
    Cause, RETAINS, StepOutcome, broken, catalog_gap, good, outcome, related, unchanged,
};

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
        return squad_casualty(unit, &hs.name, lower, conscript, elr);
    }
    match cause {
        Cause::OtherBreak => {
            squad_other_break(unit, &hs.name, lower, conscript, full, strength, elr)
        }
        Cause::IftMc | Cause::SniperDr1 | Cause::Kia => {
            squad_attack_break(unit, &hs.name, lower, conscript, full, strength, elr)
        }
    }
}

/// G1.14: a Japanese squad's Casualty MC (Original 12).
fn squad_casualty(
    unit: &Counter,
    hs_name: &str,
    lower: Option<&'static Counter>,
    conscript: bool,
    elr: bool,
) -> StepOutcome {
    if !elr {
        return outcome(
            vec![broken(hs_name)],
            "G1.14",
            format!(
                "a Casualty MC (Original 12) Casualty-Reduces the {} to a same-Class HS, \
                 which breaks: a broken (and DM) {}",
                unit.name, hs_name
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
    outcome(
        vec![broken(&lower_hs.name)],
        "G1.14",
        format!(
            "a Casualty MC DR that also exceeds the ELR: the {} is in effect Replaced by its \
             next-lower Class squad, Casualty Reduced to that squad's HS, which breaks: a \
             broken (and DM) {}",
            unit.name, lower_hs.name
        ),
    )
}

/// G1.13: a Japanese squad's Other Break.
fn squad_other_break(
    unit: &Counter,
    hs_name: &str,
    lower: Option<&'static Counter>,
    conscript: bool,
    full: bool,
    strength: &str,
    elr: bool,
) -> StepOutcome {
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
            hs_name,
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

/// G1.12: a Japanese squad's Attack Break (Step Reduction), by the IFT, a Sniper or a KIA.
fn squad_attack_break(
    unit: &Counter,
    hs_name: &str,
    lower: Option<&'static Counter>,
    conscript: bool,
    full: bool,
    strength: &str,
    elr: bool,
) -> StepOutcome {
    if elr && conscript {
        return outcome(
            vec![broken(hs_name)],
            "G1.125",
            format!(
                "a Conscript {strength} {} that exceeds its ELR is Replaced by one of \
                 its broken (and DM) {} HS",
                unit.name, hs_name
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
