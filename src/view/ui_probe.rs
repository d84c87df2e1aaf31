//! In a window, `--probes OUT.json` also keeps `OUT.ui.json` (issue 27): what a test driving
//! the window with `xdotool` cannot see from outside, rewritten (atomically) after each frame
//! in which it changed: the window's size, the map's part of it and each panel's rectangle, the
//! selection and the target, the stack list and where its entries are, the camera and whether
//! it is where it started, the hex under the pointer, the hex ids and mark texts drawn and
//! where, each with where its point lies under this frame's camera, where each counter is
//! now, the scenario's title and the scenario picker's entries. Logical pixels from the window's top left, as the pointer's position is given.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui;
use serde_json::{Value, json};

use super::camera::{HomeOrbit, Orbit};
use super::capture::{CaptureRequest, Captured};
use super::keys_help::KeysHelp;
use super::labels::{DrawnIds, id_point};
use super::pick::{Hovered, Pickables};
use super::play_ui::{DrawnMarks, Target};
use super::shared::{Layout, Pick, Selected};
use super::stack::StackList;
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, write.after(super::capture::Readiness));
}

/// Where the UI probes go: OUT.json's sibling OUT.ui.json.
pub fn ui_probe_path(probes: &std::path::Path) -> PathBuf {
    let stem = probes
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    probes.with_file_name(format!("{stem}.ui.json"))
}

/// A pick in words, as the probes give it: `unit us1`, `hex T4`, `cave G`, a Location.
fn pick_words(p: &Pick, map: &crate::map::Map) -> String {
    match p {
        Pick::Hex(h) => format!("hex {}", map.name(*h)),
        Pick::Cave(c) => format!("cave {c}"),
        Pick::Unit(u) => format!("unit {u}"),
        Pick::At(l) => l.display(map).to_string(),
    }
}

/// The stack list open, if one is: its hex, its units and where each entry is drawn.
fn stack_json(stack: &StackList, map: &crate::map::Map, z: f32) -> Option<Value> {
    stack.hex.map(|h| {
        json!({
            "hex": map.name(h),
            "units": stack.units,
            "entries": stack.entries.iter().map(|(id, r)| {
                json!({"id": id, "x": (r.center().x * z).round(), "y": (r.center().y * z).round()})
            }).collect::<Vec<_>>(),
        })
    })
}

/// The scenario picker, if open: its entries and where each is drawn, and its error.
fn picker_json(picker: &super::picker::Picker, z: f32) -> Option<Value> {
    picker.open.then(|| {
        json!({
            "entries": picker.entries.iter().map(|(name, r)| {
                json!({"name": name, "x": (r.center().x * z).round(), "y": (r.center().y * z).round()})
            }).collect::<Vec<_>>(),
            "error": picker.error,
        })
    })
}

/// The clickable buttons by name, each at its centre.
fn buttons_json(
    buttons: &crate::view::shared::ButtonRects,
    z: f32,
) -> serde_json::Map<String, Value> {
    buttons
        .0
        .iter()
        .map(|(name, r)| {
            (
                name.clone(),
                json!([(r.center().x * z).round(), (r.center().y * z).round()]),
            )
        })
        .collect()
}

/// What is picked and open: the selection, its target, the stack list, the keys window, the
/// Fire Group and the mark labels.
type Parts<'w> = (
    Res<'w, Selected>,
    Res<'w, Target>,
    Res<'w, StackList>,
    Res<'w, KeysHelp>,
    Res<'w, crate::view::shared::FireGroup>,
    Res<'w, crate::view::shared::MarkLabelRects>,
);

#[allow(clippy::too_many_arguments)]
fn write(
    request: Res<CaptureRequest>,
    captured: Res<Captured>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    layout: Res<Layout>,
    parts: Parts<'_>,
    view: (Res<Orbit>, Res<HomeOrbit>, Res<Hovered>),
    drawn: (Res<DrawnIds>, Res<DrawnMarks>, Res<Pickables>),
    board: Res<Board>,
    picker: Res<super::picker::Picker>,
    turn: (Res<State<crate::sim::Phase>>, Res<crate::sim::PlayerTurn>),
    play: (
        Res<crate::view::shared::ButtonRects>,
        Option<Res<crate::sim::opponent::OpponentPlay>>,
        Res<crate::play::Match>,
    ),
    mut last: Local<String>,
) {
    let (Some(probes), Some(window)) = (&request.probes, window) else {
        return;
    };
    if request.headless() || !captured.0 {
        return;
    }
    let (selected, target, stack, help, group, labels) = parts;
    let (orbit, home, hovered) = view;
    let (ids, marks, pickables) = drawn;
    let (cam, gt) = *camera;
    let map = &board.scenario.map;
    let z = layout.zoom.max(0.01);
    let rect = |r: egui::Rect| {
        json!([
            (r.min.x * z).round(),
            (r.min.y * z).round(),
            (r.max.x * z).round(),
            (r.max.y * z).round()
        ])
    };
    let now = |p: Vec3| {
        cam.world_to_viewport(gt, p)
            .ok()
            .map(|px| json!([px.x.round(), px.y.round()]))
    };
    let panels: serde_json::Map<String, Value> = layout
        .panels
        .iter()
        .map(|(name, r)| (name.to_string(), rect(*r)))
        .collect();
    let hex_ids: Vec<Value> = ids
        .0
        .iter()
        .map(|(text, p)| {
            let want = map.hex(text).ok().and_then(|h| now(id_point(map, h)));
            json!({"text": text, "x": (p.x * z).round(), "y": (p.y * z).round(), "now": want})
        })
        .collect();
    // Each mark's label, and the Location its label names (a click on the label goes there).
    let mark_list: Vec<Value> = marks
        .0
        .iter()
        .enumerate()
        .map(|(i, (text, p))| {
            let at = labels.0.get(i).map(|(_, pick)| pick_words(pick, map));
            json!({"text": text, "x": (p.x * z).round(), "y": (p.y * z).round(), "at": at})
        })
        .collect();
    let units: Vec<Value> = pickables
        .counters
        .iter()
        .filter_map(|(pick, p, r)| match pick {
            // Its counter's box on the screen too (hex ids give way to it, `labels`).
            Pick::Unit(id) => now(*p).map(|px| {
                let on_screen = super::labels::counter_rect(cam, gt, z, *p, *r).map(rect);
                json!({"id": id, "at": px, "rect": on_screen})
            }),
            _ => None,
        })
        .collect();
    let stack_list = stack_json(&stack, map, z);
    let picker_list = picker_json(&picker, z);
    let (buttons, opponent, game) = play;
    let button_list = buttons_json(&buttons, z);
    let awaiting = opponent
        .as_ref()
        .and_then(|o| o.awaiting.as_ref())
        .map(|(u, at)| format!("{u} {}", at.display(map)));
    let out = json!({
        "title": board.scenario.title,
        "phase": turn.0.get().abbrev(),
        "player_turn": turn.1.number,
        "picker": picker_list,
        "window": [window.width().round(), window.height().round()],
        "view": layout.view.map(rect),
        "panels": panels,
        "selected": selected.0.as_ref().map(|p| pick_words(p, map)),
        "target": target.0.as_ref().map(|p| pick_words(p, map)),
        "fire_group": group.0,
        "stack": stack_list,
        "keys_open": help.0,
        "camera": {
            "focus": [orbit.focus.x, orbit.focus.y, orbit.focus.z],
            "yaw": orbit.yaw,
            "pitch": orbit.pitch,
            "distance": orbit.distance,
            "home": *orbit == home.0,
        },
        "pointer_hex": hovered.0.map(|h| map.name(h)),
        "hex_ids": hex_ids,
        "marks": mark_list,
        "units": units,
        "buttons": button_list,
        "awaiting": awaiting,
        // The status line (issue 38) and the last events told, as the log shows them.
        "status": game.status().line(),
        "last_events": game.log.iter().rev().take(24).map(|e| e.text.clone()).collect::<Vec<_>>(),
        // Each phase as it began (A3): "GT1 Allied RPh", in order (issue 38: none skipped).
        "phases_begun": game
            .log
            .iter()
            .filter(|e| e.rule.as_deref() == Some("A3") && e.text.ends_with(" begins"))
            .map(|e| format!("GT{} {} {}", e.turn, e.attacker, e.phase))
            .collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&out).unwrap_or_default();
    if text == *last {
        return;
    }
    let path = ui_probe_path(probes);
    if let Err(e) = crate::save_file::write_atomically(&path, text.as_bytes()) {
        crate::diag::report(&format!("could not write {}: {e}", path.display()));
    }
    *last = text;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_probes_lie_beside_the_probes() {
        assert_eq!(
            ui_probe_path(std::path::Path::new("/tmp/x/probes.json")),
            PathBuf::from("/tmp/x/probes.ui.json")
        );
    }
}
