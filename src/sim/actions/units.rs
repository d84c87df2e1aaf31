//! Morale Checks and what failing one makes of a unit (A10 with G1.11-G1.14, G1.3, G1.4,
//! G1.41), Search (G11.33, G1.63) and T-H Hero creation (G1.421-G1.424).

use bevy::prelude::*;

use super::{Ctx, is_leader, mmc, refuse};
use crate::counters::{Catalog, Kind, Lookup};
use crate::hex::Hex;
use crate::los::Location;
use crate::rules::caves::sight::cave_los;
use crate::rules::japanese::heroes::{
    HeroCreator, th_hero_allowance, th_hero_attempt, th_hero_creation_dr,
};
use crate::rules::japanese::smc::{SmcOutcome, japanese_smc_breaks, morale_level};
use crate::rules::japanese::stealth::search_drm;
use crate::rules::japanese::step::{Becomes, Cause, japanese_mmc_breaks, mmc_breaks};
use crate::rules::morale::{McResult, morale_check};
use crate::scenario::{Nationality, Side};
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::effects::reveal_caves;
use crate::sim::live::Live;
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::{Phase, Tallies};

/// The printed morale of a unit: a MMC's from the catalog, a leader's first number.
fn printed_morale(u: &Unit) -> i32 {
    if let Some(c) = mmc(u) {
        return i32::from(c.morale);
    }
    u.counter
        .split(['-', '+'])
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(7)
}

/// The side's ELR (A19).
fn elr_of(world: &World, side: Side) -> i32 {
    let elr = world.resource::<crate::sim::Board>().scenario.elr;
    i32::from(match side {
        Side::Japanese => elr.japanese,
        Side::Allied => elr.allied,
    })
}

/// A10 / G1.41: a unit takes a MC with `drm`; a failure is applied (G1.11-G1.14, G1.4, A10.3).
pub(super) fn take_mc(world: &mut World, id: &str, drm: i32, cause: Cause, why: &str) {
    let live = Live::read(world);
    let Some(u) = live.unit(id) else { return };
    let leader_here = u.unit.nationality == Nationality::Japanese
        && live.units_at(&u.at).iter().any(|o| {
            o.unit.id != u.unit.id
                && o.unit.nationality == Nationality::Japanese
                && o.unit.good_order()
                && is_leader(&o.unit)
        });
    let level = if u.unit.nationality == Nationality::Japanese {
        morale_level(
            printed_morale(&u.unit),
            is_leader(&u.unit),
            false,
            leader_here,
        )
    } else {
        crate::rules::night::movement::Amount {
            value: printed_morale(&u.unit),
            rule: "A10.1",
            reason: "its printed morale".into(),
        }
    };
    let elr = elr_of(world, u.unit.side());
    let (c, w) = world.resource_mut::<Dice>().dr2("A10.1");
    let mc = morale_check(c + w, drm, level.value, elr);
    rolled(
        world,
        "morale_check",
        Some(id),
        mc.rule,
        vec![c, w],
        format!(
            "{why}: Morale Level {} ({}: {}); {}",
            level.value, level.rule, level.reason, mc.reason
        ),
    );
    if !mc.passed {
        fails(world, u.entity, &u.unit, cause, &mc);
    }
}

/// Applies a failed MC (or a KIA break) to a unit.
pub(super) fn fails(world: &mut World, entity: Entity, unit: &Unit, cause: Cause, mc: &McResult) {
    let id = unit.id.as_str();
    if is_leader(unit) || unit.hero.is_some() {
        if unit.nationality == Nationality::Japanese {
            let wound = world.resource_mut::<Dice>().dr("A17.11");
            let r = japanese_smc_breaks(unit.wounded, unit.hero.is_some(), mc.casualty, wound);
            match r.outcome {
                SmcOutcome::Eliminated => {
                    world.despawn(entity);
                }
                SmcOutcome::Wounded => {
                    if let Some(mut u) = world.get_mut::<Unit>(entity) {
                        u.wounded = true;
                    }
                }
                SmcOutcome::Unaffected => {}
            }
            rolled(world, "smc", Some(id), r.rule, vec![wound], r.reason);
        } else {
            if let Some(mut u) = world.get_mut::<Unit>(entity) {
                u.broken = true;
            }
            ruled(
                world,
                "break",
                Some(id),
                "A10.3",
                "the leader breaks".into(),
            );
        }
        return;
    }
    let Some(counter) = mmc(unit) else { return };
    let out = if unit.nationality == Nationality::Japanese {
        japanese_mmc_breaks(counter, false, cause, mc)
    } else {
        mmc_breaks(counter, mc)
    };
    become_(world, entity, unit, &out.becomes);
    ruled(world, "break", Some(id), out.rule, out.reason);
}

/// Exchanges a unit for what a rule makes of it: the first counter keeps the unit's id, more
/// counters join it with ids `<id>.2`, ...; none eliminates it.
pub(super) fn become_(world: &mut World, entity: Entity, unit: &Unit, list: &[Becomes]) {
    let Some(first) = list.first() else {
        world.despawn(entity);
        return;
    };
    let at = world.get::<At>(entity).cloned();
    if let Some(mut u) = world.get_mut::<Unit>(entity) {
        u.counter = first.counter.clone();
        u.broken = first.broken;
        u.dm = first.dm;
    }
    for (n, b) in list.iter().enumerate().skip(1) {
        let mut more = unit.clone();
        more.id = format!("{}.{}", unit.id, n + 1);
        more.counter = b.counter.clone();
        more.broken = b.broken;
        more.dm = b.dm;
        more.dc = false;
        let mut e = world.spawn(more);
        if let Some(at) = &at {
            e.insert(at.clone());
        }
    }
}

/// Script `MoraleCheck(unit, drm)`: the unit takes a MC as from an IFT attack (G1.12).
pub(super) fn morale_check_action(world: &mut World, id: &str, drm: i32) {
    let ctx = Ctx::read(world);
    if ctx.unit(world, id).is_none() {
        return;
    }
    take_mc(
        world,
        id,
        drm,
        Cause::IftMc,
        &format!(
            "a {}MC",
            if drm == 0 {
                "N".into()
            } else {
                drm.to_string()
            }
        ),
    );
}

/// G11.33 / G1.63 Search (MPh): reveals every hidden cave in the hex and its contents, and
/// hidden Japanese above ground there. The Search dr's use (A12.152) is not in our sources, so
/// no dr is rolled; the drm that would apply is reported.
pub(super) fn search(world: &mut World, id: &str, hex: Hex) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let map = &ctx.board.scenario.map;
    if !ctx.attacker_in(world, &u, &[Phase::Movement], "A12.152", "Search") {
        return;
    }
    let near = u.at.hex().is_some_and(|h| h == hex || h.is_adjacent(hex));
    if !u.unit.good_order() || !near {
        refuse(
            world,
            Some(id),
            "A12.152",
            format!(
                "a Good Order unit Searches its own or an adjacent hex; {} is not",
                map.name(hex)
            ),
        );
        return;
    }
    let caves: Vec<String> = ctx
        .board
        .caves
        .caves
        .iter()
        .filter(|c| c.hex == hex && ctx.live.hidden_caves.contains(&c.id))
        .map(|c| c.id.clone())
        .collect();
    let only_caves = !caves.is_empty();
    // G11.33 (play-aid): a cave is not Concealment Terrain vs a Search: no G1.63 +2.
    let drm = search_drm(u.unit.side() == Side::Allied && !only_caves, false);
    reveal_caves(world, &caves);
    let mut revealed: Vec<String> = Vec::new();
    for o in &ctx.live.units {
        // G11.33: the contents of every cave in the hex (hidden or already revealed).
        let in_hex = match &o.at {
            Location::Cave(c) => ctx.board.caves.cave(c).is_some_and(|k| k.hex == hex),
            l => l.hex() == Some(hex),
        };
        if in_hex && o.unit.side() != u.unit.side() && (o.hidden || o.concealed) {
            world.entity_mut(o.entity).remove::<(Hidden, Concealed)>();
            revealed.push(o.unit.id.clone());
        }
    }
    if let Some(mut unit) = world.get_mut::<Unit>(u.entity) {
        unit.mf_spent = super::unit_mf(&unit);
    }
    ruled(
        world,
        "search",
        Some(id),
        if only_caves { "G11.33" } else { "A12.152" },
        format!(
            "Search of {}: {}{}; (Search drm {}: {})",
            map.name(hex),
            if caves.is_empty() {
                "no hidden cave".to_string()
            } else {
                format!("cave(s) {} revealed with their contents", caves.join(", "))
            },
            if revealed.is_empty() {
                String::new()
            } else {
                format!("; revealed: {}", revealed.join(", "))
            },
            drm.value,
            if only_caves {
                "a cave does not invoke G1.63's +2 (G11.33)".to_string()
            } else {
                drm.reason
            }
        ),
    );
}

/// G1.421/G1.424: a T-H Hero creation attempt vs a Designated Target unit. With no AFV in our
/// scenarios, only a DC Hero (G1.424: a unit possessing a DC, in its own MPh, within eight MF
/// and in LOS of an enemy unit) can be created.
pub(super) fn create_hero(world: &mut World, id: &str, target: &str) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let Some(t) = ctx.unit(world, target) else {
        return;
    };
    if u.unit.nationality != Nationality::Japanese {
        refuse(
            world,
            Some(id),
            "G1.421",
            "only Japanese squads and HS create T-H Heroes".into(),
        );
        return;
    }
    if !ctx.attacker_in(world, &u, &[Phase::Movement], "G1.424", "a DC Hero attempt") {
        return;
    }
    let squads = ctx
        .board
        .scenario
        .units
        .iter()
        .filter(|d| {
            d.nationality == Nationality::Japanese
                && matches!(
                    Catalog::get().lookup(d.nationality, &d.counter),
                    Lookup::Mmc(c) if c.kind == Kind::Squad
                )
        })
        .count() as u32;
    let year = ctx.board.scenario.date.map_or(1944, |(y, _)| y);
    let allowed = th_hero_allowance(squads, year, false);
    let created = world.resource::<Tallies>().heroes_created;
    let env = ctx.live.env(&ctx.board);
    let caves = ctx.live.caves(&ctx.board);
    let in_los = cave_los(&env, &caves, &u.at, &t.at).is_ok_and(|r| r.clear());
    let hex_of = |l: &Location| Live::hex_of(&ctx.board, l);
    let near = match (hex_of(&u.at), hex_of(&t.at)) {
        (Some(a), Some(b)) => a.distance(b) <= 8,
        _ => false,
    };
    let c = mmc(&u.unit);
    let creator = HeroCreator {
        armed: true,
        good_order: u.unit.good_order(),
        squad_or_hs: c.is_some_and(|c| matches!(c.kind, Kind::Squad | Kind::HalfSquad)),
        marked_fire_pin_or_ti: u.unit.pinned,
        remaining_allowance: (allowed.value.max(0) as u32).saturating_sub(created),
        target_ok: u.unit.dc && t.unit.side() != u.unit.side() && in_los && near,
    };
    let r = th_hero_attempt(&creator);
    if !r.allowed {
        refuse(
            world,
            Some(id),
            r.rule,
            format!(
                "{} (allowance {}: {}; a DC Hero needs a DC and an enemy unit within eight MF \
                 and in LOS, G1.424)",
                r.reason, allowed.value, allowed.reason
            ),
        );
        return;
    }
    let d = world.resource_mut::<Dice>().dr("G1.421");
    let conscript = c.is_some_and(|c| c.class == crate::counters::Class::Conscript);
    let half = c.is_some_and(|c| c.kind == Kind::HalfSquad);
    let h = th_hero_creation_dr(d, half, conscript, true, false);
    if h.pinned
        && let Some(mut unit) = world.get_mut::<Unit>(u.entity)
    {
        unit.pinned = true;
    }
    if h.created {
        if let Some(mut unit) = world.get_mut::<Unit>(u.entity) {
            unit.dc = false;
        }
        let hero = Unit {
            id: format!("{id}.hero"),
            nationality: u.unit.nationality,
            counter: "T-H Hero".into(),
            broken: false,
            dm: false,
            wounded: false,
            pinned: false,
            dc: true,
            hero: Some(Hero {
                target: target.into(),
                created_in: ctx.turn.number,
                attacked: false,
            }),
            mf_spent: 0.0,
            entered_cave: false,
            straying: false,
            cx: false,
            berserk: false,
        };
        world.spawn((hero, At(u.at.clone())));
        world.resource_mut::<Tallies>().heroes_created += 1;
    }
    rolled(world, "hero", Some(id), h.rule, vec![d], h.reason);
}
