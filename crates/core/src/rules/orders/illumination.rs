//! Firing Illumination as orders: a Starshell (E1.92: Usage dr E1.921, Placement DR E1.922)
//! and an Illuminating Round fired by OBA (E1.931). The zones they light are
//! `rules::night::light`'s; their removal at the end of the CCPh is `super::phase`'s.

use super::common::is_leader;
use crate::hex::Hex;
use crate::map::Map;
use crate::model::Phase;
use crate::rules::Check;
use crate::rules::night::illumination_fire::{
    IrFirer, StarshellFirer, StarshellPlacement, StarshellUnit, ir_usage,
    starshell_placement_named, starshell_usage,
};
use crate::rules::situation::{Refusal, Situation, require_check};

/// What firing a Starshell will do: the firer's Usage dr, then the Placement DR.
#[derive(Clone, Debug, PartialEq)]
pub struct StarshellPlan {
    pub firer: String,
    pub unit: StarshellUnit,
    /// The hex it is fired at (its initial placement hex).
    pub at: Hex,
    /// The rules the Usage dr and the Placement DR are rolled under.
    pub usage_rule: &'static str,
    pub placement_rule: &'static str,
}

impl StarshellPlan {
    /// E1.921: whether the Usage dr lets the unit fire.
    pub fn usage(&self, dr: u8) -> Check {
        starshell_usage(&self.unit, dr)
    }

    /// E1.922: where the Starshell comes down on its Placement DR (E1.923: perhaps off `map`).
    pub fn placement(&self, colored: u8, white: u8, map: &Map) -> StarshellPlacement {
        let p = starshell_placement_named(self.at, colored, white, false, &|h| map.name(h));
        let on_map = map.contains(p.hex);
        p.off_map(on_map)
    }
}

/// E1.92 / E1.921: a Starshell, fired only at night, in the PFPh by the ATTACKER or as
/// Defensive First Fire in the MPh by the DEFENDER, by a Good Order unit neither pinned nor TI
/// (a leader needs a Usage dr <= 4, a MMC <= 2), one that has not made its Usage dr this
/// Player Turn ("Before a leader ... can fire a Starshell during that Player Turn, he must
/// first make a Usage dr": one dr, for one Starshell, a Player Turn, passed or failed; our
/// reading, the seed's text being cut short after it).
pub fn fire_starshell(s: &Situation, id: &str, at: Hex) -> Result<StarshellPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    if s.tallies.starshell_tried.iter().any(|t| t == id) {
        return Err(Refusal::new(
            "E1.921",
            format!(
                "{id} has made its Starshell Usage dr this Player Turn: a unit fires one \
                 Starshell a Player Turn (the Usage dr is made \"before [it] can fire a \
                 Starshell during that Player Turn\"; our reading)"
            ),
        ));
    }
    if !s.night() {
        return Err(Refusal::new(
            "E1.92",
            "Starshells are fired only in a night scenario",
        ));
    }
    let attacker = u.unit.side() == s.turn.attacker;
    let in_phase =
        (attacker && s.phase == Phase::PrepFire) || (!attacker && s.phase == Phase::Movement);
    if !in_phase {
        return Err(Refusal::new(
            "E1.92",
            format!(
                "Starshells may be fired in the PFPh (ATTACKER) or as Defensive First Fire \
                 (DEFENDER, MPh); not by this unit in the {}",
                s.phase.abbrev()
            ),
        ));
    }
    // A15.43 / E1.533: a berserk unit with an enemy to charge fires no Starshell in its PFPh.
    super::banzai::no_prep_fire(s, u)?;
    // A11.7 (our reading): a unit in Melee fires at no other Location, a Starshell included.
    super::common::not_in_melee(s, u, "Starshell")?;
    let firer = if is_leader(&u.unit) {
        StarshellFirer::Leader
    } else {
        StarshellFirer::Mmc
    };
    let unit = StarshellUnit {
        firer,
        good_order: u.unit.good_order(),
        pinned: u.unit.pinned,
        ti: false,
    };
    // Good Order, not pinned nor TI: a Usage dr of 1 passes for anyone who may fire at all.
    require_check(starshell_usage(&unit, 1))?;
    Ok(StarshellPlan {
        firer: id.into(),
        unit,
        at,
        usage_rule: "E1.921",
        placement_rule: "E1.922",
    })
}

/// What firing an IR will do: it Illuminates around `hex` (where it lands, E1.932, is cut off:
/// in `hex`).
#[derive(Clone, Debug, PartialEq)]
pub struct IrPlan {
    pub hex: Hex,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.931: an IR fired by OBA, at night only; OBA needs no Usage dr. It lights within six
/// hexes (E1.933).
pub fn fire_ir(s: &Situation, at: Hex) -> Result<IrPlan, Refusal> {
    if !s.night() {
        return Err(Refusal::new(
            "E1.93",
            "IR are fired only in a night scenario",
        ));
    }
    let r = ir_usage(IrFirer::Oba, None);
    require_check(r.clone())?;
    Ok(IrPlan {
        hex: at,
        rule: r.rule,
        reason: format!(
            "{}; the IR Illuminates within six hexes of {} (E1.933)",
            r.reason,
            s.map.name(at)
        ),
    })
}
