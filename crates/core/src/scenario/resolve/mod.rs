//! From the raw syntax tree to a `Scenario`: every hex, hexside, vertex, Location and id is
//! checked; the first problem is an input error pointing at the offending text.

mod ctx;
mod map;
mod scenario;
mod script;

pub(super) use scenario::resolve;
