//! VASL board archives: synthetic archives written by our encoder (`vasl::encode`) read back
//! hex by hex; the error cases, and inputs that must fail without panicking, in `errors`.

mod errors;

use asl_pto_core::hex::{Direction, HexId};
use asl_pto_core::map::{Depression, StreamKind, Terrain};
use asl_pto_core::vasl::encode::{SyntheticBoard, TERRAIN_TYPES, los_data_entry, terrain_names};
use asl_pto_core::vasl::{
    BoardArchive, Grid, Read, import_hexes, read_archive_bytes, read_los_data, terrain_of,
};

fn id(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

/// Board 36 in miniature (A..E, 4 rows): a hill (C2, D2 Level 1; C3 Level 2) with a cliff on
/// C3's south hexside, jungle, kunai, a gully, water, a road and a stairway.
pub fn hill_board() -> SyntheticBoard {
    let mut b = SyntheticBoard::new("36", 5, 4);
    b.set("C2", 1, "Open Ground")
        .set("D2", 1, "Open Ground")
        .set("C3", 2, "Open Ground")
        .set("D3", 1, "Kunai")
        .set("A1", 0, "Light Jungle")
        .set("A2", 0, "Dense Jungle")
        .set("B2", 0, "Kunai")
        .set("B3", -1, "Gully")
        .set("B4", -1, "Gully")
        .set("E1", -1, "Water")
        .set("E3", 0, "Woods")
        .set("D0", 0, "Dirt Road")
        .set("E4", 0, "Dirt Road")
        .cliff("C3", Direction::S)
        .stairway("C2");
    b
}

fn read(b: &SyntheticBoard, file: &str) -> BoardArchive {
    let names = terrain_names();
    read_archive_bytes(file, &b.archive(&names).unwrap(), &names).unwrap()
}

/// What the importer must make of a hex set on the synthetic board.
fn expected(b: &SyntheticBoard, h: HexId) -> (i32, Terrain, Option<Depression>, String) {
    let (level, name) = b.get(h);
    let (terrain, depression) = match terrain_of(name) {
        Some(Read::Terrain(t)) => (t, None),
        Some(Read::Depression(d)) => (Terrain::Open, Some(d)),
        _ => (Terrain::Open, None),
    };
    (i32::from(level), terrain, depression, name.to_string())
}

#[test]
fn every_hex_of_a_small_hill_board_is_read_back() {
    let b = hill_board();
    let a = read(&b, "/boards/bd99");
    assert_eq!(
        a.board, "36",
        "BoardMetadata.xml's name wins over the file name"
    );
    assert_eq!((a.columns, a.rows), (5, 4));
    // A, C, E hold rows 1..4; B, D rows 0..4.
    assert_eq!(a.hexes.len(), 3 * 4 + 2 * 5);
    for h in &a.hexes {
        let (level, terrain, depression, name) = expected(&b, h.id);
        assert_eq!(h.level, level, "{} level", h.id);
        assert_eq!(h.terrain, terrain, "{} terrain", h.id);
        assert_eq!(h.depression, depression, "{} depression", h.id);
        assert_eq!(h.vasl_terrain, name, "{} VASL name", h.id);
        let cliffs = match h.id {
            x if x == id("C3") => vec![Direction::S],
            x if x == id("C4") => vec![Direction::N],
            _ => vec![],
        };
        assert_eq!(h.cliffs, cliffs, "{} cliffs", h.id);
        assert_eq!(h.stairway, h.id == id("C2"), "{} stairway", h.id);
    }
    // Spot checks in our own words.
    let hex = |s: &str| a.hex(id(s)).unwrap();
    assert_eq!(
        (hex("C3").level, hex("C2").level, hex("C1").level),
        (2, 1, 0)
    );
    assert_eq!(hex("A1").terrain, Terrain::Jungle);
    assert_eq!(hex("A2").terrain, Terrain::DenseJungle);
    assert_eq!(hex("B2").terrain, Terrain::Kunai);
    assert_eq!(
        hex("E3").terrain,
        Terrain::Woods,
        "woods stay woods until G.1"
    );
    assert_eq!(hex("B3").depression, Some(Depression::Gully));
    assert_eq!(hex("B3").level, -1, "a gully's level is its floor");
    assert_eq!((hex("E1").terrain, hex("E1").level), (Terrain::Water, -1));
    assert_eq!(
        a.notes,
        vec!["VASL terrain 'Dirt Road' is not modelled: 2 hexes read as Open Ground".to_string()]
    );
}

#[test]
fn a_cliff_hexside_is_read_from_the_pixel_inside_its_middle() {
    let names = terrain_names();
    let cliff = names.code("Cliff").unwrap();
    let b = hill_board();
    // The same board without its painted cliff band.
    let mut plain = SyntheticBoard::new("36", 5, 4);
    for h in b.grid.ids() {
        let (l, n) = b.get(h);
        plain.set(&h.to_string(), l, n);
    }
    let mut los = plain.paint(&names).unwrap();
    let grid = Grid::of(&los);
    let (hexes, _) = import_hexes(&los, &names).unwrap();
    assert!(hexes.iter().all(|h| h.cliffs.is_empty()));

    // One Cliff pixel on the hexside line itself, 8 px from its middle: no hex reads it.
    let (mx, my) = grid.centre(id("C3"));
    let mid = (mx, my + grid.row_spacing / 2.0);
    let (x, y) = grid.pixel((mid.0 + 8.0, mid.1)).unwrap();
    let (level, _) = los.pixel(x, y).unwrap();
    los.set_pixel(x, y, level, cliff);
    let (hexes, _) = import_hexes(&los, &names).unwrap();
    assert!(hexes.iter().all(|h| h.cliffs.is_empty()));

    // The one pixel 3 px inside the middle of C3's south hexside: C3 has that cliff, and C4,
    // whose own pixel inside the same hexside is not Cliff, does not.
    let (x, y) = grid.probe_pixel(id("C3"), Direction::S).unwrap();
    assert_eq!(
        (x, y),
        (113, 191),
        "x = 2 * 56.25, y = 3 * 64.5 - 3 = 190.5, rounded"
    );
    let (level, _) = los.pixel(x, y).unwrap();
    los.set_pixel(x, y, level, cliff);
    let (hexes, _) = import_hexes(&los, &names).unwrap();
    let with: Vec<(HexId, Vec<Direction>)> = hexes
        .iter()
        .filter(|h| !h.cliffs.is_empty())
        .map(|h| (h.id, h.cliffs.clone()))
        .collect();
    assert_eq!(with, vec![(id("C3"), vec![Direction::S])]);
}

#[test]
fn the_imported_board_becomes_a_map_with_its_cliff_between_both_hexes() {
    let a = read(&hill_board(), "bd36");
    let m = a.to_map();
    assert_eq!(m.board.as_deref(), Some("36"));
    let side = m.hexside("C3-C4").unwrap();
    assert!(m.is_cliff(side));
    assert_eq!(m.cliffs().len(), 1);
    let c3 = m.get(m.hex("C3").unwrap()).unwrap();
    assert_eq!(c3.level, 2);
    let b3 = m.get(m.hex("B3").unwrap()).unwrap();
    assert_eq!((b3.level, b3.depression), (-1, Some(Depression::Gully)));
    assert_eq!(b3.rim(), Some(0));
    assert_eq!(
        m.get(m.hex("A2").unwrap()).unwrap().printed,
        Terrain::DenseJungle
    );
}

#[test]
fn the_board_is_named_after_the_file_when_board_metadata_names_none() {
    let mut b = hill_board();
    b.name = None;
    let a = read(&b, "/home/me/VASL/boards/bd36");
    assert_eq!(a.board, "36");
    assert!(
        a.notes.iter().any(|n| n.contains("gives no board name")),
        "{:?}",
        a.notes
    );
    b.with_metadata = false;
    let a = read(&b, "bdRB");
    assert_eq!(a.board, "RB");
    assert!(
        a.notes
            .iter()
            .any(|n| n.starts_with("no BoardMetadata.xml")),
        "{:?}",
        a.notes
    );
}

#[test]
fn streams_and_pto_terrain_names_are_read_by_their_codes() {
    let mut b = SyntheticBoard::new("x", 5, 4);
    b.set("A1", -1, "Shallow Stream")
        .set("A2", -1, "Deep Stream")
        .set("A3", -1, "Dry Stream")
        .set("A4", -1, "Flooded Stream")
        .set("B1", 0, "Sunken Road")
        .set("B2", 0, "Bamboo")
        .set("B3", 0, "Palm Trees")
        .set("B4", 0, "Huts")
        .set("C1", 0, "Swamp")
        .set("C2", 0, "Rice Paddy, Irrigated")
        .set("C3", 0, "Stone Building")
        .set("C4", 0, "Wooden Building, 1 Level")
        .set("D1", 0, "Brush")
        .set("D2", 0, "Grain")
        .set("D3", 0, "Marsh")
        .set("D4", 0, "Orchard");
    let a = read(&b, "bdx");
    let get = |s: &str| a.hex(id(s)).unwrap();
    let stream = |k| Some(Depression::Stream(k));
    assert_eq!(get("A1").depression, stream(StreamKind::Shallow));
    assert_eq!(get("A2").depression, stream(StreamKind::Deep));
    assert_eq!(get("A3").depression, stream(StreamKind::Dry));
    assert_eq!(get("A4").depression, stream(StreamKind::Flooded));
    assert_eq!(get("B1").depression, Some(Depression::SunkenRoad));
    let terrains: Vec<Terrain> = [
        "B2", "B3", "B4", "C1", "C2", "C3", "C4", "D1", "D2", "D3", "D4",
    ]
    .iter()
    .map(|s| get(s).terrain)
    .collect();
    use asl_pto_core::map::BuildingKind::{Stone, Wooden};
    assert_eq!(
        terrains,
        vec![
            Terrain::Bamboo,
            Terrain::PalmTrees,
            Terrain::Huts,
            Terrain::Swamp,
            Terrain::Paddy,
            Terrain::Building(Stone, 1),
            Terrain::Building(Wooden, 2),
            Terrain::Brush,
            Terrain::Grain,
            Terrain::Marsh,
            Terrain::Orchard,
        ]
    );
    assert!(a.notes.is_empty(), "{:?}", a.notes);
}

#[test]
fn a_full_size_board_round_trips_on_the_1800_by_645_grid() {
    let names = terrain_names();
    let pool: Vec<&str> = TERRAIN_TYPES
        .iter()
        .map(|(_, n)| *n)
        .filter(|n| *n != "Cliff")
        .collect();
    let mut b = SyntheticBoard::standard("36");
    let grid = b.grid;
    assert_eq!((grid.grid_width, grid.grid_height), (1800, 645));
    for (i, h) in grid.ids().enumerate() {
        let level = ((h.col as i32 * 3 + h.row) % 5 - 1) as i8;
        b.set(&h.to_string(), level, pool[i * 7 % pool.len()]);
        if i % 11 == 0 {
            b.stairway(&h.to_string());
        }
    }
    // Cliffs inside the board, on the edges' columns and half hexes.
    let cliffs = [
        ("A1", Direction::SE),
        ("B0", Direction::S),
        ("I4", Direction::NE),
        ("Q6", Direction::SW),
        ("FF10", Direction::N),
        ("GG5", Direction::NW),
        ("GG9", Direction::S),
    ];
    for (h, d) in cliffs {
        b.cliff(h, d);
    }
    let entry = los_data_entry(&b.paint(&names).unwrap());
    let los = read_los_data(&entry).unwrap();
    assert_eq!(
        (los.width, los.height, los.grid_width, los.grid_height),
        (33, 10, 1800, 645)
    );
    assert_eq!(los.stairways.len(), 346, "17 columns of 10 and 16 of 11");

    let a = read(&b, "bd36");
    assert_eq!(a.hexes.len(), 346);
    for (i, h) in a.hexes.iter().enumerate() {
        let (level, terrain, depression, name) = expected(&b, h.id);
        assert_eq!(
            (h.level, h.terrain, h.depression),
            (level, terrain, depression),
            "{}",
            h.id
        );
        assert_eq!(h.vasl_terrain, name, "{}", h.id);
        assert_eq!(h.stairway, i % 11 == 0, "{}", h.id);
        let mut want: Vec<Direction> = Vec::new();
        for (c, d) in cliffs {
            let c = id(c);
            if c == h.id {
                want.push(d);
            }
            if c.hex().neighbor(d).id() == Some(h.id) {
                want.push(d.opposite());
            }
        }
        want.sort();
        assert_eq!(h.cliffs, want, "{} cliffs", h.id);
    }
    assert!(a.hex(id("GG10")).is_some() && a.hex(id("B0")).is_some());
    assert!(a.hex(id("A0")).is_none());
    assert_eq!(a.to_map().cliffs().len(), cliffs.len());
}
