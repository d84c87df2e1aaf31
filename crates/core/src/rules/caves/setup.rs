//! G11.1 and G11.11-G11.113: where a Cave counter may be set up, its Entrance Hex, and its
//! level; G11.91 OB accounting; G11.2 Primary caves; G11.1 who may be inside.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use crate::hex::{Hex, Hexside};
use crate::map::{Depression, Map, StreamKind, Terrain};
use crate::rules::Problem;

/// Where a cave can be, by G11.1, and the levels G11.11 allows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaveSite {
    pub hex: Hex,
    /// The Entrance Hex: across the CA Hexside, or the cave's own hex IN a Depression.
    pub entrance: Hex,
    /// The cave is IN a Depression (G11.111).
    pub in_depression: bool,
    /// The levels the cave may be at: one level (G11.111/G11.112) or the owner's choice
    /// (G11.113).
    pub levels: RangeInclusive<i32>,
    /// The rule that fixed `levels`.
    pub level_rule: &'static str,
    /// The Base Level (or Crest level, whichever is higher) of the Entrance Hex.
    pub entrance_level: i32,
}

impl CaveSite {
    /// G11.113: a cave above the Base (or Crest) level of its Entrance Hex is an Upper-Cliff
    /// cave. (The seed's text reads "≥", but its own examples - cave A at Level 0 entered from
    /// Level 0 S4 without Climbing; I7's cave Upper-Cliff only at Level 3 of 2-3 - show ">".)
    pub fn upper_cliff(&self, level: i32) -> bool {
        !self.in_depression && level > self.entrance_level
    }

    /// The level of a cave on this site when its owner wrote `chosen` (or nothing: then the
    /// lowest legal level).
    pub fn level(&self, chosen: Option<i32>) -> Result<i32, String> {
        match chosen {
            None => Ok(*self.levels.start()),
            Some(l) if self.levels.contains(&l) => Ok(l),
            Some(l) => Err(format!(
                "level {l} is not allowed: {} gives {}",
                self.level_rule,
                if self.levels.start() == self.levels.end() {
                    format!("Level {} only", self.levels.start())
                } else {
                    format!("Levels {}..{}", self.levels.start(), self.levels.end())
                }
            )),
        }
    }
}

fn problem(rule: &'static str, at: String, message: String) -> Problem {
    Problem { rule, at, message }
}

/// The Base Level, or Crest level (a Depression's rim) if higher, of a hex.
pub fn base_or_crest(map: &Map, h: Hex) -> Option<i32> {
    map.get(h).map(|d| d.rim().unwrap_or(d.level))
}

/// G11.1: terrain a Cave counter may not be set up in.
fn forbidden_terrain(t: Terrain) -> Option<&'static str> {
    match t {
        Terrain::Building(..) => Some("a building"),
        Terrain::Rubble => Some("rubble"),
        Terrain::Marsh => Some("marsh"),
        Terrain::Swamp => Some("swamp"),
        Terrain::Water => Some("a Water Obstacle"),
        _ => None,
    }
}

/// G11.1: the highest level of irrigated paddy, sand, marsh, swamp or water in an Entrance Hex
/// (a cave must be above it), with what it is.
fn wet_top(map: &Map, entrance: Hex) -> Option<(i32, String)> {
    let d = map.get(entrance)?;
    let water = d.water_level().map(|w| (w, format!("water at Level {w}")));
    let ground = d.terrain.info().wet.then(|| {
        (
            d.level,
            format!("{} at Level {}", d.terrain.info().name, d.level),
        )
    });
    water.into_iter().chain(ground).max_by_key(|(l, _)| *l)
}

/// G11.1/G11.11: the site of a cave in `hex` with CA Hexside `ca`, or the rule it breaks.
pub fn site(map: &Map, hex: Hex, ca: Hexside) -> Result<CaveSite, Problem> {
    let here = map.name(hex);
    let ca_name = map.side_name(ca);
    let at = || format!("{here} ({ca_name})");
    let d = map
        .get(hex)
        .ok_or_else(|| problem("G11.1", at(), "hex not on the map".into()))?;
    let across = ca.other(hex).ok_or_else(|| {
        problem(
            "G11.12",
            at(),
            format!("{ca_name} is not a hexside of {here}"),
        )
    })?;
    if let Some(what) = forbidden_terrain(d.terrain) {
        return Err(problem(
            "G11.1",
            at(),
            format!("no Cave counter may be set up in {what} ({here})"),
        ));
    }
    match d.depression {
        Some(dep) => depression_site(map, hex, across, ca, dep),
        None => hill_site(map, hex, across, ca),
    }
}

/// G11.1 (IN a Depression) and G11.111.
fn depression_site(
    map: &Map,
    hex: Hex,
    across: Hex,
    ca: Hexside,
    dep: Depression,
) -> Result<CaveSite, Problem> {
    let here = map.name(hex);
    let at = format!("{here} ({})", map.side_name(ca));
    if let Depression::Stream(k) = dep
        && k != StreamKind::Dry
    {
        return Err(problem(
            "G11.1",
            at,
            format!("no Cave counter may be set up IN a non-dry stream ({here})"),
        ));
    }
    let level = map.get(hex).map_or(0, |d| d.level);
    // The arrow points across a Depression hexside to an adjacent Depression hex...
    if map.get(across).is_none_or(|d| d.depression.is_none()) {
        return Err(problem(
            "G11.1",
            at,
            format!(
                "a cave IN a Depression must point across a Depression hexside to an adjacent \
                 Depression hex; {} is not one",
                map.name(across)
            ),
        ));
    }
    // ...and directly away from a non-Depression hexside whose other hex is higher than the cave.
    let dir = hex
        .direction_to(across)
        .expect("CA hexside hexes are adjacent");
    let behind = hex.neighbor(dir.opposite());
    let ok = map
        .get(behind)
        .is_some_and(|b| b.depression.is_none() && base_or_crest(map, behind) > Some(level));
    if !ok {
        return Err(problem(
            "G11.1",
            at,
            format!(
                "a cave IN a Depression must point directly away from a non-Depression hexside \
                 whose other hex is higher than the cave (Level {level}); {} is not",
                map.name(behind)
            ),
        ));
    }
    Ok(CaveSite {
        hex,
        entrance: hex,
        in_depression: true,
        levels: level..=level,
        level_rule: "G11.111",
        entrance_level: level,
    })
}

/// G11.1 (not IN a Depression), G11.112 and G11.113.
fn hill_site(map: &Map, hex: Hex, entrance: Hex, ca: Hexside) -> Result<CaveSite, Problem> {
    let here = map.name(hex);
    let at = format!("{here} ({})", map.side_name(ca));
    let own = map.get(hex).map_or(0, |d| d.level);
    let e = map.get(entrance).ok_or_else(|| {
        problem(
            "G11.1",
            at.clone(),
            format!("its Entrance Hex {} is not on the map", map.name(entrance)),
        )
    })?;
    // A hill/cliff Crest Line: the Entrance Hex is lower even at its Crest level (a Depression
    // rim at the cave hex's level is a Depression crest, not a hill: 25F7-G7 in the G11.1 EX).
    let entrance_level = base_or_crest(map, entrance).unwrap_or(e.level);
    if entrance_level >= own {
        return Err(problem(
            "G11.1",
            at,
            format!(
                "the CA Hexside must be a hill/cliff Crest Line to a lower-Base-Level hex; {} \
                 (Level {entrance_level}) is not lower than {here} (Level {own})",
                map.name(entrance),
            ),
        ));
    }
    let cliff_height = own - e.level;
    let (levels, level_rule) = if map.is_cliff(ca) && cliff_height >= 2 {
        (entrance_level..=own, "G11.113")
    } else {
        (entrance_level..=entrance_level, "G11.112")
    };
    // Water or marsh-like terrain in the Entrance Hex bars every level at or below it.
    let levels = match wet_top(map, entrance) {
        Some((w, what)) if w >= *levels.start() => {
            if w >= *levels.end() {
                return Err(problem(
                    "G11.1",
                    at,
                    format!(
                        "its Entrance Hex {} holds {what}, not below the cave's level ({})",
                        map.name(entrance),
                        levels.end()
                    ),
                ));
            }
            w + 1..=*levels.end()
        }
        _ => levels,
    };
    Ok(CaveSite {
        hex,
        entrance,
        in_depression: false,
        levels,
        level_rule,
        entrance_level,
    })
}

/// One cave as set up, for the whole-OB checks.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedCave {
    pub id: String,
    pub hex: Hex,
    pub ca: Hexside,
    pub upper_cliff: bool,
    pub primary: bool,
}

/// G11.1: one cave per CA Hexside of a hex.
pub fn one_per_hexside(caves: &[PlacedCave]) -> Vec<Problem> {
    let mut seen: HashMap<(Hex, Hexside), &str> = HashMap::new();
    let mut out = Vec::new();
    for c in caves {
        if let Some(first) = seen.insert((c.hex, c.ca), &c.id) {
            out.push(problem(
                "G11.1",
                format!("cave {}", c.id),
                format!(
                    "caves {first} and {} both use CA Hexside {}: one cave per hexside",
                    c.id, c.ca
                ),
            ));
        }
    }
    out
}

/// G11.91/G11.2: the caves set up fit the OB's count (an Upper-Cliff cave uses three), and
/// Primary caves number at most 25% (FRD) of the original count.
pub fn ob_problems(caves: &[PlacedCave], ob: u32) -> Vec<Problem> {
    let mut out = Vec::new();
    let upper = caves.iter().filter(|c| c.upper_cliff).count() as u32;
    let used: u32 = caves
        .iter()
        .map(|c| if c.upper_cliff { 3 } else { 1 })
        .sum();
    // With one to three counters, one Upper-Cliff cave may be set up and the rest are forfeited.
    let small_ob_upper = (1..=3).contains(&ob) && upper == 1 && caves.len() == 1;
    if used > ob && !small_ob_upper {
        out.push(problem(
            "G11.91",
            "OB".into(),
            format!(
                "the caves set up use {used} Cave counters ({} three each) but the OB gives \
                 {ob}",
                if upper == 1 {
                    "1 Upper-Cliff cave uses".to_string()
                } else {
                    format!("{upper} Upper-Cliff caves use")
                }
            ),
        ));
    }
    let primaries = caves.iter().filter(|c| c.primary).count() as u32;
    let allowed = ob / 4;
    if primaries > allowed {
        out.push(problem(
            "G11.2",
            "OB".into(),
            format!(
                "{} but 25% (FRD) of the OB's {ob} Cave counters allows {allowed}",
                crate::words::count(primaries, "Primary cave", "Primary caves")
            ),
        ));
    }
    out
}
