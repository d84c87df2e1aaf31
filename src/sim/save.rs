//! Saving and loading the running game (RON): the match's (`play::Match::save`,
//! `play::Match::load`), the world mirrored to it after a load. The save's shape, its text and
//! its checks are the core's (`play::save`, `play::check`), re-exported here.

use bevy::prelude::*;

use super::play_state::Play;
use crate::play::Match;
pub use crate::play::played_steps;
pub use crate::play::save::*;

/// Takes a save of the game (between steps), with the digest of its event log.
pub fn save(world: &mut World) -> Result<Save, SaveError> {
    world.resource::<Match>().save()
}

/// A save of the game as the text a file holds (`to_ron`, its places named by the scenario's
/// map).
pub fn save_text(world: &mut World) -> Result<String, SaveError> {
    let s = save(world)?;
    Ok(to_ron(&s, &world.resource::<Match>().scenario().map))
}

/// A save's text read for this game's scenario (`from_ron` with its map).
pub fn read_text(world: &World, text: &str) -> Result<Save, SaveError> {
    from_ron(text, &world.resource::<Match>().scenario().map)
}

/// Loads a save into the game (a fresh one of the same scenario, or the running one): checked
/// first, so a bad save changes nothing; then the world is mirrored to it.
pub fn load(world: &mut World, save: &Save) -> Result<(), SaveError> {
    world.resource_mut::<Match>().load(save)?;
    let recording = world.resource::<Match>().recording;
    if recording && let Some(mut play) = world.get_resource_mut::<Play>() {
        play.active = true;
    }
    super::live::mirror(world);
    Ok(())
}

/// A loaded save's past, rebuilt by replaying it (`replay::replay`): the match's log and Undo
/// snapshots become the replay's, and the world is mirrored to them.
pub fn adopt_past(world: &mut World, past: crate::play::replay::Past) {
    let mut m = world.resource_mut::<Match>();
    m.log = past.events;
    m.set_history(past.history);
    if !world.contains_resource::<super::history::History>() {
        world.init_resource::<super::history::History>();
    }
    super::live::mirror(world);
}
