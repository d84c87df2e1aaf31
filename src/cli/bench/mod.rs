//! `asl-pto bench [--json]`: LOS over every ordered pair of ground Locations on a full
//! geomorphic board (33 x 10, hills, jungle, kunai, depressions), against a bare walk of the
//! same hex lines that applies no rule. Single-threaded; each figure is the median of `--runs`
//! timed runs (5 by default), after one untimed pass that fills the line table. `light_ms` is
//! the whole map's Illumination with shadows for 10 sources. `moves_ms` is one squad's legal-move
//! field (`rules::moves::field_of_movement`) in the middle of a map of `--boards` benchmark
//! boards (8 by default), in the MPh. `opponent_player_turn_ms` is a whole Allied Player Turn
//! of the assault demo, twelve units a side, played by the doctrine opponent (issue 28).

mod board;
mod los;
mod moves;
mod opponent;
mod render;
mod report;
mod stats;

pub use board::bench_map_of;
pub use report::run;
