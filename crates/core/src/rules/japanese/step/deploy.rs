//! G1.15 (a re-armed Unarmed squad), G1.16 (Deploying a Japanese squad; no infantry-crew
//! Deploys, G1.3) and G1.2/G1.3 (Recombining two Japanese HS; crews never Recombine).

use serde::Serialize;

use crate::counters::{Catalog, Class, Counter, Kind, Nationality};
use crate::rules::Ruling;

use super::outcome::{StepOutcome, catalog_gap, good, outcome, related, unchanged};

/// G1.15: an Unarmed Japanese squad that becomes re-armed (A20.551-.552) is exchanged for a
/// Full-Strength Conscript squad (the catalog's Full-Strength Japanese Conscript squad, 3-3-6).
pub fn rearmed_squad() -> StepOutcome {
    let squad = Catalog::get().counters.iter().find(|c| {
        c.nationality == Nationality::Japanese
            && c.kind == Kind::Squad
            && c.class == Class::Conscript
            && c.is_full_strength()
    });
    match squad {
        Some(s) => outcome(
            vec![good(&s.name)],
            "G1.15",
            format!(
                "a re-armed Unarmed Japanese squad is exchanged for a Full-Strength Conscript \
                 squad: {}",
                s.name
            ),
        ),
        None => outcome(
            Vec::new(),
            "G1.15",
            "the counter catalog lists no Full-Strength Japanese Conscript squad",
        ),
    }
}

/// G1.16/G1.3: may this Japanese MMC Deploy? A squad Deploys in the normal manner; no
/// infantry-crew may Deploy (G1.3). HS and vehicle-crews have nothing to Deploy into.
pub fn may_deploy(unit: &Counter) -> Ruling {
    let (allowed, rule, reason) = match unit.kind {
        Kind::Squad => (
            true,
            "G1.16",
            "a Japanese squad Deploys in the normal manner",
        ),
        Kind::Crew => (false, "G1.3", "no infantry-crew may Deploy"),
        Kind::HalfSquad | Kind::Leader => (false, "G1.16", "only a squad Deploys"),
    };
    Ruling {
        allowed,
        rule,
        reason: reason.into(),
    }
}

/// G1.16: what a Japanese squad Deploys into: two of its HS if Full-Strength, just one of its
/// HS if Reduced-Strength. Check `may_deploy` first; a non-squad is returned unchanged.
pub fn deploy(unit: &Counter) -> StepOutcome {
    if unit.kind != Kind::Squad {
        let r = may_deploy(unit);
        return unchanged(unit, r.rule, r.reason);
    }
    let Some(hs) = related(unit, &unit.half_squad) else {
        return catalog_gap(unit, "G1.16", "HS");
    };
    if unit.is_full_strength() {
        outcome(
            vec![good(&hs.name); 2],
            "G1.16",
            format!(
                "the Full-Strength {} Deploys in the normal manner into two {} HS",
                unit.name, hs.name
            ),
        )
    } else {
        outcome(
            vec![good(&hs.name)],
            "G1.16",
            format!(
                "a Reduced-Strength squad is exchanged for just one of its HS: {} -> {}",
                unit.name, hs.name
            ),
        )
    }
}

/// The outcome of a Recombination attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recombined {
    pub allowed: bool,
    /// The Full-Strength squad they Recombine into.
    pub squad: Option<String>,
    pub rule: &'static str,
    pub reason: String,
}

/// G1.2/G1.3: two Good-Order, same-Class Japanese HS Recombine (A1.32) into a Full-Strength
/// squad of that Class (the catalog's Full-Strength Japanese squad whose HS they are); vehicle
/// crews (and crews generally: they are not HS) may not Recombine.
pub fn recombine(a: &Counter, b: &Counter, both_good_order: bool) -> Recombined {
    let no = |rule, reason: String| Recombined {
        allowed: false,
        squad: None,
        rule,
        reason,
    };
    if a.kind == Kind::Crew || b.kind == Kind::Crew {
        return no("G1.3", "crews may not Recombine".into());
    }
    if a.kind != Kind::HalfSquad || b.kind != Kind::HalfSquad {
        return no("G1.2", "only two HS Recombine".into());
    }
    if a.nationality != Nationality::Japanese || b.nationality != Nationality::Japanese {
        return no("G1.2", "G1.2 Recombines Japanese HS".into());
    }
    if !both_good_order {
        return no("G1.2", "both HS must be in Good Order to Recombine".into());
    }
    if a.class != b.class {
        return no(
            "G1.2",
            format!("{} and {} are not of the same Class", a.name, b.name),
        );
    }
    let squad = Catalog::get().counters.iter().find(|c| {
        c.nationality == Nationality::Japanese
            && c.kind == Kind::Squad
            && c.is_full_strength()
            && c.class == a.class
            && c.half_squad.as_deref() == Some(a.name.as_str())
    });
    match squad {
        Some(s) => Recombined {
            allowed: true,
            squad: Some(s.name.clone()),
            rule: "G1.2",
            reason: format!(
                "two Good Order same-Class {} HS Recombine into a Full-Strength {} squad",
                a.name, s.name
            ),
        },
        None => no(
            "G1.2",
            format!(
                "the counter catalog lists no Full-Strength squad whose HS is {}",
                a.name
            ),
        ),
    }
}
