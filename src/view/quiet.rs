//! A quiet viewer (issue 16): in a window it renders on demand (Bevy's reactive winit mode), so
//! an idle viewer sleeps until input comes; it keeps rendering continuously only while there is
//! work a frame must do without input: the scene still loading (meshes, render pipelines, the
//! capture or probes waiting for it), a walkthrough step or Play order still running (a step can
//! take several frames, one phase each), the camera easing. Bevy's INFO/WARN log lines are off
//! by default (`view::log_plugin`): `RUST_LOG=info` brings them back.

use std::sync::atomic::Ordering;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

use super::capture::{CaptureRequest, Captured, PipelineStatus, SceneReady};
use crate::sim::Walk;
use crate::sim::play::Play;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, keep_awake);
}

/// Render on demand: wake on input, and at least every half second while focused (the egui
/// panels' clocks), every five seconds when not.
pub fn on_demand() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(Duration::from_millis(500)),
        unfocused_mode: UpdateMode::reactive_low_power(Duration::from_secs(5)),
    }
}

/// The log filter when `RUST_LOG` is not set: errors only (Bevy's start-up INFO lines and the
/// software-renderer WARN lines say nothing a player needs).
pub const QUIET_LOG_FILTER: &str = "error";

#[allow(clippy::too_many_arguments)]
fn keep_awake(
    time: Res<Time<Real>>,
    request: Res<CaptureRequest>,
    ready: Res<SceneReady>,
    captured: Res<Captured>,
    status: Res<PipelineStatus>,
    walk: Res<Walk>,
    play: Res<Play>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let loading = time.elapsed_secs() < 5.0
        || !ready.terrain
        || !ready.counters
        || status.0.waiting.load(Ordering::Relaxed) > 0
        || (request.probes.is_some() && !captured.0);
    if loading || !walk.idle() || !play.settled() {
        redraw.write(RequestRedraw);
    }
}
