//! A save's past, rebuilt by replaying its steps from the scenario's start with its seed
//! (`replay`), or where its state departs from what its steps lead to (`replay_checked`).

use std::sync::Arc;

use super::log::Event;
use super::program::Program;
use super::runner::{Match, Snapshot};
use super::save::Save;
use super::store::played_steps;
use crate::scenario::Scenario;

/// What led to a loaded save: its events and the snapshots behind Undo, rebuilt (`replay`).
pub struct Past {
    pub events: Vec<Event>,
    pub history: Vec<Snapshot>,
}

/// A save's past, rebuilt by replaying its steps (the steps played, or the scenario's script up
/// to the save's step) from the scenario's start with the save's seed: the same rulings and the
/// same dice give the same events and the same snapshots as the game that was saved, so a
/// loaded game shows its log and can be undone to its first step. Where the walk also went on
/// by phases alone (Watch mode's "Next phase"), the replay does the same until it stands at the
/// save's Player Turn and phase. `None` where the replay does not reach the saved position
/// exactly (a save edited by hand): see `replay_checked` for where it departs.
pub fn replay(scenario: &Arc<Scenario>, saved: &Save) -> Option<Past> {
    replay_checked(scenario, saved).ok()
}

/// Why a save's steps do not lead to its state: the save as its replay ends (`None` when the
/// replay could not even run its steps to the save's position).
#[derive(Debug)]
pub struct Departs {
    pub replayed: Option<Box<Save>>,
}

/// As `replay`, saying where the save departs from what its steps lead to.
pub fn replay_checked(scenario: &Arc<Scenario>, saved: &Save) -> Result<Past, Departs> {
    let none = || Departs { replayed: None };
    let mut m = Match::new(scenario.clone(), saved.seed);
    m.keep_history();
    let played = played_steps(scenario, saved).map_err(|_| none())?;
    // A game against the program: in a walk it decides again as it did (the same script, the
    // same seed, the same orders); in Play mode its orders are among the steps, replayed.
    if let Some(o) = &saved.opponent {
        let memory = &o.memory;
        let mut p = Program::new(memory.side, memory.kind, saved.seed);
        p.fog = o.fog;
        p.decides = played.is_none();
        m.program = Some(p);
    }
    if let Some(steps) = played.clone() {
        m.script.steps = steps;
        m.recording = true;
    }
    let goal = (saved.state.phase, saved.state.turn.clone());
    while m.script.next < saved.next_step {
        if !m.run_next() {
            return Err(none());
        }
    }
    // Phases alone, to the save's (a bounded number: two Player Turns of eight phases).
    for _ in 0..16 {
        if (m.state.phase, m.state.turn.clone()) == goal {
            break;
        }
        if !m.advance_phase() {
            break;
        }
    }
    let mut end = m.save().map_err(|_| none())?;
    // An older save has no digest of its log: its state alone is compared.
    if saved.events.is_none() {
        end.events = None;
    }
    // In Play mode the program's orders are replayed, not decided again: what it remembers
    // is rebuilt from them (`note_replayed`: its count of orders, the phase, its Searches and
    // attempts), all but the position of its own dice, which only deciding moves, and whether
    // the player has already let its last moved unit go on without First Fire at it
    // (`awaiting`: the player's "go on" is no step): those are the save's, held by the seal
    // (`save::seal_of`, compared below with the rest).
    if played.is_some()
        && let (Some(end_o), Some(saved_o)) = (end.opponent.as_mut(), saved.opponent.as_ref())
    {
        end_o
            .memory
            .dice_position
            .clone_from(&saved_o.memory.dice_position);
        end_o.awaiting.clone_from(&saved_o.awaiting);
    }
    let end = super::save::sealed(end, &scenario.map);
    if end != *saved {
        return Err(Departs {
            replayed: Some(Box::new(end)),
        });
    }
    Ok(Past {
        events: m.log.clone(),
        history: m.take_history(),
    })
}
