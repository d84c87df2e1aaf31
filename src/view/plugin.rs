//! `ViewPlugin`: the viewer's parts wired on top of the simulation, its system sets configured
//! once.

use bevy::camera::CameraUpdateSystems;
use bevy::prelude::*;
use bevy::transform::TransformSystems;
use bevy_egui::{EguiPostUpdateSet, EguiPrimaryContextPass};

use super::shared::{Panel, Picked, PointerOverUi, Selected, ViewOptions, ViewSystems};
use super::{
    board, camera, capture, caves, counters, dock, grid, inspector, keys_help, labels, los_tool,
    pick, pick_bench, picker, play_ui, quiet, sees, stack, ui, ui_probe, walk_panel,
};
use crate::sim::SimSystems;

/// The viewer, on top of a `SimPlugin` (and Bevy's `DefaultPlugins` and `EguiPlugin`).
pub struct ViewPlugin {
    pub options: ViewOptions,
}

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (ViewSystems::Input, ViewSystems::Respond, ViewSystems::Draw).chain(),
        )
        .configure_sets(
            Update,
            (
                ViewSystems::Respond.before(SimSystems::Drive),
                ViewSystems::Draw.after(SimSystems::Relight),
            ),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (ViewSystems::Panels, ViewSystems::Overlay).chain(),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (Panel::Docks, Panel::Floating)
                .chain()
                .in_set(ViewSystems::Panels),
        )
        // The panels and the labels over the map are laid out with this frame's camera: after
        // the camera is placed and its viewport computed (else a frame drawn after a pan or a
        // zoom, with nothing to wake the next, kept the hex ids of the camera before).
        .configure_sets(
            PostUpdate,
            EguiPostUpdateSet::EndPass
                .after(TransformSystems::Propagate)
                .after(CameraUpdateSystems),
        );
        app.insert_resource(play_ui::PlayStart::from(&self.options))
            .insert_resource(picker::Picker::from_options(&self.options))
            .insert_resource(capture::CaptureRequest::from(&self.options))
            .init_resource::<Selected>()
            .init_resource::<super::shared::FireGroup>()
            .init_resource::<super::shared::MarkLabelRects>()
            .init_resource::<PointerOverUi>()
            .init_resource::<super::shared::EscClosed>()
            .insert_resource(super::fit_screen::FitScreen(self.options.fit_screen))
            .add_message::<Picked>();
        app.add_plugins((
            board::plugin,
            caves::plugin,
            counters::plugin,
            grid::plugin,
            sees::plugin,
            ui_probe::plugin,
            picker::plugin,
        ))
        .add_plugins((
            dock::plugin,
            super::fit_screen::plugin,
            stack::plugin,
            keys_help::plugin,
            camera::plugin,
            pick::plugin,
            inspector::plugin,
            los_tool::plugin,
            walk_panel::plugin,
            play_ui::plugin,
            ui::plugin,
            labels::plugin,
            capture::plugin,
            pick_bench::plugin,
            quiet::plugin,
        ));
        // `bench --render` (issue 38): the side panels folded, so that the frames it times draw
        // the map over the whole picture, the same pixels whatever the panels' widths.
        if self.options.frame_bench.is_some() {
            app.insert_resource(super::shared::Dock {
                left: false,
                right: false,
            });
        }
    }
}
