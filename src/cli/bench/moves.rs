//! `moves_ms`: one squad's legal-move field (`rules::moves::field_of_movement`) in the middle of
//! a map of several benchmark boards, in the MPh.

use std::hint::black_box;
use std::time::Instant;

use super::board::bench_scenario;
use super::stats::median;
use crate::cli::failure::Failure;
use crate::los::Location;
use crate::model::Phase;
use crate::play::Match;
use crate::rules::moves::field_of_movement;

/// `moves_ms`: one squad's legal-move field on a map of several boards.
pub(super) struct MovesFigure {
    pub(super) boards: u32,
    pub(super) hexes: usize,
    /// Where the squad stands.
    pub(super) from: String,
    /// How many Locations it can reach.
    pub(super) reached: usize,
    pub(super) ms: f64,
}

/// A 7-6-8 squad alone in the middle of a map of `boards` benchmark boards, in the MPh of its
/// side's Player Turn: the median time of its field of movement over `runs` runs (each the mean
/// of several calls), after one untimed call.
pub(super) fn measure_moves(boards: u32, runs: usize) -> Result<MovesFigure, Failure> {
    let mut s = bench_scenario(boards);

    let mut squad = s
        .units
        .iter()
        .find(|u| u.counter == "7-6-8")
        .cloned()
        .ok_or_else(|| Failure::input("bench: the built-in scenario has no 7-6-8 squad"))?;
    // The middle of the map: the middle column, the middle row of the middle board, on open
    // ground between the hills.
    let (cols, rows) = (s.map.columns, s.map.rows);
    let mid = crate::hex::HexId {
        col: cols / 2,
        row: (rows as i32) / 2,
    }
    .hex();
    squad.id = "bench".into();
    squad.at = Location::Ground(mid);
    squad.hidden = false;
    squad.concealed = false;
    squad.cloaked = false;
    let side = squad.side();
    s.units = vec![squad];
    let hexes = s.map.hexes().count();
    let from = s.map.name(mid);
    let mut m = Match::new(std::sync::Arc::new(s), 1);
    m.state.phase = Phase::Movement;
    m.state.turn.attacker = side;
    let setting = m.setting();
    let sit = m.state.situation(&setting);
    let reached = field_of_movement(&sit, "bench")
        .map_err(|r| Failure::input(format!("bench: the squad cannot move ({})", r.reason)))?
        .len();
    let reps = 10;
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        for _ in 0..reps {
            let _ = black_box(field_of_movement(black_box(&sit), "bench"));
        }
        times.push(t.elapsed().as_secs_f64() * 1e3 / f64::from(reps));
    }
    Ok(MovesFigure {
        boards,
        hexes,
        from,
        reached,
        ms: median(times),
    })
}
