//! Saving and loading a match (RON, `save::Save`), and the snapshots behind Undo and Watch
//! mode's Back (issue 15). A save is the game state with the script position, the dice (seed
//! and stream position), the steps played (Play mode) and the program's side; loading it into
//! a fresh match of the same scenario and going on gives the same events as never having saved.
//! A save names the fingerprint of its scenario file and is checked against it before anything
//! of it is used (`check`). Before each step (and each phase Watch mode moves on by itself) a
//! snapshot is taken where Undo is wanted: "Back"/Undo restores the last one, the undone step
//! kept in the list, so "Next step"/Redo runs it again with the same rolls.

use super::program::Program;
use super::runner::{Match, Snapshot};
use super::save::{SAVE_FORMAT, Save, SaveError, events_digest};
use crate::game::Dice;
use crate::scenario::{Scenario, Step};

/// A Play-mode save's steps played, read as a script of `s` (checked as strictly); `None` for
/// a watched walk's save.
pub fn played_steps(s: &Scenario, save: &Save) -> Result<Option<Vec<Step>>, SaveError> {
    let Some(specs) = &save.played else {
        return Ok(None);
    };
    let text = s
        .with_script_specs(specs.clone(), save.seed)
        .map_err(|e| SaveError::Bad(e.to_string()))?;
    let replay = Scenario::from_str(&text, &s.file)
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

impl Match {
    /// A save of the match (between steps), with the digest of its event log.
    pub fn save(&self) -> Result<Save, SaveError> {
        self.take(true)
    }

    /// A save for an Undo snapshot: the log's digest is left out (the snapshot keeps the log's
    /// length, and hashing the whole log before every step would grow with the game).
    pub fn snapshot_save(&self) -> Result<Save, SaveError> {
        self.take(false)
    }

    fn take(&self, with_events: bool) -> Result<Save, SaveError> {
        let scenario = &self.board.scenario;
        let map = &scenario.map;
        let played = self
            .recording
            .then(|| {
                self.script
                    .played()
                    .iter()
                    .map(|s| s.spec(map))
                    .collect::<Result<Vec<_>, String>>()
            })
            .transpose()
            .map_err(SaveError::Syntax)?;
        let save = Save {
            format: SAVE_FORMAT,
            scenario: scenario.fingerprint.clone(),
            title: scenario.title.clone(),
            seed: self.dice.seed(),
            next_step: self.script.next,
            state: self.state.clone(),
            dice_position: self.dice.position().to_string(),
            rolls: self.dice.rolls.clone(),
            played,
            events: with_events.then(|| events_digest(&self.log)),
            // What the program remembers of a phase that is over is left out (the next phase
            // starts it afresh): a save holds no more than its replay rebuilds.
            opponent: self.program.as_ref().map(|p| {
                let mut o = p.saved();
                let now = (self.state.turn.number, self.state.phase);
                o.memory = o.memory.as_of(&self.state);
                o.done = o.done.filter(|d| *d == now);
                o.scripted = o.scripted.filter(|d| *d == now);
                o
            }),
            seal: None,
        };
        // A save for a file is sealed (`save::seal_of`); an Undo snapshot is not written.
        Ok(if with_events {
            super::save::sealed(save, &self.board.scenario.map)
        } else {
            save
        })
    }

    /// Loads a save of this match's scenario: checked first (`check`), so a bad save changes
    /// nothing; then the state, the dice, the script position (and a Play-mode save's steps)
    /// and the program's side are as the save holds them. No phase's own steps run.
    pub fn load(&mut self, save: &Save) -> Result<(), SaveError> {
        // A sealed save's refusal says no more than that: its reasons would quote what the
        // seal keeps from the player (a hidden unit's cave, a "?"'s counter).
        let secret = super::save::keeps_secrets(save);
        self.load_checked(save).map_err(|e| match e {
            SaveError::Bad(_) | SaveError::Syntax(_) if secret => {
                SaveError::Syntax(super::save::DAMAGED.into())
            }
            e => e,
        })
    }

    fn load_checked(&mut self, save: &Save) -> Result<(), SaveError> {
        let s = self.board.scenario.clone();
        super::check::check(save, &s).map_err(|o| {
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
        let steps = played_steps(&s, save)?;
        let program = save
            .opponent
            .as_ref()
            .map(|o| {
                Program::from_saved(o, save.seed).ok_or_else(|| {
                    SaveError::Bad(format!(
                        "a bad dice position '{}' for the opponent",
                        o.memory.dice_position
                    ))
                })
            })
            .transpose()?;
        self.state = save.state.clone().sorted();
        self.normalize();
        self.dice = Dice::restore(save.seed, position, save.rolls.clone());
        // The program's side as it was (while a save's steps are replayed, it still only
        // replays).
        if let Some(mut p) = program {
            if let Some(now) = &self.program {
                p.decides = now.decides;
            }
            self.program = Some(p);
        }
        self.script.next = save.next_step;
        self.script.current = save.next_step;
        if let Some(steps) = steps {
            self.script.steps = steps;
            self.recording = true;
        }
        Ok(())
    }

    /// Takes a snapshot before a step starts (nothing where no history is kept).
    pub(super) fn snapshot(&mut self) {
        if self.history.is_none() {
            return;
        }
        let Ok(save) = self.snapshot_save() else {
            return;
        };
        let log_len = self.log.len();
        if let Some(h) = self.history.as_mut() {
            h.push(Snapshot {
                save: Box::new(save),
                log_len,
            });
        }
    }

    /// Back one step: the last snapshot restored (the step stays in the list, so running the
    /// next step redoes it with the same dice). `Ok(false)` when there is nothing to undo.
    /// Against the program, back to before the player's last step (its own steps after it are
    /// undone with it; it decides again as the game goes on).
    pub fn undo(&mut self) -> Result<bool, SaveError> {
        if self.undo_refused().is_some() {
            return Ok(false);
        }
        if !self.undo_one()? {
            return Ok(false);
        }
        let against = self.program.as_ref().is_some_and(|p| p.decides);
        while against
            && self
                .script
                .steps
                .get(self.script.next)
                .is_some_and(|s| s.opponent)
        {
            if !self.undo_one()? {
                break;
            }
        }
        Ok(true)
    }

    /// Against the program (issue 38), why Undo is refused now, if it is: it goes back only to
    /// before the last thing that rolled dice or told the player something (a roll, a reveal,
    /// a Search, a loss of Cloaking, an order of the program's): what the dice or the enemy
    /// revealed cannot be taken back. Hot-seat play (no program deciding) keeps full Undo.
    pub fn undo_refused(&self) -> Option<String> {
        if !self.program.as_ref().is_some_and(|p| p.decides) {
            return None;
        }
        let history = self.history.as_ref()?;
        // The snapshot Undo would go back to: before the player's last step, with the
        // program's steps after it.
        let mut k = history.len().checked_sub(1)?;
        while k > 0
            && self
                .script
                .steps
                .get(history[k].save.next_step)
                .is_some_and(|s| s.opponent)
        {
            k -= 1;
        }
        let back = &history[k].save;
        let refused = |what: &str| {
            Some(format!(
                "against the program, Undo goes back only to before the last roll of the dice or \
                 what the enemy revealed: {what} cannot be taken back"
            ))
        };
        // An order of the program's in between (told, or kept secret under the fog).
        let ran = self
            .script
            .steps
            .get(back.next_step..self.script.next)
            .unwrap_or(&[]);
        if ran.iter().any(|s| s.opponent) {
            return refused("the program's order");
        }
        // Anything revealed since, whatever the event says: a hidden cave, an enemy unit's
        // HIP, "?" or Cloaking.
        let veiled = |st: &crate::state::GameState| {
            let mut v: Vec<(String, bool, bool, bool)> = st
                .units
                .iter()
                .filter(|u| Some(u.unit.side()) != self.screen_side())
                .map(|u| (u.unit.id.clone(), u.hidden, u.concealed, u.cloaked))
                .collect();
            v.sort();
            (st.hidden_caves.clone(), v)
        };
        if veiled(&back.state) != veiled(&self.state) {
            return refused("what was revealed");
        }
        let since = self.log.get(history[k].log_len..).unwrap_or(&[]);
        let told = since.iter().rev().find(|e| {
            e.dice.is_some()
                || e.event == "opponent"
                || e.event == "hidden"
                || e.event.contains("reveal")
                || e.event.contains("cloak")
                || e.event == "search"
                || e.event == "ambush"
        })?;
        refused(&format!("\"{}\"", crate::words::clip(&told.text, 90)))
    }

    fn undo_one(&mut self) -> Result<bool, SaveError> {
        let Some(snap) = self.history.as_mut().and_then(Vec::pop) else {
            return Ok(false);
        };
        // The list of steps stays as it is (a save of Play mode would cut it at the
        // snapshot): the undone step is still next, for Redo.
        let steps = self.script.steps.clone();
        self.load(&snap.save)?;
        self.script.steps = steps;
        self.log.truncate(snap.log_len);
        self.marks.retain(|m| m.log_at < snap.log_len);
        Ok(true)
    }
}
