//! The match's side of the program (`Program`): how the match asks it and plays its orders —
//! in a walk as a phase is left (`at_phase_end`) and after each scripted move (`after_order`,
//! its Defensive First Fire), in Play mode when the front end asks (`program_turn`), its
//! recorded steps replayed (`play_step`), its fog kept (`tell`) and lifted at the game's end
//! (`reveal_at_game_end`).

use super::program::{Asked, Program, ProgramTurn};
use super::runner::Match;
use crate::game::Said;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::opponent::{Choice, Moment};
use crate::rules::orders::Order;
use crate::scenario::Step;
use crate::state::GameState;

impl Match {
    /// Play mode with the program as a side, deciding (not a replay of a save's steps).
    fn program_decides(&self) -> bool {
        self.recording && self.program.as_ref().is_some_and(|p| p.decides) && !self.over()
    }

    /// The Player Turn and phase now, if the program's side acts in it (A3) and has not yet
    /// played its part, with whether the phase is its side's alone (else both sides act: RPh,
    /// RtPh).
    pub fn its_part(&self) -> Option<((u32, Phase), bool)> {
        let op = self.program.as_ref()?;
        let phase = self.state.phase;
        let pt = &self.state.turn;
        let now = (pt.number, phase);
        let theirs = phase != Phase::Setup && phase.acts(op.side(), pt.attacker);
        (theirs && op.done != Some(now)).then(|| (now, !phase.acts(op.player(), pt.attacker)))
    }

    /// Play mode: the program has something to do before the player's next End phase (or the
    /// next step of a path) may run: a First Fire to consider, or its part of the phase.
    pub fn program_holds(&self) -> bool {
        if !self.program_decides() {
            return false;
        }
        let ff = self
            .program
            .as_ref()
            .is_some_and(|p| p.first_fire_at.is_some());
        ff || self.its_part().is_some()
    }

    /// Play mode: what the program does now, when nothing runs, the player having asked for
    /// `asked` (the front of the front end's queue): 1. First Fire at the Location the
    /// player's unit just entered (A8), right away; 2. after its own move, the player may First
    /// Fire at its unit (`awaiting`): End phase then means "go on"; 3. in a phase only it acts
    /// in, its next order after the front end's pause (`pace`, asked only here: true when the
    /// pause is over), and when it has none, the phase's end (a step of its own); in a phase
    /// both sides act in (RPh, RtPh), the same once the player has asked for the phase's end.
    pub fn program_turn(&mut self, asked: Asked, pace: impl FnOnce() -> bool) -> ProgramTurn {
        if !self.program_decides() {
            return ProgramTurn::Idle;
        }
        // 1. Defensive First Fire at the player's moving unit.
        let ff = self.program.as_ref().and_then(|p| p.first_fire_at.clone());
        if let Some(at) = ff {
            return match self.program_decide(Moment::FirstFireAt(at)) {
                Some(c) => ProgramTurn::Run {
                    step: self.program_record(c),
                    spent: false,
                },
                None => {
                    if let Some(p) = self.program.as_mut() {
                        p.first_fire_at = None;
                    }
                    ProgramTurn::Idle
                }
            };
        }
        // 2. Its unit moved: the player may First Fire at it. End phase means "go on" (and is
        // spent); a way to a later phase goes on too (and stays asked).
        if self.program.as_ref().is_some_and(|p| p.awaiting.is_some()) {
            match asked {
                Asked::EndPhase => {
                    if let Some(p) = self.program.as_mut() {
                        p.awaiting = None;
                    }
                    return ProgramTurn::Spent;
                }
                Asked::ToPhase(_) => {}
                Asked::Nothing => {
                    if let Some(p) = self.program.as_mut() {
                        p.pending = false;
                    }
                    return ProgramTurn::Idle;
                }
            }
            if let Some(p) = self.program.as_mut() {
                p.awaiting = None;
            }
        }
        // 3. Its phase.
        let Some((now, only)) = self.its_part() else {
            if let Some(p) = self.program.as_mut() {
                p.pending = false;
            }
            return ProgramTurn::Idle;
        };
        if !only && asked == Asked::Nothing {
            return ProgramTurn::Idle;
        }
        if let Some(p) = self.program.as_mut() {
            p.pending = true;
        }
        if !pace() {
            return ProgramTurn::Due;
        }
        match self.program_decide(Moment::Phase) {
            Some(c) => ProgramTurn::Run {
                step: self.program_record(c),
                spent: false,
            },
            None => {
                if let Some(mut p) = self.program.take() {
                    // Why it gave none, for the status (its best declined shot).
                    p.opponent
                        .explain_pass(&self.state, &self.setting(), &Moment::Phase);
                    p.done = Some(now);
                    p.pending = false;
                    self.program = Some(p);
                }
                if !only {
                    return ProgramTurn::Idle;
                }
                // Its phase ends by its own step; the player's End phase, if asked, meant "go
                // on" and is spent, and a way to this very phase has arrived.
                let phase = now.1;
                let spent = asked == Asked::EndPhase || asked == Asked::ToPhase(phase);
                ProgramTurn::Run {
                    step: Step {
                        phase: Some(phase.next()),
                        opponent: true,
                        ..Step::default()
                    },
                    spent,
                }
            }
        }
    }

    /// The program's next order at `moment`, decided on the game as it stands.
    fn program_decide(&mut self, moment: Moment) -> Option<Choice> {
        let mut p = self.program.take()?;
        let c = p.opponent.decide(&self.state, &self.setting(), &moment);
        self.program = Some(p);
        c
    }

    /// Its choice `c` as a step of the game (recorded like the player's, `Step::opponent`), its
    /// reason as the step's narration.
    fn program_record(&mut self, c: Choice) -> Step {
        let setting = self.setting();
        let Some(p) = self.program.as_ref() else {
            return Step::default();
        };
        let text = p.opponent.say(&c, &setting).remove(0).text;
        if let Some(p) = self.program.as_mut() {
            p.just_decided = Some(c.order.clone());
        }
        Step {
            say: Some(text),
            act: Some(c.order),
            opponent: true,
            ..Step::default()
        }
    }

    /// The Location of the program's unit `unit`, if the player may First Fire at it there
    /// now (A8: it is seen, not hidden, and some unit of the player's has a Fire the rules allow
    /// at it).
    fn player_may_fire_at(&self, player: Side, unit: &str) -> Option<Location> {
        let at = self
            .state
            .units
            .iter()
            .find(|u| u.unit.id == unit && !u.hidden)?
            .at
            .clone();
        self.player_fire_open(player, &at).then_some(at)
    }

    /// Whether a unit of `player` may Fire at `at` now (the Fire ruling allows it): while the
    /// program waits on the player's First Fire (`awaiting`), whether any is left to give (A8.1:
    /// each unit fires once at each expenditure of MF).
    pub fn player_fire_open(&self, player: Side, at: &Location) -> bool {
        let st = &self.state;
        let setting = self.setting();
        let s = st.situation(&setting);
        st.units
            .iter()
            .filter(|u| u.unit.side() == player)
            .any(|u| {
                crate::rules::orders::legal_orders(&s, &u.unit.id, None)
                    .iter()
                    .any(|(o, ok)| ok.is_ok() && matches!(o, Order::Fire { at: t, .. } if t == at))
            })
    }

    /// A26: the game over, the program's secrets are told, in the order they happened.
    pub(super) fn reveal_at_game_end(&mut self) {
        let due = self.secrets_kept().is_some();
        if !due || !self.over() {
            return;
        }
        let Some(p) = self.program.as_mut() else {
            return;
        };
        let secret = std::mem::take(&mut p.secret);
        p.revealed = true;
        self.log_now(Said {
            event: "say".into(),
            unit: None,
            rule: Some("A26".into()),
            dice: None,
            text: if secret.is_empty() {
                "The game is over: the opponent's hidden units did nothing that was not told".into()
            } else {
                format!(
                    "The game is over: what the opponent's hidden units did, untold until now ({} \
                     events):",
                    secret.len()
                )
            },
        });
        for s in secret {
            self.log_now(s);
        }
    }

    /// The script's order `order` is about to be played: if a unit of the program's side gives
    /// it, the program leaves this phase to the script.
    pub(super) fn note_scripted(&mut self, order: &Order) {
        let Some(side) = self.program.as_ref().map(Program::side) else {
            return;
        };
        let by_it = order
            .unit()
            .and_then(|u| self.state.units.iter().find(|x| x.unit.id == u.as_ref()))
            .is_some_and(|x| x.unit.side() == side);
        if by_it {
            let now = (self.state.turn.number, self.state.phase);
            if let Some(p) = self.program.as_mut() {
                p.scripted = Some(now);
            }
        }
    }

    /// The match is about to leave the current phase: in a walk, the program plays its side's
    /// part in it, once, where its side acts and the script gave it no order.
    pub(super) fn at_phase_end(&mut self) {
        let Some(p) = self.program.as_ref() else {
            return;
        };
        if self.recording {
            // Play mode: its orders are steps of their own (`program_turn`).
            return;
        }
        let side = p.side();
        let (scripted, done) = (p.scripted, p.done);
        let phase = self.state.phase;
        let pt = self.state.turn.clone();
        let now = (pt.number, phase);
        if done == Some(now) || scripted == Some(now) || !phase.acts(side, pt.attacker) {
            return;
        }
        if let Some(p) = self.program.as_mut() {
            p.done = Some(now);
        }
        self.program_play(Moment::Phase);
    }

    /// After the other side's order `order` in its MPh: if it spent MF (`Order::draws_first_fire`:
    /// a move, a DC's Placement or Set, grenades, a Search; A8.1, A23.3), the program, the
    /// DEFENDER, may First Fire at the unit, in the Location it is in.
    pub(super) fn after_order(&mut self, order: &Order) {
        let Some(side) = self.program.as_ref().map(Program::side) else {
            return;
        };
        let st = &self.state;
        if st.phase != Phase::Movement || st.turn.attacker == side || !order.draws_first_fire() {
            return;
        }
        let Some(at) = order
            .unit()
            .and_then(|u| st.units.iter().find(|x| x.unit.id == u.as_ref()))
            .map(|x| x.at.clone())
        else {
            return;
        };
        if self.recording {
            // Play mode: considered as a step of its own, before anything else runs.
            if let Some(p) = self.program.as_mut()
                && p.decides
            {
                p.first_fire_at = Some(at);
            }
            return;
        }
        self.program_play(Moment::FirstFireAt(at));
    }

    /// A step of the program's recorded in the game (`Step::opponent`), run again (a save's
    /// steps replayed, Redo) or run as `program_turn` made it: its reason `text` said as the
    /// event `opponent`, then its order played, told as `program_play` tells it.
    pub(super) fn play_step(&mut self, text: String, order: Order) {
        let said = Said {
            event: "opponent".into(),
            unit: order.unit().map(|u| u.to_string()),
            rule: None,
            dice: None,
            text,
        };
        let Some(mut p) = self.program.take() else {
            self.run_core(|state, setting, dice| {
                let mut out = vec![said];
                out.extend(crate::game::apply(state, setting, &order, dice));
                out
            });
            return;
        };
        // Decided just now, its memory holds it; a recorded step run again is remembered now.
        if p.just_decided.take().as_ref() != Some(&order) {
            p.opponent.note_replayed(&self.state, &order);
        }
        // It goes on: whatever the player could First Fire at is past.
        p.awaiting = None;
        let (turn, phase) = (self.state.turn.clone(), self.state.phase);
        let starts = super::program_mark::starts(&self.state, &order);
        let log_at = self.log.len();
        let mut out = vec![said];
        {
            let setting = self.board.scenario.setting(&self.board.caves);
            out.extend(crate::game::apply(
                &mut self.state,
                &setting,
                &order,
                &mut self.dice,
            ));
        }
        let told = self.tell(&mut p, &turn, phase, out);
        if self.recording && told {
            self.mark(&order, &starts, turn.number, phase, log_at);
        }
        self.normalize();
        // Its unit moved in its MPh: the player may First Fire at it before it goes on (A8).
        // Kept the same way when its steps are replayed, so that every snapshot holds it.
        let moved = (self.state.phase == Phase::Movement && order.draws_first_fire())
            .then(|| order.unit().map(|u| u.to_string()))
            .flatten();
        if let Some(unit) = moved
            && self.recording
            && let Some(at) = self.player_may_fire_at(p.player(), &unit)
        {
            // A concealed unit is a "?" to the player (A12).
            let masked = self
                .state
                .units
                .iter()
                .any(|u| u.unit.id == unit && (u.concealed || u.cloaked));
            let shown = if masked { "a \"?\"".to_string() } else { unit };
            p.awaiting = Some((shown, at));
        }
        self.program = Some(p);
    }

    /// What one order of the program's said, logged in `turn` and `phase`: against a person
    /// (`fog`), if it names a unit of its that is hidden now, only "a hidden unit moved" (A12,
    /// G11.75), the rest kept for the end. Whether it was told openly.
    fn tell(
        &mut self,
        p: &mut Program,
        turn: &crate::state::PlayerTurn,
        phase: Phase,
        said: Vec<Said>,
    ) -> bool {
        if p.fog && names_hidden_unit(&self.state, p.side(), &said) {
            self.log_said(
                turn,
                phase,
                Said {
                    event: "hidden".into(),
                    unit: None,
                    rule: Some("A12".into()),
                    dice: None,
                    // A rally or a fire of a hidden unit is no move (a veteran's trial
                    // read "a hidden unit moved" in the RPh).
                    text: if matches!(phase, Phase::Movement | Phase::Advance) {
                        "a hidden unit moved".into()
                    } else {
                        "a hidden unit acted".into()
                    },
                },
            );
            p.secret.extend(said);
            return false;
        }
        for x in said {
            // A12: a "?" of its side is told as a "?" (in full at the game's end).
            if let Some(x) = super::runner::veil(&self.state, &self.board, p, x) {
                self.log_said(turn, phase, x);
            }
        }
        true
    }

    /// The program's orders at `moment`, played and logged (with the fog of war, what a unit of
    /// its that stays hidden did is told only as "a hidden unit moved").
    fn program_play(&mut self, moment: Moment) {
        let Some(mut p) = self.program.take() else {
            return;
        };
        let (turn, phase) = (self.state.turn.clone(), self.state.phase);
        let played = {
            let setting = self.board.scenario.setting(&self.board.caves);
            p.opponent
                .play(&mut self.state, &setting, &mut self.dice, &moment)
        };
        if p.fog {
            for (_, said) in played {
                let _ = self.tell(&mut p, &turn, phase, said);
            }
        } else {
            for (_, said) in played {
                for s in said {
                    self.log_said(&turn, phase, s);
                }
            }
        }
        self.normalize();
        self.program = Some(p);
    }

    /// A step is about to start while a save's steps are replayed: where it is the player's step
    /// leaving a phase both sides act in (RPh, RtPh), the program had played its part of that
    /// phase before it (it plays when the player ends the phase), as the game remembered then
    /// (`done`), so that every Undo snapshot of a loaded game holds it.
    pub(super) fn before_step(&mut self, step: &Step) {
        let Some(p) = self.program.as_ref() else {
            return;
        };
        if p.decides
            || !self.recording
            || step.opponent
            || step.act.is_some()
            || step.phase.is_none()
        {
            return;
        }
        let phase = self.state.phase;
        let pt = self.state.turn.clone();
        let side = p.side();
        if phase != Phase::Setup
            && phase.acts(side, pt.attacker)
            && phase.acts(side.opponent(), pt.attacker)
            && let Some(p) = self.program.as_mut()
        {
            p.done = Some((pt.number, phase));
        }
    }
}

/// Whether what an order said names a unit of `side`'s that is hidden now.
fn names_hidden_unit(st: &GameState, side: Side, said: &[Said]) -> bool {
    said.iter().any(|x| {
        x.unit.as_ref().is_some_and(|u| {
            st.units
                .iter()
                .any(|v| &v.unit.id == u && v.unit.side() == side && v.hidden)
        })
    })
}
