//! The LOS and light figures: all-pairs LOS against the bare walk of the same hex lines and the
//! Illumination with shadows (E1.941) on one board (`measure`), and how they grow with the map,
//! with the visibility field, on one core and on all (`measure_scale`, `bench --boards N`).

use std::hint::black_box;
use std::time::Instant;

use super::board::{bench_map, bench_map_of, bench_scenario};
use super::stats::{median, time_ms};
use crate::hex::{Hex, centre_line};
use crate::los::Location;
use crate::los::{End, LosEnv};
use crate::map::{LEVEL, Map};
use crate::rules::night::light::{Source, SourceKind, illuminate};

pub(super) struct Figures {
    pub(super) light_ms: f64,
    pub(super) pairs: usize,
    pub(super) los_ms: f64,
    pub(super) bare_ms: f64,
    pub(super) first_ms: f64,
    pub(super) clear: usize,
}

pub(super) fn measure(runs: usize) -> (usize, Figures) {
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
pub(super) struct ScaleFigure {
    pub(super) boards: u32,
    pub(super) hexes: usize,
    pub(super) pairs: usize,
    /// All-pairs LOS on one core, and on every core (rayon), and the bare walk likewise.
    pub(super) los_ms: f64,
    pub(super) los_parallel_ms: f64,
    pub(super) bare_ms: f64,
    pub(super) bare_parallel_ms: f64,
    /// LOS over the bare walk, both on every core (the figure) and on one.
    pub(super) los_vs_bare: f64,
    pub(super) los_vs_bare_single: f64,
    /// The median time of one Location's visibility field, over `field_samples` Locations.
    pub(super) sees_ms: f64,
    field_samples: usize,
    /// Illumination with E1.941 shadows for 10 sources spread over the map.
    pub(super) light_ms: f64,
    pub(super) cores: usize,
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

pub(super) fn measure_scale(boards: u32, runs: usize) -> ScaleFigure {
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
