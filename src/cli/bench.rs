//! `asl-pto bench [--json]`: LOS over every ordered pair of ground Locations on a full
//! geomorphic board (33 x 10, hills, jungle, kunai, depressions), against a bare walk of the
//! same hex lines that applies no rule. Single-threaded; each figure is the median of `--runs`
//! timed runs (5 by default), after one untimed pass that fills the line table. `light_ms` is
//! the whole map's Illumination with shadows for 10 sources. `moves_ms` is one squad's legal-move
//! field (`rules::moves::field_of_movement`) in the middle of a map of `--boards` benchmark
//! boards (8 by default), in the MPh.

use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;

use super::{Failure, Out};
use crate::hex::{Hex, centre_line};
use crate::los::Location;
use crate::los::{End, LosEnv};
use crate::map::{Depression, LEVEL, Map, StreamKind, Terrain};
use crate::model::Phase;
use crate::rules::moves::field_of_movement;
use crate::rules::night::light::{Source, SourceKind, illuminate};
use crate::scenario::Scenario;
use crate::sim::{self, Board, PlayerTurn};

/// The benchmark board: a full board with two hills (to Level 3), jungle, kunai, palm trees, a
/// gully and a stream, laid out deterministically.
pub fn bench_map() -> Map {
    bench_map_of(1)
}

/// `boards` benchmark boards one above the other (33 columns, 11 rows each: a map is at most
/// 52 columns wide), for the viewer's frame cost.
pub fn bench_map_of(boards: u32) -> Map {
    let boards = boards.max(1);
    let mut m = Map::new(Some("99".into()), 33, 11 * boards - 1, 0, Terrain::Open);
    let hexes: Vec<Hex> = m.hexes().map(|d| d.hex).collect();
    let hill = |col: u32, row: i32| crate::hex::HexId { col, row }.hex();
    let hills: Vec<(Hex, i32)> = (0..boards as i32)
        .flat_map(|b| [(hill(7, 4 + 11 * b), 3), (hill(22, 7 + 11 * b), 2)])
        .collect();
    for h in hexes {
        let mut id = h.id().expect("on map");
        id.row %= 11;
        let level = hills
            .iter()
            .map(|&(c, top)| top - c.distance(h) as i32)
            .max()
            .unwrap_or(0)
            .max(0);
        let mix = (id.col * 7 + id.row as u32 * 13) % 11;
        let terrain = match mix {
            0 | 1 => Terrain::Jungle,
            2 => Terrain::Kunai,
            3 => Terrain::PalmTrees,
            _ => Terrain::Open,
        };
        let depression = match (id.col, id.row) {
            (14, 1..=5) => Some(Depression::Gully),
            (15..=18, 6) => Some(Depression::Stream(StreamKind::Shallow)),
            _ => None,
        };
        let level = if depression.is_some() { -1 } else { level };
        m.set_hex(h, Some(level), Some(terrain), depression);
    }
    m
}

struct Figures {
    light_ms: f64,
    pairs: usize,
    los_ms: f64,
    bare_ms: f64,
    first_ms: f64,
    clear: usize,
}

/// `moves_ms`: one squad's legal-move field on a map of several boards.
struct MovesFigure {
    boards: u32,
    hexes: usize,
    /// Where the squad stands.
    from: String,
    /// How many Locations it can reach.
    reached: usize,
    ms: f64,
}

/// The built-in scenario on `boards` benchmark boards, by day, with nothing on the map but its
/// units (caves, SMOKE, fires, the script cleared).
fn bench_scenario(boards: u32) -> Scenario {
    let mut s = Scenario::builtin();
    s.map = bench_map_of(boards);
    s.title = format!("moves bench, {boards} board(s)");
    s.night = None;
    s.ob_caves = None;
    s.ob_trip_flares = None;
    s.caves.clear();
    s.complexes.clear();
    s.tunnels.clear();
    s.smoke.clear();
    s.blazes.clear();
    s.flames.clear();
    s.starshells.clear();
    s.illuminating_rounds.clear();
    s.trip_flares.clear();
    s.gunflashes.clear();
    s.script.clear();
    s
}

/// A 7-6-8 squad alone in the middle of a map of `boards` benchmark boards, in the MPh of its
/// side's Player Turn: the median time of its field of movement over `runs` runs (each the mean
/// of several calls), after one untimed call.
fn measure_moves(boards: u32, runs: usize) -> Result<MovesFigure, Failure> {
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
    let mut app = sim::headless(s, 1);
    let world = app.world_mut();
    world.insert_resource(bevy::prelude::State::new(Phase::Movement));
    world.resource_mut::<PlayerTurn>().attacker = side;
    let board = world.resource::<Board>().clone();
    let sit = sim::live::situation(app.world_mut(), &board);
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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn measure(runs: usize) -> (usize, Figures) {
    let map = bench_map();
    let env = LosEnv::new(&map);
    let ends: Vec<End> = map
        .hexes()
        .map(|d| End::centre(d.hex, d.level * LEVEL))
        .collect();
    let all_pairs = |f: &mut dyn FnMut(End, End)| {
        for &a in &ends {
            for &b in &ends {
                if a.hex != b.hex {
                    f(a, b);
                }
            }
        }
    };
    let los_pass = || {
        let mut clear = 0;
        all_pairs(&mut |a, b| {
            if env.walk(black_box(a), black_box(b), &mut ()).clear() {
                clear += 1;
            }
        });
        clear
    };
    // The bare walk: the same hex lines, reading each hex's Base Level, no rule applied.
    let bare_pass = || {
        let mut sum = 0i64;
        all_pairs(&mut |a, b| {
            let line = centre_line(black_box(a).hex, black_box(b).hex);
            for s in line.relative_steps() {
                for h in s.hexes() {
                    let h = Hex::new(h.q + a.hex.q, h.r + a.hex.r);
                    if let Some(d) = map.get(h) {
                        sum += i64::from(d.level);
                    }
                }
            }
        });
        black_box(sum)
    };
    let t = Instant::now();
    let clear = los_pass();
    let first_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut los = Vec::new();
    let mut bare = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        black_box(los_pass());
        los.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        bare_pass();
        bare.push(t.elapsed().as_secs_f64() * 1e3);
    }
    // Illumination with shadows for the whole map: 10 sources (6 Blazes, 2 Starshells, 2 IR).
    let light_env = LosEnv::new(&map).obstacles_only();
    let at = |id: &str| map.hex(id).expect("bench hex");
    let blaze = |id: &str, levels| Source {
        kind: SourceKind::Blaze,
        hex: at(id),
        levels,
    };
    let other = |kind, id: &str| Source {
        kind,
        hex: at(id),
        levels: 0,
    };
    let sources = [
        blaze("C3", 1),
        blaze("H7", 2),
        blaze("N4", 1),
        blaze("S8", 2),
        blaze("Y3", 1),
        blaze("DD6", 2),
        other(SourceKind::Starshell, "K2"),
        other(SourceKind::Starshell, "U5"),
        other(SourceKind::Ir, "F5"),
        other(SourceKind::Ir, "AA7"),
    ];
    let mut light = Vec::new();
    for _ in 0..runs {
        let reps = 20;
        let t = Instant::now();
        for _ in 0..reps {
            black_box(illuminate(&light_env, black_box(&sources)));
        }
        light.push(t.elapsed().as_secs_f64() * 1e3 / f64::from(reps));
    }
    let n = ends.len();
    (
        n,
        Figures {
            light_ms: median(light),
            pairs: n * (n - 1),
            los_ms: median(los),
            bare_ms: median(bare),
            first_ms,
            clear,
        },
    )
}

/// How the figures grow with the map (`bench --boards N`): one map of `boards` benchmark boards.
#[derive(serde::Serialize)]
struct ScaleFigure {
    boards: u32,
    hexes: usize,
    pairs: usize,
    /// All-pairs LOS on one core, and on every core (rayon), and the bare walk likewise.
    los_ms: f64,
    los_parallel_ms: f64,
    bare_ms: f64,
    bare_parallel_ms: f64,
    /// LOS over the bare walk, both on every core (the figure) and on one.
    los_vs_bare: f64,
    los_vs_bare_single: f64,
    /// The median time of one Location's visibility field, over `field_samples` Locations.
    sees_ms: f64,
    field_samples: usize,
    /// Illumination with E1.941 shadows for 10 sources spread over the map.
    light_ms: f64,
    cores: usize,
}

/// Every ordered pair of different ground Locations of `map`, walked by `walk` (which returns 1
/// for a clear LOS), on one core or on all (`parallel`, one viewer per task): the number clear.
fn all_pairs_count(
    ends: &[End],
    parallel: bool,
    walk: &(dyn Fn(End, End) -> usize + Sync),
) -> usize {
    use rayon::prelude::*;
    let row = |a: &End| -> usize {
        ends.iter()
            .filter(|b| b.hex != a.hex)
            .map(|b| walk(black_box(*a), black_box(*b)))
            .sum()
    };
    if parallel {
        ends.par_iter().map(row).sum()
    } else {
        ends.iter().map(row).sum()
    }
}

/// Ten sources of Illumination spread over `map` (six Blazes, two Starshells, two IR).
fn spread_sources(map: &Map) -> Vec<Source> {
    let hexes: Vec<Hex> = map.hexes().map(|d| d.hex).collect();
    (0..10)
        .map(|i| {
            let h = hexes[(i * hexes.len()) / 10 + (hexes.len() / 20)];
            let (kind, levels) = match i {
                0..=5 => (SourceKind::Blaze, 1 + (i % 2) as u8),
                6 | 7 => (SourceKind::Starshell, 0),
                _ => (SourceKind::Ir, 0),
            };
            Source {
                kind,
                hex: h,
                levels,
            }
        })
        .collect()
}

fn time_ms(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1e3
}

fn measure_scale(boards: u32, runs: usize) -> ScaleFigure {
    let map = bench_map_of(boards);
    let env = LosEnv::new(&map);
    let ends: Vec<End> = map
        .hexes()
        .map(|d| End::centre(d.hex, d.level * LEVEL))
        .collect();
    let los = |a: End, b: End| usize::from(env.walk(a, b, &mut ()).clear());
    let bare = |a: End, b: End| {
        let line = centre_line(a.hex, b.hex);
        let mut sum = 0i64;
        for s in line.relative_steps() {
            for h in s.hexes() {
                let h = Hex::new(h.q + a.hex.q, h.r + a.hex.r);
                if let Some(d) = map.get(h) {
                    sum += i64::from(d.level);
                }
            }
        }
        (black_box(sum) & 1) as usize
    };
    // One untimed pass fills the line table.
    black_box(all_pairs_count(&ends, true, &los));
    let mut figures = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..runs {
        for (k, (parallel, walk)) in [
            (false, &los as &(dyn Fn(End, End) -> usize + Sync)),
            (true, &los),
            (false, &bare),
            (true, &bare),
        ]
        .into_iter()
        .enumerate()
        {
            figures[k].push(time_ms(&mut || {
                black_box(all_pairs_count(&ends, parallel, walk));
            }));
        }
    }
    let [los_ms, los_parallel_ms, bare_ms, bare_parallel_ms] = figures.map(median);
    let (sees_ms, field_samples) = field_median(boards, runs);
    let light_env = LosEnv::new(&map).obstacles_only();
    let sources = spread_sources(&map);
    let light_ms = median(
        (0..runs)
            .map(|_| {
                time_ms(&mut || {
                    black_box(illuminate(&light_env, black_box(&sources)));
                })
            })
            .collect(),
    );
    let n = ends.len();
    ScaleFigure {
        boards,
        hexes: n,
        pairs: n * (n - 1),
        los_ms,
        los_parallel_ms,
        bare_ms,
        bare_parallel_ms,
        los_vs_bare: los_parallel_ms / bare_parallel_ms,
        los_vs_bare_single: los_ms / bare_ms,
        sees_ms,
        field_samples,
        light_ms,
        cores: rayon::current_num_threads(),
    }
}

/// The median time of one visibility field (`Scenario::sees`, by day: every Location of the
/// map classified) from ground Locations spread over the map, each timed `runs` times.
fn field_median(boards: u32, runs: usize) -> (f64, usize) {
    let s = bench_scenario(boards);
    let ctx = s.los_context();
    let hexes: Vec<Hex> = s.map.hexes().map(|d| d.hex).collect();
    let samples = 21;
    let mut times = Vec::new();
    for k in 0..samples {
        let from = Location::Ground(hexes[(k * hexes.len()) / samples]);
        // One untimed call (the line table), then the timed ones.
        black_box(ctx.sees(&from).ok());
        for _ in 0..runs {
            times.push(time_ms(&mut || {
                black_box(ctx.sees(black_box(&from)).ok());
            }));
        }
    }
    (median(times), samples)
}

/// `bench --render`: the viewer's frame time on a 1-board and a 4-board map, the camera looking
/// straight down on the same area (a board's width) of each, rendered without a window in a
/// child process (a process opens one renderer), and their ratio: one merged mesh per board,
/// and boards out of view culled whole, keep it near 1 (the target is <= 1.5).
fn render_figures() -> Result<serde_json::Value, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::input(e.to_string()))?;
    let frame = |boards: u32, camera: &[&str]| -> Result<serde_json::Value, Failure> {
        let o = std::process::Command::new(&exe)
            .args(["view", "--frame-bench", "60", "--size", "800x500"])
            .args(camera)
            .args(["--boards", &boards.to_string()])
            .output()
            .map_err(|e| Failure::input(e.to_string()))?;
        let line = String::from_utf8_lossy(&o.stdout);
        line.lines()
            .rev()
            .find_map(|l| serde_json::from_str(l).ok())
            .ok_or_else(|| {
                let err = String::from_utf8_lossy(&o.stderr);
                Failure::input(format!(
                    "bench --render: the viewer gave no frame time ({})",
                    err.lines()
                        .rfind(|l| l.starts_with("error"))
                        .unwrap_or("no output")
                ))
            })
    };
    // The middle of the first board, and of the fourth (rows 33-43): the same view of each map;
    // then the whole map in view (the overview camera) on 1 and on 8 boards.
    let out = [
        frame(1, &["--camera", "top", "--focus", "Q5"])?,
        frame(4, &["--camera", "top", "--focus", "Q38"])?,
        frame(1, &["--camera", "overview"])?,
        frame(8, &["--camera", "overview"])?,
    ];
    let ms = |v: &serde_json::Value| v["median_ms"].as_f64().unwrap_or(f64::NAN);
    let ratio = |a: f64, b: f64| ((a / b) * 1000.0).round() / 1000.0;
    Ok(json!({
        "frame_1_board_ms": ms(&out[0]),
        "frame_4_boards_ms": ms(&out[1]),
        "frame_ratio_4_vs_1": ratio(ms(&out[1]), ms(&out[0])),
        "hexes_1_board": out[0]["hexes"],
        "hexes_4_boards": out[1]["hexes"],
        "pick_hand_1_board_us": out[0]["pick_hand_us"],
        "pick_mesh_1_board_us": out[0]["pick_mesh_us"],
        "pick_hand_4_boards_us": out[1]["pick_hand_us"],
        "pick_mesh_4_boards_us": out[1]["pick_mesh_us"],
        "frame_all_in_view_1_board_ms": ms(&out[2]),
        "frame_all_in_view_8_boards_ms": ms(&out[3]),
        "frame_ratio_all_in_view_8_vs_1": ratio(ms(&out[3]), ms(&out[2])),
    }))
}

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
        }
        if let Some(r) = &frames {
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
        }
        if cfg!(debug_assertions) {
            out.line(format_args!(
                "note: this is a debug build; measure with `cargo run --release -- bench`"
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
