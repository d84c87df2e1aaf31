//! A12.14 / E1.43 / E1.8: what making an attack does to the attacker's concealment
//! (`attack_reveal`), shared by Fire and the DC attacks.

use crate::los::Location;
use crate::rules::night::concealment::{CloakEvent, cloaking_lost};
use crate::rules::orders::common::seen_by_good_order;
use crate::rules::orders::fire_phase::rules_read as R;
use crate::rules::situation::{Situation, UnitAt};

use super::plan::Reveal;

/// A12.14 / E1.43 / E1.8: what making an attack (a Fire, a DC Thrown or detonated) does to the
/// attacker's concealment: a Cloaked unit loses Cloaking ("for making any attack other than a
/// successful Ambush"); a hidden or concealed one is revealed if a Good Order enemy ground unit
/// has a LOS to it (at night whatever the NVR, E1.8), else keeps (or, from HIP, gets) "?".
/// `None` for a unit neither hidden, concealed nor Cloaked.
pub fn attack_reveal(s: &Situation, u: &UnitAt) -> Option<Reveal> {
    if !(u.hidden || u.concealed || u.cloaked) {
        return None;
    }
    let opponent = u.unit.side().opponent();
    let seen = seen_by_good_order(s, opponent, &u.at, !s.night());
    if u.cloaked {
        let c = cloaking_lost(CloakEvent::Attack {
            successful_ambush: false,
        });
        return Some(Reveal {
            unit: u.unit.id.clone(),
            concealed_after: false,
            cave: None,
            rule: c.rule,
            reason: c.reason,
        });
    }
    let rule = if s.night() {
        "E1.8"
    } else {
        R::CONCEALMENT_LOSS
    };
    let (concealed_after, reason) = match (u.hidden, seen) {
        (_, true) => (
            false,
            "a Good Order enemy ground unit has a LOS to the firer: it is revealed \
             unconcealed",
        ),
        (true, false) => (
            true,
            "the firer loses HIP; no Good Order enemy ground unit has a LOS to it, so it \
             keeps \"?\"",
        ),
        (false, false) => (
            true,
            "no Good Order enemy ground unit has a LOS to the firer: it keeps \"?\"",
        ),
    };
    // G11.3: HIP and HIP loss apply to a Cave counter as to its contents: a hidden
    // unit firing from a hidden cave places the Cave counter onboard with it.
    let cave = match &u.at {
        Location::Cave(id) if u.hidden && s.hidden_caves.iter().any(|c| c == id) => {
            Some(id.clone())
        }
        _ => None,
    };
    let reason = match &cave {
        Some(id) => format!(
            "{reason}; cave {id} is revealed with it, placed onboard (G11.3: HIP loss \
             applies to Cave counters as to their contents)"
        ),
        None => reason.to_string(),
    };
    Some(Reveal {
        unit: u.unit.id.clone(),
        concealed_after,
        cave,
        rule,
        reason,
    })
}
