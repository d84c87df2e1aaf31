//! Who fires and at what (A7, A8): the firing units of a Fire order and their fire counter
//! (`firing_units`: A3, A7.53, A10, G11.5, G1.4231) and its target (`fire_target`: A7, A11 CC,
//! G11.5, G11.8/G11.81 Known caves, the G11.8332 Setter at a vertex), each checked on the
//! side's own view.

use crate::los::Location;
use crate::model::{FireMark, Side};
use crate::rules::caves::attack::{AttackKind, CaveAttack, Drm, attack_affects_cave, cave_tem};
use crate::rules::orders::common::is_leader;
use crate::rules::orders::dc::known_cave;
use crate::rules::orders::fire_group::fire_group;
use crate::rules::orders::fire_phase::rules_read as R;
use crate::rules::situation::{Refusal, Situation, UnitAt, require, same_location};
use crate::rules::{Check, check};

use crate::rules::orders::fire_phase::fire_mark;

/// A8.1: `u` is an ATTACKER unit moving now (`Tallies::moving`), having expended MF.
pub(super) fn moving(s: &Situation, u: &UnitAt) -> bool {
    u.unit.side() == s.turn.attacker
        && u.unit.mf_spent > 0.0
        && s.tallies.moving.contains(&u.unit.id)
}

/// The units in the target Location.
pub(super) fn units_in<'s>(s: &'s Situation, target: &Location) -> Vec<&'s UnitAt> {
    s.units
        .iter()
        .filter(|u| same_location(s.map, &u.at, target))
        .collect()
}

/// The units that fire and how (`firing_units`).
pub(super) struct Firers<'s> {
    pub(super) side: Side,
    pub(super) leader: Option<&'s UnitAt>,
    pub(super) firers: Vec<&'s UnitAt>,
    pub(super) mark: FireMark,
    pub(super) locs: Vec<Location>,
}

/// What is fired at (`fire_target`).
pub(super) struct Target<'s> {
    pub(super) name: String,
    pub(super) in_target: Vec<&'s UnitAt>,
    pub(super) cave: Option<Check>,
    pub(super) tem: Drm,
    pub(super) hex: Option<crate::hex::Hex>,
    pub(super) enemies: Vec<&'s UnitAt>,
    pub(super) area_fire: bool,
    /// Open Ground for FFMO (A8.1): no TEM, no hindrance in its hex (`Situation::open_ground`;
    /// G11.8332 EX: a Setter at a declared vertex unless a hindrance negates it).
    pub(super) open_ground: bool,
}

/// The firing units of a Fire order: all of one side, at most one leader directing the units
/// in his Location, each in Good Order, out of any Cave Complex and free to fire now (A3, A7,
/// A7.53, A10; G11.5; G1.4231), their fire counter, and the Locations they fire from (a Fire
/// Group's, A7.5).
pub(super) fn firing_units<'s>(s: &'s Situation, ids: &[String]) -> Result<Firers<'s>, Refusal> {
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
pub(super) fn fire_target<'s>(
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
        // A8.1: a unit fires once at each expenditure of MF (by the forum's and a tutorial's
        // reading, not from the seeds): again only once the mover has spent more.
        if let Some(u) = f
            .firers
            .iter()
            .copied()
            .chain(f.leader)
            .find(|u| s.tallies.fired_at_expenditure.contains(&u.unit.id))
        {
            return Err(Refusal::new(
                R::FIRST_FIRE,
                format!(
                    "{} has already fired at this expenditure of MF in {target_name}: a unit \
                     fires at a moving unit again only once it has spent more MF (A8.1, not \
                     from the seeds)",
                    u.unit.id
                ),
            ));
        }
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
