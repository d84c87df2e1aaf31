//! The walkthrough's events as the match logs them (`play::Event`: what `asl-pto walk` prints,
//! cli.md), mirrored for the viewer's walkthrough panel (`WalkLog`).

use bevy::prelude::*;

pub use crate::play::{Event, REFUSED};

/// Every event so far: the match's log, mirrored.
#[derive(Resource, Clone, Debug, Default)]
pub struct WalkLog {
    pub events: Vec<Event>,
}
