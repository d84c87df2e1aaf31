//! `rules::orders::fire` (A7/A8 Fire; E1.7, E1.75, E1.8, E1.101, E1.43; G.3; G11.8, G11.81,
//! G11.812; G1.4231) and `rules::orders::jitter` (E1.55-E1.552, E1.6), over boards read from
//! scenario files.
//!
//! By concept: `fp_and_phases` (FP, range and Fire Groups; the fire phases and counters),
//! `targets` (leaders, targets and caves) and `night` (the night rules and Jitter Fire). The
//! boards and helpers they share are here.

mod fp_and_phases;
mod night;
mod targets;

use asl_pto_core::model::{FireMark, Phase, Side};
use asl_pto_core::rules::orders::fire::FirePlan;

use super::*;

/// An open plain, 20 x 10 (by day, nothing on it).
/// (tests/scenarios/open_plain.ron)
fn open() -> Board {
    crate::board::board_of(&crate::scenarios::fixture("open_plain"))
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn moved(mut u: UnitAt) -> UnitAt {
    u.unit.mf_spent = 1.0;
    u
}

fn marked(mut u: UnitAt, m: FireMark) -> UnitAt {
    u.unit.fired = Some(m);
    u
}

fn prep(b: &Board, units: Vec<UnitAt>) -> Situation<'_> {
    situation(b, Phase::PrepFire, Side::Allied, units)
}

/// Plays `o` on `st` with dice seeded `seed`; the test fails if the order is refused.
fn play(
    st: &mut asl_pto_core::state::GameState,
    set: &asl_pto_core::state::Setting,
    o: asl_pto_core::rules::orders::Order,
    seed: u64,
) {
    use asl_pto_core::game::{Dice, REFUSED, apply};
    let said = apply(st, set, &o, &mut Dice::new(seed));
    assert!(said.iter().all(|e| e.event != REFUSED), "{said:?}");
}

/// A one-Location move of `unit` to `to`.
fn step(unit: &str, to: asl_pto_core::los::Location) -> asl_pto_core::rules::orders::Order {
    asl_pto_core::rules::orders::Order::Move {
        unit: unit.into(),
        to,
    }
}

fn drm_rules(p: &FirePlan) -> Vec<(&'static str, i32)> {
    p.drm.iter().map(|d| (d.rule, d.drm)).collect()
}
