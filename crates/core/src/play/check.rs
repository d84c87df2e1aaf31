//! A save is checked before anything of it is used: its format, the scenario it belongs to (by
//! the fingerprint of the scenario file's content, not only the title), its dice and script
//! position; then its game state is held to the state's own invariants on that scenario
//! (`state::check`: every id resolved, every counter in the catalog, every Location the map's,
//! every number in range). Unknown fields are refused by the types themselves
//! (`deny_unknown_fields`). Each rejection names the offending id or field, and [`Offence::at`]
//! finds its line and column in the save's text.

use super::save::{Save, format_message};
use crate::model::Phase;
use crate::scenario::{Scenario, line_col, locate_nth};

pub use crate::state::Spot as Needle;

pub use super::save::SAVE_FORMAT;

/// The most Player Turns a save may stand at: any a walk can reach (a long ASL scenario has
/// about 30; a script of NextPlayerTurn steps goes on as long as it is), short of overflowing
/// the count. What the program writes, it loads.
pub const MAX_PLAYER_TURN: u32 = i32::MAX as u32;

/// Why a save cannot be used with a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offence {
    pub needle: Option<Needle>,
    pub message: String,
    /// The save belongs to another scenario (or another version of this one).
    pub wrong_scenario: bool,
}

impl Offence {
    fn new(needle: Option<Needle>, message: String) -> Offence {
        Offence {
            needle,
            message,
            wrong_scenario: false,
        }
    }

    fn quoted(text: &str, nth: usize, message: String) -> Offence {
        Offence::new(Some(Needle::Quoted(text.to_string(), nth)), message)
    }

    fn field(name: &'static str, message: String) -> Offence {
        Offence::new(Some(Needle::Field(name, 0)), message)
    }

    /// 1-based line and column of the offence in `text`, the save's text, when found.
    pub fn at(&self, text: &str) -> Option<(usize, usize)> {
        match self.needle.as_ref()? {
            Needle::Quoted(t, nth) => locate_nth(text, t, *nth).or_else(|| locate_nth(text, t, 0)),
            Needle::Field(name, nth) => {
                let key = format!("{name}:");
                text.match_indices(&key)
                    .filter(|(i, _)| {
                        text[..*i]
                            .chars()
                            .next_back()
                            .is_none_or(|c| !c.is_alphanumeric() && c != '_')
                    })
                    .nth(*nth)
                    .map(|(i, _)| line_col(text, i))
            }
        }
    }

    /// `L:C: message` (or just the message) for a save whose text is `text`.
    pub fn located(&self, text: &str) -> String {
        match self.at(text) {
            Some((l, c)) => format!("{l}:{c}: {}", self.message),
            None => self.message.clone(),
        }
    }
}

/// Checks `save` against `s`, the scenario it is to continue: its header, then its state
/// (`state::check`).
pub fn check(save: &Save, s: &Scenario) -> Result<(), Offence> {
    check_header(save, s)?;
    let (caves, _) = s.cave_system();
    let ob: Vec<(String, crate::counters::Nationality)> = s
        .units
        .iter()
        .map(|u| (u.id.clone(), u.nationality))
        .collect();
    crate::state::check(&save.state, &s.setting(&caves), &ob, s.night.is_some()).map_err(|e| {
        // A sealed save's reason would quote what its seal keeps from the player (a hidden
        // unit's cave, the counter under a "?"): it says only that it does not read back.
        if super::save::keeps_secrets(save) {
            Offence::new(None, super::save::DAMAGED.into())
        } else {
            Offence::new(e.spot, e.message)
        }
    })
}

/// The save's header in its text (its scenario's fingerprint and title), checked against `s`
/// before its places are read: they are read by the scenario's map, so a save of another
/// scenario is told as such rather than as naming hexes this map does not have. A text whose
/// header does not read (or of another format) passes: reading it says why.
pub fn check_text_header(text: &str, s: &Scenario) -> Result<(), Offence> {
    #[derive(serde::Deserialize)]
    struct Header {
        format: u32,
        scenario: String,
        title: String,
    }
    let Ok(h) = ron::from_str::<Header>(text) else {
        return Ok(());
    };
    if h.format != SAVE_FORMAT || (h.scenario == s.fingerprint && h.title == s.title) {
        return Ok(());
    }
    Err(wrong_scenario(&h.title, &h.scenario, s))
}

/// A save of scenario `title` (`fingerprint`), not of `s`.
fn wrong_scenario(title: &str, fingerprint: &str, s: &Scenario) -> Offence {
    Offence {
        needle: Some(Needle::Field("scenario", 0)),
        message: format!(
            "the save is of scenario '{title}' ({fingerprint}), not of this scenario file '{}' \
             ({}): a save continues only the scenario file it was taken from, unchanged",
            s.title, s.fingerprint
        ),
        wrong_scenario: true,
    }
}

/// A save of format `format`, not this program's.
pub fn format_offence(format: u32) -> Offence {
    Offence::field("format", format_message(format))
}

/// The save's format, scenario, dice, Player Turn, phase and script position.
fn check_header(save: &Save, s: &Scenario) -> Result<(), Offence> {
    if save.format != SAVE_FORMAT {
        return Err(format_offence(save.format));
    }
    if save.scenario != s.fingerprint || save.title != s.title {
        return Err(wrong_scenario(&save.title, &save.scenario, s));
    }
    let position: u128 = save.dice_position.parse().map_err(|_| {
        Offence::quoted(
            &save.dice_position,
            0,
            format!("dice_position '{}' is not a number", save.dice_position),
        )
    })?;
    if position > u128::from(u64::MAX) {
        return Err(Offence::field(
            "dice_position",
            format!("dice_position {position} is beyond any walk's dice"),
        ));
    }
    // The program's own dice: a position its dice reach, as the game's.
    if let Some(o) = &save.opponent {
        let p = &o.memory.dice_position;
        let here = Some(Needle::Field("dice_position", 1));
        match p.parse::<u128>() {
            Ok(v) if v <= u128::from(u64::MAX) => {}
            Ok(v) => {
                return Err(Offence::new(
                    here,
                    format!("the opponent's dice_position {v} is beyond any game's dice"),
                ));
            }
            Err(_) => {
                return Err(Offence::new(
                    here,
                    format!("the opponent's dice_position '{p}' is not a number"),
                ));
            }
        }
    }
    for (i, r) in save.rolls.iter().enumerate() {
        let shape = !r.rule.is_empty()
            && r.rule.len() <= 16
            && r.rule
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.');
        let here = Some(Needle::Field("rule", i));
        if !shape {
            return Err(Offence::new(
                here,
                format!("roll {}: '{}' is not a rule number", i + 1, r.rule),
            ));
        }
        if !(1..=2).contains(&r.dice.len()) || r.dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(Offence::new(
                here,
                format!(
                    "roll {} ({}): dice {:?} are not a dr or a DR (one or two dice of 1..6)",
                    i + 1,
                    r.rule,
                    r.dice
                ),
            ));
        }
    }
    let turn = save.state.turn.number;
    if !(1..=MAX_PLAYER_TURN).contains(&turn) {
        return Err(Offence::field(
            "number",
            format!("player_turn.number {turn} is outside 1..{MAX_PLAYER_TURN}"),
        ));
    }
    if save.state.phase == Phase::Setup && (save.next_step != 0 || turn != 1) {
        return Err(Offence::field(
            "phase",
            "phase Setup comes only before the first step of Player Turn 1".into(),
        ));
    }
    if save.played.is_none() && save.next_step > s.script.len() {
        return Err(Offence::field(
            "next_step",
            format!(
                "next_step {} is beyond the scenario's {}-step script",
                save.next_step,
                s.script.len()
            ),
        ));
    }
    Ok(())
}
