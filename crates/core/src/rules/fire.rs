//! B25.11 Kindling a Fire, and E1.94's night restriction on it.
//!
//! Kindle numbers are asl-facts.md's ("Fire (B25)"); B25.11's procedure itself is not in our
//! sources and is read as: a Kindling attempt succeeds (a Flame is placed) on an Original DR
//! at least the terrain's Kindle number (the harder terrain has the higher number: a stone
//! building's 8 above a wooden one's 7, an orchard's 11 above grain's 10; B12.5's brush "may be
//! kindled on a DR of 9 or more"). Until 2026-12-01 it was read the other way round (at most),
//! which made a stone building easier to set alight than a wooden one. Terrain without a Kindle
//! number does not burn. PTO terrain uses the number of what G.1 converts it from (jungle =
//! woods, bamboo = brush, kunai = grain, palm trees = orchard): *UNCERTAIN*, kept in
//! `kindle_number`.

use crate::map::{BuildingKind, Terrain};
use crate::rules::Check;

/// B25.11 (asl-facts): a terrain's Kindle number, `None` if it does not burn.
pub fn kindle_number(t: Terrain) -> Option<u8> {
    match t {
        Terrain::Woods | Terrain::Jungle | Terrain::DenseJungle => Some(9),
        Terrain::Brush | Terrain::Bamboo => Some(9),
        Terrain::Grain | Terrain::Kunai => Some(10),
        Terrain::Orchard | Terrain::PalmTrees => Some(11),
        Terrain::Building(BuildingKind::Wooden, _) | Terrain::Huts => Some(7),
        Terrain::Building(BuildingKind::Stone, _) => Some(8),
        _ => None,
    }
}

/// E1.94: may a Fire be Kindled? Not deliberately at night unless an SSR allows it.
pub fn kindling_allowed(night: bool, ssr_allows: bool) -> Check {
    let (holds, reason) = match (night, ssr_allows) {
        (false, _) => (true, "daylight: Fires may be Kindled (B25.11)"),
        (true, true) => (true, "an SSR allows Fires to be set at night"),
        (true, false) => (
            false,
            "Fires may not be deliberately set at night unless allowed by SSR",
        ),
    };
    Check {
        holds,
        rule: if night { "E1.94" } else { "B25.11" },
        reason: reason.into(),
    }
}

/// B25.11: does a Kindling attempt with this Original DR in terrain `t` place a Flame?
pub fn kindle(t: Terrain, original_dr: u8) -> Check {
    match kindle_number(t) {
        None => Check {
            holds: false,
            rule: "B25.11",
            reason: format!("{} does not burn: nothing to Kindle", t.info().name),
        },
        Some(k) => {
            let ok = original_dr >= k;
            Check {
                holds: ok,
                rule: "B25.11",
                reason: format!(
                    "Kindling DR {original_dr} vs {}'s Kindle number {k}: {}",
                    t.info().name,
                    if ok { "a Flame is placed" } else { "no Fire" }
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b25_11_kindle_numbers_and_the_dr() {
        // A Flame on a DR at least the Kindle number: woods 9, grain 10; a stone building (8)
        // is harder to set alight than a wooden one (7).
        assert!(kindle(Terrain::Woods, 9).holds);
        assert!(kindle(Terrain::Woods, 12).holds);
        assert!(!kindle(Terrain::Woods, 8).holds);
        assert!(kindle(Terrain::Grain, 10).holds);
        assert!(!kindle(Terrain::Grain, 9).holds);
        use crate::map::BuildingKind;
        assert!(kindle(Terrain::Building(BuildingKind::Wooden, 1), 7).holds);
        assert!(!kindle(Terrain::Building(BuildingKind::Stone, 1), 7).holds);
        assert!(!kindle(Terrain::Open, 2).holds);
        assert_eq!(
            kindle_number(Terrain::Jungle),
            kindle_number(Terrain::Woods)
        );
    }

    #[test]
    fn e1_94_no_deliberate_fires_at_night_without_an_ssr() {
        let c = kindling_allowed(true, false);
        assert!(!c.holds && c.rule == "E1.94");
        assert!(kindling_allowed(true, true).holds);
        assert!(kindling_allowed(false, false).holds);
    }
}
