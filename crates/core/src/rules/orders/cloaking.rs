//! E1.41 / E1.411 / E1.422 / E1.43: the Cloaking counters a side has in play, one for each
//! Location holding its Cloaked units (E1.41: a counter "is used in place of actual units"),
//! the units that split off from theirs with no counter to spare (`split_off`), and the units
//! that lose Cloaking with a counter-mate (`counter_lost_with`: E1.43, a counter is lost whole).
//!
//! Our reading, the seeds being cut short: E1.422 "All units represented by a single Cloaking
//! counter always move/" is read as "move together", unless a counter is to spare: E1.411
//! allots one a squad in the starting OB (`cloaking_allotment`; a counter not in use is read as
//! a Dummy the units may take). Units move one at a time here, so a stack may be apart while
//! it moves; as the side's MPh or APh ends, a side with its Cloaked units in more Locations
//! than its allotment loses Cloaking in the Locations that split off: those
//! with the fewest Cloaked squad-equivalents, then units (a leader gone off alone first), their
//! units placed onboard unconcealed (E1.43: "replaced by its unconcealed actual contents").

use crate::counters::{Catalog, Kind, Lookup, Nationality};
use crate::los::Location;
use crate::model::Side;
use crate::rules::situation::Situation;
use crate::rules::stacking::squad_equivalents;
use crate::rules::{Check, check};

/// E1.41: the Locations holding `side`'s Cloaked units, one Cloaking counter each, in a fixed
/// order.
pub fn cloaking_counters(s: &Situation, side: Side) -> Vec<Location> {
    let mut out: Vec<Location> = Vec::new();
    for u in s
        .units
        .iter()
        .filter(|u| u.cloaked && u.unit.side() == side)
    {
        if !out.contains(&u.at) {
            out.push(u.at.clone());
        }
    }
    out.sort_by_key(|l| format!("{l:?}"));
    out
}

/// E1.411: "He is allotted one Cloaking counter for each squad (or its equivalent) in his
/// starting OB": the squads among `units` (nationality and counter), two HS or crews counting
/// as one (FRD).
pub fn cloaking_allotment<'a>(units: impl IntoIterator<Item = (Nationality, &'a str)>) -> u32 {
    let catalog = Catalog::get();
    let halves: u32 = units
        .into_iter()
        .map(|(n, c)| match catalog.lookup(n, c) {
            Lookup::Mmc(c) if c.kind == Kind::Squad => 2,
            Lookup::Mmc(_) => 1,
            _ => 0,
        })
        .sum();
    halves / 2
}

/// E1.411 / E1.422 / E1.43 (our reading, see the module doc): as `side`'s MPh or APh ends, its
/// side allotted `allotted` Cloaking counters, the units that lose Cloaking for having split off
/// from theirs with no counter to spare, by Location, each Location with its ruling; none when
/// its Cloaked units stand in `allotted` Locations or fewer.
pub fn split_off(s: &Situation, side: Side, allotted: u32) -> Vec<(Vec<String>, Check)> {
    let mut counters: Vec<(f32, Vec<String>, Location)> = cloaking_counters(s, side)
        .into_iter()
        .map(|at| {
            let here: Vec<_> = s
                .units_at(&at)
                .into_iter()
                .filter(|u| u.cloaked && u.unit.side() == side)
                .collect();
            let se = squad_equivalents(here.iter().map(|u| &u.unit));
            (se, here.iter().map(|u| u.unit.id.clone()).collect(), at)
        })
        .collect();
    let excess = counters.len().saturating_sub(allotted as usize);
    // The fewest squad-equivalents first (a leader gone off alone), then the fewest units,
    // then the last in the order of their Locations.
    counters.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.len().cmp(&b.1.len()))
            .then_with(|| format!("{:?}", b.2).cmp(&format!("{:?}", a.2)))
    });
    counters
        .into_iter()
        .take(excess)
        .map(|(_, ids, at)| {
            let why = check(
                true,
                "E1.422",
                format!(
                    "the units of one Cloaking counter move together (E1.422, our reading of a \
                     seed cut short): split off with no Cloaking counter to spare (the \
                     {side:?} side is allotted {allotted}, one a squad in its starting OB, \
                     E1.411), the units in {} lose Cloaking and are placed onboard unconcealed \
                     (E1.43)",
                    at.display(s.map)
                ),
            );
            (ids, why)
        })
        .collect()
}

/// E1.43: "Cloaked status is lost, and replaced by its unconcealed actual contents (if any)":
/// where a unit that was Cloaked at `before` (each with its Location then) has lost Cloaking
/// and is still in play, the other units of its Cloaking counter — its side's units Cloaked in
/// the same Location then (E1.41: one counter a Location) and with it there still — lose it
/// with it, placed onboard unconcealed; each with its ruling. A Cloaked stack it stepped into
/// is another counter and keeps its Cloaking; a unit that lost it stepping away from its stack
/// has left its counter (a split, `split_off`: E1.422) and takes none of those it left; a unit
/// eliminated while Cloaked takes no counter-mate with it.
pub fn counter_lost_with(s: &Situation, before: &[(String, Location)]) -> Vec<(String, Check)> {
    let mut out: Vec<(String, Check)> = Vec::new();
    for (id, at) in before {
        let Some(u) = s.unit(id) else { continue };
        if u.cloaked {
            continue;
        }
        for (mate_id, mate_at) in before {
            let Some(mate) = s.unit(mate_id) else {
                continue;
            };
            if mate_at == at
                && mate.at == u.at
                && mate.cloaked
                && mate.unit.side() == u.unit.side()
                && !out.iter().any(|(m, _)| m == mate_id)
            {
                let why = check(
                    true,
                    "E1.43",
                    format!(
                        "{id} lost Cloaking: its Cloaking counter is removed and replaced by \
                         its unconcealed actual contents (E1.43), {mate_id} with it"
                    ),
                );
                out.push((mate_id.clone(), why));
            }
        }
    }
    out
}
