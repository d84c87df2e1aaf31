//! E1.41 / E1.411 / E1.422 / E1.43: the Cloaking counters a side has in play, one for each
//! Location holding its Cloaked units (E1.41: a counter "is used in place of actual units"), and
//! the units that split off from theirs with no counter to spare.
//!
//! Our reading, the seeds being cut short: E1.422 "All units represented by a single Cloaking
//! counter always move/" is read as "move together"; E1.411 allots one counter a squad in the
//! starting OB and E1.43 says "Once removed, Cloaking counters cannot be regained", so a side
//! never has more counters in play than as its MPh (or APh) began. Units move one at a time
//! here, so a stack may be apart while it moves; as the phase ends, a side with its Cloaked
//! units in more Locations than that loses Cloaking in the Locations that split off: those
//! with the fewest Cloaked squad-equivalents, then units (a leader gone off alone first), their
//! units placed onboard unconcealed (E1.43: "replaced by its unconcealed actual contents").

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

/// E1.411 / E1.422 / E1.43 (our reading, see the module doc): as `side`'s MPh or APh ends with
/// `had` Cloaking counters in play when it began, the Locations whose Cloaked units lose
/// Cloaking for having split off with no counter to spare, each with its ruling; none when
/// its Cloaked units stand in `had` Locations or fewer.
pub fn split_off(s: &Situation, side: Side, had: u32) -> Vec<(Location, Check)> {
    let mut counters: Vec<(f32, usize, Location)> = cloaking_counters(s, side)
        .into_iter()
        .map(|at| {
            let here: Vec<_> = s
                .units_at(&at)
                .into_iter()
                .filter(|u| u.cloaked && u.unit.side() == side)
                .collect();
            let se = squad_equivalents(here.iter().map(|u| &u.unit));
            (se, here.len(), at)
        })
        .collect();
    let excess = counters.len().saturating_sub(had as usize);
    // The fewest squad-equivalents first (a leader gone off alone), then the fewest units,
    // then the last in the order of their Locations.
    counters.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.cmp(&b.1))
            .then_with(|| format!("{:?}", b.2).cmp(&format!("{:?}", a.2)))
    });
    counters
        .into_iter()
        .take(excess)
        .map(|(_, _, at)| {
            let why = check(
                true,
                "E1.422",
                format!(
                    "the units of one Cloaking counter move together (E1.422, our reading of a \
                     seed cut short): split off with no Cloaking counter to spare ({side:?} had \
                     {had} in play, and a removed one is not regained, E1.411, E1.43), the units \
                     in {} lose Cloaking and are placed onboard unconcealed (E1.43)",
                    at.display(s.map)
                ),
            );
            (at, why)
        })
        .collect()
}
