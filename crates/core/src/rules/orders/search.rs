//! Search as an order (A12.152; caves G11.33; vs the Japanese G1.63): what a Searching unit
//! reveals.

use super::common::{attacker_in, unit_mf};
use crate::hex::Hex;
use crate::los::Location;
use crate::map::Terrain;
use crate::model::{Phase, Side};
use crate::rules::japanese::stealth::search_drm;
use crate::rules::situation::{Refusal, Situation};

/// What a Search reveals.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchPlan {
    pub searcher: String,
    pub hex: Hex,
    /// Hidden caves in the hex, revealed with their contents (G11.33).
    pub caves: Vec<String>,
    /// Hidden or concealed enemy units revealed (in the hex or in any of its caves).
    pub revealed: Vec<String>,
    /// The MF the Searcher has spent after: all of them.
    pub mf_spent: f32,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.33 / G1.63 / A12.152 Search, in the ATTACKER's MPh by a Good Order unit of its own or an
/// adjacent hex: it reveals every hidden cave in the hex and the contents of every cave there,
/// and hidden or concealed enemy units in the hex, and ends the Searcher's MPh. The Search dr's
/// use (A12.152) is not in our sources, so no dr is made; the drm that would apply is reported
/// (a cave does not give the Japanese G1.63's +2, G11.33 play-aid). A charging unit (G1.5,
/// A15.43) does not Search.
pub fn search(s: &Situation, id: &str, hex: Hex) -> Result<SearchPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    attacker_in(s, u, &[Phase::Movement], "A12.152", "Search")?;
    super::common::not_prep_fired(u, "a Search")?;
    super::common::not_in_melee(s, u, "Search")?;
    // G1.5 / A25.23 / A15.43: a unit in a Banzai Charge or a berserk charge spends its MPh
    // moving toward what it charges; a Search would let it stand still instead.
    if let Some((target, rule)) = super::banzai::charge_target(s, u) {
        return Err(Refusal::new(
            rule,
            format!(
                "unit {id} charges {}: it moves toward it this MPh and does not Search \
                 (A25.23, not in our sources)",
                target.display(s.map)
            ),
        ));
    }
    let map = s.map;
    // Searching ends the Searcher's MPh: a unit with no MF left (e.g. after Climbing, which
    // takes the whole MPh, B11.4) has none to Search with. A12.152's own cost is not in our
    // sources.
    super::common::mf_left(s, u, "A12.152", "to Search with")?;
    let near = u.at.hex().is_some_and(|h| h == hex || h.is_adjacent(hex));
    if !u.unit.good_order() {
        return Err(Refusal::new(
            "A12.152",
            format!("unit {id} is not in Good Order: only a Good Order unit Searches"),
        ));
    }
    // A7.8: a pinned unit spends no MF in the MPh (as it may not Place SMOKE or a DC): it has
    // no MPh to Search with (A12.152: the Search ends it).
    if u.unit.pinned {
        return Err(Refusal::new(
            "A7.8",
            format!(
                "unit {id} is pinned: it spends no MF in the MPh, and a Search takes its MPh \
                 (A12.152)"
            ),
        ));
    }
    if !near {
        return Err(Refusal::new(
            "A12.152",
            format!(
                "a Good Order unit Searches its own or an adjacent hex; {} is not",
                map.name(hex)
            ),
        ));
    }
    let caves: Vec<String> = s
        .caves
        .caves
        .iter()
        .filter(|c| c.hex == hex && s.hidden_caves.contains(&c.id))
        .map(|c| c.id.clone())
        .collect();
    // G1.63: +2 for Searching Concealment Terrain (not when the only Concealment Terrain
    // Searched is building or rubble); a cave, hidden or revealed, is not Concealment Terrain vs
    // a Search (G11.33, play-aid): only the hex's own terrain counts.
    let terrain = map.get(hex).map(|d| d.terrain);
    let only_building_or_rubble =
        terrain.is_some_and(|t| matches!(t, Terrain::Building(..) | Terrain::Rubble));
    let concealment_terrain = terrain.is_some_and(|t| t.info().concealment);
    let cave_hex = s.caves.caves.iter().any(|c| c.hex == hex);
    let drm = search_drm(
        u.unit.side() == Side::Allied && concealment_terrain,
        only_building_or_rubble,
    );
    let revealed: Vec<String> = s
        .units
        .iter()
        .filter(|o| {
            // G11.33: the contents of every cave in the hex (hidden or already revealed).
            let in_hex = match &o.at {
                Location::Cave(c) => s.caves.cave(c).is_some_and(|k| k.hex == hex),
                l => l.hex() == Some(hex),
            };
            in_hex && o.unit.side() != u.unit.side() && (o.hidden || o.concealed)
        })
        .map(|o| o.unit.id.clone())
        .collect();
    let reason = format!(
        "Search of {}: {}{}; (Search drm {}: {})",
        map.name(hex),
        if caves.is_empty() {
            "no hidden cave".to_string()
        } else {
            format!(
                "{} {} revealed with {} contents",
                crate::words::noun(caves.len(), "cave", "caves"),
                caves.join(", "),
                crate::words::noun(caves.len(), "its", "their")
            )
        },
        if revealed.is_empty() {
            String::new()
        } else {
            format!("; revealed: {}", revealed.join(", "))
        },
        drm.value,
        if cave_hex && drm.value == 0 && u.unit.side() == Side::Allied {
            "a cave does not invoke G1.63's +2 (G11.33)".to_string()
        } else {
            drm.reason
        }
    );
    let rule = if caves.is_empty() {
        "A12.152"
    } else {
        "G11.33"
    };
    Ok(SearchPlan {
        searcher: id.into(),
        hex,
        caves,
        revealed,
        mf_spent: unit_mf(s.tables, &u.unit),
        rule,
        reason,
    })
}
