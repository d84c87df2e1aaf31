//! A DC Placed on an above-ground Location (A23.3, not from the seeds: the eASLRB's own text,
//! docs/asl-facts.md): in the ATTACKER's MPh a unit possessing a DC Places it on an ADJACENT
//! target Location by spending, in its own Location, the MF it would need to enter the target
//! directly; Defensive First Fire may follow that expenditure, and a Placer broken, pinned or
//! eliminated before the AFPh leaves the DC unexploded. The DC attacks the target Location with
//! 30 FP as the AFPh begins (A23.1: the defender's TEM applies, hexside TEM and leadership do
//! not; no FP modification but the Area Fire of a target all concealed when it was Placed).
//! `rules::orders::dc` decides the DCs into caves (G11.833); `game::attack` rolls the dice.

use super::common::{attacker_in, mf_allotment, not_in_melee, not_prep_fired};
use super::dc::DcVsLocation;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::caves::attack::DC_FP;
use crate::rules::caves::entry::cost;
use crate::rules::situation::{Refusal, Situation, UnitAt};

/// The rule a Placement on an above-ground Location is decided and detonated under.
pub const RULE: &str = "A23.3";

/// What Placing a DC on an above-ground Location will do: the Placer, from and on which
/// Location, the MF it spends, whether its attack will be Area Fire, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaceDcAtPlan {
    pub placer: String,
    pub from: Location,
    pub on: Location,
    /// A23.3: the MF the Placer spends in its own Location (what entering `on` would cost).
    pub mf: f32,
    /// A23.1: every enemy unit on the target is concealed: the DC's attack is Area Fire.
    pub area_fire: bool,
    pub reason: String,
}

/// A23.1: whether every enemy unit of `side`'s at `at` is veiled (hidden, concealed or
/// Cloaked, as Fire reads Area Fire): a DC's attack there is then Area Fire.
pub fn all_veiled(s: &Situation, side: Side, at: &Location) -> bool {
    let enemies: Vec<&UnitAt> = s
        .units_at(at)
        .into_iter()
        .filter(|o| o.unit.side() != side)
        .collect();
    !enemies.is_empty() && enemies.iter().all(|o| o.hidden || o.concealed || o.cloaked)
}

/// A23.3 Placement on an ADJACENT above-ground Location: the ATTACKER's unit, in its MPh, not
/// marked Prep Fire, not in Melee, in Good Order and unpinned, possessing a DC, at an
/// above-ground Location whose hex is adjacent to the target's, with the MF the target would
/// cost it to enter directly (`rules::caves::entry::cost`: across a cliff hexside it could
/// not, so the Locations are not ADJACENT) left to spend. A unit that has not moved may spend
/// them whatever its allotment (our reading, as for a cave, G11.833).
pub fn place_dc_at(s: &Situation, id: &str, on: &Location) -> Result<PlaceDcAtPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    attacker_in(s, u, &[Phase::Movement], RULE, "Placing a DC")?;
    not_prep_fired(u, "Placing a DC")?;
    not_in_melee(s, u, "Placing a DC")?;
    super::dc::with_dc(u, RULE)?;
    if !u.unit.good_order() || u.unit.pinned {
        return Err(Refusal::new(
            RULE,
            format!(
                "unit {id} is {}: a DC is Placed by a unit in Good Order, not pinned (A23.3)",
                if u.unit.pinned { "pinned" } else { "broken" }
            ),
        ));
    }
    let (Location::Ground(from), Location::Ground(to)) = (&u.at, on) else {
        return Err(Refusal::new(
            RULE,
            format!(
                "a DC is Placed from an above-ground Location on an ADJACENT above-ground one \
                 here (A23.3; into a cave, PlaceDc, G11.833): not from {} on {}",
                u.at.display(s.map),
                on.display(s.map)
            ),
        ));
    };
    if !from.is_adjacent(*to) {
        return Err(Refusal::new(
            RULE,
            format!(
                "{} is not ADJACENT to {}: a DC is Placed on an ADJACENT target Location (A23.3)",
                on.display(s.map),
                u.at.display(s.map)
            ),
        ));
    }
    let c = cost(s.map, &s.caves, &u.at, on, s.night() && !u.cloaked);
    // A5.11: entering it would cost one MF more for each squad-equivalent its side would then
    // overstack it by.
    let overstack = crate::rules::stacking::entry_mf(s, u, on) as f32;
    let mf = match (c.allowed, c.mf) {
        (true, Some(mf)) if !c.climbing => mf + overstack,
        _ => {
            return Err(Refusal::new(
                RULE,
                format!(
                    "unit {id} could not enter {} directly ({}): it is not ADJACENT, and a DC is \
                     Placed for the MF entering the target Location would cost (A23.3)",
                    on.display(s.map),
                    c.reason
                ),
            ));
        }
    };
    let total = mf_allotment(s.tables, u);
    let left = total - u.unit.mf_spent;
    if u.unit.mf_spent > 0.0 && mf > left {
        return Err(Refusal::new(
            RULE,
            format!(
                "Placing a DC on {} costs {mf} MF (what entering it would cost, A23.3); unit \
                 {id} has {left} left",
                on.display(s.map)
            ),
        ));
    }
    let area_fire = all_veiled(s, u.unit.side(), on);
    Ok(PlaceDcAtPlan {
        placer: id.into(),
        from: u.at.clone(),
        on: on.clone(),
        mf,
        area_fire,
        reason: format!(
            "{id} Places a DC on {} from {}, spending {mf} MF there (what entering {} would \
             cost; A23.3, not from the seeds){}; Defensive First Fire may follow, and the DC \
             attacks {} with {DC_FP} FP as the AFPh begins if {id} survives unbroken and unpinned the \
             First Fire here",
            on.display(s.map),
            u.at.display(s.map),
            on.display(s.map),
            if area_fire {
                ": every enemy unit there is concealed, so its attack will be Area Fire, half \
                 FP (A23.1)"
            } else {
                ""
            },
            on.display(s.map)
        ),
    })
}

/// A23.1: the DC's attack on the above-ground Location `on`: 30 FP (15 as Area Fire, on the
/// column at or below it), the Location's terrain TEM (never below 0; hexside TEM and
/// leadership do not apply), the IFT's column from the tables (not from the seeds).
pub fn ground_dc_attack(s: &Situation, on: &Location, area_fire: bool) -> DcVsLocation {
    let tem = on
        .hex()
        .and_then(|h| s.map.get(h))
        .map_or(0, |d| d.terrain.info().tem.max(0));
    let fp = if area_fire { DC_FP / 2 } else { DC_FP };
    DcVsLocation {
        at: on.clone(),
        name: on.display(s.map).to_string(),
        drm: tem,
        why: format!(
            "{fp} FP{}, TEM {tem:+} (A23.1: the defender's TEM; hexside TEM and leadership do \
             not apply)",
            if area_fire {
                " (Area Fire vs a target all concealed when Placed, A23.1)"
            } else {
                ""
            }
        ),
        rule: RULE,
        ift: s.tables.ift_column(fp).clone(),
    }
}

/// A23.3 (our reading of when: the AFPh's start, as for a cave): the DC `id` Placed on an
/// above-ground Location detonates if it was operably Placed: settled as the DFPh began
/// (`PlacedDc::operable`), else (a game begun between) its Placer survived unbroken and
/// unpinned the First Fire in the Location it Placed it from (`dc::placer_survived`). A Placer
/// eliminated before the AFPh takes its DC with it (our reading: the DC is kept on the unit; a
/// Placer eliminated after it moved on, or in the DFPh, loses a DC A23.3 would let go off). Otherwise the DC does not attack: it "remains with the Placing unit"
/// (`game::attack` gives it back to a Placer still in play).
pub fn placed_dc_at_detonation(s: &Situation, id: &str) -> Result<DcVsLocation, Refusal> {
    let u = s.unit_in_play(id)?;
    let Some(p) = &u.unit.placed_dc else {
        return Err(Refusal::new(RULE, format!("unit {id} has Placed no DC")));
    };
    let Some(on) = &p.on else {
        return Err(Refusal::new(
            RULE,
            format!("unit {id}'s DC went into cave {}", p.cave),
        ));
    };
    // Settled as the DFPh began (`operable`), what befell the Placer after has no effect.
    let failed = if p.operable {
        None
    } else {
        super::dc::placer_survived(u, &p.from).err()
    };
    if let Some(what) = failed {
        return Err(Refusal::new(
            RULE,
            format!(
                "unit {id} {what} before the AFPh: its DC Placed on {} was not operably Placed \
                 and does not attack (A23.3)",
                on.display(s.map)
            ),
        ));
    }
    Ok(ground_dc_attack(s, on, p.area_fire))
}
