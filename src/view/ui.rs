//! The egui panels: the view bar (day/night, whose view, hex ids, camera presets), the
//! walkthrough, the inspector and the LOS tool, each a window of its own; and whether the
//! pointer is over one of them (then clicks and drags are the panel's, not the camera's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{Orbit, preset_orbit};
use super::{Preset, ViewSettings};
use crate::scenario::Side;
use crate::sim::{Board, NightState};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerOverUi>()
        .add_plugins(super::walk_panel::plugin)
        .add_systems(
            EguiPrimaryContextPass,
            (
                view_bar,
                super::walk_panel::show,
                super::inspector::show,
                super::los_tool::show,
                super::labels::draw,
                pointer_state,
            )
                .chain(),
        );
}

/// The pointer is over a panel (or egui is using it).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PointerOverUi(pub bool);

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
            ui.checkbox(&mut settings.hex_ids, "every hex id (else the one under the pointer)");
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
            ui.small("Right drag: orbit · Shift+right or middle drag: pan · wheel: zoom · click: inspect");
        });
    Ok(())
}
