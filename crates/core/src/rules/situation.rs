//! The situation a ruling reads: a view of the game state (`state::GameState`: the phase and
//! the ATTACKER, the night, every unit where it is with its state, SMOKE, fires, Illumination
//! sources, hidden and eliminated caves, Climb counters; the situation derefs to it) on the
//! scenario's setting (the map and its caves, SSRs, OB), with what follows from it: the SMOKE
//! in the caves and the Locations lit. `GameState::situation` builds one; the simulation reads
//! its state from the world before each decision (`sim::live`), the CLI from a scenario as set
//! up; the rulings (`rules::orders`, `rules::moves`) take it and return `Result<Plan, Refusal>`,
//! so the CLI, the simulation and the viewer ask the same function.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;

use crate::hex::Hex;
use crate::los::{Location, LosEnv, Veil};
use crate::map::Map;
use crate::model::Side;
use crate::rules::caves::CaveSystem;
use crate::rules::caves::hidden::Watcher;
use crate::rules::night::light::light_marks;
use crate::rules::night::light::{Source, SourceKind};
use crate::rules::{Check, Ruling};
pub use crate::state::{Climb, Smoke};
use crate::state::{GameState, Setting};

/// Why a ruling says no: the rule and the reason, for the log, the CLI and the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    pub rule: &'static str,
    pub reason: String,
}

impl Refusal {
    /// A refusal by `rule` because `reason`.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Refusal {
        Refusal {
            rule,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason, self.rule)
    }
}

impl std::error::Error for Refusal {}

/// A `Ruling` that must allow: `Ok(())`, or its rule and reason as a `Refusal`.
pub fn require(r: Ruling) -> Result<(), Refusal> {
    if r.allowed {
        Ok(())
    } else {
        Err(Refusal::new(r.rule, r.reason))
    }
}

/// A `Check` that must hold: `Ok(())`, or its rule and reason as a `Refusal`.
pub fn require_check(c: Check) -> Result<(), Refusal> {
    if c.holds {
        Ok(())
    } else {
        Err(Refusal::new(c.rule, c.reason))
    }
}

pub use crate::state::UnitAt;

/// The situation now: the game state (`state::GameState`, which the situation derefs to, so
/// `s.units`, `s.phase`, `s.turn.attacker` read it) on its scenario's setting, with what follows
/// from it: the SMOKE in the caves and the Illumination of hexes and caves.
#[derive(Clone, Debug)]
pub struct Situation<'a> {
    pub map: &'a Map,
    /// The caves, Complexes and tunnels as set up, with the SMOKE now in the caves (G11.85).
    pub caves: CaveSystem,
    /// SSR: Fires may be deliberately set at night (E1.94).
    pub kindling: bool,
    /// The scenario's year, if dated (G1.421).
    pub year: Option<i32>,
    /// The Japanese squads in the scenario's OB, by which the T-H Hero allowance is counted
    /// (G1.421; `rules::orders::heroes::japanese_squads_in_ob`).
    pub ob_japanese_squads: u32,
    /// The tables (IFT, Falling DR, Wound Severity) as this run reads them (`rules::tables`).
    pub tables: &'a crate::rules::tables::Tables,
    /// The game as it stands.
    pub state: GameState,
    /// Hexes Illuminated now (E1.9), and caves lit by G11.96.
    pub lit_hexes: HashSet<Hex>,
    pub lit_caves: HashSet<String>,
    /// What lights each Illuminated hex (a Starshell or IR where one does, else the fire), and
    /// the hexes in a Blaze's zone that an obstacle shadows (E1.941). Empty by day.
    pub lit_by: HashMap<Hex, SourceKind>,
    pub shadowed_hexes: HashSet<Hex>,
}

impl std::ops::Deref for Situation<'_> {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        &self.state
    }
}

impl std::ops::DerefMut for Situation<'_> {
    fn deref_mut(&mut self) -> &mut GameState {
        &mut self.state
    }
}

impl<'a> Situation<'a> {
    /// A night scenario (E1).
    pub fn night(&self) -> bool {
        self.state.night.nvr.is_some()
    }

    /// The LOS environment now: map, above-ground SMOKE, Blazes, NVR.
    pub fn env(&self) -> LosEnv<'a> {
        situation_env(
            self.map,
            self.smoke
                .iter()
                .map(|s| (s.at.clone(), Veil::of_smoke(s.kind, s.dispersed))),
            self.blazes.iter().copied(),
            self.state.night.nvr,
        )
    }

    /// The LOS environment for whether a Location is seen: without the NVR when it is
    /// Illuminated or marked by a Gunflash (E1.101: such a Location is seen beyond the NVR).
    pub fn env_seeing(&self, at: &Location) -> LosEnv<'a> {
        if self.lit(at) || self.gunflash_at(at) {
            self.env().with_nvr(None)
        } else {
            self.env()
        }
    }

    /// The light sources now (E1.9).
    pub fn sources(&self) -> Vec<Source> {
        light_sources_of(
            self.blazes.iter().copied(),
            self.flames.iter().copied(),
            self.starshells.iter().copied(),
            self.irs.iter().copied(),
            self.trip_flare_counters.iter().copied(),
        )
    }

    /// A unit by id.
    pub fn unit(&self, id: &str) -> Option<&UnitAt> {
        self.units.iter().find(|u| u.unit.id == id)
    }

    /// A unit by id, or A3's refusal: it is no longer in play.
    pub fn unit_in_play(&self, id: &str) -> Result<&UnitAt, Refusal> {
        self.unit(id)
            .ok_or_else(|| Refusal::new("A3", format!("unit {id} is no longer in play")))
    }

    /// G11.6: is Location `at` ADJACENT to cave `cave` (its Entrance Hex Location; a Climber
    /// on its CA Hexside's vertex for an Upper-Cliff cave; Crest status in its Entrance Hex on
    /// the cave's side, along its CA Hexside, G11.833 EX: "from IN (or from Crest status on
    /// cave E's side of) Z5")?
    pub fn adjacent_to_cave(&self, at: &Location, cave: &str) -> bool {
        if let (Location::Crest { hex, side }, Some(c)) = (at, self.caves.cave(cave))
            && *hex == c.entrance
            && *side == c.ca
        {
            return true;
        }
        let vertex = match at {
            Location::Climbing { vertex, .. } => Some(*vertex),
            _ => None,
        };
        match (at.hex(), at.level(self.map)) {
            (Some(h), Some(level)) => self.caves.adjacent(self.map, cave, h, level, vertex),
            _ => false,
        }
    }

    /// A8.1 / A10.5 (NOT FROM THE SEEDS): is a Location Open Ground: no TEM and no hindrance or
    /// obstacle in its hex? A Climber on the cliff face is read as in Open Ground; a cave or
    /// Cave Complex is not.
    pub fn open_ground(&self, at: &Location) -> bool {
        match at {
            Location::Climbing { .. } => true,
            Location::Cave(_) | Location::Complex(_) => false,
            other => other.hex().and_then(|h| self.map.get(h)).is_some_and(|d| {
                let info = d.terrain.info();
                info.tem <= 0 && matches!(info.los, crate::map::LosEffect::None)
            }),
        }
    }

    /// The units in a Location.
    pub fn units_at(&self, at: &Location) -> Vec<&UnitAt> {
        self.units.iter().filter(|u| &u.at == at).collect()
    }

    /// The Good Order ground units of `side` as G11.75 watchers (not in caves or Complexes).
    pub fn watchers(&self, side: Side) -> Vec<Watcher> {
        self.units
            .iter()
            .filter(|u| u.unit.side() == side && u.at.hex().is_some())
            .map(|u| Watcher {
                at: u.at.clone(),
                good_order: u.unit.good_order(),
            })
            .collect()
    }

    /// The hex a Location is in: a cave's own hex, a Cave Complex's Primary cave's hex.
    pub fn hex_of(&self, at: &Location) -> Option<Hex> {
        match at {
            Location::Cave(id) | Location::Complex(id) => self.caves.cave(id).map(|c| c.hex),
            other => other.hex(),
        }
    }

    /// E1.9 / G11.96: whether a Location is Illuminated now: a hex by its light, a cave only
    /// with its hex and Entrance Hex (as the lighting computed it), a Cave Complex never.
    /// Always false by day.
    pub fn lit(&self, at: &Location) -> bool {
        if !self.night() {
            return false;
        }
        match at {
            Location::Complex(_) => false,
            Location::Cave(id) => self.lit_caves.contains(id),
            other => other.hex().is_some_and(|h| self.lit_hexes.contains(&h)),
        }
    }

    /// E1.8 / E1.101: whether a Location is marked by a Gunflash now (never by day).
    pub fn gunflash_at(&self, at: &Location) -> bool {
        self.night()
            && self
                .gunflashes
                .iter()
                .any(|g| same_location(self.map, g, at))
    }

    /// G11.88: whether cave `id` is still on the map.
    pub fn cave_stands(&self, id: &str) -> bool {
        self.caves.cave(id).is_some() && !self.eliminated_caves.iter().any(|c| c == id)
    }

    /// The Climb counter under a unit, if any.
    pub fn climb_of(&self, unit: &str) -> Option<&Climb> {
        self.climbs.iter().find(|c| c.unit == unit)
    }
}

/// Whether two Locations are one: a hex's Base-Level Location may be written `Ground(h)` or
/// `Level(h, base)`.
pub fn same_location(map: &Map, a: &Location, b: &Location) -> bool {
    match (a, b) {
        (Location::Ground(_) | Location::Level(..), Location::Ground(_) | Location::Level(..)) => {
            a.hex() == b.hex() && a.level(map) == b.level(map)
        }
        _ => a == b,
    }
}

/// The situation's part of the LOS environment: SMOKE (only above ground: SMOKE in a cave is
/// not in the rest of its hex, G11.85), Blazes, and the NVR at night. Shared by the scenario as
/// set up and the simulation's live state.
pub fn situation_env<'a>(
    map: &'a Map,
    smoke: impl IntoIterator<Item = (Location, Veil)>,
    blazes: impl IntoIterator<Item = (Hex, u8)>,
    nvr: Option<i32>,
) -> LosEnv<'a> {
    let mut env = LosEnv::new(map);
    for (at, veil) in smoke {
        if let Location::Ground(h) | Location::Level(h, _) = at {
            env.add_veil(h, veil);
        }
    }
    for (h, levels) in blazes {
        env.add_veil(h, Veil::Blaze { levels });
    }
    env.with_nvr(nvr.map(|n| n.max(0) as u32))
}

/// E1.9: the sources of Illumination from lists of Blazes, Flames, Starshells, IR and Trip
/// Flare counters (G.8).
pub fn light_sources_of(
    blazes: impl IntoIterator<Item = (Hex, u8)>,
    flames: impl IntoIterator<Item = Hex>,
    starshells: impl IntoIterator<Item = Hex>,
    irs: impl IntoIterator<Item = Hex>,
    trip_flares: impl IntoIterator<Item = Hex>,
) -> Vec<Source> {
    let src = |kind, hex, levels| Source { kind, hex, levels };
    blazes
        .into_iter()
        .map(|(h, l)| src(SourceKind::Blaze, h, l))
        .chain(flames.into_iter().map(|h| src(SourceKind::Flame, h, 0)))
        .chain(
            starshells
                .into_iter()
                .map(|h| src(SourceKind::Starshell, h, 0)),
        )
        .chain(irs.into_iter().map(|h| src(SourceKind::Ir, h, 0)))
        .chain(
            trip_flares
                .into_iter()
                .map(|h| src(SourceKind::TripFlare, h, 0)),
        )
        .collect()
}

impl GameState {
    /// The state as the rulings read it on `setting`: with the SMOKE in the caves (G11.85) and
    /// the Illumination its light sources give now (E1.9: the hexes lit and by what, those a
    /// Blaze's zone holds in shadow, E1.941; the caves lit by G11.96).
    pub fn situation<'a>(&self, setting: &Setting<'a>) -> Situation<'a> {
        let map = setting.map;
        let mut caves = setting.caves.clone();
        caves.smoke = self
            .smoke
            .iter()
            .filter_map(|s| match &s.at {
                Location::Cave(id) => Some((
                    id.clone(),
                    Veil::of_smoke(s.kind, s.dispersed).hindrance().0,
                )),
                _ => None,
            })
            .collect();
        let sources = light_sources_of(
            self.blazes.iter().copied(),
            self.flames.iter().copied(),
            self.starshells.iter().copied(),
            self.irs.iter().copied(),
            self.trip_flare_counters.iter().copied(),
        );
        let marks = light_marks(map, &sources, self.night.night());
        let mut lit_hexes = HashSet::new();
        let mut lit_by = HashMap::new();
        let mut shadowed_hexes = HashSet::new();
        for d in map.hexes() {
            if let Some((kind, _)) = marks.lit_by(d.hex) {
                lit_hexes.insert(d.hex);
                lit_by.insert(d.hex, kind);
            }
            if marks.shadowed(d.hex) {
                shadowed_hexes.insert(d.hex);
            }
        }
        let lit_caves = setting
            .caves
            .caves
            .iter()
            .filter(|c| !self.eliminated_caves.contains(&c.id))
            .filter(|c| marks.cave(c).is_some())
            .map(|c| c.id.clone())
            .collect();
        Situation {
            map,
            caves,
            kindling: setting.kindling,
            year: setting.year,
            ob_japanese_squads: setting.ob_japanese_squads,
            tables: setting.tables,
            state: self.clone(),
            lit_hexes,
            lit_caves,
            lit_by,
            shadowed_hexes,
        }
    }
}
