//! Boards read from scenario files (`tests/scenarios`: the G11.6 cliff, also with a Cave
//! Complex, and an open plain) for the rulings' tests, which put units on them in code, and a
//! `Situation` in a phase.

use std::collections::HashSet;

use asl_pto_core::counters::Nationality;
use asl_pto_core::hex::Hex;
use asl_pto_core::los::Location;
use asl_pto_core::map::Map;
use asl_pto_core::model::{Cloud, Moon};
use asl_pto_core::model::{Phase, Side, Unit};
use asl_pto_core::rules::caves::CaveSystem;
use asl_pto_core::rules::moves::Reach;
use asl_pto_core::rules::orders::movement::MovePlan;
use asl_pto_core::rules::situation::{Refusal, Situation, UnitAt};
use asl_pto_core::rules::tables::Tables;
use asl_pto_core::scenario::Scenario;
use asl_pto_core::state::{GameState, NightState, PlayerTurn, Setting, Tallies};

use crate::scenarios::{fixture, fixture_edited};

/// A map and its caves, owned (a `Situation` borrows the map).
pub struct Board {
    pub map: Map,
    pub caves: CaveSystem,
}

/// The G11.6 cliff (tests/scenarios/g11_6_cliff.ron): Level 3 cliff hex S5 (with R5, R6, S6,
/// T6) above S4, T4 and T5 at Level 0, cliffs S4-S5, S5-T4, S5-T5; caves A (Level 0), G
/// (Level 1, Upper-Cliff) and M (Level 2, Upper-Cliff) in S5; caves J, K, L IN the gully H5.
pub fn cliff() -> Board {
    cliff_board(false)
}

/// The G11.6 cliff with cave A a Primary cave (G11.2) whose Cave Complex AA covers the Level 3
/// hexes S5, S6, T6, R5 and R6: caves A, G and M (all in S5) lie within its boundaries and are
/// Accessible to it (G11.6); the gully caves J, K and L (in H5) are not.
pub fn cliff_with_complex() -> Board {
    cliff_board(true)
}

fn cliff_board(complex: bool) -> Board {
    if !complex {
        return board_of(&fixture("g11_6_cliff"));
    }
    board_of(&fixture_edited(
        "g11_6_cliff",
        &[
            (
                "    caves: [",
                "    complexes: [(primary: \"A\", hexes: [\"S5\", \"S6\", \"T6\", \"R5\", \"R6\"])],\n    caves: [",
            ),
            ("level: Some(0))", "level: Some(0), primary: true)"),
        ],
    ))
}

/// The board of a scenario file: its map and its caves as the G11 rules see them (the test
/// puts its own units on it).
pub fn board_of(s: &Scenario) -> Board {
    let (caves, problems) = s.cave_system();
    assert!(problems.is_empty(), "{}: {problems:?}", s.file);
    Board {
        map: s.map.clone(),
        caves,
    }
}

/// An open plain, 20 x 10, with one jungle hex (E5) and one Level 1 hex (F3)
/// (tests/scenarios/plain.ron).
pub fn plain() -> Board {
    board_of(&fixture("plain"))
}

pub fn loc(b: &Board, text: &str) -> Location {
    Location::parse(text, &b.map).unwrap()
}

pub fn hex(b: &Board, text: &str) -> Hex {
    b.map.hex(text).unwrap()
}

/// A unit in Good Order with no MF spent.
pub fn unit(b: &Board, id: &str, nationality: Nationality, counter: &str, at: &str) -> UnitAt {
    UnitAt {
        unit: Unit::new(id, nationality, counter),
        at: loc(b, at),
        hidden: false,
        concealed: false,
        cloaked: false,
    }
}

pub fn jp(b: &Board, id: &str, at: &str) -> UnitAt {
    unit(b, id, Nationality::Japanese, "4-4-7", at)
}

pub fn us(b: &Board, id: &str, at: &str) -> UnitAt {
    unit(b, id, Nationality::American, "7-6-8", at)
}

pub fn hidden(mut u: UnitAt) -> UnitAt {
    u.hidden = true;
    u
}

/// What a scenario on `b` fixes for the game: no SSR, 1945, no Japanese squads in the OB, ELR 3
/// each, no end, the tables in use.
pub fn setting(b: &Board) -> Setting<'_> {
    Setting {
        map: &b.map,
        caves: &b.caves,
        kindling: false,
        year: Some(1945),
        ob_japanese_squads: 0,
        cloaking_allotted: 0,
        elr_japanese: 3,
        elr_allied: 3,
        turns: None,
        victory: &[],
        plans: &[],
        tables: Tables::get(),
    }
}

/// The situation on `b` in `phase` with `attacker` the ATTACKER, by day, nothing on the map
/// but `units` (sorted by id, as the simulation gives them); in the MPh the units that have
/// spent MF are the ones moving now (A8.1, `Tallies::moving`).
pub fn situation(b: &Board, phase: Phase, attacker: Side, mut units: Vec<UnitAt>) -> Situation<'_> {
    units.sort_by(|x, y| x.unit.id.cmp(&y.unit.id));
    let moving = if phase == Phase::Movement {
        units
            .iter()
            .filter(|u| u.unit.mf_spent > 0.0)
            .map(|u| u.unit.id.clone())
            .collect()
    } else {
        Vec::new()
    };
    Situation {
        map: &b.map,
        caves: b.caves.clone(),
        kindling: false,
        year: Some(1945),
        ob_japanese_squads: 0,
        tables: Tables::get(),
        state: GameState {
            turn: PlayerTurn {
                number: 1,
                attacker,
            },
            phase,
            night: NightState {
                nvr: None,
                cloud: Cloud::Clear,
                moon: Moon::Full,
            },
            tallies: Tallies {
                moving,
                ..Tallies::default()
            },
            scoring: Default::default(),
            units,
            climbs: vec![],
            smoke: vec![],
            blazes: vec![],
            flames: vec![],
            starshells: vec![],
            irs: vec![],
            trip_flares: vec![],
            trip_flare_counters: vec![],
            gunflashes: vec![],
            hidden_caves: vec![],
            eliminated_caves: vec![],
            hidden_complexes: vec![],
            revealed_tunnels: vec![],
            allied_controlled: vec![],
        },
        lit_hexes: HashSet::new(),
        lit_caves: HashSet::new(),
        lit_by: Default::default(),
        shadowed_hexes: HashSet::new(),
    }
}

pub fn mph(b: &Board, attacker: Side, units: Vec<UnitAt>) -> Situation<'_> {
    situation(b, Phase::Movement, attacker, units)
}

pub fn allowed(r: Result<MovePlan, Refusal>) -> MovePlan {
    r.unwrap_or_else(|e| panic!("refused: {e}"))
}

pub fn refused(r: Result<MovePlan, Refusal>) -> Refusal {
    match r {
        Ok(p) => panic!("allowed: {}", p.text),
        Err(e) => e,
    }
}

pub fn reach<'a>(field: &'a [Reach], b: &Board, at: &str) -> Option<&'a Reach> {
    let at = loc(b, at);
    field.iter().find(|r| r.at == at)
}
