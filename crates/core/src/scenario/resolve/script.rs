//! The walkthrough script resolved (scenario-format.md "Walkthrough script"): each step's
//! action read into the core's `Order`, every unit (or one the rules create from it in play),
//! cave, hex, vertex, level and Location checked; a `Setup` step refused at its text.

use std::collections::HashSet;

use super::super::definition::{Scenario, Step};
use super::super::error::ScenarioError;
use super::super::raw::{ActionSpec, ScenarioFile};
use super::ctx::{Ctx, LEVELS, location};
use crate::model::Phase;
use crate::rules::orders::{CaveId, Order, UnitId};

/// Reads `f`'s script into `s.script`.
pub(super) fn resolve_script(
    ctx: &mut Ctx,
    s: &mut Scenario,
    f: &ScenarioFile,
    unit_ids: &HashSet<String>,
    cave_ids: &HashSet<String>,
) -> Result<(), ScenarioError> {
    let known = Known {
        units: unit_ids,
        caves: cave_ids,
    };
    for step in &f.script {
        let act = match &step.act {
            None => None,
            Some(a) => Some(order_of(ctx, s, &known, a)?),
        };
        if step.phase == Some(Phase::Setup) {
            // The word `Setup` in the script's code (not in a comment or a narration), as the
            // file spells it (no quotes to look for); this is the first Setup step.
            let at = super::super::bounds::locate_word_after(ctx.text, "Setup", 0, Some("script:"));
            return Err(ScenarioError {
                file: ctx.file.to_string(),
                at,
                message: format!(
                    "script step {}: 'Setup' is not a phase of the Player Turn; name one of the \
                     eight (A3): Rally (RPh) ... CloseCombat (CCPh)",
                    s.script.len() + 1
                ),
            });
        }
        s.script.push(Step {
            say: step.say.clone(),
            phase: step.phase,
            act,
            opponent: step.opponent,
        });
    }
    Ok(())
}

/// The units and caves a script may name.
struct Known<'a> {
    units: &'a HashSet<String>,
    caves: &'a HashSet<String>,
}

/// A unit a script names: one of the scenario's, or one the rules create from it during play
/// (`us1.2`, `jp1.hero`: `model::derived_unit_id`, `model::hero_unit_id`).
fn unit(ctx: &mut Ctx, known: &Known, id: &str) -> Result<UnitId, ScenarioError> {
    let nth = ctx.visit(id);
    let mut base = id;
    while !known.units.contains(base) {
        match crate::model::parent_unit_id(base) {
            Some(p) => base = p,
            None => {
                return Err(ctx.err_at(
                    id,
                    nth,
                    format!(
                        "script: there is no unit '{id}' (nor is it a unit created in play from \
                         one: <unit>.2 ... <unit>.9, <unit>.hero)"
                    ),
                ));
            }
        }
    }
    Ok(UnitId::from(id))
}

/// A cave a script names.
fn cave(ctx: &mut Ctx, known: &Known, id: &str) -> Result<CaveId, ScenarioError> {
    let nth = ctx.visit(id);
    if known.caves.contains(id) {
        Ok(CaveId::from(id))
    } else {
        Err(ctx.err_at(id, nth, format!("script: there is no cave '{id}'")))
    }
}

/// A step's action read into the core's `Order`, every id, hex, vertex, level and Location
/// checked.
fn order_of(
    ctx: &mut Ctx,
    s: &Scenario,
    known: &Known,
    a: &ActionSpec,
) -> Result<Order, ScenarioError> {
    Ok(match a {
        ActionSpec::Move(u, to) => Order::Move {
            unit: unit(ctx, known, u)?,
            to: location(ctx, s, to, "script Move")?,
        },
        ActionSpec::AssaultMove(u, to) => Order::AssaultMove {
            unit: unit(ctx, known, u)?,
            to: location(ctx, s, to, "script AssaultMove")?,
        },
        ActionSpec::Climb(u, level, v) => climb_order(ctx, s, known, u, None, *level, v)?,
        ActionSpec::ClimbToPlaceDc(u, c, level, v) => {
            climb_order(ctx, s, known, u, Some(c), *level, v)?
        }
        ActionSpec::EnterCave(u, c) => Order::EnterCave {
            unit: unit(ctx, known, u)?,
            cave: cave(ctx, known, c)?,
        },
        ActionSpec::ExitCave(u, to) => Order::ExitCave {
            unit: unit(ctx, known, u)?,
            to: location(ctx, s, to, "script ExitCave")?,
        },
        ActionSpec::ThrowDc(u, c) => Order::ThrowDc {
            unit: unit(ctx, known, u)?,
            cave: cave(ctx, known, c)?,
        },
        ActionSpec::PlaceDc(u, c) => Order::PlaceDc {
            unit: unit(ctx, known, u)?,
            cave: cave(ctx, known, c)?,
        },
        ActionSpec::PlaceDcAt(u, at) => Order::PlaceDcAt {
            unit: unit(ctx, known, u)?,
            at: location(ctx, s, at, "script PlaceDcAt")?,
        },
        ActionSpec::SetDc(u, c) => Order::SetDc {
            unit: unit(ctx, known, u)?,
            cave: cave(ctx, known, c)?,
        },
        ActionSpec::PlaceSmoke(u, at) => Order::PlaceSmoke {
            unit: unit(ctx, known, u)?,
            at: location(ctx, s, at, "script PlaceSmoke")?,
        },
        ActionSpec::FireStarshell(u, h) => Order::FireStarshell {
            unit: unit(ctx, known, u)?,
            at: ctx.hex(&s.map, h, "script FireStarshell")?,
        },
        ActionSpec::FireIr(h) => Order::FireIr {
            at: ctx.hex(&s.map, h, "script FireIr")?,
        },
        ActionSpec::Kindle(h) => Order::Kindle {
            at: ctx.hex(&s.map, h, "script Kindle")?,
        },
        ActionSpec::MoraleCheck(u, drm) => Order::MoraleCheck {
            unit: unit(ctx, known, u)?,
            drm: *drm,
        },
        ActionSpec::Rally(u) => Order::Rally {
            unit: unit(ctx, known, u)?,
        },
        ActionSpec::CloseCombat(at, attackers, targets) => Order::CloseCombat {
            at: location(ctx, s, at, "script CloseCombat")?,
            attackers: attackers
                .iter()
                .map(|u| unit(ctx, known, u))
                .collect::<Result<_, _>>()?,
            targets: targets
                .iter()
                .map(|u| unit(ctx, known, u))
                .collect::<Result<_, _>>()?,
        },
        ActionSpec::Banzai(units, _) if units.is_empty() => {
            return Err(ctx.plain(
                "script Banzai: name at least one unit, e.g. Banzai([\"jp1\", \"jpL\"], \"T4\") \
                 (G1.5)"
                    .into(),
            ));
        }
        ActionSpec::Banzai(units, at) => Order::Banzai {
            units: units
                .iter()
                .map(|u| unit(ctx, known, u))
                .collect::<Result<_, _>>()?,
            to: location(ctx, s, at, "script Banzai")?,
        },
        ActionSpec::Rout(u, to) => Order::Rout {
            unit: unit(ctx, known, u)?,
            to: location(ctx, s, to, "script Rout")?,
        },
        ActionSpec::Search(u, h) => Order::Search {
            unit: unit(ctx, known, u)?,
            hex: ctx.hex(&s.map, h, "script Search")?,
        },
        ActionSpec::NextPlayerTurn => Order::NextPlayerTurn,
        ActionSpec::CreateHero(u, t) => Order::CreateHero {
            unit: unit(ctx, known, u)?,
            target: unit(ctx, known, t)?,
        },
        ActionSpec::DetonateDc(u) => Order::DetonateDc {
            unit: unit(ctx, known, u)?,
        },
        ActionSpec::PlaceWp(u, at) => Order::PlaceWp {
            unit: unit(ctx, known, u)?,
            at: location(ctx, s, at, "script PlaceWp")?,
        },
        ActionSpec::Los(a, b) => Order::Los {
            from: location(ctx, s, a, "script Los")?,
            to: location(ctx, s, b, "script Los")?,
        },
        ActionSpec::Light(at) => Order::Light {
            at: location(ctx, s, at, "script Light")?,
        },
        ActionSpec::Control(c) => Order::Control {
            cave: cave(ctx, known, c)?,
        },
        ActionSpec::Fire(us, at) => fire_order(ctx, s, known, us, at)?,
    })
}

/// `Climb(unit, level, vertex)` (B11.4), or with a cave `ClimbToPlaceDc(unit, cave, level,
/// vertex)` (G11.8331): the level within Levels -9..20, the vertex the map's.
fn climb_order(
    ctx: &mut Ctx,
    s: &Scenario,
    known: &Known,
    u: &str,
    c: Option<&String>,
    level: i32,
    v: &str,
) -> Result<Order, ScenarioError> {
    let what = if c.is_some() {
        "script ClimbToPlaceDc"
    } else {
        "script Climb"
    };
    let u = unit(ctx, known, u)?;
    let c = c.map(|c| cave(ctx, known, c)).transpose()?;
    if !LEVELS.contains(&level) {
        return Err(ctx.plain(format!("{what}: level {level} is outside Levels -9..20")));
    }
    let vertex = ctx.vertex(&s.map, v, what)?;
    Ok(match c {
        Some(cave) => Order::ClimbToPlaceDc {
            unit: u,
            cave,
            level,
            vertex,
        },
        None => Order::Climb {
            unit: u,
            level,
            vertex,
        },
    })
}

/// `Fire(units, at)`: at least one unit, none twice (A7).
fn fire_order(
    ctx: &mut Ctx,
    s: &Scenario,
    known: &Known,
    us: &[String],
    at: &str,
) -> Result<Order, ScenarioError> {
    if us.is_empty() {
        return Err(ctx.plain(
            "script Fire: name at least one unit, e.g. Fire([\"us1\"], \"T4\") \
             (A7)"
                .into(),
        ));
    }
    let mut ids: Vec<UnitId> = Vec::new();
    for u in us {
        let id = unit(ctx, known, u)?;
        if ids.contains(&id) {
            return Err(ctx.plain(format!("script Fire: unit '{u}' is named twice (A7)")));
        }
        ids.push(id);
    }
    Ok(Order::Fire {
        units: ids,
        at: location(ctx, s, at, "script Fire")?,
    })
}
