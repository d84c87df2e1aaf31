//! A save is checked before anything of it is used: the core's `play::check`.

pub use crate::play::check::*;
