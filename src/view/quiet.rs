//! A quiet viewer (issue 16): in a window it renders on demand (Bevy's reactive winit mode), so
//! an idle viewer sleeps until input comes; it keeps rendering continuously only while there is
//! work a frame must do without input: the scene still loading (meshes, render pipelines, the
//! capture or probes waiting for it), a walkthrough step or Play order still running (a step can
//! take several frames, one phase each) or just given and not yet read, the camera easing, an
//! arrow key held, the few frames after a resize. Two things in
//! bevy_egui would keep it awake forever or not wake it at all, and are mended here: a
//! `ModifiersChanged` event it feeds egui every frame (egui repaints on any event), and egui's
//! delayed repaints (tooltips) it does not pass to winit. Idle under Xvfb: 0.0 % of a core
//! (README). Bevy's INFO/WARN log lines are off by default (`view::log_plugin`):
//! `RUST_LOG=info` brings them back.

use std::sync::atomic::Ordering;
use std::time::Duration;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiFullOutput, EguiInput, EguiPostUpdateSet, EguiPreUpdateSet, egui};

use super::capture::{CaptureRequest, Captured, PipelineStatus, SceneReady};
use crate::sim::play::Play;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, keep_awake)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            egui_repaint_delay
                .after(EguiPostUpdateSet::EndPass)
                .before(EguiPostUpdateSet::ProcessOutput),
        );
}

/// The longest an idle window sleeps without input (a safety net: nothing on screen changes by
/// itself once the scene has loaded).
const IDLE_WAKE: Duration = Duration::from_secs(60);

/// Render on demand: wake on input, on a redraw request, or when egui asked to be repainted
/// later (a tooltip's delay: `egui_repaint_delay` shortens the wait to that), else once a minute.
pub fn on_demand() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
    }
}

/// egui asks for a repaint after a delay (a tooltip shows once the pointer rests); bevy_egui
/// only forwards immediate requests to winit, so the window's wait is shortened to that delay.
fn egui_repaint_delay(outputs: Query<&EguiFullOutput>, settings: Option<ResMut<WinitSettings>>) {
    // Without a window (`--screenshot`) there is no winit loop to tell.
    let Some(mut settings) = settings else {
        return;
    };
    let delay = outputs
        .iter()
        .filter_map(|output| output.0.as_ref())
        .filter_map(|full| full.viewport_output.get(&egui::ViewportId::ROOT))
        .map(|viewport| viewport.repaint_delay)
        .min()
        .unwrap_or(Duration::MAX)
        .clamp(Duration::from_millis(16), IDLE_WAKE);
    let wanted = UpdateMode::reactive(delay);
    if settings.focused_mode != wanted {
        settings.focused_mode = wanted;
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
    play: Res<Play>,
    keys: Res<ButtonInput<KeyCode>>,
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut after_resize: Local<u32>,
    mut redraw: MessageWriter<RequestRedraw>,
    opponent: Option<Res<crate::sim::opponent::OpponentPlay>>,
    orders: Option<Res<Messages<crate::sim::play::PlayOrder>>>,
    odds: Option<Res<crate::view::play_ui::OddsJob>>,
) {
    // An order just given (a click on End phase, say) is read by the next frame's `perform`:
    // that frame must come, input or not (else the order waits for the next input, and a
    // click with nothing after it seemed to do nothing).
    if orders.is_some_and(|o| !o.is_empty()) {
        redraw.write(RequestRedraw);
    }
    // The program's turn comes after a pause a person can follow (issue 28): frames go on
    // until it has played.
    if opponent.is_some_and(|o| o.busy()) {
        redraw.write(RequestRedraw);
    }
    // A resized window is laid out again over a few frames (egui learns the new size from the
    // camera a frame late, then the map's viewport follows the panels): draw them all, so the
    // panels stand at their new places without waiting for input (issue 27.8).
    if resized.read().count() > 0 {
        *after_resize = 4;
    }
    if *after_resize > 0 {
        *after_resize -= 1;
        redraw.write(RequestRedraw);
    }
    let loading = time.elapsed_secs() < 5.0
        || !ready.terrain
        || !ready.counters
        || status.0.waiting.load(Ordering::Relaxed) > 0
        || (request.probes.is_some() && !captured.0);
    // A held arrow key pans the camera every frame, with no new input to wake on.
    let key_held = keys.get_pressed().next().is_some();
    // The Orders window's odds are being counted (issue 37): frames go on to show them.
    let counting = odds.is_some_and(|o| o.pending());
    if loading || key_held || counting || !play.settled() {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui 0.42 pushes a `ModifiersChanged` event into egui's input every frame, changed or
/// not; egui reads any event as a reason to repaint at once, so an idle window would redraw
/// forever. This drops the event when the modifiers are those of the last frame (egui keeps the
/// modifier state itself, so nothing is lost) and lets every other event through.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let events = &mut input.0.events;
        let mut seen = last.get(&entity).copied();
        events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => {
                let unchanged = seen == Some(*now);
                seen = Some(*now);
                !unchanged
            }
            _ => true,
        });
        if let Some(now) = seen {
            last.insert(entity, now);
        }
    }
}
