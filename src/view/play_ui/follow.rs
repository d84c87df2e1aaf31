//! The camera eases to the unit the last step acted on when that unit is off screen.

use bevy::prelude::*;

use super::state::*;
use crate::sim::play::Play;
use crate::sim::{Board, WalkLog};
use crate::view::place::counter_point;

/// The camera eases to the unit the last step acted on when that unit is off screen.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow_actor(
    mut goal: ResMut<CameraGoal>,
    log: Res<WalkLog>,
    play: Res<Play>,
    board: Res<Board>,
    units: Query<(&crate::model::Unit, &crate::sim::At)>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut orbit: ResMut<crate::view::camera::Orbit>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if play.active && log.events.len() != goal.seen {
        let actor = log.events[goal.seen.min(log.events.len())..]
            .iter()
            .rev()
            .find_map(|e| e.unit.clone());
        goal.seen = log.events.len();
        let point = actor.and_then(|id| {
            let (_, at) = units.iter().find(|(u, _)| u.id == id)?;
            counter_point(&board.scenario.map, &board.caves, &at.0)
        });
        if let Some(p) = point {
            let (cam, gt) = *camera;
            let on_screen = cam.world_to_viewport(gt, p).is_ok_and(|px| {
                cam.logical_viewport_rect()
                    .is_some_and(|view| view.contains(px))
            });
            if !on_screen {
                goal.focus = Some(p);
            }
        }
    }
    if let Some(p) = goal.focus {
        redraw.write(bevy::window::RequestRedraw);
        let next = orbit.focus.lerp(p, 0.12);
        orbit.focus = if next.distance(p) < 0.02 { p } else { next };
        if orbit.focus == p {
            goal.focus = None;
        }
    }
}
