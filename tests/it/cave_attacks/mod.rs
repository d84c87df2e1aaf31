//! G11.8-G11.97: attacks on caves (`rules::caves::attack`). One test per rule and per EX number
//! the seed gives; each test is named for its rule or EX. The G11.6 illustrations are the
//! `g11_6_cliff` scenario: caves A (Level 0), G (Level 1), M (Level 2) in the Level 3 cliff hex
//! S5 (Entrance Hexes S4, T4, T5 at Level 0), and caves J, K, L IN the gully hex H5.

mod dc;
mod fire;
mod outcomes;
mod weapons;

use asl_pto::hex::{Hexside, Vertex};
use asl_pto::rules::caves::attack::*;
use asl_pto::rules::caves::{Cave, CaveSystem};
use asl_pto::scenario::Scenario;

use crate::common::fixture as scenario;

fn cliff() -> (Scenario, CaveSystem) {
    let s = scenario("g11_6_cliff");
    let (c, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    (s, c)
}

fn side(t: &str) -> Hexside {
    Hexside::parse(t).unwrap()
}

fn vertex(t: &str) -> Vertex {
    Vertex::parse(t).unwrap()
}

fn cave<'a>(c: &'a CaveSystem, id: &str) -> &'a Cave {
    c.cave(id).unwrap_or_else(|| panic!("no cave {id}"))
}

/// A Good Order, unpinned, non-Climbing Infantry Thrower adjacent to the cave with a LOS.
fn thrower(level: i32) -> Thrower {
    Thrower {
        level,
        infantry: true,
        good_order: true,
        adjacent: true,
        has_los: true,
        ..Thrower::default()
    }
}
