//! Board geometry in world space (DESIGN.md "The viewer's visual language").
//!
//! Board units (`Hex::center`: adjacent centres 1 apart, y growing down the board) become world
//! units one for one: board x is world x, board y is world z, and heights are world y. A Level is
//! a third of a hex width tall, so a three-level cliff stands one hex width high.

use bevy::math::{Vec2, Vec3};

use crate::hex::{Hex, Hexside, Vertex};
use crate::map::{HexData, Map, terrain::LEVEL};

/// The height of one Level in world units (a third of a hex's width).
pub const LEVEL_HEIGHT: f32 = 1.0 / 3.0;

/// A flat-topped hex's corner radius when adjacent centres are 1 apart.
pub const CORNER_RADIUS: f32 = 0.577_350_3; // 1 / sqrt(3)

/// How far below Level 0 the board's sides reach (a base for the whole map).
pub const BASE_DEPTH: f32 = 0.25;

/// World height of a level (possibly fractional, e.g. half-levels / 2).
pub fn height(level: f32) -> f32 {
    level * LEVEL_HEIGHT
}

/// World height of a height in half-levels (the terrain table's unit).
pub fn half_levels(h: i32) -> f32 {
    h as f32 / LEVEL as f32 * LEVEL_HEIGHT
}

/// A hex's centre on the ground plane (world x, z).
pub fn centre(h: Hex) -> Vec2 {
    let (x, y) = h.center();
    Vec2::new(x as f32, y as f32)
}

/// Corner `i` (0..6) of a flat-topped hex, clockwise on the board from the east corner
/// (world x, z).
pub fn corner(h: Hex, i: usize) -> Vec2 {
    let a = std::f32::consts::FRAC_PI_3 * i as f32;
    centre(h) + CORNER_RADIUS * Vec2::new(a.cos(), a.sin())
}

/// The two ends of a hexside (world x, z), in no particular order.
pub fn hexside_ends(side: Hexside) -> [Vec2; 2] {
    let (a, b) = (centre(side.a), centre(side.b));
    let mid = (a + b) / 2.0;
    let along = (b - a).perp().normalize() * (CORNER_RADIUS / 2.0);
    [mid - along, mid + along]
}

/// The corner indices of `h` at the ends of its hexside towards neighbour `n`.
pub fn side_corners(h: Hex, n: Hex) -> Option<[usize; 2]> {
    let side = Hexside::between(h, n)?;
    let ends = hexside_ends(side);
    let near = |p: Vec2| {
        (0..6)
            .min_by(|&i, &j| {
                corner(h, i)
                    .distance_squared(p)
                    .total_cmp(&corner(h, j).distance_squared(p))
            })
            .unwrap_or(0)
    };
    Some([near(ends[0]), near(ends[1])])
}

/// A vertex's position on the ground plane (world x, z).
pub fn vertex(v: Vertex) -> Vec2 {
    let (x, y) = v.center();
    Vec2::new(x as f32, y as f32)
}

/// The world point at ground position `p` and height `y`.
pub fn at(p: Vec2, y: f32) -> Vec3 {
    Vec3::new(p.x, y, p.y)
}

/// The level of a hex's top surface: its Base Level (the floor of a Depression).
pub fn ground(d: &HexData) -> f32 {
    height(d.level as f32)
}

/// The hex of the map whose top a ground point (world x, z) lies over, if any: the nearest
/// centre, kept only when the point is inside that hex.
pub fn hex_at(map: &Map, p: Vec2) -> Option<Hex> {
    // Column from x, then the nearest of the candidates around it.
    let q = (p.x / (3f32.sqrt() / 2.0)).round() as i32;
    let mut best: Option<(f32, Hex)> = None;
    for dq in -1..=1 {
        let qq = q + dq;
        // y = (2r + q + 1) / 2  =>  r = y - (q + 1) / 2
        let r = (p.y - (qq as f32 + 1.0) / 2.0).round() as i32;
        for dr in -1..=1 {
            let h = Hex::new(qq, r + dr);
            let d = centre(h).distance_squared(p);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, h));
            }
        }
    }
    let (d, h) = best?;
    (d <= CORNER_RADIUS * CORNER_RADIUS && map.contains(h)).then_some(h)
}

/// Whether the ground (hills, cliffs, a Depression's rim) stands between `eye` and `p`: the
/// segment is sampled every fifth of a hex, and a sample below the ground of the hex under it
/// hides `p` (the last third of a hex before `p` is not looked at: `p` lies on that ground).
pub fn hidden_by_terrain(map: &Map, eye: Vec3, p: Vec3) -> bool {
    let d = p - eye;
    let len = d.length();
    let steps = (len / 0.2).ceil().max(1.0) as usize;
    (1..steps).any(|k| {
        let t = k as f32 / steps as f32;
        if (1.0 - t) * len < 0.35 {
            return false;
        }
        let q = eye + d * t;
        hex_at(map, Vec2::new(q.x, q.z))
            .and_then(|h| map.get(h))
            .is_some_and(|hd| q.y < ground(hd) - 0.01)
    })
}

/// The map's extent on the ground plane: (min, max) over every hex corner.
pub fn extent(map: &Map) -> (Vec2, Vec2) {
    let mut lo = Vec2::splat(f32::MAX);
    let mut hi = Vec2::splat(f32::MIN);
    for d in map.hexes() {
        for i in 0..6 {
            let c = corner(d.hex, i);
            lo = lo.min(c);
            hi = hi.max(c);
        }
    }
    if lo.x > hi.x {
        (Vec2::ZERO, Vec2::ONE)
    } else {
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::HexId;
    use crate::map::Terrain;

    fn h(s: &str) -> Hex {
        HexId::parse(s).unwrap().hex()
    }

    #[test]
    fn a_three_level_cliff_is_one_hex_width_tall() {
        assert!((height(3.0) - 1.0).abs() < 1e-6);
        assert!((half_levels(2 * LEVEL) - 2.0 * LEVEL_HEIGHT).abs() < 1e-6);
    }

    #[test]
    fn adjacent_hexes_share_the_two_ends_of_their_hexside() {
        let (s4, s5) = (h("S4"), h("S5"));
        let side = Hexside::between(s4, s5).unwrap();
        let ends = hexside_ends(side);
        for hex in [s4, s5] {
            let n = if hex == s4 { s5 } else { s4 };
            let [i, j] = side_corners(hex, n).unwrap();
            assert_ne!(i, j);
            for c in [corner(hex, i), corner(hex, j)] {
                assert!(ends.iter().any(|e| e.distance(c) < 1e-4), "{c:?} {ends:?}");
            }
        }
    }

    #[test]
    fn a_vertex_is_a_corner_of_each_of_its_three_hexes() {
        let v = Vertex::of(h("T4"), h("S5"), h("S4")).unwrap();
        let p = vertex(v);
        for hex in v.hexes {
            assert!((0..6).any(|i| corner(hex, i).distance(p) < 1e-4));
        }
    }

    #[test]
    fn hex_at_finds_the_hex_under_a_point_and_none_off_the_map() {
        let map = Map::new(Some("36".into()), 33, 10, 0, Terrain::Open);
        for id in ["A1", "B1", "S5", "GG10", "T4"] {
            let hex = h(id);
            assert_eq!(hex_at(&map, centre(hex)), Some(hex), "{id}");
            // Just inside a corner still belongs to the hex.
            let c = centre(hex) + (corner(hex, 1) - centre(hex)) * 0.9;
            assert_eq!(hex_at(&map, c), Some(hex), "{id} corner");
        }
        assert_eq!(hex_at(&map, Vec2::new(-5.0, -5.0)), None);
    }
}
