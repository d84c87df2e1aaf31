//! VASL terrain names (the `name` of SharedBoardMetadata.xml's `terrainType` elements) mapped
//! onto our terrain, depressions and cliffs.
//!
//! Ordinary terrain stays as printed (Woods, Brush, Grain, Marsh, Orchard): the map converts it
//! by G.1 when the scenario is PTO. VASL's own PTO names (Light Jungle, Dense Jungle, Bamboo,
//! Palm Trees, Huts, Kunai, Swamp, Rice Paddy) map to our PTO terrain directly. A name we do
//! not model (roads, walls, hedges, bridges, factories, ...) has no entry: the importer reads it
//! as Open Ground and says so in the archive's notes.

use crate::map::{BuildingKind, Depression, StreamKind, Terrain};

/// What a VASL terrain name is read as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// Terrain of the hex.
    Terrain(Terrain),
    /// A Depression hex (its terrain is read as Open Ground, its floor is its Base Level).
    Depression(Depression),
    /// Cliff: read on hexsides (the pixel inside a hexside's middle).
    Cliff,
}

use BuildingKind::{Stone, Wooden};
use Read::{Cliff, Depression as D, Terrain as T};

/// The mapping table. VASL building names count Levels above ground: "Stone Building, 1 Level"
/// has a Level 1, so two floors (ground and Level 1) in our `Building(kind, floors)`; the plain
/// "Stone Building" is a ground-floor building.
const TABLE: &[(&str, Read)] = &[
    ("Open Ground", T(Terrain::Open)),
    // Grain out of season: Open Ground.
    ("Plowed Field", T(Terrain::Open)),
    ("Woods", T(Terrain::Woods)),
    ("Pine Woods", T(Terrain::Woods)),
    ("Brush", T(Terrain::Brush)),
    ("Grain", T(Terrain::Grain)),
    ("Marsh", T(Terrain::Marsh)),
    ("Orchard", T(Terrain::Orchard)),
    ("Orchard, Out of Season", T(Terrain::Orchard)),
    ("Light Jungle", T(Terrain::Jungle)),
    ("Jungle", T(Terrain::Jungle)),
    ("Dense Jungle", T(Terrain::DenseJungle)),
    ("Bamboo", T(Terrain::Bamboo)),
    ("Palm Trees", T(Terrain::PalmTrees)),
    ("Huts", T(Terrain::Huts)),
    ("Kunai", T(Terrain::Kunai)),
    ("Swamp", T(Terrain::Swamp)),
    ("Rice Paddy, Drained", T(Terrain::Paddy)),
    ("Rice Paddy, Irrigated", T(Terrain::Paddy)),
    ("Rice Paddy, In Season", T(Terrain::Paddy)),
    ("Sand", T(Terrain::Sand)),
    ("Water", T(Terrain::Water)),
    ("Shallow Water", T(Terrain::Water)),
    ("River", T(Terrain::Water)),
    ("Shallow River", T(Terrain::Water)),
    ("Canal", T(Terrain::Water)),
    ("Ocean", T(Terrain::Water)),
    ("Shallow Ocean", T(Terrain::Water)),
    ("Stone Building", T(Terrain::Building(Stone, 1))),
    ("Stone Building, 1 Level", T(Terrain::Building(Stone, 2))),
    ("Stone Building, 2 Level", T(Terrain::Building(Stone, 3))),
    ("Stone Building, 3 Level", T(Terrain::Building(Stone, 4))),
    ("Stone Building, 4 Level", T(Terrain::Building(Stone, 5))),
    ("Wooden Building", T(Terrain::Building(Wooden, 1))),
    ("Wooden Building, 1 Level", T(Terrain::Building(Wooden, 2))),
    ("Wooden Building, 2 Level", T(Terrain::Building(Wooden, 3))),
    ("Wooden Building, 3 Level", T(Terrain::Building(Wooden, 4))),
    ("Wooden Building, 4 Level", T(Terrain::Building(Wooden, 5))),
    ("Stone Rubble", T(Terrain::Rubble)),
    ("Wooden Rubble", T(Terrain::Rubble)),
    ("Stone Rubble Ground Level", T(Terrain::Rubble)),
    ("Wooden Rubble Ground Level", T(Terrain::Rubble)),
    ("Gully", D(Depression::Gully)),
    ("Sunken Road", D(Depression::SunkenRoad)),
    ("Dry Stream", D(Depression::Stream(StreamKind::Dry))),
    ("Shallow Stream", D(Depression::Stream(StreamKind::Shallow))),
    ("Deep Stream", D(Depression::Stream(StreamKind::Deep))),
    ("Flooded Stream", D(Depression::Stream(StreamKind::Flooded))),
    ("Cliff", Cliff),
];

/// What the VASL terrain `vasl_name` is read as; `None` for terrain we do not model (read as
/// Open Ground, with a note). Names are matched exactly, then ignoring case and surrounding
/// blanks.
pub fn terrain_of(vasl_name: &str) -> Option<Read> {
    let exact = TABLE.iter().find(|(n, _)| *n == vasl_name);
    let loose = || {
        let name = vasl_name.trim();
        TABLE.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    exact.or_else(loose).map(|(_, r)| *r)
}

/// Every VASL name we map, with what it is read as (for documentation and tests).
pub fn mapped_names() -> impl Iterator<Item = (&'static str, Read)> {
    TABLE.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pto_names_map_to_pto_terrain_and_ordinary_names_stay_for_g1() {
        assert_eq!(terrain_of("Dense Jungle"), Some(T(Terrain::DenseJungle)));
        assert_eq!(terrain_of("Light Jungle"), Some(T(Terrain::Jungle)));
        assert_eq!(terrain_of("Bamboo"), Some(T(Terrain::Bamboo)));
        assert_eq!(terrain_of("Palm Trees"), Some(T(Terrain::PalmTrees)));
        assert_eq!(terrain_of("Huts"), Some(T(Terrain::Huts)));
        assert_eq!(terrain_of("Kunai"), Some(T(Terrain::Kunai)));
        assert_eq!(terrain_of("Swamp"), Some(T(Terrain::Swamp)));
        assert_eq!(terrain_of("Woods"), Some(T(Terrain::Woods)));
        assert_eq!(terrain_of("Brush"), Some(T(Terrain::Brush)));
        assert_eq!(terrain_of("Grain"), Some(T(Terrain::Grain)));
        assert_eq!(terrain_of("Marsh"), Some(T(Terrain::Marsh)));
    }

    #[test]
    fn depressions_and_cliffs_are_read_as_such() {
        assert_eq!(terrain_of("Gully"), Some(D(Depression::Gully)));
        assert_eq!(terrain_of("Sunken Road"), Some(D(Depression::SunkenRoad)));
        assert_eq!(
            terrain_of("Deep Stream"),
            Some(D(Depression::Stream(StreamKind::Deep)))
        );
        assert_eq!(terrain_of("Cliff"), Some(Cliff));
    }

    #[test]
    fn building_levels_count_floors_above_ground() {
        assert_eq!(
            terrain_of("Stone Building"),
            Some(T(Terrain::Building(Stone, 1)))
        );
        assert_eq!(
            terrain_of("Wooden Building, 1 Level"),
            Some(T(Terrain::Building(Wooden, 2)))
        );
    }

    #[test]
    fn roads_walls_and_hedges_are_not_modelled_and_case_is_forgiven() {
        for n in [
            "Dirt Road",
            "Paved Road",
            "Wall",
            "Hedge",
            "Bocage",
            "Crags",
            "Path",
        ] {
            assert_eq!(terrain_of(n), None, "{n}");
        }
        assert_eq!(terrain_of(" dense jungle "), Some(T(Terrain::DenseJungle)));
        assert_eq!(mapped_names().count(), TABLE.len());
    }
}
