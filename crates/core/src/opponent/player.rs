//! The one trait every kind of opponent implements (`Player`), and what a kind reads as what
//! its side plays for (`Posture`). The seat (`Opponent`) keeps what is the same for every
//! kind — its side, its own dice, its memory of the phase (orders refused, given, tried), the
//! hexes Searched — and asks its kind for the candidates and the pick; a new kind is one file
//! implementing `Player` and one line in `Kind`.

use rand_chacha::ChaCha8Rng;

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::situation::Situation;
use crate::rules::victory::VictoryCondition;
use crate::state::{SidePlan, Stance};

use super::choice::{Choice, Kind, Moment};
use super::plays_for;

/// A kind of opponent: how it finds and weighs the orders of its side, and which it gives.
pub trait Player: std::fmt::Debug + Send + Sync {
    /// Its kind (its name, in a save and on the command line).
    fn kind(&self) -> Kind;

    /// Every candidate of `side` now, on what its side knows (`s` is the side's view,
    /// `view::known_state`), scored; a score above zero is worth doing. `searched`: the hexes
    /// the side has Searched this game.
    fn candidates(
        &self,
        s: &Situation,
        posture: &Posture,
        side: Side,
        moment: &Moment,
        searched: &[Hex],
    ) -> Vec<Choice>;

    /// Whether it picks among the candidates the real game allows only (judged before the
    /// pick, so that its draw does not hang on what it tried before); else each pick is judged
    /// in turn and a refused one remembered.
    fn draws_among_allowed(&self) -> bool {
        false
    }

    /// The candidate to try next, taken out of `cands`, or `None` to pass; `rng`: its own
    /// dice (apart from the game's).
    fn pick(&self, cands: &mut Vec<Choice>, rng: &mut ChaCha8Rng) -> Option<Choice>;

    /// Issue 37 ("the best option it declined and why"): where it gives no order now (no
    /// candidate above zero), the best it weighed and declined among those `tell` allows (the
    /// other side may be told of them), its reason the odds in words; `None` where it has
    /// nothing to say (the default).
    fn declined(
        &self,
        _s: &Situation,
        _posture: &Posture,
        _side: Side,
        _moment: &Moment,
        _tell: &dyn Fn(&Choice) -> bool,
    ) -> Option<Choice> {
        None
    }

    /// A copy of it (a match is cloned for Undo and replays).
    fn clone_box(&self) -> Box<dyn Player>;
}

impl Clone for Box<dyn Player> {
    fn clone(&self) -> Box<dyn Player> {
        self.clone_box()
    }
}

/// What a side plays for, as a kind reads it: the scenario's plan for the side where it has
/// one (`state::SidePlan`), else its victory conditions.
#[derive(Clone, Copy, Debug)]
pub struct Posture<'a> {
    pub victory: &'a [VictoryCondition],
    pub plan: Option<&'a SidePlan>,
    /// The scenario's Game Turns, if it ends (A26).
    pub turns: Option<u32>,
}

impl<'a> Posture<'a> {
    /// What `side` plays for in the scenario of `setting`: its plan, its victory conditions,
    /// its Game Turns.
    pub fn of(setting: &'a crate::state::Setting, side: Side) -> Posture<'a> {
        Posture {
            victory: setting.victory,
            plan: setting.plan(side),
            turns: setting.turns,
        }
    }

    /// Whether `side` plays to win by conditions of its own (its plan's stance, else
    /// `plays_for::attacks` on the victory conditions).
    pub fn attacks(&self, side: Side) -> bool {
        match self.plan.and_then(|p| p.stance) {
            Some(Stance::Attack) => true,
            Some(Stance::Hold) => false,
            None => plays_for::attacks(self.victory, side),
        }
    }

    /// The hexes `side` plays for: its plan's objectives (a cave by its Entrance Hex), else
    /// `plays_for::objectives` on the victory conditions.
    pub fn objectives(&self, s: &Situation, side: Side) -> Vec<Hex> {
        let planned = self.plan.map_or(&[][..], |p| p.objectives.as_slice());
        if planned.is_empty() {
            return plays_for::objectives(s, self.victory, side);
        }
        let mut v: Vec<Hex> = planned
            .iter()
            .filter_map(|l| match l {
                Location::Cave(id) => plays_for::known_entrance(s, side, id),
                other => s.hex_of(other),
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }
}
