//! B11.4 Climbing: moving a Climb counter up or down a cliff face, one level per MPh, and
//! advancing off it in the APh. What our sources fix (asl-facts.md "Climbing"): a Climbing unit
//! is on a Climb counter, in that counter's hex, at its level, aiming at the vertex its arrow
//! points to; Climbing uses the unit's entire MPh (one level per MPh); a Falling DR is made
//! only when actually Climbing a cliff hexside and changing level (G11.8331); a Climber may
//! advance off its counter in the APh. The rest of B11.4 (e.g. what a fall does) is not in our
//! sources and is not invented here.

use crate::hex::{Hex, Hexside, Vertex};
use crate::los::Location;
use crate::map::Map;
use crate::rules::{Ruling, ruling};

/// The cliff hexside of `hex` that `vertex` lies on, if any (the cliff a Climb counter there
/// would be on). With two, the first in the vertex's hexside order.
pub fn cliff_at(map: &Map, hex: Hex, vertex: Vertex) -> Option<Hexside> {
    vertex
        .hexsides()
        .into_iter()
        .find(|s| s.touches(hex) && map.is_cliff(*s))
}

/// B11.4: may a unit at `from` Climb to a Climb counter in `hex` at `level` aiming at
/// `vertex`, this MPh? The vertex must lie on a cliff hexside of `hex`; `hex` must be the
/// unit's own hex or the other hex of that cliff; the level must lie between the two hexes'
/// Base Levels; and the unit changes level by exactly one (Climbing takes the whole MPh, one
/// level per MPh). `mf_spent`: MF the unit already expended this MPh (it must be none).
pub fn climb(
    map: &Map,
    from: &Location,
    hex: Hex,
    level: i32,
    vertex: Vertex,
    mf_spent: f32,
) -> Ruling {
    let vertex_name = map.vertex_name(vertex);
    if mf_spent > 0.0 {
        return ruling(
            false,
            "B11.4",
            format!("Climbing takes the whole MPh: this unit already expended {mf_spent} MF"),
        );
    }
    let Some(cliff) = cliff_at(map, hex, vertex) else {
        return ruling(
            false,
            "B11.4",
            format!(
                "vertex {vertex_name} is not on a cliff hexside of {}: a Climb counter goes on a \
                 cliff face",
                map.name(hex)
            ),
        );
    };
    let cliff_name = map.side_name(cliff);
    let other = cliff.other(hex).unwrap_or(hex);
    let (Some(a), Some(b)) = (map.get(hex), map.get(other)) else {
        return ruling(false, "B11.4", format!("cliff {cliff_name} leaves the map"));
    };
    let (low, high) = (a.level.min(b.level), a.level.max(b.level));
    if !(low..=high).contains(&level) {
        return ruling(
            false,
            "B11.4",
            format!(
                "Level {level} is not on cliff {cliff_name}, which runs from Level {low} to {high}"
            ),
        );
    }
    let (here, current) = match from {
        Location::Climbing {
            hex: h,
            level: l,
            vertex: v,
        } => {
            let same_cliff = cliff_at(map, *h, *v).is_some_and(|c| c == cliff);
            if !same_cliff {
                return ruling(
                    false,
                    "B11.4",
                    format!("a Climber stays on its cliff ({cliff_name} is not the one it is on)"),
                );
            }
            (*h, *l)
        }
        Location::Ground(h) => match map.get(*h) {
            Some(d) => (*h, d.level),
            None => return ruling(false, "B11.4", "the unit is off the map"),
        },
        Location::Level(h, l) => (*h, *l),
        Location::Crest { hex: h, .. } => (*h, from.level(map).unwrap_or(0)),
        Location::Cave(_) | Location::Complex(_) => {
            return ruling(
                false,
                "B11.4",
                "a unit in a cave or Cave Complex leaves it onto a Climb counter by exiting \
                 (G11.72), not by Climbing",
            );
        }
    };
    if here != hex && here != other {
        return ruling(
            false,
            "B11.4",
            format!(
                "the unit in {} is not at cliff {cliff_name}: it Climbs only a cliff of its own hex",
                map.name(here)
            ),
        );
    }
    if (level - current).abs() != 1 {
        return ruling(
            false,
            "B11.4",
            format!(
                "Climbing changes level by exactly one per MPh: from Level {current} to {level} \
                 is {}",
                (level - current).abs()
            ),
        );
    }
    ruling(
        true,
        "B11.4",
        format!(
            "the unit Climbs cliff {cliff_name} from Level {current} to {level} (its whole MPh), \
             onto a Climb counter in {} aiming at {vertex_name}",
            map.name(hex)
        ),
    )
}

/// B11.4: may a Climber on a Climb counter advance off it to `to` in the APh? Only onto the
/// ground of one of its cliff's two hexes whose Base Level is the counter's level.
pub fn advance_off(map: &Map, from: &Location, to: &Location) -> Ruling {
    let Location::Climbing { hex, level, vertex } = from else {
        return ruling(false, "B11.4", "the unit is not on a Climb counter");
    };
    let Location::Ground(dest) = to else {
        return ruling(
            false,
            "B11.4",
            "a Climber advances off its Climb counter onto the ground of a cliff hex (or into \
             a cave at its level, G11.7)",
        );
    };
    let Some(cliff) = cliff_at(map, *hex, *vertex) else {
        // G11.8331: a Climb counter along a non-cliff hexside is in the cave's hex; its Climber
        // steps off onto that hex (the EX: "advance off the Climb counter to Level 2 in V4").
        let base = map.get(*dest).map_or(i32::MIN, |d| d.level);
        let ok = *dest == *hex && base == *level;
        return ruling(
            ok,
            "B11.4",
            if ok {
                format!(
                    "the Climber at Level {level} advances off its Climb counter onto {}",
                    map.name(*dest)
                )
            } else {
                format!(
                    "a Climb counter along a non-cliff hexside is left only onto its own hex \
                     {} at its Level {level}",
                    map.name(*hex)
                )
            },
        );
    };
    let cliff_name = map.side_name(cliff);
    if !cliff.touches(*dest) {
        return ruling(
            false,
            "B11.4",
            format!(
                "{} is not a hex of the Climber's cliff {cliff_name}",
                map.name(*dest)
            ),
        );
    }
    let base = map.get(*dest).map_or(i32::MIN, |d| d.level);
    if base != *level {
        return ruling(
            false,
            "B11.4",
            format!(
                "the Climber is at Level {level}; {} lies at Level {base}: it must Climb on \
                 before it can step off",
                map.name(*dest)
            ),
        );
    }
    ruling(
        true,
        "B11.4",
        format!(
            "the Climber at Level {level} advances off its Climb counter onto {}",
            map.name(*dest)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Terrain;

    /// T4 at Level 0 below a 3-level cliff S5-T4 (the G11.6 illustration's cliff).
    fn cliff_map() -> Map {
        let mut m = Map::new(None, 33, 10, 0, Terrain::Open);
        let s5 = m.hex("S5").unwrap();
        m.set_hex(s5, Some(3), None, None);
        let side = m.hexside("S5-T4").unwrap();
        m.add_cliff(side);
        m
    }

    fn loc(m: &Map, t: &str) -> Location {
        Location::parse(t, m).unwrap()
    }

    #[test]
    fn b11_4_climb_one_level_per_mph_from_the_foot_of_the_cliff() {
        let m = cliff_map();
        let t4 = m.hex("T4").unwrap();
        let v = m.vertex("T4-S5-S4").unwrap();
        assert!(climb(&m, &loc(&m, "T4"), t4, 1, v, 0.0).allowed);
        let two = climb(&m, &loc(&m, "T4"), t4, 2, v, 0.0);
        assert!(
            !two.allowed && two.reason.contains("exactly one"),
            "{two:?}"
        );
        let spent = climb(&m, &loc(&m, "T4"), t4, 1, v, 1.0);
        assert!(!spent.allowed && spent.reason.contains("whole MPh"));
        assert!(climb(&m, &loc(&m, "T4@1/T4-S5-S4"), t4, 2, v, 0.0).allowed);
        assert!(!climb(&m, &loc(&m, "T4@3/T4-S5-S4"), t4, 4, v, 0.0).allowed);
    }

    #[test]
    fn b11_4_a_climb_counter_goes_on_a_cliff_face_of_the_units_hex() {
        let m = cliff_map();
        let t4 = m.hex("T4").unwrap();
        // Only the two vertices of the cliff hexside S5-T4 take a Climb counter in T4.
        let on_cliff: Vec<Vertex> = crate::hex::hexspines(t4)
            .into_iter()
            .filter(|v| climb(&m, &loc(&m, "T4"), t4, 1, *v, 0.0).allowed)
            .collect();
        assert_eq!(on_cliff.len(), 2);
        assert!(on_cliff.iter().all(|v| v.touches(m.hex("S5").unwrap())));
        // Far from the cliff.
        let c2 = m.hex("C2").unwrap();
        let v = m.vertex("T4-S5-S4").unwrap();
        assert!(!climb(&m, &loc(&m, "C2"), c2, 1, v, 0.0).allowed);
        // Climbing down from the top: a counter in S5 at Level 2.
        let s5 = m.hex("S5").unwrap();
        assert!(climb(&m, &loc(&m, "S5"), s5, 2, v, 0.0).allowed);
    }

    #[test]
    fn b11_4_advance_off_only_where_the_ground_is_at_the_counters_level() {
        let m = cliff_map();
        let top = advance_off(&m, &loc(&m, "T4@3/T4-S5-S4"), &loc(&m, "S5"));
        assert!(top.allowed, "{top:?}");
        let half = advance_off(&m, &loc(&m, "T4@2/T4-S5-S4"), &loc(&m, "S5"));
        assert!(!half.allowed && half.reason.contains("Level 3"));
        assert!(advance_off(&m, &loc(&m, "T4@0/T4-S5-S4"), &loc(&m, "T4")).allowed);
        assert!(!advance_off(&m, &loc(&m, "T4"), &loc(&m, "S5")).allowed);
    }
}
