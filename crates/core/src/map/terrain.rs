//! The terrain table: one row per terrain type, each value with the rule it comes from.
//!
//! Where our sources (the seeds and asl-facts.md) do not fix a value, the row says so in
//! `uncertain`, so that a correction is a one-line change here and nowhere else.

use serde::{Deserialize, Serialize};

/// Building construction (B23).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuildingKind {
    Stone,
    Wooden,
}

/// The terrain of a hex (after PTO conversion, if any).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    #[default]
    Open,
    Woods,
    Brush,
    Orchard,
    Grain,
    Marsh,
    Jungle,
    DenseJungle,
    Bamboo,
    Kunai,
    PalmTrees,
    Huts,
    Swamp,
    Paddy,
    Sand,
    Water,
    Building(BuildingKind, u8),
    Rubble,
}

/// How terrain affects LOS (A6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LosEffect {
    /// Neither obstacle nor hindrance.
    None,
    /// An obstacle (A6.2) rising `height` half-levels above the hex's Base Level.
    Obstacle { height: i32 },
    /// A hindrance (A6.8) of `drm`, rising `height` half-levels above the Base Level.
    Hindrance { height: i32, drm: u32 },
    /// Orchard-like: a hindrance to LOS at its own level, an obstacle (for Blind Hexes) to LOS
    /// from a higher elevation.
    OrchardLike { height: i32, drm: u32 },
}

/// Fire numbers (B25): Kindle and Spread.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FireNumbers {
    pub kindle: u8,
    pub spread: u8,
}

/// One row of the terrain table.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TerrainInfo {
    pub name: &'static str,
    pub los: LosEffect,
    /// The rule fixing the LOS effect.
    pub los_rule: &'static str,
    /// Terrain Effects Modifier to fire against units in the hex.
    pub tem: i32,
    pub tem_rule: &'static str,
    /// Concealment Terrain (A12.12).
    pub concealment: bool,
    /// Burnable, with its Kindle/Spread numbers (B25.11).
    pub fire: Option<FireNumbers>,
    /// Water/marsh-like terrain: ground that a cave's Entrance Hex may not be at the cave's level
    /// (G11.1), and terrain a cave may not be set up in.
    pub wet: bool,
    /// What about this row our sources do not fix (empty when all is sourced).
    pub uncertain: &'static str,
}

/// Heights are in half-levels: a Level is 2.
pub const LEVEL: i32 = 2;

const fn fire(kindle: u8, spread: u8) -> Option<FireNumbers> {
    Some(FireNumbers { kindle, spread })
}

impl Terrain {
    /// Every terrain with a fixed table row (buildings stand for all their floor counts).
    pub const ALL: [Terrain; 19] = [
        Terrain::Open,
        Terrain::Woods,
        Terrain::Brush,
        Terrain::Orchard,
        Terrain::Grain,
        Terrain::Marsh,
        Terrain::Jungle,
        Terrain::DenseJungle,
        Terrain::Bamboo,
        Terrain::Kunai,
        Terrain::PalmTrees,
        Terrain::Huts,
        Terrain::Swamp,
        Terrain::Paddy,
        Terrain::Sand,
        Terrain::Water,
        Terrain::Building(BuildingKind::Stone, 1),
        Terrain::Building(BuildingKind::Wooden, 1),
        Terrain::Rubble,
    ];

    /// The terrain table row (A6, B-chapter terrain, G.1-G.6 PTO terrain).
    pub fn info(self) -> TerrainInfo {
        use LosEffect::*;
        let row = TerrainInfo {
            name: "Open Ground",
            los: None,
            los_rule: "A6.1",
            tem: 0,
            tem_rule: "A10.5",
            concealment: false,
            fire: Option::None,
            wet: false,
            uncertain: "",
        };
        self.field_info(row)
            .or_else(|| self.pto_info(row))
            .or_else(|| self.other_info(row))
            .unwrap_or(row)
    }

    /// The rows of the B-chapter vegetation: woods, brush, orchard, grain, marsh.
    fn field_info(self, row: TerrainInfo) -> Option<TerrainInfo> {
        use LosEffect::*;
        match self {
            Terrain::Woods => Some(TerrainInfo {
                name: "Woods",
                los: Obstacle { height: LEVEL },
                los_rule: "B13.1",
                tem: 1,
                tem_rule: "B13.3",
                concealment: true,
                fire: fire(9, 7),
                ..row
            }),
            Terrain::Brush => Some(TerrainInfo {
                name: "Brush",
                // B12.2: a LOS Hindrance between same-level firer and target; B12.3: no TEM.
                los: Hindrance { height: 1, drm: 1 },
                los_rule: "B12.2",
                tem_rule: "B12.3",
                concealment: true,
                fire: fire(9, 6),
                uncertain: "hindrance height (half level) assumed",
                ..row
            }),
            Terrain::Orchard => Some(TerrainInfo {
                name: "Orchard",
                los: OrchardLike {
                    height: LEVEL,
                    drm: 1,
                },
                los_rule: "B14.2",
                concealment: true,
                fire: fire(11, 9),
                ..row
            }),
            Terrain::Grain => Some(TerrainInfo {
                name: "Grain",
                los: Hindrance { height: 1, drm: 1 },
                los_rule: "B15.2",
                concealment: true,
                fire: fire(10, 6),
                uncertain: "in-season half-level hindrance assumed",
                ..row
            }),
            Terrain::Marsh => Some(TerrainInfo {
                name: "Marsh",
                los_rule: "B16.1",
                concealment: true,
                wet: true,
                ..row
            }),
            _ => Option::None,
        }
    }

    /// The rows of G.1-G.5 PTO vegetation and huts.
    fn pto_info(self, row: TerrainInfo) -> Option<TerrainInfo> {
        use LosEffect::*;
        match self {
            Terrain::Jungle => Some(TerrainInfo {
                name: "Jungle",
                los: Obstacle { height: 2 * LEVEL },
                los_rule: "G2.1",
                tem: 1,
                tem_rule: "G2.1",
                concealment: true,
                fire: fire(9, 7),
                uncertain: "obstacle height (2 levels) and fire numbers (as woods) from VASL data",
                ..row
            }),
            Terrain::DenseJungle => Some(TerrainInfo {
                name: "Dense Jungle",
                los: Obstacle { height: 2 * LEVEL },
                los_rule: "G2.2",
                tem: 2,
                tem_rule: "G2.2",
                concealment: true,
                fire: fire(9, 7),
                uncertain: "TEM +2 and obstacle height not in our sources",
                ..row
            }),
            Terrain::Bamboo => Some(TerrainInfo {
                name: "Bamboo",
                los: Obstacle { height: LEVEL },
                los_rule: "G3.1",
                tem: 1,
                tem_rule: "G3.1",
                concealment: true,
                fire: fire(9, 6),
                uncertain: "fire numbers as brush",
                ..row
            }),
            Terrain::Kunai => Some(TerrainInfo {
                name: "Kunai",
                los: Hindrance { height: 1, drm: 1 },
                los_rule: "G6.1",
                concealment: true,
                fire: fire(10, 6),
                uncertain: "half-level hindrance and fire numbers (as grain) from VASL data",
                ..row
            }),
            Terrain::PalmTrees => Some(TerrainInfo {
                name: "Palm Trees",
                los: OrchardLike {
                    height: LEVEL,
                    drm: 1,
                },
                los_rule: "G4.1",
                concealment: true,
                fire: fire(11, 9),
                uncertain: "treated as orchard (asl-facts.md)",
                ..row
            }),
            Terrain::Huts => Some(TerrainInfo {
                name: "Huts",
                los: Hindrance {
                    height: LEVEL,
                    drm: 1,
                },
                los_rule: "G5.1",
                tem: 1,
                tem_rule: "G5.1",
                concealment: true,
                fire: fire(7, 8),
                uncertain: "hindrance height, TEM and fire numbers (as wooden building) assumed",
                ..row
            }),
            _ => Option::None,
        }
    }

    /// The rows of the wet terrain (G.7, G.8, F7, B21), buildings and rubble (B23, B24).
    fn other_info(self, row: TerrainInfo) -> Option<TerrainInfo> {
        use LosEffect::*;
        match self {
            Terrain::Swamp => Some(TerrainInfo {
                name: "Swamp",
                los_rule: "G7.1",
                concealment: true,
                wet: true,
                uncertain: "no LOS effect assumed",
                ..row
            }),
            Terrain::Paddy => Some(TerrainInfo {
                name: "Paddy",
                los_rule: "G8.1",
                wet: true,
                uncertain: "paddy banks not modelled",
                ..row
            }),
            Terrain::Sand => Some(TerrainInfo {
                name: "Sand",
                los_rule: "F7.1",
                wet: true,
                ..row
            }),
            Terrain::Water => Some(TerrainInfo {
                name: "Water",
                los_rule: "B21.1",
                wet: true,
                ..row
            }),
            Terrain::Building(kind, floors) => Some(TerrainInfo {
                name: match kind {
                    BuildingKind::Stone => "Stone Building",
                    BuildingKind::Wooden => "Wooden Building",
                },
                // One level per floor plus a half-level roof.
                los: Obstacle {
                    height: LEVEL * i32::from(floors.max(1)) + 1,
                },
                los_rule: "B23.1",
                tem: match kind {
                    BuildingKind::Stone => 3,
                    BuildingKind::Wooden => 2,
                },
                tem_rule: "B23.3",
                concealment: true,
                fire: match kind {
                    BuildingKind::Stone => fire(8, 9),
                    BuildingKind::Wooden => fire(7, 8),
                },
                ..row
            }),
            Terrain::Rubble => Some(TerrainInfo {
                name: "Rubble",
                los: Obstacle { height: 1 },
                los_rule: "B24.1",
                tem: 2,
                tem_rule: "B24.3",
                concealment: true,
                uncertain: "half-level obstacle and TEM +2 assumed",
                ..row
            }),
            _ => Option::None,
        }
    }

    /// G.1 PTO Terrain: woods are Jungle, brush Bamboo, orchards Palm Trees, grain Kunai. (Marsh
    /// next to Jungle becomes Swamp, which depends on the neighbours: see `map::pto`.)
    pub fn pto(self) -> Terrain {
        match self {
            Terrain::Woods => Terrain::Jungle,
            Terrain::Brush => Terrain::Bamboo,
            Terrain::Orchard => Terrain::PalmTrees,
            Terrain::Grain => Terrain::Kunai,
            t => t,
        }
    }

    /// Jungle of either density (for G.1's marsh-to-swamp conversion).
    pub fn is_jungle(self) -> bool {
        matches!(self, Terrain::Jungle | Terrain::DenseJungle)
    }
}

/// One hex whose terrain G.1 changed.
#[derive(Clone, Debug, PartialEq)]
pub struct PtoConversion {
    pub hex: crate::hex::HexId,
    pub from: Terrain,
    pub to: Terrain,
    /// The G.1 clause that applied.
    pub clause: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g1_pto_converts_woods_brush_orchard_grain() {
        assert_eq!(Terrain::Woods.pto(), Terrain::Jungle);
        assert_eq!(Terrain::Brush.pto(), Terrain::Bamboo);
        assert_eq!(Terrain::Orchard.pto(), Terrain::PalmTrees);
        assert_eq!(Terrain::Grain.pto(), Terrain::Kunai);
        assert_eq!(Terrain::Marsh.pto(), Terrain::Marsh);
        assert_eq!(Terrain::Open.pto(), Terrain::Open);
    }

    #[test]
    fn every_row_cites_its_rules_and_burnable_rows_have_fire_numbers() {
        for t in Terrain::ALL {
            let i = t.info();
            assert!(!i.los_rule.is_empty() && !i.tem_rule.is_empty(), "{t:?}");
            if let Some(f) = i.fire {
                assert!((2..=12).contains(&f.kindle) && (2..=12).contains(&f.spread));
            }
        }
        // asl-facts.md Kindle/Spread numbers.
        assert_eq!(Terrain::Woods.info().fire, fire(9, 7));
        assert_eq!(Terrain::Brush.info().fire, fire(9, 6));
        assert_eq!(Terrain::Grain.info().fire, fire(10, 6));
        assert_eq!(Terrain::Orchard.info().fire, fire(11, 9));
        assert_eq!(
            Terrain::Building(BuildingKind::Wooden, 1).info().fire,
            fire(7, 8)
        );
        assert_eq!(
            Terrain::Building(BuildingKind::Stone, 2).info().fire,
            fire(8, 9)
        );
        assert_eq!(Terrain::Open.info().fire, None);
    }

    #[test]
    fn building_height_is_one_level_per_floor_plus_a_half_level_roof() {
        assert_eq!(
            Terrain::Building(BuildingKind::Stone, 2).info().los,
            LosEffect::Obstacle { height: 5 }
        );
    }
}
