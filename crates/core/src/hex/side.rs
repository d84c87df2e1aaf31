//! Hexsides (`F7-G7`), vertices (`T4-S5-S4`) and hexspines.
//!
//! A hexside is named by its two hexes and a vertex by its three mutually adjacent hexes. The
//! canonical text lists the hexes in board order (by column, then row): `S4-S5-T4`.
//! A hexspine is the line from a hex centre through one of its vertices.

use std::fmt;

use super::coord::{Direction, Hex};
use super::id::HexId;
use super::id::ParseError;

/// A hexside: the edge shared by two adjacent hexes, stored in board order (`a < b`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hexside {
    pub a: Hex,
    pub b: Hex,
}

/// A vertex: the point where three mutually adjacent hexes meet, stored in board order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub hexes: [Hex; 3],
}

fn id_of(h: Hex) -> String {
    h.id()
        .map_or_else(|| format!("({},{})", h.q, h.r), |i| i.to_string())
}

/// The `n` hex ids of a hexside or vertex text (`F7-G7`, `T4-S5-S4`), not yet read.
pub(crate) fn split_ids<'t>(
    text: &'t str,
    what: &'static str,
    n: usize,
) -> Result<Vec<&'t str>, ParseError> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    if parts.len() != n {
        return Err(ParseError::new(
            text,
            what,
            format!("expected {n} hex ids joined by '-'"),
        ));
    }
    Ok(parts)
}

fn parse_hexes(text: &str, what: &'static str, n: usize) -> Result<Vec<Hex>, ParseError> {
    split_ids(text, what, n)?
        .iter()
        .map(|p| {
            HexId::parse(p)
                .map(HexId::hex)
                .map_err(|e| ParseError::new(text, what, e.why))
        })
        .collect()
}

impl Hexside {
    /// The hexside between two hexes, if they are adjacent.
    pub fn between(x: Hex, y: Hex) -> Option<Hexside> {
        x.is_adjacent(y).then(|| Hexside {
            a: x.min(y),
            b: x.max(y),
        })
    }

    /// Parses `F7-G7`; the two hexes must be adjacent.
    pub fn parse(text: &str) -> Result<Hexside, ParseError> {
        let h = parse_hexes(text, "hexside", 2)?;
        Hexside::between(h[0], h[1]).ok_or_else(|| {
            ParseError::new(
                text,
                "hexside",
                format!("{} and {} are not adjacent", id_of(h[0]), id_of(h[1])),
            )
        })
    }

    /// The hex across this hexside from `h`, if `h` is one of its two hexes.
    pub fn other(self, h: Hex) -> Option<Hex> {
        if h == self.a {
            Some(self.b)
        } else if h == self.b {
            Some(self.a)
        } else {
            None
        }
    }

    pub fn touches(self, h: Hex) -> bool {
        self.a == h || self.b == h
    }

    /// The two vertices at the ends of this hexside.
    pub fn vertices(self) -> [Vertex; 2] {
        let d = self
            .a
            .direction_to(self.b)
            .expect("hexside hexes are adjacent");
        let cw = self.a.neighbor(d.clockwise());
        let ccw = self.a.neighbor(Direction::ALL[(d.index() + 5) % 6]);
        [
            Vertex::of(self.a, self.b, ccw).expect("mutually adjacent"),
            Vertex::of(self.a, self.b, cw).expect("mutually adjacent"),
        ]
    }
}

impl Vertex {
    /// The vertex of three hexes, if they are mutually adjacent.
    pub fn of(x: Hex, y: Hex, z: Hex) -> Option<Vertex> {
        if !(x.is_adjacent(y) && y.is_adjacent(z) && x.is_adjacent(z)) {
            return None;
        }
        let mut hexes = [x, y, z];
        hexes.sort();
        Some(Vertex { hexes })
    }

    /// Parses `T4-S5-S4`; the three hexes must be mutually adjacent. A vertex may name a hex off
    /// the map (`U1-T0-U0` on a board edge).
    pub fn parse(text: &str) -> Result<Vertex, ParseError> {
        let h = parse_hexes(text, "vertex", 3)?;
        Vertex::of(h[0], h[1], h[2]).ok_or_else(|| {
            ParseError::new(
                text,
                "vertex",
                format!(
                    "{}, {} and {} are not mutually adjacent",
                    id_of(h[0]),
                    id_of(h[1]),
                    id_of(h[2])
                ),
            )
        })
    }

    pub fn touches(self, h: Hex) -> bool {
        self.hexes.contains(&h)
    }

    /// The three hexsides that meet at this vertex.
    pub fn hexsides(self) -> [Hexside; 3] {
        let [x, y, z] = self.hexes;
        [(x, y), (x, z), (y, z)].map(|(p, q)| Hexside::between(p, q).expect("adjacent"))
    }

    /// The point in thirds of cube coordinates (the centroid of its three hexes' centres).
    pub fn point3(self) -> [i64; 3] {
        let q: i64 = self.hexes.iter().map(|h| i64::from(h.q)).sum();
        let r: i64 = self.hexes.iter().map(|h| i64::from(h.r)).sum();
        [q, r, -q - r]
    }

    /// The vertex's position in board units (see `Hex::center`).
    pub fn center(self) -> (f64, f64) {
        let c = self.hexes.map(Hex::center);
        (
            (c[0].0 + c[1].0 + c[2].0) / 3.0,
            (c[0].1 + c[1].1 + c[2].1) / 3.0,
        )
    }
}

/// The six vertices of a hex, clockwise from the one between its N and NE neighbours.
/// Each defines one hexspine: the line from the hex's centre through that vertex.
pub fn hexspines(h: Hex) -> [Vertex; 6] {
    Direction::ALL.map(|d| {
        Vertex::of(h, h.neighbor(d), h.neighbor(d.clockwise())).expect("mutually adjacent")
    })
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", id_of(self.a), id_of(self.b))
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.hexes;
        write!(f, "{}-{}-{}", id_of(x), id_of(y), id_of(z))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        HexId::parse(s).unwrap().hex()
    }

    #[test]
    fn hexsides_parse_in_either_order_and_print_in_board_order() {
        let s = Hexside::parse("G7-F7").unwrap();
        assert_eq!(s, Hexside::parse("F7-G7").unwrap());
        assert_eq!(s.to_string(), "F7-G7");
        assert_eq!(s.other(h("F7")), Some(h("G7")));
        assert_eq!(s.other(h("A1")), None);
    }

    #[test]
    fn f7_h7_is_not_a_hexside() {
        let e = Hexside::parse("F7-H7").unwrap_err();
        assert!(e.to_string().contains("not adjacent"), "{e}");
        assert!(Hexside::parse("F7").is_err());
        assert!(Hexside::parse("F7-G7-G8").is_err());
        assert!(Hexside::parse("F7-F7").is_err());
    }

    #[test]
    fn every_vertex_vector_from_the_seeds_is_a_vertex() {
        for v in [
            "T4-S5-S4",
            "T4-T5-S5",
            "W9-X9-W10",
            "W9-W10-V9",
            "U1-V1-U2",
            "G5-H5-G6",
            "U1-T0-U0",
        ] {
            let parsed = Vertex::parse(v).unwrap_or_else(|e| panic!("{v}: {e}"));
            // Canonical text re-parses to the same vertex.
            assert_eq!(Vertex::parse(&parsed.to_string()).unwrap(), parsed);
        }
        assert_eq!(Vertex::parse("T4-S5-S4").unwrap().to_string(), "S4-S5-T4");
    }

    #[test]
    fn a_vertex_of_hexes_not_mutually_adjacent_is_an_error() {
        // T4, S5 adjacent; T6 is adjacent to neither.
        let e = Vertex::parse("T4-S5-T6").unwrap_err();
        assert!(e.to_string().contains("not mutually adjacent"), "{e}");
        // A straight line of three hexes: pairwise adjacent only at the ends.
        assert!(Vertex::parse("S4-S5-S6").is_err());
        assert!(Vertex::parse("T4-S5").is_err());
    }

    #[test]
    fn a_hexside_has_two_vertices_each_touching_both_hexes() {
        let side = Hexside::parse("S5-T4").unwrap();
        let vs = side.vertices();
        assert_ne!(vs[0], vs[1]);
        for v in vs {
            assert!(v.touches(h("S5")) && v.touches(h("T4")));
            assert!(v.hexsides().contains(&side));
        }
        let names: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
        assert!(names.contains(&"S4-S5-T4".to_string()), "{names:?}");
        assert!(names.contains(&"S5-T4-T5".to_string()), "{names:?}");
    }

    #[test]
    fn six_hexspines_per_hex_at_distinct_vertices() {
        let spines = hexspines(h("M5"));
        for (i, v) in spines.iter().enumerate() {
            assert!(v.touches(h("M5")));
            for w in &spines[i + 1..] {
                assert_ne!(v, w);
            }
            // A vertex lies one third of the way to the neighbours' centres: 1/sqrt(3) from the centre.
            let (cx, cy) = h("M5").center();
            let (vx, vy) = v.center();
            let dist = ((vx - cx).powi(2) + (vy - cy).powi(2)).sqrt();
            assert!((dist - 1.0 / 3f64.sqrt()).abs() < 1e-9);
        }
    }
}
