//! Saving and loading a running walkthrough (RON). A save is the game state (`GameState`: the
//! Player Turn and phase, the NVR, every unit, cave, Climb counter, SMOKE and light source)
//! with the script position, the dice (seed and stream position) and the steps played. Loading it into a fresh
//! simulation of the same scenario and continuing gives the same events as never having
//! saved. A save names the fingerprint of its scenario file and is checked against it before
//! anything of it is used (`save_check`).

use bevy::prelude::*;

use super::board::Board;
use super::log::{LogPhase, WalkLog};
use super::play_state::Play;
pub use super::saved::*;
use super::walk::{Walk, played};
use crate::game::Dice;

/// A Play-mode save's steps played, read as a script of `s` (checked as strictly); `None` for
/// a watched walk's save.
pub fn played_steps(
    s: &crate::scenario::Scenario,
    save: &Save,
) -> Result<Option<Vec<crate::scenario::Step>>, SaveError> {
    let Some(specs) = &save.played else {
        return Ok(None);
    };
    let text = s
        .with_script_specs(specs.clone(), save.seed)
        .map_err(|e| SaveError::Bad(e.to_string()))?;
    let replay = crate::scenario::Scenario::from_str(&text, &s.file)
        .map_err(|e| SaveError::Bad(format!("the played steps: {e}")))?;
    if save.next_step > replay.script.len() {
        return Err(SaveError::Bad(format!(
            "next_step {} is past the {} steps played",
            save.next_step,
            replay.script.len()
        )));
    }
    Ok(Some(replay.script))
}

/// Takes a save of the world (between steps), with the digest of its event log.
pub fn save(world: &mut World) -> Result<Save, SaveError> {
    take(world, true)
}

/// A save for an Undo snapshot: the log's digest is left out (the snapshot keeps the log's
/// length, and hashing the whole log before every step would grow with the game).
pub(super) fn snapshot_save(world: &mut World) -> Result<Save, SaveError> {
    take(world, false)
}

fn take(world: &mut World, with_events: bool) -> Result<Save, SaveError> {
    let walk = world.resource::<Walk>().clone();
    if !walk.idle() {
        return Err(SaveError::Busy);
    }
    let board = world.resource::<Board>().clone();
    let map = &board.scenario.map;
    let dice = world.resource::<Dice>().clone();
    let state = super::live::state(world, &board);
    let played = world
        .get_resource::<Play>()
        .is_some_and(|p| p.active)
        .then(|| {
            played(world)
                .iter()
                .map(|s| s.spec(map))
                .collect::<Result<Vec<_>, String>>()
        })
        .transpose()
        .map_err(SaveError::Syntax)?;
    Ok(Save {
        format: SAVE_FORMAT,
        scenario: board.scenario.fingerprint.clone(),
        title: board.scenario.title.clone(),
        seed: dice.seed(),
        next_step: walk.next,
        state,
        dice_position: dice.position().to_string(),
        rolls: dice.rolls.clone(),
        played,
        events: with_events.then(|| events_digest(&world.resource::<WalkLog>().events)),
        opponent: world
            .get_resource::<super::opponent::OpponentPlay>()
            .map(|o| o.saved()),
    })
}

/// Loads a save into a freshly built (and spawned) simulation of the same scenario: checked
/// first (`save_check`), so a bad save changes nothing; then the world is brought to its state
/// (`live::write`, as after an order) and its dice and script position restored.
pub fn load(world: &mut World, save: &Save) -> Result<(), SaveError> {
    let board = world.resource::<Board>().clone();
    let s = &board.scenario;
    super::save_check::check(save, s).map_err(|o| {
        if o.wrong_scenario {
            SaveError::Scenario {
                saved: save.title.clone(),
                loaded: s.title.clone(),
            }
        } else {
            SaveError::Bad(o.message)
        }
    })?;
    let position: u128 = save
        .dice_position
        .parse()
        .map_err(|_| SaveError::Bad(format!("a bad dice position '{}'", save.dice_position)))?;
    let steps = played_steps(s, save)?;
    let opponent = save
        .opponent
        .as_ref()
        .map(|o| {
            super::opponent::OpponentPlay::from_saved(o, save.seed).ok_or_else(|| {
                SaveError::Bad(format!(
                    "a bad dice position '{}' for the opponent",
                    o.memory.dice_position
                ))
            })
        })
        .transpose()?;
    let state = save.state.clone().sorted();
    super::live::write(world, &board, &state);
    world.insert_resource(Dice::restore(save.seed, position, save.rolls.clone()));
    world.insert_resource(State::new(state.phase));
    world.insert_resource(LogPhase(state.phase));
    // The program's side as it was (while a save's steps are replayed, it still only replays).
    if let Some(mut o) = opponent {
        if let Some(now) = world.get_resource::<super::opponent::OpponentPlay>() {
            o.decides = now.decides;
        }
        world.insert_resource(o);
    }
    let mut walk = world.resource_mut::<Walk>();
    walk.next = save.next_step;
    walk.current = save.next_step;
    walk.target = None;
    walk.pending = None;
    walk.say = None;
    walk.opponent = false;
    if let Some(steps) = steps {
        let mut walk = world.resource_mut::<Walk>();
        walk.steps = steps;
        if let Some(mut play) = world.get_resource_mut::<Play>() {
            play.active = true;
        }
    }
    Ok(())
}
