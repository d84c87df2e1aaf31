//! The selected unit's destinations (`rules::moves::field_of_movement`; in the RtPh its rout
//! destinations, `rules::orders::rout`) and Orders entries,
//! recomputed when what they depend on changes, and drawn as marks with their MF.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::orders::{OrderMenu, menu};
use super::state::*;
use crate::rules::moves::field_of_movement;
use crate::sim::live::situation;
use crate::sim::play::Play;
use crate::sim::{Board, Phase, PlayerTurn, Walk, WalkLog};
use crate::view::pick::Pickables;
use crate::view::place::counter_point;
use crate::view::shared::{Pick, Selected};

/// The selected unit's destinations and Orders entries, recomputed when the selection, the
/// target or the walk changes (not every frame).
pub(super) fn plan(world: &mut World) {
    let unit = match &world.resource::<Selected>().0 {
        Some(Pick::Unit(u)) if world.resource::<Play>().active => Some(u.clone()),
        _ => None,
    };
    let Some(unit) = unit else {
        if world.resource::<Destinations>().unit.is_some() {
            *world.resource_mut::<Destinations>() = Destinations::default();
            *world.resource_mut::<OrderMenu>() = OrderMenu::default();
            world.resource_mut::<Pickables>().destinations.clear();
        }
        return;
    };
    if !world.resource::<Walk>().idle() || !world.resource::<Play>().settled() {
        return;
    }
    let phase = *world.resource::<State<Phase>>().get();
    let key = Key {
        unit: unit.clone(),
        target: world.resource::<Target>().0.clone(),
        next: world.resource::<Walk>().next,
        events: world.resource::<WalkLog>().events.len(),
        phase,
        pt: world.resource::<PlayerTurn>().number,
    };
    if world.resource::<Destinations>().key.as_ref() == Some(&key) {
        return;
    }
    let board = world.resource::<Board>().clone();
    let target = world.resource::<Target>().0.clone();
    let s = situation(world, &board);
    let (reaches, why_not) = if matches!(phase, Phase::Movement | Phase::Advance) {
        match field_of_movement(&s, &unit) {
            Ok(r) => (r, None),
            Err(r) => (Vec::new(), Some(format!("[{}] {}", r.rule, r.reason))),
        }
    } else if phase == Phase::Rout {
        // A10.5: a broken unit's rout destinations, marked like moves.
        match crate::rules::orders::rout::rout_destinations(&s, &unit) {
            Ok(p) => (p.destinations, None),
            Err(r) => (Vec::new(), Some(format!("[{}] {}", r.rule, r.reason))),
        }
    } else {
        (Vec::new(), None)
    };
    let entries = menu(&s, &unit, target.as_ref());
    drop(s);
    let map = &board.scenario.map;
    let picks: Vec<(Pick, Vec3, f32)> = reaches
        .iter()
        .filter_map(|r| {
            counter_point(map, &board.caves, &r.at).map(|p| (Pick::At(r.at.clone()), p, 0.13))
        })
        .collect();
    world.resource_mut::<Pickables>().destinations = picks;
    *world.resource_mut::<Destinations>() = Destinations {
        unit: Some(unit.clone()),
        reaches,
        why_not,
        key: Some(key),
    };
    *world.resource_mut::<OrderMenu>() = OrderMenu {
        unit: Some(unit),
        entries,
    };
}

pub(super) fn draw_marks(dest: Res<Destinations>, board: Res<Board>, mut gizmos: Gizmos) {
    let map = &board.scenario.map;
    for r in &dest.reaches {
        let Some(p) = counter_point(map, &board.caves, &r.at) else {
            continue;
        };
        let colour = if r.climb {
            Color::srgb(1.0, 0.75, 0.2)
        } else {
            Color::srgb(0.3, 1.0, 0.5)
        };
        let iso = Isometry3d::new(
            p + Vec3::Y * 0.02,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(iso, 0.12, colour);
        gizmos.circle(iso, 0.09, colour);
    }
}

pub(super) fn mark_labels(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform)>,
    dest: Res<Destinations>,
    board: Res<Board>,
) -> Result {
    if dest.reaches.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (cam, gt) = *camera;
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let map = &board.scenario.map;
    for r in &dest.reaches {
        let Some(p) = counter_point(map, &board.caves, &r.at) else {
            continue;
        };
        let Ok(px) = cam.world_to_viewport(gt, p + Vec3::Y * 0.05) else {
            continue;
        };
        let text = if r.climb {
            "Climb".to_string()
        } else {
            format!("{} MF", r.mf)
        };
        let pos = egui::pos2(px.x / zoom, px.y / zoom - 12.0);
        let font = egui::FontId::proportional(12.0);
        painter.text(
            pos + egui::vec2(1.0, 1.0),
            egui::Align2::CENTER_CENTER,
            &text,
            font.clone(),
            egui::Color32::from_black_alpha(220),
        );
        painter.text(
            pos,
            egui::Align2::CENTER_CENTER,
            &text,
            font,
            egui::Color32::from_rgb(150, 255, 170),
        );
    }
    Ok(())
}
