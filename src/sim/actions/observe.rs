//! Script steps that look without acting: `Los(from, to)` (A6, G11.5, G11.85, E1.1/E1.101),
//! `Light(at)` (E1.9-E1.941, G11.96) and `Control(cave)` (G11.94). Each reports what the rules
//! say about the situation as it stands, so a walkthrough can show the effect of what came
//! before (SMOKE in a cave, a Starshell, a cleared cave); none changes the world or rolls.

use bevy::prelude::*;

use super::{Ctx, mmc};
use crate::los::{Location, LosResult};
use crate::rules::caves::attack::{allied_control, cave_illuminated, complex_illuminated};
use crate::rules::caves::sight::cave_los;
use crate::rules::night::visibility::nvr_limits;
use crate::scenario::{Nationality, Side};
use crate::sim::components::*;
use crate::sim::live::location_lit;
use crate::sim::log::ruled;

/// How a hex stands in the light now: Illuminated (with the rule of what lights it), in a
/// Blaze's zone but shadowed (E1.941), or dark.
enum HexLight {
    Lit(&'static str),
    Shadowed,
    Dark,
}

fn hex_light(world: &mut World, hex: crate::hex::Hex) -> HexLight {
    let mut q = world.query::<(&HexCell, Option<&Illuminated>, Has<Shadowed>)>();
    let Some((_, lit, shadowed)) = q.iter(world).find(|(c, _, _)| c.0 == hex) else {
        return HexLight::Dark;
    };
    match (lit, shadowed) {
        (Some(i), _) => HexLight::Lit(i.rule),
        (None, true) => HexLight::Shadowed,
        (None, false) => HexLight::Dark,
    }
}

fn describe(l: &HexLight) -> String {
    match l {
        HexLight::Lit(rule) => format!("Illuminated ({rule})"),
        HexLight::Shadowed => "in a Blaze's zone but shadowed (E1.941)".into(),
        HexLight::Dark => "dark".into(),
    }
}

/// Script `Los(from, to)`: the LOS as the situation stands: SMOKE on the map and in caves
/// (G11.85: outgoing SMOKE in a cave counts double), Blazes, and at night the NVR, with an
/// Illuminated target seen beyond it (E1.101).
pub(super) fn los(world: &mut World, from: &Location, to: &Location) {
    let ctx = Ctx::read(world);
    let map = &ctx.board.scenario.map;
    let lit = location_lit(world, to);
    let env = ctx.live.env(&ctx.board);
    let env = if nvr_limits(lit, false) {
        env
    } else {
        env.with_nvr(None)
    };
    let caves = ctx.live.caves(&ctx.board);
    let underground = |l: &Location| matches!(l, Location::Cave(_) | Location::Complex(_));
    let r = if underground(from) || underground(to) {
        cave_los(&env, &caves, from, to)
    } else {
        env.check(from, to)
    };
    let (fa, fb) = (from.display(map).to_string(), to.display(map).to_string());
    let r: LosResult = match r {
        Ok(r) => r,
        Err(e) => {
            super::refuse(world, None, "A6", format!("LOS {fa} -> {fb}: {e}"));
            return;
        }
    };
    let beyond_nvr = ctx
        .live
        .nvr
        .is_some_and(|n| r.sight.range > n.max(0) as u32);
    let (rule, reason) = if lit && beyond_nvr && r.clear() {
        (
            r.rule.unwrap_or("E1.101"),
            format!(
                "{fb} is Illuminated, so it is seen beyond the NVR of {} (E1.101); {}",
                ctx.live.nvr.unwrap_or(0),
                r.reason
            ),
        )
    } else {
        (r.rule.unwrap_or("A6"), r.reason.clone())
    };
    ruled(
        world,
        "los",
        None,
        rule,
        format!(
            "LOS {fa} -> {fb}: {}, range {}, hindrance +{}: {reason}",
            if r.clear() { "clear" } else { "BLOCKED" },
            r.sight.range,
            r.sight.hindrance
        ),
    );
}

/// Script `Light(at)`: is this Location Illuminated now, and by what (E1.9-E1.942)? A cave is
/// Illuminated only if its hex and its Entrance Hex are (G11.96); a Cave Complex never is.
pub(super) fn light(world: &mut World, at: &Location) {
    let ctx = Ctx::read(world);
    let map = &ctx.board.scenario.map;
    let name = at.display(map).to_string();
    if !ctx.night {
        ruled(
            world,
            "light",
            None,
            "E1.9",
            format!("{name}: daylight; Illumination (E1.9) matters only at night"),
        );
        return;
    }
    let (rule, text) = match at {
        Location::Complex(_) => {
            let c = complex_illuminated();
            (c.rule, format!("{name}: dark: {}", c.reason))
        }
        Location::Cave(id) => {
            let Some(cave) = ctx.board.caves.cave(id).cloned() else {
                return;
            };
            let own = hex_light(world, cave.hex);
            let entrance = hex_light(world, cave.entrance);
            let c = cave_illuminated(
                matches!(own, HexLight::Lit(_)),
                matches!(entrance, HexLight::Lit(_)),
            );
            let hexes = if cave.hex == cave.entrance {
                format!("its hex {} is {}", map.name(cave.hex), describe(&own))
            } else {
                format!(
                    "its hex {} is {}, its Entrance Hex {} is {}",
                    map.name(cave.hex),
                    describe(&own),
                    map.name(cave.entrance),
                    describe(&entrance)
                )
            };
            (
                c.rule,
                format!(
                    "cave {id}: {}: {hexes}; {}",
                    if c.holds { "Illuminated" } else { "dark" },
                    c.reason
                ),
            )
        }
        other => {
            let Some(h) = other.hex() else { return };
            let l = hex_light(world, h);
            let rule = match l {
                HexLight::Lit(rule) => rule,
                HexLight::Shadowed => "E1.941",
                HexLight::Dark => "E1.9",
            };
            (
                rule,
                format!(
                    "{name}: {}{}",
                    describe(&l),
                    match l {
                        HexLight::Shadowed => {
                            ": a terrain obstacle blocks the Blaze's light, as if the Blaze were a \
                             viewer whose LOS it blocks"
                        }
                        HexLight::Dark => ": no Starshell, IR or fire lights it",
                        HexLight::Lit(_) => "",
                    }
                ),
            )
        }
    };
    ruled(world, "light", None, rule, text);
}

/// Script `Control(cave)`: G11.94: an unhidden cave not occupied by a Good Order Japanese MMC
/// is Controlled by any Good Order Allied Infantry MMC ADJACENT (G11.6) to it.
pub(super) fn control(world: &mut World, id: &str) {
    let ctx = Ctx::read(world);
    let map = &ctx.board.scenario.map;
    let on_map = {
        let mut q = world.query::<&CaveCounter>();
        q.iter(world).any(|c| c.id == id)
    };
    let Some(cave) = ctx.board.caves.cave(id).cloned() else {
        return;
    };
    if !on_map {
        ruled(
            world,
            "control",
            None,
            "G11.88",
            format!("cave {id} has been eliminated"),
        );
        return;
    }
    let hidden = ctx.live.hidden_caves.iter().any(|c| c == id);
    let japanese = ctx
        .live
        .units_at(&Location::Cave(id.into()))
        .iter()
        .any(|o| {
            o.unit.nationality == Nationality::Japanese
                && o.unit.good_order()
                && mmc(&o.unit).is_some()
        });
    let adjacent: Vec<String> = ctx
        .live
        .units
        .iter()
        .filter(|o| o.unit.side() == Side::Allied && o.unit.good_order() && mmc(&o.unit).is_some())
        .filter(|o| {
            let vertex = match &o.at {
                Location::Climbing { vertex, .. } => Some(*vertex),
                _ => None,
            };
            match (o.at.hex(), o.at.level(map)) {
                (Some(h), Some(level)) => ctx.board.caves.adjacent(map, id, h, level, vertex),
                _ => false,
            }
        })
        .map(|o| o.unit.id.clone())
        .collect();
    let c = allied_control(hidden, japanese, !adjacent.is_empty());
    let who = if c.holds {
        format!(
            " ({} ADJACENT in {})",
            adjacent.join(", "),
            map.name(cave.entrance)
        )
    } else {
        String::new()
    };
    ruled(
        world,
        "control",
        None,
        c.rule,
        format!("cave {id}: {}{who}", c.reason),
    );
}
