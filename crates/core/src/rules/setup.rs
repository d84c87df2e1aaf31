//! Map-level setup rules checked by `asl-pto check`: cliffs (B11), G.1 PTO Terrain.

use super::{Note, Problem};
use crate::los::Location;
use crate::map::{Map, Terrain};
use crate::rules::night::illumination_fire::{
    TripFlareScenario, TripFlareTerrain, trip_flare_setup,
};

/// B11: a cliff hexside separates hexes of different Base Level; a cliff between two hexes of
/// one level is not a cliff at all.
pub fn cliff_problems(map: &Map) -> Vec<Problem> {
    map.cliffs()
        .into_iter()
        .filter_map(|side| {
            let (a, b) = (map.get(side.a)?, map.get(side.b)?);
            let name = map.side_name(side);
            (a.level == b.level).then(|| Problem {
                rule: "B11",
                at: name.clone(),
                message: format!(
                    "cliff {name} joins two hexes of the same Base Level ({}); a cliff is a \
                     hexside between different levels",
                    a.level
                ),
            })
        })
        .collect()
}

/// G.1: what PTO Terrain changed on this map — terrain conversions, and roads treated as paths.
pub fn pto_notes(map: &Map) -> Vec<Note> {
    if !map.pto {
        return Vec::new();
    }
    let mut notes: Vec<Note> = map
        .conversions
        .iter()
        .map(|c| Note {
            rule: "G.1",
            at: map.name(c.hex.hex()),
            message: format!("{:?} is {:?} ({})", c.from, c.to, c.clause),
        })
        .collect();
    notes.extend(map.roads().iter().map(|side| {
        let name = map.side_name(*side);
        Note {
            rule: "G.1",
            at: name.clone(),
            message: format!("no roads exist in PTO Terrain: road {name} is a path"),
        }
    }));
    notes
}

/// G11.1: only Japanese Infantry, SW and non-vehicular Guns may be in a cave (and G11.2, a Cave
/// Complex).
/// Each unit is given as (id, Japanese?, Location).
pub fn who_may_be_underground<'a>(
    units: impl Iterator<Item = (&'a str, bool, &'a Location)>,
) -> Vec<Problem> {
    units
        .filter(|(_, japanese, at)| {
            !japanese && matches!(at, Location::Cave(_) | Location::Complex(_))
        })
        .map(|(id, _, _)| Problem {
            rule: "G11.1",
            at: id.to_string(),
            message: format!(
                "unit {id} is not Japanese: only Japanese Infantry, SW and non-vehicular Guns \
                 may be in a cave or Cave Complex"
            ),
        })
        .collect()
}

/// G1.631 (with G11.3): Japanese MMC set up hidden above ground may be at most 10% (day) or 25%
/// (night) of the Japanese onboard MMC squad-equivalents, FRU; HIP in caves and Cave Complexes
/// is in addition (G11.3) and is not counted. `units`: (id, kind, hidden, underground) of each
/// Japanese unit.
pub fn japanese_hip_problems<'a>(
    units: impl IntoIterator<Item = (&'a str, crate::counters::Kind, bool, bool)>,
    night: bool,
) -> Vec<Problem> {
    use crate::counters::Kind;
    let units: Vec<_> = units.into_iter().collect();
    let squads = units.iter().filter(|u| u.1 == Kind::Squad).count() as u32;
    let halves = units
        .iter()
        .filter(|u| matches!(u.1, Kind::HalfSquad | Kind::Crew))
        .count() as u32;
    let allowed = crate::rules::japanese::hip::hip_allowance(squads, halves, night);
    // Squad-equivalents in halves, to stay in whole numbers.
    let hidden_halves: u32 = units
        .iter()
        .filter(|u| u.2 && !u.3)
        .map(|u| match u.1 {
            Kind::Squad => 2,
            Kind::HalfSquad | Kind::Crew => 1,
            Kind::Leader => 0,
        })
        .sum();
    if i64::from(hidden_halves) <= 2 * i64::from(allowed.value) {
        return Vec::new();
    }
    let ids: Vec<&str> = units.iter().filter(|u| u.2 && !u.3).map(|u| u.0).collect();
    vec![Problem {
        rule: "G1.631",
        at: ids.join(" "),
        message: format!(
            "{} squad-equivalents set up hidden above ground; {}",
            f64::from(hidden_halves) / 2.0,
            allowed.reason
        ),
    }]
}

/// G1.631: HIP extends to the SMC (and SW) "that set(s) up stacked with" the hidden MMC, so a
/// hidden Japanese SMC above ground must share his Location with a hidden Japanese MMC (caves
/// and Cave Complexes are hidden by G11.3 and excepted). `units`: (id, kind, hidden, Location)
/// of each Japanese unit.
pub fn lone_hidden_smc_problems<'a>(
    units: impl IntoIterator<Item = (&'a str, crate::counters::Kind, bool, &'a Location)>,
) -> Vec<Problem> {
    use crate::counters::Kind;
    let units: Vec<_> = units.into_iter().collect();
    units
        .iter()
        .filter(|(_, kind, hidden, at)| {
            *kind == Kind::Leader
                && *hidden
                && !matches!(at, Location::Cave(_) | Location::Complex(_))
        })
        .filter(|(_, _, _, at)| {
            !units
                .iter()
                .any(|(_, k, h, o)| *h && *k != Kind::Leader && o == at)
        })
        .map(|(id, _, _, _)| Problem {
            rule: "G1.631",
            at: id.to_string(),
            message: format!(
                "unit {id} is a hidden SMC not stacked with a hidden MMC: HIP extends only to the \
                 SMC/SW that set up stacked with hidden MMC"
            ),
        })
        .collect()
}

/// E1.4: "Only the Scenario Attacker uses Cloaking", and Cloaking is a night rule: a Cloaked
/// unit in a daylight scenario, or of the Scenario Defender, is a problem. `units`: (id, side,
/// cloaked) of every unit.
pub fn cloaking_problems<'a>(
    units: impl IntoIterator<Item = (&'a str, crate::model::Side, bool)>,
    night: bool,
    scenario_attacker: crate::model::Side,
) -> Vec<Problem> {
    units
        .into_iter()
        .filter(|(_, _, cloaked)| *cloaked)
        .filter_map(|(id, side, _)| {
            let why = if !night {
                "Cloaking counters are used only at night"
            } else if side != scenario_attacker {
                "only the Scenario Attacker uses Cloaking"
            } else {
                return None;
            };
            Some(Problem {
                rule: "E1.4",
                at: id.to_string(),
                message: format!("unit {id} is Cloaked: {why} (E1.4)"),
            })
        })
        .collect()
}

/// G.8: trip flares set up where they may not be: outside a 1944-5 PTO night scenario with a
/// U.S. Scenario Defender, outside jungle/bamboo Locations (wire and panji are not in the map
/// format), or beyond the OB's count (`available`, `None`: not checked). `flares`: (hex, count).
pub fn trip_flare_problems(
    map: &Map,
    scenario: &TripFlareScenario,
    flares: &[(crate::hex::Hex, u32)],
    available: Option<u32>,
) -> Vec<Problem> {
    let mut assigned = 0;
    let mut out = Vec::new();
    for (hex, count) in flares {
        let terrain = match map.get(*hex).map(|d| d.terrain) {
            Some(Terrain::Jungle | Terrain::DenseJungle) => TripFlareTerrain::Jungle,
            Some(Terrain::Bamboo) => TripFlareTerrain::Bamboo,
            _ => TripFlareTerrain::Other,
        };
        let c = trip_flare_setup(
            scenario,
            terrain,
            assigned,
            *count,
            available.unwrap_or(u32::MAX / 2),
        );
        assigned += count;
        if !c.holds {
            out.push(Problem {
                rule: c.rule,
                at: map.name(*hex),
                message: format!("{count} trip flare(s) in {}: {}", map.name(*hex), c.reason),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b11_a_cliff_between_equal_levels_is_a_problem() {
        let mut m = Map::new(None, 10, 10, 0, Terrain::Open);
        let (s, t) = (m.hex("E5").unwrap(), m.hex("E6").unwrap());
        m.add_cliff(m.hexside("E5-E6").unwrap());
        assert_eq!(cliff_problems(&m).len(), 1);
        m.set_hex(s, Some(2), None, None);
        assert!(cliff_problems(&m).is_empty());
        let _ = t;
    }

    #[test]
    fn g1_pto_notes_list_conversions_and_roads_as_paths() {
        let mut m = Map::new(None, 10, 10, 0, Terrain::Open);
        let w = m.hex("C3").unwrap();
        m.set_hex(w, None, Some(Terrain::Woods), None);
        m.add_road(m.hexside("J4-I4").unwrap());
        m.apply_pto();
        let notes = pto_notes(&m);
        assert_eq!(notes.len(), 2);
        assert!(notes[0].message.contains("Jungle"));
        assert!(notes[1].message.contains("path"));
    }
}
