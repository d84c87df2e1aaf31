//! G11.7-G11.751: what it costs Infantry to go from one Location to an adjacent one when a cave
//! or Cave Complex is involved, and the above-ground basics (terrain entry, higher Base Level,
//! cliffs) the same question needs.

use serde::Serialize;

use super::CaveSystem;
use super::access::Under;
use crate::los::Location;
use crate::map::{Map, Terrain};
use crate::rules::night::movement::{Entered, infantry_entry_mf};

/// An Infantry move's cost: allowed or not, its MF (None when it takes Climbing or is not
/// allowed), whether it can be made only by Climbing (B11.4), and the deciding rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveCost {
    pub allowed: bool,
    pub mf: Option<f32>,
    pub climbing: bool,
    pub rule: &'static str,
    pub reason: String,
}

fn allowed(mf: f32, rule: &'static str, reason: String) -> MoveCost {
    MoveCost {
        allowed: true,
        mf: Some(mf),
        climbing: false,
        rule,
        reason,
    }
}

fn refused(rule: &'static str, reason: String) -> MoveCost {
    MoveCost {
        allowed: false,
        mf: None,
        climbing: false,
        rule,
        reason,
    }
}

fn by_climbing(rule: &'static str, reason: String) -> MoveCost {
    MoveCost {
        allowed: true,
        mf: None,
        climbing: true,
        rule,
        reason,
    }
}

/// A4/B-chapter Infantry entry costs (COT), in MF. Our sources fix only woods (2 MF, E1.51
/// EX); the rest follow the common ASL chart and are marked uncertain here, in one place.
pub fn terrain_mf(t: Terrain) -> f32 {
    match t {
        Terrain::Open | Terrain::Orchard | Terrain::PalmTrees | Terrain::Sand => 1.0,
        Terrain::Grain | Terrain::Kunai => 1.5, // uncertain (in-season grain)
        Terrain::Woods | Terrain::Jungle | Terrain::Brush | Terrain::Bamboo => 2.0, // woods: E1.51 EX
        Terrain::DenseJungle | Terrain::Rubble => 3.0,                              // uncertain
        Terrain::Marsh | Terrain::Swamp | Terrain::Paddy => 2.0,                    // uncertain
        Terrain::Huts | Terrain::Building(..) => 2.0,                               // uncertain
        Terrain::Water => 4.0, // uncertain: wading
    }
}

/// The cave entry cost (G11.7).
pub const CAVE_ENTRY_MF: f32 = 2.0;

/// G11.7-G11.751 (and A4/B11.4 above ground, E1.51 at night): Infantry MF to go from `from`
/// to `to`.
pub fn cost(
    map: &Map,
    caves: &CaveSystem,
    from: &Location,
    to: &Location,
    night: bool,
) -> MoveCost {
    match (from, to) {
        (_, Location::Cave(id)) => enter_cave(map, caves, from, id, night),
        (_, Location::Complex(id)) => enter_complex(map, caves, from, id),
        (Location::Cave(id), _) => with_night(exit_cave(map, caves, id, to), map, to, night),
        (Location::Complex(id), _) => with_night(leave_complex(map, caves, id, to), map, to, night),
        _ => with_night(above_ground(map, from, to), map, to, night),
    }
}

/// E1.51: at night, entering a Concealment Terrain Location costs one more MF (caves and
/// Complexes excepted, G11.96; they are priced before this is applied).
fn with_night(mut c: MoveCost, map: &Map, to: &Location, night: bool) -> MoveCost {
    let (Some(mf), true) = (c.mf, c.allowed) else {
        return c;
    };
    let Some(d) = to.hex().and_then(|h| map.get(h)) else {
        return c;
    };
    if !d.terrain.info().concealment || !matches!(to, Location::Ground(_)) {
        return c;
    }
    let daytime = mf.round() as i32;
    let at_night = infantry_entry_mf(daytime, Entered::ConcealmentTerrain, night, false);
    let extra = at_night.value - daytime;
    if extra > 0 {
        // Told with the daytime cost as it is (kunai's 1.5 MF, G.6), not rounded.
        let total = mf + extra as f32;
        c.mf = Some(total);
        c.reason = format!(
            "{}; +{extra} at night ({}: {mf} MF daytime cost +{extra} for entering a \
             Concealment Terrain Location at night = {total} MF)",
            c.reason, at_night.rule
        );
    }
    c
}

/// G11.7/G11.71: entering cave `id` (`night`: from a cave IN the same Depression hex, the exit
/// to above-ground IN that hex is a separate expenditure, at night as any Concealment Terrain
/// entry, E1.51; G11.96 exempts only the cave's own entry).
fn enter_cave(map: &Map, caves: &CaveSystem, from: &Location, id: &str, night: bool) -> MoveCost {
    let Some(c) = caves.cave(id) else {
        return refused("G11.7", format!("there is no cave {id}"));
    };
    let entrance = map.name(c.entrance);
    match from {
        Location::Cave(other) => {
            let o = caves.cave(other);
            if !caves.accessible(&Under::Cave(other.clone()), &Under::Cave(id.into())) {
                return refused(
                    "G11.6",
                    format!("caves {other} and {id} are not Accessible to each other"),
                );
            }
            if c.in_depression {
                let exit = with_night(
                    exit_cave(map, caves, other, &Location::Ground(c.hex)),
                    map,
                    &Location::Ground(c.hex),
                    night,
                );
                let out = exit.mf.unwrap_or(1.0);
                let mut cost = allowed(
                    out + CAVE_ENTRY_MF,
                    "G11.71",
                    format!(
                        "from a cave IN a Depression to another IN the same hex: first exit to \
                         IN {entrance} (1 MF, G11.72), then a separate 2 MF to enter cave {id}"
                    ),
                );
                if out != 1.0 {
                    cost.reason = format!(
                        "{}; at night the exit to IN {entrance} costs {out} MF ({})",
                        cost.reason, exit.reason
                    );
                }
                return cost;
            }
            let change = o.map_or(0, |o| (o.level - c.level).unsigned_abs());
            allowed(
                CAVE_ENTRY_MF + change as f32,
                "G11.71",
                format!(
                    "cave {id} from Accessible cave {other} in the same hex: 2 MF + 1 per level \
                     changed ({change})"
                ),
            )
        }
        Location::Complex(x) => {
            if caves.accessible(&Under::Complex(x.clone()), &Under::Cave(id.into())) {
                allowed(
                    CAVE_ENTRY_MF,
                    "G11.7",
                    format!("cave {id} from Accessible Cave Complex {x}{x}: 2 MF"),
                )
            } else {
                refused(
                    "G11.6",
                    format!("cave {id} is not Accessible to Cave Complex {x}{x}"),
                )
            }
        }
        Location::Climbing { hex, level, vertex } => {
            if c.upper_cliff
                && (*hex == c.entrance || *hex == c.hex)
                && *level == c.level
                && c.ca.vertices().contains(vertex)
            {
                allowed(
                    CAVE_ENTRY_MF,
                    "G11.7",
                    format!(
                        "from a Climb counter at the cave's Level {} on its CA Hexside: 2 MF",
                        c.level
                    ),
                )
            } else {
                refused(
                    "G11.7",
                    format!(
                        "a Climbing unit enters cave {id} only from a Climb counter at its Level \
                         {} on a vertex of CA Hexside {}",
                        c.level,
                        map.side_name(c.ca)
                    ),
                )
            }
        }
        _ => enter_cave_from_ground(map, c, from, id),
    }
}

/// G11.7 / G11.71 EX: entering cave `c` (`id`) from above ground: from its Entrance Hex, or an
/// Upper-Cliff cave only by Climbing (from its Entrance Hex, or down from its own hex).
fn enter_cave_from_ground(map: &Map, c: &super::Cave, from: &Location, id: &str) -> MoveCost {
    let entrance = map.name(c.entrance);
    let at_entrance =
        from.hex() == Some(c.entrance) && from.level(map) == map.get(c.entrance).map(|d| d.level);
    // G11.71 EX: an Upper-Cliff cave is also reached from above, Climbing down its CA
    // Hexside from the cave's own hex.
    let on_top = c.upper_cliff
        && from.hex() == Some(c.hex)
        && from.level(map) == map.get(c.hex).map(|d| d.level);
    if on_top {
        return by_climbing(
            "G11.71",
            format!(
                "from {} Infantry reach Upper-Cliff cave {id} by Climbing down to Level \
                 {} along CA Hexside {} (the whole MPh, B11.4)",
                map.name(c.hex),
                c.level,
                map.side_name(c.ca)
            ),
        );
    }
    if !at_entrance {
        return refused(
            "G11.7",
            format!(
                "cave {id} is entered from above ground only from its Entrance Hex \
                 {entrance}{}",
                if c.in_depression {
                    " (IN the Depression)"
                } else {
                    ""
                }
            ),
        );
    }
    if c.upper_cliff {
        return by_climbing(
            "G11.7",
            format!(
                "cave {id} is Upper-Cliff (Level {} above {entrance}): it is entered \
                 from above ground only by Climbing, which takes the whole MPh (B11.4)",
                c.level
            ),
        );
    }
    allowed(
        CAVE_ENTRY_MF,
        "G11.7",
        format!("cave {id} from its Entrance Hex {entrance}: 2 MF"),
    )
}

/// G11.73/G11.751/G11.933: entering Cave Complex `id`: from an Accessible cave or Complex, or
/// from above ground through a tunnel that connects the hex to the Complex.
fn enter_complex(map: &Map, caves: &CaveSystem, from: &Location, id: &str) -> MoveCost {
    let target = Under::Complex(id.into());
    let source = match from {
        Location::Cave(c) => Under::Cave(c.clone()),
        Location::Complex(c) => Under::Complex(c.clone()),
        Location::Ground(h) if caves.tunnel_to(id, *h) => {
            return allowed(
                0.0,
                "G11.933",
                format!(
                    "from {} through its tunnel into Cave Complex {id}{id}: a tunnel is one \
                     subterranean Location Accessible to both Locations it connects, and they to \
                     each other (G11.933); entering a Cave Complex costs no MF (G11.751), with \
                     >= 2 MF available (G11.74); a tunnel is entered only in the MPh",
                    map.name(*h)
                ),
            );
        }
        _ => {
            return refused(
                "G11.73",
                format!(
                    "Cave Complex {id}{id} is entered only from an Accessible cave, Cave Complex \
                     or tunnel (G11.933: from the hex a tunnel of this Complex leads to)"
                ),
            );
        }
    };
    if !caves.accessible(&source, &target) {
        return refused(
            "G11.6",
            format!(
                "{} is not Accessible to Cave Complex {id}{id}",
                source.text()
            ),
        );
    }
    let only_mph = matches!(source, Under::Complex(_));
    allowed(
        0.0,
        "G11.751",
        format!(
            "entering a Cave Complex costs no MF, but the unit must have >= 2 MF available \
             (G11.74){}",
            if only_mph {
                "; from another Complex only during the MPh (G11.73)"
            } else {
                ""
            }
        ),
    )
}

/// G11.73/G11.933: leaving Cave Complex `id` other than into a cave or Complex: only through
/// a tunnel, to the above-ground hex it leads to. The hex is entered at its normal cost, as
/// Infantry leaving a cave enter its Entrance Hex (G11.72); the standard tunnel rules (B8.6)
/// are not in our sources.
fn leave_complex(map: &Map, caves: &CaveSystem, id: &str, to: &Location) -> MoveCost {
    let through = match to {
        Location::Ground(h) if caves.tunnel_to(id, *h) => Some(*h),
        _ => None,
    };
    let (Some(h), Some(d)) = (through, through.and_then(|h| map.get(h))) else {
        let exits: Vec<String> = caves
            .tunnel_exits(id)
            .into_iter()
            .map(|h| map.name(h))
            .collect();
        return refused(
            "G11.73",
            format!(
                "Cave Complex {id}{id} is left only into an Accessible cave, Cave Complex or \
                 tunnel, not directly to above ground{}",
                if exits.is_empty() {
                    String::new()
                } else {
                    format!(" (its tunnels lead to {})", exits.join(", "))
                }
            ),
        );
    };
    allowed(
        terrain_mf(d.terrain),
        "G11.933",
        format!(
            "out of Cave Complex {id}{id} through its tunnel to {}: the two Locations a tunnel \
             connects are Accessible to each other (G11.933); entering {} costs its normal MF, as \
             leaving a cave does (G11.72); a tunnel is entered only in the MPh",
            map.name(h),
            d.terrain.info().name
        ),
    )
}

/// G11.72: leaving cave `id` to above ground.
fn exit_cave(map: &Map, caves: &CaveSystem, id: &str, to: &Location) -> MoveCost {
    let Some(c) = caves.cave(id) else {
        return refused("G11.72", format!("there is no cave {id}"));
    };
    let entrance = map.name(c.entrance);
    let Some(e) = map.get(c.entrance) else {
        return refused("G11.72", format!("{entrance} is not on the map"));
    };
    if let Location::Climbing { hex, level, vertex } = to {
        return if c.upper_cliff
            && (*hex == c.entrance || *hex == c.hex)
            && *level == c.level
            && c.ca.vertices().contains(vertex)
        {
            by_climbing(
                "G11.72",
                format!(
                    "out of Upper-Cliff cave {id} onto a Climb counter at its Level {} on CA \
                     Hexside {} (Climbing takes the whole MPh, B11.4)",
                    c.level,
                    map.side_name(c.ca)
                ),
            )
        } else {
            refused(
                "G11.72",
                format!(
                    "a Climb counter reached from cave {id} must be at its Level {} on a vertex of \
                     CA Hexside {}",
                    c.level,
                    map.side_name(c.ca)
                ),
            )
        };
    }
    let to_entrance_ground = to.hex() == Some(c.entrance)
        && to.level(map) == Some(e.level)
        && !matches!(to, Location::Climbing { .. });
    if !to_entrance_ground {
        return refused(
            "G11.72",
            format!(
                "Infantry leave cave {id} to above ground only {} {entrance}",
                if c.in_depression {
                    "IN its hex"
                } else {
                    "across its CA Hexside into its Entrance Hex"
                }
            ),
        );
    }
    if c.in_depression {
        return allowed(
            1.0,
            "G11.72",
            format!("from a cave IN a Depression to IN {entrance}: 1 MF (like leaving a pillbox)"),
        );
    }
    if c.upper_cliff {
        return by_climbing(
            "G11.72",
            "an Upper-Cliff cave is left to above ground only by Climbing (B11.4)".into(),
        );
    }
    allowed(
        terrain_mf(e.terrain),
        "G11.72",
        format!(
            "across CA Hexside {} into {entrance}: the normal cost of entering {}",
            map.side_name(c.ca),
            e.terrain.info().name
        ),
    )
}

/// A4 / B10 / B11.4: Infantry entering an adjacent hex at its Base Level.
fn above_ground(map: &Map, from: &Location, to: &Location) -> MoveCost {
    let (Some(a), Some(b)) = (from.hex(), to.hex()) else {
        return refused("A4", "not two Locations".into());
    };
    let (Some(da), Some(db)) = (map.get(a), map.get(b)) else {
        return refused("A4", "off the map".into());
    };
    if matches!(from, Location::Climbing { .. }) || matches!(to, Location::Climbing { .. }) {
        return by_climbing(
            "B11.4",
            "moving onto, along or off a Climb counter is Climbing: it takes the unit's whole MPh \
             (one level per MPh; a Climber may advance off its counter in the APh)"
                .into(),
        );
    }
    if a == b {
        return refused(
            "A4",
            format!(
                "{} and {} are in the same hex: a move here goes to an adjacent hex",
                from.display(map),
                to.display(map)
            ),
        );
    }
    if !a.is_adjacent(b) {
        return refused(
            "A4",
            format!(
                "{} and {} are not adjacent: give one move at a time",
                map.name(a),
                map.name(b)
            ),
        );
    }
    if !matches!(to, Location::Ground(_)) || !matches!(from, Location::Ground(_)) {
        return refused(
            "A4",
            "only moves between Base-Level Locations (and caves) are costed here".into(),
        );
    }
    if crate::hex::Hexside::between(a, b).is_some_and(|s| map.is_cliff(s)) {
        return by_climbing(
            "B11.4",
            format!(
                "{} is a cliff hexside: it is crossed only by Climbing",
                map.side_name(crate::hex::Hexside::between(a, b).expect("adjacent"))
            ),
        );
    }
    let base = terrain_mf(db.terrain);
    let (mf, how) = if db.level > da.level {
        (2.0 * base, " x2 for a higher Base Level")
    } else {
        (base, "")
    };
    allowed(
        mf,
        "A4.1",
        format!(
            "entering {} ({}): {base} MF{how}",
            map.name(b),
            db.terrain.info().name
        ),
    )
}
