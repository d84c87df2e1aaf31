//! Where things stand in the 3D scene: a cave's opening on the face of its CA Hexside at its
//! own level (G11.1, G11.11), a Climber on the cliff face at his level and vertex (B11.4), a
//! Location's point for the LOS thread.

use bevy::math::{Vec2, Vec3};

use super::geometry::{LEVEL_HEIGHT, at, centre, ground, height, hexside_ends, vertex};
use crate::hex::{Hex, Vertex};
use crate::los::Location;
use crate::map::Map;
use crate::rules::caves::{Cave, CaveSystem};

/// A cave's opening: its centre on the face, the way it faces (horizontal, out of the rock),
/// its width and height.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Opening {
    pub centre: Vec3,
    pub out: Vec3,
    /// Along the face (horizontal).
    pub across: Vec3,
    pub width: f32,
    pub tall: f32,
    /// The bottom of the opening: the cave's level.
    pub floor: f32,
}

/// G11.1/G11.11: the opening of a cave. On the face of its hex along the CA Hexside, at the
/// cave's level, facing the Entrance Hex; for a cave IN a Depression, low in the Depression's
/// wall on that hexside, facing into the Depression.
pub fn opening(cave: &Cave) -> Opening {
    let [e0, e1] = hexside_ends(cave.ca);
    let mid = (e0 + e1) / 2.0;
    let c = centre(cave.hex);
    let floor = height(cave.level as f32);
    let tall = 0.55 * LEVEL_HEIGHT;
    let width = 0.22;
    let (base, out2) = if cave.in_depression {
        // In the rim's slope, a little inside the hexside.
        (mid.lerp(c, 0.3), (c - mid).normalize_or_zero())
    } else {
        (mid, (centre(cave.entrance) - c).normalize_or_zero())
    };
    let out = at(out2, 0.0);
    let across = at(out2.perp(), 0.0);
    Opening {
        centre: at(base, floor + tall / 2.0) + out * 0.012,
        out,
        across,
        width,
        tall,
        floor,
    }
}

/// The height of a hex's ground (its floor for a Depression), or 0 off the map.
fn ground_at(map: &Map, h: Hex) -> f32 {
    map.get(h).map_or(0.0, ground)
}

/// B11.4: a Climber's spot: on the cliff face in `hex` at `level`, at the vertex his Climb
/// counter points to, a little into his hex.
pub fn climb_spot(hex: Hex, level: i32, v: Vertex) -> Vec3 {
    let p: Vec2 = vertex(v).lerp(centre(hex), 0.18);
    at(p, height(level as f32) + 0.02)
}

/// The point of a Location for drawing (a unit there, the end of an LOS thread): the ground of
/// its hex (or the level named), a cave's mouth, a Climber's spot; a Cave Complex is drawn at
/// its Primary cave's mouth, pushed into the rock.
pub fn location_point(map: &Map, caves: &CaveSystem, at_: &Location) -> Option<Vec3> {
    Some(match at_ {
        Location::Ground(h) => at(centre(*h), ground_at(map, *h)),
        Location::Level(h, l) => at(centre(*h), height(*l as f32)),
        Location::Climbing { hex, level, vertex } => climb_spot(*hex, *level, *vertex),
        // Crest status: on the rim, toward the middle of its hexside.
        Location::Crest { hex, side } => {
            let [a, b] = side.vertices().map(vertex);
            let mid = (a + b) * 0.5;
            let lv = at_.level(map).unwrap_or(0) as f32;
            at(mid.lerp(centre(*hex), 0.3), height(lv))
        }
        Location::Cave(id) => {
            let o = opening(caves.cave(id)?);
            Vec3::new(o.centre.x, o.floor, o.centre.z) + o.out * 0.12
        }
        Location::Complex(id) => {
            let o = opening(caves.cave(id)?);
            Vec3::new(o.centre.x, o.floor, o.centre.z) - o.out * 0.15 + o.across * 0.1
        }
    })
}

/// How far a counter in a cave lies out from the cave's face: half a squad counter's side and a
/// little, so the counter clears the rock (but for a corner when the camera turns it 45°).
pub const CAVE_COUNTER_OUT: f32 = 0.26;

/// How far the counters on an Entrance Hex's ground step back from a cave's face when the
/// cave's occupants are drawn at its mouth, so both piles show (`make_way`): with the
/// occupants `CAVE_COUNTER_OUT` from the face, the two piles are a counter's side apart.
const ENTRANCE_STEP_BACK: f32 = 0.21;

/// How far a hex's ground counters step away from a Climb counter in the hex
/// (`climb_make_way`).
const CLIMB_STEP_BACK: f32 = 0.15;

/// The most all the step-backs of one hex add up to (`limit_step_back`): the pile stays well
/// inside its hex.
pub const MAX_STEP_BACK: f32 = 0.22;

/// Where a cave's occupants lie: out in front of its mouth at the cave's level, clear of the
/// rock; a cave IN a Depression (whose mouth is already in the hex's slope), just out of it.
pub fn cave_counter_point(cave: &Cave) -> Vec3 {
    let o = opening(cave);
    let out = if cave.in_depression {
        0.12
    } else {
        CAVE_COUNTER_OUT
    };
    Vec3::new(o.centre.x, o.floor, o.centre.z) + o.out * out
}

/// Where the counters on the ground of a cave's Entrance Hex move while the cave's occupants
/// are drawn at its mouth: back from the face (for a cave IN a Depression, its own hex, away
/// from the wall its mouth is in).
pub fn make_way(cave: &Cave) -> Vec3 {
    opening(cave).out * ENTRANCE_STEP_BACK
}

/// Where the counters on the ground of a hex move while a Climb counter lies in it: away from
/// the vertex the counter points to, past the hex's centre.
pub fn climb_make_way(hex: Hex, v: Vertex) -> Vec3 {
    let away = (centre(hex) - vertex(v)).normalize_or_zero();
    at(away, 0.0) * CLIMB_STEP_BACK
}

/// The step-backs of one hex added up, no longer than `MAX_STEP_BACK`.
pub fn limit_step_back(v: Vec3) -> Vec3 {
    v.clamp_length_max(MAX_STEP_BACK)
}

/// B11.4: where a Climb counter (and its Climber's counter on it) lies: at `climb_spot`'s
/// level, but far enough from the vertex into the hex (0.55 of the way to its centre, so
/// 0.27 from each cliff hexside meeting there) that the counter clears the cliff face.
pub fn climb_counter_spot(hex: Hex, level: i32, v: Vertex) -> Vec3 {
    let p: Vec2 = vertex(v).lerp(centre(hex), 0.55);
    at(p, height(level as f32) + 0.02)
}

/// Where a unit's counter lies at a Location: `location_point`, but a cave's occupants lie out
/// in front of its mouth at the cave's level (`CAVE_COUNTER_OUT`) and a Climber on his Climb
/// counter (`climb_counter_spot`), never in the rock.
pub fn counter_point(map: &Map, caves: &CaveSystem, at_: &Location) -> Option<Vec3> {
    match at_ {
        Location::Cave(id) => Some(cave_counter_point(caves.cave(id)?)),
        Location::Climbing { hex, level, vertex } => {
            Some(climb_counter_spot(*hex, *level, *vertex))
        }
        _ => location_point(map, caves, at_),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn g11_113_upper_cliff_caves_open_above_the_entrance_hex_ground() {
        let s = Scenario::builtin();
        let (caves, _) = s.cave_system();
        let y = |id: &str| opening(caves.cave(id).unwrap()).floor;
        // A at Level 0, G at Level 1 (over T4 at Level 0), M at Level 2 (over T5 at Level 0).
        assert!(y("A").abs() < 1e-6);
        assert!((y("G") - LEVEL_HEIGHT).abs() < 1e-6);
        assert!((y("M") - 2.0 * LEVEL_HEIGHT).abs() < 1e-6);
        let t5 = s.map.get(s.map.hex("T5").unwrap()).unwrap();
        assert!(y("M") > ground(t5));
    }

    #[test]
    fn a_cave_opening_faces_its_entrance_hex() {
        let s = Scenario::builtin();
        let (caves, _) = s.cave_system();
        let a = caves.cave("A").unwrap();
        let o = opening(a);
        let to_entrance = at(centre(a.entrance) - centre(a.hex), 0.0).normalize();
        assert!(o.out.dot(to_entrance) > 0.99);
    }

    /// The distance of ground point `p` from the line through hexside `side`.
    fn off_side(p: Vec3, side: crate::hex::Hexside) -> f32 {
        let [a, b] = hexside_ends(side);
        let d = (b - a).normalize();
        let q = Vec2::new(p.x, p.z) - a;
        (q - d * q.dot(d)).length()
    }

    /// Half a squad counter's side: a counter centred this far from a face clears it.
    const HALF: f32 = 0.22;

    #[test]
    fn a_caves_occupants_lie_clear_of_its_face_and_the_entrance_stack_steps_back() {
        let s = Scenario::builtin();
        let (caves, _) = s.cave_system();
        for id in ["A", "G", "M"] {
            let c = caves.cave(id).unwrap();
            let p = cave_counter_point(c);
            // Out of the rock: on the Entrance Hex's side of the face, half a counter off it.
            assert!(off_side(p, c.ca) >= HALF, "{id}: {}", off_side(p, c.ca));
            let flat = Vec2::new(p.x, p.z);
            assert!(flat.distance(centre(c.entrance)) < flat.distance(centre(c.hex)));
            // At the cave's level.
            assert!((p.y - opening(c).floor).abs() < 1e-6);
            // The Entrance Hex's ground pile steps back a counter's side from the occupants.
            let stack = at(centre(c.entrance), 0.0) + make_way(c);
            let apart = Vec2::new(stack.x, stack.z).distance(flat);
            assert!(apart >= 2.0 * HALF - 0.01, "{id}: {apart}");
        }
    }

    #[test]
    fn b11_4_a_climb_counter_clears_the_cliff_face_and_the_ground_pile_makes_way() {
        let s = Scenario::builtin();
        let v = s.map.vertex("T4-S5-S4").unwrap();
        let t4 = s.map.hex("T4").unwrap();
        let p = climb_counter_spot(t4, 1, v);
        for side in ["S5-T4", "S4-T4"] {
            let side = s.map.hexside(side).unwrap();
            assert!(off_side(p, side) >= HALF, "{side}: {}", off_side(p, side));
        }
        // The hex's own pile moves away from the Climb counter, within its hex.
        let way = climb_make_way(t4, v);
        let pile = centre(t4) + Vec2::new(way.x, way.z);
        assert!(pile.distance(Vec2::new(p.x, p.z)) > centre(t4).distance(Vec2::new(p.x, p.z)));
        assert!(limit_step_back(way * 10.0).length() <= MAX_STEP_BACK + 1e-6);
    }

    #[test]
    fn b11_4_a_climber_sits_at_his_level_by_his_vertex() {
        let s = Scenario::builtin();
        let (caves, _) = s.cave_system();
        let loc = s.location("T4@1/T4-S5-S4").unwrap();
        let p = location_point(&s.map, &caves, &loc).unwrap();
        assert!((p.y - LEVEL_HEIGHT).abs() < 0.05);
        let v = s.map.vertex("T4-S5-S4").unwrap();
        assert!(Vec2::new(p.x, p.z).distance(vertex(v)) < 0.15);
    }
}
