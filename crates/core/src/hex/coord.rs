//! Axial and cube coordinates for ASL's flat-topped hexes in vertical columns
//! (Red Blob Games' "flat" orientation).
//!
//! With `c` the column index and `y2` twice the centre's height in rows (an even-lettered column's
//! hex N at `y2 = 2N`, an odd-lettered column's at `y2 = 2N - 1`), the axial coordinates are
//! `q = c` and `r = (y2 - q - 1) / 2`. Cube coordinates are `(q, r, s = -q - r)`.

/// A hex in axial coordinates. Ordering is by column, then row.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six directions from a flat-topped hex to its neighbours, clockwise from north.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::NE,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::NW,
    ];

    /// The axial offset of the neighbour in this direction.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::SE => (1, 0),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::NW => (-1, 0),
        }
    }

    /// Index 0..6, clockwise from north.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// The next direction clockwise.
    pub const fn clockwise(self) -> Direction {
        Direction::ALL[(self as usize + 1) % 6]
    }
}

impl Hex {
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Twice the centre's y coordinate in hex heights (y grows downward).
    pub const fn y2(self) -> i32 {
        2 * self.r + self.q + 1
    }

    pub fn neighbor(self, d: Direction) -> Hex {
        let (dq, dr) = d.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The direction from `self` to `other` if they are adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        let d = (other.q - self.q, other.r - self.r);
        Direction::ALL.into_iter().find(|dir| dir.offset() == d)
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.direction_to(other).is_some()
    }

    /// Hex distance (the ASL range between two hexes).
    pub const fn distance(self, other: Hex) -> u32 {
        let dq = other.q - self.q;
        let dr = other.r - self.r;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The centre dot in board units: adjacent centres are 1 apart, x grows to the right
    /// (`x = col * sqrt(3)/2`), y grows downward (`y = row` or `row - 0.5`, see asl-facts.md).
    pub fn center(self) -> (f64, f64) {
        (
            f64::from(self.q) * 3f64.sqrt() / 2.0,
            f64::from(self.y2()) / 2.0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;

    fn h(s: &str) -> Hex {
        HexId::parse(s).unwrap().hex()
    }

    #[test]
    fn id_round_trip_and_centres_match_asl_facts() {
        for col in 0..33 {
            for row in 0..=10 {
                let id = HexId { col, row };
                assert_eq!(id.hex().id(), Some(id));
            }
        }
        // An even-lettered column's hex N sits at y = N; an odd-lettered column's at N - 0.5.
        assert_eq!(h("B1").center().1, 1.0);
        assert_eq!(h("A1").center().1, 0.5);
        assert_eq!(h("A2").center().1, 1.5);
    }

    #[test]
    fn b1_lies_between_a1_and_a2_and_t4_touches_s4_and_s5() {
        assert!(h("B1").is_adjacent(h("A1")));
        assert!(h("B1").is_adjacent(h("A2")));
        assert!(h("T4").is_adjacent(h("S4")));
        assert!(h("T4").is_adjacent(h("S5")));
    }

    #[test]
    fn every_adjacency_vector_from_the_seeds_is_adjacent() {
        let pairs = [
            "F7-G7", "F6-E7", "F6-G7", "E8-D7", "E8-E9", "E9-D8", "E9-F8", "E9-E10", "I7-H7",
            "I4-H3", "I4-H4", "I4-I3", "K4-L4", "K4-K3", "K2-J1", "K2-K1", "J4-I4", "W9-W10",
            "V4-W5", "DD2-DD3", "DD2-EE3", "DD2-CC2", "U1-T1", "U1-T0", "U1-U2", "S5-T4", "S5-T5",
            "S4-S5",
        ];
        for p in pairs {
            let (a, b) = p.split_once('-').unwrap();
            assert!(h(a).is_adjacent(h(b)), "{p} must be adjacent");
            assert_eq!(h(a).distance(h(b)), 1, "{p}");
        }
    }

    #[test]
    fn non_adjacent_pairs_and_distances() {
        assert!(!h("F7").is_adjacent(h("H7")));
        assert_eq!(h("F7").distance(h("H7")), 2);
        assert_eq!(h("A1").distance(h("A10")), 9);
        assert_eq!(h("A1").distance(h("GG1")), 32);
        // Going right along a row zig-zags: A1 -> C1 is two hexes.
        assert_eq!(h("A1").distance(h("C1")), 2);
        assert_eq!(h("A5").distance(h("E3")), 4);
    }

    #[test]
    fn directions_are_opposite_and_clockwise() {
        for d in Direction::ALL {
            let n = h("M5").neighbor(d);
            assert_eq!(n.direction_to(h("M5")), Some(d.opposite()));
            assert_eq!(d.clockwise().opposite(), d.opposite().clockwise());
        }
        assert_eq!(h("M5").neighbor(Direction::N), h("M4"));
        assert_eq!(h("M5").neighbor(Direction::S), h("M6"));
    }
}
