//! The seat (`Opponent`): one side played by the program, the same for every kind. It keeps
//! the side, its own dice, what it remembers of the phase (orders refused, given, tried) and of
//! the game (the hexes Searched), and a save's `Memory` of it; at each decision it builds its
//! side's view (`view::known_state`), asks its kind (`Player`) for the candidates and the pick,
//! and judges the pick on the real game before it is given.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::{Dice, Said, apply};
use crate::model::Side;
use crate::rules::orders::{Order, judge};
use crate::state::{GameState, Setting};

use super::choice::{Choice, Kind, Moment};
use super::player::{Player, Posture};
use super::view;

/// The most orders one side gives in one phase (a bound, never reached by the doctrine).
pub const MAX_ORDERS_PER_PHASE: usize = 60;

/// One side played by the program.
#[derive(Clone, Debug)]
pub struct Opponent {
    pub side: Side,
    pub kind: Kind,
    /// How it finds, weighs and picks its orders (its kind's `Player`).
    player: Box<dyn Player>,
    rng: ChaCha8Rng,
    /// Orders the real game refused this phase (the view did not show why), and orders given.
    refused: Vec<Order>,
    given: usize,
    /// The Player Turn and phase the memory above is about.
    at: (u32, crate::model::Phase),
    /// Decisions made so far (each `decide` that returned an order).
    pub decisions: u64,
    /// The hexes its side has Searched this game (G11.33: once is enough).
    searched: Vec<crate::hex::Hex>,
    /// Its units that placed SMOKE or WP grenades or tried a Starshell this phase: one attempt
    /// each (the rules do not count grenades; a Starshell's Usage dr they count a Player Turn,
    /// E1.921: the doctrine does not try again).
    tried: Vec<String>,
    /// The Locations its units have moved into this phase: a unit does not walk back into one
    /// (MF spent going back and forth take it nowhere; a veteran's trial saw a leader go G4,
    /// H3, I4 and back to H3 in one MPh as his goal changed).
    entered: Vec<(String, crate::los::Location)>,
    /// Why its last decision of each phase of this Player Turn and the one before gave no
    /// order, with that Player Turn and phase (`pass_reason`; `passed_in`): what Play mode's
    /// status says after "gave no order" (not in a save). One a phase: a First Fire passed in
    /// the MPh no longer takes away the RPh's why (a window trial saw it go).
    pub passed: Vec<((u32, crate::model::Phase), String)>,
}

/// The unit giving `order`, if the doctrine tries an order of its kind once a phase per unit:
/// grenades (A24.1) and a Starshell (E1.921: its Usage dr is made before it may fire one).
fn once_a_phase(order: &Order) -> Option<&str> {
    match order {
        Order::PlaceSmoke { unit, .. }
        | Order::PlaceWp { unit, .. }
        | Order::FireStarshell { unit, .. } => Some(unit.as_ref()),
        _ => None,
    }
}

/// What an opponent remembers between its decisions, as a save holds it: its side and kind,
/// where its own dice stand, how many orders it gave in which phase, and the hexes its side
/// has Searched. (The orders the real game refused it in the current phase are not kept: it
/// tries them again after a load and is refused again.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    pub side: Side,
    pub kind: Kind,
    /// The stream position of its own dice (a decimal number: RON has no 128-bit integers).
    pub dice_position: String,
    /// The Player Turn and phase its count of orders is about, and that count.
    pub at: (u32, crate::model::Phase),
    pub given: usize,
    pub decisions: u64,
    pub searched: Vec<crate::hex::Hex>,
    /// Its units that placed grenades or tried a Starshell in the phase `at`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<String>,
    /// The Locations its units moved into in the phase `at`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<(String, crate::los::Location)>,
}

impl Memory {
    /// The memory as of the game `state`: its memory of a phase that is over is the fresh one
    /// of the phase now (as its next decision would make it: `enter_phase`), so that what a
    /// save holds does not hang on when it was last asked, and a save's replay rebuilds it.
    pub fn as_of(mut self, state: &GameState) -> Memory {
        let now = (state.turn.number, state.phase);
        if self.at != now {
            self.at = now;
            self.given = 0;
            self.tried.clear();
            self.entered.clear();
        }
        self
    }
}

impl Opponent {
    /// What it remembers, for a save.
    pub fn memory(&self) -> Memory {
        Memory {
            side: self.side,
            kind: self.kind,
            dice_position: self.rng.get_word_pos().to_string(),
            at: self.at,
            given: self.given,
            decisions: self.decisions,
            searched: self.searched.clone(),
            tried: self.tried.clone(),
            entered: self.entered.clone(),
        }
    }

    /// The opponent a save remembers (`memory`), its dice seeded by `seed` as when it began;
    /// `None` for a dice position that is not a number.
    pub fn restore(m: &Memory, seed: u64) -> Option<Opponent> {
        let mut o = Opponent::new(m.side, m.kind, seed);
        o.rng.set_word_pos(m.dice_position.parse().ok()?);
        o.at = m.at;
        o.given = m.given;
        o.decisions = m.decisions;
        o.searched = m.searched.clone();
        o.tried = m.tried.clone();
        o.entered = m.entered.clone();
        Some(o)
    }

    /// Its order `order` was replayed from a record (a save's steps) rather than decided:
    /// remembered as if decided now (a Search is not made twice, G11.33).
    pub fn note_replayed(&mut self, state: &GameState, order: &Order) {
        self.enter_phase(state);
        self.remember(order);
        self.given += 1;
        self.decisions += 1;
    }

    /// Its memory of the phase (orders refused and given, once-a-phase attempts) starts afresh
    /// when the game is in another Player Turn or phase than it last was.
    fn enter_phase(&mut self, state: &GameState) {
        let now = (state.turn.number, state.phase);
        if now != self.at {
            self.at = now;
            self.refused.clear();
            self.given = 0;
            self.tried.clear();
            self.entered.clear();
        }
    }

    /// What an order it gives leaves in its memory: a Search made (G11.33), grenades placed or a
    /// Starshell tried (once a phase).
    fn remember(&mut self, order: &Order) {
        if let Order::Search { hex, .. } = order {
            self.searched.push(*hex);
        }
        if let Some(u) = once_a_phase(order) {
            self.tried.push(u.to_string());
        }
        if let Order::Move { unit, to } | Order::AssaultMove { unit, to } = order {
            self.entered.push((unit.to_string(), to.clone()));
        }
    }

    /// `side` played by `kind`, its random choices seeded by `seed`.
    pub fn new(side: Side, kind: Kind, seed: u64) -> Opponent {
        Opponent {
            side,
            kind,
            player: super::kinds::player_of(kind),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x0A5C_0991_0A5C_0991),
            refused: Vec::new(),
            given: 0,
            at: (0, crate::model::Phase::Setup),
            decisions: 0,
            searched: Vec::new(),
            tried: Vec::new(),
            entered: Vec::new(),
            passed: Vec::new(),
        }
    }

    /// The next order of its side now, on what its side knows (`view::known_state`), judged
    /// allowed on the real game; `None` when it has nothing (more) worth doing.
    pub fn decide(
        &mut self,
        state: &GameState,
        setting: &Setting,
        moment: &Moment,
    ) -> Option<Choice> {
        self.enter_phase(state);
        if self.given >= MAX_ORDERS_PER_PHASE || state.scoring.over {
            return None;
        }
        let view = view::known_state(state, setting, self.side);
        let seen = view.situation(setting);
        let posture = Posture::of(setting, self.side);
        let mut cands = self
            .player
            .candidates(&seen, &posture, self.side, moment, &self.searched);
        cands.retain(|c| !self.refused.contains(&c.order));
        cands.retain(|c| once_a_phase(&c.order).is_none_or(|u| !self.tried.iter().any(|x| x == u)));
        // A unit that has moved this phase does not walk back into a Location it entered.
        let moved = |id: &str| {
            state
                .units
                .iter()
                .any(|u| u.unit.id == id && u.unit.mf_spent > 0.0)
        };
        cands.retain(|c| match &c.order {
            Order::Move { unit, to } => {
                !moved(unit.as_ref())
                    || !self
                        .entered
                        .iter()
                        .any(|(u, l)| u == unit.as_ref() && l == to)
            }
            _ => true,
        });
        let real = state.situation(setting);
        if self.player.draws_among_allowed() {
            cands.retain(|c| judge(&real, &c.order).is_ok());
        }
        let had = !cands.is_empty();
        loop {
            let Some(pick) = self.player.pick(&mut cands, &mut self.rng) else {
                let why = if had {
                    "it chose to pass".to_string()
                } else {
                    pass_reason(state.phase, None)
                };
                self.pass(self.at, why);
                return None;
            };
            if judge(&real, &pick.order).is_ok() {
                self.remember(&pick.order);
                self.given += 1;
                self.decisions += 1;
                return Some(pick);
            }
            self.refused.push(pick.order);
            if cands.is_empty() {
                self.pass(self.at, "the rules refused the orders it tried".into());
                return None;
            }
        }
    }

    /// Issue 37 (Play mode: "gave no order" says why): after a decision at `moment` that gave
    /// no order for want of a candidate worth doing, the best option its kind weighed and
    /// declined, with its odds (`Player::declined`), becomes the reason it passed (kept for
    /// the status, `passed`). Asked by Play mode only: a duel never pays for it.
    pub fn explain_pass(&mut self, state: &GameState, setting: &Setting, moment: &Moment) {
        let now = (state.turn.number, state.phase);
        let none = pass_reason(state.phase, None);
        if self.passed_in(now) != Some(none.as_str()) {
            return;
        }
        // A12 / E1.33: told only of its units the other side knows of (not hidden, not a "?",
        // not beyond its sight at night): those of its view (`known_state`) as themselves.
        let theirs = view::known_state(state, setting, self.side.opponent());
        let told = |id: &str| theirs.units.iter().any(|u| u.unit.id == id);
        let mine: Vec<&str> = state
            .units
            .iter()
            .filter(|u| u.unit.side() == self.side)
            .map(|u| u.unit.id.as_str())
            .collect();
        let tell = |c: &Choice| {
            c.order.unit().is_none_or(|g| told(&g.0))
                && mine.iter().all(|id| !c.reason.contains(id) || told(id))
        };
        let view = view::known_state(state, setting, self.side);
        let seen = view.situation(setting);
        let posture = Posture::of(setting, self.side);
        let declined = self
            .player
            .declined(&seen, &posture, self.side, moment, &tell);
        self.pass(now, pass_reason(state.phase, declined.as_ref()));
    }

    /// Why its last decision in Player Turn and phase `at` gave no order, if one did.
    pub fn passed_in(&self, at: (u32, crate::model::Phase)) -> Option<&str> {
        self.passed
            .iter()
            .find(|(k, _)| *k == at)
            .map(|(_, why)| why.as_str())
    }

    /// Keeps `why` for `at`, in place of an earlier why of that phase; only this Player Turn's
    /// and the one before's are kept.
    fn pass(&mut self, at: (u32, crate::model::Phase), why: String) {
        self.passed.retain(|(k, _)| *k != at && k.0 + 1 >= at.0);
        self.passed.push((at, why));
    }

    /// The event `opponent` that says a choice and why, before the order is played.
    pub fn say(&self, c: &Choice, setting: &Setting) -> Vec<Said> {
        vec![Said {
            event: "opponent".into(),
            unit: c.order.unit().map(|u| u.to_string()),
            rule: None,
            dice: None,
            text: format!(
                "{} ({} opponent): {}",
                c.reason,
                self.kind.name(),
                c.order.script(setting.map)
            ),
        }]
    }

    /// Gives its side's orders at `moment` until it has none worth giving: each is said as an
    /// event `opponent` with its reason, then played (`game::apply`). Returns what was said.
    pub fn play(
        &mut self,
        state: &mut GameState,
        setting: &Setting,
        dice: &mut Dice,
        moment: &Moment,
    ) -> Vec<(Order, Vec<Said>)> {
        let mut out = Vec::new();
        while let Some(c) = self.decide(state, setting, moment) {
            let mut said = self.say(&c, setting);
            said.extend(apply(state, setting, &c.order, dice));
            out.push((c.order, said));
        }
        out
    }
}

/// Why a decision with no candidate worth doing gave no order in `phase`, in words a player
/// reads after "gave no order" (issue 37: a learning player reads what the program declined
/// and why): its best declined option with its odds (`Player::declined`, among those the other
/// side may be told of), else what it found none of.
fn pass_reason(phase: crate::model::Phase, declined: Option<&Choice>) -> String {
    use crate::model::Phase;
    match declined {
        Some(c) => format!("its best shot was not worth it: {}", c.reason),
        None => match phase {
            Phase::Rally => "no Rally worth trying (A10.6)",
            Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
                "no shot worth taking (A7)"
            }
            Phase::Movement => "no move, Search or DC worth its risk (A4)",
            Phase::Rout => "no rout it had to make (A10.5)",
            Phase::Advance => "no advance worth making (A4.7, A11)",
            Phase::CloseCombat => "no Close Combat it would start (A11)",
            _ => "no order of its units was worth giving",
        }
        .to_string(),
    }
}
