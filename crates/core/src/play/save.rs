//! A save's shape (RON): the header that binds it to its scenario and its dice, the steps it
//! played, and the game state itself (`GameState`); reading and writing its text, the digest of
//! an event log, and where two saves first differ. Taking and loading a save is the match's
//! (`Match::save`, `Match::load`); checking one is `check`'s.

use serde::{Deserialize, Serialize};

use super::log::Event;
use super::program::SavedOpponent;
use crate::game::Roll;
use crate::state::GameState;

/// The save format this program writes and reads.
/// 4 since a save is the game state itself (`state: GameState`, its Locations and hexes in the
/// state's own form); 3 added `movement_dr` and `advanced`. An older save is refused by its
/// number, not as an edited one.
pub const SAVE_FORMAT: u32 = 4;

/// Why a save of format `format` is refused.
pub fn format_message(format: u32) -> String {
    format!(
        "the save is in format {format}; this asl-pto reads format {SAVE_FORMAT} (a save of an \
         older version cannot be continued: walk the scenario again)"
    )
}

/// A saved walkthrough: the header that binds it to its scenario and its dice, the steps it
/// played, and the game state itself (`GameState`, as every ruling reads it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// The save format (`SAVE_FORMAT`).
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
    /// The side the program plays (`--opponent`, issue 28) and what it remembers; absent in a
    /// game without it. Loading the save brings it back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<SavedOpponent>,
}

/// A digest of an event log: FNV-1a (64 bits) over the events' JSON lines, as hex, each with
/// its script step number left out (a phase Watch mode's "Next phase" reached on its own is
/// told under the next step in a replay; everything else must be the same). Stable across
/// runs, platforms and builds (unlike `std`'s hasher), as a save must be.
pub fn events_digest(events: &[Event]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in events {
        let line = Event {
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
        && format != SAVE_FORMAT
    {
        let at = text.find("format:").map_or(String::new(), |i| {
            let (l, c) = crate::scenario::line_col(text, i);
            format!("{l}:{c}: ")
        });
        return Err(SaveError::Syntax(format!("{at}{}", format_message(format))));
    }
    ron::from_str(text).map_err(|e| {
        SaveError::Syntax(format!(
            "{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        ))
    })
}
