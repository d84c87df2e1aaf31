//! What a scenario sets up on the map: the Japanese OB's fortification counts (caves G11.91,
//! trip flares G.8), the trip flares recorded in hexes (G.8), the caves (G11.1), Cave Complexes
//! (G11.2) and tunnels (G11.933), the units with their status, and the SMOKE counters and Blazes
//! in play. Ids and locations stay plain strings here.

use serde::{Deserialize, Serialize};

use crate::model::{Nationality, SmokeKind};

/// `ob: (caves: 8, trip_flares: Some(4))`: the OB's fortification counts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename = "Ob", deny_unknown_fields)]
pub struct ObSpec {
    /// Cave counters given by the Japanese OB (G11.91); `None` means not checked.
    #[serde(default)]
    pub caves: Option<u32>,
    /// Trip flares available to the U.S. player (G.8); `None` means not checked.
    #[serde(default)]
    pub trip_flares: Option<u32>,
}

/// `(hex: "L3", count: 2)`: trip flares set up in a hex's Location (G.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "TripFlares", deny_unknown_fields)]
pub struct TripFlareSpec {
    pub hex: String,
    pub count: u32,
}

/// One cave: `(id: "G", hex: "S5", ca: "S5-T4", level: Some(1))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Cave", deny_unknown_fields)]
pub struct CaveSpec {
    /// Cave id, used as `cave:<id>`.
    pub id: String,
    /// Hex holding the cave.
    pub hex: String,
    /// CA Hexside, e.g. `"S5-T4"`; must be a hexside of `hex`.
    pub ca: String,
    /// Level of the cave; `None` derives it (G11.111/.112).
    #[serde(default)]
    pub level: Option<i32>,
    /// Whether this is the Primary cave of a Cave Complex.
    #[serde(default)]
    pub primary: bool,
}

/// A Cave Complex (G11.2): `(primary: "M", hexes: ["S5", "S6"])`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Complex", deny_unknown_fields)]
pub struct ComplexSpec {
    /// Id of the complex's Primary cave.
    pub primary: String,
    /// Hexes of the complex.
    pub hexes: Vec<String>,
}

/// A tunnel (G11.933) between two locations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Tunnel", deny_unknown_fields)]
pub struct TunnelSpec {
    /// One end, a location such as `"complex:M"`.
    pub from: String,
    /// The other end, a location such as `"T6"`.
    pub to: String,
}

/// One unit: `(id: "us1", nationality: American, counter: "7-6-8", at: "T4")`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Unit", deny_unknown_fields)]
pub struct UnitSpec {
    /// Unit id, unique in the file.
    pub id: String,
    /// Nationality of the counter.
    pub nationality: Nationality,
    /// Counter name from the counter catalog, e.g. `"4-4-7"`.
    pub counter: String,
    /// Location, e.g. `"T4"`, `"S4@2"`, `"T4@1/T4-S5-S4"`, `"cave:A"`.
    pub at: String,
    /// Hidden (HIP).
    #[serde(default)]
    pub hidden: bool,
    /// Concealed.
    #[serde(default)]
    pub concealed: bool,
    /// Cloaked.
    #[serde(default)]
    pub cloaked: bool,
    /// Possesses a Demolition Charge (A23; G11.833, G1.424).
    #[serde(default)]
    pub dc: bool,
    /// Broken (A10).
    #[serde(default)]
    pub broken: bool,
    /// Desperation Morale (A10.62; only with `broken`).
    #[serde(default)]
    pub dm: bool,
    /// Pinned (A7.8).
    #[serde(default)]
    pub pinned: bool,
    /// Wounded (A17; a SMC only).
    #[serde(default)]
    pub wounded: bool,
    /// CX (A4.5).
    #[serde(default)]
    pub cx: bool,
    /// Berserk (A15; never with `broken`).
    #[serde(default)]
    pub berserk: bool,
}

/// A SMOKE counter: `(at: "cave:A", kind: Grenade)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Smoke", deny_unknown_fields)]
pub struct SmokeSpec {
    /// Location of the SMOKE.
    pub at: String,
    /// Kind of SMOKE.
    pub kind: SmokeKind,
}

/// A Blaze: `(hex: "K6", levels: 1)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Blaze", deny_unknown_fields)]
pub struct BlazeSpec {
    /// Hex of the Blaze.
    pub hex: String,
    /// Height of the Blaze in levels (default 1).
    #[serde(default = "default_blaze_levels")]
    pub levels: u8,
}

fn default_blaze_levels() -> u8 {
    1
}
