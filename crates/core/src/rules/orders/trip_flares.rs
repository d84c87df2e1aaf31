//! G.8 trip flares in play: which entries and Searches make the trip flares' owner roll a dr
//! (`on_entry`, `on_search`), and what the dr decides (`TripFlarePlan::resolve`). The U.S.
//! player owns them (G.8: set up by a U.S. Scenario Defender); the simulation rolls the dr,
//! takes one trip flare from the Location when one is set off and places a Trip Flare counter.
//! Reading: a set-off trip flare is used up (the dr compares with the number "currently" in the
//! Location); what the Trip Flare counter lights (its own hex) and when it goes (with the
//! Starshells, at the end of the CCPh) are not in our sources.

use crate::hex::{Hex, Hexside};
use crate::los::Location;
use crate::rules::night::illumination_fire::{
    Entry, TripFlareAction, TripFlareDr, TripFlareTrigger, trip_flare_dr,
};
use crate::rules::situation::Situation;

/// A trip flare dr to make: where, against how many trip flares, for what.
#[derive(Clone, Debug, PartialEq)]
pub struct TripFlarePlan {
    pub hex: Hex,
    pub flares: u32,
    pub trigger: TripFlareTrigger,
}

impl TripFlarePlan {
    /// G.8: the owner's dr (`dr`) decides: a Final dr <= the trip flares in the Location sets
    /// one off.
    pub fn resolve(&self, dr: u8) -> TripFlareDr {
        trip_flare_dr(&self.trigger, self.flares, dr)
    }
}

fn flares_in(s: &Situation, hex: Hex) -> u32 {
    s.trip_flares
        .iter()
        .find(|(h, _)| *h == hex)
        .map_or(0, |(_, n)| *n)
}

fn road_between(s: &Situation, a: Hex, b: Hex) -> bool {
    Hexside::between(a, b).is_some_and(|side| s.map.roads().contains(&side))
}

/// G.8: a unit entering `to` from `from` (moving or advancing): a dr is due if `to` is the
/// ground Location of a hex that holds trip flares, at night, unless it enters via a
/// subterranean passage (out of a cave, Cave Complex or tunnel). -4 if it entered along a road
/// or a path not created during play (PTO roads are paths, G.1). `None`: no dr.
pub fn on_entry(s: &Situation, from: &Location, to: &Location) -> Option<TripFlarePlan> {
    let Location::Ground(hex) = to else {
        return None;
    };
    let flares = flares_in(s, *hex);
    if !s.night() || flares == 0 || from == to {
        return None;
    }
    let entry = if underground(from) {
        Entry::SubterraneanPassage
    } else if from.hex().is_some_and(|f| road_between(s, f, *hex)) {
        Entry::PreExistingRoadOrPath
    } else {
        Entry::Other
    };
    Some(TripFlarePlan {
        hex: *hex,
        flares,
        trigger: TripFlareTrigger {
            ground: true,
            dummy: false,
            action: TripFlareAction::Enters(entry),
        },
    })
}

fn underground(at: &Location) -> bool {
    matches!(at, Location::Cave(_) | Location::Complex(_))
}

/// G.8C: a unit at `from` Searching `hex`: a dr is due if the hex holds trip flares, at night;
/// -4 when it Searches "across" a hexside that holds a road or path.
pub fn on_search(s: &Situation, from: &Location, hex: Hex) -> Option<TripFlarePlan> {
    let flares = flares_in(s, hex);
    if !s.night() || flares == 0 {
        return None;
    }
    let across = from.hex().is_some_and(|f| road_between(s, f, hex));
    Some(TripFlarePlan {
        hex,
        flares,
        trigger: TripFlareTrigger {
            ground: true,
            dummy: false,
            action: TripFlareAction::Searches {
                across_road_or_path: across,
            },
        },
    })
}
