//! Play mode in the viewer (issue 15): the player selects a unit (a click on its counter), sees
//! every Location it can reach this phase marked with its MF (`rules::moves::field_of_movement`,
//! the ruling the simulation applies), clicks a mark to move there along the shown path, and
//! orders the phase's other actions from the Orders window, where what the rules refuse is
//! greyed out with its rule (the core's `legal_orders`). A click on a hex, cave or enemy unit while a unit is
//! selected makes it the target of those actions (a Ctrl+click selects it instead; selecting
//! another unit forgets the target; Esc leaves both). Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves
//! (`--save`), "Export walkthrough" writes the game as a scenario. Everything ordered goes
//! through `sim::play` as script steps: the same path as a script.

mod files;
mod follow;
mod input;
mod marks;
mod orders;
mod program_marks;
mod state;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::shared::ViewSystems;
use crate::sim::play::History;
use files::files;
use follow::follow_actor;
use input::{clicks, follow_side, forget_target, keys, start};
pub use marks::DrawnMarks;
use marks::{draw_fire_group, draw_marks, mark_labels, plan};
pub use orders::{OddsJob, orders_section};
use state::CameraGoal;
pub use state::{ClickTaken, Destinations, PlayClicks, PlayStart, PlayStatus, Target};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .init_resource::<ClickTaken>()
        .init_resource::<Destinations>()
        .init_resource::<Target>()
        .init_resource::<DrawnMarks>()
        .init_resource::<PlayStatus>()
        .configure_sets(Update, PlayClicks.in_set(ViewSystems::Respond))
        .add_systems(
            Update,
            (start, keys, clicks, follow_side)
                .chain()
                .in_set(PlayClicks),
        )
        .add_systems(
            Update,
            (forget_target, files, plan)
                .chain()
                .in_set(ViewSystems::Draw),
        )
        .add_systems(
            Update,
            (draw_marks, draw_fire_group)
                .in_set(ViewSystems::Draw)
                .after(plan),
        )
        .init_resource::<CameraGoal>()
        .add_systems(Update, follow_actor.in_set(ViewSystems::Draw));
    orders::plugin(app);
    program_marks::plugin(app);
    app.add_systems(
        EguiPrimaryContextPass,
        mark_labels.in_set(ViewSystems::Overlay),
    );
}
