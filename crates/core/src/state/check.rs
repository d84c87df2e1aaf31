//! The invariants of a game state on its setting (issue 24): what every state play can reach
//! keeps, so a state from outside (a save) is held to them before anything of it is used.
//! Every unit is one of the OB's (or one play derives from it: `<id>.2`, `<id>.hero`), once,
//! of its nationality, with a counter of the catalog and its numbers in range; every Location
//! is one of the map's (a cave or Cave Complex of the scenario); every cave, Cave Complex and
//! tunnel opening is the scenario's, once; Climb counters are under units in play; SMOKE, light
//! sources, trip flares and Gunflashes lie where they can (a Starshell may lie off the map,
//! E1.923) with their numbers in range. Each failure names where it is (`Spot`).

use std::collections::HashSet;

use super::game_state::{GameState, Setting};
use crate::counters::{Catalog, Lookup, Nationality};
use crate::hex::Hex;
use crate::los::Location;
use crate::model::parent_unit_id;
use crate::rules::caves::TunnelEnd;
use crate::rules::night::nvr::{MAX_NVR, MIN_NVR};

/// The most MF a unit can have spent in one phase (a T-H Hero has 8; a minimum move may cost
/// more than a unit has, A4.134).
pub const MAX_MF_SPENT: f32 = 32.0;

/// How far off the map a Starshell or Illuminating Round may lie (E1.923), in hexes.
pub const OFF_MAP_HEXES: i32 = 50;

/// Where a failure is, for a reader of the state's text to find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The `nth` (0-based) string literal `"text"` (a unit's id, a cave's).
    Quoted(String, usize),
    /// The `nth` (0-based) field `name:`.
    Field(&'static str, usize),
}

/// Why a state cannot be played on its setting.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StateError {
    pub spot: Option<Spot>,
    pub message: String,
}

fn quoted(text: &str, nth: usize, message: String) -> StateError {
    StateError {
        spot: Some(Spot::Quoted(text.to_string(), nth)),
        message,
    }
}

fn field(name: &'static str, message: String) -> StateError {
    StateError {
        spot: Some(Spot::Field(name, 0)),
        message,
    }
}

/// Checks `state` on `setting`: `ob` is the scenario's units (id and nationality), `night`
/// whether it is played at night (E1.1).
pub fn check(
    state: &GameState,
    setting: &Setting,
    ob: &[(String, Nationality)],
    night: bool,
) -> Result<(), StateError> {
    check_night_and_tallies(state, ob, night)?;
    // A11.7: a Location in Melee is one of the setting's.
    for l in &state.tallies.melee {
        if let Some(p) = location_problem(setting, l) {
            return Err(field("melee", format!("tallies.melee: {p} (A11.7)")));
        }
    }
    let ids = check_units(state, setting, ob)?;
    check_caves(state, setting)?;
    check_counters(state, setting, &ids)
}

fn check_night_and_tallies(
    state: &GameState,
    ob: &[(String, Nationality)],
    night: bool,
) -> Result<(), StateError> {
    match (state.night.nvr, night) {
        (Some(n), true) if !(MIN_NVR..=MAX_NVR).contains(&n) => {
            return Err(field(
                "nvr",
                format!("night.nvr {n} is outside {MIN_NVR}..{MAX_NVR} (E1.1)"),
            ));
        }
        (Some(_), true) | (None, false) => {}
        (Some(_), false) => {
            return Err(field(
                "nvr",
                "night.nvr is given but the scenario is played by day".into(),
            ));
        }
        (None, true) => {
            return Err(field(
                "nvr",
                "night.nvr is None but the scenario is played at night (E1.1)".into(),
            ));
        }
    }
    let units_in_ob = u32::try_from(ob.len()).unwrap_or(u32::MAX);
    if state.tallies.heroes_created > units_in_ob {
        return Err(field(
            "heroes_created",
            format!(
                "tallies.heroes_created {} is more than the scenario's {units_in_ob} units could \
                 create (G1.421)",
                state.tallies.heroes_created
            ),
        ));
    }
    Ok(())
}

/// The OB unit a unit id descends from: the id itself, or the id with the suffixes play adds.
fn base_unit<'a>(ob: &'a [(String, Nationality)], id: &str) -> Option<&'a (String, Nationality)> {
    let mut rest = id;
    loop {
        if let Some(u) = ob.iter().find(|u| u.0 == rest) {
            return Some(u);
        }
        rest = parent_unit_id(rest)?;
    }
}

/// A hex near enough the map for hex arithmetic (no sum can overflow).
fn bounded(h: Hex) -> bool {
    h.q.abs() <= 10_000 && h.r.abs() <= 10_000
}

/// Why `l` is not a Location of the setting (its text as the map names it), if it is not: a
/// cave or Cave Complex of the scenario, or a Location that reads back as itself.
pub fn location_problem(setting: &Setting, l: &Location) -> Option<String> {
    let map = setting.map;
    match l {
        Location::Cave(id) => (!setting.caves.caves.iter().any(|c| &c.id == id))
            .then(|| format!("there is no cave '{id}' in this scenario")),
        Location::Complex(id) => (!setting.caves.complexes.iter().any(|c| &c.primary == id))
            .then(|| format!("there is no Cave Complex with Primary cave '{id}'")),
        _ => {
            let h = l.hex()?;
            if !bounded(h) || !map.contains(h) {
                return Some(format!("hex ({}, {}) is off the map", h.q, h.r));
            }
            // A Climbing vertex's or a Crest hexside's hexes are named too: each near the map.
            let parts: Vec<Hex> = match l {
                Location::Climbing { vertex, .. } => vertex.hexes.to_vec(),
                Location::Crest { side, .. } => vec![side.a, side.b],
                _ => Vec::new(),
            };
            if let Some(p) = parts.iter().find(|p| !bounded(**p)) {
                return Some(format!("hex ({}, {}) is far off the map", p.q, p.r));
            }
            let text = l.display(map).to_string();
            match Location::parse(&text, map) {
                Ok(back) if back == *l => None,
                Ok(_) => Some(format!("'{text}' is not a Location of the map")),
                Err(e) => Some(e.to_string()),
            }
        }
    }
}

fn counter_ok(nationality: Nationality, counter: &str) -> bool {
    match Catalog::get().lookup(nationality, counter) {
        Lookup::Mmc(_) | Lookup::Leader => true,
        Lookup::Unknown => false,
    }
}

/// Every unit: an id of the OB's (or one derived from it in play), once, its nationality and
/// counter, its numbers in range, its Location the map's. Returns the ids.
fn check_units<'a>(
    state: &'a GameState,
    setting: &Setting,
    ob: &[(String, Nationality)],
) -> Result<HashSet<&'a str>, StateError> {
    let turn = state.turn.number;
    let mut ids = HashSet::new();
    for u in &state.units {
        let unit = &u.unit;
        let id = unit.id.as_str();
        if !ids.insert(id) {
            return Err(quoted(id, 1, format!("unit '{id}' is saved twice")));
        }
        let Some((_, nationality)) = base_unit(ob, id) else {
            return Err(quoted(
                id,
                0,
                format!("unit '{id}' is not a unit of the scenario"),
            ));
        };
        if unit.nationality != *nationality {
            return Err(quoted(
                id,
                0,
                format!(
                    "unit '{id}' is {:?} in the save but {nationality:?} in the scenario",
                    unit.nationality
                ),
            ));
        }
        match &unit.hero {
            Some(h) => {
                if unit.counter != "T-H Hero" || !id.ends_with(".hero") {
                    return Err(quoted(
                        id,
                        0,
                        format!("unit '{id}': only a T-H Hero ('<unit>.hero') has a hero's state"),
                    ));
                }
                if base_unit(ob, &h.target).is_none() {
                    return Err(quoted(
                        &h.target,
                        0,
                        format!(
                            "unit '{id}': its Designated Target '{}' is not a unit of the scenario",
                            h.target
                        ),
                    ));
                }
                if !(1..=turn).contains(&h.created_in) {
                    return Err(quoted(
                        id,
                        0,
                        format!(
                            "unit '{id}': created in Player Turn {}, not 1..{turn}",
                            h.created_in
                        ),
                    ));
                }
            }
            None if !counter_ok(unit.nationality, &unit.counter) => {
                return Err(quoted(
                    &unit.counter,
                    0,
                    format!(
                        "unit '{id}': no {:?} counter '{}' in the counter catalog; {}",
                        unit.nationality,
                        unit.counter,
                        Catalog::get().known_names(unit.nationality)
                    ),
                ));
            }
            None => {}
        }
        if !(unit.mf_spent.is_finite() && (0.0..=MAX_MF_SPENT).contains(&unit.mf_spent)) {
            return Err(quoted(
                id,
                0,
                format!(
                    "unit '{id}': mf_spent {} is outside 0..{MAX_MF_SPENT} MF",
                    unit.mf_spent
                ),
            ));
        }
        if let Some(p) = location_problem(setting, &u.at) {
            return Err(quoted(id, 0, format!("unit '{id}': {p}")));
        }
        if let Some(t) = &unit.banzai {
            if let Some(p) = location_problem(setting, t) {
                return Err(quoted(
                    id,
                    0,
                    format!("unit '{id}': its Banzai Charge's target: {p}"),
                ));
            }
            if unit.nationality != Nationality::Japanese {
                return Err(quoted(
                    id,
                    0,
                    format!("unit '{id}': only Japanese units make a Banzai Charge (G1.5)"),
                ));
            }
        }
        if unit.berserk && unit.broken {
            return Err(quoted(
                id,
                0,
                format!("unit '{id}': a berserk unit does not break (A15)"),
            ));
        }
    }
    Ok(ids)
}

/// Each id of `list` is known (`known`) and listed once; `what` names the list and its items.
fn known_once(list: &[String], known: impl Fn(&str) -> bool, what: &str) -> Result<(), StateError> {
    let mut seen = HashSet::new();
    for id in list {
        if !known(id) {
            return Err(quoted(
                id,
                0,
                format!("{what} '{id}' is not one of the scenario's"),
            ));
        }
        if !seen.insert(id) {
            return Err(quoted(id, 1, format!("{what} '{id}' is saved twice")));
        }
    }
    Ok(())
}

/// The caves hidden, eliminated and Controlled, the hidden Cave Complexes and the revealed
/// tunnel openings: each the scenario's, once; an eliminated cave is neither hidden nor
/// Controlled.
fn check_caves(state: &GameState, setting: &Setting) -> Result<(), StateError> {
    let caves = setting.caves;
    let cave = |id: &str| caves.caves.iter().any(|c| c.id == id);
    known_once(&state.hidden_caves, cave, "cave")?;
    known_once(&state.eliminated_caves, cave, "cave")?;
    known_once(&state.allied_controlled, cave, "cave")?;
    for id in state.hidden_caves.iter().chain(&state.allied_controlled) {
        if state.eliminated_caves.contains(id) {
            return Err(quoted(
                id,
                0,
                format!("cave '{id}' is eliminated (G11.88) and is not on the map"),
            ));
        }
    }
    let complex = |id: &str| caves.complexes.iter().any(|c| c.primary == id);
    known_once(&state.hidden_complexes, complex, "Cave Complex")?;
    let map = setting.map;
    for opening in &state.revealed_tunnels {
        let known = caves.tunnels.iter().any(|t| {
            [&t.from, &t.to]
                .iter()
                .any(|end| matches!(end, TunnelEnd::Hex(h) if &map.name(*h) == opening))
        });
        if !known {
            return Err(quoted(
                opening,
                0,
                format!("'{opening}' is not the opening of a tunnel of the scenario (G11.851)"),
            ));
        }
    }
    Ok(())
}

/// Blazes, Flames, trip flares and their counters on the map, Starshells and IR near it.
fn check_lights(
    state: &GameState,
    map: &crate::map::Map,
    on_map: &dyn Fn(&Hex) -> bool,
) -> Result<(), StateError> {
    let mut seen = HashSet::new();
    for (h, levels) in &state.blazes {
        if !on_map(h) {
            return Err(field(
                "blazes",
                format!("a Blaze at hex ({}, {}) is off the map", h.q, h.r),
            ));
        }
        if !(1..=4).contains(levels) {
            return Err(field(
                "blazes",
                format!(
                    "the Blaze in {} has {levels} Blazing levels; a Blaze has 1 to 4",
                    map.name(*h)
                ),
            ));
        }
        if !seen.insert(h) {
            return Err(field("blazes", format!("two Blazes in {}", map.name(*h))));
        }
    }
    for (list, what) in [
        (&state.flames, "flames"),
        (&state.trip_flare_counters, "trip_flare_counters"),
    ] {
        if let Some(h) = list.iter().find(|h| !on_map(h)) {
            return Err(field(
                what,
                format!("{what}: hex ({}, {}) is off the map", h.q, h.r),
            ));
        }
    }
    for (h, count) in &state.trip_flares {
        if !on_map(h) || *count > 99 {
            return Err(field(
                "trip_flares",
                format!(
                    "{count} trip flares at hex ({}, {}): off the map or more than 99 (G.8)",
                    h.q, h.r
                ),
            ));
        }
    }
    // Off-map Starshells (E1.923) lie near the map: within OFF_MAP_HEXES of one of its hexes.
    let near = |h: &Hex| {
        bounded(*h)
            && map
                .hexes()
                .any(|d| d.hex.distance(*h) <= OFF_MAP_HEXES as u32)
    };
    for (list, what) in [(&state.starshells, "starshells"), (&state.irs, "irs")] {
        if let Some(h) = list.iter().find(|h| !near(h)) {
            return Err(field(
                what,
                format!(
                    "{what}: hex ({}, {}) is more than {OFF_MAP_HEXES} hexes off the map",
                    h.q, h.r
                ),
            ));
        }
    }
    Ok(())
}

/// Climb counters: each under a unit on the map (one a unit), at a Location it can lie at.
fn check_climbs(
    state: &GameState,
    setting: &Setting,
    ids: &HashSet<&str>,
) -> Result<(), StateError> {
    let mut climbers = HashSet::new();
    for c in &state.climbs {
        let unit = &c.unit;
        if !ids.contains(unit.as_str()) {
            return Err(quoted(
                unit,
                0,
                format!("a Climb counter names unit '{unit}', which is not on the map"),
            ));
        }
        if !climbers.insert(unit) {
            return Err(quoted(
                unit,
                0,
                format!("unit '{unit}' has two Climb counters"),
            ));
        }
        let at = Location::Climbing {
            hex: c.hex,
            level: c.level,
            vertex: c.vertex,
        };
        if let Some(p) = location_problem(setting, &at) {
            return Err(quoted(
                unit,
                0,
                format!("the Climb counter of '{unit}': {p}"),
            ));
        }
    }
    Ok(())
}

/// Climb counters (under units in play, `ids`), SMOKE, light sources, trip flares and
/// Gunflashes: each where it can lie, its numbers in range.
fn check_counters(
    state: &GameState,
    setting: &Setting,
    ids: &HashSet<&str>,
) -> Result<(), StateError> {
    let map = setting.map;
    let turn = state.turn.number;
    check_climbs(state, setting, ids)?;
    for sm in &state.smoke {
        if let Some(p) = location_problem(setting, &sm.at) {
            return Err(field("smoke", format!("SMOKE: {p}")));
        }
        let at = sm.at.display(map);
        if matches!(sm.at, Location::Complex(_)) {
            return Err(field(
                "smoke",
                format!("SMOKE at '{at}': not in a Cave Complex (G11.85)"),
            ));
        }
        if sm.placed_in > turn {
            return Err(field(
                "smoke",
                format!(
                    "SMOKE at '{at}' placed in Player Turn {}, after the current {turn}",
                    sm.placed_in
                ),
            ));
        }
    }
    let on_map = |h: &Hex| bounded(*h) && map.contains(*h);
    check_lights(state, map, &on_map)?;
    for (h, _) in &state.scoring.control {
        if !on_map(h) {
            return Err(field(
                "control",
                format!("control: hex ({}, {}) is off the map (A26.1)", h.q, h.r),
            ));
        }
    }
    if state.scoring.cvp_allied > 9_999 || state.scoring.cvp_japanese > 9_999 {
        return Err(field(
            "cvp_allied",
            "Casualty VP beyond 9999 (A26.2): no game amasses so many".into(),
        ));
    }
    for g in &state.gunflashes {
        if let Some(p) = location_problem(setting, g) {
            return Err(field("gunflashes", format!("a Gunflash: {p}")));
        }
    }
    Ok(())
}
