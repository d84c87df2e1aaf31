//! Move, EnterCave, ExitCave (A4 with G11.7-G11.75 and E1.31/E1.51 at night) and Climb (B11.4
//! with the Falling DR, E1.421), and advancing off a Climb counter in the APh.

use bevy::prelude::*;

use super::{Ctx, refuse, unit_mf};
use crate::hex::Vertex;
use crate::los::Location;
use crate::rules::caves::entry::cost;
use crate::rules::caves::hidden::{
    emerges_concealed, entry_allowed, hidden_entry_mf, stays_hidden,
};
use crate::rules::caves::sight::cave_los;
use crate::rules::climbing;
use crate::rules::night::concealment::{NightAction, loses_concealment};
use crate::rules::night::movement::{FallingOutcome, falling_dr};
use crate::scenario::{Nationality, Side};
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::effects::{remove_climb, reveal_caves};
use crate::sim::log::{rolled, ruled};
use crate::sim::phase::Phase;

/// A4 / G11.7x / B11.4: moves a unit to an adjacent Location: in the ATTACKER's MPh paying MF,
/// or as its one-Location advance in the APh (off a Climb counter only onto ground at its
/// level, B11.4).
pub(super) fn do_move(world: &mut World, id: &str, to: &Location, verb: Option<&str>) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let map = &ctx.board.scenario.map;
    let show = |l: &Location| l.display(map).to_string();
    if verb == Some("ExitCave") && !matches!(u.at, Location::Cave(_)) {
        refuse(
            world,
            Some(id),
            "G11.72",
            format!("ExitCave: unit {id} is not in a cave ({})", show(&u.at)),
        );
        return;
    }
    if !ctx.attacker_in(
        world,
        &u,
        &[Phase::Movement, Phase::Advance],
        "A3",
        "moving",
    ) {
        return;
    }
    if !u.unit.good_order() {
        refuse(
            world,
            Some(id),
            "A10.5",
            "a broken unit does not move in the MPh or advance in the APh; it routs in the RtPh"
                .into(),
        );
        return;
    }
    let caves = ctx.live.caves(&ctx.board);
    // E1.101: at night an Illuminated Location is seen beyond the NVR, so whether enemies see
    // the Location entered (G11.75) is judged without the NVR when it is lit.
    let seen_env = if crate::sim::live::location_lit(world, to) {
        ctx.live.env(&ctx.board).with_nvr(None)
    } else {
        ctx.live.env(&ctx.board)
    };
    let advance = ctx.phase == Phase::Advance;
    // B11.4: in the APh a Climber steps off its counter onto ground at its level.
    if advance && matches!(u.at, Location::Climbing { .. }) && matches!(to, Location::Ground(_)) {
        let r = climbing::advance_off(map, &u.at, to);
        if !r.allowed {
            refuse(world, Some(id), r.rule, r.reason);
            return;
        }
        remove_climb(world, id);
        world.entity_mut(u.entity).insert(At(to.clone()));
        ruled(world, "advance", Some(id), r.rule, r.reason);
        return;
    }
    let entering = matches!(to, Location::Cave(_) | Location::Complex(_));
    // G11.7 (play-aid: "No other nationality can enter a cave"); Cave Complexes and their
    // tunnels are the Japanese side's too (G11.2).
    if entering && u.unit.nationality != Nationality::Japanese {
        refuse(
            world,
            Some(id),
            "G11.7",
            format!(
                "only Japanese Infantry enter a cave or Cave Complex; unit {id} may be ADJACENT \
                 to it (G11.6) but cannot enter {}",
                show(to)
            ),
        );
        return;
    }
    if let Location::Cave(cave) = to
        && !super::cave_stands(world, id, cave)
    {
        return;
    }
    let c = cost(map, &caves, &u.at, to, ctx.night);
    if !c.allowed {
        refuse(world, Some(id), c.rule, c.reason);
        return;
    }
    // G11.933: a tunnel (between a Cave Complex and an above-ground hex) is entered only in
    // the MPh, and not by Infantry that entered a cave or Complex this phase (G11.74).
    let tunnel = matches!(
        (&u.at, to),
        (Location::Ground(_), Location::Complex(_)) | (Location::Complex(_), Location::Ground(_))
    );
    if tunnel && ctx.phase != Phase::Movement {
        refuse(
            world,
            Some(id),
            "G11.933",
            format!(
                "a tunnel may be entered only during the MPh, not the {}",
                ctx.phase.abbrev()
            ),
        );
        return;
    }
    if tunnel && u.unit.entered_cave {
        let r = entry_allowed(unit_mf(&u.unit), true);
        refuse(world, Some(id), r.rule, r.reason);
        return;
    }
    if c.climbing {
        refuse(
            world,
            Some(id),
            c.rule,
            format!("{} — use Climb (B11.4)", c.reason),
        );
        return;
    }
    let mut mf = c.mf.unwrap_or(0.0);
    let available = unit_mf(&u.unit) - u.unit.mf_spent;
    let mut text = format!("{} -> {}: {}", show(&u.at), show(to), c.reason);
    let mut stays = u.hidden;
    // Set when a hidden unit is placed onboard concealed (G11.75 EX).
    let mut concealed_now = false;
    // A cave whose counter goes onboard because a unit is seen entering it (G11.751 EX).
    let mut reveal_cave = None;
    if entering {
        if u.unit.entered_cave || !advance {
            let r = entry_allowed(available, u.unit.entered_cave);
            if !r.allowed {
                refuse(world, Some(id), r.rule, r.reason);
                return;
            }
        }
        // G11.75/G11.751: a Japanese unit entering a cave unseen stays (or becomes) hidden.
        if let Location::Cave(cave) = to
            && u.unit.side() == Side::Japanese
        {
            let watchers = ctx.live.watchers(Side::Allied);
            let r = stays_hidden(&seen_env, &caves, cave, &watchers);
            let cave_hidden = ctx.live.hidden_caves.contains(cave);
            let (hmf, why) = hidden_entry_mf(mf, r.allowed, cave_hidden);
            mf = hmf;
            stays = r.allowed;
            text = format!(
                "{text}; {}: {}; {why}: {}",
                r.rule,
                r.reason,
                if hmf == 0.0 {
                    "no MF (a hidden cave, or the unit stays hidden)"
                } else {
                    "the normal MF"
                }
            );
            // G11.751 EX (into cave G in view of W9): seen, hidden Infantry are placed onboard
            // concealed beneath the Cave counter, which is then onboard too.
            if !r.allowed {
                concealed_now = u.hidden || u.concealed;
                if cave_hidden {
                    reveal_cave = Some(cave.clone());
                }
                text = format!(
                    "{text}; it is placed onboard{} beneath the cave {cave} counter (G11.751 EX)",
                    if concealed_now { ", concealed," } else { "" }
                );
            }
        }
        // G11.75 (G11.751 EX): Infantry entering a Cave Complex become hidden.
        if matches!(to, Location::Complex(_)) {
            stays = true;
            text = format!("{text}; G11.75: Infantry entering a Cave Complex are hidden");
        }
    } else if u.hidden && matches!(u.at, Location::Cave(_) | Location::Complex(_)) {
        // G11.75 EX (cave B or D to W5): hidden Infantry come out onboard concealed unless a
        // Good Order enemy ground unit within 16 hexes sees the hex they enter.
        let enemy = match u.unit.side() {
            Side::Japanese => Side::Allied,
            Side::Allied => Side::Japanese,
        };
        if let Some(h) = to.hex() {
            let r = emerges_concealed(&seen_env, h, &ctx.live.watchers(enemy));
            stays = false;
            concealed_now = r.allowed;
            text = format!(
                "{text}; {}: {}{}",
                r.rule,
                r.reason,
                if r.allowed {
                    ""
                } else {
                    " (A12's \"?\"-loss rules are not in our sources: it is placed onboard \
                     unconcealed)"
                }
            );
        }
    } else if u.hidden && to.hex().is_some() {
        // A12.15 (asl-facts "Concealment and HIP"): HIP is lost by moving in the LOS of a
        // Good Order enemy ground unit.
        let enemy = match u.unit.side() {
            Side::Japanese => Side::Allied,
            Side::Allied => Side::Japanese,
        };
        let seen = ctx.live.watchers(enemy).iter().any(|w| {
            w.good_order && cave_los(&seen_env, &caves, &w.at, to).is_ok_and(|r| r.clear())
        });
        if seen {
            stays = false;
            text = format!("{text}; A12.15: it moves in a Good Order enemy's LOS and loses HIP");
        }
    }
    if !advance && u.unit.mf_spent > 0.0 && mf > available {
        refuse(
            world,
            Some(id),
            c.rule,
            format!(
                "{} -> {} costs {mf} MF; unit {id} has {available} of its {} MF left",
                show(&u.at),
                show(to),
                unit_mf(&u.unit)
            ),
        );
        return;
    }
    // E1.31 at night: Non-Assault Movement in an already Illuminated Location, or entering an
    // enemy-occupied Location in the MPh, loses Cloaking/"?".
    let mut lose_concealment = None;
    if ctx.night && (u.concealed || u.cloaked) {
        let lit = to.hex().is_some_and(|h| {
            let mut q = world.query_filtered::<&HexCell, With<Illuminated>>();
            q.iter(world).any(|c| c.0 == h)
        });
        let enemy_there = ctx
            .live
            .units_at(to)
            .iter()
            .any(|o| o.unit.side() != u.unit.side());
        let by_light = loses_concealment(NightAction::ExpendsMf {
            non_assault_movement: true,
            already_illuminated: lit,
        });
        let by_enemy = loses_concealment(NightAction::EntersEnemyLocation {
            in_mph: ctx.phase == Phase::Movement && enemy_there,
        });
        lose_concealment = [by_light, by_enemy].into_iter().find(|c| c.holds);
    }
    // Apply.
    if matches!(u.at, Location::Climbing { .. }) {
        remove_climb(world, id);
    }
    if let Some(cave) = &reveal_cave {
        reveal_caves(world, std::slice::from_ref(cave));
    }
    let mut e = world.entity_mut(u.entity);
    e.insert(At(to.clone()));
    if !stays {
        e.remove::<Hidden>();
        if concealed_now {
            e.insert(Concealed);
        } else if u.hidden {
            e.remove::<Concealed>();
        }
    } else if entering && u.unit.side() == Side::Japanese {
        e.insert(Hidden);
        e.remove::<Concealed>();
    }
    if let Some(l) = &lose_concealment {
        e.remove::<Concealed>();
        e.remove::<Cloaked>();
        text = format!("{text}; {}: {}", l.rule, l.reason);
    }
    {
        let mut unit = e.get_mut::<Unit>().expect("a unit");
        if !advance {
            unit.mf_spent += mf;
        }
        if entering {
            unit.entered_cave = true;
        }
    }
    let event = if advance { "advance" } else { "move" };
    let text = if advance {
        format!("{text} (its APh advance)")
    } else {
        format!(
            "{text}; {mf} MF, {} of {} spent",
            u.unit.mf_spent + mf,
            unit_mf(&u.unit)
        )
    };
    ruled(world, event, Some(id), c.rule, text);
}

/// B11.4 Climbing: the unit moves its Climb counter one level up or down the cliff (its whole
/// MPh), then makes the Falling DR (G11.8331: only when Climbing a cliff hexside and changing
/// level; +1 at night, E1.421).
pub(super) fn climb(world: &mut World, id: &str, level: i32, vertex: Vertex) {
    let ctx = Ctx::read(world);
    let Some(u) = ctx.unit(world, id) else { return };
    let map = &ctx.board.scenario.map;
    if !ctx.attacker_in(world, &u, &[Phase::Movement], "B11.4", "Climbing") {
        return;
    }
    let Some(hex) = u.at.hex() else {
        refuse(
            world,
            Some(id),
            "B11.4",
            "a unit in a cave or Cave Complex cannot Climb".into(),
        );
        return;
    };
    let r = climbing::climb(map, &u.at, hex, level, vertex, u.unit.mf_spent);
    if !r.allowed {
        refuse(world, Some(id), r.rule, r.reason);
        return;
    }
    let falling = crate::rules::caves::attack::climbing_falling_dr(true, true);
    let (c, w) = world.resource_mut::<Dice>().dr2(falling.rule);
    let f = falling_dr(c + w, ctx.night);
    let full = unit_mf(&u.unit);
    remove_climb(world, id);
    if f.outcome == FallingOutcome::Falls {
        // B11.41's fall result is not in our sources: the Climber ends at the foot of the
        // cliff, with no casualty applied.
        let foot = climbing::cliff_at(map, hex, vertex)
            .map(|s| {
                let other = s.other(hex).unwrap_or(hex);
                let lv = |h| map.get(h).map_or(0, |d| d.level);
                if lv(other) < lv(hex) { other } else { hex }
            })
            .unwrap_or(hex);
        let mut e = world.entity_mut(u.entity);
        e.insert(At(Location::Ground(foot)));
        e.get_mut::<Unit>().expect("a unit").mf_spent = full;
        rolled(
            world,
            "fall",
            Some(id),
            f.rule,
            vec![c, w],
            format!(
                "{}: {}; it lands at the foot of the cliff in {} (what else a fall does, \
                 B11.41, is not in our sources)",
                r.reason,
                f.reason,
                map.name(foot)
            ),
        );
        return;
    }
    let at = Location::Climbing { hex, level, vertex };
    world.spawn(Climb {
        hex,
        vertex,
        level,
        unit: id.to_string(),
    });
    let mut e = world.entity_mut(u.entity);
    e.insert(At(at));
    e.get_mut::<Unit>().expect("a unit").mf_spent = full;
    rolled(
        world,
        "climb",
        Some(id),
        r.rule,
        vec![c, w],
        format!("{}; {}: {}", r.reason, f.rule, f.reason),
    );
}
