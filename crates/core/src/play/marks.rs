//! What the program did over its last Player Turn, for a player to read at a glance (issue 37):
//! each of its told orders as a map mark (`ProgramMark`: a move from the Location a unit left
//! to the one it entered; a Fire, a DC, a Starshell, a Search from its units to where it aimed;
//! a CC where it was fought), and the same orders in words, phase by phase
//! (`Match::program_turn_words`). What a hidden unit of its did is neither marked nor told (A12,
//! G11.75). Recorded as its orders are played in Play mode; Undo takes back those of the steps
//! it undoes. It decides nothing.

use super::runner::Match;
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
        Order::PlaceSmoke { at, .. } | Order::PlaceWp { at, .. } => Some(at.clone()),
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

impl Match {
    /// The program's told orders on the map since the start of the Player Turn before this
    /// one (its last Player Turn as ATTACKER and what it did since as DEFENDER).
    pub fn program_marks(&self) -> Vec<&ProgramMark> {
        let now = self.state.turn.number;
        self.marks.iter().filter(|m| m.pt + 1 >= now).collect()
    }

    /// The program's orders since the start of the Player Turn before this one, in words, one
    /// line a phase: "GT2 Japanese MPh: jp1 moves to G5; a hidden unit moved" (each order's
    /// reason up to its first ";", A12 for what a hidden unit did). Empty against no program.
    pub fn program_turn_words(&self) -> Vec<String> {
        if self.program.is_none() {
            return Vec::new();
        }
        let now = self.state.turn.number;
        let first = self.board.scenario.first_attacker;
        let mut lines: Vec<(String, Vec<String>)> = Vec::new();
        for e in &self.log {
            if e.event != "opponent" && e.event != "hidden" {
                continue;
            }
            let second = e.attacker != format!("{first:?}");
            let pt = e.turn.saturating_sub(1) * 2 + 1 + u32::from(second);
            if pt + 1 < now {
                continue;
            }
            let head = format!("GT{} {} {}", e.turn, e.attacker, e.phase);
            let words = super::status::order_words(&e.text);
            match lines.last_mut() {
                Some((h, v)) if *h == head => v.push(words),
                _ => lines.push((head, vec![words])),
            }
        }
        lines
            .into_iter()
            .map(|(h, v)| format!("{h}: {}", v.join("; ")))
            .collect()
    }

    /// Records the marks of the program's order `order`, told openly, its units having stood at
    /// `starts` (Play mode).
    pub(super) fn mark(
        &mut self,
        order: &Order,
        starts: &[(String, Location)],
        pt: u32,
        phase: Phase,
        log_at: usize,
    ) {
        for (kind, from, to) in marks_of(order, starts, &self.state) {
            self.marks.push(ProgramMark {
                log_at,
                pt,
                phase,
                kind,
                from,
                to,
            });
        }
    }
}
