//! The snapshots behind "Back", Undo and Redo (issue 15): before each step the runner starts,
//! the game is saved (a `Save`: the game state, the dice, the script position) with the log's
//! length, where a `History` is kept (the viewer keeps one; `walk` does not).

use bevy::prelude::*;

use super::log::WalkLog;
use super::save::snapshot_save;
use super::saved::Save;

/// A snapshot taken before a step: the world as a save, the log's length.
#[derive(Clone, Debug)]
pub(super) struct Snapshot {
    pub(super) save: Box<Save>,
    pub(super) log_len: usize,
}

/// The snapshots behind "Back" and Undo (kept only where undo is wanted: the viewer, tests).
#[derive(Resource, Default, Debug)]
pub struct History {
    pub(super) snapshots: Vec<Snapshot>,
}

impl History {
    /// How many steps can be undone.
    pub fn depth(&self) -> usize {
        self.snapshots.len()
    }
}

/// Takes a snapshot before a step starts (called by the runner; nothing without a `History`).
pub(super) fn snapshot(world: &mut World) {
    if !world.contains_resource::<History>() {
        return;
    }
    let Ok(s) = snapshot_save(world) else {
        return;
    };
    let log_len = world.resource::<WalkLog>().events.len();
    world.resource_mut::<History>().snapshots.push(Snapshot {
        save: Box::new(s),
        log_len,
    });
}
