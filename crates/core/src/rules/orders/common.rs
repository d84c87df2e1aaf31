//! What the order rulings share: MF (A4), a unit's counter and whether it is a leader, the
//! phase a unit's side must be the ATTACKER in (A3), Prep Fire's hold on a unit (A7), whether a
//! Good Order enemy sees a Location.

use crate::counters::{Catalog, Counter, Lookup};
use crate::los::Location;
use crate::model::{Phase, Side, Unit};
use crate::rules::situation::{Refusal, Situation, UnitAt};

/// A4.1 (not in our sources; the common values): Infantry MF: 4 for a MMC, 6 for a leader, 8
/// for a T-H Hero (G1.423's "eight-MF allotment"); a unit in a Banzai Charge has the Human
/// Wave's (A25.23, `tables.human_wave`).
pub fn unit_mf(t: &crate::rules::tables::Tables, u: &Unit) -> f32 {
    if let Some(mf) = banzai_mf(t, u) {
        mf
    } else if u.hero.is_some() {
        8.0
    } else if is_leader(u) {
        6.0
    } else {
        4.0
    }
}

/// E1.42 / A4.1 / A10.5: the MF a unit moves with: a routing unit has `tables.rout_mf` (6); a
/// Cloaking counter has six MF, regardless of its contents (E1.42); otherwise `unit_mf`.
pub fn mf_allotment(t: &crate::rules::tables::Tables, u: &UnitAt) -> f32 {
    // A10.5: the mover's copy of a routing unit (`rout::rout_situation` marks it routed): "All
    // routing units have 6 MF".
    if u.unit.routed {
        return f32::from(t.rout_mf);
    }
    if u.cloaked {
        CLOAKING_MF
    } else {
        unit_mf(t, &u.unit)
    }
}

/// A4.1: an action done with MF in the MPh (a Search, A12.152; grenades, A24.1) needs MF
/// left: refused under `rule` for a unit that has spent its whole allotment (`what`: "to
/// Search with").
pub(crate) fn mf_left(
    s: &Situation,
    u: &UnitAt,
    rule: &'static str,
    what: &str,
) -> Result<(), Refusal> {
    let total = mf_allotment(s.tables, u);
    if u.unit.mf_spent >= total {
        return Err(Refusal::new(
            rule,
            format!(
                "unit {} has no MF left this MPh ({} of {total} spent) {what}",
                u.unit.id, u.unit.mf_spent
            ),
        ));
    }
    Ok(())
}

/// A7/A8 (NOT FROM THE SEEDS): a unit marked Prep Fire has done its part of the Player Turn
/// before the APh: it does not move in the MPh, nor Search, Place or Set a DC there (`what`).
pub(crate) fn not_prep_fired(u: &UnitAt, what: &str) -> Result<(), Refusal> {
    if u.unit.fired == Some(crate::model::FireMark::PrepFire) {
        return Err(Refusal::new(
            "A3",
            format!(
                "unit {} is marked Prep Fire: a unit that Prep Fired does not move in the MPh, \
                 and {what} is done in the MPh",
                u.unit.id
            ),
        ));
    }
    Ok(())
}

/// E1.42: a Cloaking counter's MF.
pub const CLOAKING_MF: f32 = 6.0;

/// A leader (SMC) counter, by the counter catalog.
/// A11.7: whether both sides have units at `at` (a Melee lasts while they do).
pub fn both_sides_at(s: &Situation, at: &Location) -> bool {
    let here = s.units_at(at);
    here.iter().any(|u| u.unit.side() == Side::Allied)
        && here.iter().any(|u| u.unit.side() == Side::Japanese)
}

/// A11.7 / A11.4: whether a Close Combat left `at` in Melee (`tallies.melee`): an advance into
/// it reinforces the Melee.
pub fn melee_recorded(s: &Situation, at: &Location) -> bool {
    s.tallies.melee.contains(at)
}

/// A11.7 (our reading: Chapter A is not in our sources): whether `u` is in Melee, or about to
/// be: an enemy unit not hidden (a "?" too) sharing its Location.
pub fn in_melee(s: &Situation, u: &UnitAt) -> bool {
    s.units.iter().any(|o| {
        o.unit.side() != u.unit.side()
            && !o.hidden
            && crate::rules::situation::same_location(s.map, &o.at, &u.at)
    })
}

/// A11.7 (our reading): a unit in Melee attacks only in Close Combat; it does not fire at
/// another Location, nor move or advance out of its own (Withdrawal, A11.2, is not modelled).
pub(crate) fn not_in_melee(s: &Situation, u: &UnitAt, what: &str) -> Result<(), Refusal> {
    if in_melee(s, u) {
        return Err(Refusal::new(
            "A11.7",
            format!(
                "unit {} shares its Location with an enemy unit not hidden ({}): it attacks \
                 only in Close Combat: no {what} (A11.7, our reading: Chapter A is not in our \
                 sources; Withdrawal, A11.2, is not modelled)",
                u.unit.id,
                if melee_recorded(s, &u.at) {
                    "in Melee"
                } else {
                    "no Close Combat fought there yet"
                }
            ),
        ));
    }
    Ok(())
}

pub fn is_leader(u: &Unit) -> bool {
    Catalog::get().lookup(u.nationality, &u.counter) == Lookup::Leader
}

/// E1.63: whether a Good Order SMC (a leader or hero) of `u`'s side shares its Location: a Good
/// Order Lax unit stacked with one is Normal at night (for Ambush, A11.18, and Jitter Fire).
pub(crate) fn with_good_order_smc(s: &Situation, u: &UnitAt) -> bool {
    s.units_at(&u.at).iter().any(|o| {
        o.unit.id != u.unit.id
            && o.unit.side() == u.unit.side()
            && o.unit.good_order()
            && (is_leader(&o.unit) || o.unit.hero.is_some())
    })
}

/// A Multi-Man Counter from the counter catalog.
pub fn mmc(u: &Unit) -> Option<&'static Counter> {
    match Catalog::get().lookup(u.nationality, &u.counter) {
        Lookup::Mmc(c) => Some(c),
        _ => None,
    }
}

/// A3: the unit's side must be the ATTACKER and the phase one of `phases`; else refused with
/// `rule`, naming what was tried (`what`).
pub fn attacker_in(
    s: &Situation,
    u: &UnitAt,
    phases: &[Phase],
    rule: &'static str,
    what: &str,
) -> Result<(), Refusal> {
    if u.unit.side() == s.turn.attacker && phases.contains(&s.phase) {
        return Ok(());
    }
    let names: Vec<&str> = phases.iter().map(|p| p.abbrev()).collect();
    Err(Refusal::new(
        rule,
        format!(
            "{what} is done by the ATTACKER in its {}; it is the {} now and the {:?} side is \
             the ATTACKER",
            names.join("/"),
            s.phase.abbrev(),
            s.turn.attacker
        ),
    ))
}

/// Whether any Good Order ground unit of `side` has a clear LOS to `at` now (caves included,
/// G11.5). `nvr_cuts`: false where a rule says "regardless of range" (E1.94).
pub fn seen_by_good_order(
    s: &Situation,
    side: Side,
    at: &crate::los::Location,
    nvr_cuts: bool,
) -> bool {
    let env = if nvr_cuts {
        s.env_seeing(at)
    } else {
        s.env().with_nvr(None)
    };
    s.units.iter().any(|w| {
        w.unit.side() == side
            && w.unit.good_order()
            && w.at.hex().is_some()
            && crate::rules::caves::sight::cave_los(&env, &s.caves, &w.at, at)
                .is_ok_and(|r| r.clear())
    })
}

/// A25.23 / G1.423: the MF a unit in a Banzai Charge moves with (none: not charging). A T-H
/// Hero's own Charge keeps his eight (G1.423).
pub fn banzai_mf(s_tables: &crate::rules::tables::Tables, u: &Unit) -> Option<f32> {
    u.banzai.as_ref().map(|_| f32::from(s_tables.human_wave.mf))
}

/// A26: once the game has ended (its last Game Turn played), no order is given.
pub fn game_running(s: &Situation) -> Result<(), Refusal> {
    if s.scoring.over {
        return Err(Refusal::new(
            "A26",
            "the game has ended (its last Game Turn has been played): no order is given after it",
        ));
    }
    Ok(())
}

/// A leader's leadership modifier from his counter (`8-1` is -1, `8+1` is +1, `9-0` is 0); a
/// wounded leader's is one worse (A17.2, not in our seeds).
pub fn leadership(u: &Unit) -> i32 {
    super::fire_group::leadership_drm(&u.counter) + i32::from(u.wounded)
}

/// A4.61: a unit using Assault Movement this MPh has entered its one Location: it moves,
/// Climbs (B11.4) or charges (G1.5) no more this MPh.
pub fn entered_its_one_location(s: &Situation, u: &UnitAt) -> Result<(), Refusal> {
    if s.phase == Phase::Movement && u.unit.assault_moving {
        return Err(Refusal::new(
            "A4.61",
            format!(
                "unit {} uses Assault Movement this MPh and has entered its one Location (A4.61, \
                 not in our sources)",
                u.unit.id
            ),
        ));
    }
    Ok(())
}
