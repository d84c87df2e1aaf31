//! What the program did over its last Player Turn, on the map (issue 37): each order of its
//! told openly as an arrow — a move in orange from the Location its unit left to the one it
//! entered, a Fire (or DC, Starshell, Smoke, Search) in red from its units to where it aimed, a
//! CC as a red ring where it was fought — from the core's `Match::program_marks`. What a hidden
//! unit of its did is not there (A12). The marks of the phase it acted in last are drawn
//! brighter.

use bevy::prelude::*;

use crate::play::{MarkKind, Match};
use crate::sim::Board;
use crate::view::place::counter_point;
use crate::view::shared::ViewSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_program_marks.in_set(ViewSystems::Draw));
}

/// The arrows of the program's last Player Turn.
fn draw_program_marks(game: Option<Res<Match>>, board: Res<Board>, mut gizmos: Gizmos) {
    let Some(game) = game else {
        return;
    };
    let marks = game.program_marks();
    let Some(last) = marks.last().map(|m| (m.pt, m.phase)) else {
        return;
    };
    let map = &board.scenario.map;
    let lift = Vec3::Y * 0.08;
    for m in marks {
        let (Some(a), Some(b)) = (
            counter_point(map, &board.caves, &m.from),
            counter_point(map, &board.caves, &m.to),
        ) else {
            continue;
        };
        let bright = (m.pt, m.phase) == last;
        let alpha = if bright { 1.0 } else { 0.45 };
        let colour = match m.kind {
            MarkKind::Moved => Color::srgba(1.0, 0.6, 0.1, alpha),
            MarkKind::Attacked => Color::srgba(1.0, 0.2, 0.2, alpha),
        };
        if a.distance(b) < 0.05 {
            let iso = Isometry3d::new(a + lift, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, 0.3, colour);
            continue;
        }
        gizmos
            .arrow(a + lift, b + lift, colour)
            .with_tip_length(0.18);
    }
}
