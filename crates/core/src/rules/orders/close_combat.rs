//! Close Combat in one Location (A11), with what the seeds add: Ambush in jungle, kunai and
//! bamboo as in woods, the ATTACKER adding +1 there (G.6); at night the ATTACKER's Ambush dr
//! need be only two less than the DEFENDER's unless Illuminated (E1.77); Japanese CC is
//! Hand-to-Hand (G1.64) and each Japanese Hand-to-Hand attack gets an extra -1 DRM (G1.64:
//! the seed's text lost the sign; -1 is our reading) unless every Japanese unit in it is
//! pinned; Elite and 1st-Line Japanese are Stealthy, Conscripts Lax (G1.6); CC causes a
//! Gunflash while Melee remains at night (E1.82); no CC between a cave and the outside
//! (G11.87: a cave is its own Location, and only Japanese enter caves).
//!
//! *Chapter A, NOT FROM THE SEEDS, as we read it:* in the CCPh, where both sides have units in
//! one Location, each side's Good Order units attack all the enemy units there as one group:
//! their FP (a leader none, adding his leadership modifier as a DRM; a T-H Hero 1, G1.4231)
//! against the defenders' (a SMC defending counts 1) gives the odds column of the CC Table
//! (`assets/tables.ron`), whose Kill Number a Final DR must be below to eliminate every
//! target, or equal to for a Casualty Reduction of each (A11.11). The attacks are
//! simultaneous, unless one side Ambushes: when the ATTACKER advanced into woods, a building,
//! jungle, kunai or bamboo this Player Turn, each side makes an Ambush dr (-1 Stealthy, +1
//! Lax) and a side whose Final dr is at least three less Ambushes (A11.4): it attacks first and
//! the ambushed attack only with what survives. Where both sides remain, the Location is in
//! Melee (A11.7). The ATTACKER may divide its attack (`close_combat`'s `attackers`/`targets`: one group
//! against some targets); Withdrawal and Capture (hence G1.641 Hara-Kiri) are not modelled.

use super::rally::leadership;
use super::{is_leader, mmc};
use crate::counters::Class;
use crate::los::Location;
use crate::map::Terrain;
use crate::model::{Nationality, Phase, Side, Unit};
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::{Amount, amount};

/// The rule a CC DR is rolled under.
pub const CC: &str = "A11.11";

/// One side's CC attack: its attackers, their FP, the targets and theirs, the DRM.
#[derive(Clone, Debug, PartialEq)]
pub struct CcAttack {
    pub side: Side,
    pub attackers: Vec<String>,
    pub fp: f32,
    pub targets: Vec<String>,
    pub defence: f32,
    pub drm: Vec<Amount>,
    /// The Japanese attack's G1.64 -1, applied only if the CC is Hand-to-Hand.
    pub hand_to_hand_drm: Option<Amount>,
}

/// The Ambush dr each side makes (A11.4), when the CC allows one.
#[derive(Clone, Debug, PartialEq)]
pub struct AmbushPlan {
    pub attacker_drm: Vec<Amount>,
    pub defender_drm: Vec<Amount>,
    /// How much lower the ATTACKER's Final dr must be (3; 2 at night unless Illuminated,
    /// E1.77); the DEFENDER's always 3.
    pub attacker_needs: i32,
}

/// The CC in one Location.
#[derive(Clone, Debug, PartialEq)]
pub struct CcPlan {
    pub at: Location,
    pub attacker: Side,
    pub ambush: Option<AmbushPlan>,
    /// The ATTACKER's attack, then the DEFENDER's (either may be absent: no Good Order unit).
    pub attacks: Vec<CcAttack>,
    /// A Japanese unit that could make the CC Hand-to-Hand as the ATTACKER (G1.64): unbroken
    /// and unpinned; an Ambush by the Japanese makes it so too, being Ambushed undoes it.
    pub japanese_attacker_hth: bool,
    pub night: bool,
}

/// A unit's CC FP as an attacker: a leader none (his modifier is a DRM), a T-H Hero 1
/// (G1.4231), a MMC its printed FP.
pub fn attack_fp(u: &Unit) -> f32 {
    if u.hero.is_some() {
        return 1.0;
    }
    if is_leader(u) {
        return 0.0;
    }
    mmc(u).map_or(0.0, |c| f32::from(c.fp))
}

/// A unit's FP as a CC target: a SMC counts 1 (our reading), a MMC its printed FP.
pub fn defence_fp(u: &Unit) -> f32 {
    if u.hero.is_some() || is_leader(u) {
        return 1.0;
    }
    mmc(u).map_or(1.0, |c| f32::from(c.fp))
}

/// G1.6: Good Order Elite and 1st-Line Japanese Infantry are Stealthy, Conscripts (and any
/// Japanese unit in a Banzai Charge, or berserk) Lax.
fn stealth(u: &Unit) -> i32 {
    if u.nationality != Nationality::Japanese || !u.good_order() {
        return 0;
    }
    // G1.6: every Japanese unit that made a Banzai Charge is Lax for the rest of the Player
    // Turn; a berserk unit is Lax (E1.533's reading of A15).
    if u.banzai.is_some() || u.berserk {
        return 1;
    }
    match mmc(u).map(|c| c.class) {
        Some(Class::Elite | Class::FirstLine) => -1,
        Some(Class::Conscript) => 1,
        _ => 0,
    }
}

/// Woods, a building, jungle, kunai or bamboo: where Ambush may occur (A11.4, G.6).
fn ambush_terrain(s: &Situation, at: &Location) -> Option<Terrain> {
    let t = s.map.get(at.hex()?)?.terrain;
    matches!(
        t,
        Terrain::Woods
            | Terrain::Building(..)
            | Terrain::Jungle
            | Terrain::DenseJungle
            | Terrain::Kunai
            | Terrain::Bamboo
    )
    .then_some(t)
}

/// One side's attack vs the other's units in the Location.
fn attack(side: Side, ours: &[&UnitAt], theirs: &[&UnitAt]) -> Option<CcAttack> {
    let attackers: Vec<&UnitAt> = ours
        .iter()
        .copied()
        .filter(|u| u.unit.good_order())
        .collect();
    if attackers.is_empty() || theirs.is_empty() {
        return None;
    }
    let mut drm = Vec::new();
    if let Some(l) = attackers
        .iter()
        .filter(|u| is_leader(&u.unit))
        .min_by_key(|u| leadership(&u.unit))
    {
        let m = leadership(&l.unit);
        if m != 0 {
            drm.push(amount(m, "A11.11", format!("{}'s leadership", l.unit.id)));
        }
    }
    let japanese = side == Side::Japanese;
    let all_pinned = attackers.iter().all(|u| u.unit.pinned);
    Some(CcAttack {
        side,
        attackers: attackers.iter().map(|u| u.unit.id.clone()).collect(),
        fp: attackers.iter().map(|u| attack_fp(&u.unit)).sum(),
        targets: theirs.iter().map(|u| u.unit.id.clone()).collect(),
        defence: theirs.iter().map(|u| defence_fp(&u.unit)).sum(),
        drm,
        hand_to_hand_drm: (japanese && !all_pinned).then(|| {
            amount(
                -1,
                "G1.64",
                "a Japanese Hand-to-Hand CC attack (the sign our reading)",
            )
        }),
    })
}

/// A11 / G1.64 / G.6 / E1.77: the CC in Location `at` now. Where `attackers` is not empty the
/// player divides the ATTACKER's attack: those of its Good Order units there attack the
/// DEFENDER's `targets` there (every DEFENDER unit there if `targets` is empty), and its other
/// units make no attack; the DEFENDER's attack is not divided.
pub fn close_combat(
    s: &Situation,
    at: &Location,
    attackers: &[String],
    targets: &[String],
) -> Result<CcPlan, Refusal> {
    if s.phase != Phase::CloseCombat {
        return Err(Refusal::new(
            "A11",
            format!(
                "Close Combat is resolved in the CCPh, not the {}",
                s.phase.abbrev()
            ),
        ));
    }
    let here = s.units_at(at);
    let attacker = s.turn.attacker;
    let (ours, theirs): (Vec<&UnitAt>, Vec<&UnitAt>) =
        here.iter().partition(|u| u.unit.side() == attacker);
    if ours.is_empty() || theirs.is_empty() {
        return Err(Refusal::new(
            "A11",
            format!(
                "no Close Combat in {}: both sides must have units there",
                at.display(s.map)
            ),
        ));
    }
    if ours
        .iter()
        .chain(theirs.iter())
        .all(|u| !u.unit.good_order())
    {
        return Err(Refusal::new("A11", "no Good Order unit there can attack"));
    }
    let (our_attack, their_targets) = divide(s, at, attacker, &ours, &theirs, attackers, targets)?;
    let attacks: Vec<CcAttack> = [
        attack(attacker, &our_attack, &their_targets),
        attack(attacker.opponent(), &theirs, &ours),
    ]
    .into_iter()
    .flatten()
    .collect();
    let advanced = ours.iter().any(|u| u.unit.advanced);
    let ambush = match ambush_terrain(s, at) {
        Some(t) if advanced => {
            let mut attacker_drm = Vec::new();
            let mut defender_drm = Vec::new();
            let side_drm = |units: &[&UnitAt], out: &mut Vec<Amount>| {
                let st: i32 = units.iter().map(|u| stealth(&u.unit)).min().unwrap_or(0);
                if st < 0 {
                    out.push(amount(-1, "G1.6", "Stealthy (Elite/1st-Line Japanese)"));
                } else if units.iter().any(|u| stealth(&u.unit) > 0) {
                    let charging = units
                        .iter()
                        .any(|u| u.unit.banzai.is_some() || u.unit.berserk);
                    out.push(amount(
                        1,
                        "G1.6",
                        if charging {
                            "Lax (a Banzai Charge this Player Turn, or berserk)"
                        } else {
                            "Lax (Japanese Conscripts)"
                        },
                    ));
                }
            };
            side_drm(&ours, &mut attacker_drm);
            side_drm(&theirs, &mut defender_drm);
            if matches!(
                t,
                Terrain::Jungle | Terrain::DenseJungle | Terrain::Kunai | Terrain::Bamboo
            ) {
                attacker_drm.push(amount(
                    1,
                    "G.6",
                    "the ATTACKER in jungle, kunai or bamboo adds +1 to its Ambush dr",
                ));
            }
            let lit = at.hex().is_some_and(|h| s.lit_hexes.contains(&h));
            let attacker_needs = if s.night.night() && !lit { 2 } else { 3 };
            Some(AmbushPlan {
                attacker_drm,
                defender_drm,
                attacker_needs,
            })
        }
        _ => None,
    };
    let japanese_attacker_hth = attacker == Side::Japanese
        && ours
            .iter()
            .any(|u| u.unit.good_order() && !u.unit.pinned && mmc(&u.unit).is_some());
    Ok(CcPlan {
        at: at.clone(),
        attacker,
        ambush,
        attacks,
        japanese_attacker_hth,
        night: s.night.night(),
    })
}

/// A11: the ATTACKER's units that attack and the units they attack, as the player divides
/// them (`attackers`, `targets`; empty: all of them).
fn divide<'u>(
    s: &Situation,
    at: &Location,
    attacker: Side,
    ours: &[&'u UnitAt],
    theirs: &[&'u UnitAt],
    attackers: &[String],
    targets: &[String],
) -> Result<(Vec<&'u UnitAt>, Vec<&'u UnitAt>), Refusal> {
    if attackers.is_empty() && targets.is_empty() {
        return Ok((ours.to_vec(), theirs.to_vec()));
    }
    let name = at.display(s.map).to_string();
    let pick = |ids: &[String], from: &[&'u UnitAt], what: &str| {
        ids.iter()
            .map(|id| {
                from.iter()
                    .copied()
                    .find(|u| &u.unit.id == id)
                    .ok_or_else(|| {
                        Refusal::new(
                            "A11",
                            format!(
                                "unit {id} is not {what} in {name}, so it cannot be named there"
                            ),
                        )
                    })
            })
            .collect::<Result<Vec<&UnitAt>, Refusal>>()
    };
    let a = if attackers.is_empty() {
        ours.to_vec()
    } else {
        pick(
            attackers,
            ours,
            &format!("a {attacker:?} (ATTACKER's) unit"),
        )?
    };
    if let Some(b) = a.iter().find(|u| !u.unit.good_order()) {
        return Err(Refusal::new(
            "A11",
            format!(
                "unit {} is broken: only Good Order units attack in CC",
                b.unit.id
            ),
        ));
    }
    let t = if targets.is_empty() {
        theirs.to_vec()
    } else {
        pick(
            targets,
            theirs,
            &format!("a {:?} (DEFENDER's) unit", attacker.opponent()),
        )?
    };
    Ok((a, t))
}

/// What an Ambush dr pair decides: the side that Ambushes, if any.
pub fn ambush_result(
    plan: &AmbushPlan,
    attacker_dr: u8,
    defender_dr: u8,
    attacker: Side,
) -> Option<Side> {
    let sum = |v: &[Amount]| v.iter().map(|a| a.value).sum::<i32>();
    let a = i32::from(attacker_dr) + sum(&plan.attacker_drm);
    let d = i32::from(defender_dr) + sum(&plan.defender_drm);
    if a <= d - plan.attacker_needs {
        Some(attacker)
    } else if d <= a - 3 {
        Some(attacker.opponent())
    } else {
        None
    }
}
