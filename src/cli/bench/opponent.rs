//! `opponent_player_turn_ms`: the time the doctrine opponent (`opponent`) takes to decide and
//! play a whole Allied Player Turn of the assault demo grown to twelve units a side (each
//! unit's copies set up in the open beside it), its orders applied as it gives them.

use std::time::Instant;

use super::stats::median;
use crate::cli::failure::Failure;
use crate::game::begin_phase;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::opponent::{Kind, Moment, Opponent};
use crate::scenario::Scenario;

/// The opponent's Player Turn figure.
pub(super) struct OpponentFigure {
    /// Units of the side it plays.
    pub(super) units: usize,
    /// Orders it gave in the Player Turn.
    pub(super) orders: usize,
    pub(super) ms: f64,
}

/// The assault demo with `n` units a side: copies of each side's units beside the originals.
fn grown(n: usize) -> Result<Scenario, Failure> {
    let mut s = Scenario::from_str(
        include_str!("../../../scenarios/assault.ron"),
        "scenarios/assault.ron",
    )
    .map_err(|e| Failure::input(e.to_string()))?;
    for side in [Side::Allied, Side::Japanese] {
        let originals: Vec<_> = s
            .units
            .iter()
            .filter(|u| u.side() == side && u.at.hex().is_some())
            .cloned()
            .collect();
        let mut k = 0;
        while s.units.iter().filter(|u| u.side() == side).count() < n {
            let mut c = originals[k % originals.len()].clone();
            let Some(h) = c.at.hex() else { break };
            // West for the Allies, east for the Japanese, one column per copy.
            let shift = 1 + (k / originals.len()) as i32;
            let col = if side == Side::Allied { -shift } else { shift };
            let to = crate::hex::Hex::new(h.q + col, h.r);
            if s.map.get(to).is_none() {
                break;
            }
            c.id = format!("{}c{k}", c.id);
            c.at = Location::Ground(to);
            c.hidden = false;
            s.units.push(c);
            k += 1;
        }
    }
    Ok(s)
}

/// The median over `runs` of one Allied Player Turn played by the doctrine opponent.
pub(super) fn measure_opponent(runs: usize) -> Result<OpponentFigure, Failure> {
    let s = grown(12)?;
    let units = s.units.iter().filter(|u| u.side() == Side::Allied).count();
    let m = crate::play::Match::new(std::sync::Arc::new(s), 1);
    let start = m.state.clone();
    let setting = m.setting();
    let mut times = Vec::new();
    let mut orders = 0;
    for run in 0..runs.max(1) {
        let mut st = start.clone();
        let mut dice = crate::game::Dice::new(1 + run as u64);
        let mut me = Opponent::new(Side::Allied, Kind::Doctrine, 1);
        let t = Instant::now();
        let mut given = 0;
        for phase in Phase::TURN {
            st.phase = phase;
            begin_phase(&mut st, &setting, &mut dice);
            given += me.play(&mut st, &setting, &mut dice, &Moment::Phase).len();
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
        orders = given;
    }
    Ok(OpponentFigure {
        units,
        orders,
        ms: median(times),
    })
}
