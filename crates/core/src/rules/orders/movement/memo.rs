//! What a series of moves ruled on one situation shares (`Memo`): the G11.75 (entering a cave
//! unseen), G11.75 EX (emerging concealed) and A12.15 (moving in a Good Order enemy's LOS)
//! sightings, and the LOS environments they are judged in (E1.101: an Illuminated Location is
//! seen without the NVR).

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

use crate::hex::Hex;
use crate::los::{Location, LosEnv};
use crate::model::Side;
use crate::rules::Ruling;
use crate::rules::caves::hidden::{Watcher, emerges_concealed, stays_hidden};
use crate::rules::caves::sight::cave_los;
use crate::rules::situation::Situation;

/// What a series of moves ruled on one situation shares: the sightings a move is judged by
/// (G11.75, G11.75 EX, A12.15) and the LOS environments they are judged in (the situation's,
/// with the NVR, and the one for an Illuminated Location, without it, E1.101), each worked out
/// once and kept, as `moves::field_of_movement` asks about the same Locations from many paths
/// (they depend on the situation and the Location entered only, never on the path); and
/// whether the plans' log lines are wanted (`terse`: not written, for the field).
#[derive(Default)]
pub(crate) struct Memo<'a> {
    pub(super) terse: bool,
    dark: OnceCell<LosEnv<'a>>,
    bright: OnceCell<LosEnv<'a>>,
    /// The Japanese, then the Allied watchers.
    watchers: [OnceCell<Vec<Watcher>>; 2],
    /// G11.75: entering a cave, by cave id.
    cave: RefCell<HashMap<String, Ruling>>,
    /// G11.75 EX: emerging into a hex, by watching side and hex.
    emerge: RefCell<HashMap<(Side, Hex), Ruling>>,
    /// A12.15: a Location in a Good Order enemy's LOS, by watching side and Location.
    seen: RefCell<HashMap<(Side, Location), bool>>,
}

impl<'a> Memo<'a> {
    /// For plans whose log lines are not wanted.
    pub(crate) fn terse() -> Memo<'a> {
        Memo {
            terse: true,
            ..Memo::default()
        }
    }

    /// E1.101: the environment for whether `at` is seen: without the NVR when it is
    /// Illuminated (as `Situation::env_seeing`).
    fn env(&self, s: &Situation<'a>, at: &Location) -> &LosEnv<'a> {
        if s.lit(at) {
            self.bright.get_or_init(|| s.env().with_nvr(None))
        } else {
            self.dark.get_or_init(|| s.env())
        }
    }

    fn watchers(&self, s: &Situation, side: Side) -> &[Watcher] {
        let i = usize::from(side == Side::Allied);
        self.watchers[i].get_or_init(|| s.watchers(side))
    }

    /// G11.75: whether Infantry entering cave `id` (`to`) stay hidden from the Allied
    /// watchers.
    pub(super) fn cave(&self, s: &Situation<'a>, id: &str, to: &Location) -> Ruling {
        if let Some(r) = self.cave.borrow().get(id) {
            return r.clone();
        }
        let r = stays_hidden(
            self.env(s, to),
            &s.caves,
            id,
            self.watchers(s, Side::Allied),
        );
        self.cave.borrow_mut().insert(id.to_string(), r.clone());
        r
    }

    /// G11.75 EX: whether hidden Infantry come out into hex `h` (`to`) concealed, watched by
    /// `enemy`.
    pub(super) fn emerge(&self, s: &Situation<'a>, enemy: Side, h: Hex, to: &Location) -> Ruling {
        if let Some(r) = self.emerge.borrow().get(&(enemy, h)) {
            return r.clone();
        }
        let r = emerges_concealed(self.env(s, to), h, self.watchers(s, enemy));
        self.emerge.borrow_mut().insert((enemy, h), r.clone());
        r
    }

    /// A12.15: whether a Good Order ground unit of `enemy` has a clear LOS to `to`.
    pub(super) fn seen(&self, s: &Situation<'a>, enemy: Side, to: &Location) -> bool {
        let key = (enemy, to.clone());
        if let Some(b) = self.seen.borrow().get(&key) {
            return *b;
        }
        let env = self.env(s, to);
        let seen = self
            .watchers(s, enemy)
            .iter()
            .any(|w| w.good_order && cave_los(env, &s.caves, &w.at, to).is_ok_and(|r| r.clear()));
        self.seen.borrow_mut().insert(key, seen);
        seen
    }
}
