//! The walkthrough's events: what `asl-pto walk` prints (cli.md: JSON Lines, or a readable
//! log), and what the viewer's walkthrough panel shows.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::phase::{Phase, PlayerTurn};
use super::walk::Walk;

/// One event of a walkthrough (cli.md `walk`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

pub use crate::game::REFUSED;

/// Every event so far.
#[derive(Resource, Clone, Debug, Default)]
pub struct WalkLog {
    pub events: Vec<Event>,
}

/// The phase events are logged in: the phase last announced. (During a phase's exit systems,
/// e.g. the end of the CCPh, Bevy's `State` already holds the next phase.)
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogPhase(pub Phase);

/// What an event says, before the world's context (turn, phase, step) is added.
pub struct Say<'a> {
    pub event: &'a str,
    pub unit: Option<&'a str>,
    pub rule: Option<&'a str>,
    pub dice: Option<Vec<u8>>,
    pub text: String,
}

/// Records an event in the current turn, phase and step.
pub fn emit(world: &mut World, say: Say) {
    let turn = world.resource::<PlayerTurn>().clone();
    let phase = world
        .get_resource::<LogPhase>()
        .map_or(Phase::Setup, |p| p.0);
    let step = world.resource::<Walk>().current;
    let e = Event {
        turn: turn.turn(),
        attacker: format!("{:?}", turn.attacker),
        phase: phase.abbrev().into(),
        step,
        event: say.event.into(),
        unit: say.unit.map(str::to_string),
        rule: say.rule.map(str::to_string),
        dice: say.dice,
        text: say.text,
    };
    world.resource_mut::<WalkLog>().events.push(e);
}

/// Records what a core step said (`game::Said`) in the current turn, phase and step.
pub fn emit_said(world: &mut World, said: crate::game::Said) {
    emit(
        world,
        Say {
            event: &said.event,
            unit: said.unit.as_deref(),
            rule: said.rule.as_deref(),
            dice: said.dice,
            text: said.text,
        },
    );
}
