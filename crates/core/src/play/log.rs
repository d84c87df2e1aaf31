//! The game's events: what `asl-pto walk` prints (cli.md: JSON Lines, or a readable log), what
//! the viewer's walkthrough panel shows, what a save's digest covers. Each is a `game::Said` in
//! the context the match gives it: the Game Turn and ATTACKER, the phase, the script step.

use serde::{Deserialize, Serialize};

pub use crate::game::REFUSED;

/// One event of a walkthrough (cli.md `walk`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The Game Turn.
    pub turn: u32,
    /// The ATTACKER's side.
    pub attacker: String,
    /// The phase (RPh, PFPh, ... or Setup).
    pub phase: String,
    /// The script step (1-based; 0 before the first).
    pub step: usize,
    /// What happened: `say`, `phase`, `player_turn`, `refused`, `move`, `dice`, ...
    pub event: String,
    pub unit: Option<String>,
    /// The rule applied.
    pub rule: Option<String>,
    /// The dice rolled (one die for a dr; coloured then white for a DR).
    pub dice: Option<Vec<u8>>,
    /// What the rule decided, in a sentence.
    pub text: String,
}

impl Event {
    /// What was said, without its context.
    pub fn said(&self) -> crate::game::Said {
        crate::game::Said {
            event: self.event.clone(),
            unit: self.unit.clone(),
            rule: self.rule.clone(),
            dice: self.dice.clone(),
            text: self.text.clone(),
        }
    }

    /// One JSON line.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("an event serializes")
    }

    /// A readable line: turn, ATTACKER, phase, step, `REFUSED` for an action the rules forbid,
    /// unit, rule, dice, sentence.
    pub fn readable(&self) -> String {
        let mut s = format!(
            "T{} {:<8} {:<5} #{:<3}",
            self.turn, self.attacker, self.phase, self.step
        );
        if self.event == REFUSED {
            s.push_str(" REFUSED");
        }
        if let Some(u) = &self.unit {
            s.push_str(&format!(" {u}:"));
        }
        if let Some(r) = &self.rule {
            s.push_str(&format!(" [{r}]"));
        }
        if let Some(d) = &self.dice {
            let d: Vec<String> = d.iter().map(u8::to_string).collect();
            s.push_str(&format!(" (dice {})", d.join(",")));
        }
        s.push(' ');
        s.push_str(&self.text);
        s
    }
}
