//! The top level of a scenario file (`ScenarioFile`, the `Scenario(...)` value) and its small
//! field types.

use serde::{Deserialize, Serialize};

use super::map::MapSpec;
use super::script::StepSpec;
use super::setup::{
    BlazeSpec, CaveSpec, ComplexSpec, ObSpec, SmokeSpec, TripFlareSpec, TunnelSpec, UnitSpec,
};
use crate::model::{Cloud, Moon, Side};

/// A whole scenario file: the top-level `Scenario(...)` value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioFile {
    /// Title shown in the viewer and the reports. Required.
    pub title: String,
    /// Free text shown in the viewer.
    #[serde(default)]
    pub notes: Option<String>,
    /// Date of the scenario; the month feeds E1.11, the year G1.421.
    #[serde(default)]
    pub date: Option<DateSpec>,
    /// G.1 PTO Terrain in effect (default `true`).
    #[serde(default = "default_true")]
    pub pto: bool,
    /// Night conditions; absent or `None` means daylight.
    #[serde(default)]
    pub night: Option<NightSpec>,
    /// The map. Required.
    pub map: MapSpec,
    /// Japanese OB counts (G11.91); absent means the OB is not checked.
    #[serde(default)]
    pub ob: ObSpec,
    /// The caves on the map.
    #[serde(default)]
    pub caves: Vec<CaveSpec>,
    /// Cave Complexes (G11.2).
    #[serde(default)]
    pub complexes: Vec<ComplexSpec>,
    /// Tunnels (G11.933).
    #[serde(default)]
    pub tunnels: Vec<TunnelSpec>,
    /// The units on the map or in caves.
    #[serde(default)]
    pub units: Vec<UnitSpec>,
    /// SMOKE counters in play.
    #[serde(default)]
    pub smoke: Vec<SmokeSpec>,
    /// Blazes in play.
    #[serde(default)]
    pub blazes: Vec<BlazeSpec>,
    /// Hexes holding a Flame counter.
    #[serde(default)]
    pub flames: Vec<String>,
    /// Hexes lit by a Starshell.
    #[serde(default)]
    pub starshells: Vec<String>,
    /// Hexes lit by an Illuminating Round.
    #[serde(default)]
    pub illuminating_rounds: Vec<String>,
    /// Trip flares secretly recorded by the U.S. Scenario Defender (G.8).
    #[serde(default)]
    pub trip_flares: Vec<TripFlareSpec>,
    /// Locations marked by a Gunflash (E1.8) at the start.
    #[serde(default)]
    pub gunflashes: Vec<String>,
    /// The walkthrough, run step by step by `asl-pto walk` and the viewer.
    #[serde(default)]
    pub script: Vec<StepSpec>,
    /// The side that is ATTACKER in the first Player Turn (default `Allied`).
    #[serde(default)]
    pub attacker: Option<Side>,
    /// The Scenario Attacker (E1.2, E1.4, G1.631), apart from who moves first; default: the
    /// side named by `attacker`.
    #[serde(default)]
    pub scenario_attacker: Option<Side>,
    /// Experience Level Ratings (A19), per side; default 3 for both.
    #[serde(default)]
    pub elr: ElrSpec,
    /// The dice seed for `walk` and `view` when the command line gives none (default 1).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The Game Turns the scenario lasts (A26): the game ends after the last Player Turn of
    /// that Game Turn. Absent: the game does not end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    /// The victory conditions (A26), checked in this order at the game's end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub victory: Vec<VictorySpec>,
    /// The scenario's plans for the sides, read by the program's kinds (not rules):
    /// `plans: [(side: Japanese, stance: Some(Hold), objectives: ["cave:G"])]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plans: Vec<PlanSpec>,
}

/// A plan for a side: its stance (`Attack` or `Hold`; absent: as its victory conditions say)
/// and the Locations it plays for (absent or empty: as its victory conditions say).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Plan", deny_unknown_fields)]
pub struct PlanSpec {
    pub side: Side,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stance: Option<crate::state::Stance>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<String>,
}

/// A victory condition (A26): `Control(Allied, ["cave:G", "S5"])` (the side Controls every
/// Location named), `CasualtyVp(Japanese, 10)` (the side has amassed at least that many
/// Casualty VP), `Otherwise(Japanese)` (the side wins if no condition before holds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictorySpec {
    Control(Side, Vec<String>),
    CasualtyVp(Side, u32),
    Otherwise(Side),
}

/// `elr: (japanese: 3, allied: 4)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Elr", deny_unknown_fields)]
pub struct ElrSpec {
    /// The Japanese ELR.
    #[serde(default = "default_elr")]
    pub japanese: u8,
    /// The Allied ELR.
    #[serde(default = "default_elr")]
    pub allied: u8,
}

impl Default for ElrSpec {
    fn default() -> Self {
        ElrSpec {
            japanese: default_elr(),
            allied: default_elr(),
        }
    }
}

fn default_elr() -> u8 {
    3
}

fn default_true() -> bool {
    true
}

/// `date: (year: 1945, month: 4)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Date", deny_unknown_fields)]
pub struct DateSpec {
    /// Calendar year, e.g. 1945.
    pub year: u16,
    /// Month, 1 (January) to 12 (December); the range is checked by the layer above.
    pub month: u8,
}

/// `night: Some((base_nvr: Some(2), cloud: Scattered, moon: Half))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Night", deny_unknown_fields)]
pub struct NightSpec {
    /// SSR Base NVR; `None` derives it from cloud and moon (E1.11).
    #[serde(default)]
    pub base_nvr: Option<i32>,
    /// Cloud cover.
    pub cloud: Cloud,
    /// Moon phase.
    pub moon: Moon,
    /// Ground Snow or Falling Snow: the NVR Modifier is added to 6 instead of 3 (E1.11).
    #[serde(default)]
    pub snow: bool,
    /// SSR: Fires may be deliberately set at night (E1.94).
    #[serde(default)]
    pub kindling: bool,
}
