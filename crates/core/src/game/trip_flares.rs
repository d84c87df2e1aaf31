//! G.8 trip flares set off by a unit entering or Searching their Location, as
//! `rules::orders::trip_flares` decides: the owner's dr is rolled here, and a set-off trip
//! flare is taken from the Location and a Trip Flare counter placed there.

use super::context::Game;
use crate::rules::orders::trip_flares::TripFlarePlan;

/// Rolls and applies the trip flare dr `plan` names for unit `id`, if any.
pub(super) fn trip_flare(g: &mut Game, id: &str, plan: Option<TripFlarePlan>) {
    let Some(plan) = plan else {
        return;
    };
    let name = g.map().name(plan.hex);
    let probe = plan.resolve(0);
    if !probe.dr_made {
        let text = format!("trip flares in {name}: {}", probe.reason);
        return g.ruled("trip_flare", Some(id), probe.rule, text);
    }
    let d = g.dice.dr("G.8");
    let r = plan.resolve(d);
    if r.set_off {
        for t in g.state.trip_flares.iter_mut() {
            if t.0 == plan.hex {
                t.1 = t.1.saturating_sub(1);
            }
        }
        g.state
            .trip_flares
            .retain(|t| !(t.0 == plan.hex && t.1 == 0));
        if !g.state.trip_flare_counters.contains(&plan.hex) {
            g.state.trip_flare_counters.push(plan.hex);
        }
    }
    let text = format!("trip flares in {name}: {}", r.reason);
    g.rolled("trip_flare", Some(id), r.rule, vec![d], text);
}
