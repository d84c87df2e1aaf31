//! The keys and mouse controls, listed in one window that F1 or `?` opens and closes (issue
//! 27.9): every key the viewer reads is in `KEYS`, so the list and the controls cannot part
//! (a test holds the source of the viewer to it).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::shared::{Layout, Panel, Typing};

/// Every control of the viewer: (keys, what they do).
pub const KEYS: &[(&str, &str)] = &[
    ("Right drag", "orbit the camera"),
    ("Shift + right drag, middle drag", "pan"),
    ("Arrow keys", "pan"),
    ("Wheel", "zoom toward the point under the pointer"),
    ("1 / 2 / 3", "camera presets: close, overview, top"),
    ("Home or 0", "the camera back to where it started"),
    (
        "Click",
        "inspect a hex, cave or counter; in Play mode select a unit",
    ),
    (
        "Click on a stack",
        "also lists its units: click one to select it",
    ),
    ("L", "list the units of the hex under the pointer"),
    (
        "Ctrl + click",
        "select what is clicked, either side's unit (never a move or a target)",
    ),
    (
        "Click on a mark or its label (Play mode)",
        "move (or in the RtPh rout) the selected unit there",
    ),
    (
        "Shift + click on another of your units (Play mode)",
        "add it to the selected unit's Fire Group, or take it out (also in the stack list)",
    ),
    (
        "Click on a hex, cave or enemy (Play mode)",
        "make it the selected unit's target",
    ),
    (
        "Esc",
        "leave the selection and its target; close the stack list",
    ),
    ("G", "hex grid on or off"),
    (
        "V (held)",
        "the visibility field of the hovered hex or selected unit",
    ),
    (
        "Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z)",
        "Undo / Redo (Play mode)",
    ),
    ("Ctrl+S", "save the game (Play mode)"),
    ("O", "open another scenario (the scenario list)"),
    ("Drag a side panel's edge", "widen it, or fold it away"),
    ("F1 or ?", "this list"),
];

/// The Keys window is open.
#[derive(Resource, Default, Debug)]
pub struct KeysHelp(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeysHelp>()
        .add_systems(Update, toggle.before(super::play_ui::PlayClicks))
        .add_systems(EguiPrimaryContextPass, show.in_set(Panel::Floating));
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    typing: Typing,
    mut help: ResMut<KeysHelp>,
    mut esc: ResMut<super::shared::EscClosed>,
) {
    if typing.now() {
        return;
    }
    // Esc closes it (issue 38).
    if help.0 && keys.just_pressed(KeyCode::Escape) {
        help.0 = false;
        esc.0 = true;
        return;
    }
    if keys.just_pressed(KeyCode::F1) || keys.just_pressed(KeyCode::Slash) {
        help.0 = !help.0;
    }
}

fn show(
    mut contexts: EguiContexts,
    mut help: ResMut<KeysHelp>,
    mut layout: ResMut<Layout>,
) -> Result {
    if !help.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let shown = egui::Window::new("Keys")
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
    if let Some(r) = shown {
        layout.panels.push(("keys", r.response.rect));
    }
    if !open {
        help.0 = false;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key the viewer's sources read, by the name `KEYS` gives it.
    #[test]
    fn every_key_the_viewer_reads_is_listed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/view");
        let mut sources = String::new();
        for entry in walk(&dir) {
            sources.push_str(&std::fs::read_to_string(entry).unwrap());
        }
        let listed: String = KEYS.iter().map(|(k, _)| format!("{k} ")).collect();
        let names = [
            ("KeyCode::Escape", "Esc"),
            ("KeyCode::KeyG", "G"),
            ("KeyCode::KeyV", "V"),
            ("KeyCode::KeyL", "L"),
            ("KeyCode::KeyO", "O"),
            ("KeyCode::KeyZ", "Ctrl+Z"),
            ("KeyCode::KeyY", "Ctrl+Y"),
            ("KeyCode::KeyS", "Ctrl+S"),
            ("KeyCode::Home", "Home"),
            ("KeyCode::Digit0", "0"),
            ("KeyCode::Digit1", "1 / 2 / 3"),
            ("KeyCode::ArrowUp", "Arrow keys"),
            ("KeyCode::F1", "F1"),
            ("KeyCode::Slash", "?"),
            ("KeyCode::ControlLeft", "Ctrl"),
            ("KeyCode::ShiftLeft", "Shift"),
        ];
        let mut read: Vec<&str> = sources
            .match_indices("KeyCode::")
            .map(|(i, _)| {
                let rest = &sources[i..];
                let end = rest[9..]
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .map_or(rest.len(), |e| e + 9);
                &rest[..end]
            })
            .filter(|k| !k.starts_with("KeyCode::Digit2") && !k.starts_with("KeyCode::Digit3"))
            .filter(|k| !k.starts_with("KeyCode::Arrow") || *k == "KeyCode::ArrowUp")
            .filter(|k| !k.ends_with("Right"))
            .collect();
        read.sort();
        read.dedup();
        for key in read {
            let name = names
                .iter()
                .find(|(code, _)| *code == key)
                .unwrap_or_else(|| panic!("{key} is read but has no name in this test"))
                .1;
            assert!(listed.contains(name), "{key} ({name}) is not in KEYS");
        }
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("keys_help.rs") {
                out.push(p);
            }
        }
        out
    }
}
