//! A7/A8 Fire: `fire` decides the attack that one unit or a Fire Group (with a leader stacked
//! with it directing) makes at a Location: who may fire and with which fire counter (A3, A8,
//! A10; G1.4231), the Fire Group (A7.5, G.3, E1.75) and leadership (A7.53), the target (A7, A11
//! CC, G11.5, G11.8/G11.81 predesignated Known caves), LOS, range and FP (A6, A7.2x, G11.812),
//! the Final DRM (A6.8, TEM, E1.7, leadership), and what firing reveals (HIP and "?" loss,
//! E1.43 Cloaking, E1.8 Gunflash). The readings of Chapter A it rests on are listed in the
//! module doc of `rules::orders::fire`.

use crate::los::Location;
use crate::map::{LEVEL, LosEffect};
use crate::model::{FireMark, Side};
use crate::rules::caves::attack::{
    AttackKind, CaveAttack, Drm, attack_affects_cave, cave_tem, concealment_penalty_vs_cave,
    fire_from_overstacked_cave,
};
use crate::rules::caves::sight::cave_los;
use crate::rules::ift::fire_column;
use crate::rules::night::concealment::{
    CloakEvent, NightAttack, NightAttackKind, cloaking_lost, night_lv_drm,
};
use crate::rules::orders::common::{is_leader, mmc, seen_by_good_order};
use crate::rules::orders::dc::known_cave;
use crate::rules::orders::fire_group::fire_group;
use crate::rules::orders::fire_phase::rules_read as R;
use crate::rules::situation::{Refusal, Situation, UnitAt, require, same_location};
use crate::rules::{Check, check};

use super::plan::{FirePlan, FirerFp, FpFactor, Reveal};
use crate::rules::orders::fire_group::leadership_drm;
use crate::rules::orders::fire_phase::fire_mark;

/// The level of a Location (a cave's own, G11.11).
fn level_of(s: &Situation, at: &Location) -> i32 {
    match at {
        Location::Cave(id) | Location::Complex(id) => s.caves.cave(id).map_or(0, |c| c.level),
        other => other.level(s.map).unwrap_or(0),
    }
}

/// The top of a hex's terrain, hill included (E1.7), in half-levels.
fn terrain_top(s: &Situation, hex: crate::hex::Hex) -> i32 {
    let Some(d) = s.map.get(hex) else { return 0 };
    let height = match d.terrain.info().los {
        LosEffect::None => 0,
        LosEffect::Obstacle { height }
        | LosEffect::Hindrance { height, .. }
        | LosEffect::OrchardLike { height, .. } => height,
    };
    d.level * LEVEL + height
}

/// G11.4 / G11.8: the squad-equivalents in the cave a unit fires from, when they Overstack it
/// (a cave holds one squad-equivalent; SMC add none, A5.5); `None` outside a cave or within
/// its capacity.
fn overstacked_cave(s: &Situation, at: &Location) -> Option<f32> {
    let Location::Cave(_) = at else {
        return None;
    };
    let n: f32 = s
        .units_at(at)
        .iter()
        .filter_map(|o| mmc(&o.unit))
        .map(|c| c.squad_equivalents())
        .sum();
    (n > CAVE_CAPACITY).then_some(n)
}

/// G11.4: a cave's stacking capacity, in squad-equivalents.
const CAVE_CAPACITY: f32 = 1.0;

/// A8.1: `u` is an ATTACKER unit moving now (`Tallies::moving`), having expended MF.
fn moving(s: &Situation, u: &UnitAt) -> bool {
    u.unit.side() == s.turn.attacker
        && u.unit.mf_spent > 0.0
        && s.tallies.moving.contains(&u.unit.id)
}

/// The units in the target Location.
fn units_in<'s>(s: &'s Situation, target: &Location) -> Vec<&'s UnitAt> {
    s.units
        .iter()
        .filter(|u| same_location(s.map, &u.at, target))
        .collect()
}

/// E1.7: the Night LV DRM of an ordinary fire attack from the firers' Locations `locs`.
fn night_drm(s: &Situation, locs: &[Location], target_hex: Option<crate::hex::Hex>) -> Drm {
    let lv = night_lv_drm(&NightAttack {
        kind: NightAttackKind::Ordinary,
        positive_ha_tem: false,
        firer_height: locs
            .iter()
            .map(|l| level_of(s, l) * LEVEL)
            .max()
            .unwrap_or(0),
        target_terrain_top: target_hex.map(|h| terrain_top(s, h)),
    });
    Drm {
        drm: lv.value,
        rule: lv.rule,
        reason: lv.reason,
    }
}

/// E1.8: at night the firers' Locations are marked by Gunflashes (and the rule that says so).
fn gunflashes_of(s: &Situation, locs: &[Location]) -> (Vec<Location>, Option<Check>) {
    if !s.night() {
        return (Vec::new(), None);
    }
    (
        locs.to_vec(),
        Some(check(
            true,
            "E1.8",
            "a unit that fires at night reveals its Location with a Gunflash to any unit with a \
             LOS to it, regardless of NVR (E1.101), until the end of the Player Turn",
        )),
    )
}

/// A7 / A8 Fire: the attack units `ids` (one or more Infantry units, at most one leader among
/// them directing) make at `target`, decided over the situation (see the module doc for every
/// reading). Refusals name the rule.
pub fn fire(s: &Situation, ids: &[String], target: &Location) -> Result<FirePlan, Refusal> {
    let f = firing_units(s, ids)?;
    let t = fire_target(s, &f, target)?;
    for u in f.firers.iter().chain(f.leader.iter()) {
        crate::rules::orders::common::not_in_melee(s, u, "Fire at another Location")?;
    }
    let (fp, hindrance) = firepower(s, &f, target, &t)?;
    let reveals = fire_reveals(s, &f);
    let Firers {
        leader,
        firers,
        mark,
        locs,
        ..
    } = f;
    let Target {
        name: target_name,
        in_target,
        mut cave,
        tem,
        hex: target_hex,
        enemies,
        open_ground: t_open_ground,
        ..
    } = t;
    let total_fp: f32 = fp.iter().map(|f| f.fp).sum();

    // The Final DRM.
    let mut drm = Vec::new();
    if hindrance > 0 {
        drm.push(Drm {
            drm: hindrance as i32,
            rule: "A6.8",
            reason: "LOS Hindrance".into(),
        });
    }
    let open_ground = tem.drm <= 0 && t_open_ground;
    if tem.drm != 0 {
        drm.push(tem);
    }
    if mark == FireMark::FirstFire {
        drm.extend(first_fire_drm(s, &enemies, open_ground, hindrance));
    }
    if s.night() {
        drm.push(night_drm(s, &locs, target_hex));
    }
    // A5.12: the firers' side overstacks a Location they fire from (the worst counts for the
    // whole attack).
    if let Some(side) = firers.first().map(|u| u.unit.side())
        && let Some(p) = locs
            .iter()
            .filter_map(|l| crate::rules::stacking::attack_penalty(s, side, l))
            .max_by_key(|p| p.value)
    {
        drm.push(Drm {
            drm: p.value,
            rule: p.rule,
            reason: p.reason,
        });
    }
    if let Some(l) = leader {
        let n = leadership_drm(&l.unit.counter);
        drm.push(Drm {
            drm: n,
            rule: R::LEADERSHIP,
            reason: format!("leader {} ({}) directs", l.unit.id, l.unit.counter),
        });
    }
    if matches!(target, Location::Cave(_)) && in_target.iter().any(|u| u.hidden || u.concealed) {
        let c = concealment_penalty_vs_cave(true);
        cave = cave.map(|k| {
            check(
                true,
                k.rule,
                format!("{}; {}: {}", k.reason, c.rule, c.reason),
            )
        });
    }
    let total_drm = drm.iter().map(|d| d.drm).sum();
    let cowering = cowering(s, leader, &firers, total_fp);

    let (gunflashes, gunflash) = gunflashes_of(s, &locs);
    let mut firer_ids: Vec<String> = firers.iter().map(|u| u.unit.id.clone()).collect();
    firer_ids.sort();
    let mut targets: Vec<String> = in_target.iter().map(|u| u.unit.id.clone()).collect();
    targets.sort();
    Ok(FirePlan {
        firers: firer_ids,
        leader: leader.map(|l| l.unit.id.clone()),
        target: target.clone(),
        target_name,
        mark,
        fp,
        total_fp,
        column: u32::from(fire_column(s.tables, total_fp).fp),
        ift: fire_column(s.tables, total_fp).clone(),
        drm,
        total_drm,
        targets,
        vs_enemy: !enemies.is_empty(),
        gunflashes,
        gunflash,
        reveals,
        cave,
        cowering,
        roll_rule: R::IFT,
    })
}

/// A7.9 Cowering (NOT FROM THE SEEDS: the eASLRB's A7.9, "IFT attacks are adversely affected
/// by any IFT resolution DR that results in Original Doubles unless a leader directs that
/// attack ... resolved on the next lower column"; SMC, berserk and Fanatic units are exempt,
/// and neither CC nor a DC Cowers; "Cowering FP penalties are doubled ... for an attack by
/// Inexperienced (19.33) Personnel (even in conjunction with other troops)"): `Some` when no
/// leader directs and a firer is subject to it (the firers of a Fire order are MMC; a berserk
/// one is exempt, a Fire Group with any other member Cowers), two columns lower when a firer
/// is Inexperienced (`inexperienced`).
fn cowering(
    s: &Situation,
    leader: Option<&UnitAt>,
    firers: &[&UnitAt],
    total_fp: f32,
) -> Option<super::plan::Cowering> {
    if leader.is_some()
        || firers
            .iter()
            .all(|u| u.unit.berserk || mmc(&u.unit).is_none())
    {
        return None;
    }
    let whole = total_fp.max(0.0).floor() as u32;
    let below = s.tables.ift_column_below(whole);
    let green: Vec<&str> = firers
        .iter()
        .filter(|u| inexperienced(s, u))
        .map(|u| u.unit.id.as_str())
        .collect();
    if green.is_empty() {
        return Some(super::plan::Cowering {
            column: below.cloned(),
            rule: R::COWERING,
            reason: "Original Doubles with no leader directing: the attack Cowers, one IFT \
                     column lower"
                .into(),
        });
    }
    let two_below = below.and_then(|c| s.tables.ift_column_below(u32::from(c.fp)));
    Some(super::plan::Cowering {
        column: two_below.cloned(),
        rule: R::COWERING,
        reason: format!(
            "Original Doubles with no leader directing: the attack Cowers, and with \
             Inexperienced Personnel ({}) two IFT columns lower (A19.33)",
            green.join(", ")
        ),
    })
}

/// A19.33 (NOT FROM THE SEEDS, as we read it for A7.9): Inexperienced Personnel: a Conscript
/// MMC, or a Green one with no Good Order leader in its Location.
fn inexperienced(s: &Situation, u: &UnitAt) -> bool {
    use crate::counters::Class;
    match mmc(&u.unit).map(|c| c.class) {
        Some(Class::Conscript) => true,
        Some(Class::Green) => !s
            .units_at(&u.at)
            .iter()
            .any(|o| o.unit.side() == u.unit.side() && is_leader(&o.unit) && o.unit.good_order()),
        _ => false,
    }
}

/// A8.1 (NOT FROM THE SEEDS; the values: `tables.first_fire`): Defensive First Fire at the
/// units moving in the MPh, the only ones it attacks (`fire_target`): FFNAM, as no unit uses
/// Assault Movement (A4.61 is not modelled), and FFMO where they move in Open Ground with no
/// LOS Hindrance (E1.7: the +1 Night LV DRM does not nullify it).
fn first_fire_drm(
    s: &Situation,
    enemies: &[&UnitAt],
    open_ground: bool,
    hindrance: u32,
) -> Vec<Drm> {
    let movers: Vec<&&UnitAt> = enemies
        .iter()
        .filter(|u| u.unit.side() == s.turn.attacker)
        .collect();
    if movers.is_empty() || movers.iter().any(|u| u.unit.mf_spent <= 0.0) {
        return Vec::new();
    }
    let ff = s.tables.first_fire;
    let mut out = Vec::new();
    if ff.ffnam != 0 {
        out.push(Drm {
            drm: ff.ffnam,
            rule: R::FIRST_FIRE,
            reason: "FFNAM: the target is moving, not using Assault Movement".into(),
        });
    }
    if open_ground && hindrance == 0 && ff.ffmo != 0 {
        out.push(Drm {
            drm: ff.ffmo,
            rule: R::FIRST_FIRE,
            reason: "FFMO: the target is moving in Open Ground with no LOS Hindrance".into(),
        });
    }
    out
}

/// The units that fire and how (`firing_units`).
struct Firers<'s> {
    side: Side,
    leader: Option<&'s UnitAt>,
    firers: Vec<&'s UnitAt>,
    mark: FireMark,
    locs: Vec<Location>,
}

/// What is fired at (`fire_target`).
struct Target<'s> {
    name: String,
    in_target: Vec<&'s UnitAt>,
    cave: Option<Check>,
    tem: Drm,
    hex: Option<crate::hex::Hex>,
    enemies: Vec<&'s UnitAt>,
    area_fire: bool,
    /// Open Ground for FFMO (A8.1): no TEM, no hindrance in its hex (`Situation::open_ground`;
    /// G11.8332 EX: a Setter at a declared vertex unless a hindrance negates it).
    open_ground: bool,
}

/// The firing units of a Fire order: all of one side, at most one leader directing the units
/// in his Location, each in Good Order, out of any Cave Complex and free to fire now (A3, A7,
/// A7.53, A10; G11.5; G1.4231), their fire counter, and the Locations they fire from (a Fire
/// Group's, A7.5).
fn firing_units<'s>(s: &'s Situation, ids: &[String]) -> Result<Firers<'s>, Refusal> {
    if ids.is_empty() {
        return Err(Refusal::new(R::IFT, "a Fire order names at least one unit"));
    }
    let mut units: Vec<&UnitAt> = Vec::new();
    for id in ids {
        let u = s.unit_in_play(id)?;
        if units.iter().any(|x| x.unit.id == u.unit.id) {
            return Err(Refusal::new(R::IFT, format!("unit {id} is named twice")));
        }
        units.push(u);
    }
    let side = units[0].unit.side();
    if let Some(u) = units.iter().find(|u| u.unit.side() != side) {
        return Err(Refusal::new(
            R::FIRE_GROUP,
            format!("unit {} is not of the {side:?} side", u.unit.id),
        ));
    }
    if let Some(h) = units.iter().find(|u| u.unit.hero.is_some()) {
        return Err(Refusal::new(
            "G1.4231",
            format!(
                "T-H Hero {} has one FP usable only in CC vs Personnel",
                h.unit.id
            ),
        ));
    }
    let (leaders, firers): (Vec<&UnitAt>, Vec<&UnitAt>) =
        units.into_iter().partition(|u| is_leader(&u.unit));
    if leaders.len() > 1 {
        return Err(Refusal::new(
            R::LEADERSHIP,
            "one leader directs an attack (the order names more)",
        ));
    }
    let leader = leaders.first().copied();
    // A7.831 (chapter A, not from the seeds: the eASLRB's text): "A pinned leader can neither
    // direct an attack ..." (his men may still fire without him).
    if let Some(l) = leader.filter(|l| l.unit.pinned) {
        return Err(Refusal::new(
            "A7.831",
            format!(
                "leader {} is pinned: a pinned leader directs no attack (his men may fire \
                 without him)",
                l.unit.id
            ),
        ));
    }
    if firers.is_empty() {
        return Err(Refusal::new(
            R::LEADERSHIP,
            "a leader has no FP of his own: he directs the fire of units in his Location",
        ));
    }
    let mut mark = None;
    for u in firers.iter().chain(leader.iter()) {
        if !u.unit.good_order() {
            return Err(Refusal::new(
                R::BROKEN,
                format!("unit {} is broken: a broken unit does not fire", u.unit.id),
            ));
        }
        if matches!(u.at, Location::Complex(_)) {
            return Err(Refusal::new(
                "G11.5",
                format!(
                    "unit {} is in a Cave Complex, from which no LOS ever exists",
                    u.unit.id
                ),
            ));
        }
        let m = fire_mark(s, side, u.unit.fired).map_err(|r| Refusal {
            reason: format!("unit {}: {}", u.unit.id, r.reason),
            ..r
        })?;
        // A15.43 / E1.533: a berserk unit with an enemy to charge does not Prep Fire.
        if m == FireMark::PrepFire {
            crate::rules::orders::banzai::no_prep_fire(s, u)?;
        }
        mark = Some(m);
    }
    let mark = mark.unwrap_or(FireMark::PrepFire);
    if let Some(l) = leader
        && let Some(u) = firers.iter().find(|u| !same_location(s.map, &u.at, &l.at))
    {
        return Err(Refusal::new(
            R::LEADERSHIP,
            format!(
                "leader {} directs only units in his Location; {} is in {}",
                l.unit.id,
                u.unit.id,
                u.at.display(s.map)
            ),
        ));
    }
    let mut locs: Vec<Location> = Vec::new();
    for u in &firers {
        if !locs.iter().any(|l| same_location(s.map, l, &u.at)) {
            locs.push(u.at.clone());
        }
    }
    fire_group(s, &locs)?;
    Ok(Firers {
        side,
        leader,
        firers,
        mark,
        locs,
    })
}

/// The target of a Fire order: a Location holding no friendly unit nor the firers (A7, A11),
/// not a Cave Complex (G11.5), a cave only predesignated and Known (G11.8, G11.81); its TEM,
/// the units in it, and whether only concealed or hidden enemies are there (Area Fire, A7.23;
/// not in a cave, G11.812).
fn fire_target<'s>(
    s: &'s Situation,
    f: &Firers<'s>,
    target: &Location,
) -> Result<Target<'s>, Refusal> {
    let (side, firers, locs) = (f.side, &f.firers, &f.locs);
    let target_name = target.display(s.map).to_string();
    if let Location::Complex(id) = target {
        return Err(Refusal::new(
            "G11.5",
            format!("no LOS ever exists to a Cave Complex (complex:{id})"),
        ));
    }
    if locs.iter().any(|l| same_location(s.map, l, target)) {
        return Err(Refusal::new(
            R::CC,
            format!("units in {target_name} fight in Close Combat, not by fire"),
        ));
    }
    let mut in_target = units_in(s, target);
    if let Some(f) = in_target.iter().find(|u| u.unit.side() == side) {
        return Err(Refusal::new(
            R::IFT,
            format!(
                "{target_name} holds friendly unit {}: a Location holding friendly units is \
                 not fired on",
                f.unit.id
            ),
        ));
    }
    if f.mark == FireMark::FirstFire {
        // A8.1: Defensive First Fire affects only the unit moving now, not the others there.
        in_target.retain(|u| moving(s, u));
        if in_target.is_empty() {
            return Err(Refusal::new(
                R::FIRST_FIRE,
                format!(
                    "Defensive First Fire attacks only the unit moving now, in the Location \
                     where it has just expended MF (once another unit begins movement, one \
                     that moved before is no longer subject to it); none is moving in \
                     {target_name}"
                ),
            ));
        }
    }
    let mut cave = None;
    let setters = setters_at_vertex(s, f.mark, &in_target);
    let tem = match target {
        Location::Cave(id) => {
            known_cave(s, firers[0], id)?;
            let c = s
                .caves
                .cave(id)
                .ok_or_else(|| Refusal::new("G11.1", format!("there is no cave {id}")))?;
            let r = attack_affects_cave(
                s.map,
                &CaveAttack {
                    kind: AttackKind::Direct,
                    hidden: false,
                    predesignated: true,
                    ca: c.ca,
                    entered_across: None,
                },
            );
            require(r.clone())?;
            cave = Some(check(
                true,
                r.rule,
                format!("cave {id} is the predesignated target: {}", r.reason),
            ));
            cave_tem(AttackKind::Direct)
        }
        Location::Climbing { .. } => Drm {
            drm: 0,
            rule: R::IFT,
            reason: "a Climber on the cliff face is read as in Open Ground".into(),
        },
        _ if setters => Drm {
            drm: 0,
            rule: "G11.8332",
            reason: "the unit Setting a DC is in the Open Ground occupied by the vertex it \
                     declared, for Defensive First Fire (EX)"
                .into(),
        },
        other => {
            let hex = other
                .hex()
                .ok_or_else(|| Refusal::new(R::IFT, format!("{target_name} is not on the map")))?;
            let info =
                s.map.get(hex).map(|d| d.terrain.info()).ok_or_else(|| {
                    Refusal::new(R::IFT, format!("{target_name} is not on the map"))
                })?;
            Drm {
                drm: info.tem,
                rule: info.tem_rule,
                reason: format!("{} TEM", info.name),
            }
        }
    };
    let target_hex = s.hex_of(target);
    if target_hex.is_none() {
        return Err(Refusal::new(
            R::IFT,
            format!("{target_name} is not on the map"),
        ));
    }
    let enemies: Vec<&UnitAt> = in_target
        .iter()
        .copied()
        .filter(|u| u.unit.side() != side)
        .collect();
    let area_fire = !enemies.is_empty()
        && enemies.iter().all(|u| u.hidden || u.concealed || u.cloaked)
        && !matches!(target, Location::Cave(_));
    let open_ground = if setters {
        // G11.8332 EX: "in the Open Ground (unless negated by Hindrances, or by SMOKE ...)".
        target_hex.and_then(|h| s.map.get(h)).is_some_and(|d| {
            !matches!(
                d.terrain.info().los,
                crate::map::LosEffect::Hindrance { .. } | crate::map::LosEffect::OrchardLike { .. }
            )
        })
    } else {
        s.open_ground(target)
    };
    Ok(Target {
        name: target_name,
        in_target,
        cave,
        tem,
        hex: target_hex,
        enemies,
        area_fire,
        open_ground,
    })
}

/// G11.8332 EX: Defensive First Fire at units Setting a DC from a vertex they declared (not
/// Climbing, whose counter is on the cliff face): "For Defensive First Fire purposes it is still
/// considered to be in W10 (though at that vertex aiming point), in the Open Ground ... occupied
/// by that vertex, and using Hazardous Movement" (Hazardous Movement's DRM is not in our
/// sources: not applied).
fn setters_at_vertex(s: &Situation, mark: FireMark, in_target: &[&UnitAt]) -> bool {
    mark == FireMark::FirstFire
        && !in_target.is_empty()
        && in_target.iter().all(|u| {
            !matches!(u.at, Location::Climbing { .. })
                && u.unit.mf_spent > 0.0
                && match &u.unit.placed_dc {
                    Some(p) if p.set.is_some() && !p.operable && p.from == u.at => s
                        .caves
                        .cave(&p.cave)
                        .is_some_and(|c| crate::rules::orders::dc::declares_ca_vertex(s, u, c)),
                    _ => false,
                }
        })
}

/// A7.2x / A7.23 / A10 / G11.8: what each firer brings: its LOS and range to the target (A6,
/// G11.5), its printed FP and every factor on it (PBF, Long Range, pinned, Advancing Fire,
/// Area Fire, fire out of an Overstacked cave); and the LOS Hindrance, the worst of theirs.
fn firepower(
    s: &Situation,
    f: &Firers,
    target: &Location,
    t: &Target,
) -> Result<(Vec<FirerFp>, u32), Refusal> {
    let (firers, mark, area_fire, target_name) = (&f.firers, f.mark, t.area_fire, &t.name);
    let env = s.env_seeing(target);
    let mut fp = Vec::new();
    let mut hindrance = 0u32;
    for u in firers.iter() {
        let los = cave_los(&env, &s.caves, &u.at, target)
            .map_err(|e| Refusal::new("A6", format!("unit {}: {e}", u.unit.id)))?;
        if !los.clear() {
            return Err(Refusal::new(
                los.rule.unwrap_or("A6"),
                format!(
                    "unit {} has no LOS to {target_name}: {}",
                    u.unit.id, los.reason
                ),
            ));
        }
        hindrance = hindrance.max(los.sight.hindrance);
        let range = los.sight.range;
        let counter = mmc(&u.unit).ok_or_else(|| {
            Refusal::new(
                R::IFT,
                format!(
                    "unit {}: the counter catalog gives {} no FP",
                    u.unit.id, u.unit.counter
                ),
            )
        })?;
        let normal = u32::from(counter.range);
        if range > 2 * normal {
            return Err(Refusal::new(
                R::LONG_RANGE,
                format!(
                    "unit {} ({}) has a normal range of {normal}: {target_name} at range \
                     {range} is beyond twice it",
                    u.unit.id, counter.name
                ),
            ));
        }
        if u.unit.fired == Some(FireMark::FirstFire) && range > 1 {
            return Err(Refusal::new(
                R::FINAL_FIRE,
                format!(
                    "unit {} is marked First Fire: it Final Fires only at an adjacent \
                     Location (range {range})",
                    u.unit.id
                ),
            ));
        }
        let mut factors = Vec::new();
        let mut f = |factor: f32, rule, reason: &str| {
            factors.push(FpFactor {
                factor,
                rule,
                reason: reason.into(),
            })
        };
        if range <= 1 {
            f(2.0, R::PBF, "Point Blank Fire");
        }
        if range > normal {
            f(0.5, R::LONG_RANGE, "Long Range Fire");
        }
        if u.unit.pinned {
            f(0.5, R::PINNED, "pinned");
        }
        if mark == FireMark::AdvancingFire {
            f(0.5, R::ADVANCING_FIRE, "Advancing Fire");
        }
        if area_fire {
            f(
                0.5,
                R::AREA_FIRE,
                "Area Fire: every enemy unit in the target is concealed or hidden",
            );
        }
        // A8.4 / A7.353: a unit marked First Fire Final Fires at an adjacent Location only, and
        // as Area Fire ("retain halved inherent FP"). Area Fire halves once, whatever makes it
        // so (A7.23).
        let first_fired = u.unit.fired == Some(FireMark::FirstFire);
        if first_fired && !area_fire {
            f(
                0.5,
                R::FINAL_FIRE,
                "Area Fire: marked First Fire, it Final Fires at an adjacent Location at half FP \
                 (A8.4, A7.353, not in our sources)",
            );
        }
        // Out of an Overstacked cave only when nothing else already makes it Area Fire.
        if let Some(n) = overstacked_cave(s, &u.at).filter(|_| !area_fire && !first_fired) {
            let c = fire_from_overstacked_cave(true);
            f(
                0.5,
                "G11.8",
                &format!(
                    "Area Fire: it fires out of an Overstacked cave ({n} squad-equivalents in a \
                     cave of one, G11.4; {})",
                    c.reason
                ),
            );
        }
        let total = factors
            .iter()
            .fold(f32::from(counter.fp), |a, x| a * x.factor);
        fp.push(FirerFp {
            unit: u.unit.id.clone(),
            printed: counter.fp,
            range,
            factors,
            fp: total,
        });
    }
    Ok((fp, hindrance))
}

/// What firing reveals (A12, E1.43, E1.8): each hidden, concealed or Cloaked firer loses
/// Cloaking, and HIP or "?" as a Good Order enemy ground unit sees it or not.
fn fire_reveals(s: &Situation, f: &Firers) -> Vec<Reveal> {
    f.firers
        .iter()
        .chain(f.leader.iter())
        .filter_map(|u| attack_reveal(s, u))
        .collect()
}

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
