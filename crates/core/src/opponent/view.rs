//! What one side knows (A12, G11.75): the game state as that side's player sees it. The
//! opponent decides on this view only, so it knows no more than a player would: an enemy
//! hidden unit is not there at all; an enemy "?" (a concealed unit, or a Cloaking counter at
//! night, E1.4) is a concealment counter whose contents it cannot tell: every enemy Location
//! showing one becomes a single placeholder of one fixed counter, whatever lies beneath.
//! At night an unconcealed enemy unit that none of the side's units can see (beyond every
//! viewer's NVR and neither Illuminated nor marked by a Gunflash) is not Known either (E1.33):
//! it too shows as a "?" placeholder in its Location. Hidden caves stay hidden in the state, as
//! the rulings already treat them (G11.81).

use std::collections::BTreeMap;

use crate::counters::Nationality;
use crate::los::Location;
use crate::model::{Side, Unit};
use crate::rules::situation::UnitAt;
use crate::state::{GameState, Setting};

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

/// A unit id as its side's player reads it: a "?" placeholder is `a "?"` (its id is the
/// Location's debug name, for no one to read).
pub fn shown(id: &str) -> &str {
    if is_placeholder(id) { "a \"?\"" } else { id }
}

pub use crate::model::is_placeholder;

pub use crate::rules::night::visibility::unseen_at_night;

/// A12 / G11.75 / E1.33: the state as `side` knows it on `setting`. Its own units are as they
/// are; the enemy's hidden units are gone; each enemy Location where any enemy unit shows only
/// as "?" (concealed or Cloaked), or at night stands beyond the sight of all the side's units
/// (E1.33: not Known), holds one placeholder "?" unit instead of every such unit there (a
/// Location with Known enemy units keeps those as they are).
pub fn known_state(state: &GameState, setting: &Setting, side: Side) -> GameState {
    let mut v = state.clone();
    let enemy = |u: &UnitAt| u.unit.side() != side;
    v.units.retain(|u| !(enemy(u) && u.hidden));
    // E1.33, judged on the state the side sees (its own units as they are).
    let dark: Vec<Location> = if state.night.nvr.is_none() {
        Vec::new()
    } else {
        let s = state.situation(setting);
        let mut at: Vec<Location> = Vec::new();
        for u in v
            .units
            .iter()
            .filter(|u| enemy(u) && !u.concealed && !u.cloaked)
        {
            if !at.contains(&u.at) && unseen_at_night(&s, side, &u.at) {
                at.push(u.at.clone());
            }
        }
        at
    };
    // Each veiled Location, with what its movers showed in plain sight: the most MF one of
    // them has expended this phase (the MF a moving "?" spends are seen, A8.1: a veteran's
    // trial was told "you may First Fire" at a "?" entering cave A and then refused, "none
    // has expended MF there", the placeholder having spent none), whether one is moving now
    // (A8.1: the placeholder then stands for the moving "?", the one First Fire attacks), and
    // whether one advanced.
    // (And whether the one moving now uses Assault Movement, A4.61: no FFNAM at it.)
    let mut veiled: BTreeMap<String, (Location, f32, bool, bool, bool)> = BTreeMap::new();
    let moving = std::mem::take(&mut v.tallies.moving);
    v.units.retain(|u| {
        let unseen = enemy(u) && (u.concealed || u.cloaked || dark.contains(&u.at));
        if unseen {
            let e = veiled.entry(placeholder_id(&u.at)).or_insert((
                u.at.clone(),
                0.0,
                false,
                false,
                false,
            ));
            e.1 = e.1.max(u.unit.mf_spent);
            e.2 |= u.unit.advanced;
            // Only where the side sees the "?" (E1.33: not a dark one it cannot fire at).
            let now = moving.contains(&u.unit.id) && !dark.contains(&u.at);
            e.3 |= now;
            e.4 |= now && u.unit.assault_moving;
        }
        !unseen
    });
    // The moving units the side sees: its own, the enemy's in plain sight, and the "?".
    v.tallies.moving = moving
        .into_iter()
        .filter(|id| v.units.iter().any(|u| u.unit.id == *id))
        .collect();
    let (nationality, counter) = placeholder_counter(side.opponent());
    for (id, (at, mf_spent, advanced, moves, assault)) in veiled {
        if moves {
            v.tallies.moving.push(id.clone());
        }
        let mut unit = Unit::new(&id, nationality, counter);
        unit.mf_spent = mf_spent;
        unit.advanced = advanced;
        unit.assault_moving = assault;
        v.units.push(UnitAt {
            unit,
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
