//! G11.6 Accessibility and ADJACENT, with G11.933 tunnels.

use super::{CaveSystem, TunnelEnd};
use crate::hex::Hex;
use crate::map::Map;

/// A subterranean Location: inside a cave or a Cave Complex.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Under {
    Cave(String),
    Complex(String),
}

impl Under {
    /// The Location text: `cave:A` / `complex:M`.
    pub fn text(&self) -> String {
        match self {
            Under::Cave(id) => id.clone(),
            Under::Complex(id) => format!("complex:{id}"),
        }
    }
}

impl CaveSystem {
    /// G11.6: are two subterranean Locations Accessible to each other? Two caves in one hex are,
    /// if within one level of each other (all caves IN one Depression hex are at one level); a
    /// cave and the Cave Complex whose boundaries hold its hex are; two Cave Complexes sharing
    /// a hexside are; and so are the two Locations a tunnel connects (G11.933).
    pub fn accessible(&self, a: &Under, b: &Under) -> bool {
        if a == b {
            return false;
        }
        match (a, b) {
            (Under::Cave(x), Under::Cave(y)) => match (self.cave(x), self.cave(y)) {
                (Some(x), Some(y)) => x.hex == y.hex && (x.level - y.level).abs() <= 1,
                _ => false,
            },
            (Under::Cave(c), Under::Complex(x)) | (Under::Complex(x), Under::Cave(c)) => {
                match (self.cave(c), self.complex(x)) {
                    (Some(c), Some(x)) => x.hexes.contains(&c.hex),
                    _ => false,
                }
            }
            (Under::Complex(x), Under::Complex(y)) => {
                let (Some(cx), Some(cy)) = (self.complex(x), self.complex(y)) else {
                    return false;
                };
                let touching = cx
                    .hexes
                    .iter()
                    .any(|h| cy.hexes.iter().any(|k| h == k || h.is_adjacent(*k)));
                touching
                    || self.tunnel_joins(
                        &TunnelEnd::Complex(x.clone()),
                        &TunnelEnd::Complex(y.clone()),
                    )
            }
        }
    }

    fn tunnel_joins(&self, a: &TunnelEnd, b: &TunnelEnd) -> bool {
        self.tunnels
            .iter()
            .any(|t| (&t.from == a && &t.to == b) || (&t.from == b && &t.to == a))
    }

    /// G11.933: does a tunnel connect Cave Complex `complex` with above-ground hex `hex`? (A
    /// tunnel is one subterranean Location Accessible to the two Locations it connects, and
    /// those two are Accessible to each other.)
    pub fn tunnel_to(&self, complex: &str, hex: Hex) -> bool {
        self.tunnel_joins(
            &TunnelEnd::Complex(complex.to_string()),
            &TunnelEnd::Hex(hex),
        )
    }

    /// G11.933: the above-ground hexes a Cave Complex's tunnels lead to.
    pub fn tunnel_exits(&self, complex: &str) -> Vec<Hex> {
        let me = TunnelEnd::Complex(complex.to_string());
        let mut out: Vec<Hex> = self
            .tunnels
            .iter()
            .filter_map(|t| match (&t.from, &t.to) {
                (f, TunnelEnd::Hex(h)) if f == &me => Some(*h),
                (TunnelEnd::Hex(h), to) if to == &me => Some(*h),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    /// G11.6: the caves (by id) and Cave Complexes (`complex:X`) Accessible to a subterranean
    /// Location, sorted.
    pub fn accessible_from(&self, from: &Under) -> Vec<String> {
        let caves = self.caves.iter().map(|c| Under::Cave(c.id.clone()));
        let complexes = self
            .complexes
            .iter()
            .map(|x| Under::Complex(x.primary.clone()));
        let mut out: Vec<String> = caves
            .chain(complexes)
            .filter(|u| self.accessible(from, u))
            .map(|u| u.text())
            .collect();
        out.sort();
        out
    }

    /// G11.6: is a Location at `hex`/`level` (IN the hex for a Depression) ADJACENT to cave
    /// `id`? Only the Entrance Hex's Location from which Japanese Infantry could advance
    /// straight into the cave: its Base Level (IN the Depression for a Depression cave) for a
    /// cave that is not Upper-Cliff; for an Upper-Cliff cave, a Climbing unit in the Entrance
    /// Hex at the cave's level on a vertex of the CA Hexside.
    pub fn adjacent(
        &self,
        map: &Map,
        id: &str,
        hex: Hex,
        level: i32,
        climbing_vertex: Option<crate::hex::Vertex>,
    ) -> bool {
        let Some(c) = self.cave(id) else {
            return false;
        };
        match climbing_vertex {
            // Climbing up from the Entrance Hex or down from the cave's own hex (G11.71 EX).
            Some(v) => {
                c.upper_cliff
                    && (hex == c.entrance || hex == c.hex)
                    && level == c.level
                    && c.ca.vertices().contains(&v)
            }
            None => {
                hex == c.entrance
                    && !c.upper_cliff
                    && map.get(hex).is_some_and(|d| d.level == level)
            }
        }
    }
}
