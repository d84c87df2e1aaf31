//! The odds of an order (issue 37): the chance of each outcome, from the same rulings and
//! charts the walk uses — the order is played (`apply`) on copies of the game with its dice
//! enumerated face by face, so what the walk would do is what is counted.
//!
//! The first `EXACT_DICE` dice of the order are enumerated (each face, weight 1/6): an order that
//! rolls no more than that (a rally DR; a Fire's IFT DR and one Morale Check) is counted
//! exactly; the dice after them, where some branch rolls more (a second target's MC, Random
//! Selection), are drawn from seeded dice, `TAIL_DRAWS` draws shared among those branches (at
//! least one each), so the same order on the same game always gives the same odds. A Fire's IFT results come from its plan
//! (`FirePlan::resolve` on each of the 36 IFT DR), exactly.
//!
//! A DC's Placement (G11.833, A23.3) or Setting (G11.8332) is counted with its attack as the
//! AFPh begins, as if its Placer survived the First Fire the Placement may draw.
//!
//! The game given is the one the ordering side knows (the caller passes its view: A12, the
//! enemy's hidden units are not there to be counted).

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Dice, apply};
use crate::rules::orders::Order;
use crate::state::{GameState, Setting};

/// How many dice are enumerated face by face (6^4 = 1,296 branches at most).
pub const EXACT_DICE: usize = 4;

/// How many seeded draws, in all, are made of the dice after the enumerated ones (shared among
/// the branches that roll more; at most `MAX_TAIL_RUNS` each).
pub const TAIL_DRAWS: usize = 8_000;

/// The most draws one branch makes of the dice after the enumerated ones.
pub const MAX_TAIL_RUNS: usize = 64;

/// The chance of what an order does to one unit (each 0..1; a unit may be both reduced and
/// broken).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct UnitOdds {
    /// Out of play (A7.301 KIA, a failed MC's casualties, ...).
    pub eliminated: f64,
    /// Casualty Reduced (a squad to a half-squad, an SMC wounded).
    pub reduced: f64,
    /// Broken (and not eliminated).
    pub broken: f64,
    /// Pinned.
    pub pinned: f64,
    /// Rallied (no longer broken).
    #[serde(skip_serializing_if = "is_zero")]
    pub rallied: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl UnitOdds {
    /// Whether anything may happen to the unit.
    pub fn any(&self) -> bool {
        self.eliminated + self.reduced + self.broken + self.pinned + self.rallied > 0.0
    }
}

/// The odds of an order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Odds {
    /// A Fire: the chance of each IFT result (`KIA`, `K/2`, `2MC`, `NMC`, `PTC`, `no effect`),
    /// by the result as the IFT prints it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub results: BTreeMap<String, f64>,
    /// Every unit the order may change, by id, with what may happen to it (the Fire's targets,
    /// both sides of a Close Combat, a failed Throw's own Location, the rallying unit).
    pub targets: BTreeMap<String, UnitOdds>,
    /// How many times the order was played to count them.
    #[serde(skip)]
    pub runs: usize,
    /// A8.31: the firers of a Final Protective Fire, whose own NMC the order's dice also are
    /// (their line in `targets` is what that NMC may do to them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fpf_firers: Vec<String>,
}

/// What one play of an order did to each unit that was there before it: eliminated, reduced,
/// broken, pinned, rallied.
type Effects = BTreeMap<String, [bool; 5]>;

/// A branch that rolls more dice than are enumerated: its dice, weight, seed and what its
/// first draw did.
type Deep = (Vec<u8>, f64, u64, Effects);

/// What one play of the order did to each unit that was there before it.
fn effects(before: &GameState, after: &GameState) -> Effects {
    let mut out = BTreeMap::new();
    for b in &before.units {
        let id = &b.unit.id;
        let e = match after.units.iter().find(|a| &a.unit.id == id) {
            None => [true, false, false, false, false],
            Some(a) => [
                false,
                a.unit.counter != b.unit.counter || (a.unit.wounded && !b.unit.wounded),
                a.unit.broken && !b.unit.broken,
                a.unit.pinned && !b.unit.pinned,
                b.unit.broken && !a.unit.broken,
            ],
        };
        if e.iter().any(|x| *x) {
            out.insert(id.clone(), e);
        }
    }
    out
}

/// Plays `order` on a copy of `state` with the dice `first` fixed: what it did, and how many
/// dice it rolled.
fn play(
    state: &GameState,
    setting: &Setting,
    order: &Order,
    first: &[u8],
    seed: u64,
) -> (Effects, usize) {
    let mut st = state.clone();
    let mut dice = Dice::forced(first, seed);
    apply(&mut st, setting, order, &mut dice);
    // A DC Placed (or Set, G11.8332) in the MPh attacks as the AFPh begins (A23.3): its odds
    // are that attack's, its Placer surviving the First Fire it may draw.
    if let Order::PlaceDc { unit, .. } | Order::PlaceDcAt { unit, .. } | Order::SetDc { unit, .. } =
        order
        && st.units.iter().any(|u| u.unit.placed_dc.is_some())
    {
        // Only this order's DC (the copy forgets the others Placed this MPh).
        for u in st.units.iter_mut().filter(|u| u.unit.id != unit.as_ref()) {
            u.unit.placed_dc = None;
        }
        st.phase = crate::model::Phase::AdvancingFire;
        let mut g = super::context::Game::new(&mut st, setting, &mut dice);
        super::attack::placed_dcs_detonate(&mut g);
    }
    (effects(state, &st), dice.rolled())
}

/// Counts the order's outcomes over its dice (see the module doc).
struct Count<'a> {
    state: &'a GameState,
    setting: &'a Setting<'a>,
    order: &'a Order,
    sums: BTreeMap<String, [f64; 5]>,
    runs: usize,
    /// The branches that roll more dice than are enumerated.
    deep: Vec<Deep>,
}

impl Count<'_> {
    fn add(&mut self, e: &Effects, weight: f64) {
        for (id, flags) in e {
            let s = self.sums.entry(id.clone()).or_default();
            for (k, f) in flags.iter().enumerate() {
                if *f {
                    s[k] += weight;
                }
            }
        }
    }

    fn explore(&mut self, first: &mut Vec<u8>, weight: f64) {
        let seed = first.iter().fold(0x0dd5_u64, |h, d| {
            h.wrapping_mul(7).wrapping_add(u64::from(*d))
        });
        let (e, rolled) = play(self.state, self.setting, self.order, first, seed);
        self.runs += 1;
        if rolled <= first.len() {
            // Every die it rolled is fixed: this branch is counted exactly.
            self.add(&e, weight);
            return;
        }
        if first.len() >= EXACT_DICE {
            self.deep.push((first.clone(), weight, seed, e));
            return;
        }
        for face in 1..=6u8 {
            first.push(face);
            self.explore(first, weight / 6.0);
            first.pop();
        }
    }

    /// The branches that roll more: `TAIL_DRAWS` seeded draws shared among them.
    fn draw_tails(&mut self) {
        let deep = std::mem::take(&mut self.deep);
        if deep.is_empty() {
            return;
        }
        let k = TAIL_DRAWS.div_ceil(deep.len()).clamp(1, MAX_TAIL_RUNS);
        for (first, weight, seed, e) in deep {
            let w = weight / k as f64;
            self.add(&e, w);
            for j in 1..k {
                let (e, _) = play(
                    self.state,
                    self.setting,
                    self.order,
                    &first,
                    seed ^ (j as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                );
                self.runs += 1;
                self.add(&e, w);
            }
        }
    }
}

/// The odds of `order` on `state` (the game as the ordering side knows it), or `None` when it
/// rolls no die (its outcome is certain: a move by day, a report). The order is assumed
/// allowed (`rules::orders::judge`); a refused one changes nothing.
pub fn odds(state: &GameState, setting: &Setting, order: &Order) -> Option<Odds> {
    if order.reports() {
        return None;
    }
    let (_, rolled) = play(state, setting, order, &[], 1);
    if rolled == 0 {
        return None;
    }
    let mut c = Count {
        state,
        setting,
        order,
        sums: BTreeMap::new(),
        runs: 1,
        deep: Vec::new(),
    };
    c.explore(&mut Vec::new(), 1.0);
    c.draw_tails();
    let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
    // A "?" (A12) is named by its Location ("?T5"): its placeholder's id is for no one to read.
    let key = |id: &String| -> String {
        if !crate::opponent::view::is_placeholder(id) {
            return id.clone();
        }
        state
            .units
            .iter()
            .find(|u| u.unit.id == *id)
            .map_or_else(|| id.clone(), |u| format!("?{}", u.at.display(setting.map)))
    };
    let targets = c
        .sums
        .iter()
        .map(|(id, s)| {
            (
                key(id),
                UnitOdds {
                    eliminated: round(s[0]),
                    reduced: round(s[1]),
                    broken: round(s[2]),
                    pinned: round(s[3]),
                    rallied: round(s[4]),
                },
            )
        })
        .collect();
    Some(Odds {
        results: fire_results(state, setting, order)
            .into_iter()
            .map(|(k, v)| (k, round(v)))
            .collect(),
        targets,
        runs: c.runs,
        fpf_firers: fpf_firers(state, setting, order),
    })
}

/// A8.31: the firers of `order` that fire Final Protective Fire (`FirePlan::fpf`).
fn fpf_firers(state: &GameState, setting: &Setting, order: &Order) -> Vec<String> {
    let Order::Fire { units, at } = order else {
        return Vec::new();
    };
    let s = state.situation(setting);
    let ids: Vec<String> = units.iter().map(|u| u.0.clone()).collect();
    crate::rules::orders::fire::fire(&s, &ids, at).map_or_else(|_| Vec::new(), |p| p.fpf)
}

/// A Fire's IFT results (A7): each of the 36 IFT DR on its plan's column and DRM.
fn fire_results(state: &GameState, setting: &Setting, order: &Order) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let Order::Fire { units, at } = order else {
        return out;
    };
    let s = state.situation(setting);
    let ids: Vec<String> = units.iter().map(|u| u.0.clone()).collect();
    let Ok(plan) = crate::rules::orders::fire::fire(&s, &ids, at) else {
        return out;
    };
    for c in 1..=6u8 {
        for w in 1..=6u8 {
            *out.entry(plan.resolve(c, w).result.text()).or_default() += 1.0 / 36.0;
        }
    }
    out
}

/// The odds in words for a player, the likeliest first (`31 % to break jp2; 8 % to
/// eliminate jp2`): each unit's chance of each thing that may happen to it, at least 1 %.
pub fn in_words(o: &Odds) -> String {
    let mut parts: Vec<(f64, String)> = Vec::new();
    for (key, u) in &o.targets {
        // A concealed stack is a "?" to the side that fires (A12: its placeholder's id begins
        // with '?', `opponent::view`).
        let shown = crate::opponent::view::shown(key);
        // A8.31: an FPF firer's own NMC.
        let id = if o.fpf_firers.contains(key) {
            format!("{shown} (its FPF's NMC, A8.31)")
        } else {
            shown.to_string()
        };
        for (p, verb) in [
            (u.eliminated, "eliminate"),
            (u.reduced, "reduce"),
            (u.broken, "break"),
            (u.pinned, "pin"),
            (u.rallied, "rally"),
        ] {
            if p >= 0.005 {
                parts.push((p, format!("{:.0} % to {verb} {id}", p * 100.0)));
            }
        }
    }
    parts.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    if parts.is_empty() {
        return "no unit is likely to be affected".into();
    }
    parts
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("; ")
}
