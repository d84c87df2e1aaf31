//! The `map: (...)` section of a scenario file: the map's size or its geomorphic boards (read
//! from VASL board archives with `import`), its default Base Level and terrain, the per-hex
//! overrides (`hexes`: level, terrain, Depression), and the cliff (B11) and road hexsides. Hexes
//! and hexsides stay plain strings here.

use serde::{Deserialize, Serialize};

use super::ordered_map::OrderedMap;
use crate::map::{Depression, Terrain};

/// The `map: (...)` section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Map", deny_unknown_fields)]
pub struct MapSpec {
    /// Board number; with `Some("36")`, `"36I4"` and `"I4"` name the same hex.
    #[serde(default)]
    pub board: Option<String>,
    /// Geomorphic boards in rows, left to right (`[["36", "37"], ["38", "39 rotated"]]`):
    /// the map's hexes are theirs, named with their board's prefix. Given instead of
    /// `columns` and `rows`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<Vec<String>>>,
    /// With `boards`: read each board's Base Levels, terrain, Depressions and cliffs from the
    /// player's VASL board archives (`bd36`), then apply `hexes`, `cliffs` and `roads` on top.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub import: bool,
    /// Number of hex columns (A, B, …, Z, AA, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<u32>,
    /// Number of hex rows; odd-lettered columns hold rows 1..=rows, even-lettered 0..=rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<u32>,
    /// Base Level of every hex not listed in `hexes` (default 0).
    #[serde(default)]
    pub level: i32,
    /// Terrain of every hex not listed in `hexes` (default `Open`).
    #[serde(default)]
    pub terrain: Terrain,
    /// Per-hex overrides. A key is one or more hex ids separated by spaces.
    #[serde(default)]
    pub hexes: OrderedMap<HexSpec>,
    /// Cliff hexsides, e.g. `"S5-T4"`.
    #[serde(default)]
    pub cliffs: Vec<String>,
    /// Road hexsides, e.g. `"J4-I4"`.
    #[serde(default)]
    pub roads: Vec<String>,
}

/// The value of one `hexes` entry; every field left out keeps the map's default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename = "Hex", deny_unknown_fields)]
pub struct HexSpec {
    /// Base Level (the floor, for a Depression hex).
    #[serde(default)]
    pub level: Option<i32>,
    /// Terrain, before PTO conversion.
    #[serde(default)]
    pub terrain: Option<Terrain>,
    /// Depression kind, if the hex is a Depression.
    #[serde(default)]
    pub depression: Option<Depression>,
}
