//! SMOKE grenades (A24.1; into caves G11.85), Starshells (E1.921-E1.922), IR (E1.931) and
//! Kindling (B25.11; E1.94 at night).

use bevy::prelude::*;

use super::attack::thrower;
use super::{Ctx, refuse, refused};
use crate::counters::Class;
use crate::hex::Hex;
use crate::los::Location;
use crate::rules::caves::attack::{
    AttackKind, SmokeOutcome, SmokePlacer, smoke_grenade_in_cave, wp_in_cave,
};
use crate::rules::caves::attack::{dc_throw, thrown_dc_drm};
use crate::rules::fire::kindle as kindle_rule;
use crate::rules::night::illumination_fire::{
    IrFirer, StarshellFirer, StarshellUnit, ir_usage, starshell_placement, starshell_usage,
};
use crate::rules::orders;
use crate::scenario::{Nationality, SmokeKind};
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::Phase;

/// A24.1 SMOKE grenades (`kind` Grenade) or WP grenades (`kind` WpGrenade) in the MPh; into a
/// cave per G11.85 (from in it, or from where a DC could be Thrown, on a Final Thrown-DC dr
/// <= 3; a hidden cave cannot be the target, G11.81). G1.17: Japanese Conscripts place none.
/// Above ground, A24.1's Smoke-exponent dr is not modelled (the catalog has no exponents).
/// Which units carry WP grenades (A24.3) is not in our sources: the walk lets Allied Infantry
/// use them. WP placed in a cave is a CH there (G11.85); the WP attack itself (its FP and
/// NMC) is not in our sources and is not resolved. A WP grenade in a cave is removed at the
/// end of the Player Turn and reveals the hidden caves above it (G11.851, `cleanup`).
pub(super) fn place_smoke(world: &mut World, id: &str, at: &Location, kind: SmokeKind) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let wp = matches!(kind, SmokeKind::WpGrenade | SmokeKind::WhitePhosphorus);
    let what = if wp { "WP grenades" } else { "SMOKE grenades" };
    if !ctx.attacker_in(
        world,
        &u,
        &[Phase::Movement],
        "A24.1",
        &format!("placing {what}"),
    ) {
        return;
    }
    if wp && u.unit.nationality == Nationality::Japanese {
        refuse(
            world,
            Some(id),
            "A24.3",
            "which units carry WP grenades (A24.3) is not in our sources; the walk gives them \
             to Allied Infantry only"
                .into(),
        );
        return;
    }
    if u.unit.nationality == Nationality::Japanese
        && super::mmc(&u.unit).is_none_or(|c| c.class == Class::Conscript)
    {
        refuse(
            world,
            Some(id),
            "G1.17",
            "only Japanese Elite and 1st-Line squads may place Smoke Grenades".into(),
        );
        return;
    }
    let pt = ctx.turn.number;
    let Location::Cave(cave_id) = at else {
        let near = match (u.at.hex(), at.hex()) {
            (Some(a), Some(b)) => a == b || a.is_adjacent(b),
            _ => false,
        };
        if !near {
            refuse(
                world,
                Some(id),
                "A24.1",
                format!("{what} go into the unit's own or an adjacent Location"),
            );
            return;
        }
        world.spawn(Smoke {
            at: at.clone(),
            kind,
            dispersed: false,
            placed_in: pt,
        });
        ruled(
            world,
            if wp { "wp" } else { "smoke" },
            Some(id),
            "A24.1",
            format!(
                "{} grenade placed in {}",
                if wp { "WP" } else { "SMOKE" },
                at.display(&ctx.board.scenario.map)
            ),
        );
        return;
    };
    let Some(cave) = ctx.board.caves.cave(cave_id).cloned() else {
        return;
    };
    let in_cave = u.at == *at;
    if !in_cave && !super::attack::known_cave(world, &ctx, &u, cave_id) {
        return;
    }
    let (placement, dice) = if in_cave {
        (smoke_grenade_in_cave(SmokePlacer::InCave, 0), None)
    } else {
        let t = thrower(&ctx, &u, &cave);
        let could = dc_throw(&t, cave.level).allowed;
        let drm = thrown_dc_drm(&t, cave.level);
        let d = if could {
            Some(world.resource_mut::<Dice>().dr("G11.85"))
        } else {
            None
        };
        let final_dr = d.map_or(0, |d| i32::from(d) + drm.total);
        (
            smoke_grenade_in_cave(
                SmokePlacer::AboveGround {
                    could_throw_dc: could,
                },
                final_dr,
            ),
            d.map(|d| (d, drm.total, final_dr)),
        )
    };
    let lands = match placement.outcome {
        SmokeOutcome::InCave => Some(at.clone()),
        SmokeOutcome::EntranceBaseLevel => Some(Location::Ground(cave.entrance)),
        SmokeOutcome::None => None,
    };
    if let Some(l) = &lands {
        world.spawn(Smoke {
            at: l.clone(),
            kind,
            dispersed: false,
            placed_in: pt,
        });
    }
    let name = if wp { "WP" } else { "SMOKE" };
    let text = match &dice {
        Some((d, drm, f)) => format!(
            "{name} grenade at cave {cave_id}: Thrown-DC dr {d} {drm:+} = {f}: {}",
            placement.reason
        ),
        None => format!("{name} grenade at cave {cave_id}: {}", placement.reason),
    };
    let event = if wp { "wp" } else { "smoke" };
    match (dice, lands.is_some()) {
        (Some((d, _, _)), _) => rolled(world, event, Some(id), placement.rule, vec![d], text),
        (None, true) => ruled(world, event, Some(id), placement.rule, text),
        (None, false) => refuse(world, Some(id), placement.rule, text),
    }
    if wp && placement.outcome == SmokeOutcome::InCave {
        let ch = wp_in_cave(AttackKind::Direct);
        ruled(
            world,
            "wp_ch",
            None,
            ch.rule,
            format!(
                "{} (the WP attack's FP and its NMC, A24.3, are not in our sources: not \
                 resolved)",
                ch.reason
            ),
        );
    }
}

/// E1.92/E1.921/E1.922: a Starshell, fired in the PFPh (ATTACKER) or as Defensive First Fire
/// in the MPh (DEFENDER), after a Usage dr; it lands after a Placement DR's error.
pub(super) fn fire_starshell(world: &mut World, id: &str, at: Hex) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    if !ctx.night {
        refuse(
            world,
            Some(id),
            "E1.92",
            "Starshells are fired only in a night scenario".into(),
        );
        return;
    }
    let attacker = u.unit.side() == ctx.turn.attacker;
    let ok_phase =
        (attacker && ctx.phase == Phase::PrepFire) || (!attacker && ctx.phase == Phase::Movement);
    if !ok_phase {
        refuse(
            world,
            Some(id),
            "E1.92",
            format!(
                "Starshells may be fired in the PFPh (ATTACKER) or as Defensive First Fire \
                 (DEFENDER, MPh); not by this unit in the {}",
                ctx.phase.abbrev()
            ),
        );
        return;
    }
    let firer = if super::is_leader(&u.unit) {
        StarshellFirer::Leader
    } else {
        StarshellFirer::Mmc
    };
    let unit = StarshellUnit {
        firer,
        good_order: u.unit.good_order(),
        pinned: u.unit.pinned,
        ti: false,
    };
    let pre = starshell_usage(&unit, 1);
    if !pre.holds {
        refuse(world, Some(id), pre.rule, pre.reason);
        return;
    }
    let d = world.resource_mut::<Dice>().dr("E1.921");
    let usage = starshell_usage(&unit, d);
    rolled(
        world,
        "starshell_usage",
        Some(id),
        usage.rule,
        vec![d],
        usage.reason,
    );
    if !usage.holds {
        return;
    }
    let (c, w) = world.resource_mut::<Dice>().dr2("E1.922");
    let p = starshell_placement(at, c, w, false);
    world.spawn(Starshell { hex: p.hex });
    rolled(world, "starshell", Some(id), p.rule, vec![c, w], p.reason);
}

/// E1.931: an IR fired by OBA (no Usage dr). Where it lands (E1.932) is cut off: in `at`.
pub(super) fn fire_ir(world: &mut World, at: Hex) {
    let ctx = Ctx::read(world);
    if !ctx.night {
        refuse(
            world,
            None,
            "E1.93",
            "IR are fired only in a night scenario".into(),
        );
        return;
    }
    let r = ir_usage(IrFirer::Oba, None);
    if !r.holds {
        refuse(world, None, r.rule, r.reason);
        return;
    }
    world.spawn(IlluminatingRound { hex: at });
    ruled(
        world,
        "ir",
        None,
        r.rule,
        format!(
            "{}; the IR Illuminates within six hexes of {} (E1.933)",
            r.reason,
            ctx.board.scenario.map.name(at)
        ),
    );
}

/// B25.11 Kindling (E1.94 at night): decided by `rules::orders::kindle`; the Kindle DR is
/// rolled here and the Flame spawned, the Kindler's concealment removed when the plan says so.
pub(super) fn kindle(world: &mut World, hex: Hex) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match orders::kindle::kindle(&s, hex) {
        Ok(p) => p,
        Err(r) => return refused(world, None, r),
    };
    let (c, w) = world.resource_mut::<Dice>().dr2(plan.roll_rule);
    let k = kindle_rule(plan.terrain, c + w);
    if k.holds {
        world.spawn(Flame { hex });
    }
    let mut text = k.reason.clone();
    if let Some(l) = &plan.loses_concealment {
        if l.holds
            && let Some(e) = unit_entity(world, &plan.kindler)
        {
            world.entity_mut(e).remove::<(Concealed, Cloaked)>();
        }
        text = format!("{text}; {}: {}", l.rule, l.reason);
    }
    rolled(
        world,
        "kindle",
        Some(&plan.kindler),
        k.rule,
        vec![c, w],
        text,
    );
}
