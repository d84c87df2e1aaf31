//! The Banzai Charge (G1.5) and the charges that move like it: who may declare one and against
//! what, and how a charging unit moves (the berserk charge, A15, and G11.97 for caves). The
//! T-H Hero's own Charge (G1.423) is his Designated Target's (`heroes`, `movement::step`).
//!
//! *Chapter A, NOT FROM THE SEEDS, as we read A25.23 (the seed gives G1.5's first paragraph
//! only):* a Banzai Charge is declared by its units before any of them has moved this MPh, at a
//! Location holding a Known enemy unit (the Charge's target); each of its units then has the
//! Human Wave's MF (`tables.human_wave.mf`) and, unless broken, its Morale Level raised
//! (`tables.human_wave.morale`) for the rest of the Player Turn, and is Lax (G1.6). It moves on
//! its own steps, each one to a Location no farther from the target than the one it leaves
//! (A25.231's forward and side Locations, without its hex-grain bookkeeping), may enter a
//! Location holding a Known enemy unit in the MPh (a Human Wave's CC, A25.23), and moves no
//! further once it is in one (A25.235). A berserk unit (A15.43, as we read it) charges the
//! nearest Known enemy unit the same way, each step bringing it closer; no cave occupant is a
//! Known enemy unit for that purpose (G11.97).

use super::common::{attacker_in, is_leader, mmc};
use crate::los::Location;
use crate::model::{Nationality, Phase, Unit};
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::{Amount, amount};

/// The rule a Banzai Charge is declared under.
pub const BANZAI: &str = "G1.5";

/// A declared Banzai Charge: its units and the Location it charges.
#[derive(Clone, Debug, PartialEq)]
pub struct BanzaiPlan {
    pub units: Vec<String>,
    pub target: Location,
    /// What the Charge gives its units, in words (for the log).
    pub text: String,
}

/// G1.5 / A25.23: may `units` declare a Banzai Charge at `to` now? Every unit must be a Good
/// Order Japanese Infantry unit of the ATTACKER in its MPh that has not moved yet (a T-H Hero
/// makes his own Charge, G1.423; a berserk unit already charges, A15); units in different hexes
/// must each be ADJACENT to another of them (G1.5's chain); a leader must take part in a Charge
/// that includes a MMC (G1.5); `to` must hold a Known enemy unit (A25.23).
pub fn banzai(s: &Situation, units: &[String], to: &Location) -> Result<BanzaiPlan, Refusal> {
    let Some(first) = units.first() else {
        return Err(Refusal::new(
            BANZAI,
            "a Banzai Charge needs at least one unit",
        ));
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut hexes = Vec::new();
    for id in units {
        if seen.contains(&id.as_str()) {
            return Err(Refusal::new(
                BANZAI,
                format!("unit {id} is named twice in the Banzai Charge"),
            ));
        }
        seen.push(id);
        let u = s.unit_in_play(id)?;
        declarer(s, u)?;
        if let Some(h) = s.hex_of(&u.at) {
            hexes.push(h);
        }
    }
    chain(&hexes)?;
    let members: Vec<&UnitAt> = units.iter().filter_map(|id| s.unit(id)).collect();
    let has_mmc = members.iter().any(|u| mmc(&u.unit).is_some());
    if has_mmc && !members.iter().any(|u| is_leader(&u.unit)) {
        return Err(Refusal::new(
            BANZAI,
            "a leader must participate in each Banzai Charge that includes a MMC",
        ));
    }
    let side = s.unit_in_play(first)?.unit.side();
    let Some(enemy) = s
        .units_at(to)
        .into_iter()
        .find(|o| o.unit.side() != side && !o.hidden)
    else {
        return Err(Refusal::new(
            "A25.23",
            format!(
                "a Banzai Charge is made against a Known enemy unit: {} holds none (A25.23, not \
                 in our sources)",
                to.display(s.map)
            ),
        ));
    };
    let hw = s.tables.human_wave;
    Ok(BanzaiPlan {
        units: units.to_vec(),
        target: to.clone(),
        text: format!(
            "{} declare a Banzai Charge at {} ({} there): {} MF each and Morale Level +{} for the \
             rest of the Player Turn unless broken (A25.23, not in our sources), and Lax (G1.6)",
            units.join(", "),
            to.display(s.map),
            enemy.unit.id,
            hw.mf,
            hw.morale
        ),
    })
}

/// G1.5: one unit's part in a declaration.
fn declarer(s: &Situation, u: &UnitAt) -> Result<(), Refusal> {
    let id = &u.unit.id;
    if u.unit.nationality != Nationality::Japanese {
        return Err(Refusal::new(
            BANZAI,
            format!("unit {id} is not Japanese: a Banzai Charge is the Japanese Human Wave"),
        ));
    }
    attacker_in(s, u, &[Phase::Movement], BANZAI, "a Banzai Charge")?;
    super::common::not_in_melee(s, u, "Banzai Charge out of it")?;
    if u.unit.hero.is_some() {
        return Err(Refusal::new(
            "G1.423",
            format!("T-H Hero {id} makes his own Banzai Charge at his Designated Target"),
        ));
    }
    if !u.unit.good_order() {
        return Err(Refusal::new(
            BANZAI,
            format!(
                "unit {id} is broken: only Good Order Japanese Infantry declare a Banzai Charge"
            ),
        ));
    }
    if u.unit.berserk {
        return Err(Refusal::new(
            "A15",
            format!("unit {id} is berserk: it charges the nearest Known enemy unit already"),
        ));
    }
    // A Banzai Charge is a move (its units spend the Human Wave's MF): a unit that may not
    // move this MPh does not charge.
    if u.unit.pinned {
        return Err(Refusal::new(
            "A7.8",
            format!(
                "unit {id} is pinned: a pinned unit does not move, so it does not Banzai Charge \
                 (A7.8, not in our sources)"
            ),
        ));
    }
    super::common::not_prep_fired(u, "a Banzai Charge")?;
    if u.unit.banzai.is_some() {
        return Err(Refusal::new(
            BANZAI,
            format!("unit {id} is already in a Banzai Charge this Player Turn"),
        ));
    }
    super::common::entered_its_one_location(s, u)?;
    if u.unit.mf_spent > 0.0 {
        return Err(Refusal::new(
            "A25.23",
            format!(
                "unit {id} has moved this MPh: a Banzai Charge is declared before its units move \
                 (A25.23, not in our sources)"
            ),
        ));
    }
    Ok(())
}

/// G1.5: units in different hexes must each be ADJACENT to another such unit: the hexes form
/// one chain.
fn chain(hexes: &[crate::hex::Hex]) -> Result<(), Refusal> {
    let hexes: Vec<_> = hexes.iter().copied().map(Some).collect();
    if crate::hex::first_unchained(&hexes).is_some() {
        return Err(Refusal::new(
            BANZAI,
            "units in different hexes in one Banzai Charge must each be ADJACENT to another of \
             its units (one chain)",
        ));
    }
    Ok(())
}

pub use super::common::banzai_mf;

/// A25.23: the Morale Level raise of a unit in a Banzai Charge this Player Turn (none if broken
/// or not charging); A15.3: a Battle Hardened unit's.
pub fn charge_and_hardening(t: &crate::rules::tables::Tables, u: &Unit) -> Vec<Amount> {
    let mut v = Vec::new();
    if u.banzai.is_some() && !u.broken && t.human_wave.morale != 0 {
        v.push(amount(
            t.human_wave.morale,
            "A25.23",
            "in a Banzai Charge this Player Turn (A25.23, not in our sources)",
        ));
    }
    if u.hardened && t.heat_of_battle.hardened_morale != 0 {
        v.push(amount(
            t.heat_of_battle.hardened_morale,
            "A15.3",
            "Battle Hardened (A15.3, not in our sources)",
        ));
    }
    v
}

/// A15.43 / G11.97: the Location of the nearest Known enemy unit a berserk unit `u` charges:
/// hidden units are not Known and no cave occupant counts (G11.97); the nearest by hexes, the
/// first by name of equals.
pub fn berserk_target(s: &Situation, u: &UnitAt) -> Option<Location> {
    let from = s.hex_of(&u.at)?;
    s.units
        .iter()
        .filter(|o| o.unit.side() != u.unit.side() && !o.hidden)
        .filter(|o| !matches!(o.at, Location::Cave(_) | Location::Complex(_)))
        .filter_map(|o| Some((s.hex_of(&o.at)?.distance(from), o)))
        .min_by(|(da, a), (db, b)| da.cmp(db).then(a.unit.id.cmp(&b.unit.id)))
        .map(|(_, o)| o.at.clone())
}

/// The Location a charging unit charges in its MPh: a Banzai Charge's target (G1.5), a T-H
/// Hero's Designated Target's (G1.423), a berserk unit's nearest Known enemy (A15.43, G11.97).
pub fn charge_target(s: &Situation, u: &UnitAt) -> Option<(Location, &'static str)> {
    if s.phase != Phase::Movement || u.unit.side() != s.turn.attacker {
        return None;
    }
    if let Some(t) = &u.unit.banzai {
        return Some((t.clone(), "A25.231"));
    }
    // G1.5 EXC / G1.423 / G1.424: a T-H Hero created in a Japanese MPh "must make his own
    // Banzai Charge" at his Designated Target: he moves toward its Location as a charging
    // unit does (A25.231).
    if let Some(h) = &u.unit.hero
        && u.unit.good_order()
        && let Some(t) = s.unit(&h.target)
    {
        return Some((t.at.clone(), "G1.423"));
    }
    berserk_charges(s, u)
}

/// A15.43 / E1.533: the Location a Good Order berserk unit of the ATTACKER charges, in any
/// phase of its Player Turn (it charges in the MPh, advances at it in the APh, and does not
/// Prep Fire, `fire`): the nearest Known enemy unit (at night, one it can see; seeing none, it
/// is not berserk, A15.44); no cave occupant counts (G11.97).
pub fn berserk_charges(s: &Situation, u: &UnitAt) -> Option<(Location, &'static str)> {
    if !(u.unit.berserk && u.unit.good_order()) || u.unit.side() != s.turn.attacker {
        return None;
    }
    if s.night() {
        return night_berserk_target(s, u).map(|t| (t, "E1.533"));
    }
    berserk_target(s, u).map(|t| (t, "A15.43"))
}

/// E1.533 / A15.431: at night, the Location of the nearest Known enemy unit a berserk unit can
/// see (none: it is not berserk, A15.44); no cave occupant counts (G11.97).
pub fn night_berserk_target(s: &Situation, u: &UnitAt) -> Option<Location> {
    let from = s.hex_of(&u.at)?;
    s.units
        .iter()
        .filter(|o| o.unit.side() != u.unit.side() && !o.hidden && !o.concealed)
        .filter(|o| !matches!(o.at, Location::Cave(_) | Location::Complex(_)))
        .filter(|o| {
            crate::rules::caves::sight::cave_los(&s.env_seeing(&o.at), &s.caves, &u.at, &o.at)
                .is_ok_and(|r| r.clear())
        })
        .filter_map(|o| Some((s.hex_of(&o.at)?.distance(from), o)))
        .min_by(|(da, a), (db, b)| da.cmp(db).then(a.unit.id.cmp(&b.unit.id)))
        .map(|(_, o)| o.at.clone())
}

/// E1.533 / A15.44: the ATTACKER's berserk units that, at night as its MPh begins, can see no
/// Known enemy unit: each is not berserk.
pub fn berserk_lost_at_night(s: &Situation) -> Vec<(String, crate::rules::Check)> {
    if !s.night() || s.phase != Phase::Movement {
        return Vec::new();
    }
    s.units
        .iter()
        .filter(|u| u.unit.berserk && u.unit.side() == s.turn.attacker)
        .filter(|u| night_berserk_target(s, u).is_none())
        .map(|u| {
            (
                u.unit.id.clone(),
                crate::rules::check(
                    true,
                    "E1.533",
                    format!(
                        "at night berserk unit {} can see no Known enemy unit: it is not berserk \
                         (A15.44)",
                        u.unit.id
                    ),
                ),
            )
        })
        .collect()
}

/// A15.43 / E1.533: in the PFPh, a berserk unit with a Known enemy unit to charge
/// (`berserk_charges`) does not Prep Fire — a Fire, a Thrown DC or a Starshell: it would
/// forfeit the charge of its MPh (A15.43 is not in our sources).
pub fn no_prep_fire(s: &Situation, u: &UnitAt) -> Result<(), Refusal> {
    if s.phase != Phase::PrepFire {
        return Ok(());
    }
    match berserk_charges(s, u) {
        Some((target, rule)) => Err(Refusal::new(
            rule,
            format!(
                "unit {} is berserk: it must charge the nearest Known enemy unit, in {}, in its \
                 MPh, and does not Prep Fire ({rule}; A15.43, not in our sources)",
                u.unit.id,
                target.display(s.map)
            ),
        )),
        None => Ok(()),
    }
}

/// A25.231 / A25.235 / A15.43: a charging unit's step from where it is to `to`: refused once it
/// is in a Location holding a Known enemy unit (A25.235), and where the step takes it farther
/// from the Location it charges (a Banzai Charge: forward or to the side; a berserk charge:
/// closer, A15.43, in the MPh and, advancing, in the APh). `Ok(true)` where `to` holds a Known
/// enemy unit it may enter (the Charge's CC); `Ok(false)` for any other allowed step.
pub fn charge_step(s: &Situation, u: &UnitAt, to: &Location) -> Result<bool, Refusal> {
    // A15.43: in the APh a berserk unit advances at what it charges, as it moves in the MPh.
    let charging = match s.phase {
        Phase::Advance => berserk_charges(s, u),
        _ => charge_target(s, u),
    };
    let Some((target, rule)) = charging else {
        return Ok(false);
    };
    let id = &u.unit.id;
    let known_enemy_at = |l: &Location| {
        s.units_at(l)
            .iter()
            .any(|o| o.unit.side() != u.unit.side() && !o.hidden)
    };
    if known_enemy_at(&u.at) {
        return Err(Refusal::new(
            "A25.235",
            format!(
                "unit {id} charges and is in a Location holding a Known enemy unit: it moves no \
                 further this Player Turn (A25.235, not in our sources); CC follows"
            ),
        ));
    }
    let (Some(t), Some(from), Some(next)) = (s.hex_of(&target), s.hex_of(&u.at), s.hex_of(to))
    else {
        return Ok(known_enemy_at(to));
    };
    let (before, after) = (from.distance(t), next.distance(t));
    let berserk = rule == "A15.43" || rule == "E1.533";
    let bad = if berserk {
        after >= before && from != next
    } else {
        after > before
    };
    if bad {
        let why = if berserk {
            "a berserk unit charges the nearest Known enemy unit: each hex it enters must be \
             closer to it (A15.43, not in our sources; no cave occupant counts, G11.97)"
        } else if rule == "G1.423" {
            "a T-H Hero makes his own Banzai Charge at his Designated Target (G1.5, G1.423): no \
             hex he enters may be farther from its Location (A25.231, not in our sources)"
        } else {
            "a unit in a Banzai Charge moves forward or to the side: no hex it enters may be \
             farther from the Location it charges (A25.231, not in our sources)"
        };
        return Err(Refusal::new(
            rule,
            format!(
                "unit {id} charges {}; {} is {after} hexes from it, {} is {before}: {why}",
                target.display(s.map),
                to.display(s.map),
                u.at.display(s.map)
            ),
        ));
    }
    // G1.423: a T-H Hero enters an enemy-occupied hex only if it holds his Designated Target or
    // is ADJACENT to it: the move's own ruling (A4.14's exception for him) decides that.
    if rule == "G1.423" {
        return Ok(false);
    }
    Ok(known_enemy_at(to))
}

// --- A15 Heat of Battle, as G1.62 and G11.97 need it -----------------------------------------

/// What a Heat of Battle DR makes of a unit.
#[derive(Clone, Debug, PartialEq)]
pub enum HeatOfBattle {
    /// No change: a Hero would be created (A15.2), which is not modelled.
    Nothing { rule: &'static str, reason: String },
    /// Battle Hardened (A15.3; in a cave, G11.97, or with no Known enemy unit in LOS, A15.44,
    /// where it would have gone berserk).
    Hardened { rule: &'static str, reason: String },
    /// Berserk (G1.62), with the units of a berserk leader's Location that go berserk with him
    /// (G1.41 EX, A25.223).
    Berserk {
        along: Vec<String>,
        rule: &'static str,
        reason: String,
    },
}

impl HeatOfBattle {
    /// The rule and the words for the log.
    pub fn said(&self) -> (&'static str, String) {
        match self {
            HeatOfBattle::Nothing { rule, reason }
            | HeatOfBattle::Hardened { rule, reason }
            | HeatOfBattle::Berserk { rule, reason, .. } => (rule, reason.clone()),
        }
    }
}

/// A15.1: whether a MC's Original DR (`colored` + `white`) causes Heat of Battle for unit `u`,
/// Good Order before it: only for a Japanese unit here, the one nationality whose berserk and
/// Surrender our sources give (G1.62; A15.4's berserk of other nationalities and A15.5's
/// Surrender are not in them); not for a unit already berserk, a crew, a Hero, a participant
/// in a Human Wave (a Banzai Charge) or a Climbing unit (A15.1).
pub fn causes_heat_of_battle(
    t: &crate::rules::tables::Tables,
    u: &UnitAt,
    colored: u8,
    white: u8,
) -> bool {
    let unit = &u.unit;
    unit.nationality == Nationality::Japanese
        && unit.good_order()
        && !unit.berserk
        && unit.hero.is_none()
        && unit.banzai.is_none()
        && !mmc(unit).is_some_and(|c| c.kind == crate::counters::Kind::Crew)
        && !matches!(u.at, Location::Climbing { .. })
        && colored + white == t.heat_of_battle.original_mc_dr
}

/// Whether any Known (neither hidden nor concealed) enemy unit is in `u`'s LOS now (A15.44; at
/// night within the NVR, E1.533).
pub fn known_enemy_in_los(s: &Situation, u: &UnitAt) -> bool {
    s.units.iter().any(|o| {
        o.unit.side() != u.unit.side()
            && !o.hidden
            && !o.concealed
            && crate::rules::caves::sight::cave_los(&s.env_seeing(&o.at), &s.caves, &u.at, &o.at)
                .is_ok_and(|r| r.clear())
    })
}

/// A15 / G1.62 / G11.97: what a Japanese unit's Heat of Battle DR (`dr`, no DRM modelled) makes
/// of it, by the bands of `tables.heat_of_battle` (A15.1's chart): up to `hero_at_most` a Hero
/// (A15.2, not modelled), from `hardened_from` Battle Hardened (A15.3), from `berserk_at_least`
/// berserk (G1.62: the Japanese are berserk on any Final DR of 9 or more, Surrender included),
/// but Battle Hardened in a cave or Cave Complex (G11.97) or with no Known enemy unit in its
/// LOS (A15.44). A leader going berserk takes the other Good Order Japanese Infantry of his
/// Location along (G1.41 EX: a Japanese leader is a Commissar for berserk purposes, A25.223).
pub fn heat_of_battle(s: &Situation, u: &UnitAt, dr: u8) -> HeatOfBattle {
    let h = s.tables.heat_of_battle;
    let id = &u.unit.id;
    let final_dr = i32::from(dr);
    let band = h.band(final_dr);
    let head = format!("Heat of Battle: Final DR {final_dr}");
    let hero = "A15.2's Hero creation is not modelled";
    if !band.berserk && !band.surrender {
        if band.hardened {
            return HeatOfBattle::Hardened {
                rule: "A15.3",
                reason: format!(
                    "{head} ({}..{}): unit {id} becomes Battle Hardened, Morale Level +{} \
                     (A15.3, not from the seeds){}",
                    h.hardened_from,
                    h.berserk_at_least - 1,
                    h.hardened_morale,
                    if band.hero {
                        format!("; a Hero too, but {hero}")
                    } else {
                        String::new()
                    }
                ),
            };
        }
        return HeatOfBattle::Nothing {
            rule: "A15.2",
            reason: format!(
                "{head} (<= {}): a Hero would be created, but {hero}: unit {id} is unchanged",
                h.hero_at_most
            ),
        };
    }
    if matches!(u.at, Location::Cave(_) | Location::Complex(_)) {
        return HeatOfBattle::Hardened {
            rule: "G11.97",
            reason: format!(
                "{head} (>= {}): Infantry in a cave become Battle Hardened, not berserk: unit \
                 {id}, Morale Level +{}",
                h.berserk_at_least, h.hardened_morale
            ),
        };
    }
    if !known_enemy_in_los(s, u) {
        return HeatOfBattle::Hardened {
            rule: "A15.44",
            reason: format!(
                "{head} (>= {}): with no Known enemy unit in its LOS unit {id} becomes Battle \
                 Hardened instead of berserk (A15.44, not from the seeds), Morale Level +{}",
                h.berserk_at_least, h.hardened_morale
            ),
        };
    }
    let along: Vec<String> = if is_leader(&u.unit) {
        s.units_at(&u.at)
            .into_iter()
            .filter(|o| {
                o.unit.id != *id
                    && o.unit.nationality == Nationality::Japanese
                    && o.unit.hero.is_none()
                    && !o.unit.berserk
            })
            .map(|o| o.unit.id.clone())
            .collect()
    } else {
        Vec::new()
    };
    let with = if along.is_empty() {
        String::new()
    } else {
        format!(
            "; a Japanese leader going berserk takes {} along without a berserk NTC (G1.41 EX, \
             A25.223)",
            along.join(", ")
        )
    };
    HeatOfBattle::Berserk {
        reason: format!(
            "{head} (>= {}{}): unit {id} becomes berserk (G1.62): it charges the nearest Known \
             enemy unit in its MPh and a break becomes Casualty Reduction (A15, G1.14){with}",
            h.berserk_at_least,
            if band.surrender {
                "; Surrender for others, A15.5, berserk for the Japanese"
            } else {
                ""
            }
        ),
        along,
        rule: "G1.62",
    }
}
