//! Where the match stands in its script (scenario-format.md "Walkthrough script"): the steps
//! (the scenario's script, or in Play mode the steps played so far, the undone ones kept for
//! Redo), the next one to run and the one that ran last; and where a step's `phase` takes it.

use crate::model::Phase;
use crate::scenario::Step;

/// The script's steps and the match's place in them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Script {
    pub steps: Vec<Step>,
    /// Index of the next step to run.
    pub next: usize,
    /// The step that ran last (1-based; 0 before the first): the events are logged under it.
    pub current: usize,
}

impl Script {
    /// A script of `steps`, not started.
    pub fn new(steps: Vec<Step>) -> Script {
        Script {
            steps,
            next: 0,
            current: 0,
        }
    }

    /// Every step has run.
    pub fn finished(&self) -> bool {
        self.next >= self.steps.len()
    }

    /// The steps played so far (the recorded game): the steps up to the next one.
    pub fn played(&self) -> &[Step] {
        &self.steps[..self.next.min(self.steps.len())]
    }
}

/// A3: the first Player Turn number >= `pt` at which `phase` comes next when standing in
/// `current`: later in this Player Turn, or in the next one.
pub fn target_of(current: Phase, pt: u32, phase: Phase) -> (Phase, u32) {
    if current == Phase::Setup || phase.index() >= current.index() {
        (phase, pt)
    } else {
        (phase, pt + 1)
    }
}
