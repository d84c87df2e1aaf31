//! What one side knows (A12, G11.75): the game state as that side's player sees it. The
//! opponent decides on this view only, so it knows no more than a player would: an enemy
//! hidden unit is not there at all; an enemy "?" (a concealed unit, or a Cloaking counter at
//! night, E1.4) is a concealment counter whose contents it cannot tell: every enemy Location
//! showing one becomes a single placeholder of one fixed counter, whatever lies beneath.
//! Hidden caves stay hidden in the state, as the rulings already treat them (G11.81).

use std::collections::BTreeMap;

use crate::counters::Nationality;
use crate::los::Location;
use crate::model::{Side, Unit};
use crate::rules::situation::UnitAt;
use crate::state::GameState;

/// The counter a "?" placeholder stands as, by the side it belongs to: one squad of the side's
/// usual kind, the same whatever the "?" hides.
pub fn placeholder_counter(side: Side) -> (Nationality, &'static str) {
    match side {
        Side::Japanese => (Nationality::Japanese, "4-4-7"),
        Side::Allied => (Nationality::American, "7-6-8"),
    }
}

/// The id of the placeholder for a "?" in Location `at` (the Location's debug name: stable, and
/// not an id any scenario unit can have).
pub fn placeholder_id(at: &Location) -> String {
    format!("?{at:?}")
}

/// Whether `id` is a "?" placeholder of the view, not a unit of the game.
pub fn is_placeholder(id: &str) -> bool {
    id.starts_with('?')
}

/// A12 / G11.75: the state as `side` knows it. Its own units are as they are; the enemy's
/// hidden units are gone; each enemy Location where any enemy unit shows only as "?" (concealed
/// or Cloaked) holds one placeholder "?" unit instead of every unit that is concealed there (a
/// Location with Known, unconcealed enemy units keeps those as they are).
pub fn known_state(state: &GameState, side: Side) -> GameState {
    let mut v = state.clone();
    let enemy = |u: &UnitAt| u.unit.side() != side;
    v.units.retain(|u| !(enemy(u) && u.hidden));
    let mut veiled: BTreeMap<String, Location> = BTreeMap::new();
    v.units.retain(|u| {
        let unseen = enemy(u) && (u.concealed || u.cloaked);
        if unseen {
            veiled.insert(placeholder_id(&u.at), u.at.clone());
        }
        !unseen
    });
    let (nationality, counter) = placeholder_counter(side.opponent());
    for (id, at) in veiled {
        v.units.push(UnitAt {
            unit: Unit::new(&id, nationality, counter),
            at,
            hidden: false,
            concealed: true,
            cloaked: false,
        });
    }
    // What the enemy has Placed or declared is on the map for all to see; its own plans are
    // not: no enemy unit's Placed DC or Banzai target is read from the view.
    v.sort();
    v
}
