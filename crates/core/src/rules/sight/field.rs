//! A6/G11.5/E1.1/E1.101: what one Location sees — every Location of the map classified from a
//! single viewing Location: seen, seen but hindered (A6.8), seen only because Illuminated or
//! marked by a Gunflash (E1.101), beyond the NVR (E1.1), or blocked (with the blocking hex and
//! rule). Each pair is ruled exactly as `los_between_marked` rules it (the same environment,
//! the same walk, the same deciding rule), so the field and `los` never disagree; above ground
//! it walks the engine's cached hex lines, stopping at the first block, without recording a
//! path or writing a reason.

use std::collections::BTreeMap;

use super::basics::{seen_by_mark, sees_itself, underground};
use crate::hex::{Direction, Hex, Hexside};
use crate::los::{Block, Location, LosEnv, LosError, Sight};
use crate::map::{Map, Terrain};
use crate::rules::caves::CaveSystem;
use crate::rules::caves::sight::cave_los;
use crate::rules::night::visibility::nvr_limits;

/// How a Location is seen from the viewing Location.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// A clear LOS, nothing hindering it (A6).
    Seen,
    /// A clear LOS with a hindrance DRM (A6.8).
    Hindered,
    /// Beyond the NVR, seen only because Illuminated or marked by a Gunflash (E1.101).
    Lit,
    /// Beyond the Night Visibility Range and not marked (E1.1, E1.13).
    BeyondNvr,
    /// No LOS: terrain, Blind Hexes, six hindrances, a cave's CA... (A6, B11.21, G11.5).
    Blocked,
}

impl Class {
    /// E1.101/A6: the class of a LOS ruled `sight`, where `lit_beyond_nvr` says that it is seen
    /// beyond the NVR only because its target is marked (`LosResult::lit_beyond_nvr`).
    pub fn of(sight: &Sight, lit_beyond_nvr: bool) -> Class {
        match sight.block {
            Some(Block::Nvr { .. }) => Class::BeyondNvr,
            Some(_) => Class::Blocked,
            None if lit_beyond_nvr => Class::Lit,
            None if sight.hindrance > 0 => Class::Hindered,
            None => Class::Seen,
        }
    }

    /// The class's name in output: `seen`, `hindered`, `lit`, `beyond_nvr`, `blocked`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Seen => "seen",
            Class::Hindered => "hindered",
            Class::Lit => "lit",
            Class::BeyondNvr => "beyond_nvr",
            Class::Blocked => "blocked",
        }
    }

    /// The class in words, for a screen ("beyond the NVR" rather than the JSON's `beyond_nvr`).
    pub fn label(self) -> &'static str {
        match self {
            Class::BeyondNvr => "beyond the NVR",
            other => other.name(),
        }
    }

    /// Every class, in output order.
    pub const ALL: [Class; 5] = [
        Class::Seen,
        Class::Hindered,
        Class::Lit,
        Class::BeyondNvr,
        Class::Blocked,
    ];
}

/// A Location to classify, with its E1.101 marks (at night only: by day nothing is marked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub at: Location,
    /// Illuminated (E1.9; a cave by G11.96).
    pub illuminated: bool,
    /// Marked by a Gunflash (E1.8).
    pub gunflash: bool,
}

/// One Location as the viewer sees it: the same answer `los` gives for the pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub at: Location,
    pub class: Class,
    pub range: u32,
    /// The hindrance DRM of a clear LOS (A6.8), as `los` totals it; 0 where there is no LOS
    /// (`los` there totals the hindrances of the whole thread, which the field does not walk:
    /// it stops at what blocks).
    pub hindrance: u32,
    /// The deciding rule, as `los` gives it (E1.101 for a clear, unhindered `lit` LOS).
    pub rule: Option<&'static str>,
    /// The hex that blocked the LOS, when one hex did.
    pub blocked_at: Option<Hex>,
}

/// A6/G11/B11.4: every Location of the map, in board order: for each hex its Base-Level
/// Location, the upper levels of a building in it (one per floor above the ground floor), the
/// Crest status along each Crest Line hexside of a Depression hex, and the Climb counters of a
/// cliff's lower hex (at each vertex of the cliff hexside, at every level strictly between the
/// two hexes' Base Levels); then every cave, then every Cave Complex.
pub fn field_locations(map: &Map, caves: &CaveSystem) -> Vec<Location> {
    let mut climbs: BTreeMap<Hex, Vec<Location>> = BTreeMap::new();
    for side in map.cliffs() {
        let (Some(x), Some(y)) = (map.get(side.a), map.get(side.b)) else {
            continue;
        };
        let (low, high) = if x.level <= y.level { (x, y) } else { (y, x) };
        for level in low.level + 1..high.level {
            for vertex in side.vertices() {
                let l = Location::Climbing {
                    hex: low.hex,
                    level,
                    vertex,
                };
                let here = climbs.entry(low.hex).or_default();
                if !here.contains(&l) {
                    here.push(l);
                }
            }
        }
    }
    let mut out = Vec::with_capacity(map.slots() + caves.caves.len());
    for d in map.hexes() {
        out.push(Location::Ground(d.hex));
        if let Terrain::Building(_, floors) = d.terrain {
            out.extend((1..i32::from(floors)).map(|f| Location::Level(d.hex, d.level + f)));
        }
        if d.depression.is_some() {
            out.extend(Direction::ALL.into_iter().filter_map(|dir| {
                let side = Hexside::between(d.hex, d.hex.neighbor(dir))?;
                Location::crest(d.hex, side, map).ok()
            }));
        }
        if let Some(c) = climbs.remove(&d.hex) {
            out.extend(c);
        }
    }
    out.extend(caves.caves.iter().map(|c| Location::Cave(c.id.clone())));
    out.extend(
        caves
            .complexes
            .iter()
            .map(|x| Location::Complex(x.primary.clone())),
    );
    out
}

/// A6/G11.5/E1.1/E1.101: how `from` sees each target: its class, range, hindrance, deciding
/// rule and blocking hex, each exactly as `los_between_marked(env, caves, from, target, ...)`
/// rules the pair (but for the hindrance of a LOS there is none: 0). `env` is the situation (SMOKE, Blazes, the NVR at night); a target's marks
/// lift the NVR for it (E1.101). One call: the environment is read once, the lines above
/// ground come from the engine's table, and no path or reason is built. Fails only for a
/// viewing Location or target that is not on the map (or a cave the system does not have).
pub fn visibility_field(
    env: &LosEnv,
    caves: &CaveSystem,
    from: &Location,
    targets: &[Target],
) -> Result<Vec<Seen>, LosError> {
    let nvr = env.nvr;
    // E1.101: a marked target is judged without the NVR.
    let unlimited;
    let open = if nvr.is_some() && targets.iter().any(|t| t.illuminated || t.gunflash) {
        unlimited = env.clone().with_nvr(None);
        &unlimited
    } else {
        env
    };
    let from_end = if underground(from) {
        None
    } else {
        Some(env.end(from)?)
    };
    targets
        .iter()
        .map(|t| {
            if sees_itself(env, from, &t.at) {
                return Ok(Seen {
                    at: t.at.clone(),
                    class: Class::Seen,
                    range: 0,
                    hindrance: 0,
                    rule: None,
                    blocked_at: None,
                });
            }
            let e = if nvr_limits(t.illuminated, t.gunflash) {
                env
            } else {
                open
            };
            let (sight, rule) = match from_end {
                Some(a) if !underground(&t.at) => {
                    // Stops at the first block: what blocked is what `los` names.
                    let sight = e.walk(a, e.end(&t.at)?, &mut ());
                    (sight, sight.rule())
                }
                _ => {
                    let r = cave_los(e, caves, from, &t.at)?;
                    (r.sight, r.rule)
                }
            };
            let lit = seen_by_mark(e, nvr, from, &t.at, t.illuminated || t.gunflash, &sight);
            Ok(Seen {
                at: t.at.clone(),
                class: Class::of(&sight, lit),
                range: sight.range,
                hindrance: if sight.clear() { sight.hindrance } else { 0 },
                rule: if lit { rule.or(Some("E1.101")) } else { rule },
                blocked_at: sight.block.and_then(|b| b.hex()),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::BuildingKind;

    fn sight(hindrance: u32, block: Option<Block>) -> Sight {
        Sight {
            range: 3,
            hindrance,
            block,
        }
    }

    #[test]
    fn e1_101_a_ruling_classes_as_seen_hindered_lit_beyond_nvr_or_blocked() {
        let nvr = Some(Block::Nvr { nvr: 2 });
        let wall = Some(Block::Obstacle {
            hex: Hex::new(1, 1),
            top: 4,
        });
        assert_eq!(Class::of(&sight(0, None), false), Class::Seen);
        assert_eq!(Class::of(&sight(2, None), false), Class::Hindered);
        assert_eq!(Class::of(&sight(2, None), true), Class::Lit);
        assert_eq!(Class::of(&sight(0, nvr), false), Class::BeyondNvr);
        assert_eq!(Class::of(&sight(0, wall), false), Class::Blocked);
        // E1.101 lifts the NVR, not terrain: a marked target behind an obstacle stays blocked.
        assert_eq!(Class::of(&sight(0, wall), true), Class::Blocked);
    }

    #[test]
    fn b11_4_the_field_holds_building_levels_and_climb_counters_below_a_cliff() {
        let mut map = Map::new(None, 33, 10, 0, Terrain::Open);
        let h = |t: &str| map.hex(t).unwrap();
        let (s5, s4, k5) = (h("S5"), h("S4"), h("K5"));
        map.set_hex(s5, Some(3), None, None);
        map.set_hex(
            k5,
            None,
            Some(Terrain::Building(BuildingKind::Stone, 3)),
            None,
        );
        map.add_cliff(Hexside::between(s4, s5).unwrap());
        let all = field_locations(&map, &CaveSystem::default());
        let names: Vec<String> = all.iter().map(|l| l.display(&map).to_string()).collect();
        assert_eq!(all.len(), map.hexes().count() + 2 + 4);
        for l in [
            "K5@1",
            "K5@2",
            "S4@1/R4-S4-S5",
            "S4@2/R4-S4-S5",
            "S4@1/S4-S5-T4",
            "S4@2/S4-S5-T4",
        ] {
            assert!(names.contains(&l.to_string()), "{l}");
        }
        // In board order: a hex's own Locations follow it.
        let at = |l: &str| names.iter().position(|n| n == l).unwrap();
        assert_eq!(at("K5@1"), at("K5") + 1);
        for l in ["S4@1/R4-S4-S5", "S4@2/S4-S5-T4"] {
            assert!((1..=4).contains(&(at(l) - at("S4"))), "{l}");
        }
    }

    #[test]
    fn e1_1_beyond_the_nvr_stands_before_a_depression_rim_in_the_field_and_in_los() {
        // A Location IN a gully seen from its Crest level at range 6, NVR 2: the NVR blocks
        // first (E1.1), whether the walk stops there (the field) or goes on (los's path).
        let mut map = Map::new(None, 33, 10, 0, Terrain::Open);
        let g4 = map.hex("G4").unwrap();
        map.set_hex(g4, Some(-1), None, Some(crate::map::Depression::Gully));
        let env = LosEnv::new(&map).with_nvr(Some(2));
        let (a, b) = (Location::parse("A1", &map).unwrap(), Location::Ground(g4));
        let full = env.check(&a, &b).unwrap();
        assert_eq!(full.sight.block, Some(Block::Nvr { nvr: 2 }));
        assert_eq!(full.rule, Some("E1.1"));
        let target = Target {
            at: b,
            illuminated: false,
            gunflash: false,
        };
        let f = visibility_field(&env, &CaveSystem::default(), &a, &[target]).unwrap();
        assert_eq!((f[0].class, f[0].rule), (Class::BeyondNvr, Some("E1.1")));
        // By day the rim hides it (A6.3).
        let day = LosEnv::new(&map).check(&a, &Location::Ground(g4)).unwrap();
        assert_eq!(day.rule, Some("A6.3"));
    }
}
