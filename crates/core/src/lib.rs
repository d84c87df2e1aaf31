//! asl-pto-core: the Bevy-free core of asl-pto, a rules-faithful simulation of Advanced Squad
//! Leader's Pacific-theater rules (caves G11, cliffs and Climbing B11.4, night E1, Japanese G1,
//! PTO terrain G.1-G.10).
//!
//! Layers, each depending only on those above it: `hex` -> `map` -> `los` -> `rules`, with
//! `model` (sides, phases, SMOKE kinds, night sky) and `counters` (the counter catalog) beside
//! them, and `state` (the `GameState` every ruling reads, through its `Situation`). Every ruling
//! is a pure function of plain facts; the `asl-pto` crate's simulation
//! applies them, its CLI prints them and its viewer shows them. `vasl` reads VASL board
//! archives (`bdNN` files) into hexes for the map.

pub mod counters;
pub mod files;
pub mod hex;
pub mod los;
pub mod map;
pub mod model;
pub mod rules;
pub mod state;
pub mod vasl;
pub mod words;
