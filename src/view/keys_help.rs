//! The keys and mouse controls, listed in one window that F1 or `?` opens and closes (issue
//! 27.9): every key the viewer reads is in `KEYS`, so the list and the controls cannot part.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::shared::Panel;

/// Every control of the viewer: (keys, what they do).
pub const KEYS: &[(&str, &str)] = &[
    ("Right drag", "orbit the camera"),
    ("Shift + right drag, middle drag", "pan"),
    ("Arrow keys", "pan"),
    ("Wheel", "zoom"),
    ("1 / 2 / 3", "camera presets: close, overview, top"),
    (
        "Click",
        "inspect a hex, cave or counter; in Play mode select a unit",
    ),
    (
        "Click on a mark (Play mode)",
        "move (or in the RtPh rout) the selected unit there",
    ),
    (
        "Click on a hex, cave or enemy (Play mode)",
        "make it the selected unit's target",
    ),
    ("Esc", "clear the target, then the selection"),
    ("G", "hex grid on or off"),
    (
        "V (held)",
        "the visibility field of the hovered hex or selected unit",
    ),
    ("Ctrl+Z / Ctrl+Y", "Undo / Redo (Play mode)"),
    ("Ctrl+S", "save the game (Play mode)"),
    ("F1 or ?", "this list"),
];

/// The Keys window is open.
#[derive(Resource, Default, Debug)]
pub struct KeysHelp(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeysHelp>()
        .add_systems(Update, toggle)
        .add_systems(EguiPrimaryContextPass, show.in_set(Panel::Legend));
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, mut help: ResMut<KeysHelp>) {
    if keys.just_pressed(KeyCode::F1) || keys.just_pressed(KeyCode::Slash) {
        help.0 = !help.0;
    }
}

fn show(mut contexts: EguiContexts, mut help: ResMut<KeysHelp>) -> Result {
    if !help.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Keys")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .open(&mut open)
        .show(ctx, |ui| {
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for (k, what) in KEYS {
                    ui.strong(*k);
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
    if !open {
        help.0 = false;
    }
    Ok(())
}
