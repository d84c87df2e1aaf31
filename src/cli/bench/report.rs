//! `bench`'s figures measured and reported, as text or one JSON object.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;

use super::los::{ScaleFigure, measure, measure_scale};
use super::moves::measure_moves;
use super::opponent;
use super::render::render_figures;
use crate::cli::failure::Failure;
use crate::cli::out::Out;

pub fn run(
    json: bool,
    runs: usize,
    render: bool,
    boards: Option<u32>,
    out: &mut Out<impl Write>,
) -> Result<ExitCode, Failure> {
    let frames = if render {
        Some(render_figures()?)
    } else {
        None
    };
    let (hexes, f) = measure(runs);
    let scale: Option<Vec<ScaleFigure>> = boards.map(|n| {
        [1, 2, 4, 8]
            .into_iter()
            .filter(|b| *b <= n)
            .map(|b| measure_scale(b, runs))
            .collect()
    });
    let boards = boards.unwrap_or(8);
    let moves = measure_moves(boards, runs)?;
    let opponent = opponent::measure_opponent(runs.min(3))?;
    let ratio = f.los_ms / f.bare_ms;
    if json {
        out.json(&json!({
            "hexes": hexes,
            "pairs": f.pairs,
            "los_all_pairs_ms": f.los_ms,
            "bare_walk_ms": f.bare_ms,
            "los_vs_bare": ratio,
            "light_ms": f.light_ms,
            "first_pass_ms": f.first_ms,
            "clear_pairs": f.clear,
            "boards": moves.boards,
            "moves_ms": moves.ms,
            "moves_from": moves.from,
            "moves_reached": moves.reached,
            "opponent_player_turn_ms": opponent.ms,
            "opponent_units": opponent.units,
            "opponent_orders": opponent.orders,
            "sees_ms": scale.as_ref().and_then(|s| s.last()).map(|s| s.sees_ms),
            "scale": scale,
            "render": frames,
        }))?;
    } else {
        out.line(format_args!(
            "board: 33 x 10, {hexes} hexes, {} ordered pairs",
            f.pairs
        ))?;
        out.line(format_args!(
            "LOS, all pairs:   {:8.2} ms (target < 100 ms)  [{} clear]",
            f.los_ms, f.clear
        ))?;
        out.line(format_args!("bare hex walk:    {:8.2} ms", f.bare_ms))?;
        out.line(format_args!(
            "LOS / bare walk:  {ratio:8.2}    (target <= 4)"
        ))?;
        out.line(format_args!(
            "light, 10 sources: {:7.3} ms (target < 5 ms; Illumination with E1.941 shadows)",
            f.light_ms
        ))?;
        out.line(format_args!(
            "first pass:       {:8.2} ms (includes building the line table)",
            f.first_ms
        ))?;
        out.line(format_args!(
            "moves, one squad: {:8.3} ms (target < 1 ms; {} boards, {} hexes, from {}, {} Locations reached)",
            moves.ms, moves.boards, moves.hexes, moves.from, moves.reached
        ))?;
        if let Some(scale) = &scale {
            print_scale(out, scale, runs)?;
        }
        if let Some(r) = &frames {
            print_frames(out, r)?;
        }
        out.line(format_args!(
            "opponent turn:    {:8.2} ms   (the doctrine opponent plays a whole Allied Player \
             Turn of the assault demo with {} units a side: {} orders; target < 1000 ms)",
            opponent.ms, opponent.units, opponent.orders
        ))?;
        if cfg!(debug_assertions) {
            out.line(format_args!(
                "note: this is a debug build; measure with `cargo run --release -- bench`"
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The scale table: how the figures grow with the map (`--boards N`).
fn print_scale(
    out: &mut Out<impl Write>,
    scale: &[ScaleFigure],
    runs: usize,
) -> Result<(), Failure> {
    out.line(format_args!(
        "scale ({} cores; all pairs of ground Locations, median of {runs} runs):",
        scale.first().map_or(1, |s| s.cores)
    ))?;
    out.line(format_args!(
        "  boards   hexes      pairs   LOS 1 core  LOS all   bare 1 core  bare all  LOS/bare (1 core)  field (median)  light, 10 sources"
    ))?;
    for s in scale {
        out.line(format_args!(
            "  {:>6} {:>7} {:>10} {:>9.1} ms {:>7.1} ms {:>9.1} ms {:>7.1} ms {:>6.2} ({:.2}) {:>11.3} ms {:>11.3} ms",
            s.boards,
            s.hexes,
            s.pairs,
            s.los_ms,
            s.los_parallel_ms,
            s.bare_ms,
            s.bare_parallel_ms,
            s.los_vs_bare,
            s.los_vs_bare_single,
            s.sees_ms,
            s.light_ms
        ))?;
    }
    out.line(format_args!(
        "  targets at 8 boards: LOS/bare <= 1.5, field < 2 ms, light < 5 ms"
    ))?;
    Ok(())
}

/// The render figures (`--render`): frame times, their ratios, picking per ray.
fn print_frames(out: &mut Out<impl Write>, r: &serde_json::Value) -> Result<(), Failure> {
    out.line(format_args!(
        "frame, 1 board:   {:8.2} ms   4 boards: {:.2} ms   ratio {} (target <= 1.5)",
        r["frame_1_board_ms"].as_f64().unwrap_or(f64::NAN),
        r["frame_4_boards_ms"].as_f64().unwrap_or(f64::NAN),
        r["frame_ratio_4_vs_1"]
    ))?;
    out.line(format_args!(
        "frame, the whole map in view: 1 board {:.2} ms, 8 boards {:.2} ms, ratio {} (target <= 1.5)",
        r["frame_all_in_view_1_board_ms"].as_f64().unwrap_or(f64::NAN),
        r["frame_all_in_view_8_boards_ms"].as_f64().unwrap_or(f64::NAN),
        r["frame_ratio_all_in_view_8_vs_1"]
    ))?;
    out.line(format_args!(
        "pick, per ray:    own ray tests {} µs (1 board), {} µs (4 boards); \
         bevy_picking's MeshRayCast {} µs, {} µs",
        r["pick_hand_1_board_us"],
        r["pick_hand_4_boards_us"],
        r["pick_mesh_1_board_us"],
        r["pick_mesh_4_boards_us"]
    ))?;
    Ok(())
}
