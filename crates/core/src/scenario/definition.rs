//! A scenario as the program holds it once read (`Scenario`: the map, caves, units, script,
//! victory conditions and plans, resolved and checked), with what it fixes for every game
//! (`setting`, `cave_system`, its night and light).

use super::raw::ElrSpec;
use crate::hex::Hex;
use crate::los::{Location, LosEnv, Veil};
use crate::map::Map;
use crate::model::{Cloud, Moon, Nationality, Phase, Side, SmokeKind};
use crate::rules::Problem;
use crate::rules::caves::{CaveInput, CaveSystem, Complex, Tunnel, TunnelEnd};
use crate::rules::night::light::{Lighting, Source, cave_lit, illuminate};
use crate::rules::night::nvr;

/// The scenario shipped inside the program (`asl-pto` with no file).
pub const BUILTIN_NAME: &str = "scenarios/cliff_caves.ron";
pub const BUILTIN: &str = include_str!("../../../../scenarios/cliff_caves.ron");

/// Night conditions (E1.1).
#[derive(Clone, Debug, PartialEq)]
pub struct Night {
    /// The SSR Base NVR, or `None` to derive it from cloud and moon (E1.11; see `Scenario::nvr`).
    pub base_nvr: Option<i32>,
    pub cloud: Cloud,
    pub moon: Moon,
    /// Ground or Falling Snow (E1.11).
    pub snow: bool,
    /// SSR: Fires may be deliberately set at night (E1.94).
    pub kindling: bool,
}

/// A Cave counter as set up (G11.1): the rules' own input type.
pub type CaveDef = CaveInput;

/// A Cave Complex (G11.2), named by its Primary cave: the rules' own type.
pub type ComplexDef = Complex;

/// A tunnel (G11.933).
#[derive(Clone, Debug, PartialEq)]
pub struct TunnelDef {
    pub from: Location,
    pub to: Location,
}

/// A unit as set up.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitDef {
    pub id: String,
    pub nationality: Nationality,
    pub counter: String,
    pub at: Location,
    pub hidden: bool,
    pub concealed: bool,
    pub cloaked: bool,
    /// Possesses a Demolition Charge.
    pub dc: bool,
    /// Broken, DM, pinned, wounded, CX, berserk as set up.
    pub status: crate::model::UnitStatus,
}

impl UnitDef {
    /// The side this unit fights for.
    pub fn side(&self) -> Side {
        Side::of(self.nationality)
    }
}

/// SMOKE on the map or in a cave.
#[derive(Clone, Debug, PartialEq)]
pub struct SmokeDef {
    pub at: Location,
    pub kind: SmokeKind,
}

/// One resolved walkthrough action (scenario-format.md "Walkthrough script"): the core's order
/// vocabulary (`rules::orders::Order`), which Play mode, `orders` and the walk all speak.
pub use crate::rules::orders::{CaveId, Order, UnitId};

/// One walkthrough step.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Step {
    pub say: Option<String>,
    pub phase: Option<Phase>,
    pub act: Option<Order>,
    /// The program's own order (a game played against it, issue 28): `say` is its reason,
    /// logged as the event `opponent`, and its `act` is its side's order.
    pub opponent: bool,
}

pub use crate::rules::situation::{light_sources_of, situation_env};

/// A loaded, resolved scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The file name used in messages.
    pub file: String,
    pub title: String,
    pub notes: Option<String>,
    pub date: Option<(i32, u32)>,
    pub night: Option<Night>,
    pub map: Map,
    pub ob_caves: Option<u32>,
    pub caves: Vec<CaveDef>,
    pub complexes: Vec<ComplexDef>,
    pub tunnels: Vec<TunnelDef>,
    pub units: Vec<UnitDef>,
    pub smoke: Vec<SmokeDef>,
    pub blazes: Vec<(Hex, u8)>,
    pub flames: Vec<Hex>,
    pub starshells: Vec<Hex>,
    pub illuminating_rounds: Vec<Hex>,
    /// Trip flares (G.8): the hex and how many are set up in its Location, secretly recorded
    /// by the U.S. player.
    pub trip_flares: Vec<(Hex, u32)>,
    /// Trip flares in the U.S. OB (G.8), if the file says.
    pub ob_trip_flares: Option<u32>,
    /// Locations marked by a Gunflash at the start (E1.8).
    pub gunflashes: Vec<Location>,
    pub script: Vec<Step>,
    /// The ATTACKER of the first Player Turn.
    pub first_attacker: Side,
    /// The Scenario Attacker (E1.2, E1.4, G1.631); the other side is the Scenario Defender.
    pub scenario_attacker: Side,
    /// ELR per side (A19).
    pub elr: ElrSpec,
    /// The fingerprint of the file's text (`input::fingerprint`): a save names it.
    pub fingerprint: String,
    /// The file's text as loaded (Play mode writes it back with its own script).
    pub source: std::sync::Arc<str>,
    /// The dice seed the file asks for (`seed`), used when the command line gives none.
    pub seed: Option<u64>,
    /// The Game Turns the scenario lasts (A26), if it ends.
    pub turns: Option<u32>,
    /// The victory conditions (A26), in the order they are checked.
    pub victory: Vec<crate::rules::victory::VictoryCondition>,
    /// Its plans for the sides (`plans:`), read by the program's kinds.
    pub plans: Vec<crate::state::SidePlan>,
}

impl Scenario {
    /// The facts G.8 sets trip flares up by: a 1944-5 PTO night scenario with a U.S. Scenario
    /// Defender (the Allies defend and field American units).
    pub fn trip_flare_scenario(&self) -> crate::rules::night::illumination_fire::TripFlareScenario {
        crate::rules::night::illumination_fire::TripFlareScenario {
            year: self.date.map_or(0, |(y, _)| y.max(0) as u32),
            pto: self.map.pto,
            night: self.night.is_some(),
            us_scenario_defender: self.scenario_attacker == Side::Japanese
                && self
                    .units
                    .iter()
                    .any(|u| u.nationality == Nationality::American),
        }
    }

    /// What the scenario fixes for the whole game, as the rulings read it with the state:
    /// the map, `caves` (its `cave_system`), the SSRs, the OB facts, and the tables this run
    /// installed at start (`rules::tables`; the one place they are read from).
    pub fn setting<'a>(&'a self, caves: &'a CaveSystem) -> crate::state::Setting<'a> {
        crate::state::Setting {
            map: &self.map,
            caves,
            kindling: self.night.as_ref().is_some_and(|n| n.kindling),
            year: self.date.map(|(y, _)| y),
            ob_japanese_squads: crate::rules::orders::heroes::japanese_squads_in_ob(
                self.units
                    .iter()
                    .map(|d| (d.nationality, d.counter.as_str())),
            ),
            cloaking_allotted: self.units.iter().find(|u| u.cloaked).map_or(0, |c| {
                let side = crate::model::Side::of(c.nationality);
                crate::rules::orders::cloaking::cloaking_allotment(
                    self.units
                        .iter()
                        .filter(|u| crate::model::Side::of(u.nationality) == side)
                        .map(|u| (u.nationality, u.counter.as_str())),
                )
            }),
            elr_japanese: i32::from(self.elr.japanese),
            elr_allied: i32::from(self.elr.allied),
            turns: self.turns,
            victory: &self.victory,
            plans: &self.plans,
            tables: crate::rules::tables::Tables::get(),
        }
    }

    /// Parses a Location on this scenario's map, checking cave and complex ids.
    pub fn location(&self, text: &str) -> Result<Location, String> {
        let loc = Location::parse(text, &self.map).map_err(|e| e.to_string())?;
        match &loc {
            Location::Cave(id) if !self.caves.iter().any(|c| &c.id == id) => Err(format!(
                "Location '{text}': there is no cave '{id}' in this scenario"
            )),
            Location::Complex(id) if !self.complexes.iter().any(|c| &c.primary == id) => Err(
                format!("Location '{text}': there is no Cave Complex with Primary cave '{id}'"),
            ),
            _ => Ok(loc),
        }
    }

    /// The caves, Cave Complexes and tunnels as the G11 rules see them, with the setup
    /// problems G11.1-G11.2 find (`check` reports them).
    pub fn cave_system(&self) -> (CaveSystem, Vec<Problem>) {
        let mut problems = Vec::new();
        let end = |l: &Location, problems: &mut Vec<Problem>| match l {
            Location::Complex(id) => Some(TunnelEnd::Complex(id.clone())),
            Location::Cave(id) => {
                problems.push(Problem {
                    rule: "G11.933",
                    at: format!("cave:{id}"),
                    message: format!(
                        "a tunnel connects a Cave Complex to another Location, not cave {id} \
                         itself"
                    ),
                });
                None
            }
            other => other.hex().map(TunnelEnd::Hex),
        };
        let tunnels: Vec<Tunnel> = self
            .tunnels
            .iter()
            .filter_map(|t| {
                let from = end(&t.from, &mut problems)?;
                let to = end(&t.to, &mut problems)?;
                Some(Tunnel { from, to })
            })
            .collect();
        let (mut system, mut more) =
            CaveSystem::build(&self.map, &self.caves, &self.complexes, &tunnels);
        problems.append(&mut more);
        system.smoke = self
            .smoke
            .iter()
            .filter_map(|s| match &s.at {
                Location::Cave(id) => {
                    Some((id.clone(), Veil::of_smoke(s.kind, false).hindrance().0))
                }
                _ => None,
            })
            .collect();
        (system, problems)
    }

    /// E1.1/E1.11: the Base NVR at night: the SSR's, or derived from cloud cover and moon.
    pub fn nvr(&self) -> Option<i32> {
        self.night.as_ref().map(|n| {
            n.base_nvr
                .unwrap_or_else(|| nvr::base_nvr(n.cloud, n.moon, n.snow))
        })
    }

    /// The sources of Illumination as set up (E1.9): Blazes, Flames, Starshells, IR.
    pub fn light_sources(&self) -> Vec<Source> {
        light_sources_of(
            self.blazes.iter().copied(),
            self.flames.iter().copied(),
            self.starshells.iter().copied(),
            self.illuminating_rounds.iter().copied(),
            std::iter::empty(),
        )
    }

    /// E1.9/G11.96: is this Location Illuminated as the scenario is set up? (A cave when its
    /// hex and Entrance Hex are; a Cave Complex never.)
    pub fn illuminated(&self, at: &Location) -> bool {
        let env = LosEnv::new(&self.map).obstacles_only();
        let lighting = illuminate(&env, &self.light_sources());
        let (caves, _) = self.cave_system();
        lit_in(&env, &lighting, &caves, at)
    }

    /// The LOS environment of the scenario as set up: map, SMOKE and Blazes, and the NVR at
    /// night.
    pub fn los_env(&self) -> LosEnv<'_> {
        situation_env(
            &self.map,
            self.smoke
                .iter()
                .map(|s| (s.at.clone(), Veil::of_smoke(s.kind, false))),
            self.blazes.iter().copied(),
            self.nvr(),
        )
    }
}

/// E1.9/G11.96: is `at` Illuminated under `lighting` (`env` the map's obstacles only)? A cave
/// when its hex and Entrance Hex are; a Cave Complex never.
pub(super) fn lit_in(env: &LosEnv, lighting: &Lighting, caves: &CaveSystem, at: &Location) -> bool {
    match at {
        Location::Cave(id) => caves.cave(id).is_some_and(|c| cave_lit(env, lighting, c)),
        Location::Complex(_) => false,
        other => other.hex().is_some_and(|h| lighting.is_lit(env, h)),
    }
}
