//! G.8 trip flares set off by a unit entering or Searching their Location, as
//! `rules::orders::trip_flares` decides: the owner's dr is rolled here, and a set-off trip
//! flare is taken from the Location and a Trip Flare counter placed there.

use bevy::prelude::*;

use crate::rules::orders::trip_flares::TripFlarePlan;
use crate::sim::Board;
use crate::sim::components::{TripFlareCounter, TripFlares};
use crate::sim::dice::Dice;
use crate::sim::log::{rolled, ruled};

/// Rolls and applies the trip flare dr `plan` names for unit `id`, if any.
pub(super) fn trip_flare(world: &mut World, id: &str, plan: Option<TripFlarePlan>) {
    let Some(plan) = plan else {
        return;
    };
    let name = world.resource::<Board>().scenario.map.name(plan.hex);
    let probe = plan.resolve(0);
    if !probe.dr_made {
        let text = format!("trip flares in {name}: {}", probe.reason);
        return ruled(world, "trip_flare", Some(id), probe.rule, text);
    }
    let d = world.resource_mut::<Dice>().dr("G.8");
    let r = plan.resolve(d);
    if r.set_off {
        let mut q = world.query::<(Entity, &mut TripFlares)>();
        let mut gone = None;
        for (e, mut t) in q.iter_mut(world) {
            if t.hex == plan.hex {
                t.count = t.count.saturating_sub(1);
                if t.count == 0 {
                    gone = Some(e);
                }
            }
        }
        if let Some(e) = gone {
            world.despawn(e);
        }
        let mut q = world.query::<&TripFlareCounter>();
        if !q.iter(world).any(|c| c.hex == plan.hex) {
            world.spawn(TripFlareCounter { hex: plan.hex });
        }
    }
    let text = format!("trip flares in {name}: {}", r.reason);
    rolled(world, "trip_flare", Some(id), r.rule, vec![d], text);
}
