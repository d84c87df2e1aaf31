//! The view bar (day/night, whose view, hex ids, camera presets), one of the egui panels (the
//! walkthrough, the inspector and the LOS tool are their own files' windows); and, after every
//! panel, whether the pointer is over one of them (then clicks and drags are the panel's, not
//! the camera's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{Orbit, preset_orbit};
use super::shared::{Panel, PointerOverUi, Preset, ViewSettings, ViewSystems};
use crate::scenario::Side;
use crate::sim::{Board, NightState};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, view_bar.in_set(Panel::Bar))
        .add_systems(
            EguiPrimaryContextPass,
            pointer_state.in_set(ViewSystems::Overlay),
        );
}

fn pointer_state(mut contexts: EguiContexts, mut over: ResMut<PointerOverUi>) -> Result {
    let ctx = contexts.ctx_mut()?;
    over.0 = ctx.is_pointer_over_egui() || ctx.egui_wants_pointer_input();
    Ok(())
}

fn view_bar(
    mut contexts: EguiContexts,
    mut settings: ResMut<ViewSettings>,
    mut night: ResMut<NightState>,
    mut orbit: ResMut<Orbit>,
    board: Res<Board>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("View")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let is_night = night.nvr.is_some();
                if ui.selectable_label(!is_night, "Day").clicked() && is_night {
                    night.nvr = None;
                }
                if ui.selectable_label(is_night, "Night").clicked() && !is_night {
                    night.nvr = Some(settings.night_nvr);
                }
                match night.nvr {
                    Some(n) => ui.label(format!("NVR {n} (E1.1)")),
                    None => ui.label("daylight"),
                };
            });
            if night.nvr.is_some() {
                ui.small(&settings.night_why);
            }
            ui.horizontal(|ui| {
                ui.label("Hidden units/caves of:");
                for (side, name) in [
                    (None, "all"),
                    (Some(Side::Japanese), "Japanese"),
                    (Some(Side::Allied), "Allied"),
                ] {
                    if ui.selectable_label(settings.side == side, name).clicked() {
                        settings.side = side;
                    }
                }
            });
            // Only a click changes the settings (the caves and counters redraw when they do).
            ui.horizontal(|ui| {
                let mut grid = settings.grid;
                if ui.checkbox(&mut grid, "hex grid (G)").changed() {
                    settings.grid = grid;
                }
                let mut hex_ids = settings.hex_ids;
                if ui
                    .checkbox(&mut hex_ids, "hex ids (else the one under the pointer)")
                    .changed()
                {
                    settings.hex_ids = hex_ids;
                }
            });
            ui.horizontal(|ui| {
                ui.label("Camera:");
                for (p, name) in [
                    (Preset::Close, "1 close"),
                    (Preset::Overview, "2 overview"),
                    (Preset::Top, "3 top"),
                ] {
                    if ui.button(name).clicked() {
                        *orbit = preset_orbit(&board, &settings, p);
                    }
                }
            });
            ui.small("Right drag: orbit · Shift+right or middle drag: pan · wheel: zoom · click: inspect · F1 or ?: all keys");
        });
    Ok(())
}
