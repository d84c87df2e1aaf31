//! E1.55-E1.552 Jitter Fire after a Straying DR, decided over the `Situation`: which table row
//! the DR gives (`rules::night::movement::jitter_fire`), who the Closest DEFENDER or the
//! moving unit is (E1.551), which of them Jitter Fire (`unit_jitter_fires`, with each unit's
//! E1.6 night class), and what that does to them (E1.552: only the firer is affected: a fire
//! counter and a Gunflash; it attacks no one). Also E1.8's end: the Gunflashes and fire
//! counters that go at the end of the Player Turn.
//!
//! Readings where the text is cut off or silent: the ATTACKER's choice among equidistant
//! Closest DEFENDER hexes is the first in hex order; a DEFENDER that Jitter Fires is marked
//! First Fire (Final Fire if it already was: its second fire in the MPh), a mover Bounding Fire
//! (it then does not Advancing Fire); E1.552 is cut off after "placement of appropriate fire/"
//! and is read as the fire counter and a Gunflash (E1.8: any unit that fires), nothing else:
//! Cloaking and "?" are kept. Units in a Cave Complex are never the Closest DEFENDER (no hex
//! of theirs is occupied in the E1.551 sense).

use super::common::{is_leader, mmc};
use super::fire_phase::nearest_known_enemy;
use crate::counters::{Class, Nationality};
use crate::hex::Hex;
use crate::los::Location;
use crate::model::{FireMark, Side, Unit};
use crate::rules::Check;
use crate::rules::check;
use crate::rules::japanese::stealth::japanese_night_class;
use crate::rules::night::movement::{
    ClosestDefender, JitterCheck, JitterOutcome, JitterResult, JitterUnit, JitterWho, NightClass,
    closest_defender_hexes, jitter_fire as jitter_row, unit_jitter_fires,
};
use crate::rules::situation::{Situation, UnitAt};

/// E1.6 (E1.61-E1.63, G1.6): a unit's night class, with its rule. Japanese MMC by G1.6; any
/// Good Order SMC and ANZAC (Australian, New Zealand) units are Stealthy (E1.61); berserk and
/// Inexperienced (Green, Conscript) units Lax (E1.62, E1.533); every other MMC Normal (E1.63).
pub fn night_class(u: &Unit) -> (NightClass, &'static str) {
    if u.berserk {
        return (NightClass::Lax, "E1.533");
    }
    if u.banzai.is_some() {
        return (NightClass::Lax, "G1.6");
    }
    if (is_leader(u) || u.hero.is_some()) && u.good_order() {
        return (NightClass::Stealthy, "E1.61");
    }
    if matches!(
        u.nationality,
        Nationality::Australian | Nationality::NewZealand
    ) && u.good_order()
    {
        return (NightClass::Stealthy, "E1.61");
    }
    let Some(c) = mmc(u) else {
        return (NightClass::Normal, "E1.63");
    };
    if u.nationality == Nationality::Japanese {
        return japanese_night_class(c.class, u.good_order(), u.banzai.is_some());
    }
    if matches!(c.class, Class::Green | Class::Conscript) {
        return (NightClass::Lax, "E1.62");
    }
    (NightClass::Normal, "E1.63")
}

/// E1.63: `night_class` in the unit's stack: a Good Order Lax unit stacked with a Good Order
/// SMC of its side is Normal (a berserk unit's or a Banzai Charge's Lax status stays: E1.533
/// names it always, G1.6 for the rest of the Player Turn).
pub fn night_class_in_stack(s: &Situation, u: &UnitAt) -> (NightClass, &'static str) {
    let (class, rule) = night_class(&u.unit);
    if class != NightClass::Lax || !u.unit.good_order() || u.unit.berserk || u.unit.banzai.is_some()
    {
        return (class, rule);
    }
    if super::common::with_good_order_smc(s, u) {
        (NightClass::Normal, "E1.63")
    } else {
        (class, rule)
    }
}

/// One unit's part in a Jitter Fire.
#[derive(Clone, Debug, PartialEq)]
pub struct JitterDecision {
    pub unit: String,
    pub at: Location,
    pub result: JitterResult,
    /// The fire counter it gets when it Jitter Fires.
    pub mark: FireMark,
}

/// What a Straying DR's Jitter Fire does.
#[derive(Clone, Debug, PartialEq)]
pub struct JitterPlan {
    /// E1.55: the table row, if any.
    pub check: JitterCheck,
    /// E1.551: the Closest DEFENDER's hexes (rows 2-6 only).
    pub closest: Option<ClosestDefender>,
    /// The hex chosen among them.
    pub chosen: Option<Hex>,
    pub units: Vec<JitterDecision>,
}

impl JitterPlan {
    /// The units that Jitter Fire.
    pub fn firing(&self) -> impl Iterator<Item = &JitterDecision> {
        self.units
            .iter()
            .filter(|d| d.result.outcome == JitterOutcome::Fires)
    }
}

/// The hex a unit is in (a cave's hex), `None` in a Cave Complex.
fn hex_in(s: &Situation, u: &UnitAt) -> Option<Hex> {
    match u.at {
        Location::Complex(_) => None,
        ref at => s.hex_of(at),
    }
}

/// E1.551: the facts `unit_jitter_fires` reads about unit `u`, `mover_hex` the moving unit's.
fn jitter_unit(s: &Situation, u: &UnitAt, mover_hex: Hex) -> JitterUnit {
    let here = hex_in(s, u);
    // Known: neither hidden nor "?", and at night seen by some unit of its side (E1.33).
    let nearest_known_enemy = nearest_known_enemy(s, u).map(|(_, d)| d);
    let to_mover = here.map_or(u32::MAX, |h| h.distance(mover_hex));
    JitterUnit {
        class: night_class_in_stack(s, u).0,
        cloaked: u.cloaked,
        dummy_cloaking: false,
        good_order: u.unit.good_order(),
        hidden: u.hidden,
        hero: u.unit.hero.is_some(),
        has_fp: mmc(&u.unit).is_some(),
        final_fire: u.unit.fired == Some(FireMark::FinalFire),
        first_fire_closer_to_known_enemy: u.unit.fired == Some(FireMark::FirstFire)
            && nearest_known_enemy.is_some_and(|d| d < to_mover),
    }
}

/// E1.55 / E1.551: the Jitter Fire that moving unit `mover`'s Straying DR (`colored`,
/// `white`) sets off: none before a Gunflash has been placed due to an attack vs an enemy unit
/// (`Situation::gunflash_vs_enemy`) or without Doubles; on 2-6 the Closest DEFENDER (the Good
/// Order non-hidden units in the nearest occupied DEFENDER hex; no LOS needed), on 8-12 the
/// moving unit, each unless its class or Cloaking exempts it (see the module doc).
pub fn jitter_fire(s: &Situation, mover: &str, colored: u8, white: u8) -> JitterPlan {
    let check = jitter_row(s.tallies.gunflash_vs_enemy, colored, white);
    let mut plan = JitterPlan {
        check,
        closest: None,
        chosen: None,
        units: Vec::new(),
    };
    let (Some(row), Some(m)) = (plan.check.row, s.unit(mover)) else {
        return plan;
    };
    let Some(mover_hex) = hex_in(s, m) else {
        return plan;
    };
    let defender: Side = s.turn.attacker.opponent();
    let decide = |u: &UnitAt, mark: FireMark| JitterDecision {
        unit: u.unit.id.clone(),
        at: u.at.clone(),
        result: unit_jitter_fires(&row, &jitter_unit(s, u, mover_hex)),
        mark,
    };
    match row.who {
        JitterWho::Movers => plan.units.push(decide(m, FireMark::BoundingFire)),
        JitterWho::ClosestDefender => {
            let mut occupied: Vec<Hex> = s
                .units
                .iter()
                .filter(|u| u.unit.side() == defender && !u.hidden)
                .filter_map(|u| hex_in(s, u))
                .collect();
            occupied.sort();
            occupied.dedup();
            let closest = closest_defender_hexes(mover_hex, &occupied);
            plan.chosen = closest.hexes.first().copied();
            plan.closest = Some(closest);
            if let Some(h) = plan.chosen {
                for u in s
                    .units
                    .iter()
                    .filter(|u| u.unit.side() == defender && hex_in(s, u) == Some(h))
                {
                    let mark = if matches!(
                        u.unit.fired,
                        Some(FireMark::FirstFire | FireMark::FinalFire)
                    ) {
                        FireMark::FinalFire
                    } else {
                        FireMark::FirstFire
                    };
                    plan.units.push(decide(u, mark));
                }
            }
        }
    }
    plan
}

/// E1.82: a Gunflash `at` that a Close Combat placed stays while its Location is in Melee
/// ("CC causes a Gunflash for as long as it is covered by a Melee counter": `tallies.melee`).
pub fn melee_gunflash(s: &Situation, at: &Location) -> bool {
    super::common::both_sides_at(s, at)
        && s.tallies
            .melee
            .iter()
            .any(|m| crate::rules::situation::same_location(s.map, m, at))
}

/// E1.82: the Gunflashes that stay as the Player Turn ends: those of a Melee
/// (`melee_gunflash`).
pub fn gunflashes_kept(s: &Situation) -> Vec<Location> {
    s.gunflashes
        .iter()
        .filter(|l| melee_gunflash(s, l))
        .cloned()
        .collect()
}

/// E1.8 (read): the Gunflashes and fire counters that go at the end of the Player Turn (the
/// end of its CCPh). E1.8 is cut off after "a Location that contains a Prep/"; a Gunflash is
/// read as lasting as long as the fire counters of the fire that made it, which go when the
/// Player Turn ends; but a Melee's stays while it is in Melee (E1.82, `melee_gunflash`: the
/// log said a CC's Gunflash stayed "for as long as it is in Melee", then that it went).
pub fn end_of_player_turn_fire(s: &Situation) -> Check {
    let marked = s.units.iter().filter(|u| u.unit.fired.is_some()).count();
    let kept = gunflashes_kept(s).len();
    let going = s.gunflashes.len() - kept;
    let stays = if kept > 0 {
        format!(
            "; {} of a Melee {} (E1.82)",
            crate::words::count(kept as i64, "Gunflash", "Gunflashes"),
            crate::words::noun(kept, "stays", "stay")
        )
    } else {
        String::new()
    };
    if going == 0 {
        return check(
            marked > 0,
            "A7",
            format!(
                "the Player Turn ends: its {} removed{stays}",
                if marked == 1 {
                    "1 fire counter is".to_string()
                } else {
                    format!("{marked} fire counters are")
                }
            ),
        );
    }
    check(
        true,
        "E1.8",
        format!(
            "the Player Turn ends: its {} {} with its {}{stays}",
            crate::words::count(going as i64, "Gunflash", "Gunflashes"),
            crate::words::noun(going, "goes", "go"),
            crate::words::count(marked as i64, "fire counter", "fire counters")
        ),
    )
}
