//! What the program did over its last Player Turn, for a player to read at a glance (issue 37):
//! each of its told orders as a map mark (`ProgramMark`: a move from the Location a unit left
//! to the one it entered; a Fire, a DC, a Starshell, a Search from its units to where it aimed;
//! a CC where it was fought), and the same orders in words, phase by phase
//! (`Match::program_turn_words`). What a hidden unit of its did is neither marked nor told (A12,
//! G11.75). Recorded as its orders are played in Play mode; Undo takes back those of the steps
//! it undoes. It decides nothing.

use super::program_mark::{ProgramMark, marks_of};
use super::runner::Match;
use crate::los::Location;
use crate::model::Phase;
use crate::rules::orders::Order;

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
        // The log in order, read back only as far as the Player Turn before this one (the
        // status line asks every frame).
        let recent = self
            .log
            .iter()
            .rev()
            .take_while(|e| super::status::event_pt(first, e) + 1 >= now)
            .count();
        let mut lines: Vec<(String, Vec<String>)> = Vec::new();
        for e in &self.log[self.log.len() - recent..] {
            if e.event != "opponent" && e.event != "hidden" {
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
