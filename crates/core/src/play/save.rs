//! A save's shape (RON): the header that binds it to its scenario and its dice, the steps it
//! played, and the game state itself (`GameState`); reading and writing its text, the digest of
//! an event log, and where two saves first differ. Taking and loading a save is the match's
//! (`Match::save`, `Match::load`); checking one is `check`'s.

use serde::{Deserialize, Serialize};

use super::log::Event;
use super::program::SavedOpponent;
use crate::game::Roll;
use crate::map::Map;
use crate::state::GameState;

/// The save format this program writes and reads.
/// 7 since a DC Set in a cave waits for the AFPh (G11.8332: a save holding a `SetDc` step
/// replays differently); 6 since the game state holds the units moving now (`tallies.moving`, A8.1: a save made in
/// an MPh before replays to a state that differs from it); 5 since a save is sealed (`seal`) and a save against the program with the fog of war keeps
/// its content sealed (`sealed`); 4 since a save is the game state itself (`state: GameState`);
/// 3 added `movement_dr` and `advanced`. Another format is refused by its number, not as an
/// edited save.
pub const SAVE_FORMAT: u32 = 7;

/// Why a save of format `format` is refused: older or newer than this program's.
pub fn format_message(format: u32) -> String {
    if format > SAVE_FORMAT {
        format!(
            "the save is in format {format}, newer than this asl-pto's format {SAVE_FORMAT}: it \
             was written by a later version of asl-pto; continue it with that version"
        )
    } else {
        format!(
            "the save is in format {format}; this asl-pto reads format {SAVE_FORMAT} (a save of an \
             older version cannot be continued: walk the scenario again)"
        )
    }
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
    /// The seal (`seal_of`): a digest of everything above with the program's key, so that a
    /// field the replay of the steps cannot show (the seed before any roll, the fog, the
    /// program's own dice) is not edited unseen. `None` in an Undo snapshot; a save file
    /// without it is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<String>,
}

/// The key mixed into a save's seal and into the keystream of a sealed body. A person with
/// the source can read it: the seal stops an edit by hand and a glance, not a determined
/// reader (docs/cli.md, Saves).
const SEAL_KEY: &[u8] = b"asl-pto save seal, format 5: a loaded game is the game that was played";

/// FNV-1a 64 over `parts`, in order.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for b in p.iter() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The seal of `save`: FNV-1a 64 over the key and the save's plain text without its seal.
pub fn seal_of(save: &Save, map: &Map) -> String {
    let unsealed = Save {
        seal: None,
        ..save.clone()
    };
    let text = plain_ron(&unsealed, map);
    format!("fnv1a64:{:016x}", fnv(&[SEAL_KEY, text.as_bytes()]))
}

/// `save` with its seal set.
pub fn sealed(mut save: Save, map: &Map) -> Save {
    save.seal = Some(seal_of(&save, map));
    save
}

/// Whether a save file's content is sealed (`to_ron`): a game against the program with the
/// fog of war, whose secrets (its hidden units, its orders and reasons) a person must not read
/// in the file.
pub fn keeps_secrets(save: &Save) -> bool {
    save.opponent.as_ref().is_some_and(|o| o.fog)
}

/// A sealed save file: its header in the open (so that a save of another format or scenario is
/// told as such), its content as hex digits of the plain text XORed with a keystream.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SealedFile {
    format: u32,
    scenario: String,
    title: String,
    sealed: String,
    /// A keyed digest of the plain body (`body_check`): a changed byte of `sealed`, even one
    /// that still decodes, is refused before anything of the body is read. (A sealed save of
    /// an earlier build has none, `""`; it is read as before.)
    #[serde(default, skip_serializing_if = "String::is_empty")]
    check: String,
}

/// The keyed digest of a sealed save's plain body.
fn body_check(plain: &str) -> String {
    format!(
        "fnv1a64:{:016x}",
        fnv(&[SEAL_KEY, b"sealed body", plain.as_bytes()])
    )
}

/// The keystream of a sealed body: SplitMix64 seeded from the key and the scenario's
/// fingerprint.
fn keystream(fingerprint: &str, len: usize) -> Vec<u8> {
    let mut x = fnv(&[SEAL_KEY, fingerprint.as_bytes()]);
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        out.extend_from_slice(&z.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// Why a sealed body does not read back (also what any refusal of a sealed save says: its
/// reasons would quote the content it seals, `play::store::Store::load`).
pub(crate) const DAMAGED: &str = "the save's sealed content does not read back (the file was edited or \
                       damaged): a sealed save is loaded only as asl-pto wrote it";

/// The plain text of a sealed body.
fn unseal(f: &SealedFile) -> Result<String, SaveError> {
    let hex = f.sealed.as_bytes();
    if !hex.len().is_multiple_of(2) {
        return Err(SaveError::Syntax(DAMAGED.into()));
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let key = keystream(&f.scenario, hex.len() / 2);
    let mut bytes = Vec::with_capacity(hex.len() / 2);
    for (i, pair) in hex.chunks(2).enumerate() {
        let (Some(a), Some(b)) = (digit(pair[0]), digit(pair[1])) else {
            return Err(SaveError::Syntax(DAMAGED.into()));
        };
        bytes.push((a << 4 | b) ^ key[i]);
    }
    let plain = String::from_utf8(bytes).map_err(|_| SaveError::Syntax(DAMAGED.into()))?;
    if !f.check.is_empty() && f.check != body_check(&plain) {
        return Err(SaveError::Syntax(DAMAGED.into()));
    }
    Ok(plain)
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

/// The save as RON text, as written to a file: plain, or sealed when it keeps the program's
/// secrets (`keeps_secrets`): then only its format, scenario and title are in the open.
pub fn to_ron(save: &Save, map: &Map) -> String {
    let plain = plain_ron(save, map);
    if !keeps_secrets(save) {
        return plain;
    }
    let key = keystream(&save.scenario, plain.len());
    let mut hex = String::with_capacity(plain.len() * 2);
    for (b, k) in plain.bytes().zip(key) {
        hex.push_str(&format!("{:02x}", b ^ k));
    }
    let file = SealedFile {
        format: save.format,
        scenario: save.scenario.clone(),
        title: save.title.clone(),
        sealed: hex,
        check: body_check(&plain),
    };
    format!(
        "// asl-pto: a game against the program, sealed so that its secrets (where its units \
         are, what it plans) are not read here; asl-pto loads it as it wrote it (docs/cli.md, Saves).\n{}",
        ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())
            .expect("a sealed save serializes")
    )
}

/// The save as plain RON text (every field in the open), its places named by `map`
/// (`naming`: `"T4"`, `"cave:G"`).
pub fn plain_ron(save: &Save, map: &Map) -> String {
    crate::naming::with_names(map, || {
        ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default())
            .expect("a save serializes")
    })
}

/// Where a save departs from the save its steps lead to (`play::replay_checked`): the first
/// line of the save (as this program writes it) that differs, trimmed; which occurrence of that
/// line it is (0-based: `broken: true,` may stand once per unit); and the same line of the
/// replayed save (`None` when the save has lines the replay lacks). `None` if none differs.
pub fn first_difference(
    saved: &Save,
    replayed: &Save,
    map: &Map,
) -> Option<(String, usize, Option<String>)> {
    let (a, b) = (plain_ron(saved, map), plain_ron(replayed, map));
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

/// A save from RON text, its places read by `map`'s names (the map of the scenario it is to
/// continue); a syntax error, an unknown field, a place the map does not have or a wrong value
/// says `line:col:`.
pub fn from_ron(text: &str, map: &Map) -> Result<Save, SaveError> {
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
    if let Ok(f) = ron::from_str::<SealedFile>(text) {
        let plain = unseal(&f)?;
        let save: Save = crate::naming::with_names(map, || ron::from_str(&plain))
            .map_err(|_| SaveError::Syntax(DAMAGED.into()))?;
        if (save.format, &save.scenario, &save.title) != (f.format, &f.scenario, &f.title) {
            return Err(SaveError::Syntax(DAMAGED.into()));
        }
        return Ok(save);
    }
    crate::naming::with_names(map, || ron::from_str(text)).map_err(|e| {
        SaveError::Syntax(format!(
            "{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        ))
    })
}
