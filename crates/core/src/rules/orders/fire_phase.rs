//! A7/A8 (read): when a unit fires and the fire counter it gets (`fire_mark`), and the Chapter
//! A rule numbers `rules::orders::fire` cites (`rules_read`). Chapter A is not in our sources:
//! see `rules::orders::fire`'s module doc for the readings.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::{FireMark, Phase, Side};
use crate::rules::night::visibility::unseen_at_night;
use crate::rules::situation::{Refusal, Situation, UnitAt};

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
    /// Final Protective Fire: a unit marked Final Fire fires again at range 0-1, its IFT DR
    /// also its NMC DR.
    pub const FPF: &str = "A8.31";
    pub const FINAL_FIRE: &str = "A8.4";
    /// A broken unit does not fire.
    pub const BROKEN: &str = "A10";
    /// Concealment and HIP lost by firing.
    pub const CONCEALMENT_LOSS: &str = "A12.15";
    /// Units in one Location fight in Close Combat.
    pub const CC: &str = "A11";
}

use rules_read as R;

/// A8.3 / A8.31 / A8.4: the counter a unit marked `already` gets for an attack of kind
/// `attack`: a unit already marked First Fire that fires in the MPh (Subsequent First Fire) is
/// marked Final Fire, and one already marked Final Fire that fires FPF stays so; any other gets
/// the attack's own.
pub fn subsequent_mark(attack: FireMark, already: Option<FireMark>) -> FireMark {
    match (attack, already) {
        (FireMark::FirstFire, Some(FireMark::FirstFire | FireMark::FinalFire)) => {
            FireMark::FinalFire
        }
        _ => attack,
    }
}

/// A8.31 FPF (NOT IN OUR SOURCES: a published First Fire flowchart, "only allowed at range
/// 0-1", and an ASL players' forum; G1.11, G1.12 and G1.3 in our seeds name the "FPF MC"): a
/// unit marked Final Fire fires again in the MPh, Final Protective Fire, only at a target at
/// range 1 (`range`, as the fire ruling reads it for Point Blank Fire; a Location holding its
/// own units is never fired at), as Area Fire; the attack's Original IFT DR is also a NMC DR
/// for each such firer (`FirePlan::fpf`). `firer` names it in the refusal.
pub fn final_protective_fire_range(
    firer: &str,
    range: u32,
    target_name: &str,
) -> Result<(), Refusal> {
    if range > 1 {
        return Err(Refusal::new(
            R::FPF,
            format!(
                "{firer} is marked Final Fire: it fires again this MPh only as Final Protective \
                 Fire, at range 0-1 ({target_name} at range {range}; A8.31, not in our sources)"
            ),
        ));
    }
    Ok(())
}

/// The hex a unit is in (a cave's hex); `None` in a Cave Complex, which has no hex range.
pub(crate) fn hex_in(s: &Situation, at: &Location) -> Option<Hex> {
    match at {
        Location::Complex(_) => None,
        at => s.hex_of(at),
    }
}

/// A8.3 / E1.551: the Known enemy unit nearest (in hexes) to `u`, with its distance: a unit of
/// the other side neither hidden, concealed ("?") nor Cloaked, and at night seen by some unit
/// of `u`'s side (E1.33); broken or not. E1.551 reads it for Jitter Fire ("units marked with a
/// First Fire counter and closer to a Known enemy unit than to the moving unit"), A8.3 for
/// Subsequent First Fire (`subsequent_first_fire_range`). `None` with none, or `u` in a Cave
/// Complex.
pub fn nearest_known_enemy<'a>(s: &'a Situation, u: &UnitAt) -> Option<(&'a UnitAt, u32)> {
    let here = hex_in(s, &u.at)?;
    let side = u.unit.side();
    s.units
        .iter()
        .filter(|e| e.unit.side() != side && !e.hidden && !e.concealed && !e.cloaked)
        .filter(|e| !unseen_at_night(s, side, &e.at))
        .filter_map(|e| Some((e, here.distance(hex_in(s, &e.at)?))))
        .min_by_key(|&(e, d)| (d, e.unit.id.clone()))
}

/// A8.3 (NOT IN OUR SOURCES: our reading of two public sources, an ASL players' forum and a
/// player's blog on A7.353, and of E1.551's "closer to a Known enemy unit" in our seeds): a unit
/// marked First Fire fires again in that MPh, Subsequent First Fire, at a target within its
/// Normal Range (`normal`, no Long Range Fire) and only if no Known enemy unit
/// (`nearest_known_enemy`) is closer to it than the target (`to_target` hexes; an equally
/// close one does not bar it). `firer` names it in the refusal.
pub fn subsequent_first_fire_range(
    s: &Situation,
    u: &UnitAt,
    firer: &str,
    to_target: u32,
    normal: Option<u32>,
    target_name: &str,
) -> Result<(), Refusal> {
    if let Some(n) = normal.filter(|&n| to_target > n) {
        return Err(Refusal::new(
            R::SUBSEQUENT_FIRST_FIRE,
            format!(
                "{firer} is marked First Fire: its Subsequent First Fire this MPh reaches no \
                 farther than its Normal Range ({n}; {target_name} at range {to_target}; A8.3, \
                 our reading, not in our sources)"
            ),
        ));
    }
    match nearest_known_enemy(s, u) {
        Some((e, d)) if d < to_target => Err(Refusal::new(
            R::SUBSEQUENT_FIRST_FIRE,
            format!(
                "{firer} is marked First Fire: its Subsequent First Fire this MPh is only at \
                 the closest Known enemy unit, and {} in {} is {d} hex{} off, {target_name} \
                 {to_target} (A8.3, our reading, not in our sources; E1.551)",
                e.unit.id,
                e.at.display(s.map),
                if d == 1 { "" } else { "es" }
            ),
        )),
        _ => Ok(()),
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
        // A8.3 (not in our sources: our reading): a unit marked First Fire fires again in that
        // MPh, Subsequent First Fire, within its Normal Range at the closest Known enemy unit
        // (`subsequent_first_fire_range`) and as Area Fire (`firepower`'s half FP), and is then
        // marked Final Fire (`subsequent_mark`).
        // A8.31: one marked Final Fire fires again only as FPF (`final_protective_fire_range`).
        (Phase::Movement, false) => match already {
            None | Some(FireMark::FirstFire | FireMark::FinalFire) => Ok(FireMark::FirstFire),
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
