//! G11.12 Covered Arc and G11.5 LOS to and from caves.

use super::{Cave, CaveSystem};
use crate::hex::{Hex, Hexside, Point3, segment_steps};
use crate::los::{End, Location, LosEnv, LosError, LosResult};
use crate::map::{LEVEL, Map};

fn cross(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[1] - a[1] * b[0]
}

fn sub(a: Point3, b: Point3) -> [i64; 3] {
    [a.0[0] - b.0[0], a.0[1] - b.0[1], a.0[2] - b.0[2]]
}

/// G11.12: is a point (a hex centre or a vertex) of hex `hex` within cave's Covered Arc? The CA
/// is the Entrance Hex plus the wedge between (and including) the two hexspines of the cave's
/// hex that touch the vertices of its CA Hexside, extended; it excludes every Location in the
/// cave's own hex, except that the CA of a cave IN a Depression includes the area IN its hex
/// (the caller checks "IN").
pub fn in_covered_arc(cave: &Cave, hex: Hex, point: Point3) -> bool {
    if hex == cave.hex {
        return cave.in_depression;
    }
    if hex == cave.entrance {
        return true;
    }
    in_wedge(cave, sub(point, Point3::center(cave.hex)))
}

/// Is the direction `p` (from the cave's hex centre, at any positive scale) within the wedge
/// between the hexspines through the CA Hexside's vertices (inclusive)?
fn in_wedge(cave: &Cave, p: [i64; 3]) -> bool {
    let apex = Point3::center(cave.hex);
    let [v1, v2] = cave.ca.vertices().map(Point3::vertex);
    let (d1, d2) = (sub(v1, apex), sub(v2, apex));
    let turn = cross(d1, d2).signum();
    cross(d1, p).signum() * turn >= 0 && cross(p, d2).signum() * turn >= 0
}

/// G11.12 EX: is Infantry in Crest status in `hex` along `side` within cave's Covered Arc? It is
/// judged where its Crest counter lies, at the middle of `side`: in DD2, within cave A's CA
/// "only if the word 'Crest' on the counter lies along hexside DD2-DD3 or DD2-EE3". In the
/// cave's own hex it never is: "Above-ground Infantry IN BB6 are within cave B's CA, but would
/// not be if they were at Crest status". Reading: in the Entrance Hex it is, as every Location
/// there.
pub fn crest_in_covered_arc(cave: &Cave, hex: Hex, side: Hexside) -> bool {
    if hex == cave.hex {
        return false;
    }
    if hex == cave.entrance {
        return true;
    }
    let apex = Point3::center(cave.hex);
    let [a, b] = side.vertices().map(Point3::vertex);
    // The Crest counter, inside its hex against the middle of `side`: two thirds of the way
    // from the centre dot to the hexside's middle, relative to the apex, at three times the
    // scale.
    let c = Point3::center(hex);
    let counter = [0, 1, 2].map(|i| a.0[i] + b.0[i] + c.0[i] - 3 * apex.0[i]);
    in_wedge(cave, counter)
}

/// The end of a LOS at a cave: its hex's centre dot at the cave's level, its Entrance Hex
/// judged by G11.5 (a cave IN a Depression has its own hex as Entrance Hex).
pub fn cave_end(cave: &Cave) -> End {
    let mut end = End::centre(cave.hex, cave.level * LEVEL);
    end.portal = (!cave.in_depression).then_some(cave.entrance);
    end.in_cave = true;
    end
}

fn refuse(range: u32, rule: &'static str, hex: Option<Hex>, reason: String) -> LosResult {
    LosResult::refused(range, rule, hex, reason)
}

/// G11.5: the LOS between two Locations, at least one of them a cave or Cave Complex.
/// LOS to or from a cave exists only within its CA (G11.12); never between caves of one hex,
/// nor between a cave and the above-ground Locations of its non-Depression hex; never between
/// a cave whose CA Hexside is a cliff and a unit Climbing at a vertex of it at another level;
/// never to or from a Cave Complex. Within those bounds the thread is judged by A6, with the
/// cave's Entrance Hex blocking only with terrain above the cave's level.
pub fn cave_los(
    env: &LosEnv,
    caves: &CaveSystem,
    from: &Location,
    to: &Location,
) -> Result<LosResult, LosError> {
    let map = env.map();
    let cave_of = |l: &Location| match l {
        Location::Cave(id) => caves.cave(id),
        _ => None,
    };
    let hex_of = |l: &Location| cave_of(l).map(|c| c.hex).or_else(|| l.hex());
    let range = match (hex_of(from), hex_of(to)) {
        (Some(a), Some(b)) => a.distance(b),
        _ => 0,
    };
    for l in [from, to] {
        if let Location::Complex(id) = l {
            return Ok(refuse(
                range,
                "G11.5",
                None,
                format!("no LOS ever exists to or from a Cave Complex (complex:{id})"),
            ));
        }
        if let Location::Cave(id) = l
            && caves.cave(id).is_none()
        {
            return Err(LosError::OffMap(format!("cave:{id}")));
        }
    }
    let end = |l: &Location| match cave_of(l) {
        Some(c) => Ok(cave_end(c)),
        None => env.end(l),
    };
    let (a, b) = (end(from)?, end(to)?);
    if let Some(r) = same_cave_or_hex(map, caves, range, (cave_of(from), cave_of(to))) {
        return Ok(r);
    }
    if let Some(r) = covered_arc_refusal(map, range, (from, to), (a, b), caves) {
        return Ok(r);
    }
    // E1.13: at NVR 0 a cave and the hex it is IN are two Locations: beyond the NVR.
    if env.nvr == Some(0) && from != to && range == 0 {
        let mut r = env.check_ends(a, b);
        if r.clear() {
            r.sight.block = Some(crate::los::Block::Nvr { nvr: 0 });
            r.rule = Some("E1.13");
            r.reason = "at NVR 0 no Location but the viewer's own is within the NVR, not even \
                        another Location of its hex; only an Illuminated target or a Gunflash \
                        could be seen (E1.8)"
                .into();
        }
        return Ok(r);
    }
    // G11.51: a Continuous Slope from a cave on a hill Crest Line.
    let from_slope = cave_of(from).is_some_and(|c| continuous_slope(map, c, &b));
    let to_slope = cave_of(to).is_some_and(|c| continuous_slope(map, c, &a));
    let r = slope_los(env, (a, b), (from_slope, to_slope));
    Ok(with_cave_smoke(r, caves, cave_of(from), cave_of(to)))
}

/// G11.5: a cave sees its own interior (SMOKE in it hinders once, A24); no LOS exists between
/// two caves of one hex. `None` for two Locations these do not decide.
fn same_cave_or_hex(
    map: &Map,
    caves: &CaveSystem,
    range: u32,
    (x, y): (Option<&Cave>, Option<&Cave>),
) -> Option<LosResult> {
    let (x, y) = (x?, y?);
    if x.id == y.id {
        let smoke = caves.smoke_drm(&x.id);
        return Some(LosResult::own_location(
            smoke,
            (smoke > 0).then_some("G11.85"),
            if smoke > 0 {
                format!(
                    "cave:{} is the viewer's own Location; SMOKE in it (+{smoke})",
                    x.id
                )
            } else {
                format!(
                    "cave:{} is the viewer's own Location: nothing lies between",
                    x.id
                )
            },
        ));
    }
    (x.hex == y.hex).then(|| {
        refuse(
            range,
            "G11.5",
            Some(x.hex),
            format!(
                "no LOS exists between caves in one hex (caves {} and {} in {})",
                x.id,
                y.id,
                map.name(x.hex)
            ),
        )
    })
}

/// G11.12 / G11.5: the Covered Arc of a cave at either end: its own hex excluded (but IN its
/// Depression), a Location outside the wedge, and a Climber at its CA Hexside's vertex at
/// another level seeing a cave whose CA Hexside is a cliff. `None` where the arcs allow the LOS.
fn covered_arc_refusal(
    map: &Map,
    range: u32,
    (from, to): (&Location, &Location),
    (a, b): (End, End),
    caves: &CaveSystem,
) -> Option<LosResult> {
    let cave_of = |l: &Location| match l {
        Location::Cave(id) => caves.cave(id),
        _ => None,
    };
    for (cave_loc, other_loc, other) in [(from, to, b), (to, from, a)] {
        let Some(cave) = cave_of(cave_loc) else {
            continue;
        };
        let other_text = other_loc.display(map).to_string();
        if other.hex == cave.hex {
            let floor = map.get(cave.hex).map_or(0, |d| d.level);
            if !cave.in_depression || other.elevation != floor * LEVEL {
                return Some(refuse(
                    range,
                    "G11.12",
                    Some(cave.hex),
                    format!(
                        "the CA of cave {} excludes every Location in its own hex {} {}",
                        cave.id,
                        map.name(cave.hex),
                        if cave.in_depression {
                            "except those IN its Depression"
                        } else {
                            "(no LOS to its Base-Level Location either, G11.5)"
                        }
                    ),
                ));
            }
        } else if !match other_loc {
            Location::Crest { hex, side } => crest_in_covered_arc(cave, *hex, *side),
            _ => in_covered_arc(cave, other.hex, other.point),
        } {
            return Some(refuse(
                range,
                "G11.12",
                Some(other.hex),
                format!(
                    "{other_text} is outside the Covered Arc of cave {} (its Entrance Hex {} and \
                 the wedge between the hexspines through the vertices of CA Hexside {})",
                    cave.id,
                    map.name(cave.entrance),
                    map.side_name(cave.ca)
                ),
            ));
        }
        // G11.5 EX: a cave in a cliff face sees a Climber at a vertex of its CA Hexside only at
        // its own level (cave G at Level 1 none at another level; cave A at Level 0 the one at
        // Level 0; cave M at Level 2 the one at Level 2): an Upper-Cliff cave, and one at the
        // foot of the cliff (a helper's finding: cave A saw Climbers two levels up its face).
        if let Location::Climbing { level, vertex, .. } = other_loc
            && (cave.upper_cliff || map.is_cliff(cave.ca))
            && cave.ca.vertices().contains(vertex)
            && *level != cave.level
        {
            return Some(refuse(
                range,
                "G11.5",
                Some(other.hex),
                format!(
                    "no LOS between {} {} (Level {}) and a unit Climbing at a vertex of its CA \
                 Hexside at another level (Level {level})",
                    if cave.upper_cliff {
                        "Upper-Cliff cave"
                    } else {
                        "the cliff-face cave"
                    },
                    cave.id,
                    cave.level
                ),
            ));
        }
    }
    None
}

/// G11.51: a Continuous Slope from a cave on a hill Crest Line casts no Blind Hex.
fn slope_los(env: &LosEnv, (a, b): (End, End), (from_cave, to_cave): (bool, bool)) -> LosResult {
    let map = env.map();
    let (mut a, mut b) = (a, b);
    a.slope = from_cave;
    b.slope = to_cave;
    let mut r = env.check_ends(a, b);
    if r.clear() && (a.slope || b.slope) && r.rule.is_none() {
        let (mut x, mut y) = (a, b);
        (x.slope, y.slope) = (false, false);
        let without = env.check_ends(x, y);
        if let Some(block) = without.sight.block {
            r.rule = Some("G11.51");
            r.reason = format!(
                "the LOS from the cave lies along a Continuous Slope (G11.51): disregarding the \
             cave's hex, each hex it crosses lies lower than the one before, so the Crest Line in {} \
             casts no Blind Hex ({})",
                block
                    .hex()
                    .map_or_else(|| "between".into(), |h| map.name(h)),
                without.reason
            );
        }
    }
    r
}

/// G11.51: does the LOS from `cave` to the lower end `other` lie along a Continuous Slope? Only
/// for a cave whose CA Hexside is a hill (only) Crest Line: not IN a Depression, not across a
/// cliff. The cave's own hex is disregarded: the thread starts at the cave's level, and the
/// hexes it then crosses must fall away, each at a lower Base Level than the one before (the two
/// hexes beside a hexside it runs along counting as one, at the higher of their levels), the
/// first no higher than the cave, down to a lower end below the last of them; never into or
/// across a Depression or a cliff hexside. (The seed does not give B10.23's own wording; this is the
/// reading its G11.51 EX needs: cave A at Level 3 in Level 4 BB5, then CC5-CC6 at 3, DD5 at 2,
/// EE5-EE6 at 1, FF5 at 0.)
fn continuous_slope(map: &Map, cave: &Cave, other: &End) -> bool {
    if cave.in_depression || map.is_cliff(cave.ca) || other.elevation >= cave.level * LEVEL {
        return false;
    }
    let cliff = |xs: &[Hex], y: Hex| {
        xs.iter()
            .any(|&x| Hexside::between(x, y).is_some_and(|side| map.is_cliff(side)))
    };
    // The level the slope has reached, the hexes of the last step, and whether any came yet.
    let (mut level, mut last, mut first) = (cave.level, vec![cave.hex], true);
    for step in segment_steps(Point3::center(cave.hex), other.point) {
        let hexes: Vec<Hex> = step
            .hexes()
            .iter()
            .copied()
            .filter(|h| *h != cave.hex && *h != other.hex)
            .collect();
        if hexes.is_empty() {
            continue;
        }
        let mut top = i32::MIN;
        for &h in &hexes {
            match map.get(h) {
                Some(d) if d.depression.is_none() && !cliff(&last, h) => top = top.max(d.level),
                _ => return false,
            }
        }
        if top > level || (!first && top == level) {
            return false;
        }
        (level, last, first) = (top, hexes, false);
    }
    map.get(other.hex).is_some_and(|d| d.depression.is_none())
        && !cliff(&last, other.hex)
        && other.elevation < level * LEVEL
}

/// G11.85: SMOKE in the firer's cave hinders its outgoing LOS by twice its DRM (so +3 SMOKE
/// blocks it, B.10); SMOKE in the target's cave by its DRM.
fn with_cave_smoke(
    mut r: LosResult,
    caves: &CaveSystem,
    firer: Option<&Cave>,
    target: Option<&Cave>,
) -> LosResult {
    let out = firer.map_or(0, |c| 2 * caves.smoke_drm(&c.id));
    let inc = target.map_or(0, |c| caves.smoke_drm(&c.id));
    if out + inc == 0 || !r.clear() {
        return r;
    }
    r.sight.hindrance += out + inc;
    let mut parts = Vec::new();
    if let Some(c) = firer.filter(|_| out > 0) {
        parts.push(format!(
            "SMOKE in cave {} doubles its outgoing DRM to +{out}",
            c.id
        ));
    }
    if let Some(c) = target.filter(|_| inc > 0) {
        parts.push(format!("SMOKE in cave {} (+{inc})", c.id));
    }
    let why = parts.join("; ");
    r.rule = Some("G11.85");
    if r.sight.hindrance >= 6 {
        r.sight.block = Some(crate::los::Block::Refused {
            rule: "G11.85",
            hex: firer.or(target).map(|c| c.hex),
        });
        r.reason = format!(
            "{why}: hindrances total +{}, and six or more block the LOS (B.10)",
            r.sight.hindrance
        );
    } else {
        r.reason = format!("clear but hindered: {why}; +{} in all", r.sight.hindrance);
    }
    r
}
