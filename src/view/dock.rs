//! The docked panels (issue 27.8): the View bar across the top (day or night, whose view, grid
//! and ids, the camera, the panel switches), the game on the left (the walkthrough's buttons and
//! narration, Play mode's Orders, the event log, scrollable and filtered by unit and rule) and
//! the Inspector, LOS tool and Legend on the right. The side panels resize (drag their edge) and
//! fold away (the bar's switches, or drag the edge shut); no panel covers another, and the map is
//! drawn in the space they leave: the 3D camera's viewport follows it, so no panel covers the
//! map either. Each section is its own file's system, run here in its panel's place.

use bevy::camera::Viewport;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{
    EguiContext, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use super::camera::{HomeOrbit, Orbit, ViewAspect, preset_orbit};
use super::shared::{Dock, Layout, Panel, ViewSettings};
use super::{inspector, legend, los_tool, ui, walk_panel};
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dock>()
        .init_resource::<Layout>()
        .init_resource::<crate::view::shared::ButtonRects>()
        .add_systems(
            PreUpdate,
            window_size_now
                .after(EguiPreUpdateSet::InitContexts)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(EguiPrimaryContextPass, docks.in_set(Panel::Docks));
}

/// How long a press may last and still be a click, by the frames' clock (see
/// `window_size_now`).
const CLICK_SECONDS: f64 = 10.0;

/// The panels are laid out on the window's size now: bevy_egui takes it from the panels'
/// camera, which learns a new size only later in the frame, so the first frame after a resize
/// laid the panels out on the old size (and a quiet window showed them so until the next
/// input).
fn window_size_now(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut contexts: Query<(&mut EguiContext, &mut EguiInput), With<PrimaryEguiContext>>,
) {
    let Some(window) = window else {
        return;
    };
    for (mut ctx, mut input) in &mut contexts {
        // A click is a press and a release within `max_click_duration` (egui's 0.8 s) of each
        // other by the frames' clock: a slow frame (a software renderer under load) between
        // the two made a quick click a long press, and the click was lost.
        if ctx
            .get_mut()
            .options(|o| o.input_options.max_click_duration)
            < CLICK_SECONDS
        {
            ctx.get_mut()
                .options_mut(|o| o.input_options.max_click_duration = CLICK_SECONDS);
        }
        let zoom = ctx.get_mut().zoom_factor().max(0.01);
        let size = egui::vec2(window.width() / zoom, window.height() / zoom);
        if size.x >= 1.0 && size.y >= 1.0 {
            input.0.screen_rect = Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size));
        }
    }
}

/// The primary egui context (the panels' camera's).
pub fn primary_context(world: &mut World) -> Option<egui::Context> {
    let mut q = world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
    let mut ctx = q.iter_mut(world).next()?;
    Some(ctx.get_mut().clone())
}

/// A side panel's default width: about a fifth of the window.
fn side_width(screen: egui::Rect) -> f32 {
    (screen.width() * 0.22).clamp(150.0, 380.0)
}

/// The widest a side panel may be dragged: a quarter of the window (a panel made wider in a
/// large window narrows with it), so the map always keeps at least half of the window's width.
fn side_most(screen: egui::Rect) -> f32 {
    (screen.width() * 0.25).max(150.0)
}

/// The status panel's height against the program, in points, at most: about five lines (the
/// status, the program's last phase, order by order; more scrolls).
const STATUS_HEIGHT: f32 = 96.0;

fn docks(world: &mut World) {
    let Some(ctx) = primary_context(world) else {
        return;
    };
    let screen = ctx.content_rect();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "docks".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    let mut panels = Vec::new();
    let top = egui::Panel::top("view bar")
        .show(&mut root, |ui| {
            let _ = world.run_system_cached_with(ui::view_bar, ui);
        })
        .response
        .rect;
    panels.push(("top", top));
    // The game's status, always in view (issue 38).
    // Against the program, of fixed height (its content, the program's last orders, scrolls):
    // the map and the panels under it never move as they come and go. Otherwise one line.
    let against = world.resource::<crate::play::Match>().program.is_some();
    let panel = egui::Panel::top("status").resizable(false);
    let panel = if against {
        // With the View bar, a fifth of the window at most: the map keeps the rest.
        panel.exact_size((screen.height() * 0.2 - top.height()).clamp(40.0, STATUS_HEIGHT))
    } else {
        panel
    };
    let status = panel
        .show(&mut root, |ui| {
            let _ = world.run_system_cached_with(super::status::status_line, ui);
        })
        .response
        .rect;
    panels.push(("status", status));
    let mut dock = world.resource::<Dock>().clone();
    let width = side_width(screen);
    let most = side_most(screen);
    let left = egui::Panel::left("game")
        .resizable(true)
        .default_size(width)
        .size_range(140.0..=most)
        .show_collapsible(&mut root, &mut dock.left, |ui| game(world, ui));
    if let Some(r) = left {
        panels.push(("left", r.response.rect));
    }
    let right = egui::Panel::right("info")
        .resizable(true)
        .default_size(width)
        .size_range(140.0..=most)
        .show_collapsible(&mut root, &mut dock.right, |ui| info(world, ui));
    if let Some(r) = right {
        panels.push(("right", r.response.rect));
    }
    let view = root.available_rect_before_wrap();
    {
        let mut d = world.resource_mut::<Dock>();
        if d.left != dock.left || d.right != dock.right {
            *d = dock;
        }
    }
    let zoom = ctx.zoom_factor();
    {
        let mut layout = world.resource_mut::<Layout>();
        layout.view = Some(view);
        layout.panels = panels;
        layout.zoom = zoom;
    }
    fit_viewport(world, view, ctx.pixels_per_point());
}

/// The left panel: the walkthrough's header with its buttons (End phase, Undo, ...) pinned at
/// the top, Play mode's Orders under it (scrolling when they are long), the event log below,
/// taking the rest of the height.
fn game(world: &mut World, ui: &mut egui::Ui) {
    let _ = world.run_system_cached_with(walk_panel::header, ui);
    // The Orders take up to three fifths of what the header leaves (a window trial at
    // 1177x736 saw four of a unit's orders at a time at one half), the log the rest; with
    // few orders they shrink to them and the log has the room.
    let upper = (ui.available_height() * 0.6).max(120.0);
    // A new selection or phase shows its Orders from the top (the first order, the one a
    // phase is about, was left scrolled out of view), the same unit in the same phase of a
    // later Player Turn too (egui keeps a scroll offset per id: the RPh's Rally was left
    // scrolled out of view a Player Turn later).
    let selected = world.resource::<super::shared::Selected>().0.clone();
    let phase = *world.resource::<State<crate::sim::Phase>>().get();
    let pt = world.resource::<crate::sim::PlayerTurn>().number;
    egui::ScrollArea::vertical()
        .id_salt(("game upper", format!("{selected:?}"), phase, pt))
        .max_height(upper)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let _ = world.run_system_cached_with(super::play_ui::orders_section, ui);
        });
    ui.separator();
    let _ = world.run_system_cached_with(walk_panel::events, ui);
}

/// The right panel: the Inspector (with a selection), the LOS tool and the Legend.
fn info(world: &mut World, ui: &mut egui::Ui) {
    egui::ScrollArea::vertical()
        .id_salt("info")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let _ = world.run_system_cached_with(inspector::show, ui);
            let _ = world.run_system_cached_with(los_tool::show, ui);
            let _ = world.run_system_cached_with(legend::show, ui);
        });
}

/// The 3D camera draws the map only in `view` (egui points; `ppp` physical pixels a point).
fn fit_viewport(world: &mut World, view: egui::Rect, ppp: f32) {
    let mut q = world.query_filtered::<&mut Camera, With<Camera3d>>();
    let Some(mut cam) = q.iter_mut(world).next() else {
        return;
    };
    let Some(target) = cam.physical_target_size() else {
        return;
    };
    let min = UVec2::new(
        (view.min.x * ppp).round().max(0.0) as u32,
        (view.min.y * ppp).round().max(0.0) as u32,
    )
    .min(target.saturating_sub(UVec2::ONE));
    let max = UVec2::new(
        (view.max.x * ppp).round().max(0.0) as u32,
        (view.max.y * ppp).round().max(0.0) as u32,
    )
    .min(target);
    let size = max.saturating_sub(min).max(UVec2::ONE);
    let same = cam
        .viewport
        .as_ref()
        .is_some_and(|v| v.physical_position == min && v.physical_size == size);
    if same {
        return;
    }
    let first = cam.viewport.is_none();
    cam.viewport = Some(Viewport {
        physical_position: min,
        physical_size: size,
        ..default()
    });
    let aspect = size.x as f32 / size.y.max(1) as f32;
    world.resource_mut::<ViewAspect>().0 = aspect;
    // The camera the viewer started with, framed again for the map's part of the window (it was
    // placed before the panels were laid out), unless the player has moved it already.
    if first {
        let home = world.resource::<HomeOrbit>().0;
        if *world.resource::<Orbit>() == home {
            let board = world.resource::<Board>().clone();
            let settings = world.resource::<ViewSettings>().clone();
            let orbit = preset_orbit(&board, &settings, settings.preset, aspect);
            *world.resource_mut::<Orbit>() = orbit;
            world.resource_mut::<HomeOrbit>().0 = orbit;
        }
    }
    // The camera takes its new viewport next frame: draw it.
    world.write_message(RequestRedraw);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_panels_leave_the_map_at_least_half_of_the_window() {
        for (w, h) in [(900.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let left = w - 2.0 * side_width(screen).max(side_most(screen));
            assert!(left >= 0.5 * w - 1.0, "{w}x{h}: the map keeps {left}");
        }
    }
}
