//! A7/A8 (read): when a unit fires and the fire counter it gets (`fire_mark`), and the Chapter
//! A rule numbers `rules::orders::fire` cites (`rules_read`). Chapter A is not in our sources:
//! see `rules::orders::fire`'s module doc for the readings.

use crate::model::{FireMark, Phase, Side};
use crate::rules::situation::{Refusal, Situation};

/// The Chapter A rule numbers this ruling reads (NOT IN OUR SOURCES: the common numbering).
pub mod rules_read {
    /// The IFT and an attack on it.
    pub const IFT: &str = "A7";
    /// Point Blank Fire: FP doubled at range 0-1.
    pub const PBF: &str = "A7.21";
    /// Long Range Fire: FP halved beyond normal range, up to twice it.
    pub const LONG_RANGE: &str = "A7.22";
    /// Area Fire: FP halved vs concealed/hidden units.
    pub const AREA_FIRE: &str = "A7.23";
    /// Advancing Fire: FP halved in the AFPh.
    pub const ADVANCING_FIRE: &str = "A7.25";
    /// A Fire Group.
    pub const FIRE_GROUP: &str = "A7.5";
    /// Leadership: a leader directs the fire of units in his Location.
    pub const LEADERSHIP: &str = "A7.53";
    /// A pinned unit fires at half FP.
    pub const PINNED: &str = "A7.8";
    /// Cowering: an Original Doubles IFT DR with no leader directing is resolved one column
    /// lower.
    pub const COWERING: &str = "A7.9";
    /// Defensive First Fire, Subsequent First Fire, Final Fire.
    pub const FIRST_FIRE: &str = "A8.1";
    pub const SUBSEQUENT_FIRST_FIRE: &str = "A8.3";
    pub const FINAL_FIRE: &str = "A8.4";
    /// A broken unit does not fire.
    pub const BROKEN: &str = "A10";
    /// Concealment and HIP lost by firing.
    pub const CONCEALMENT_LOSS: &str = "A12.15";
    /// Units in one Location fight in Close Combat.
    pub const CC: &str = "A11";
}

use rules_read as R;

/// A8.3 / A8.4: the counter a unit marked `already` gets for an attack of kind `attack`: a
/// unit already marked First Fire that fires in the MPh (Subsequent First Fire) is marked
/// Final Fire; any other gets the attack's own.
pub fn subsequent_mark(attack: FireMark, already: Option<FireMark>) -> FireMark {
    match (attack, already) {
        (FireMark::FirstFire, Some(FireMark::FirstFire)) => FireMark::FinalFire,
        _ => attack,
    }
}

/// A7 / A8: the fire counter a unit of `side` gets for firing now, or why it may not fire now
/// (see the module doc for the phases). `already`: the counter it has.
pub fn fire_mark(
    s: &Situation,
    side: Side,
    already: Option<FireMark>,
) -> Result<FireMark, Refusal> {
    let attacker = side == s.turn.attacker;
    let fired = |m: FireMark, rule| {
        Refusal::new(
            rule,
            format!(
                "it is marked {}: a unit that fired cannot fire again in this phase",
                m.name()
            ),
        )
    };
    match (s.phase, attacker) {
        (Phase::PrepFire, true) => match already {
            None => Ok(FireMark::PrepFire),
            Some(m) => Err(fired(m, R::IFT)),
        },
        // A8.3 (not in our sources; read as A8.4's Final Fire of a First Fire unit): a unit
        // marked First Fire fires again in that MPh, Subsequent First Fire, only at an ADJACENT
        // Location and as Area Fire (`firepower`'s half FP), and is then marked Final Fire
        // (`subsequent_mark`); one marked Final Fire fires no more (FPF is not modelled).
        (Phase::Movement, false) => match already {
            None | Some(FireMark::FirstFire) => Ok(FireMark::FirstFire),
            Some(FireMark::FinalFire) => Err(Refusal::new(
                R::SUBSEQUENT_FIRST_FIRE,
                "it is marked Final Fire (its Subsequent First Fire, or a Jitter Fire): it fires \
                 no more this MPh (FPF, A8.31, is not modelled)",
            )),
            Some(m) => Err(fired(m, R::FIRST_FIRE)),
        },
        (Phase::DefensiveFire, false) => match already {
            None | Some(FireMark::FirstFire) => Ok(FireMark::FinalFire),
            Some(m) => Err(fired(m, R::FINAL_FIRE)),
        },
        (Phase::AdvancingFire, true) => match already {
            None => Ok(FireMark::AdvancingFire),
            Some(m) => Err(Refusal::new(
                R::ADVANCING_FIRE,
                format!(
                    "it is marked {}: a unit that fired this Player Turn does not Advancing \
                     Fire",
                    m.name()
                ),
            )),
        },
        _ => Err(Refusal::new(
            "A3",
            format!(
                "the {:?} side fires in {}; it is the {} and the {:?} side is the ATTACKER",
                side,
                if attacker {
                    "its PFPh (Prep Fire) and AFPh (Advancing Fire)"
                } else {
                    "the ATTACKER's MPh (Defensive First Fire) and DFPh (Final Fire)"
                },
                s.phase.abbrev(),
                s.turn.attacker
            ),
        )),
    }
}
