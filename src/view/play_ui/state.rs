//! Play mode's state in the viewer: how it starts (`PlayStart`), the clicks it took, the
//! selected unit's destinations and target, the last save or export, and where the camera eases
//! to.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::moves::Reach;
use crate::sim::{Phase, save};
use crate::view::shared::{Pick, ViewOptions};

/// How the viewer starts playing: `--play`, `--phase`, `--load`, and where saves and exports go.
#[derive(Resource, Debug)]
pub struct PlayStart {
    pub(super) play: bool,
    pub(super) phase: Option<Phase>,
    pub(super) load: Option<Box<save::Save>>,
    pub save_path: PathBuf,
    pub export_path: PathBuf,
    pub(super) done: bool,
}

impl From<&ViewOptions> for PlayStart {
    fn from(o: &ViewOptions) -> PlayStart {
        PlayStart {
            play: o.play,
            phase: o.phase,
            load: o.load.clone(),
            save_path: o
                .save_path
                .clone()
                .unwrap_or_else(|| PathBuf::from("asl-pto.save.ron")),
            export_path: o
                .export_path
                .clone()
                .unwrap_or_else(|| PathBuf::from("asl-pto.played.ron")),
            done: false,
        }
    }
}

/// The clicks picked this frame were Play mode's (a destination or a target): the inspector
/// does not select them.
#[derive(Resource, Default, Debug)]
pub struct ClickTaken(pub bool);

/// Play mode's click handling, before the inspector's selection.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash)]
pub struct PlayClicks;

/// The selected unit's reachable Locations this phase, and what they were computed for.
#[derive(Resource, Default, Debug)]
pub struct Destinations {
    pub unit: Option<String>,
    pub reaches: Vec<Reach>,
    /// Why the unit cannot move now, if it cannot.
    pub why_not: Option<String>,
    pub(super) key: Option<Key>,
}

/// What a plan was made for: the selection, the target and the walk's state.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Key {
    pub(super) unit: String,
    pub(super) target: Option<Pick>,
    /// The units Shift+clicked to fire with it (`FireGroup`).
    pub(super) group: Vec<String>,
    pub(super) next: usize,
    pub(super) events: usize,
    pub(super) phase: Phase,
    pub(super) pt: u32,
}

/// The target picked for the selected unit's actions (a hex, a cave, a unit, a Location).
#[derive(Resource, Default, Debug)]
pub struct Target(pub Option<Pick>);

/// The last save or export, and requests waiting for the runner to be idle.
#[derive(Resource, Default, Debug)]
pub struct PlayStatus {
    pub message: Option<String>,
    pub save_requested: bool,
    pub export_requested: bool,
}

/// Where the camera is easing to (the acting unit, when it was off screen), and the log length
/// last looked at.
#[derive(Resource, Default, Debug)]
pub(super) struct CameraGoal {
    pub(super) focus: Option<Vec3>,
    pub(super) seen: usize,
}
