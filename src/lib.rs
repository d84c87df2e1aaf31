//! asl-pto: a rules-faithful simulation of Advanced Squad Leader's Pacific-theater rules
//! (caves G11, cliffs and Climbing B11.4, night E1, Japanese G1, PTO terrain G.1-G.10).
//!
//! Layers, each depending only on those above it: `hex` -> `map` -> `los` -> `rules` ->
//! `scenario` -> `sim` -> `view`; the `cli` drives them all.

pub mod cli;
pub mod counters;
pub mod hex;
pub mod los;
pub mod map;
pub mod rules;
pub mod scenario;
pub mod sim;
#[cfg(feature = "viewer")]
pub mod view;
