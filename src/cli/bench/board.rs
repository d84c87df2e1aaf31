//! The benchmark board, laid out deterministically, several of them one above the other for the
//! scale figures, and the built-in scenario moved onto them.

use crate::hex::Hex;
use crate::map::{Depression, Map, StreamKind, Terrain};
use crate::scenario::Scenario;

/// The benchmark board: a full board with two hills (to Level 3), jungle, kunai, palm trees, a
/// gully and a stream, laid out deterministically.
pub fn bench_map() -> Map {
    bench_map_of(1)
}

/// `boards` benchmark boards one above the other (33 columns, 11 rows each: a map is at most
/// 52 columns wide), for the viewer's frame cost.
pub fn bench_map_of(boards: u32) -> Map {
    let boards = boards.max(1);
    let mut m = Map::new(Some("99".into()), 33, 11 * boards - 1, 0, Terrain::Open);
    let hexes: Vec<Hex> = m.hexes().map(|d| d.hex).collect();
    let hill = |col: u32, row: i32| crate::hex::HexId { col, row }.hex();
    let hills: Vec<(Hex, i32)> = (0..boards as i32)
        .flat_map(|b| [(hill(7, 4 + 11 * b), 3), (hill(22, 7 + 11 * b), 2)])
        .collect();
    for h in hexes {
        let mut id = h.id().expect("on map");
        id.row %= 11;
        let level = hills
            .iter()
            .map(|&(c, top)| top - c.distance(h) as i32)
            .max()
            .unwrap_or(0)
            .max(0);
        let mix = (id.col * 7 + id.row as u32 * 13) % 11;
        let terrain = match mix {
            0 | 1 => Terrain::Jungle,
            2 => Terrain::Kunai,
            3 => Terrain::PalmTrees,
            _ => Terrain::Open,
        };
        let depression = match (id.col, id.row) {
            (14, 1..=5) => Some(Depression::Gully),
            (15..=18, 6) => Some(Depression::Stream(StreamKind::Shallow)),
            _ => None,
        };
        let level = if depression.is_some() { -1 } else { level };
        m.set_hex(h, Some(level), Some(terrain), depression);
    }
    m
}

/// The built-in scenario on `boards` benchmark boards, by day, with nothing on the map but its
/// units (caves, SMOKE, fires, the script cleared).
pub(super) fn bench_scenario(boards: u32) -> Scenario {
    let mut s = Scenario::builtin();
    s.map = bench_map_of(boards);
    s.title = format!("moves bench, {boards} board(s)");
    s.night = None;
    s.ob_caves = None;
    s.ob_trip_flares = None;
    s.caves.clear();
    s.complexes.clear();
    s.tunnels.clear();
    s.smoke.clear();
    s.blazes.clear();
    s.flames.clear();
    s.starshells.clear();
    s.illuminating_rounds.clear();
    s.trip_flares.clear();
    s.gunflashes.clear();
    s.script.clear();
    s
}
