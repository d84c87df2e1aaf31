//! asl-pto-core: the Bevy-free core of asl-pto, a rules-faithful simulation of Advanced Squad
//! Leader's Pacific-theater rules (caves G11, cliffs and Climbing B11.4, night E1, Japanese G1,
//! PTO terrain G.1-G.10).
//!
//! Layers, each depending only on those above it: `hex` -> `map` -> `los` -> `rules`, with
//! `model` (sides, phases, SMOKE kinds, night sky) and `counters` (the counter catalog) beside
//! them, and `state` (the `GameState` every ruling reads, through its `Situation`). Every ruling
//! is a pure function of plain facts; `game` plays an order or a phase on the state with seeded
//! dice (judge, roll, apply, say) without Bevy. The `asl-pto` crate's simulation keeps the state
//! as entities and calls `game`, its CLI prints what happened and its viewer shows it. `vasl`
//! reads VASL board archives (`bdNN` files) into hexes for the map.

pub mod counters;
pub mod duel;
pub mod files;
pub mod game;
pub mod hex;
pub mod los;
pub mod map;
pub mod model;
pub mod naming;
pub mod opponent;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod vasl;
pub mod words;
