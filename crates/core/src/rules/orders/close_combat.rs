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
//! target, or equal to for a Partial Kill, one target's Casualty Reduction (A11.11). The
//! attacks are simultaneous, unless one side Ambushes: when the ATTACKER advanced into woods, a
//! building, jungle, kunai or bamboo this Player Turn (or Banzai Charged into it in the MPh,
//! G1.5), not reinforcing a Melee (A11.4), each side makes an Ambush dr (-1 Stealthy, +1 Lax,
//! +1 with a broken, a pinned or a berserk unit, -2 with a concealed one, its best leader's
//! modifier: `ambush_drm`) and a side whose Final dr is at least three less Ambushes (A11.4): it attacks first and the
//! ambushed attack only with what survives, and, a concealed ambusher having lost "?" by
//! attacking (A11.19), not at half FP against it. Where both sides remain, the Location is in
//! Melee (A11.7). The ATTACKER may divide its attack (`close_combat`'s `attackers`/`targets`: one group
//! against some targets); the first CC order in a Location in a CCPh decides its Ambush and
//! Hand-to-Hand for every later one there (`CcLocation`). Withdrawal and Capture (hence G1.641
//! Hara-Kiri) are not modelled.

use super::common::{is_leader, mmc};
use super::rally::leadership;
use crate::counters::Class;
use crate::los::Location;
use crate::map::Terrain;
use crate::model::{Nationality, Phase, Side, Unit};
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::tables::Tables;
use crate::rules::{Amount, amount};
use crate::state::CcLocation;

/// The rule a CC DR is rolled under.
pub const CC: &str = "A11.11";

/// One side's CC attack: its attackers, their FP, the targets and theirs, the DRM.
#[derive(Clone, Debug, PartialEq)]
pub struct CcAttack {
    pub side: Side,
    pub attackers: Vec<String>,
    pub fp: f32,
    /// What changed the attackers' FP, in words (a pinned unit's half,
    /// the half vs units all concealed), for the log.
    pub fp_notes: Vec<String>,
    pub targets: Vec<String>,
    pub defence: f32,
    pub drm: Vec<Amount>,
    /// The Japanese attack's G1.64 -1, applied only if the CC is Hand-to-Hand.
    pub hand_to_hand_drm: Option<Amount>,
    /// Cloaked attackers (E1.43: they keep Cloaking only by a successful Ambush).
    pub cloaked: Vec<String>,
    /// Its FP is halved because every target is concealed (A11.19).
    pub halved_vs_concealed: bool,
    /// Some attacker is concealed ("?", not Cloaked): attacking, it loses "?" (A11.19), so an
    /// attack made after it (the ambushed side's, A11.4) is not against units all concealed.
    pub reveals_itself: bool,
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
    /// An unbroken, unpinned Japanese unit in the Location (G1.64: one makes the CC
    /// Hand-to-Hand when the Japanese are the ATTACKER or Ambush, a SMC as much as a MMC; when
    /// every such unit is pinned it is not).
    pub japanese_unpinned: bool,
    /// What an earlier CC order in this Location this CCPh decided for all of its CC (A11.4:
    /// one Ambush determination; G1.64: "that CC/Melee"): then `ambush` is none.
    pub earlier: Option<CcLocation>,
    pub night: bool,
}

impl CcPlan {
    /// G1.64: whether this CC is Hand-to-Hand once the Ambush drs gave `ambusher`: a Japanese
    /// Ambush or a Japanese ATTACKER makes it so unless every Japanese unit there is pinned;
    /// Japanese that were Ambushed do not. An earlier CC in the Location this CCPh decided it.
    pub fn hand_to_hand(&self, ambusher: Option<Side>) -> bool {
        if let Some(e) = &self.earlier {
            return e.hand_to_hand;
        }
        match ambusher {
            Some(Side::Japanese) => self.japanese_unpinned,
            Some(Side::Allied) => false,
            None => self.attacker == Side::Japanese && self.japanese_unpinned,
        }
    }
}

/// A11.14 / G1.4231 / A7.8: a unit's CC FP as an attacker: a SMC (leader, T-H Hero)
/// `tables.close_combat.smc_fp` (1); a MMC its printed FP (a Reduced-Strength Japanese squad
/// its own: G1.64 has it retain its Full-Strength *CCV*, its value against vehicles, which
/// G1.4231 tells apart from CC FP vs Personnel); halved when pinned (A7.8). Returns the FP and
/// why it is not the printed one, if so.
pub fn attack_fp_of(t: &Tables, u: &Unit) -> (f32, Option<String>) {
    let smc = f32::from(t.close_combat.smc_fp);
    if u.hero.is_some() || is_leader(u) {
        return halved_if_pinned(u, smc, None);
    }
    let Some(c) = mmc(u) else {
        return (0.0, None);
    };
    halved_if_pinned(u, f32::from(c.fp), None)
}

/// A7.8: a pinned unit's CC attack is halved.
fn halved_if_pinned(u: &Unit, fp: f32, why: Option<String>) -> (f32, Option<String>) {
    if !u.pinned {
        return (fp, why);
    }
    let note = format!("{} is pinned: its CC attack is halved (A7.8)", u.id);
    (
        fp / 2.0,
        Some(match why {
            Some(w) => format!("{w}; {note}"),
            None => note,
        }),
    )
}

/// A unit's CC FP as an attacker (`attack_fp_of` without the why).
pub fn attack_fp(t: &Tables, u: &Unit) -> f32 {
    attack_fp_of(t, u).0
}

/// A11.14: a unit's FP as a CC target: a SMC `tables.close_combat.smc_fp` (1), a MMC its
/// printed FP.
pub fn defence_fp(t: &Tables, u: &Unit) -> f32 {
    let smc = f32::from(t.close_combat.smc_fp);
    if u.hero.is_some() || is_leader(u) {
        return smc;
    }
    mmc(u).map_or(smc, |c| f32::from(c.fp))
}

/// G1.424: a DC Hero "may not make a CC attack".
fn dc_hero(u: &Unit) -> bool {
    u.hero.is_some() && u.dc
}

/// How a unit stands for Ambush (A11.4): Stealthy (-1), Normal (0) or Lax (+1), and why.
/// G1.6: Good Order Elite and 1st-Line Japanese Infantry are Stealthy, Conscripts (and any
/// Japanese unit in a Banzai Charge) Lax; a berserk unit is always Lax (E1.533). At night
/// (E1.61-E1.63): a Good Order SMC is Stealthy, and a Good Order Lax unit stacked with a Good
/// Order SMC is Normal, even for Ambush (a Banzai Charge's or a berserk unit's Lax status
/// stays: G1.6 and E1.533 name it for the rest of the Player Turn and always).
fn stealth(s: &Situation, u: &UnitAt) -> (i32, &'static str, &'static str) {
    let unit = &u.unit;
    if !unit.good_order() {
        return (0, "", "");
    }
    if unit.berserk {
        return (1, "E1.533", "Lax (berserk)");
    }
    if unit.nationality == Nationality::Japanese && unit.banzai.is_some() {
        return (1, "G1.6", "Lax (a Banzai Charge this Player Turn)");
    }
    // G1.5 EXC, G1.6: a T-H Hero makes his own Banzai Charge in the Player Turn he is created
    // in (and is removed at its end, G1.425): Lax.
    if unit.nationality == Nationality::Japanese && unit.hero.is_some() {
        return (1, "G1.6", "Lax (a T-H Hero's own Banzai Charge, G1.5)");
    }
    let night = s.night.night();
    let smc = is_leader(unit) || unit.hero.is_some();
    if night && smc {
        return (-1, "E1.61", "Stealthy (a Good Order SMC at night)");
    }
    let base = if unit.nationality == Nationality::Japanese {
        match mmc(unit).map(|c| c.class) {
            Some(Class::Elite | Class::FirstLine) => {
                (-1, "G1.6", "Stealthy (Elite/1st-Line Japanese)")
            }
            Some(Class::Conscript) => (1, "G1.6", "Lax (Japanese Conscripts)"),
            _ => (0, "", ""),
        }
    } else {
        (0, "", "")
    };
    if night && base.0 > 0 && super::common::with_good_order_smc(s, u) {
        return (
            0,
            "E1.63",
            "Normal (a Lax unit stacked with a Good Order SMC at night)",
        );
    }
    base
}

/// A11.4: what one side's units in the Location add to its Ambush dr, each cause once when
/// any of them qualifies: -1 Stealthy and +1 Lax (G1.6, E1.61-E1.63: a force with both takes
/// both), and, NOT FROM THE SEEDS (`tables.close_combat.ambush`), a broken, a pinned, a
/// concealed (a "?" or a Cloaking counter, E1.4) and a berserk unit's modifier and its best
/// unpinned Good Order leader's leadership unless he is alone or one of them is berserk.
fn ambush_drm(s: &Situation, units: &[&UnitAt], out: &mut Vec<Amount>) {
    let each: Vec<(i32, &'static str, &'static str)> =
        units.iter().map(|u| stealth(s, u)).collect();
    if let Some(st) = each.iter().find(|x| x.0 < 0) {
        out.push(amount(-1, st.1, st.2));
    }
    if let Some(lax) = each.iter().find(|x| x.0 > 0) {
        out.push(amount(1, lax.1, lax.2));
    }
    let a = s.tables.close_combat.ambush;
    if a.broken != 0 && units.iter().any(|u| u.unit.broken) {
        out.push(amount(a.broken, "A11.4", "a broken unit among them"));
    }
    if a.pinned != 0 && units.iter().any(|u| u.unit.pinned) {
        out.push(amount(a.pinned, "A11.4", "a pinned unit among them"));
    }
    // A HIP unit (revealed as the CC begins, our reading) was unseen as the advance came in:
    // concealed for this, as the CC's halving reads it too (A11.19).
    if a.concealed != 0 && units.iter().any(|u| u.concealed || u.cloaked || u.hidden) {
        out.push(amount(
            a.concealed,
            "A11.4",
            "a concealed (\"?\", Cloaked or hidden) unit among them",
        ));
    }
    let berserk = units.iter().any(|u| u.unit.berserk);
    if a.berserk != 0 && berserk {
        out.push(amount(a.berserk, "A11.4", "a berserk unit among them"));
    }
    if a.leadership
        && !berserk
        && units.len() > 1
        && let Some(l) = units
            .iter()
            .filter(|u| is_leader(&u.unit) && u.unit.good_order() && !u.unit.pinned)
            .min_by_key(|u| leadership(&u.unit))
    {
        let m = leadership(&l.unit);
        if m != 0 {
            out.push(amount(m, "A11.4", format!("{}'s leadership", l.unit.id)));
        }
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

/// One side's attack vs the other's units in the Location: its Good Order units that have not
/// made their CC attack this CCPh (a DC Hero makes none, G1.424); their FP (`attack_fp_of`),
/// halved vs units that are all concealed (A11.19: they are not revealed first); a leader's
/// DRM only when he does not attack alone (A11.14); -2 vs units that are all broken (A11.15).
fn attack(s: &Situation, side: Side, ours: &[&UnitAt], theirs: &[&UnitAt]) -> Option<CcAttack> {
    let t = s.tables;
    let attackers: Vec<&UnitAt> = ours
        .iter()
        .copied()
        .filter(|u| u.unit.good_order() && !dc_hero(&u.unit))
        .filter(|u| !s.tallies.cc_attacked.contains(&u.unit.id))
        .collect();
    if attackers.is_empty() || theirs.is_empty() {
        return None;
    }
    let mut drm = Vec::new();
    let mut fp_notes = Vec::new();
    if attackers.len() > 1
        && let Some(l) = attackers
            .iter()
            .filter(|u| is_leader(&u.unit))
            .min_by_key(|u| leadership(&u.unit))
    {
        let m = leadership(&l.unit);
        if m != 0 {
            drm.push(amount(m, "A11.14", format!("{}'s leadership", l.unit.id)));
        }
    }
    // A5.12: the attackers' side overstacks the Location (all its units there count).
    if let Some(p) = ours
        .first()
        .and_then(|u| crate::rules::stacking::attack_penalty(s, side, &u.at))
    {
        drm.push(p);
    }
    if theirs.iter().all(|u| u.unit.broken) {
        let d = t.close_combat.vs_broken_drm;
        if d != 0 {
            drm.push(amount(d, "A11.15", "an attack vs broken units"));
        }
    }
    let mut fp: f32 = 0.0;
    for u in &attackers {
        let (f, why) = attack_fp_of(t, &u.unit);
        fp += f;
        fp_notes.extend(why);
    }
    let halved_vs_concealed = theirs.iter().all(|u| u.concealed || u.cloaked || u.hidden);
    if halved_vs_concealed {
        fp /= 2.0;
        fp_notes.push(
            "every target is concealed: the attack is halved, and they are not revealed first \
             (A11.19)"
                .into(),
        );
    }
    let japanese = side == Side::Japanese;
    let all_pinned = attackers.iter().all(|u| u.unit.pinned);
    Some(CcAttack {
        side,
        attackers: attackers.iter().map(|u| u.unit.id.clone()).collect(),
        fp,
        fp_notes,
        targets: theirs.iter().map(|u| u.unit.id.clone()).collect(),
        defence: theirs.iter().map(|u| defence_fp(t, &u.unit)).sum(),
        drm,
        hand_to_hand_drm: (japanese && !all_pinned).then(|| {
            amount(
                -1,
                "G1.64",
                "a Japanese Hand-to-Hand CC attack (the sign our reading)",
            )
        }),
        cloaked: attackers
            .iter()
            .filter(|u| u.cloaked)
            .map(|u| u.unit.id.clone())
            .collect(),
        halved_vs_concealed,
        reveals_itself: attackers.iter().any(|u| u.concealed && !u.cloaked),
    })
}

/// A11.1 / A11.12 / A11.7 (chapter A, not from the seeds; our reading): the Locations where a
/// Close Combat is still owed as the CCPh ends: every Location holding units of both sides that
/// are not hidden (an ATTACKER's advance or Banzai Charge into it this Player Turn, or a Melee
/// going on from an earlier one, A11.7) where no CC was fought in this CCPh; it is fought as the
/// phase ends, every unit there attacking, when the CC ruling allows one (a Good Order unit of
/// either side is there). Each Location comes with whether the ATTACKER advanced into it this
/// Player Turn (`true`) or the Melee goes on (`false`). Without it, a side that advanced into the
/// enemy's Location could decline the CC and leave the enemy no attack of its own (a window
/// trial: jp3 advanced into K5, where us1 and the 8-1 stood, and no CC was fought), and a side
/// in Melee could sit out the CC of its own CCPh (A11.12: "the ATTACKER specifies the order in
/// which multiple Locations containing CC situations are resolved": each is resolved).
pub fn cc_owed(s: &Situation) -> Vec<(Location, bool)> {
    if s.phase != Phase::CloseCombat {
        return Vec::new();
    }
    let mut out: Vec<(Location, bool)> = Vec::new();
    let attacker = s.turn.attacker;
    let same = |a: &Location, b: &Location| crate::rules::situation::same_location(s.map, a, b);
    for u in s.units.iter().filter(|u| !u.hidden) {
        let fought = s.tallies.cc_locations.iter().any(|c| same(&c.at, &u.at));
        if fought || out.iter().any(|(l, _)| same(l, &u.at)) || !super::common::in_melee(s, u) {
            continue;
        }
        if close_combat(s, &u.at, &[], &[]).is_ok() {
            let advanced = !super::common::melee_recorded(s, &u.at)
                && s.units.iter().any(|o| {
                    o.unit.side() == attacker
                        && (o.unit.advanced
                            || o.unit.banzai.as_ref().is_some_and(|to| same(to, &u.at)))
                        && !o.hidden
                        && same(&o.at, &u.at)
                });
            out.push((u.at.clone(), advanced));
        }
    }
    out
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
        attack(s, attacker, &our_attack, &their_targets),
        attack(s, attacker.opponent(), &theirs, &ours),
    ]
    .into_iter()
    .flatten()
    .collect();
    // A11: each unit makes one CC attack a CCPh; a Location whose units have all made theirs
    // fights on in the next CCPh (A11.7, Melee).
    if attacks.is_empty() {
        return Err(Refusal::new(
            "A11.7",
            format!(
                "the CC in {} has been resolved this CCPh: no unit there has a CC attack left \
                 (each unit attacks once a CCPh); if both sides remain it is in Melee, and CC \
                 goes on next CCPh",
                at.display(s.map)
            ),
        ));
    }
    // A11.4: the ATTACKER has just entered: advanced in the APh, or Banzai Charged in in the
    // MPh (G1.5 marks such a unit Lax, for its Ambush, at the end of the MPh).
    let advanced = ours.iter().any(|u| {
        u.unit.advanced
            || u.unit.banzai.as_ref().is_some_and(|to| {
                crate::rules::situation::same_location(s.map, to, at)
                    && crate::rules::situation::same_location(s.map, &u.at, at)
            })
    });
    // A11.4 "Whenever Infantry advance into CC (unless reinforcing a Melee)", the CC chart's
    // "NA during Melee" (not from the seeds: ruleschat's cc_resolver.py quoting the eASLRB):
    // where a Close Combat left the Location in Melee (A11.7, `tallies.melee`), no Ambush dr
    // is made.
    let reinforcing = super::common::melee_recorded(s, at);
    let earlier = s.tallies.cc_locations.iter().find(|c| c.at == *at).cloned();
    let ambush = match ambush_terrain(s, at) {
        Some(t) if advanced && !reinforcing && earlier.is_none() => {
            let mut attacker_drm = Vec::new();
            let mut defender_drm = Vec::new();
            let side_drm = |units: &[&UnitAt], out: &mut Vec<Amount>| {
                ambush_drm(s, units, out);
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
    // G1.64: "≥ one unbroken Japanese Infantry ... unit", a SMC as much as a MMC, unless every
    // such unit is pinned: all of the Location's, however the orders divide its CC.
    let japanese_unpinned = here.iter().any(|u| {
        u.unit.nationality == Nationality::Japanese && u.unit.good_order() && !u.unit.pinned
    });
    Ok(CcPlan {
        at: at.clone(),
        attacker,
        ambush,
        attacks,
        japanese_unpinned,
        earlier,
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
