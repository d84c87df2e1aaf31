//! A save is checked as strictly as a scenario before anything of it is used: its format, the
//! scenario it belongs to (by the fingerprint of the scenario file's content, not only the
//! title), every id (units, caves, Cave Complexes, tunnels, Climb counters) resolved against
//! that scenario, every counter in the catalog, and every number in the range the rules allow
//! (MF, NVR, Blaze levels, Player Turn, dice). Unknown fields are refused by the types
//! themselves (`deny_unknown_fields`). Each rejection names the offending id or field, and
//! [`Offence::at`] finds its line and column in the save's text.

use std::collections::HashSet;

use super::phase::Phase;
use super::save::Save;
use crate::counters::{Catalog, Lookup, Nationality};
use crate::los::Location;
use crate::rules::night::nvr::{MAX_NVR, MIN_NVR};
use crate::scenario::{Scenario, line_col, locate_nth};

/// The save format this program writes and reads.
/// 3 since a loaded save is replayed and its units carry `movement_dr` and `advanced`: a
/// format-2 save is refused by name, not as an edited one.
pub const SAVE_FORMAT: u32 = 3;

/// The most Player Turns a save may stand at: any a walk can reach (a long ASL scenario has
/// about 30; a script of NextPlayerTurn steps goes on as long as it is), short of overflowing
/// the count. What the program writes, it loads.
pub const MAX_PLAYER_TURN: u32 = i32::MAX as u32;

/// The most MF a unit can have spent in one phase (a T-H Hero has 8; a minimum move may cost
/// more than a unit has, A4.134).
pub const MAX_MF_SPENT: f32 = 32.0;

/// How far off the map a Starshell or Illuminating Round may lie (E1.923), in hexes.
pub const OFF_MAP_HEXES: i32 = 50;

/// Where in the save's text an offence is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Needle {
    /// The `nth` (0-based) string literal `"text"`.
    Quoted(String, usize),
    /// The `nth` (0-based) field `name:`.
    Field(&'static str, usize),
}

/// Why a save cannot be used with a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offence {
    pub needle: Option<Needle>,
    pub message: String,
    /// The save belongs to another scenario (or another version of this one).
    pub wrong_scenario: bool,
}

impl Offence {
    fn new(needle: Option<Needle>, message: String) -> Offence {
        Offence {
            needle,
            message,
            wrong_scenario: false,
        }
    }

    fn quoted(text: &str, nth: usize, message: String) -> Offence {
        Offence::new(Some(Needle::Quoted(text.to_string(), nth)), message)
    }

    fn field(name: &'static str, message: String) -> Offence {
        Offence::new(Some(Needle::Field(name, 0)), message)
    }

    /// 1-based line and column of the offence in `text`, the save's text, when found.
    pub fn at(&self, text: &str) -> Option<(usize, usize)> {
        match self.needle.as_ref()? {
            Needle::Quoted(t, nth) => locate_nth(text, t, *nth).or_else(|| locate_nth(text, t, 0)),
            Needle::Field(name, nth) => {
                let key = format!("{name}:");
                text.match_indices(&key)
                    .filter(|(i, _)| {
                        text[..*i]
                            .chars()
                            .next_back()
                            .is_none_or(|c| !c.is_alphanumeric() && c != '_')
                    })
                    .nth(*nth)
                    .map(|(i, _)| line_col(text, i))
            }
        }
    }

    /// `L:C: message` (or just the message) for a save whose text is `text`.
    pub fn located(&self, text: &str) -> String {
        match self.at(text) {
            Some((l, c)) => format!("{l}:{c}: {}", self.message),
            None => self.message.clone(),
        }
    }
}

/// The scenario unit a saved unit id descends from: the id itself, or the id with the suffixes
/// the walk adds (`.2`, `.3` ... for the counters a unit is exchanged for, `.hero` for a T-H
/// Hero it created).
fn base_unit<'a>(s: &'a Scenario, id: &str) -> Option<&'a crate::scenario::UnitDef> {
    let mut rest = id;
    loop {
        if let Some(u) = s.units.iter().find(|u| u.id == rest) {
            return Some(u);
        }
        rest = crate::model::parent_unit_id(rest)?;
    }
}

fn counter_ok(nationality: Nationality, counter: &str) -> bool {
    match Catalog::get().lookup(nationality, counter) {
        Lookup::Mmc(_) | Lookup::Leader => true,
        Lookup::Unknown => false,
    }
}

/// Checks `save` against `s`, the scenario it is to continue.
pub fn check(save: &Save, s: &Scenario) -> Result<(), Offence> {
    check_header(save, s)?;
    let ids = check_units(save, s)?;
    check_caves(save, s)?;
    check_counters(save, s, &ids)
}

/// A Location of the scenario, or the offence naming its text and `what` it is.
fn loc(s: &Scenario, t: &str, what: &str) -> Result<Location, Offence> {
    s.location(t)
        .map_err(|e| Offence::quoted(t, 0, format!("{what}: {e}")))
}

/// The save's format, scenario, dice, Player Turn and phase, tallies and script position.
fn check_header(save: &Save, s: &Scenario) -> Result<(), Offence> {
    if save.format != SAVE_FORMAT {
        return Err(Offence::field(
            "format",
            format!(
                "the save is in format {}; this asl-pto reads format {SAVE_FORMAT} (a save of \
                 an older version cannot be continued: walk the scenario again)",
                save.format
            ),
        ));
    }
    if save.scenario != s.fingerprint || save.title != s.title {
        return Err(Offence {
            needle: Some(Needle::Field("scenario", 0)),
            message: format!(
                "the save is of scenario '{}' ({}), not of this scenario file '{}' ({}): a save \
                 continues only the scenario file it was taken from, unchanged",
                save.title, save.scenario, s.title, s.fingerprint
            ),
            wrong_scenario: true,
        });
    }
    let position: u128 = save.dice_position.parse().map_err(|_| {
        Offence::quoted(
            &save.dice_position,
            0,
            format!("dice_position '{}' is not a number", save.dice_position),
        )
    })?;
    if position > u128::from(u64::MAX) {
        return Err(Offence::field(
            "dice_position",
            format!("dice_position {position} is beyond any walk's dice"),
        ));
    }
    for (i, r) in save.rolls.iter().enumerate() {
        let shape = !r.rule.is_empty()
            && r.rule.len() <= 16
            && r.rule
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.');
        let here = Some(Needle::Field("rule", i));
        if !shape {
            return Err(Offence::new(
                here,
                format!("roll {}: '{}' is not a rule number", i + 1, r.rule),
            ));
        }
        if !(1..=2).contains(&r.dice.len()) || r.dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(Offence::new(
                here,
                format!(
                    "roll {} ({}): dice {:?} are not a dr or a DR (one or two dice of 1..6)",
                    i + 1,
                    r.rule,
                    r.dice
                ),
            ));
        }
    }
    let turn = save.player_turn.number;
    if !(1..=MAX_PLAYER_TURN).contains(&turn) {
        return Err(Offence::field(
            "number",
            format!("player_turn.number {turn} is outside 1..{MAX_PLAYER_TURN}"),
        ));
    }
    if save.phase == Phase::Setup && (save.next_step != 0 || turn != 1) {
        return Err(Offence::field(
            "phase",
            "phase Setup comes only before the first step of Player Turn 1".into(),
        ));
    }
    match (save.night.nvr, s.night.is_some()) {
        (Some(n), true) if !(MIN_NVR..=MAX_NVR).contains(&n) => {
            return Err(Offence::field(
                "nvr",
                format!("night.nvr {n} is outside {MIN_NVR}..{MAX_NVR} (E1.1)"),
            ));
        }
        (Some(_), true) | (None, false) => {}
        (Some(_), false) => {
            return Err(Offence::field(
                "nvr",
                "night.nvr is given but the scenario is played by day".into(),
            ));
        }
        (None, true) => {
            return Err(Offence::field(
                "nvr",
                "night.nvr is None but the scenario is played at night (E1.1)".into(),
            ));
        }
    }
    let units_in_scenario = u32::try_from(s.units.len()).unwrap_or(u32::MAX);
    if save.tallies.heroes_created > units_in_scenario {
        return Err(Offence::field(
            "heroes_created",
            format!(
                "tallies.heroes_created {} is more than the scenario's {} units could create \
                 (G1.421)",
                save.tallies.heroes_created, units_in_scenario
            ),
        ));
    }
    if save.played.is_none() && save.next_step > s.script.len() {
        return Err(Offence::field(
            "next_step",
            format!(
                "next_step {} is beyond the scenario's {}-step script",
                save.next_step,
                s.script.len()
            ),
        ));
    }
    Ok(())
}

/// Every unit: an id of the scenario's (or one derived from it in play), once, its
/// nationality and counter, its numbers in range, its Location resolved. Returns the ids.
fn check_units<'a>(save: &'a Save, s: &Scenario) -> Result<HashSet<&'a str>, Offence> {
    let turn = save.player_turn.number;
    let mut ids = HashSet::new();
    for u in &save.units {
        let unit = &u.unit;
        let id = unit.id.as_str();
        let nth = usize::from(!ids.insert(id));
        if nth > 0 {
            return Err(Offence::quoted(
                id,
                1,
                format!("unit '{id}' is saved twice"),
            ));
        }
        let Some(def) = base_unit(s, id) else {
            return Err(Offence::quoted(
                id,
                0,
                format!("unit '{id}' is not a unit of scenario '{}'", s.title),
            ));
        };
        if unit.nationality != def.nationality {
            return Err(Offence::quoted(
                id,
                0,
                format!(
                    "unit '{id}' is {:?} in the save but {:?} in the scenario",
                    unit.nationality, def.nationality
                ),
            ));
        }
        match &unit.hero {
            Some(h) => {
                if unit.counter != "T-H Hero" || !id.ends_with(".hero") {
                    return Err(Offence::quoted(
                        id,
                        0,
                        format!("unit '{id}': only a T-H Hero ('<unit>.hero') has a hero's state"),
                    ));
                }
                if base_unit(s, &h.target).is_none() {
                    return Err(Offence::quoted(
                        &h.target,
                        0,
                        format!(
                            "unit '{id}': its Designated Target '{}' is not a unit of the scenario",
                            h.target
                        ),
                    ));
                }
                if !(1..=turn).contains(&h.created_in) {
                    return Err(Offence::quoted(
                        id,
                        0,
                        format!(
                            "unit '{id}': created in Player Turn {}, not 1..{turn}",
                            h.created_in
                        ),
                    ));
                }
            }
            None => {
                if !counter_ok(unit.nationality, &unit.counter) {
                    return Err(Offence::quoted(
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
            }
        }
        if !(unit.mf_spent.is_finite() && (0.0..=MAX_MF_SPENT).contains(&unit.mf_spent)) {
            return Err(Offence::quoted(
                id,
                0,
                format!(
                    "unit '{id}': mf_spent {} is outside 0..{MAX_MF_SPENT} MF",
                    unit.mf_spent
                ),
            ));
        }
        loc(s, &u.at, &format!("unit '{id}'"))?;
    }
    Ok(ids)
}

/// The caves, Allied Control, hidden Cave Complexes and revealed tunnel openings: each the
/// scenario's, once.
fn check_caves(save: &Save, s: &Scenario) -> Result<(), Offence> {
    let mut seen = HashSet::new();
    for (id, _) in &save.caves {
        if !s.caves.iter().any(|c| &c.id == id) {
            return Err(Offence::quoted(
                id,
                0,
                format!("cave '{id}' is not a cave of the scenario"),
            ));
        }
        if !seen.insert(id) {
            return Err(Offence::quoted(
                id,
                1,
                format!("cave '{id}' is saved twice"),
            ));
        }
    }
    for id in &save.allied_controlled {
        if !save.caves.iter().any(|(c, _)| c == id) {
            return Err(Offence::quoted(
                id,
                0,
                format!("allied_controlled: cave '{id}' is not a cave on the map"),
            ));
        }
    }
    let mut seen = HashSet::new();
    for id in &save.hidden_complexes {
        if !s.complexes.iter().any(|c| &c.primary == id) {
            return Err(Offence::quoted(
                id,
                0,
                format!("Cave Complex '{id}' is not a Cave Complex of the scenario"),
            ));
        }
        if !seen.insert(id) {
            return Err(Offence::quoted(
                id,
                1,
                format!("Cave Complex '{id}' is saved twice"),
            ));
        }
    }
    for opening in &save.revealed_tunnels {
        let known = s.tunnels.iter().any(|t| {
            [&t.from, &t.to]
                .iter()
                .any(|l| matches!(l, Location::Ground(h) if &s.map.name(*h) == opening))
        });
        if !known {
            return Err(Offence::quoted(
                opening,
                0,
                format!("'{opening}' is not the opening of a tunnel of the scenario (G11.851)"),
            ));
        }
    }
    Ok(())
}

/// Climb counters (under units on the map, `ids`), SMOKE, light sources, trip flares and
/// Gunflashes: each resolved and in range.
fn check_counters(save: &Save, s: &Scenario, ids: &HashSet<&str>) -> Result<(), Offence> {
    let turn = save.player_turn.number;
    let mut climbers = HashSet::new();
    for (unit, at) in &save.climbs {
        if !ids.contains(unit.as_str()) {
            return Err(Offence::quoted(
                unit,
                0,
                format!("a Climb counter names unit '{unit}', which is not on the map"),
            ));
        }
        if !climbers.insert(unit) {
            return Err(Offence::quoted(
                unit,
                0,
                format!("unit '{unit}' has two Climb counters"),
            ));
        }
        if !matches!(loc(s, at, "Climb counter")?, Location::Climbing { .. }) {
            return Err(Offence::quoted(
                at,
                0,
                format!("the Climb counter of '{unit}' is at '{at}', not a Climbing Location"),
            ));
        }
    }
    for sm in &save.smoke {
        if matches!(loc(s, &sm.at, "SMOKE")?, Location::Complex(_)) {
            return Err(Offence::quoted(
                &sm.at,
                0,
                format!("SMOKE at '{}': not in a Cave Complex (G11.85)", sm.at),
            ));
        }
        if sm.placed_in > turn {
            return Err(Offence::quoted(
                &sm.at,
                0,
                format!(
                    "SMOKE at '{}' placed in Player Turn {}, after the current {turn}",
                    sm.at, sm.placed_in
                ),
            ));
        }
    }
    // Hex arithmetic only on coordinates near the map: no sum can overflow.
    let bounded = |&(q, r): &(i32, i32)| {
        (q.abs() <= 10_000 && r.abs() <= 10_000).then(|| crate::hex::Hex::new(q, r))
    };
    let on_map = |h: &(i32, i32)| bounded(h).is_some_and(|h| s.map.contains(h));
    let mut seen = HashSet::new();
    for (h, levels) in &save.blazes {
        if !on_map(h) {
            return Err(Offence::field(
                "blazes",
                format!("a Blaze at hex ({}, {}) is off the map", h.0, h.1),
            ));
        }
        if !(1..=4).contains(levels) {
            return Err(Offence::field(
                "blazes",
                format!(
                    "the Blaze in {} has {levels} Blazing levels; a Blaze has 1 to 4",
                    s.map.name(crate::hex::Hex::new(h.0, h.1))
                ),
            ));
        }
        if !seen.insert(h) {
            return Err(Offence::field(
                "blazes",
                format!(
                    "two Blazes in {}",
                    s.map.name(crate::hex::Hex::new(h.0, h.1))
                ),
            ));
        }
    }
    for h in &save.flames {
        if !on_map(h) {
            return Err(Offence::field(
                "flames",
                format!("a Flame at hex ({}, {}) is off the map", h.0, h.1),
            ));
        }
    }
    for (h, count) in &save.trip_flares {
        if !on_map(h) || *count > 99 {
            return Err(Offence::field(
                "trip_flares",
                format!(
                    "{count} trip flares at hex ({}, {}): off the map or more than 99 (G.8)",
                    h.0, h.1
                ),
            ));
        }
    }
    for h in &save.trip_flare_counters {
        if !on_map(h) {
            return Err(Offence::field(
                "trip_flare_counters",
                format!(
                    "a Trip Flare counter at hex ({}, {}) is off the map",
                    h.0, h.1
                ),
            ));
        }
    }
    // Off-map Starshells (E1.923) lie near the map: within OFF_MAP_HEXES of one of its hexes.
    let near = |h: &(i32, i32)| {
        bounded(h).is_some_and(|h| {
            s.map
                .hexes()
                .any(|d| d.hex.distance(h) <= OFF_MAP_HEXES as u32)
        })
    };
    for (list, what) in [
        (&save.starshells, "starshells"),
        (&save.illuminating_rounds, "illuminating_rounds"),
    ] {
        for h in list.iter() {
            if !near(h) {
                return Err(Offence::field(
                    what,
                    format!(
                        "{what}: hex ({}, {}) is more than {OFF_MAP_HEXES} hexes off the map",
                        h.0, h.1
                    ),
                ));
            }
        }
    }
    Ok(())
}
