//! The side the program plays in a match (`walk --opponent SIDE[=KIND]`, `view --play
//! --opponent`, issue 28), in two ways:
//!
//! - In a walk (and Watch mode), where the script gives that side no order in a phase it acts
//!   in, the program (`opponent::Opponent`) gives its orders as the match leaves the phase; in
//!   the other side's MPh it is asked for Defensive First Fire after each order that spends MF
//!   (A8.1). Its orders are
//!   played by `game::apply` and logged like a step's, each after its event `opponent` with the
//!   reason.
//! - In Play mode its orders are steps of the game like the player's (`Step::opponent`),
//!   recorded, saved, undone and exported with them (`Match::program_turn`): it plays the
//!   phases only it acts in one order at a time, at the pace the front end sets, and ends them;
//!   in a phase both sides act in (RPh, RtPh) it plays when the player ends it; it First Fires
//!   right after the player's unit moves, and after each of its own moves the player may First
//!   Fire before it goes on (`awaiting`; End phase lets it go on).
//!
//! Played against a person (`fog`: the viewer), it keeps its secrets (A12, G11.75): what one of
//! its units did that stays hidden is logged only as "a hidden unit moved" (the true events are
//! kept apart); when the game ends its log is revealed.

use serde::{Deserialize, Serialize};

use crate::game::Said;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::opponent::{Kind, Memory, Opponent};
use crate::rules::orders::Order;
use crate::scenario::Step;

/// The side the program plays, and what the script did for that side this phase.
#[derive(Clone, Debug)]
pub struct Program {
    pub opponent: Opponent,
    /// The Player Turn and phase in which the script gave the program's side an order.
    pub scripted: Option<(u32, Phase)>,
    /// The Player Turn and phase the program has played.
    pub done: Option<(u32, Phase)>,
    /// Played against a person: its hidden units' doings are not told (A12, G11.75).
    pub fog: bool,
    /// What it did that was not told, in order: revealed when the game ends.
    pub secret: Vec<Said>,
    /// Its log has been revealed (the game ended).
    pub revealed: bool,
    /// Play mode: it has an order or a phase's end to give (the front end keeps drawing
    /// frames meanwhile).
    pub pending: bool,
    /// Play mode: it decides (false while a save's steps, its own recorded among them, are
    /// replayed).
    pub decides: bool,
    /// Play mode: the Location the player's unit just entered in its MPh, where the program,
    /// the DEFENDER, considers First Fire (A8).
    pub first_fire_at: Option<Location>,
    /// Play mode: its unit that moved (its id, or "a \"?\"" when concealed) and the Location
    /// it entered, where the player may First Fire (A8) before it goes on (End phase lets it
    /// go on).
    pub awaiting: Option<(String, Location)>,
    /// Play mode: the order it has just decided and started as a step (its memory already
    /// holds it); any other step of its that runs is a recorded one, run again (Redo, a load).
    pub(super) just_decided: Option<Order>,
}

/// A `Program` as a save holds it (the game's `Save::opponent`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedOpponent {
    pub memory: Memory,
    pub fog: bool,
    pub scripted: Option<(u32, Phase)>,
    pub done: Option<(u32, Phase)>,
    /// What it did that was not told yet (a save is read by the program, not the player).
    pub secret: Vec<Said>,
    pub revealed: bool,
    pub first_fire_at: Option<Location>,
    pub awaiting: Option<(String, Location)>,
}

impl Program {
    /// `side` played by `kind`, its random choices seeded from `seed`.
    pub fn new(side: Side, kind: Kind, seed: u64) -> Program {
        Program {
            opponent: Opponent::new(side, kind, seed),
            scripted: None,
            done: None,
            fog: false,
            secret: Vec::new(),
            revealed: false,
            pending: false,
            decides: true,
            first_fire_at: None,
            awaiting: None,
            just_decided: None,
        }
    }

    /// The same, played against a person in the viewer: with the fog of war.
    pub fn against_a_player(side: Side, kind: Kind, seed: u64) -> Program {
        Program {
            fog: true,
            ..Program::new(side, kind, seed)
        }
    }

    /// It has something to do in Play mode without the player (frames must go on).
    pub fn busy(&self) -> bool {
        self.pending || self.first_fire_at.is_some()
    }

    /// The side it plays.
    pub fn side(&self) -> Side {
        self.opponent.side
    }

    /// The side the person plays.
    pub fn player(&self) -> Side {
        self.opponent.side.opponent()
    }

    /// As a save holds it.
    pub fn saved(&self) -> SavedOpponent {
        SavedOpponent {
            memory: self.opponent.memory(),
            fog: self.fog,
            scripted: self.scripted,
            done: self.done,
            secret: self.secret.clone(),
            revealed: self.revealed,
            first_fire_at: self.first_fire_at.clone(),
            awaiting: self.awaiting.clone(),
        }
    }

    /// The program a save holds, its own dice seeded by the game's `seed`; `None` for a bad
    /// dice position.
    pub fn from_saved(s: &SavedOpponent, seed: u64) -> Option<Program> {
        Some(Program {
            opponent: Opponent::restore(&s.memory, seed)?,
            scripted: s.scripted,
            done: s.done,
            fog: s.fog,
            secret: s.secret.clone(),
            revealed: s.revealed,
            pending: false,
            decides: true,
            first_fire_at: s.first_fire_at.clone(),
            awaiting: s.awaiting.clone(),
            just_decided: None,
        })
    }
}

/// What the player has asked for that the program's turn in Play mode reads: the front of
/// the front end's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Nothing,
    /// End phase.
    EndPhase,
    /// A way to this phase (`--phase`).
    ToPhase(Phase),
}

/// What the program does now in Play mode (`Match::program_turn`).
#[derive(Clone, Debug, PartialEq)]
pub enum ProgramTurn {
    /// Nothing of its own now.
    Idle,
    /// Its part of the phase is due, after the front end's pause.
    Due,
    /// The player's End phase at the front was spent: it meant "go on" (the player's First
    /// Fire is past). Ask again with the next front.
    Spent,
    /// The step to run now (its order, or its end of the phase); `spent`: the player's End
    /// phase (or way to this very phase) at the front was spent on it.
    Run { step: Step, spent: bool },
}
