//! Play mode's state: the orders a player (or a test) gives the simulation (`PlayOrder`), and
//! what Play mode holds between frames (`Play`: whether the player has the scenario, what waits
//! to be done). Its behaviour is `play`'s.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::phase::Phase;
use crate::los::Location;
use crate::scenario::{Order, Step};

/// What the player (or a test) asks of the simulation; performed between frames, when the
/// runner is idle.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum PlayOrder {
    /// Hand the scenario to the player from here (the script's remaining steps are dropped).
    Start,
    /// One action, ruled and applied as a script step.
    Act(Order),
    /// A unit moves along a path (the Locations after its own), one step per Location; a
    /// refused step ends the walk there.
    Along(String, Vec<Location>),
    /// On to the next phase (and Player Turn), its systems run.
    EndPhase,
    /// End phase as the player clicked it, in the Player Turn and phase then shown: dropped if
    /// the game has moved on from it by the time it comes up (the program ended that phase),
    /// so that a click never ends a phase the player has not seen (issue 38).
    EndPhaseOf(u32, Phase),
    /// On to this phase (of this Player Turn, or the next).
    ToPhase(Phase),
    /// Watch mode: the script's next step.
    NextStep,
    /// Watch mode: the script's steps of this phase, then the next phase.
    NextPhase,
    /// Back one step (Undo): the last snapshot restored.
    Undo,
    /// The step undone last, run again (Redo; in Watch mode the same as `NextStep`).
    Redo,
}

/// Play mode's state.
#[derive(Resource, Default, Debug)]
pub struct Play {
    /// The player has the scenario (else the script is watched).
    pub active: bool,
    /// What waits to be done, one item per idle frame, in order.
    pub(super) queue: VecDeque<Queued>,
    /// The last step run was a path's.
    /// (the step number it ran as: the program's First Fire may run between it and the check)
    pub(super) path_ran: Option<usize>,
    /// Watch mode's "Next phase" moved the walk on by a phase since the last step ran: "Play
    /// from here" then records a step to that phase, so that the steps played replay to it.
    pub(super) phase_moved: bool,
    /// Why the last Undo failed, if it did (a snapshot that no longer loads).
    pub undo_error: Option<String>,
    /// What Play mode tells the player before it does what was asked (End phase with units
    /// that must rout and have not, A10.5); cleared by the next step.
    pub notice: Option<String>,
    /// The Player Turn and phase whose End phase was held once for `notice`.
    pub(super) warned: Option<(u32, Phase)>,
}

impl Play {
    /// Nothing waits to be done.
    pub fn settled(&self) -> bool {
        self.queue.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Queued {
    Order(Step),
    /// A step of a path (`PlayOrder::Along`).
    Path(Step),
    /// On to the phase after the one it was asked in (the Player Turn and phase the walk
    /// stood in when the player asked): dropped when it comes up in another, so that a second
    /// click while the first waits on the program never skips a phase (issue 38).
    EndPhase {
        pt: u32,
        phase: Phase,
    },
    /// On to this phase (of this Player Turn, or the next): one step; against the program, one
    /// phase at a time, each when it has played its part (`opponent::holds`).
    ToPhase(Phase),
    /// The list's next step (Watch's "Next step", Redo).
    Next,
    Undo,
    /// Watch mode's "Next phase": decided afresh each time the runner is idle.
    WatchPhase,
    /// "Play from here" after Watch mode moved on by phases alone: a step to the phase the
    /// walk stands in, so the steps played lead there.
    RecordPhase,
}
