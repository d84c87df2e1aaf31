//! The live situation read from the world, in the plain types the rules take: the LOS
//! environment (map, SMOKE, Blazes, NVR), the cave system with its SMOKE, the light sources,
//! and the units. The viewer and the actions both read it here, so neither rebuilds it.

use std::collections::{HashMap, HashSet};

use bevy::prelude::*;

use super::Board;
use super::components::*;
use super::phase::{NightState, Phase, PlayerTurn, Tallies};
use crate::hex::Hex;
use crate::los::Veil;
use crate::los::{Location, LosEnv};
use crate::model::SmokeKind;
use crate::rules::caves::CaveSystem;
use crate::rules::situation::situation_env;
use crate::rules::situation::{ClimbAt, Situation, SmokeAt, UnitAt};

/// A unit as the actions see it.
#[derive(Clone, Debug)]
pub struct UnitView {
    pub entity: Entity,
    pub unit: Unit,
    pub at: Location,
    pub hidden: bool,
    pub concealed: bool,
    pub cloaked: bool,
}

/// The live situation.
#[derive(Clone, Debug, Default)]
pub struct Live {
    pub smoke: Vec<(Location, SmokeKind, bool)>,
    pub blazes: Vec<(Hex, u8)>,
    pub flames: Vec<Hex>,
    pub starshells: Vec<Hex>,
    pub irs: Vec<Hex>,
    pub nvr: Option<i32>,
    /// Every unit, sorted by id.
    pub units: Vec<UnitView>,
    /// Caves still hidden, sorted.
    pub hidden_caves: Vec<String>,
}

impl Live {
    /// Reads the situation from the world.
    pub fn read(world: &mut World) -> Live {
        let mut live = Live {
            nvr: world.resource::<NightState>().nvr,
            ..Live::default()
        };
        let mut q = world.query::<&Smoke>();
        live.smoke = q
            .iter(world)
            .map(|s| (s.at.clone(), s.kind, s.dispersed))
            .collect();
        let mut q = world.query::<&Blaze>();
        live.blazes = q.iter(world).map(|b| (b.hex, b.levels)).collect();
        let mut q = world.query::<&Flame>();
        live.flames = q.iter(world).map(|f| f.hex).collect();
        let mut q = world.query::<&Starshell>();
        live.starshells = q.iter(world).map(|f| f.hex).collect();
        let mut q = world.query::<&IlluminatingRound>();
        live.irs = q.iter(world).map(|f| f.hex).collect();
        let mut q = world.query::<(
            Entity,
            &Unit,
            &At,
            Has<Hidden>,
            Has<Concealed>,
            Has<Cloaked>,
        )>();
        live.units = q
            .iter(world)
            .map(|(entity, u, at, hidden, concealed, cloaked)| UnitView {
                entity,
                unit: u.clone(),
                at: at.0.clone(),
                hidden,
                concealed,
                cloaked,
            })
            .collect();
        live.units.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
        let mut q = world.query_filtered::<&CaveCounter, With<Hidden>>();
        live.hidden_caves = q.iter(world).map(|c| c.id.clone()).collect();
        live.hidden_caves.sort();
        // Queries over hash-ordered archetypes: sort everything that reaches the log.
        live.smoke
            .sort_by_key(|(at, k, d)| (format!("{at:?}"), format!("{k:?}"), *d));
        live.blazes.sort();
        live.flames.sort();
        live.starshells.sort();
        live.irs.sort();
        live
    }

    /// The LOS environment now: map, above-ground SMOKE, Blazes, NVR.
    pub fn env<'a>(&'a self, board: &'a Board) -> LosEnv<'a> {
        situation_env(
            &board.scenario.map,
            self.smoke
                .iter()
                .map(|(at, kind, dispersed)| (at.clone(), Veil::of_smoke(*kind, *dispersed))),
            self.blazes.iter().copied(),
            self.nvr,
        )
    }

    /// The cave system with the SMOKE now in its caves (G11.85).
    pub fn caves(&self, board: &Board) -> CaveSystem {
        let mut caves = board.caves.clone();
        caves.smoke = self
            .smoke
            .iter()
            .filter_map(|(at, kind, dispersed)| match at {
                Location::Cave(id) => {
                    Some((id.clone(), Veil::of_smoke(*kind, *dispersed).hindrance().0))
                }
                _ => None,
            })
            .collect();
        caves
    }

    /// The units in a Location.
    pub fn units_at(&self, at: &Location) -> Vec<&UnitView> {
        self.units.iter().filter(|u| &u.at == at).collect()
    }
}

/// Whether a Location is Illuminated now (E1.9, kept by the lighting system): a hex by its
/// `Illuminated` marker, a cave only with its hex and Entrance Hex (G11.96), a Cave Complex
/// never. Always false by day.
pub fn location_lit(world: &mut World, at: &Location) -> bool {
    if !world.resource::<NightState>().night() {
        return false;
    }
    match at {
        Location::Complex(_) => false,
        Location::Cave(id) => {
            let mut q = world.query_filtered::<&CaveCounter, With<Illuminated>>();
            q.iter(world).any(|c| &c.id == id)
        }
        other => other.hex().is_some_and(|h| {
            let mut q = world.query_filtered::<&HexCell, With<Illuminated>>();
            q.iter(world).any(|c| c.0 == h)
        }),
    }
}

/// The situation now in the rules' plain facts (`rules::situation`): what every ruling reads.
/// The sim builds it before each decision, calls the ruling, and applies its plan.
pub fn situation<'a>(world: &mut World, board: &'a Board) -> Situation<'a> {
    let live = Live::read(world);
    let phase = *world.resource::<State<Phase>>().get();
    let turn = world.resource::<PlayerTurn>().clone();
    let tallies = world.resource::<Tallies>().clone();
    let mut q = world.query::<&Gunflash>();
    let mut gunflashes: Vec<Location> = q.iter(world).map(|g| g.at.clone()).collect();
    gunflashes.sort_by_key(|l| format!("{l:?}"));
    let mut q = world.query::<&Climb>();
    let mut climbs: Vec<ClimbAt> = q
        .iter(world)
        .map(|c| ClimbAt {
            hex: c.hex,
            vertex: c.vertex,
            level: c.level,
            unit: c.unit.clone(),
        })
        .collect();
    climbs.sort_by(|a, b| a.unit.cmp(&b.unit));
    let mut q = world.query::<&Smoke>();
    let mut smoke: Vec<SmokeAt> = q
        .iter(world)
        .map(|s| SmokeAt {
            at: s.at.clone(),
            kind: s.kind,
            dispersed: s.dispersed,
            placed_in: s.placed_in,
        })
        .collect();
    smoke.sort_by_key(|s| (format!("{:?}", s.at), format!("{:?}", s.kind), s.dispersed));
    let mut q = world.query::<&CaveCounter>();
    let standing: HashSet<String> = q.iter(world).map(|c| c.id.clone()).collect();
    let mut eliminated_caves: Vec<String> = board
        .caves
        .caves
        .iter()
        .map(|c| c.id.clone())
        .filter(|id| !standing.contains(id))
        .collect();
    eliminated_caves.sort();
    let mut q = world.query_filtered::<&CaveCounter, With<AlliedControl>>();
    let mut allied_controlled: Vec<String> = q.iter(world).map(|c| c.id.clone()).collect();
    allied_controlled.sort();
    let mut q = world.query::<(&HexCell, &Illuminated)>();
    let lit_by: HashMap<Hex, _> = q
        .iter(world)
        .filter_map(|(c, i)| i.by.map(|k| (c.0, k)))
        .collect();
    let mut q = world.query_filtered::<&HexCell, With<Illuminated>>();
    let lit_hexes = q.iter(world).map(|c| c.0).collect();
    let mut q = world.query_filtered::<&HexCell, With<Shadowed>>();
    let shadowed_hexes = q.iter(world).map(|c| c.0).collect();
    let mut q = world.query_filtered::<&CaveCounter, With<Illuminated>>();
    let lit_caves = q.iter(world).map(|c| c.id.clone()).collect();
    let caves = live.caves(board);
    let scenario = &board.scenario;
    let mut q = world.query::<&TripFlares>();
    let mut trip_flares: Vec<(Hex, u32)> = q.iter(world).map(|t| (t.hex, t.count)).collect();
    trip_flares.sort();
    let mut q = world.query::<&TripFlareCounter>();
    let mut trip_flare_counters: Vec<Hex> = q.iter(world).map(|t| t.hex).collect();
    trip_flare_counters.sort();
    Situation {
        map: &scenario.map,
        caves,
        phase,
        player_turn: turn.number,
        attacker: turn.attacker,
        nvr: live.nvr,
        kindling: scenario.night.as_ref().is_some_and(|n| n.kindling),
        year: scenario.date.map(|(y, _)| y),
        heroes_created: tallies.heroes_created,
        smoke,
        blazes: live.blazes,
        flames: live.flames,
        starshells: live.starshells,
        irs: live.irs,
        trip_flares,
        trip_flare_counters,
        units: live
            .units
            .into_iter()
            .map(|u| UnitAt {
                unit: u.unit,
                at: u.at,
                hidden: u.hidden,
                concealed: u.concealed,
                cloaked: u.cloaked,
            })
            .collect(),
        climbs,
        hidden_caves: live.hidden_caves,
        eliminated_caves,
        allied_controlled,
        lit_hexes,
        lit_caves,
        lit_by,
        shadowed_hexes,
        gunflashes,
        gunflash_vs_enemy: tallies.gunflash_vs_enemy,
    }
}

/// The entity of the unit with this id, if it is in play.
pub fn unit_entity(world: &mut World, id: &str) -> Option<Entity> {
    let mut q = world.query::<(Entity, &Unit)>();
    q.iter(world).find(|(_, u)| u.id == id).map(|(e, _)| e)
}
