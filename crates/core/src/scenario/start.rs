//! The game as a scenario sets it up (`Scenario::initial_state`): before the first RPh (Setup),
//! the first Player Turn with its ATTACKER, the night as set up (E1.1), every unit where it is
//! with its status, a Climb counter under each unit set up Climbing (B11.4), the caves, Cave
//! Complexes and tunnels hidden (G11.3), SMOKE, fires and Illumination, trip flares and
//! Gunflashes (E1.8: read as marking fire at an enemy, so E1.55's Jitter Fire may occur from the
//! start). Every game starts here: the walk, Play mode and `duel` alike.

use super::definition::Scenario;
use crate::los::Location;
use crate::model::{Cloud, Moon, Phase, Unit};
use crate::rules::situation::UnitAt;
use crate::state::{Climb, GameState, NightState, PlayerTurn, Scoring, Smoke, Tallies};

impl Scenario {
    /// E1.1: the scenario's night as set up: its NVR (`None` by day), cloud and moon.
    pub fn night_state(&self) -> NightState {
        NightState {
            nvr: self.nvr(),
            cloud: self.night.as_ref().map_or(Cloud::Clear, |n| n.cloud),
            moon: self.night.as_ref().map_or(Moon::Full, |n| n.moon),
        }
    }

    /// The game as set up, before the first RPh (see the module doc), sorted.
    pub fn initial_state(&self) -> GameState {
        let units: Vec<UnitAt> = self
            .units
            .iter()
            .map(|u| UnitAt {
                unit: Unit {
                    dc: u.dc,
                    broken: u.status.broken,
                    dm: u.status.dm,
                    wounded: u.status.wounded,
                    pinned: u.status.pinned,
                    cx: u.status.cx,
                    berserk: u.status.berserk,
                    ..Unit::new(&u.id, u.nationality, &u.counter)
                },
                at: u.at.clone(),
                hidden: u.hidden,
                concealed: u.concealed,
                cloaked: u.cloaked,
            })
            .collect();
        let climbs = self
            .units
            .iter()
            .filter_map(|u| match u.at {
                Location::Climbing { hex, level, vertex } => Some(Climb {
                    hex,
                    vertex,
                    level,
                    unit: u.id.clone(),
                }),
                _ => None,
            })
            .collect();
        GameState {
            turn: PlayerTurn::first(self.first_attacker),
            phase: Phase::Setup,
            night: self.night_state(),
            tallies: Tallies {
                gunflash_vs_enemy: !self.gunflashes.is_empty(),
                ..Tallies::default()
            },
            scoring: Scoring::default(),
            units,
            climbs,
            smoke: self
                .smoke
                .iter()
                .map(|s| Smoke {
                    at: s.at.clone(),
                    kind: s.kind,
                    dispersed: false,
                    placed_in: 0,
                })
                .collect(),
            blazes: self.blazes.clone(),
            flames: self.flames.clone(),
            starshells: self.starshells.clone(),
            irs: self.illuminating_rounds.clone(),
            trip_flares: self.trip_flares.clone(),
            trip_flare_counters: Vec::new(),
            gunflashes: self.gunflashes.clone(),
            hidden_caves: self.caves.iter().map(|c| c.id.clone()).collect(),
            eliminated_caves: Vec::new(),
            allied_controlled: Vec::new(),
            hidden_complexes: self.complexes.iter().map(|c| c.primary.clone()).collect(),
            revealed_tunnels: Vec::new(),
        }
        .sorted()
    }
}
