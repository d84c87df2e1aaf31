//! Locations as written in scenarios and on the command line (scenario-format.md):
//! `S4` (Base-Level Location, IN the Depression for a Depression hex), `S4@2` (hex S4 at Level 2),
//! `T4@1/T4-S5-S4` (Climbing in T4 at Level 1 aiming at that vertex), `W10/W9-W10` (Crest status
//! in the Depression hex W10 along hexside W9-W10), `cave:G`, `complex:M`.

use std::fmt;

use crate::hex::{Hex, Hexside, Vertex};
use crate::map::{Map, MapError};

/// A Location.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// The Base-Level Location of a hex (IN the Depression for a Depression hex).
    Ground(Hex),
    /// A hex at a given level (e.g. above ground, or at a Depression's Crest level).
    Level(Hex, i32),
    /// A Climbing unit (B11.4): in `hex` at `level`, its LOS aimed at `vertex`.
    Climbing {
        hex: Hex,
        level: i32,
        vertex: Vertex,
    },
    /// Crest status (asl-facts "Levels"): Infantry in a Depression hex at its rim (Crest level,
    /// one above the floor) along one hexside, `side`, a Crest Line of `hex`. LOS is traced
    /// from the centre dot at Crest level; the Covered Arc of a cave (G11.12 EX) judges it where
    /// the Crest counter lies, along `side`.
    Crest { hex: Hex, side: Hexside },
    /// Inside a cave, by cave id (G11).
    Cave(String),
    /// Inside the Cave Complex whose Primary cave is this id (G11.2).
    Complex(String),
}

/// Why a Location text is unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocationError {
    #[error("'{0}' is not a Location: {1}")]
    Malformed(String, String),
    #[error("Location '{0}': {1}")]
    Map(String, MapError),
}

/// What a Location is, with an example of each form, for the errors that reject a text.
pub const LOCATION_FORMS: &str = "a Location is a hex (S4), a hex at a Level (S4@2), a Climbing \
     unit's hex, Level and vertex (T4@1/T4-S5-S4), Crest status in a Depression hex along one \
     of its hexsides (W10/W9-W10), a cave (cave:G) or a Cave Complex by its Primary cave \
     (complex:A)";

/// "a hexside (two hexes ...)" or "a vertex (three hexes ...)" when `t` is two or three hex ids
/// joined by `-`: a hexside or vertex given where a Location is expected.
fn hexside_or_vertex(t: &str) -> Option<&'static str> {
    let parts: Vec<&str> = t.split('-').collect();
    if !parts.iter().all(|p| crate::hex::HexRef::parse(p).is_ok()) {
        return None;
    }
    match parts.len() {
        2 => Some("a hexside (two hexes joined by '-')"),
        3 => Some("a vertex (three hexes joined by '-')"),
        _ => None,
    }
}

fn level_of(text: &str, s: &str) -> Result<i32, LocationError> {
    let Ok(l) = s.parse::<i32>() else {
        return Err(LocationError::Malformed(
            text.into(),
            format!("'{s}' is not a level (e.g. S4@2)"),
        ));
    };
    // A hex's Base Level is -9..20, and a building adds at most 4 floors.
    if !(-9..=24).contains(&l) {
        return Err(LocationError::Malformed(
            text.into(),
            format!("Level {l} is outside the levels a Location may have, -9..24"),
        ));
    }
    Ok(l)
}

fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 32
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Location {
    /// Parses a Location, checking its hexes against `map` (cave and complex ids are checked by
    /// the scenario, which knows its caves).
    pub fn parse(text: &str, map: &Map) -> Result<Location, LocationError> {
        let t = text.trim();
        let mapped = |e: MapError| LocationError::Map(text.to_string(), e);
        for (prefix, make) in [
            ("cave:", Location::Cave as fn(String) -> Location),
            ("complex:", Location::Complex),
        ] {
            if let Some(id) = t.strip_prefix(prefix) {
                if !valid_id(id) {
                    return Err(LocationError::Malformed(
                        text.into(),
                        format!("'{id}' is not a cave id"),
                    ));
                }
                return Ok(make(id.to_string()));
            }
        }
        let Some((hex_text, rest)) = t.split_once('@') else {
            if let Some((hex_text, side_text)) = t.split_once('/') {
                let hex = map.hex(hex_text).map_err(mapped)?;
                let side = map.hexside(side_text).map_err(mapped)?;
                return Location::crest(hex, side, map)
                    .map_err(|why| LocationError::Malformed(text.into(), why));
            }
            if let Some(what) = hexside_or_vertex(t) {
                return Err(LocationError::Malformed(
                    text.into(),
                    format!("that is {what}; {LOCATION_FORMS}"),
                ));
            }
            return Ok(Location::Ground(map.hex(t).map_err(mapped)?));
        };
        let hex = map.hex(hex_text).map_err(mapped)?;
        // No Location lies below its hex's ground (caves are `cave:X`).
        let not_below = |l: i32| match map.get(hex) {
            Some(d) if l < d.level => Err(LocationError::Malformed(
                text.into(),
                format!(
                    "Level {l} is below {}'s Base Level {}: a Location lies at or above its \
                     hex's ground (a cave is cave:X)",
                    map.name(hex),
                    d.level
                ),
            )),
            _ => Ok(l),
        };
        match rest.split_once('/') {
            None => Ok(Location::Level(hex, not_below(level_of(text, rest)?)?)),
            // A Climber may hang below his hex's ground (on the face, climbing down from it).
            Some((level, vertex_text)) => {
                let level = level_of(text, level)?;
                let vertex = map.vertex(vertex_text).map_err(mapped)?;
                if !vertex.touches(hex) {
                    return Err(LocationError::Malformed(
                        text.into(),
                        format!(
                            "a Climb counter's vertex must be one of its hex's vertices; \
                             {} is not a vertex of {}",
                            map.vertex_name(vertex),
                            map.name(hex)
                        ),
                    ));
                }
                Ok(Location::Climbing { hex, level, vertex })
            }
        }
    }

    /// A Crest status Location: `hex` must be a Depression hex and `side` one of its hexsides
    /// that is a Crest Line (its rim, or a hexside to higher ground).
    pub fn crest(hex: Hex, side: Hexside, map: &Map) -> Result<Location, String> {
        if !side.touches(hex) {
            return Err(format!(
                "Crest status lies along a hexside of its own hex; {} is not one of {}'s",
                map.side_name(side),
                map.name(hex)
            ));
        }
        if map.get(hex).is_none_or(|d| d.depression.is_none()) {
            return Err(format!(
                "Crest status is a Depression's rim; {} is not a Depression hex",
                map.name(hex)
            ));
        }
        if map.crest_line(side).is_none() {
            return Err(format!(
                "{} is not a Crest Line of {} (it leads to the same Depression)",
                map.side_name(side),
                map.name(hex)
            ));
        }
        Ok(Location::Crest { hex, side })
    }

    /// The hex of an above-ground Location (`None` for caves and complexes).
    pub fn hex(&self) -> Option<Hex> {
        match self {
            Location::Ground(h) | Location::Level(h, _) => Some(*h),
            Location::Climbing { hex, .. } | Location::Crest { hex, .. } => Some(*hex),
            Location::Cave(_) | Location::Complex(_) => None,
        }
    }

    /// The Location's elevation in levels (the Base Level, or floor of a Depression, for
    /// `Ground`), for above-ground Locations.
    pub fn level(&self, map: &Map) -> Option<i32> {
        match self {
            Location::Ground(h) => map.get(*h).map(|d| d.level),
            Location::Level(_, l) | Location::Climbing { level: l, .. } => Some(*l),
            // The Crest level: one above the Depression's floor.
            Location::Crest { hex, .. } => map.get(*hex).map(|d| d.level + 1),
            Location::Cave(_) | Location::Complex(_) => None,
        }
    }

    /// The canonical text of this Location on `map`.
    pub fn display<'a>(&'a self, map: &'a Map) -> LocationDisplay<'a> {
        LocationDisplay { loc: self, map }
    }
}

/// Prints a Location with the map's hex names.
pub struct LocationDisplay<'a> {
    loc: &'a Location,
    map: &'a Map,
}

impl fmt::Display for LocationDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.loc {
            Location::Ground(h) => write!(f, "{}", self.map.name(*h)),
            Location::Level(h, l) => write!(f, "{}@{l}", self.map.name(*h)),
            Location::Climbing { hex, level, vertex } => {
                write!(
                    f,
                    "{}@{level}/{}",
                    self.map.name(*hex),
                    self.map.vertex_name(*vertex)
                )
            }
            Location::Crest { hex, side } => {
                write!(f, "{}/{}", self.map.name(*hex), self.map.side_name(*side))
            }
            Location::Cave(id) => write!(f, "cave:{id}"),
            Location::Complex(id) => write!(f, "complex:{id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Terrain;

    fn map() -> Map {
        Map::new(Some("36".into()), 33, 10, 0, Terrain::Open)
    }

    #[test]
    fn every_location_form_parses_and_prints_canonically() {
        let m = map();
        for (text, canon) in [
            ("S4", "S4"),
            ("36S4", "S4"),
            ("S4@2", "S4@2"),
            ("T4@1/T4-S5-S4", "T4@1/S4-S5-T4"),
            ("cave:G", "cave:G"),
            ("complex:M", "complex:M"),
        ] {
            let l = Location::parse(text, &m).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(l.display(&m).to_string(), canon);
        }
        // Issue 25.12: no Location below its hex's ground.
        let e = Location::parse("S4@-1", &m).unwrap_err().to_string();
        assert!(e.contains("below S4's Base Level"), "{e}");
    }

    #[test]
    fn malformed_locations_are_errors_naming_the_text() {
        let m = map();
        for bad in [
            "",
            "S",
            "S4@",
            "S4@x",
            "S4@1/",
            "S4@1/T4-S5",
            "A0",
            "S6@1/T4-S5-S4",
            "cave:",
            "cave:a b",
            "ZZ4",
            "S4@1@2",
        ] {
            let e = Location::parse(bad, &m);
            assert!(e.is_err(), "'{bad}' should not parse");
            let msg = e.unwrap_err().to_string();
            assert!(msg.contains(bad.trim()) || bad.is_empty(), "{msg}");
        }
        // A number out of range is named as a level out of range, not as "not a level".
        let msg = Location::parse("S4@25", &m).unwrap_err().to_string();
        assert!(
            msg.contains("Level 25 is outside") && msg.contains("-9..24"),
            "{msg}"
        );
        assert!(Location::parse("S4@24", &m).is_ok());
    }
}
