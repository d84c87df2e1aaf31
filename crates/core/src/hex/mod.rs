//! Hex geometry for ASL boards: ids, axial/cube coordinates, neighbours, hexsides, vertices,
//! hexspines, distance, centre coordinates, and the exact hexes an LOS thread crosses.

mod chain;
mod coord;
pub mod id;
pub mod line;
mod side;

pub use chain::first_unchained;
pub use coord::{Direction, Hex};
pub use id::{HexId, HexRef, ParseError, column_letters};
pub use line::{LineStep, Point3, centre_line, line_between, segment_steps};
pub(crate) use side::split_ids;
pub use side::{Hexside, Vertex, hexspines};
