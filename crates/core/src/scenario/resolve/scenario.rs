//! The whole scenario resolved: its map, caves, units, counters in play, script, victory
//! conditions and plans, in that order (Locations may name caves, the script units).

use std::collections::{HashMap, HashSet};

use super::super::definition::{
    CaveDef, ComplexDef, Night, Scenario, SmokeDef, TunnelDef, UnitDef,
};
use super::super::error::ScenarioError;
use super::super::raw::ScenarioFile;
use crate::counters::{Catalog, Lookup};
use crate::los::Location;
use crate::map::Map;
use crate::model::Side;

use super::ctx::{Ctx, LEVELS, counter_shape, location, unique_id};
use super::map::build_map;

pub(in crate::scenario) fn resolve(
    f: ScenarioFile,
    text: &str,
    file: &str,
) -> Result<Scenario, ScenarioError> {
    super::super::bounds::check(&f, text, file)?;
    let mut ctx = Ctx {
        text,
        file,
        seen: HashMap::new(),
    };
    if let Some(d) = &f.date
        && !(1..=12).contains(&d.month)
    {
        return Err(ctx.plain(format!("date.month {} is not a month (1..12)", d.month)));
    }
    if let Some(n) = &f.night
        && let Some(nvr) = n.base_nvr
        && !(0..=6).contains(&nvr)
    {
        return Err(ctx.plain(format!("night.base_nvr {nvr} is outside 0..6 (E1.1)")));
    }
    let map = build_map(&mut ctx, &f.map, f.pto)?;

    // Caves first: Locations may name them.
    let (cave_ids, caves, complexes) = resolve_caves(&mut ctx, &map, &f)?;

    let mut s = Scenario {
        file: file.to_string(),
        title: f.title.clone(),
        notes: f.notes.clone(),
        date: f
            .date
            .as_ref()
            .map(|d| (i32::from(d.year), u32::from(d.month))),
        night: f.night.as_ref().map(|n| Night {
            base_nvr: n.base_nvr,
            cloud: n.cloud,
            moon: n.moon,
            snow: n.snow,
            kindling: n.kindling,
        }),
        map,
        ob_caves: f.ob.caves,
        caves,
        complexes,
        tunnels: Vec::new(),
        units: Vec::new(),
        smoke: Vec::new(),
        blazes: Vec::new(),
        flames: Vec::new(),
        starshells: Vec::new(),
        illuminating_rounds: Vec::new(),
        trip_flares: Vec::new(),
        ob_trip_flares: f.ob.trip_flares,
        gunflashes: Vec::new(),
        script: Vec::new(),
        first_attacker: f.attacker.unwrap_or(Side::Allied),
        scenario_attacker: f.scenario_attacker.or(f.attacker).unwrap_or(Side::Allied),
        elr: f.elr,
        fingerprint: super::super::fingerprint(text),
        source: text.into(),
        seed: f.seed,
        turns: f.turns,
        victory: Vec::new(),
        plans: Vec::new(),
    };

    for t in &f.tunnels {
        let from = location(&mut ctx, &s, &t.from, "tunnel")?;
        let to = location(&mut ctx, &s, &t.to, "tunnel")?;
        s.tunnels.push(TunnelDef { from, to });
    }
    let unit_ids = resolve_units(&mut ctx, &mut s, &f)?;
    resolve_counters(&mut ctx, &mut s, &f)?;

    super::script::resolve_script(&mut ctx, &mut s, &f, &unit_ids, &cave_ids)?;
    s.victory = resolve_victory(&mut ctx, &s, &f)?;
    s.plans = resolve_plans(&mut ctx, &s, &f)?;
    Ok(s)
}

/// The counters in play at the start: SMOKE (none in a Cave Complex, G11.85), Blazes (1..4
/// levels), Flames, Starshells and IR, trip flares (G.8) and Gunflashes (a night rule, E1.8).
fn resolve_counters(
    ctx: &mut Ctx,
    s: &mut Scenario,
    f: &ScenarioFile,
) -> Result<(), ScenarioError> {
    for sm in &f.smoke {
        let at = location(ctx, s, &sm.at, "smoke")?;
        if matches!(at, Location::Complex(_)) {
            return Err(ctx.plain(format!(
                "smoke at {}: SMOKE cannot be placed in a Cave Complex (G11.85)",
                sm.at
            )));
        }
        s.smoke.push(SmokeDef { at, kind: sm.kind });
    }
    for b in &f.blazes {
        let h = ctx.hex(&s.map, &b.hex, "blaze")?;
        if !(1..=4).contains(&b.levels) {
            return Err(ctx.plain(format!(
                "blaze in {}: {} Blazing levels; a Blaze has 1 to 4",
                b.hex, b.levels
            )));
        }
        s.blazes.push((h, b.levels));
    }
    for (list, what) in [
        (&f.flames, "flame"),
        (&f.starshells, "starshell"),
        (&f.illuminating_rounds, "illuminating round"),
    ] {
        let mut hexes = Vec::new();
        for h in list {
            hexes.push(ctx.hex(&s.map, h, what)?);
        }
        match what {
            "flame" => s.flames = hexes,
            "starshell" => s.starshells = hexes,
            _ => s.illuminating_rounds = hexes,
        }
    }

    for t in &f.trip_flares {
        let h = ctx.hex(&s.map, &t.hex, "trip_flares")?;
        if !(1..=99).contains(&t.count) {
            return Err(ctx.plain(format!(
                "trip_flares in {}: count {} is outside 1..99 (G.8)",
                t.hex, t.count
            )));
        }
        if s.trip_flares.iter().any(|(x, _)| *x == h) {
            return Err(ctx.plain(format!(
                "trip_flares: {} is listed twice; give its count once (G.8)",
                t.hex
            )));
        }
        s.trip_flares.push((h, t.count));
    }
    for g in &f.gunflashes {
        let at = location(ctx, s, g, "gunflash")?;
        if matches!(at, Location::Complex(_)) {
            return Err(ctx.plain(format!(
                "gunflash at {g}: no LOS ever exists to a Cave Complex, so no Gunflash can \
                 mark one (G11.5, E1.8)"
            )));
        }
        if s.night.is_none() {
            return Err(ctx.plain(format!(
                "gunflash at {g}: Gunflashes are a night rule (E1.8); this scenario has no \
                 `night`"
            )));
        }
        s.gunflashes.push(at);
    }
    Ok(())
}

/// The units as set up: unique valid ids, counters of the catalog, a status that holds
/// together, a Location a unit can stand at (its hex's ground, a Depression's Crest, a
/// building's floors); caves' and Complexes' contents hidden (G11.3). Returns their ids.
fn resolve_units(
    ctx: &mut Ctx,
    s: &mut Scenario,
    f: &ScenarioFile,
) -> Result<HashSet<String>, ScenarioError> {
    let mut unit_ids = HashSet::new();
    for u in &f.units {
        unique_id(&mut *ctx, &mut unit_ids, &u.id, "unit")?;
        let nth = ctx.visit(&u.counter);
        if !counter_shape(&u.counter) {
            return Err(ctx.err_at(
                &u.counter,
                nth,
                format!(
                    "unit {}: '{}' is not a counter name (like \"4-4-7\" or \"9-1\")",
                    u.id, u.counter
                ),
            ));
        }
        let catalog = Catalog::get();
        if catalog.lookup(u.nationality, &u.counter) == Lookup::Unknown {
            return Err(ctx.err_at(
                &u.counter,
                nth,
                format!(
                    "unit {}: no {:?} counter '{}' in the counter catalog (assets/counters.ron); \
                     {}",
                    u.id,
                    u.nationality,
                    u.counter,
                    catalog.known_names(u.nationality)
                ),
            ));
        }
        let status = crate::model::UnitStatus {
            broken: u.broken,
            dm: u.dm,
            pinned: u.pinned,
            wounded: u.wounded,
            cx: u.cx,
            berserk: u.berserk,
        };
        let smc = catalog.lookup(u.nationality, &u.counter) == Lookup::Leader;
        if let Some((rule, why)) = status.contradiction(smc) {
            let nth = ctx.visit(&u.id);
            return Err(ctx.err_at(&u.id, nth, format!("unit {}: {why} ({rule})", u.id)));
        }
        // G1.1 / G1.4: a Japanese squad or SMC has no Broken side (their HS and crews do).
        if u.broken && u.nationality == crate::counters::Nationality::Japanese {
            let no_broken_side = match catalog.lookup(u.nationality, &u.counter) {
                Lookup::Leader => Some(("G1.4", "Japanese SMC have no Broken side")),
                Lookup::Mmc(c) if c.kind == crate::counters::Kind::Squad => {
                    Some(("G1.1", "a Japanese squad has no Broken side"))
                }
                _ => None,
            };
            if let Some((rule, why)) = no_broken_side {
                let nth = ctx.visit(&u.id);
                return Err(ctx.err_at(
                    &u.id,
                    nth,
                    format!("unit {}: {why}: it cannot set up broken ({rule})", u.id),
                ));
            }
        }
        let at = location(&mut *ctx, &*s, &u.at, &format!("unit {}", u.id))?;
        // A unit stands at a level its hex has (a viewer above open ground is for `los`).
        if let Location::Level(h, l) = &at
            && let Some(levels) = s.map.unit_levels(*h)
            && !levels.contains(l)
        {
            // The occurrence `location` just pointed at.
            let nth = ctx
                .seen
                .get(u.at.as_str())
                .map_or(0, |n| n.saturating_sub(1));
            return Err(ctx.err_at(
                &u.at,
                nth,
                format!(
                    "unit {} at {}: {} has no Level {l} a unit can stand at (its Locations \
                     are at Levels {}..{}: its ground, a Depression's Crest, a building's \
                     floors)",
                    u.id,
                    u.at,
                    s.map.name(*h),
                    levels.start(),
                    levels.end()
                ),
            ));
        }
        // G11.3: the contents of caves and Cave Complexes always set up hidden, whether or not
        // the file says `hidden`.
        let hidden = u.hidden || matches!(at, Location::Cave(_) | Location::Complex(_));
        s.units.push(UnitDef {
            id: u.id.clone(),
            nationality: u.nationality,
            counter: u.counter.clone(),
            at,
            hidden,
            concealed: u.concealed,
            cloaked: u.cloaked,
            dc: u.dc,
            status,
        });
    }
    cloaking_allotment(ctx, s)?;
    Ok(unit_ids)
}

/// E1.411: "He is allotted one Cloaking counter for each squad (or its equivalent) in his
/// starting OB": the Locations holding a side's Cloaked units (one Cloaking counter each, E1.41)
/// may not outnumber its squads, two HS or crews counting as one (FRD).
fn cloaking_allotment(ctx: &mut Ctx, s: &Scenario) -> Result<(), ScenarioError> {
    for side in [crate::model::Side::Allied, crate::model::Side::Japanese] {
        let ours = || {
            s.units
                .iter()
                .filter(move |u| crate::model::Side::of(u.nationality) == side)
        };
        let mut counters: Vec<&Location> = Vec::new();
        for u in ours().filter(|u| u.cloaked) {
            if !counters.contains(&&u.at) {
                counters.push(&u.at);
            }
        }
        if counters.is_empty() {
            continue;
        }
        let allotted = crate::rules::orders::cloaking::cloaking_allotment(
            ours().map(|u| (u.nationality, u.counter.as_str())),
        ) as usize;
        if counters.len() > allotted {
            return Err(ctx.plain(format!(
                "the {side:?} side's Cloaked units stand in {} Locations, one Cloaking counter \
                 each (E1.41), but its {allotted} squad{} (two HS or crews counting as one) \
                 allot only {allotted} (E1.411): stack them, or Cloak fewer",
                counters.len(),
                if allotted == 1 { "" } else { "s" }
            )));
        }
    }
    Ok(())
}

/// The caves (G11.1: ids unique and valid, each on its hex with its CA Hexside) and the Cave
/// Complexes (G11.2: each named by one of the caves, once). Returns the cave ids too.
#[allow(clippy::type_complexity)]
fn resolve_caves(
    ctx: &mut Ctx,
    map: &Map,
    f: &ScenarioFile,
) -> Result<(HashSet<String>, Vec<CaveDef>, Vec<ComplexDef>), ScenarioError> {
    let mut cave_ids = HashSet::new();
    let mut caves = Vec::new();
    for c in &f.caves {
        unique_id(&mut *ctx, &mut cave_ids, &c.id, "cave")?;
        let hex = ctx.hex(map, &c.hex, &format!("cave {}", c.id))?;
        let ca = ctx.hexside(map, &c.ca, &format!("cave {} CA Hexside", c.id))?;
        if !ca.touches(hex) {
            let nth = ctx.seen[&c.ca] - 1;
            return Err(ctx.err_at(
                &c.ca,
                nth,
                format!(
                    "cave {}: its CA Hexside {} is not a hexside of its hex {} (G11.12)",
                    c.id, c.ca, c.hex
                ),
            ));
        }
        if let Some(l) = c.level
            && !LEVELS.contains(&l)
        {
            return Err(ctx.plain(format!("cave {}: level {l} is outside Levels -9..20", c.id)));
        }
        caves.push(CaveDef {
            id: c.id.clone(),
            hex,
            ca,
            level: c.level,
            primary: c.primary,
        });
    }
    let mut complexes = Vec::new();
    let mut complex_ids = HashSet::new();
    for cx in &f.complexes {
        let nth = ctx.visit(&cx.primary);
        if !cave_ids.contains(&cx.primary) {
            return Err(ctx.err_at(
                &cx.primary,
                nth,
                format!(
                    "Cave Complex: its Primary cave '{}' is not one of the scenario's caves",
                    cx.primary
                ),
            ));
        }
        if !complex_ids.insert(cx.primary.clone()) {
            return Err(ctx.err_at(
                &cx.primary,
                nth,
                format!("two Cave Complexes name Primary cave '{}'", cx.primary),
            ));
        }
        let mut hexes = Vec::new();
        for h in &cx.hexes {
            hexes.push(ctx.hex(map, h, &format!("Cave Complex {}", cx.primary))?);
        }
        complexes.push(ComplexDef {
            primary: cx.primary.clone(),
            hexes,
        });
    }
    Ok((cave_ids, caves, complexes))
}

/// The plans for the sides: one per side at most, each objective a Location of the scenario.
fn resolve_plans(
    ctx: &mut Ctx,
    s: &Scenario,
    f: &ScenarioFile,
) -> Result<Vec<crate::state::SidePlan>, ScenarioError> {
    let mut out: Vec<crate::state::SidePlan> = Vec::new();
    for p in &f.plans {
        if out.iter().any(|o| o.side == p.side) {
            return Err(ctx.plain(format!(
                "plans: two plans for the {:?} side (one plan a side)",
                p.side
            )));
        }
        let mut objectives = Vec::new();
        for l in &p.objectives {
            objectives.push(location(ctx, s, l, "plan objective")?);
        }
        out.push(crate::state::SidePlan {
            side: p.side,
            stance: p.stance,
            objectives,
        });
    }
    Ok(out)
}

/// The victory conditions (A26): each Location the scenario's, Casualty VP in range, and
/// `Otherwise` only last.
fn resolve_victory(
    ctx: &mut Ctx,
    s: &Scenario,
    f: &ScenarioFile,
) -> Result<Vec<crate::rules::victory::VictoryCondition>, ScenarioError> {
    use super::super::raw::VictorySpec;
    use crate::rules::victory::VictoryCondition;
    let mut out = Vec::new();
    for (i, v) in f.victory.iter().enumerate() {
        if !out.is_empty() && matches!(out.last(), Some(VictoryCondition::Otherwise { .. })) {
            return Err(ctx.plain(format!(
                "victory condition {}: no condition can follow Otherwise (it always holds)",
                i + 1
            )));
        }
        out.push(match v {
            VictorySpec::Control(side, locations) => {
                if locations.is_empty() {
                    return Err(ctx.err_at_victory(
                        i,
                        format!(
                            "victory condition {}: Control names no Location (A26)",
                            i + 1
                        ),
                    ));
                }
                let mut ls = Vec::new();
                for l in locations {
                    let at = location(ctx, s, l, "victory Control").map_err(|mut e| {
                        // A Location written with escapes is not found as written: the
                        // condition is pointed at instead.
                        if e.at.is_none() {
                            e.at = ctx.err_at_victory(i, String::new()).at;
                        }
                        e
                    })?;
                    if matches!(at, Location::Complex(_)) {
                        return Err(ctx.plain(format!(
                            "victory Control: {l}: a Cave Complex is not Controlled as such; \
                             name its caves (G11.94)"
                        )));
                    }
                    ls.push(at);
                }
                VictoryCondition::Control {
                    side: *side,
                    locations: ls,
                }
            }
            VictorySpec::CasualtyVp(side, n) => {
                if *n == 0 || *n > 999 {
                    return Err(ctx.plain(format!(
                        "victory condition {}: CasualtyVp {n} is outside 1..999 (A26.2)",
                        i + 1
                    )));
                }
                VictoryCondition::CasualtyVp {
                    side: *side,
                    at_least: *n,
                }
            }
            VictorySpec::Otherwise(side) => VictoryCondition::Otherwise { side: *side },
        });
    }
    Ok(out)
}
