//! A7.5 / E1.75 / G.3 Fire Groups (which firers' Locations may attack together) and A7.53
//! leadership (the modifier of a leader directing the fire), as `rules::orders::fire` reads
//! them.

use super::fire_phase::rules_read as R;
use crate::los::Location;
use crate::map::Terrain;
use crate::rules::situation::{Refusal, Situation};

/// A7.53 (not in our sources): a leader's leadership modifier, the second number of his
/// counter (`9-1` is -1, `8+1` is +1, `10-0` is 0).
pub fn leadership_drm(counter: &str) -> i32 {
    let Some(i) = counter.rfind(['-', '+']) else {
        return 0;
    };
    let n: i32 = counter[i + 1..].parse().unwrap_or(0);
    if counter[i..].starts_with('-') { -n } else { n }
}

/// G.3: terrain whose units may not join a multi-hex FG with a unit in another such hex.
fn g3_terrain(t: Terrain) -> bool {
    matches!(
        t,
        Terrain::DenseJungle | Terrain::Kunai | Terrain::Bamboo | Terrain::Swamp
    )
}

/// A7.5 / E1.75 / G.3: may the firers' Locations form one Fire Group?
pub(crate) fn fire_group(s: &Situation, locs: &[Location]) -> Result<(), Refusal> {
    if locs.len() < 2 {
        return Ok(());
    }
    if s.night() {
        return Err(Refusal::new(
            "E1.75",
            "Multi-Location FG are not allowed at night",
        ));
    }
    let hexes: Vec<_> = locs.iter().map(|l| s.hex_of(l)).collect();
    if let Some(i) = crate::hex::first_unchained(&hexes) {
        return Err(Refusal::new(
            R::FIRE_GROUP,
            format!(
                "{} is not adjacent to the rest of the Fire Group: a FG's Locations form one \
                 chain of adjacent Locations",
                locs[i].display(s.map)
            ),
        ));
    }
    let mut hexes: Vec<_> = locs.iter().filter_map(|l| s.hex_of(l)).collect();
    hexes.sort();
    hexes.dedup();
    let restricted: Vec<_> = hexes
        .iter()
        .filter(|h| s.map.get(**h).is_some_and(|d| g3_terrain(d.terrain)))
        .collect();
    if hexes.len() > 1 && restricted.len() > 1 {
        return Err(Refusal::new(
            "G.3",
            format!(
                "{} and {} both hold dense jungle, kunai, bamboo or swamp: a unit there may not \
                 join a multi-hex FG with a unit in another such hex",
                s.map.name(*restricted[0]),
                s.map.name(*restricted[1])
            ),
        ));
    }
    Ok(())
}
