//! `ViewPlugin`: the viewer's parts wired on top of the simulation, its system sets configured
//! once.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::shared::{Panel, Picked, PointerOverUi, Selected, ViewOptions, ViewSystems};
use super::{
    board, camera, capture, caves, counters, grid, inspector, keys_help, labels, legend, los_tool,
    pick, pick_bench, play_ui, quiet, sees, ui, walk_panel,
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
            (
                Panel::Bar,
                Panel::Walkthrough,
                Panel::Inspector,
                Panel::Los,
                Panel::Legend,
            )
                .chain()
                .in_set(ViewSystems::Panels),
        );
        app.insert_resource(play_ui::PlayStart::from(&self.options))
            .insert_resource(capture::CaptureRequest::from(&self.options))
            .init_resource::<Selected>()
            .init_resource::<PointerOverUi>()
            .add_message::<Picked>();
        app.add_plugins((
            board::plugin,
            caves::plugin,
            counters::plugin,
            grid::plugin,
            sees::plugin,
        ))
        .add_plugins((
            legend::plugin,
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
    }
}
