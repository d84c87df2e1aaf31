//! The View bar across the top of the window (day/night, whose view, grid and hex ids, the
//! camera, the side panels' switches, the Keys list), drawn in its place by `dock`; and, after
//! every panel, whether the pointer is over one of them (then clicks and drags are the panel's,
//! not the camera's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{HomeOrbit, Orbit, ViewAspect, preset_orbit};
use super::keys_help::KeysHelp;
use super::shared::{Dock, Layout, PointerOverUi, Preset, ViewSettings, ViewSystems};
use crate::scenario::Side;
use crate::sim::{Board, NightState};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        pointer_state.in_set(ViewSystems::Overlay),
    );
}

/// The pointer is the panels' when egui uses it, or when it lies outside the map's part of the
/// window (over a docked panel, which egui draws on its background layer).
fn pointer_state(
    mut contexts: EguiContexts,
    layout: Res<Layout>,
    mut over: ResMut<PointerOverUi>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let off_map = ctx.pointer_latest_pos().is_some_and(|p| !layout.on_map(p));
    let now = ctx.is_pointer_over_egui() || ctx.egui_wants_pointer_input() || off_map;
    if over.0 != now {
        over.0 = now;
    }
    Ok(())
}

/// The View bar: one wrapped row of small controls.
#[allow(clippy::too_many_arguments)]
pub(super) fn view_bar(
    InMut(ui): InMut<egui::Ui>,
    mut settings: ResMut<ViewSettings>,
    mut night: ResMut<NightState>,
    mut orbit: ResMut<Orbit>,
    home: Res<HomeOrbit>,
    aspect: Res<ViewAspect>,
    mut dock: ResMut<Dock>,
    mut help: ResMut<KeysHelp>,
    mut picker: ResMut<super::picker::Picker>,
    board: Res<Board>,
    fog: (
        Option<Res<crate::sim::opponent::OpponentPlay>>,
        Option<Res<crate::state::Scoring>>,
    ),
) {
    // The screen is held to the person's side (`play::Program::screen_side`).
    let over = fog.1.is_some_and(|s| s.over);
    let fog_locked = fog.0.is_some_and(|o| o.screen_side(over).is_some());
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        let mut left = dock.left;
        if ui
            .toggle_value(&mut left, "◀ Game")
            .on_hover_text("the walkthrough, Orders and event log (left panel)")
            .changed()
        {
            dock.left = left;
        }
        ui.separator();
        let is_night = night.nvr.is_some();
        if ui.selectable_label(!is_night, "Day").clicked() && is_night {
            night.nvr = None;
        }
        if ui.selectable_label(is_night, "Night").clicked() && !is_night {
            night.nvr = Some(settings.night_nvr);
        }
        match night.nvr {
            Some(n) => ui
                .label(format!("NVR {n} (E1.1)"))
                .on_hover_text(&settings.night_why),
            None => ui.label("daylight"),
        };
        ui.separator();
        ui.label("Hidden of:");
        // Against the program the player sees only what the player's side knows until the
        // game ends (issue 28): the choice is locked.
        let locked = fog_locked;
        for (side, name) in [
            (None, "all"),
            (Some(Side::Japanese), "Japanese"),
            (Some(Side::Allied), "Allied"),
        ] {
            let label = ui.add_enabled(
                !locked || settings.side == side,
                egui::Button::selectable(settings.side == side, name),
            );
            if label.clicked() && !locked {
                settings.side = side;
            }
        }
        if locked {
            ui.label("(fog of war: the opponent's secrets stay hidden until the game ends)");
        }
        ui.separator();
        // Only a click changes the settings (the caves and counters redraw when they do).
        let mut grid = settings.grid;
        if ui.checkbox(&mut grid, "grid (G)").changed() {
            settings.grid = grid;
        }
        let mut hex_ids = settings.hex_ids;
        if ui
            .checkbox(&mut hex_ids, "hex ids")
            .on_hover_text("every hex's id that fits, else only the one under the pointer")
            .changed()
        {
            settings.hex_ids = hex_ids;
        }
        ui.separator();
        ui.label("Camera:");
        for (p, name) in [
            (Preset::Close, "1 close"),
            (Preset::Overview, "2 overview"),
            (Preset::Top, "3 top"),
        ] {
            if ui.small_button(name).clicked() {
                *orbit = preset_orbit(&board, &settings, p, aspect.0);
            }
        }
        if ui
            .small_button("Home")
            .on_hover_text("the camera back to where it started (Home or 0)")
            .clicked()
        {
            *orbit = home.0;
        }
        ui.separator();
        if ui
            .small_button("Scenarios (O)")
            .on_hover_text("open another scenario")
            .clicked()
        {
            picker.open = !picker.open;
        }
        if ui
            .small_button("Keys (F1)")
            .on_hover_text("every key and mouse control")
            .clicked()
        {
            help.0 = !help.0;
        }
        let mut right = dock.right;
        if ui
            .toggle_value(&mut right, "Info ▶")
            .on_hover_text("the Inspector, LOS tool and Legend (right panel)")
            .changed()
        {
            dock.right = right;
        }
    });
}
