//! Where the walkthrough stands (`Walk`: the script's steps, the step running, the phase it
//! heads for and what waits at it), and the steps played so far.

use bevy::prelude::*;

use super::phase::Phase;
use crate::scenario::{Order, Step};

/// Where the walkthrough stands.
#[derive(Resource, Clone, Debug)]
pub struct Walk {
    pub steps: Vec<Step>,
    /// Index of the next step to run.
    pub next: usize,
    /// The step being run (1-based; 0 before the first).
    pub current: usize,
    /// Advance until this phase of at least this Player Turn number.
    pub target: Option<(Phase, u32)>,
    /// The action to resolve once the target is reached.
    pub pending: Option<Order>,
    /// The step's narration, told once the target is reached (before its action).
    pub say: Option<String>,
    /// The step is the program's order (`Step::opponent`): its narration is its reason.
    pub opponent: bool,
}

impl Walk {
    /// A walk of `steps`, not started.
    pub fn new(steps: Vec<Step>) -> Walk {
        Walk {
            steps,
            next: 0,
            current: 0,
            target: None,
            pending: None,
            say: None,
            opponent: false,
        }
    }

    /// Nothing left to do for the current step.
    pub fn idle(&self) -> bool {
        self.target.is_none() && self.pending.is_none() && self.say.is_none()
    }

    /// Every step has run.
    pub fn finished(&self) -> bool {
        self.idle() && self.next >= self.steps.len()
    }
}

/// The first Player Turn number >= `pt` at which `phase` comes next when standing in
/// `current`: later in this Player Turn, or in the next one.
pub fn target_of(current: Phase, pt: u32, phase: Phase) -> (Phase, u32) {
    if current == Phase::Setup || phase.index() >= current.index() {
        (phase, pt)
    } else {
        (phase, pt + 1)
    }
}

/// The steps played so far (the recorded game): the walk's steps up to the next one.
pub fn played(world: &World) -> Vec<Step> {
    let walk = world.resource::<Walk>();
    walk.steps[..walk.next.min(walk.steps.len())].to_vec()
}
