//! asl-pto: a rules-faithful simulation of Advanced Squad Leader's Pacific-theater rules
//! (caves G11, cliffs and Climbing B11.4, night E1, Japanese G1, PTO terrain G.1-G.10).
//!
//! Layers, each depending only on those above it: `hex` -> `map` -> `los` -> `rules` (the
//! Bevy-free core crate, `asl-pto-core`, re-exported here under the same names) -> `scenario`
//! -> `sim` -> `view`; the `cli` drives them all.

pub use asl_pto_core::{
    counters, duel, files, game, hex, los, map, model, opponent, play, rules, scenario, state,
    vasl, words,
};

pub mod cli;
pub mod diag;
pub mod save_file;
pub mod sim;
#[cfg(feature = "viewer")]
pub mod view;
