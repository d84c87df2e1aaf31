//! A7/A8 Fire: `fire` decides the attack that one unit or a Fire Group (with a leader stacked
//! with it directing) makes at a Location: who may fire and with which fire counter (A3, A8,
//! A10; G1.4231), the Fire Group (A7.5, G.3, E1.75) and leadership (A7.53), the target (A7, A11
//! CC, G11.5, G11.8/G11.81 predesignated Known caves), LOS, range and FP (A6, A7.2x, G11.812),
//! the Final DRM (A6.8, TEM, E1.7, leadership), and what firing reveals (HIP and "?" loss,
//! E1.43 Cloaking, E1.8 Gunflash). The readings of Chapter A it rests on are listed in the
//! module doc of `rules::orders::fire`.

use crate::los::Location;
use crate::map::{LEVEL, LosEffect};
use crate::model::FireMark;
use crate::rules::caves::attack::{Drm, concealment_penalty_vs_cave};
use crate::rules::ift::fire_column;
use crate::rules::night::concealment::{NightAttack, NightAttackKind, night_lv_drm};
use crate::rules::orders::common::{is_leader, mmc};
use crate::rules::orders::fire_phase::rules_read as R;
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::{Check, check};

use super::firepower::firepower;
use super::parties::{Firers, Target, fire_target, firing_units};
use super::plan::{FirePlan, Reveal};
use super::reveal::attack_reveal;
use crate::rules::orders::fire_group::leadership_drm;

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
    // A8.31: the firers already marked Final Fire fire FPF, and each takes the attack's
    // Original DR as its NMC.
    let mut fpf: Vec<String> = firers
        .iter()
        .copied()
        .chain(leader)
        .filter(|u| {
            s.phase == crate::model::Phase::Movement && u.unit.fired == Some(FireMark::FinalFire)
        })
        .map(|u| u.unit.id.clone())
        .collect();
    fpf.sort();
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
        fpf,
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
/// units moving in the MPh, the only ones it attacks (`fire_target`): FFNAM unless they move by
/// Assault Movement (A4.61), and FFMO where they move in Open Ground with no LOS Hindrance
/// (E1.7: the +1 Night LV DRM does not nullify it).
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
    if ff.ffnam != 0 && !movers.iter().all(|u| u.unit.assault_moving) {
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

/// What firing reveals (A12, E1.43, E1.8): each hidden, concealed or Cloaked firer loses
/// Cloaking, and HIP or "?" as a Good Order enemy ground unit sees it or not.
fn fire_reveals(s: &Situation, f: &Firers) -> Vec<Reveal> {
    f.firers
        .iter()
        .chain(f.leader.iter())
        .filter_map(|u| attack_reveal(s, u))
        .collect()
}
