//! A mark of the program's told order on the map (`ProgramMark`: a move from the Location a
//! unit left to the one it entered, an attack from its units to where it aimed) and how an
//! order's marks are read from the game before and after it (`starts`, `marks_of`). The
//! match keeps them (`Match::program_marks`); they decide nothing.

use crate::los::Location;
use crate::model::Phase;
use crate::rules::orders::Order;
use crate::state::GameState;

/// What a mark shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A unit went from `from` to `to` (a move, an advance, a rout, a Climb, a cave entered or
    /// left, a Banzai charge).
    Moved,
    /// Units at `from` attacked or aimed at `to` (a Fire, a DC Thrown or Placed, a Starshell,
    /// Smoke, a Search); `from == to` for a CC.
    Attacked,
}

/// One told order of the program's on the map.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramMark {
    /// The number of events logged before it: its order's `opponent` event is `log[log_at]`
    /// (Undo drops the marks past its snapshot's log).
    pub log_at: usize,
    /// The Player Turn number and phase it was given in.
    pub pt: u32,
    pub phase: Phase,
    pub kind: MarkKind,
    pub from: Location,
    pub to: Location,
}

fn location_of(st: &GameState, unit: &str) -> Option<Location> {
    st.units
        .iter()
        .find(|u| u.unit.id == unit)
        .map(|u| u.at.clone())
}

/// Where `order`'s units stood before it (`before`), as (unit, Location) pairs.
pub(super) fn starts(st: &GameState, order: &Order) -> Vec<(String, Location)> {
    let units: Vec<String> = match order {
        Order::Fire { units, .. } | Order::Banzai { units, .. } => {
            units.iter().map(|u| u.to_string()).collect()
        }
        Order::CloseCombat { attackers, .. } => attackers.iter().map(|u| u.to_string()).collect(),
        _ => order.unit().map(|u| u.to_string()).into_iter().collect(),
    };
    units
        .into_iter()
        .filter_map(|u| location_of(st, &u).map(|at| (u, at)))
        .collect()
}

/// The marks of `order`, its units having stood at `starts` before it and the game now being
/// `after`.
pub(super) fn marks_of(
    order: &Order,
    starts: &[(String, Location)],
    after: &GameState,
) -> Vec<(MarkKind, Location, Location)> {
    let aimed = match order {
        Order::Fire { at, .. } | Order::CloseCombat { at, .. } => Some(at.clone()),
        Order::PlaceSmoke { at, .. } | Order::PlaceWp { at, .. } | Order::PlaceDcAt { at, .. } => {
            Some(at.clone())
        }
        Order::ThrowDc { cave, .. } | Order::PlaceDc { cave, .. } | Order::SetDc { cave, .. } => {
            Some(Location::Cave(cave.to_string()))
        }
        Order::FireStarshell { at, .. } | Order::Search { hex: at, .. } => {
            Some(Location::Ground(*at))
        }
        _ => None,
    };
    let mut out: Vec<(MarkKind, Location, Location)> = Vec::new();
    for (unit, from) in starts {
        let mark = match &aimed {
            Some(to) => (MarkKind::Attacked, from.clone(), to.clone()),
            None => match location_of(after, unit) {
                Some(to) if &to != from => (MarkKind::Moved, from.clone(), to),
                _ => continue,
            },
        };
        if !out.contains(&mark) {
            out.push(mark);
        }
    }
    out
}
