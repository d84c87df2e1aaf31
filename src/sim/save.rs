//! Saving and loading a running walkthrough (RON). A save is the game state (`GameState`: the
//! Player Turn and phase, the NVR, every unit, cave, Climb counter, SMOKE and light source)
//! with the script position, the dice (seed and stream position) and the steps played. Loading it into a fresh
//! simulation of the same scenario and continuing gives the same events as never having
//! saved. A save names the fingerprint of its scenario file and is checked against it before
//! anything of it is used (`save_check`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::Board;
use super::log::LogPhase;
use super::runner::Walk;
use crate::game::{Dice, Roll};
use crate::state::GameState;

/// A saved walkthrough: the header that binds it to its scenario and its dice, the steps it
/// played, and the game state itself (`GameState`, as every ruling reads it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// The save format (`save_check::SAVE_FORMAT`).
    pub format: u32,
    /// The fingerprint of the scenario file's text (`scenario::fingerprint`), checked on load.
    pub scenario: String,
    /// The scenario's title, checked on load.
    pub title: String,
    pub seed: u64,
    /// Steps already run.
    pub next_step: usize,
    /// The game as it stands: the Player Turn and phase, the night, the tallies, every unit,
    /// the caves' status, Climb counters, SMOKE, light sources, trip flares and Gunflashes.
    pub state: GameState,
    /// The dice stream position (a decimal number: RON has no 128-bit integers).
    pub dice_position: String,
    pub rolls: Vec<Roll>,
    /// Play mode (issue 15): the steps played so far, as a script writes them; loading the save
    /// continues the game in Play mode. `None` for a watched walk (its script is the scenario's).
    pub played: Option<Vec<crate::scenario::raw::StepSpec>>,
    /// A digest of the event log when the save was taken (`events_digest`), so that a replay
    /// of the save's past (`play::replay`) is known to tell the same events; `None` in an Undo
    /// snapshot.
    pub events: Option<String>,
}

/// A digest of an event log: FNV-1a (64 bits) over the events' JSON lines, as hex, each with
/// its script step number left out (a phase Watch mode's "Next phase" reached on its own is
/// told under the next step in a replay; everything else must be the same). Stable across
/// runs, platforms and builds (unlike `std`'s hasher), as a save must be.
pub fn events_digest(events: &[super::Event]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in events {
        let line = super::Event {
            step: 0,
            ..e.clone()
        }
        .json();
        for b in line.bytes().chain([b'\n']) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("fnv1a64:{h:016x}:{}", events.len())
}

/// Why a save cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("{0}")]
    Syntax(String),
    #[error("the save is of scenario '{saved}', not '{loaded}'")]
    Scenario { saved: String, loaded: String },
    #[error("the save names {0}")]
    Bad(String),
    #[error("a save is taken between steps, not while one is running")]
    Busy,
}

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
        .get_resource::<super::play::Play>()
        .is_some_and(|p| p.active)
        .then(|| {
            super::play::played(world)
                .iter()
                .map(|s| s.spec(map))
                .collect::<Result<Vec<_>, String>>()
        })
        .transpose()
        .map_err(SaveError::Syntax)?;
    Ok(Save {
        format: super::save_check::SAVE_FORMAT,
        scenario: board.scenario.fingerprint.clone(),
        title: board.scenario.title.clone(),
        seed: dice.seed(),
        next_step: walk.next,
        state,
        dice_position: dice.position().to_string(),
        rolls: dice.rolls.clone(),
        played,
        events: with_events.then(|| events_digest(&world.resource::<super::WalkLog>().events)),
    })
}

/// The save as RON text.
pub fn to_ron(save: &Save) -> String {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).expect("a save serializes")
}

/// Where a save departs from the save its steps lead to (`play::replay_checked`): the first
/// line of the save (as this program writes it) that differs, trimmed; which occurrence of that
/// line it is (0-based: `broken: true,` may stand once per unit); and the same line of the
/// replayed save (`None` when the save has lines the replay lacks). `None` if none differs.
pub fn first_difference(saved: &Save, replayed: &Save) -> Option<(String, usize, Option<String>)> {
    let (a, b) = (to_ron(saved), to_ron(replayed));
    let mut bl = b.lines();
    let mut seen: Vec<&str> = Vec::new();
    for l in a.lines() {
        let other = bl.next();
        if other != Some(l) {
            let nth = seen.iter().filter(|x| x.trim() == l.trim()).count();
            return Some((
                l.trim().to_string(),
                nth,
                other.map(|o| o.trim().to_string()),
            ));
        }
        seen.push(l);
    }
    None
}

/// A save from RON text; a syntax error, an unknown field or a wrong value says `line:col:`.
pub fn from_ron(text: &str) -> Result<Save, SaveError> {
    // A save of another format is refused by its number before its shape is read (an older
    // save's fields are not this format's).
    #[derive(Deserialize)]
    struct Format {
        format: u32,
    }
    if let Ok(Format { format }) = ron::from_str::<Format>(text)
        && format != super::save_check::SAVE_FORMAT
    {
        let o = super::save_check::format_offence(format);
        return Err(SaveError::Syntax(o.located(text)));
    }
    ron::from_str(text).map_err(|e| {
        SaveError::Syntax(format!(
            "{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        ))
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
    let state = save.state.clone().sorted();
    super::live::write(world, &board, &state);
    world.insert_resource(Dice::restore(save.seed, position, save.rolls.clone()));
    world.insert_resource(State::new(state.phase));
    world.insert_resource(LogPhase(state.phase));
    let mut walk = world.resource_mut::<Walk>();
    walk.next = save.next_step;
    walk.current = save.next_step;
    walk.target = None;
    walk.pending = None;
    walk.say = None;
    if let Some(steps) = steps {
        let mut walk = world.resource_mut::<Walk>();
        walk.steps = steps;
        if let Some(mut play) = world.get_resource_mut::<super::play::Play>() {
            play.active = true;
        }
    }
    Ok(())
}
