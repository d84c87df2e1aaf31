//! The terrain mesh of one board (DESIGN.md "The viewer's visual language"): hex columns by Base
//! Level, tops coloured by terrain with simple 3D shapes for jungle, bamboo, palms, huts and
//! kunai (as tall as the terrain table's obstacle heights), Crest Lines as light edges, cliff
//! hexsides as rock faces, Depressions sunk with sloped rims and stream water at its level, and
//! the hatch over hexes shadowed at night (E1.941).

use bevy::math::{Vec2, Vec3};

use super::geometry::{self, BASE_DEPTH, at, centre, corner, half_levels, height};
use super::mesh::MeshData;
use super::shade::{HATCH, HexLight};
use crate::hex::{Direction, Hex, Hexside};
use crate::map::{HexData, LosEffect, Map, Terrain};

/// A geomorphic board's size: a map is cut into one mesh per 33 columns and 11 rows.
pub const BOARD_COLUMNS: i32 = 33;
pub const BOARD_ROWS: i32 = 11;

/// The neighbour across edge `i` (from corner `i` to corner `i + 1`) of a flat-topped hex.
pub const EDGE_DIRECTION: [Direction; 6] = [
    Direction::SE,
    Direction::S,
    Direction::SW,
    Direction::NW,
    Direction::N,
    Direction::NE,
];

/// The base colour of a terrain's ground.
pub fn ground_colour(t: Terrain) -> [f32; 3] {
    match t {
        Terrain::Open | Terrain::Huts => [0.76, 0.68, 0.48],
        Terrain::Woods => [0.22, 0.42, 0.20],
        Terrain::Jungle => [0.13, 0.33, 0.12],
        Terrain::DenseJungle => [0.08, 0.25, 0.08],
        Terrain::Brush => [0.52, 0.60, 0.32],
        Terrain::Bamboo => [0.55, 0.74, 0.32],
        Terrain::Orchard | Terrain::PalmTrees => [0.68, 0.70, 0.45],
        Terrain::Grain | Terrain::Kunai => [0.86, 0.78, 0.44],
        Terrain::Marsh | Terrain::Swamp => [0.30, 0.48, 0.42],
        Terrain::Paddy => [0.50, 0.62, 0.40],
        Terrain::Sand => [0.90, 0.84, 0.62],
        Terrain::Water => WATER,
        Terrain::Building(..) => [0.60, 0.58, 0.55],
        Terrain::Rubble => [0.55, 0.50, 0.45],
    }
}

const WATER: [f32; 3] = [0.22, 0.45, 0.72];
const EARTH: [f32; 3] = [0.55, 0.44, 0.30];
const ROCK: [f32; 3] = [0.40, 0.35, 0.32];
const CREST: [f32; 3] = [0.98, 0.95, 0.82];
const BASE: [f32; 3] = [0.30, 0.26, 0.22];

/// The board a hex belongs to (by 33 columns across and 11 rows down): its mesh.
pub fn chunk_of(h: Hex) -> i32 {
    // The hex's row: y2 = 2 * row for even-lettered columns, 2 * row - 1 for odd ones.
    let row = (h.y2() + 1).div_euclid(2);
    h.q.div_euclid(BOARD_COLUMNS) * 64 + row.div_euclid(BOARD_ROWS)
}

/// The heights of a hex's six corners: its floor, or for a Depression the rim (Crest level)
/// at each corner touching a hexside whose other hex is not IN the Depression.
pub fn corner_heights(map: &Map, d: &HexData) -> [f32; 6] {
    let floor = geometry::ground(d);
    let Some(rim) = d.rim() else {
        return [floor; 6];
    };
    let rim_side = |i: usize| {
        map.get(d.hex.neighbor(EDGE_DIRECTION[i % 6]))
            .is_none_or(|n| n.depression.is_none() || n.level != d.level)
    };
    std::array::from_fn(|i| {
        if rim_side(i) || rim_side(i + 5) {
            height(rim as f32)
        } else {
            floor
        }
    })
}

/// A small deterministic jitter for hex `h`'s `k`-th shape, in -1..1.
fn jitter(h: Hex, k: u32) -> f32 {
    let mut x = (h.q as u32).wrapping_mul(73_856_093) ^ (h.r as u32).wrapping_mul(19_349_663);
    x ^= k.wrapping_mul(83_492_791);
    x ^= x >> 13;
    x = x.wrapping_mul(0x5bd1_e995);
    x ^= x >> 15;
    (x % 2001) as f32 / 1000.0 - 1.0
}

/// Spots for `n` shapes inside a hex (a ring of `n - 1` and the centre), jittered.
fn spots(h: Hex, n: usize, r: f32) -> Vec<Vec2> {
    let c = centre(h);
    (0..n)
        .map(|k| {
            let j = Vec2::new(jitter(h, k as u32 * 2), jitter(h, k as u32 * 2 + 1)) * 0.04;
            if k == 0 {
                c + j
            } else {
                let a = std::f32::consts::TAU * (k - 1) as f32 / (n - 1) as f32 + 0.4;
                c + Vec2::new(a.cos(), a.sin()) * r + j
            }
        })
        .collect()
}

/// The obstacle or hindrance height of a terrain in world units (its table row).
pub fn feature_height(t: Terrain) -> f32 {
    match t.info().los {
        LosEffect::Obstacle { height } => half_levels(height),
        LosEffect::Hindrance { height, .. } | LosEffect::OrchardLike { height, .. } => {
            half_levels(height)
        }
        LosEffect::None => 0.0,
    }
}

/// The height of the shapes `features` stands on a hex (palms a Level whatever their
/// hindrance height), 0 where it stands none that could hide a counter.
pub fn shapes_height(t: Terrain) -> f32 {
    match t {
        Terrain::PalmTrees | Terrain::Orchard => geometry::LEVEL_HEIGHT,
        Terrain::Marsh | Terrain::Swamp | Terrain::Paddy => 0.0,
        Terrain::Kunai | Terrain::Grain => feature_height(t).max(0.08),
        _ => feature_height(t),
    }
}

/// Whether the shapes of an obstacle or a hindrance (jungle, bamboo, kunai, palms, a hut or a
/// building) stand between `eye` and `p`, or around `p`: a counter there is drawn through them
/// as an outline (issue 27.10). Each hex's shapes are taken as a drum over its middle, as tall
/// as they stand.
pub fn behind_shapes(map: &Map, eye: Vec3, p: Vec3) -> bool {
    let d = p - eye;
    let len = d.length();
    let steps = (len / 0.05).ceil().max(1.0) as usize;
    (1..steps).any(|k| {
        let q = eye + d * (k as f32 / steps as f32);
        let Some(hd) = geometry::hex_at(map, Vec2::new(q.x, q.z)).and_then(|h| map.get(h)) else {
            return false;
        };
        let top = shapes_height(hd.terrain);
        top > 0.0
            && q.y < geometry::ground(hd) + top
            && q.y > geometry::ground(hd)
            && Vec2::new(q.x, q.z).distance(centre(hd.hex)) < 0.42
    })
}

/// The 3D shapes standing on a hex, so jungle, bamboo, palms, huts and kunai read at a glance.
fn features(m: &mut MeshData, d: &HexData, y: f32) {
    let h = d.hex;
    let top = feature_height(d.terrain);
    let on = |p: Vec2| at(p, y);
    match d.terrain {
        Terrain::Jungle | Terrain::DenseJungle | Terrain::Woods => {
            let leaf = match d.terrain {
                Terrain::DenseJungle => [0.06, 0.22, 0.07],
                Terrain::Jungle => [0.10, 0.30, 0.10],
                _ => [0.18, 0.40, 0.16],
            };
            for (k, p) in spots(h, 6, 0.27).into_iter().enumerate() {
                let s = 0.85 + 0.15 * jitter(h, 40 + k as u32);
                m.cone(on(p), 0.15, top * s, 6, leaf);
            }
        }
        Terrain::Bamboo | Terrain::Brush => {
            let stalk = [0.62, 0.80, 0.30];
            for (k, p) in spots(h, 9, 0.28).into_iter().enumerate() {
                let s = 0.8 + 0.2 * jitter(h, 60 + k as u32);
                m.prism(on(p), 0.03, top * s, 4, stalk);
            }
        }
        Terrain::PalmTrees | Terrain::Orchard => {
            let trunk = [0.45, 0.33, 0.20];
            let frond = [0.25, 0.55, 0.20];
            // Palms stand a Level tall whatever their hindrance height: drawn as trees.
            let tall = geometry::LEVEL_HEIGHT;
            for p in spots(h, 4, 0.25).into_iter().skip(1) {
                m.prism(on(p), 0.02, tall, 4, trunk);
                m.cone(on(p) + Vec3::Y * (tall - 0.02), 0.16, 0.06, 5, frond);
            }
        }
        Terrain::Huts => {
            let wall = [0.70, 0.58, 0.40];
            let thatch = [0.80, 0.70, 0.38];
            for p in spots(h, 3, 0.2).into_iter().skip(1) {
                m.boxy(on(p), [0.09, 0.07], 0.08, wall);
                m.cone(on(p) + Vec3::Y * 0.08, 0.12, 0.08, 4, thatch);
            }
        }
        Terrain::Kunai | Terrain::Grain => {
            let grass = [0.78, 0.68, 0.32];
            for p in spots(h, 7, 0.28) {
                m.cone(on(p), 0.07, top.max(0.08), 5, grass);
            }
        }
        Terrain::Marsh | Terrain::Swamp | Terrain::Paddy => {
            let reed = [0.20, 0.40, 0.25];
            for p in spots(h, 5, 0.3) {
                m.cone(on(p), 0.04, 0.08, 4, reed);
            }
        }
        Terrain::Building(..) => {
            let wall = [0.65, 0.62, 0.58];
            m.boxy(on(centre(h)), [0.3, 0.3], top, wall);
        }
        Terrain::Rubble => {
            for p in spots(h, 5, 0.25) {
                m.cone(on(p), 0.08, top, 4, [0.5, 0.46, 0.42]);
            }
        }
        Terrain::Open | Terrain::Sand | Terrain::Water => {}
    }
}

/// The hatch over a shadowed hex: diagonal lines across its top (E1.941).
fn hatch(m: &mut MeshData, h: Hex, y: f32) {
    let c = centre(h);
    let r: f32 = 0.45;
    let dir = Vec2::new(1.0, -1.0).normalize();
    let across = dir.perp();
    for k in -3..=3 {
        let off = k as f32 * 0.12;
        let half = (r * r - off * off).max(0.0).sqrt();
        let mid = c + across * off;
        let (p, q) = (mid - dir * half, mid + dir * half);
        let w = across * 0.018;
        let y = y + 0.006;
        m.tri_flat(at(p - w, y), at(q - w, y), at(q + w, y), HATCH);
        m.tri_flat(at(p - w, y), at(q + w, y), at(p + w, y), HATCH);
    }
}

/// The terrain mesh of board `chunk` of `map`, each hex shaded by `light`.
pub fn board_mesh(map: &Map, chunk: i32, light: &dyn Fn(Hex) -> HexLight) -> MeshData {
    let mut m = MeshData::new();
    let lowest = map.hexes().map(|d| d.level).min().unwrap_or(0);
    let base = height(lowest as f32) - BASE_DEPTH;
    for d in map.hexes().filter(|d| chunk_of(d.hex) == chunk) {
        let h = d.hex;
        let l = light(h);
        m.light = Some(l);
        let ch = corner_heights(map, d);
        let floor = geometry::ground(d);
        let c = centre(h);
        let corners: [Vec3; 6] = std::array::from_fn(|i| at(corner(h, i), ch[i]));
        let water = d.water_level().map(|w| height(w as f32));
        // The top: a flat hexagon, or a Depression's floor with its sloped rim.
        let top_colour = if water == Some(floor) {
            WATER
        } else {
            ground_colour(d.terrain)
        };
        if d.depression.is_some() {
            let inner: [Vec3; 6] =
                std::array::from_fn(|i| at(c + (corner(h, i) - c) * 0.55, floor));
            for i in 0..6 {
                let j = (i + 1) % 6;
                m.tri(at(c, floor), inner[i], inner[j], top_colour);
                m.quad(inner[i], corners[i], corners[j], inner[j], EARTH);
            }
        } else {
            for i in 0..6 {
                m.tri(at(c, floor), corners[i], corners[(i + 1) % 6], top_colour);
            }
        }
        // Water up to the rim of a flooded stream.
        if let Some(w) = water.filter(|w| *w > floor + 1e-4) {
            for i in 0..6 {
                m.tri(
                    at(c, w),
                    at(corner(h, i), w),
                    at(corner(h, (i + 1) % 6), w),
                    WATER,
                );
            }
        }
        // Walls down to each lower neighbour (or the base at the map's edge), with the Crest
        // Line along the top where the rules put one, and cliffs as rock.
        for i in 0..6 {
            let j = (i + 1) % 6;
            let n = h.neighbor(EDGE_DIRECTION[i]);
            let (b0, b1) = match map.get(n) {
                Some(nd) => {
                    let nh = corner_heights(map, nd);
                    (nh[(i + 4) % 6], nh[(i + 3) % 6])
                }
                None => (base, base),
            };
            if ch[i] <= b0 + 1e-4 && ch[j] <= b1 + 1e-4 {
                continue;
            }
            let (p, q) = (corner(h, i), corner(h, j));
            let out = at((p + q) / 2.0 - c, 0.0).normalize_or_zero();
            let side = Hexside::between(h, n);
            let cliff = side.is_some_and(|s| map.is_cliff(s));
            if cliff {
                // A rough rock face: vertical strips of uneven shade.
                let strips = 5;
                for k in 0..strips {
                    let (t0, t1) = (k as f32 / strips as f32, (k + 1) as f32 / strips as f32);
                    let s = 0.8 + 0.25 * jitter(h, 100 + (i * strips + k) as u32).abs();
                    let rgb = ROCK.map(|x| x * s);
                    let lerp = |a: f32, b: f32, t: f32| a + (b - a) * t;
                    m.wall(
                        at(p.lerp(q, t0), lerp(ch[i], ch[j], t0)),
                        at(p.lerp(q, t1), lerp(ch[i], ch[j], t1)),
                        at(p.lerp(q, t1), lerp(b0, b1, t1)),
                        at(p.lerp(q, t0), lerp(b0, b1, t0)),
                        out,
                        rgb,
                    );
                }
            } else {
                let rgb = if map.get(n).is_some() { EARTH } else { BASE };
                m.wall(corners[i], corners[j], at(q, b1), at(p, b0), out, rgb);
            }
            if side.is_some_and(|s| map.crest_line(s).is_some()) {
                let (pi, qi) = (p.lerp(c, 0.07), q.lerp(c, 0.07));
                let lift = 0.004;
                m.quad(
                    at(p, ch[i] + lift),
                    at(q, ch[j] + lift),
                    at(qi, ch[j] + lift),
                    at(pi, ch[i] + lift),
                    CREST,
                );
            }
        }
        features(&mut m, d, floor);
        if matches!(l, HexLight::Shadowed { .. }) {
            hatch(&mut m, h, floor);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    fn ridge() -> Scenario {
        Scenario::builtin()
    }

    #[test]
    fn a_counter_in_jungle_is_behind_its_shapes_one_on_open_ground_is_not() {
        let s = Scenario::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/night_ridge.ron"
        )))
        .unwrap();
        let map = &s.map;
        let point = |id: &str| {
            let d = map.get(map.hex(id).unwrap()).unwrap();
            at(centre(d.hex), geometry::ground(d) + 0.03)
        };
        // jp2 in the jungle of M6, seen obliquely from the south: inside the trees.
        let p = point("M6");
        let eye = p + Vec3::new(0.0, 2.5, 5.0);
        assert!(behind_shapes(map, eye, p));
        // A counter on open ground with open ground toward the camera is in plain sight.
        let open = map
            .hexes()
            .find(|d| {
                shapes_height(d.terrain) == 0.0
                    && d.hex.neighbors().iter().all(|n| {
                        map.get(*n).is_some_and(|nd| {
                            shapes_height(nd.terrain) == 0.0 && nd.level == d.level
                        })
                    })
            })
            .unwrap();
        let q = at(centre(open.hex), geometry::ground(open) + 0.03);
        assert!(!behind_shapes(map, q + Vec3::new(0.0, 2.5, 5.0), q));
        // Straight down nothing stands over a counter on open ground.
        assert!(!behind_shapes(map, q + Vec3::Y * 8.0, q));
    }

    #[test]
    fn edge_directions_point_at_the_hex_across_each_edge() {
        let h = Hex::new(5, 3);
        for (i, d) in EDGE_DIRECTION.iter().enumerate() {
            let mid = (corner(h, i) + corner(h, (i + 1) % 6)) / 2.0;
            let across = centre(h) + 2.0 * (mid - centre(h));
            assert!(across.distance(centre(h.neighbor(*d))) < 1e-4, "edge {i}");
        }
    }

    #[test]
    fn b11_a_cliff_hexside_is_a_rock_face_the_full_height_between_its_levels() {
        let s = ridge();
        let map = &s.map;
        let m = board_mesh(map, 0, &|_| HexLight::Day);
        // S5 (Level 3) stands over S4 (Level 0) across a cliff: some face spans 0..1 world units
        // at that hexside.
        let side = Hexside::parse("S4-S5").unwrap();
        let [e0, e1] = geometry::hexside_ends(side);
        let mid = (e0 + e1) / 2.0;
        let (mut lo, mut hi) = (f32::MAX, f32::MIN);
        for p in &m.positions {
            if Vec2::new(p[0], p[2]).distance(mid) < 0.2 {
                lo = lo.min(p[1]);
                hi = hi.max(p[1]);
            }
        }
        assert!(lo <= 0.001 && hi >= 0.999, "{lo}..{hi}");
    }

    #[test]
    fn a_depression_floor_sits_a_level_below_its_rim() {
        let s = ridge();
        let d = s.map.get(s.map.hex("H5").unwrap()).unwrap();
        let ch = corner_heights(&s.map, d);
        assert!((geometry::ground(d) - height(-1.0)).abs() < 1e-6);
        assert!(ch.iter().any(|&y| (y - height(0.0)).abs() < 1e-6));
    }

    #[test]
    fn e1_941_only_shadowed_hexes_get_the_hatch() {
        let s = ridge();
        let target = s.map.hex("O4").unwrap();
        let count = |shadow: bool| {
            board_mesh(&s.map, 0, &|h| {
                if shadow && h == target {
                    HexLight::Shadowed { nvr: 2 }
                } else {
                    HexLight::Dark { nvr: 2 }
                }
            })
            .colors
            .iter()
            .filter(|c| **c == super::super::mesh::to_linear(HATCH))
            .count()
        };
        assert_eq!(count(false), 0);
        assert!(count(true) > 0);
    }

    #[test]
    fn one_mesh_per_board_and_every_hex_in_exactly_one() {
        let map = Map::new(None, 40, 21, 0, Terrain::Open);
        let mut chunks: Vec<i32> = map.hexes().map(|d| chunk_of(d.hex)).collect();
        chunks.sort();
        chunks.dedup();
        // Two boards across (33 + 7 columns), two down (rows 0..=10, 11..=21).
        assert_eq!(chunks, vec![0, 1, 64, 65]);
        let all = board_mesh(&map, 0, &|_| HexLight::Day).triangles();
        assert!(all > 0);
        assert_eq!(board_mesh(&map, 2, &|_| HexLight::Day).triangles(), 0);
    }
}
