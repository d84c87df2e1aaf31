//! Where the walkthrough stands (`Walk`): the match's script and its place in it, mirrored for
//! the viewer (its step count, its buttons). A step runs at once (`play::Match::run_next`).

use bevy::prelude::*;

use crate::scenario::Step;

/// Where the walkthrough stands: the match's script, mirrored.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Walk {
    pub steps: Vec<Step>,
    /// Index of the next step to run.
    pub next: usize,
    /// The step that ran last (1-based; 0 before the first).
    pub current: usize,
}

impl Walk {
    /// A walk of `steps`, not started.
    pub fn new(steps: Vec<Step>) -> Walk {
        Walk {
            steps,
            next: 0,
            current: 0,
        }
    }

    /// Every step has run.
    pub fn finished(&self) -> bool {
        self.next >= self.steps.len()
    }
}

/// The steps played so far (the recorded game): the walk's steps up to the next one.
pub fn played(world: &World) -> Vec<Step> {
    world
        .resource::<crate::play::Match>()
        .script
        .played()
        .to_vec()
}
