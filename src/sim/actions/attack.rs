//! DC attacks on caves: Thrown (G11.833, in a fire phase), Placed (G11.833 adjacent, G11.8331
//! by a Climber, in the MPh) and Set (G11.8332, the whole MPh); each resolved on the IFT's
//! 30-FP column (A7, `rules::ift`) vs the cave's occupants, with G11.88's cave elimination.

use bevy::prelude::*;

use super::units::{become_, fails, take_mc};
use super::{Ctx, refuse, unit_mf};
use crate::los::Location;
use crate::rules::caves::Cave;
use crate::rules::caves::attack::{
    Climber, FailedThrow, SetDcUnit, Thrower, climbing_placement, climbing_placement_dr,
    dc_attack_drm, dc_placement, dc_throw, set_dc as set_dc_rule, thrown_dc_dr, thrown_dc_drm,
    thrown_dc_failure_attacks,
};
use crate::rules::caves::attack::{DC_FP, DcDelivery};
use crate::rules::caves::attack::{Eliminator, cave_eliminated, dc_elimination_dr, predesignate};
use crate::rules::caves::sight::cave_los;
use crate::rules::ift::{IftResult, dc_result};
use crate::rules::japanese::step::{Cause, casualty_reduction};
use crate::rules::morale::break_without_mc;
use crate::scenario::{Nationality, Side};
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::live::{Live, UnitView};
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::Phase;

/// The Thrower/Placer as G11.833 sees it.
pub(super) fn thrower(ctx: &Ctx, u: &UnitView, cave: &Cave) -> Thrower {
    let map = &ctx.board.scenario.map;
    let caves = ctx.live.caves(&ctx.board);
    let env = ctx.live.env(&ctx.board);
    let level = u.at.level(map).unwrap_or(0);
    let vertex = match &u.at {
        Location::Climbing { vertex, .. } => Some(*vertex),
        _ => None,
    };
    let adjacent =
        u.at.hex()
            .is_some_and(|h| h == cave.hex || h.is_adjacent(cave.hex));
    let adjacent_g11_6 =
        u.at.hex()
            .is_some_and(|h| caves.adjacent(map, &cave.id, h, level, vertex));
    let has_los =
        cave_los(&env, &caves, &u.at, &Location::Cave(cave.id.clone())).is_ok_and(|r| r.clear());
    Thrower {
        level,
        infantry: true,
        pinned: u.unit.pinned,
        good_order: u.unit.good_order(),
        climbing: vertex.is_some(),
        adjacent,
        adjacent_g11_6,
        has_los,
        in_moving: false,
        heroic_or_fanatic: u.unit.hero.is_some(),
    }
}

/// G11.81 (G11.8 play-aid): a cave hidden from the Allies cannot be their predesignated
/// target, so they Throw, Place or Set nothing into it (nor put SMOKE in it from outside); and
/// nobody into an eliminated one (G11.88). Refused otherwise.
pub(super) fn known_cave(world: &mut World, ctx: &Ctx, u: &UnitView, cave: &str) -> bool {
    if !super::cave_stands(world, &u.unit.id, cave) {
        return false;
    }
    // Hidden from the enemy: the Japanese know their own caves.
    let hidden = u.unit.side() == Side::Allied && ctx.live.hidden_caves.iter().any(|c| c == cave);
    let r = predesignate(true, hidden);
    if !r.allowed {
        refuse(
            world,
            Some(&u.unit.id),
            r.rule,
            format!("cave {cave} is still hidden: {}", r.reason),
        );
    }
    r.allowed
}

fn needs_dc(world: &mut World, u: &UnitView, rule: &str) -> bool {
    if !u.unit.dc {
        refuse(
            world,
            Some(&u.unit.id),
            rule,
            format!("unit {} possesses no DC", u.unit.id),
        );
    }
    u.unit.dc
}

fn use_dc(world: &mut World, u: &UnitView) {
    if let Some(mut unit) = world.get_mut::<Unit>(u.entity) {
        unit.dc = false;
    }
}

/// Whether an unconcealed Good Order Japanese MMC occupies the cave (G11.833/G11.88).
fn japanese_mmc_known(live: &Live, cave: &str) -> bool {
    live.units_at(&Location::Cave(cave.into())).iter().any(|o| {
        o.unit.nationality == Nationality::Japanese
            && o.unit.good_order()
            && !o.concealed
            && !o.hidden
            && super::mmc(&o.unit).is_some()
    })
}

/// G11.833 Throw (PFPh/AFPh, or DFPh by the DEFENDER: a fire phase).
pub(super) fn throw_dc(world: &mut World, id: &str, cave_id: &str) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let fire_phase = match ctx.phase {
        Phase::PrepFire | Phase::AdvancingFire => u.unit.side() == ctx.turn.attacker,
        Phase::DefensiveFire => u.unit.side() != ctx.turn.attacker,
        _ => false,
    };
    if !fire_phase {
        refuse(
            world,
            Some(id),
            "G11.833",
            format!(
                "a DC is Thrown as fire: in its side's PFPh/AFPh (ATTACKER) or DFPh \
                 (DEFENDER), not the {}",
                ctx.phase.abbrev()
            ),
        );
        return;
    }
    if !needs_dc(world, &u, "G11.833") {
        return;
    }
    let Some(cave) = ctx.board.caves.cave(cave_id).cloned() else {
        return;
    };
    let t = thrower(&ctx, &u, &cave);
    let r = dc_throw(&t, cave.level);
    if !r.allowed {
        refuse(world, Some(id), r.rule, r.reason);
        return;
    }
    if !known_cave(world, &ctx, &u, cave_id) {
        return;
    }
    use_dc(world, &u);
    let drm = thrown_dc_drm(&t, cave.level);
    let d = world.resource_mut::<Dice>().dr("G11.833");
    let thrown = thrown_dc_dr(u32::from(d), &drm);
    let drms: Vec<String> = drm
        .items
        .iter()
        .map(|m| format!("{:+} {} ({})", m.drm, m.reason, m.rule))
        .collect();
    rolled(
        world,
        "throw_dc",
        Some(id),
        thrown.rule,
        vec![d],
        format!(
            "DC Thrown at cave {cave_id}: drm [{}]; {}",
            drms.join("; "),
            thrown.reason
        ),
    );
    let live = Live::read(world);
    if thrown.success {
        let drm = dc_attack_drm(DcDelivery::Thrown, japanese_mmc_known(&live, cave_id));
        dc_attack(world, &cave, DcDelivery::Thrown, drm.drm, &drm.reason);
        return;
    }
    let map = &ctx.board.scenario.map;
    let entrance_tem = map.get(cave.entrance).map_or(0, |d| d.terrain.info().tem);
    let fallen = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: cave.level,
        entrance_base_level: map.get(cave.entrance).map_or(0, |d| d.level),
        thrower_in_entrance_hex: u.at.hex() == Some(cave.entrance),
        entrance_tem,
        thrower_tem: u
            .at
            .hex()
            .and_then(|h| map.get(h))
            .map_or(0, |d| d.terrain.info().tem),
    });
    ruled(
        world,
        "dc_falls",
        Some(id),
        fallen.cave.rule,
        fallen.cave.reason,
    );
    for a in fallen.attacks {
        use crate::rules::caves::attack::DcTarget;
        match a.target {
            DcTarget::Cave => dc_attack(world, &cave, DcDelivery::Fallen, a.drm, &a.reason),
            DcTarget::EntranceHex { .. } => {
                let at = Location::Ground(cave.entrance);
                location_attack(world, &at, a.drm, &a.reason, a.rule);
            }
            DcTarget::ThrowerLocation => location_attack(world, &u.at, a.drm, &a.reason, a.rule),
        }
    }
}

/// The unit that would Place or Set a DC in the ATTACKER's MPh: in play, in its MPh, with a
/// DC (each refused with `rule` otherwise), and the cave.
fn mph_dc_user(
    world: &mut World,
    id: &str,
    cave_id: &str,
    rule: &str,
    what: &str,
) -> Option<(Ctx, UnitView, Cave)> {
    let ctx = Ctx::read(world);
    let u = ctx.unit(world, id)?;
    if !ctx.attacker_in(world, &u, &[Phase::Movement], rule, what) || !needs_dc(world, &u, rule) {
        return None;
    }
    let cave = ctx.board.caves.cave(cave_id).cloned()?;
    Some((ctx, u, cave))
}

/// G11.833 Place (MPh; two MF plus SMOKE MF) or G11.8331 by a Climber (its dr).
pub(super) fn place_dc(world: &mut World, id: &str, cave_id: &str) {
    let Some((ctx, u, cave)) = mph_dc_user(world, id, cave_id, "G11.833", "Placing a DC") else {
        return;
    };
    let known = japanese_mmc_known(&ctx.live, cave_id);
    if let Location::Climbing { vertex, .. } = u.at {
        let map = &ctx.board.scenario.map;
        let c = Climber {
            level: u.at.level(map).unwrap_or(0),
            infantry: true,
            pinned: u.unit.pinned,
            good_order: u.unit.good_order(),
            in_ca: false,
            arrow_vertex: vertex,
        };
        let r = climbing_placement(&c, &cave);
        if !r.allowed {
            refuse(world, Some(id), r.rule, r.reason);
            return;
        }
        if !known_cave(world, &ctx, &u, cave_id) {
            return;
        }
        use_dc(world, &u);
        let t = thrower(&ctx, &u, &cave);
        let drm = thrown_dc_drm(&t, cave.level);
        let d = world.resource_mut::<Dice>().dr("G11.8331");
        let p = climbing_placement_dr(u32::from(d), &drm);
        rolled(world, "place_dc", Some(id), p.rule, vec![d], p.reason);
        if p.success {
            let drm = dc_attack_drm(DcDelivery::Placed, known);
            dc_attack(world, &cave, DcDelivery::Placed, drm.drm, &drm.reason);
        }
        return;
    }
    let t = thrower(&ctx, &u, &cave);
    // SMOKE MF (A24, not in our sources): one more MF when the cave holds SMOKE.
    let smoke_mf = u32::from(ctx.live.caves(&ctx.board).smoke_drm(cave_id) > 0);
    let p = dc_placement(&t, smoke_mf);
    if !p.ruling.allowed {
        refuse(world, Some(id), p.ruling.rule, p.ruling.reason);
        return;
    }
    if !known_cave(world, &ctx, &u, cave_id) {
        return;
    }
    let mf = p.mf.unwrap_or(2) as f32;
    let left = unit_mf(&u.unit) - u.unit.mf_spent;
    if u.unit.mf_spent > 0.0 && mf > left {
        refuse(
            world,
            Some(id),
            "G11.833",
            format!("Placing costs {mf} MF; unit {id} has {left} left"),
        );
        return;
    }
    use_dc(world, &u);
    if let Some(mut unit) = world.get_mut::<Unit>(u.entity) {
        unit.mf_spent += mf;
    }
    ruled(world, "place_dc", Some(id), p.ruling.rule, p.ruling.reason);
    let drm = dc_attack_drm(DcDelivery::Placed, known);
    dc_attack(world, &cave, DcDelivery::Placed, drm.drm, &drm.reason);
}

/// G11.8332 Set DC (the whole MPh, ADJACENT). When a Set DC is detonated (A23.7) is not in our
/// sources: the walk detonates it at once.
pub(super) fn set_dc(world: &mut World, id: &str, cave_id: &str) {
    let Some((ctx, u, cave)) = mph_dc_user(world, id, cave_id, "G11.8332", "Setting a DC") else {
        return;
    };
    let t = thrower(&ctx, &u, &cave);
    let map = &ctx.board.scenario.map;
    let at_ca_vertex = match &u.at {
        Location::Climbing { vertex, .. } => cave.ca.vertices().contains(vertex),
        _ => false,
    };
    let r = set_dc_rule(&SetDcUnit {
        allied: u.unit.side() == Side::Allied,
        spends_entire_mph: u.unit.mf_spent == 0.0,
        adjacent_g11_6: t.adjacent_g11_6,
        ca_hexside_is_crest: map.crest_line(cave.ca).is_some(),
        at_ca_vertex,
    });
    if !r.allowed {
        refuse(world, Some(id), r.rule, r.reason);
        return;
    }
    if !known_cave(world, &ctx, &u, cave_id) {
        return;
    }
    use_dc(world, &u);
    if let Some(mut unit) = world.get_mut::<Unit>(u.entity) {
        unit.mf_spent = unit_mf(&unit);
    }
    ruled(
        world,
        "set_dc",
        Some(id),
        r.rule,
        format!(
            "{} (when a Set DC detonates, A23.7, is not in our sources: the walk detonates it \
             now)",
            r.reason
        ),
    );
    let known = japanese_mmc_known(&ctx.live, cave_id);
    let drm = dc_attack_drm(DcDelivery::Set, known);
    dc_attack(world, &cave, DcDelivery::Set, drm.drm, &drm.reason);
}

/// A 30-FP DC attack vs a cave and its contents, with G11.88's elimination of the cave.
fn dc_attack(world: &mut World, cave: &Cave, delivery: DcDelivery, drm: i32, why: &str) {
    let (c, w) = world.resource_mut::<Dice>().dr2("A7");
    let original = i32::from(c + w);
    let final_dr = original + drm;
    let result = dc_result(final_dr);
    let live = Live::read(world);
    let known = japanese_mmc_known(&live, &cave.id);
    let elim = cave_eliminated(
        &Eliminator::Dc {
            delivery,
            unconcealed_good_order_japanese_mmc: known,
            original_kia: dc_result(original).is_kia(),
            final_kia: result.is_kia(),
        },
        true,
    );
    let which = dc_elimination_dr(delivery, known);
    rolled(
        world,
        "dc_attack",
        None,
        "A7",
        vec![c, w],
        format!(
            "DC ({DC_FP} FP) vs cave {}: {why}; IFT DR {original} {drm:+} = {final_dr}: {} \
             (the IFT is not in our sources: rules::ift)",
            cave.id,
            result.text()
        ),
    );
    let at = Location::Cave(cave.id.clone());
    if elim.holds {
        let gone: Vec<Entity> = live.units_at(&at).iter().map(|u| u.entity).collect();
        for e in gone {
            world.despawn(e);
        }
        let mut q = world.query::<(Entity, &CaveCounter)>();
        let cave_e: Vec<Entity> = q
            .iter(world)
            .filter(|(_, k)| k.id == cave.id)
            .map(|(e, _)| e)
            .collect();
        for e in cave_e {
            world.despawn(e);
        }
        ruled(
            world,
            "cave_eliminated",
            None,
            elim.rule,
            format!(
                "{} ({which:?} DR decides); cave {} and its contents are eliminated",
                elim.reason, cave.id
            ),
        );
        return;
    }
    ruled(world, "cave_stands", None, elim.rule, elim.reason);
    units_hit(world, &at, result);
}

/// A 30-FP attack on an above-ground Location (a fallen DC).
fn location_attack(world: &mut World, at: &Location, drm: i32, why: &str, rule: &str) {
    let (c, w) = world.resource_mut::<Dice>().dr2(rule);
    let final_dr = i32::from(c + w) + drm;
    let result = dc_result(final_dr);
    let map = world.resource::<crate::sim::Board>().scenario.map.clone();
    rolled(
        world,
        "dc_attack",
        None,
        rule,
        vec![c, w],
        format!(
            "DC ({DC_FP} FP) vs {}: {why}; IFT DR {} {drm:+} = {final_dr}: {}",
            at.display(&map),
            c + w,
            result.text()
        ),
    );
    units_hit(world, at, result);
}

/// A7.301/A7.302: applies an IFT result to every unit in a Location. Random Selection (the
/// highest dr is selected; A7.301's procedure is not in our sources) picks KIA and K victims.
pub(crate) fn units_hit(world: &mut World, at: &Location, result: IftResult) {
    let live = Live::read(world);
    let mut targets: Vec<UnitView> = live.units_at(at).into_iter().cloned().collect();
    if targets.is_empty() {
        return;
    }
    let select = |world: &mut World, targets: &mut Vec<UnitView>| -> Option<UnitView> {
        if targets.len() <= 1 {
            return targets.pop();
        }
        let rolls: Vec<u8> = targets
            .iter()
            .map(|_| world.resource_mut::<Dice>().dr("A7.301"))
            .collect();
        let (i, _) = rolls
            .iter()
            .enumerate()
            .max_by_key(|(i, d)| (**d, std::cmp::Reverse(*i)))
            .expect("targets");
        let chosen = targets.remove(i);
        rolled(
            world,
            "random_selection",
            Some(&chosen.unit.id),
            "A7.301",
            rolls,
            format!("Random Selection picks {}", chosen.unit.id),
        );
        Some(chosen)
    };
    match result {
        IftResult::Kia(n) => {
            for _ in 0..n {
                let Some(v) = select(world, &mut targets) else {
                    break;
                };
                world.despawn(v.entity);
                ruled(
                    world,
                    "eliminated",
                    Some(&v.unit.id),
                    "A7.301",
                    "KIA: eliminated".into(),
                );
            }
            for v in targets {
                if !v.unit.good_order() {
                    continue;
                }
                let mc = break_without_mc();
                fails(world, v.entity, &v.unit, Cause::Kia, &mc);
            }
        }
        IftResult::K(n) => {
            if let Some(v) = select(world, &mut targets) {
                casualty(world, &v);
                targets.push(v);
            }
            targets.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
            for v in targets {
                take_mc(
                    world,
                    &v.unit.id,
                    i32::from(n),
                    Cause::IftMc,
                    &format!("K/{n}: a {n}MC"),
                );
            }
        }
        IftResult::Mc(n) => {
            for v in targets {
                take_mc(
                    world,
                    &v.unit.id,
                    i32::from(n),
                    Cause::IftMc,
                    &format!("a {n}MC"),
                );
            }
        }
        IftResult::Nmc => {
            for v in targets {
                take_mc(world, &v.unit.id, 0, Cause::IftMc, "a NMC");
            }
        }
        IftResult::Ptc | IftResult::NoEffect => {
            ruled(
                world,
                "no_effect",
                None,
                "A7",
                format!(
                    "{}: no unit is broken (PTC are not modelled)",
                    result.text()
                ),
            );
        }
    }
}

/// A7.302 / G1.14: Casualty Reduction of one unit.
fn casualty(world: &mut World, v: &UnitView) {
    if let Some(c) = super::mmc(&v.unit)
        && v.unit.nationality == Nationality::Japanese
    {
        let out = casualty_reduction(c);
        become_(world, v.entity, &v.unit, &out.becomes);
        ruled(world, "casualty", Some(&v.unit.id), out.rule, out.reason);
        return;
    }
    // Other nationalities: a squad to its HS, anything else eliminated (A7.302).
    let hs = super::mmc(&v.unit).and_then(|c| c.half_squad.clone());
    match hs {
        Some(hs) => {
            let b = crate::rules::japanese::step::Becomes {
                counter: hs.clone(),
                broken: v.unit.broken,
                dm: v.unit.dm,
            };
            become_(world, v.entity, &v.unit, &[b]);
            ruled(
                world,
                "casualty",
                Some(&v.unit.id),
                "A7.302",
                format!("Casualty Reduction: exchanged for a {hs} HS"),
            );
        }
        None => {
            world.despawn(v.entity);
            ruled(
                world,
                "casualty",
                Some(&v.unit.id),
                "A7.302",
                "Casualty Reduction: eliminated".into(),
            );
        }
    }
}
