//! E1.5 Movement at night: Infantry MF (E1.51, E1.421, G11.96), Straying (E1.53-E1.533,
//! G11.96), Jitter Fire (E1.55-E1.551) and the night Falling DR of Climbers (E1.421).
//!
//! Small pure functions of plain inputs; no dice are rolled here (every dr/DR is an input).
//! Every result carries its rule number and a reason sentence. The result types `Check` and
//! `Amount` are the rules' shared vocabulary (`rules/mod.rs`).
//!
//! Our source of E1 is cut off mid-sentence in places; each function's doc says what it
//! reads from the text that is there and what it assumes where the text stops.

use serde::Serialize;

use crate::hex::Hex;

pub use crate::rules::{Amount, Check, amount, check};

// --- E1.51 / E1.421 / G11.96: Infantry MF ------------------------------------------------

/// E1.51 EX: the extra MF for entering a Concealment Terrain Location at night.
pub const NIGHT_CONCEALMENT_TERRAIN_MF: i32 = 1;

/// The kind of Location an Infantry unit enters, as E1.51 and G11.96 tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Entered {
    /// A Location that is not Concealment Terrain (Open Ground, a road...).
    Other,
    /// A Concealment Terrain Location (woods, jungle, bamboo, kunai, buildings...).
    ConcealmentTerrain,
    /// A cave or a Cave Complex (G11.96): Concealment Terrain, but see `infantry_entry_mf`.
    CaveOrComplex,
}

/// E1.51 (with E1.421 and G11.96): the MF an Infantry unit spends to enter a Location.
/// `daytime_mf` is the whole daytime cost, every daytime multiplier included (the E1.51 EX:
/// woods 2 MF, doubled for moving to a higher elevation, = 4). At night, entering a
/// Concealment Terrain Location costs 1 MF more (the EX: 4 + 1 = 5).
///
/// The text of E1.51 is cut off after "Infantry/"; the +1 MF is read from its EX. E1.421: a
/// Cloaking counter pays daytime costs, so `cloaked` units pay no +1. G11.96 is cut off after
/// "Despite being Concealment Terrain, the MF entry cost of caves/"; the "Despite" is read as
/// "is not increased at night": a cave or Cave Complex costs its daytime MF (assumption).
pub fn infantry_entry_mf(daytime_mf: i32, entered: Entered, night: bool, cloaked: bool) -> Amount {
    if !night {
        return amount(
            daytime_mf,
            "E1.51",
            format!("daytime: {daytime_mf} MF, the daytime cost"),
        );
    }
    match entered {
        Entered::Other => amount(
            daytime_mf,
            "E1.51",
            format!(
                "{daytime_mf} MF: a Location that is not Concealment Terrain costs its daytime \
                 MF at night"
            ),
        ),
        Entered::CaveOrComplex => amount(
            daytime_mf,
            "G11.96",
            format!(
                "{daytime_mf} MF: despite being Concealment Terrain, a cave or Cave Complex \
                 costs no extra MF at night"
            ),
        ),
        Entered::ConcealmentTerrain if cloaked => amount(
            daytime_mf,
            "E1.421",
            format!(
                "{daytime_mf} MF: all MF costs of a Cloaking counter are identical to daytime \
                 costs"
            ),
        ),
        Entered::ConcealmentTerrain => {
            let mf = daytime_mf + NIGHT_CONCEALMENT_TERRAIN_MF;
            amount(
                mf,
                "E1.51",
                format!(
                    "{daytime_mf} MF daytime cost +{NIGHT_CONCEALMENT_TERRAIN_MF} for entering \
                     a Concealment Terrain Location at night = {mf} MF"
                ),
            )
        }
    }
}

// --- E1.53 Straying ------------------------------------------------------------------------

/// A unit or stack at the start of its MPh (or, for `in_cave_or_complex`, while moving), as
/// E1.53-E1.533 and G11.96 see it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct StrayStart {
    /// A ground unit (E1.53 speaks of "each ground unit or stack").
    pub ground_unit: bool,
    /// It wishes to move to a new hex in this MPh.
    pub moves_to_new_hex: bool,
    /// It wishes to enter a sewer (E1.531; the list after "sewer/" is cut off).
    pub enters_sewer: bool,
    /// It is berserk (E1.533).
    pub berserk: bool,
    /// It is moving in a cave or Cave Complex and has not yet moved above-ground (G11.96).
    pub in_cave_or_complex: bool,
}

/// E1.53: must this unit/stack make a Movement DR (the Straying DR)? Each ground unit or stack
/// wishing to move to a new hex must, at the start of its MPh, except: E1.531 a unit wishing
/// to enter a sewer (the rest of that list is cut off after "sewer/"); E1.533 a berserk unit;
/// G11.96 a unit moving in a cave or Cave Complex, until it moves above-ground (then call again
/// with `in_cave_or_complex: false`; when its DR is then made the text does not say).
pub fn movement_dr_required(s: &StrayStart) -> Check {
    if !s.ground_unit {
        return check(
            false,
            "E1.53",
            "only ground units make a Movement DR for Straying",
        );
    }
    if !s.moves_to_new_hex {
        return check(
            false,
            "E1.53",
            "a unit that does not wish to move to a new hex makes no Movement DR",
        );
    }
    if s.berserk {
        return check(false, "E1.533", "a berserk unit is not subject to Straying");
    }
    if s.enters_sewer {
        return check(
            false,
            "E1.531",
            "a unit that wishes to enter a sewer at the start of its MPh is excepted from \
             Straying",
        );
    }
    if s.in_cave_or_complex {
        return check(
            false,
            "G11.96",
            "a unit moving in a cave or Cave Complex is not subject to Straying until it moves \
             above-ground",
        );
    }
    check(
        true,
        "E1.53",
        "a ground unit wishing to move to a new hex at night must first make a Movement DR",
    )
}

/// The outcome of an E1.53 Movement DR.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovementDr {
    pub colored: u8,
    pub white: u8,
    /// The colored dr is a 6: the unit/stack is a Straying Mover (E1.532's term).
    pub straying: bool,
    /// Both dice alike: Jitter Fire may follow (E1.55).
    pub doubles: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.53 Movement DR: a colored dr of 6 makes the unit/stack stray. What a Straying Mover then
/// must do is cut off in our source (the sentence ends "that unit/"); only the trigger is
/// modelled. Doubles are reported for Jitter Fire (E1.55). The DR is read unmodified: the
/// text names no DRM (its "(Δ)" mark is not explained in our sources).
pub fn movement_dr(colored: u8, white: u8) -> MovementDr {
    let straying = colored == 6;
    let doubles = colored == white;
    let reason = format!(
        "Movement DR colored {colored}, white {white}: {}{}",
        if straying {
            "a colored 6, so the unit/stack strays (what Straying then requires is cut off in \
             our source: the move goes on as ordered)"
        } else {
            "the colored dr is not a 6, so the unit/stack does not stray"
        },
        if doubles {
            format!(
                "; Doubles ({}), so Jitter Fire may occur (E1.55)",
                colored + white
            )
        } else {
            String::new()
        }
    );
    MovementDr {
        colored,
        white,
        straying,
        doubles,
        rule: "E1.53",
        reason,
    }
}

/// E1.532 Friendly Contact: is a Straying Mover still subject to Straying after entering a
/// Location? Not if that Location contains a Good Order friendly unit (the rest of the rule,
/// what the ATTACKER may do with the remaining MF, is cut off).
pub fn still_straying(entered_location_has_good_order_friend: bool) -> Check {
    if entered_location_has_good_order_friend {
        check(
            false,
            "E1.532",
            "a Straying Mover that enters a Location containing a Good Order friendly unit is \
             no longer subject to Straying",
        )
    } else {
        check(
            true,
            "E1.532",
            "the Location entered holds no Good Order friendly unit: still Straying",
        )
    }
}

// --- E1.55 Jitter Fire ---------------------------------------------------------------------

/// E1.6: a unit's night class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NightClass {
    Stealthy,
    Normal,
    Lax,
}

/// Who Jitter Fires on a row of the E1.55 table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum JitterWho {
    /// The Closest DEFENDER (E1.551).
    ClosestDefender,
    /// The moving unit(s).
    Movers,
}

/// What exempts a unit on a row of the E1.55 table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum JitterExempt {
    Stealthy,
    Normal,
    Cloaked,
}

/// One row of the E1.55 Jitter Fire table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct JitterRow {
    /// The Doubles DR total.
    pub doubles: u8,
    pub who: JitterWho,
    /// Units of these kinds on the firing side do not Jitter Fire.
    pub unless: &'static [JitterExempt],
}

/// E1.55 Jitter Fire table, as printed.
pub const JITTER_TABLE: [JitterRow; 6] = {
    use JitterExempt::{Cloaked, Normal, Stealthy};
    use JitterWho::{ClosestDefender, Movers};
    [
        JitterRow {
            doubles: 2,
            who: ClosestDefender,
            unless: &[],
        },
        JitterRow {
            doubles: 4,
            who: ClosestDefender,
            unless: &[Stealthy],
        },
        JitterRow {
            doubles: 6,
            who: ClosestDefender,
            unless: &[Stealthy, Normal],
        },
        JitterRow {
            doubles: 8,
            who: Movers,
            unless: &[Cloaked, Stealthy, Normal],
        },
        JitterRow {
            doubles: 10,
            who: Movers,
            unless: &[Cloaked, Stealthy],
        },
        JitterRow {
            doubles: 12,
            who: Movers,
            unless: &[],
        },
    ]
};

/// The outcome of E1.55 for one Straying DR: the table row that applies, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JitterCheck {
    pub row: Option<JitterRow>,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.55: may Jitter Fire occur on this Straying DR, and on which row? Never before at least
/// one Gunflash has been placed in the scenario due to an attack vs an enemy unit; then only
/// on Doubles. Which units actually fire is `unit_jitter_fires`.
pub fn jitter_fire(gunflash_placed: bool, colored: u8, white: u8) -> JitterCheck {
    if !gunflash_placed {
        return JitterCheck {
            row: None,
            rule: "E1.55",
            reason: "no Jitter Fire until at least one Gunflash has been placed due to an \
                     attack vs an enemy unit"
                .into(),
        };
    }
    if colored != white {
        return JitterCheck {
            row: None,
            rule: "E1.55",
            reason: format!("Straying DR {colored}+{white} is not Doubles: no Jitter Fire"),
        };
    }
    let total = colored + white;
    let row = JITTER_TABLE.iter().find(|r| r.doubles == total).copied();
    let reason = match row {
        Some(r) => format!(
            "Doubles {total}: {} Jitter Fire{}",
            match r.who {
                JitterWho::ClosestDefender => "the Closest DEFENDER",
                JitterWho::Movers => "the moving unit(s)",
            },
            if r.unless.is_empty() {
                String::new()
            } else {
                format!(
                    " unless {}",
                    r.unless
                        .iter()
                        .map(|e| format!("{e:?}"))
                        .collect::<Vec<_>>()
                        .join(" or ")
                )
            }
        ),
        None => format!("Doubles {total} is not on the Jitter Fire table"),
    };
    JitterCheck {
        row,
        rule: "E1.55",
        reason,
    }
}

/// A unit that may have to Jitter Fire (E1.55 table and E1.551).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct JitterUnit {
    /// Its E1.6 class. For a Dummy Cloaking counter: its side's Majority Squad Type (E1.551).
    pub class: NightClass,
    /// Cloaked (E1.4).
    pub cloaked: bool,
    /// A Dummy Cloaking counter (E1.551: eliminated if subject to Jitter Fire).
    pub dummy_cloaking: bool,
    /// Good Order (required of the Closest DEFENDER, E1.551).
    pub good_order: bool,
    /// Hidden (the Closest DEFENDER is non-hidden, E1.551).
    pub hidden: bool,
    pub hero: bool,
    /// Has FP (a leader without a functioning MG has none).
    pub has_fp: bool,
    /// Already marked with a Final Fire counter.
    pub final_fire: bool,
    /// Marked with a First Fire counter and closer to a Known enemy unit than to the moving
    /// unit.
    pub first_fire_closer_to_known_enemy: bool,
}

/// What a unit does on a Jitter Fire row.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum JitterOutcome {
    /// It Jitter Fires (MG and Small Arms only, E1.551).
    Fires,
    /// It does not.
    Exempt,
    /// A Dummy Cloaking counter subject to Jitter Fire: eliminated (E1.551).
    Eliminated,
}

/// The outcome of E1.55/E1.551 for one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JitterResult {
    pub outcome: JitterOutcome,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.55/E1.551: does this unit (of the side the row names: a unit in the Closest DEFENDER's
/// hex, or a moving unit) Jitter Fire on `row`? The row's "unless" classes exempt it; the
/// Closest DEFENDER must be Good Order and non-hidden; Heroes, units with no FP, units with a
/// Final Fire counter, and units with a First Fire counter closer to a Known enemy than to the
/// mover are exempt. A Dummy Cloaking counter subject to it is eliminated. No LOS is needed.
pub fn unit_jitter_fires(row: &JitterRow, u: &JitterUnit) -> JitterResult {
    let result = |outcome, rule, reason: String| JitterResult {
        outcome,
        rule,
        reason,
    };
    let exempt = |rule, reason: &str| result(JitterOutcome::Exempt, rule, reason.to_string());
    if row.who == JitterWho::ClosestDefender && (!u.good_order || u.hidden) {
        return exempt(
            "E1.551",
            "the Closest DEFENDER is only Good Order non-hidden units",
        );
    }
    let class_exempt = match u.class {
        NightClass::Stealthy => row.unless.contains(&JitterExempt::Stealthy),
        NightClass::Normal => row.unless.contains(&JitterExempt::Normal),
        NightClass::Lax => false,
    };
    if class_exempt {
        return result(
            JitterOutcome::Exempt,
            "E1.55",
            format!("Doubles {}: {:?} units are exempt", row.doubles, u.class),
        );
    }
    if u.cloaked && row.unless.contains(&JitterExempt::Cloaked) {
        return result(
            JitterOutcome::Exempt,
            "E1.55",
            format!("Doubles {}: Cloaked units are exempt", row.doubles),
        );
    }
    if u.dummy_cloaking {
        return result(
            JitterOutcome::Eliminated,
            "E1.551",
            "a Dummy Cloaking counter subject to Jitter Fire is eliminated".into(),
        );
    }
    if u.hero {
        return exempt("E1.551", "Heroes are exempt from Jitter Fire");
    }
    if !u.has_fp {
        return exempt("E1.551", "a unit with no FP is exempt from Jitter Fire");
    }
    if u.final_fire {
        return exempt(
            "E1.551",
            "a unit already marked with a Final Fire counter is exempt from Jitter Fire",
        );
    }
    if u.first_fire_closer_to_known_enemy {
        return exempt(
            "E1.551",
            "a unit marked with a First Fire counter and closer to a Known enemy unit than to \
             the moving unit is exempt from Jitter Fire",
        );
    }
    result(
        JitterOutcome::Fires,
        "E1.55",
        format!(
            "Doubles {}: the unit Jitter Fires (MG and Small Arms only; no LOS needed)",
            row.doubles
        ),
    )
}

/// The candidate hexes of the Closest DEFENDER (E1.551).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosestDefender {
    /// The nearest occupied hexes, sorted; more than one: the ATTACKER chooses. Empty: none.
    pub hexes: Vec<Hex>,
    /// Their range from the moving unit(s).
    pub range: Option<u32>,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.551: the candidate hexes of the Closest DEFENDER: the occupied hexes nearest (in hexes)
/// to the moving unit(s); with more than one, the ATTACKER chooses. `occupied` are the hexes
/// holding DEFENDER units; hexes holding only hidden units are left to the caller (we assume
/// they do not count, since the ATTACKER could not choose among them). If no unit in the chosen
/// hex can Jitter Fire, none occurs.
pub fn closest_defender_hexes(mover: Hex, occupied: &[Hex]) -> ClosestDefender {
    let Some(nearest) = occupied.iter().map(|h| mover.distance(*h)).min() else {
        return ClosestDefender {
            hexes: Vec::new(),
            range: None,
            rule: "E1.551",
            reason: "no occupied DEFENDER hex: no Closest DEFENDER".into(),
        };
    };
    let mut hexes: Vec<Hex> = occupied
        .iter()
        .copied()
        .filter(|h| mover.distance(*h) == nearest)
        .collect();
    hexes.sort();
    hexes.dedup();
    let reason = if hexes.len() > 1 {
        format!(
            "{} occupied hexes are equally nearest ({nearest} hexes): the ATTACKER chooses",
            hexes.len()
        )
    } else {
        format!("the nearest occupied hex is {nearest} hexes away")
    };
    ClosestDefender {
        hexes,
        range: Some(nearest),
        rule: "E1.551",
        reason,
    }
}

// --- E1.421 Falling DR -----------------------------------------------------------------------

/// E1.421: the Falling DR's DRM for a Climbing unit at night.
pub const NIGHT_FALLING_DRM: i32 = 1;

/// What a Falling DR does to a Climber.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FallingOutcome {
    Safe,
    Falls,
}

/// The outcome of a Falling DR.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FallingDr {
    pub final_dr: i32,
    pub outcome: FallingOutcome,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.421 (with B11.41): a Climbing unit's Falling DR; +1 DRM during a night scenario. The
/// outcome comes from the tables' `falling_dr_falls_at` (`assets/tables.ron`), which our sources
/// do not give: `falls_at`.
pub fn falling_dr(original_dr: u8, night: bool, falls_at: i32) -> FallingDr {
    let drm = if night { NIGHT_FALLING_DRM } else { 0 };
    let final_dr = i32::from(original_dr) + drm;
    let outcome = if final_dr >= falls_at {
        FallingOutcome::Falls
    } else {
        FallingOutcome::Safe
    };
    FallingDr {
        final_dr,
        outcome,
        rule: if night { "E1.421" } else { "B11.41" },
        reason: format!(
            "Falling DR {original_dr}{} = {final_dr}: {} (B11.41 table not in our sources; \
             read as Final DR >= {falls_at} falls)",
            if night { " +1 (night, E1.421)" } else { "" },
            match outcome {
                FallingOutcome::Falls => "the Climber falls",
                FallingOutcome::Safe => "the Climber does not fall",
            }
        ),
    }
}
