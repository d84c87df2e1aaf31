//! Labels over the 3D scene, drawn with egui's painter: cave letters at their mouths, unit ids
//! on their counters, and hex ids (every hex with the toggle, else the hex under the pointer).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::pick::{Hovered, Pickables, hex_point};
use super::{Pick, ViewSettings, ViewSystems};
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(ViewSystems::Overlay));
}

fn draw(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform)>,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    pickables: Res<Pickables>,
    hovered: Res<Hovered>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, gt) = *camera;
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let text = |p: Vec3, s: &str, size: f32, colour: egui::Color32| {
        if let Ok(px) = cam.world_to_viewport(gt, p) {
            let pos = egui::pos2(px.x / zoom, px.y / zoom);
            let font = egui::FontId::proportional(size);
            // A dark halo keeps the text readable on any terrain.
            for d in [(-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0)] {
                painter.text(
                    pos + egui::vec2(d.0, d.1),
                    egui::Align2::CENTER_CENTER,
                    s,
                    font.clone(),
                    egui::Color32::from_black_alpha(200),
                );
            }
            painter.text(pos, egui::Align2::CENTER_CENTER, s, font, colour);
        }
    };
    let map = &board.scenario.map;
    if settings.hex_ids {
        for d in map.hexes() {
            text(
                hex_point(map, d.hex) + Vec3::Y * 0.02,
                &d.id.to_string(),
                10.0,
                egui::Color32::from_gray(230),
            );
        }
    } else if let Some(h) = hovered.0 {
        text(
            hex_point(map, h) + Vec3::Y * 0.02,
            &map.name(h),
            14.0,
            egui::Color32::WHITE,
        );
    }
    for (pick, p, _) in &pickables.caves {
        if let Pick::Cave(id) = pick {
            text(
                *p + Vec3::Y * 0.14,
                id,
                15.0,
                egui::Color32::from_rgb(255, 220, 120),
            );
        }
    }
    for (pick, p, _) in &pickables.counters {
        if let Pick::Unit(id) = pick {
            text(*p + Vec3::Y * 0.06, id, 11.0, egui::Color32::WHITE);
        }
    }
    Ok(())
}
