//! A save's past, rebuilt by replaying its steps: the core's `play::replay`.

pub use crate::play::replay::{Departs, Past, replay, replay_checked};
