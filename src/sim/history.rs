//! Undo and Watch mode's Back (issue 15): where a `History` is kept (the viewer keeps one;
//! `walk` does not), the match takes a snapshot before each step (`play::Match::undo`); this
//! resource asks for them and mirrors how many there are.

use bevy::prelude::*;

/// The match keeps the snapshots behind "Back" and Undo (the viewer, tests); how many there
/// are, mirrored.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct History {
    pub(super) depth: usize,
}

impl History {
    /// How many steps can be undone.
    pub fn depth(&self) -> usize {
        self.depth
    }
}
