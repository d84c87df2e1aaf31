//! The scenario's fixed data, shared by every system: the core's `play::Board` (the map, the
//! cave facts and the scenario as loaded), a resource here.

pub use crate::play::Board;
