//! The match (`Match`): one game of a scenario, from its set-up to its end, the one game loop
//! every front end drives — `walk` (the scenario's script, step by step), Play mode (the
//! player's orders become steps, and the program's), Watch mode, `orders --load`, `duel`'s
//! games and the viewer. It holds the game state, the dice, the script and where it stands in
//! it, the events said so far, the side the program plays (`program`) and the Undo snapshots.
//!
//! A step (`run_next`): its `phase` takes the match through the phases on the way, each left
//! as the rules leave it (the program's part of it played first, then the phase's end: the end
//! of the RPh, of the RtPh, of the Player Turn) and the next begun (`game::begin_phase`); then
//! its `say` is told and its `act` played (`game::apply`), the program answering with Defensive
//! First Fire where it defends. Every core call's words are logged in the Game Turn, phase and
//! step it began in. Nothing here decides a rule: the rulings and `game` do.

use std::sync::Arc;

use super::board::Board;
use super::log::Event;
use super::program::Program;
use super::script::{Script, target_of};
use crate::game::{Dice, Said};
use crate::model::Phase;
use crate::rules::orders::Order;
use crate::scenario::{Scenario, Step};
use crate::state::{GameState, PlayerTurn, Setting};

/// A snapshot taken before a step: the game as a save (its log's digest left out), the log's
/// length.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub save: Box<super::save::Save>,
    pub log_len: usize,
}

/// One game of a scenario (see the module doc).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct Match {
    pub board: Board,
    /// The game as it stands: what every ruling reads.
    pub state: GameState,
    pub dice: Dice,
    pub script: Script,
    /// Every event so far.
    pub log: Vec<Event>,
    /// The side the program plays, if any (issue 28).
    pub program: Option<Program>,
    /// Play mode: the steps run are the game's record (a save holds them, `export` writes
    /// them), the undone ones kept for Redo.
    pub recording: bool,
    /// The snapshots behind Undo and Watch mode's Back, where they are kept.
    pub(super) history: Option<Vec<Snapshot>>,
    /// Play mode: the program's told orders as map marks (`program_marks`).
    pub(super) marks: Vec<super::program_mark::ProgramMark>,
}

impl Match {
    /// A match of `scenario` as set up (`Scenario::initial_state`), its dice seeded `seed`,
    /// its script the scenario's.
    pub fn new(scenario: Arc<Scenario>, seed: u64) -> Match {
        let state = scenario.initial_state();
        let script = Script::new(scenario.script.clone());
        let mut m = Match {
            board: Board::new(scenario),
            state,
            dice: Dice::new(seed),
            script,
            log: Vec::new(),
            program: None,
            recording: false,
            history: None,
            marks: Vec::new(),
        };
        m.normalize();
        m
    }

    /// A copy of the game as it stands, without its log, Undo snapshots or script (what the
    /// odds of an order are counted on, apart from the match: `Match::odds`).
    pub fn game_copy(&self) -> Match {
        Match {
            board: self.board.clone(),
            state: self.state.clone(),
            dice: Dice::new(self.dice.seed()),
            script: Script::new(Vec::new()),
            log: Vec::new(),
            program: self.program.clone(),
            recording: false,
            history: None,
            marks: Vec::new(),
        }
    }

    /// What the scenario fixes for the whole game.
    pub fn setting(&self) -> Setting<'_> {
        self.board.setting()
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.board.scenario
    }

    /// The game has ended (A26: its last Game Turn played).
    pub fn over(&self) -> bool {
        self.state.scoring.over
    }

    /// Keeps the snapshots behind Undo from now on.
    pub fn keep_history(&mut self) {
        if self.history.is_none() {
            self.history = Some(Vec::new());
        }
    }

    /// How many steps can be undone.
    pub fn history_depth(&self) -> usize {
        self.history.as_ref().map_or(0, Vec::len)
    }

    /// The snapshots behind Undo (a loaded game's, rebuilt by replaying it).
    pub fn set_history(&mut self, history: Vec<Snapshot>) {
        self.history = Some(history);
    }

    /// Takes the snapshots away (a replay's, for the game it was made for).
    pub fn take_history(&mut self) -> Vec<Snapshot> {
        self.history.take().unwrap_or_default()
    }

    // --- the log ---------------------------------------------------------------------------

    /// Logs what a core call said, in the Game Turn `turn` and phase `phase` it began in.
    pub(super) fn log_said(&mut self, turn: &PlayerTurn, phase: Phase, said: Said) {
        // A12: against a person, what a "?" of the program's did is told of the "?" only; in
        // full at the game's end.
        let said = match self.program.as_mut() {
            Some(p) => match veil(&self.state, &self.board, p, said) {
                Some(said) => said,
                None => return,
            },
            None => said,
        };
        self.log.push(Event {
            turn: turn.turn(),
            attacker: format!("{:?}", turn.attacker),
            phase: phase.abbrev().into(),
            step: self.script.current,
            event: said.event,
            unit: said.unit,
            rule: said.rule,
            dice: said.dice,
            text: said.text,
        });
    }

    /// Logs `said` now (in the current Game Turn and phase).
    pub(super) fn log_now(&mut self, said: Said) {
        let (turn, phase) = (self.state.turn.clone(), self.state.phase);
        self.log_said(&turn, phase, said);
    }

    /// Runs a core step (`game::apply`, `game::begin_phase`, ...) on the state with the dice,
    /// logs what it said in the Game Turn and phase it began in, and keeps the state as the
    /// game keeps it (`normalize`).
    pub(super) fn run_core(
        &mut self,
        step: impl FnOnce(&mut GameState, &Setting, &mut Dice) -> Vec<Said>,
    ) {
        let (turn, phase) = (self.state.turn.clone(), self.state.phase);
        let said = {
            let setting = self.board.scenario.setting(&self.board.caves);
            step(&mut self.state, &setting, &mut self.dice)
        };
        for s in said {
            self.log_said(&turn, phase, s);
        }
        self.normalize();
    }

    /// The state as the game keeps it between calls: sorted, an eliminated cave neither hidden
    /// nor Controlled (G11.88), only the scenario's caves, Complexes and tunnel openings.
    pub(super) fn normalize(&mut self) {
        let s = &self.board.scenario;
        let st = &mut self.state;
        let exists = |id: &String| s.caves.iter().any(|c| &c.id == id);
        st.eliminated_caves.retain(exists);
        let gone = st.eliminated_caves.clone();
        st.hidden_caves
            .retain(|id| exists(id) && !gone.contains(id));
        st.allied_controlled
            .retain(|id| exists(id) && !gone.contains(id));
        st.hidden_complexes
            .retain(|p| s.complexes.iter().any(|c| &c.primary == p));
        let openings: Vec<String> = s
            .tunnels
            .iter()
            .filter_map(|t| {
                [&t.from, &t.to].into_iter().find_map(|l| match l {
                    crate::los::Location::Ground(h) => Some(s.map.name(*h)),
                    _ => None,
                })
            })
            .filter(|o| st.revealed_tunnels.contains(o))
            .collect();
        st.revealed_tunnels = openings;
        st.sort();
    }

    // --- steps and phases ------------------------------------------------------------------

    /// Runs the script's next step (see the module doc). False when the script is over or the
    /// game has ended.
    pub fn run_next(&mut self) -> bool {
        if self.script.finished() || self.over() {
            return false;
        }
        let upcoming = self.script.steps[self.script.next].clone();
        self.before_step(&upcoming);
        self.snapshot();
        let step = upcoming;
        self.script.next += 1;
        self.script.current = self.script.next;
        let (phase, pt) = (self.state.phase, self.state.turn.number);
        let mut target = step.phase.map(|p| target_of(phase, pt, p));
        let mut pending = None;
        match step.act {
            Some(Order::NextPlayerTurn) => target = Some((Phase::Rally, pt + 1)),
            Some(a) => pending = Some(a),
            None => {}
        }
        // The walk begins with the first Player Turn's RPh.
        if phase == Phase::Setup && target.is_none() {
            target = Some((Phase::Rally, pt));
        }
        while let Some((to, min)) = target {
            if self.over() {
                break;
            }
            if self.state.phase == to && self.state.turn.number >= min {
                break;
            }
            self.leave_phase();
        }
        self.reveal_at_game_end();
        // A26: the game has ended: the step's narration and action are dropped.
        if self.over() {
            return true;
        }
        if step.opponent {
            // The program's own recorded order: its reason and its order, told as it tells
            // them (a step with no order says nothing).
            if let Some(order) = pending {
                self.play_step(step.say.unwrap_or_default(), order);
                self.reveal_at_game_end();
            }
            return true;
        }
        if let Some(text) = step.say {
            self.log_now(Said {
                event: "say".into(),
                unit: None,
                rule: None,
                dice: None,
                text,
            });
        }
        if let Some(order) = pending {
            self.note_scripted(&order);
            self.run_core(|state, setting, dice| crate::game::apply(state, setting, &order, dice));
            self.after_order(&order);
            self.reveal_at_game_end();
        }
        true
    }

    /// Advances to the next phase without a script step (Watch mode's "Next phase", a replay
    /// going on by phases alone): the same way a step that names that phase goes. False once
    /// the game has ended.
    pub fn advance_phase(&mut self) -> bool {
        if self.over() {
            return false;
        }
        self.snapshot();
        self.leave_phase();
        self.reveal_at_game_end();
        true
    }

    /// Leaves the phase the match stands in: the program plays its part of it (in a walk),
    /// then the phase ends by the rules (`end_rally_phase`, `end_rout_phase`,
    /// `end_player_turn`, logged in the phase left) and the next begins (`begin_phase`).
    fn leave_phase(&mut self) {
        self.at_phase_end();
        if self.over() {
            return;
        }
        self.close_phase();
        self.open_next_phase();
    }

    /// The phase the match stands in ends by the rules: A10.62 at the end of the RPh
    /// (`end_rally_phase`), A10.5 at the end of the RtPh (`end_rout_phase`), the Player
    /// Turn's end after the CCPh (`end_player_turn`: A26 may end the game); logged in it.
    pub fn close_phase(&mut self) {
        match self.state.phase {
            Phase::Rally => self.run_core(crate::game::end_rally_phase),
            Phase::Rout => self.run_core(crate::game::end_rout_phase),
            Phase::CloseCombat => self.run_core(crate::game::end_player_turn),
            _ => {}
        }
    }

    /// The next phase (A3) begins (`game::begin_phase`), logged in it. From the set-up, the
    /// first Player Turn's RPh.
    pub fn open_next_phase(&mut self) {
        self.state.phase = self.state.phase.next();
        self.run_core(crate::game::begin_phase);
    }

    /// Plays a side's orders given outside a script (`duel`'s players): `f` runs on the game
    /// with the dice, returning its result and what it said, which is logged.
    pub fn play_by<R>(
        &mut self,
        f: impl FnOnce(&mut GameState, &Setting, &mut Dice) -> (R, Vec<Said>),
    ) -> R {
        let mut out = None;
        self.run_core(|state, setting, dice| {
            let (r, said) = f(state, setting, dice);
            out = Some(r);
            said
        });
        out.expect("run_core runs its step")
    }

    /// Logs words said now (a player's reason for its order).
    pub fn say_now(&mut self, said: Vec<Said>) {
        for s in said {
            self.log_now(s);
        }
    }

    /// Runs `step` now as the next step, dropping the steps after it (undone ones: Play
    /// mode's orders). False when the game has ended.
    pub fn run_now(&mut self, step: Step) -> bool {
        let next = self.script.next;
        self.script.steps.truncate(next);
        self.script.steps.push(step);
        self.run_next()
    }

    /// Gives `order` now, as a step of its own (no phase, nothing said): the steps after it
    /// dropped. False when the game has ended.
    pub fn order(&mut self, order: Order) -> bool {
        self.run_now(Step {
            say: None,
            phase: None,
            act: Some(order),
            opponent: false,
        })
    }

    /// Ends the phase the match stands in, as a step to the next phase (its end and the next
    /// one's start by the rules). False when the game has ended.
    pub fn end_phase(&mut self) -> bool {
        let next = self.state.phase.next();
        self.run_now(Step {
            say: None,
            phase: Some(next),
            act: None,
            opponent: false,
        })
    }

    /// Play mode from here: the script's remaining steps are dropped, and the steps run from
    /// now on are the game's record.
    pub fn start_recording(&mut self) {
        let next = self.script.next;
        self.script.steps.truncate(next);
        self.recording = true;
    }

    /// The game so far as a scenario file that `asl-pto walk` replays to the same events.
    pub fn export(&self) -> Result<String, crate::scenario::ScenarioError> {
        self.board
            .scenario
            .with_script(self.script.played(), self.dice.seed())
    }

    /// Watch mode's "Next phase", one move at a time: the next script step if it belongs to
    /// this phase (no phase of its own, or this one) or takes the walk exactly to the next
    /// phase; else the next phase itself (`Watched::Phase`).
    pub fn watch_phase(&mut self) -> Watched {
        let (phase, pt) = (self.state.phase, self.state.turn.number);
        let after = target_of(phase, pt, phase.next());
        if let Some(step) = self.script.steps.get(self.script.next).cloned() {
            let target = match (&step.act, step.phase) {
                (Some(Order::NextPlayerTurn), _) => Some((Phase::Rally, pt + 1)),
                (_, Some(p)) => Some(target_of(phase, pt, p)),
                (_, None) => None,
            };
            match target {
                None => {
                    self.run_next();
                    return Watched::Step { done: false };
                }
                Some(t) if t == (phase, pt) => {
                    self.run_next();
                    return Watched::Step { done: false };
                }
                Some(t) if t == after && phase != Phase::Setup => {
                    self.run_next();
                    return Watched::Step { done: true };
                }
                _ => {}
            }
        }
        self.advance_phase();
        Watched::Phase
    }
}

/// What Watch mode's "Next phase" did (`Match::watch_phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watched {
    /// Ran the script's next step; `done`: the phase has moved on.
    Step { done: bool },
    /// Moved on to the next phase by itself (no script step).
    Phase,
}

/// A12: `said` as the person is told it against the program `p` (`veiled`), what it hid kept
/// in `p.secret` for the game's end.
/// An event about a unit of the program's that is hidden now (a Cave Complex's DM removal, G11.77,
/// named jp1 to the player in a veteran's trial) is not told at all (`None`), kept likewise.
pub(super) fn veil(st: &GameState, board: &Board, p: &mut Program, said: Said) -> Option<Said> {
    let Some(side) = p.secrets_kept() else {
        return Some(said);
    };
    let hidden = said.unit.as_ref().is_some_and(|id| {
        st.units
            .iter()
            .any(|u| &u.unit.id == id && u.unit.side() == side && u.hidden)
    });
    // A7.8 / A10.2: a pin by a MC passed at its Morale Level, or a LLTC, keeps the "?" (only
    // a failed MC or PTC takes it, A12.14): told, it would say a unit that Pins is there (not a
    // Japanese SMC, G1.4) and near what Morale Level; it stays the program's.
    let veiled_pin = matches!(said.event.as_str(), "pinned" | "lltc")
        && said.unit.as_ref().is_some_and(|id| {
            st.units
                .iter()
                .any(|u| &u.unit.id == id && u.unit.side() == side && (u.concealed || u.cloaked))
        });
    if hidden || veiled_pin {
        p.secret.push(said);
        return None;
    }
    match veiled(st, board, side, &said) {
        Some(v) => {
            p.secret.push(said);
            Some(v)
        }
        None => Some(said),
    }
}

/// A12 / E1.4: against a person with the fog of war, an event about a unit of the program's
/// side (`fog`) that is still concealed or Cloaked after it (a check it passed under its "?")
/// names no unit: it is told of a "?" in its Location, with its rule, its dice and its outcome
/// only (the unit's identity, Morale Level and leader stay unknown). `None`: told as it is.
fn veiled(st: &GameState, board: &Board, fog: crate::model::Side, said: &Said) -> Option<Said> {
    let id = said.unit.as_ref()?;
    let u = st.units.iter().find(|v| {
        &v.unit.id == id && v.unit.side() == fog && (v.concealed || v.cloaked) && !v.hidden
    })?;
    // A PTC under "?" was passed (a failed one takes the "?" away, A12.14), whoever took it:
    // told as "passed" under the PTC's own rule, the same for a squad and for a Japanese
    // leader, who rolls it for his "?" alone (G1.4: its rule and words told him apart).
    let ptc = said.event == "ptc";
    // A SMC's wound (G1.4, A17.11) says a leader or a Hero is under the "?": told only that
    // something befell the "?".
    if said.event == "smc" {
        return Some(Said {
            event: "veiled".into(),
            unit: None,
            rule: None,
            dice: None,
            text: format!("a \"?\" in {}", u.at.display(&board.scenario.map)),
        });
    }
    let outcome = if ptc {
        Some("passed".to_string())
    } else {
        veiled_outcome(st, &said.text)
    };
    let at = u.at.display(&board.scenario.map);
    Some(Said {
        event: said.event.clone(),
        unit: None,
        rule: if ptc {
            Some("A7.8".to_string())
        } else {
            said.rule.clone()
        },
        dice: said.dice.clone(),
        text: match outcome {
            Some(o) => format!("a \"?\" in {at}: {o}"),
            None => format!("a \"?\" in {at}"),
        },
    })
}

/// A12: what an event about a unit under "?" may tell of its outcome: the text's last clause
/// ("passed"; of a long one its own last part, "it gains \"?\"", E1.32), a move's MF without
/// the allotment that tells a squad from a leader or a Hero ("3 MF, 3 MF spent", not "3 of
/// 6"), an exemption without its reason (the class or kind that exempts it); nothing where
/// it names a unit, a counter's factors or a kind of unit.
fn veiled_outcome(st: &GameState, text: &str) -> Option<String> {
    let t = text.rsplit(": ").next()?.rsplit("; ").next()?;
    let t = if t.contains("exempt") {
        "exempt".to_string()
    } else if let (Some((mf, _)), true) = (t.split_once(" of "), t.ends_with(" spent")) {
        format!("{mf} MF spent")
    } else {
        t.to_string()
    };
    let factors = t
        .as_bytes()
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit());
    let kind = ["leader", "Hero", "SMC", "HS", "squad", "Morale"]
        .iter()
        .any(|k| t.contains(k));
    let named = st.units.iter().any(|v| t.contains(v.unit.id.as_str()));
    (t.len() <= 40 && !factors && !kind && !named).then_some(t)
}
