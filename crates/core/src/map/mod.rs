//! The map: Base Levels, terrain, depressions, cliffs, roads, water, and the Crest Lines derived
//! from them (asl-facts.md "Levels, hills, depressions, cliffs"; G.1 PTO Terrain).

mod grid;
pub mod layout;
mod pto;
pub mod terrain;

pub use grid::*;
pub use layout::{Layout, PlacedBoard};
pub use terrain::{BuildingKind, LEVEL, LosEffect, PtoConversion, Terrain, TerrainInfo};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Hexside;

    fn board() -> Map {
        Map::new(Some("36".into()), 33, 10, 0, Terrain::Open)
    }

    #[test]
    fn a0_does_not_exist_but_b0_does() {
        let m = board();
        let e = m.hex("A0").unwrap_err();
        assert!(e.to_string().contains("rows 1..10"), "{e}");
        assert!(m.hex("B0").is_ok());
        assert!(m.hex("B10").is_ok());
        assert!(m.hex("A10").is_ok());
        assert!(m.hex("A11").is_err());
        assert!(m.hex("HH1").is_err());
        assert_eq!(m.hexes().count(), 17 * 10 + 16 * 11);
    }

    #[test]
    fn board_prefix_must_match_the_map() {
        let m = board();
        assert_eq!(m.hex("36I4").unwrap(), m.hex("I4").unwrap());
        let e = m.hex("25I4").unwrap_err();
        assert!(matches!(e, MapError::WrongBoard(..)), "{e}");
        assert_eq!(m.hexside("36I4-36H3").unwrap(), m.hexside("I4-H3").unwrap());
    }

    #[test]
    fn every_hexside_and_vertex_of_a_layout_reads_back_from_its_printed_name() {
        let rows: Vec<Vec<String>> = vec![
            vec!["36".into(), "37 rotated".into()],
            vec!["38 rotated".into(), "39".into()],
        ];
        let m = Map::laid_out(Layout::parse(&rows).unwrap(), 0, Terrain::Open);
        let (mut sides, mut vertices) = (0, 0);
        for d in m.hexes() {
            assert_eq!(m.hex(&m.name(d.hex)).unwrap(), d.hex);
            for v in crate::hex::hexspines(d.hex) {
                let name = m.vertex_name(v);
                // An off-map hex no board can write (left of column A, above row 0) prints
                // as coordinates; every other vertex reads back as itself.
                if !name.contains('(') && !name.contains("--") {
                    assert_eq!(m.vertex(&name), Ok(v), "{name}");
                    vertices += 1;
                }
            }
            for n in d.hex.neighbors() {
                if m.contains(n) {
                    let side = Hexside::between(d.hex, n).unwrap();
                    assert_eq!(m.hexside(&m.side_name(side)), Ok(side));
                    sides += 1;
                }
            }
        }
        assert!(sides > 7000 && vertices > 7500, "{sides} {vertices}");
    }

    #[test]
    fn edge_vertex_may_name_an_off_map_hex() {
        let m = board();
        assert!(m.vertex("U1-T0-U0").is_ok());
        assert!(m.hexside("U1-U0").is_err());
    }

    #[test]
    fn crest_lines_between_levels_and_along_depression_rims() {
        let mut m = board();
        let s5 = m.hex("S5").unwrap();
        let h5 = m.hex("H5").unwrap();
        m.set_hex(s5, Some(3), None, None);
        m.set_hex(h5, Some(-1), None, Some(Depression::Gully));
        let side = m.hexside("S5-T4").unwrap();
        assert_eq!(m.crest_line(side), Some(3));
        assert_eq!(m.crest_line(m.hexside("H5-H6").unwrap()), Some(0));
        assert_eq!(m.crest_line(m.hexside("A1-A2").unwrap()), None);
        let all = m.crest_lines();
        assert_eq!(all.iter().filter(|(s, _)| s.touches(s5)).count(), 6);
        assert_eq!(all.iter().filter(|(s, _)| s.touches(h5)).count(), 6);
    }

    #[test]
    fn water_stands_at_the_floor_or_the_rim_when_flooded() {
        let mut m = board();
        let h3 = m.hex("H3").unwrap();
        m.set_hex(
            h3,
            Some(-1),
            None,
            Some(Depression::Stream(StreamKind::Shallow)),
        );
        assert_eq!(m.get(h3).unwrap().water_level(), Some(-1));
        m.set_hex(
            h3,
            None,
            None,
            Some(Depression::Stream(StreamKind::Flooded)),
        );
        assert_eq!(m.get(h3).unwrap().water_level(), Some(0));
        m.set_hex(h3, None, None, Some(Depression::Gully));
        assert_eq!(m.get(h3).unwrap().water_level(), None);
    }
}
