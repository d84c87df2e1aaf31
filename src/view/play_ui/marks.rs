//! The selected unit's destinations (`rules::moves::field_of_movement`; in the RtPh its rout
//! destinations, `rules::orders::rout`) and Orders entries,
//! recomputed when what they depend on changes, and drawn as marks with their MF; a Climb
//! destination as a see-through CLIMB counter at its vertex and level, marked "Climb L2 @
//! S4-S5-T4" (B11.4). A mark's text is left out where the ground (a cliff, a hill) hides its
//! point from the camera, and never drawn over a panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::orders::{OrderMenu, menu};
use super::state::*;
use crate::los::Location;
use crate::map::Map;
use crate::rules::moves::Reach;
use crate::rules::moves::field_of_movement;
use crate::sim::live::situation;
use crate::sim::play::Play;
use crate::sim::{Board, Phase, PlayerTurn, Walk, WalkLog};
use crate::view::counter_art::marker_face;
use crate::view::counter_tiles::{GREY, MARKER_SIDE, spawn_tile};
use crate::view::geometry::hidden_by_terrain;
use crate::view::pick::Pickables;
use crate::view::place::{climb_counter_spot, counter_point};
use crate::view::shared::{Layout, Pick, Selected};

/// A see-through CLIMB counter marking a Climb destination.
#[derive(Component)]
pub(super) struct MarkVisual;

/// The marks' texts drawn this frame and where (egui points), for the probes.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct DrawnMarks(pub Vec<(String, egui::Pos2)>);

/// What a mark says: its MF, or for a Climb the level and vertex it reaches (B11.4); in the
/// APh (`advance`) "advance": an APh advance is one Location whatever its MF (A4.7; the log
/// says "its APh advance" too).
pub fn mark_text(map: &Map, r: &Reach, advance: bool) -> String {
    if advance && !r.climb {
        return "advance".to_string();
    }
    match (&r.at, r.climb) {
        (Location::Climbing { level, vertex, .. }, _) => {
            format!("Climb L{level} @ {}", map.vertex_name(*vertex))
        }
        (Location::Cave(id), true) => format!("Climb into cave {id}"),
        (_, true) => "Climb".to_string(),
        _ => format!("{} MF", r.mf),
    }
}

/// The Climb destinations drawn as see-through CLIMB counters, replacing those drawn before.
fn climb_counters(world: &mut World, reaches: &[Reach]) {
    let mut old = world.query_filtered::<Entity, With<MarkVisual>>();
    let old: Vec<Entity> = old.iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    let face = marker_face(GREY, "CLIMB");
    for r in reaches {
        if let Location::Climbing { hex, level, vertex } = &r.at {
            let p = climb_counter_spot(*hex, *level, *vertex) - Vec3::Y * 0.02;
            spawn_tile(world, &face, p, p, MARKER_SIDE, true, MarkVisual);
        }
    }
}

/// The selected unit's destinations and Orders entries, recomputed when the selection, the
/// target or the walk changes (not every frame).
pub(super) fn plan(world: &mut World) {
    let mut unit = match &world.resource::<Selected>().0 {
        Some(Pick::Unit(u)) if world.resource::<Play>().active => Some(u.clone()),
        _ => None,
    };
    // Against the program its units take no order from the player (issue 28): the match
    // says whose seat orders a unit (`play::Match::person_orders_unit`).
    if let Some(u) = &unit
        && world
            .get_resource::<crate::play::Match>()
            .is_some_and(|m| !m.person_orders_unit(u))
    {
        unit = None;
    }
    let Some(unit) = unit else {
        if world.resource::<Destinations>().unit.is_some() {
            *world.resource_mut::<Destinations>() = Destinations::default();
            let generation = world.resource::<OrderMenu>().generation;
            *world.resource_mut::<OrderMenu>() = OrderMenu {
                generation,
                ..OrderMenu::default()
            };
            world.resource_mut::<Pickables>().destinations.clear();
            climb_counters(world, &[]);
        }
        return;
    };
    if !world.resource::<Play>().settled() {
        return;
    }
    let phase = *world.resource::<State<Phase>>().get();
    let key = Key {
        unit: unit.clone(),
        target: world.resource::<Target>().0.clone(),
        group: world.resource::<crate::view::shared::FireGroup>().0.clone(),
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
    // Against the program with the fog of war (A12), what the person's side knows: its "?"
    // are placeholders, its hidden units and caves absent, as `asl-pto orders` answers.
    let setting = board.setting();
    let known = {
        let m = world.resource::<crate::play::Match>();
        m.screen_side()
            .map(|side| crate::opponent::view::known_state(&m.state, &setting, side))
    };
    let s = match &known {
        Some(k) => k.situation(&setting),
        None => situation(world, &board),
    };
    let (reaches, why_not) = if matches!(phase, Phase::Movement | Phase::Advance) {
        match field_of_movement(&s, &unit) {
            Ok(r) => (r, None),
            Err(r) => (Vec::new(), Some(format!("[{}] {}", r.rule, r.reason))),
        }
    } else if phase == Phase::Rout {
        // A10.5: a broken unit's rout destinations, marked like moves.
        match crate::rules::orders::rout::rout_destinations(&s, &unit) {
            Ok(p) => (p.options().cloned().collect(), None),
            Err(r) => (Vec::new(), Some(format!("[{}] {}", r.rule, r.reason))),
        }
    } else {
        (Vec::new(), None)
    };
    let entries = menu(&s, &unit, &key.group, target.as_ref());
    drop(s);
    let map = &board.scenario.map;
    let picks: Vec<(Pick, Vec3, f32)> = reaches
        .iter()
        .filter_map(|r| {
            counter_point(map, &board.caves, &r.at).map(|p| (Pick::At(r.at.clone()), p, 0.13))
        })
        .collect();
    world.resource_mut::<Pickables>().destinations = picks;
    climb_counters(world, &reaches);
    *world.resource_mut::<Destinations>() = Destinations {
        unit: Some(unit.clone()),
        reaches,
        why_not,
        key: Some(key),
    };
    let generation = world.resource::<OrderMenu>().generation + 1;
    *world.resource_mut::<OrderMenu>() = OrderMenu {
        unit: Some(unit),
        entries,
        generation,
    };
    // Their odds, counted apart (issue 37).
    if let Some(m) = world
        .get_resource::<crate::play::Match>()
        .map(crate::play::Match::game_copy)
    {
        world.resource_scope(|world, mut job: Mut<super::orders::OddsJob>| {
            super::orders::start_odds(&mut job, world.resource::<OrderMenu>(), m);
        });
    }
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

/// The units Shift+clicked into the selected unit's Fire Group (A7.5) ringed in yellow, so the
/// player sees who fires together.
pub(super) fn draw_fire_group(
    group: Res<crate::view::shared::FireGroup>,
    pickables: Res<crate::view::pick::Pickables>,
    mut gizmos: Gizmos,
) {
    for id in &group.0 {
        let Some((_, p, r)) = pickables
            .counters
            .iter()
            .find(|(pick, ..)| matches!(pick, Pick::Unit(u) if u == id))
        else {
            continue;
        };
        let iso = Isometry3d::new(
            *p + Vec3::Y * 0.02,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(iso, r * 1.6, Color::srgb(1.0, 0.9, 0.1));
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn mark_labels(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    dest: Res<Destinations>,
    board: Res<Board>,
    layout: Res<Layout>,
    mut drawn: ResMut<DrawnMarks>,
    phase: Res<State<crate::sim::Phase>>,
    mut rects: ResMut<crate::view::shared::MarkLabelRects>,
) -> Result {
    let advance = *phase.get() == crate::sim::Phase::Advance;
    if dest.reaches.is_empty() {
        if !drawn.0.is_empty() {
            drawn.0.clear();
        }
        if !rects.0.is_empty() {
            rects.0.clear();
        }
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (cam, gt) = *camera;
    let zoom = ctx.zoom_factor();
    let eye = gt.translation();
    let view = layout.view.unwrap_or(ctx.content_rect());
    let painter = ctx
        .layer_painter(egui::LayerId::background())
        .with_clip_rect(view);
    let map = &board.scenario.map;
    let mut texts = Vec::new();
    let mut placed: Vec<egui::Rect> = Vec::new();
    let mut named = Vec::new();
    for r in &dest.reaches {
        let Some(p) = counter_point(map, &board.caves, &r.at) else {
            continue;
        };
        // A mark behind a cliff or a hill says nothing over the rock (issue 27.10).
        if hidden_by_terrain(map, eye, p + Vec3::Y * 0.02) {
            continue;
        }
        let Ok(px) = cam.world_to_viewport(gt, p + Vec3::Y * 0.05) else {
            continue;
        };
        let text = mark_text(map, r, advance);
        let font = egui::FontId::proportional(12.0);
        let size = painter
            .layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
            .size();
        // Above its mark; lifted further while it would overlap a text already drawn (the two
        // Climb vertices of one hexside lie close together).
        let mut pos = egui::pos2(px.x / zoom, px.y / zoom - 12.0);
        for _ in 0..4 {
            let rect = egui::Rect::from_center_size(pos, size);
            if !placed.iter().any(|r: &egui::Rect| r.intersects(rect)) {
                break;
            }
            pos.y -= size.y;
        }
        if !view.contains(pos) {
            continue;
        }
        placed.push(egui::Rect::from_center_size(pos, size));
        named.push((
            egui::Rect::from_center_size(pos, size).expand(2.0),
            Pick::At(r.at.clone()),
        ));
        painter.text(
            pos + egui::vec2(1.0, 1.0),
            egui::Align2::CENTER_CENTER,
            &text,
            font.clone(),
            egui::Color32::from_black_alpha(220),
        );
        let colour = if r.climb {
            egui::Color32::from_rgb(255, 200, 110)
        } else {
            egui::Color32::from_rgb(150, 255, 170)
        };
        painter.text(pos, egui::Align2::CENTER_CENTER, &text, font, colour);
        texts.push((text, pos));
    }
    if drawn.0 != texts {
        drawn.0 = texts;
    }
    if rects.0 != named {
        rects.0 = named;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn b11_4_a_climb_mark_says_its_level_and_vertex_a_move_its_mf() {
        let s = Scenario::builtin();
        let reach = |at: Location, climb: bool| Reach {
            at,
            mf: 2.0,
            path: Vec::new(),
            rule: "B11.4",
            climb,
        };
        let climb = s.location("T4@2/S4-S5-T4").unwrap();
        let vertex = match &climb {
            Location::Climbing { vertex, .. } => s.map.vertex_name(*vertex),
            _ => unreachable!(),
        };
        assert_eq!(
            mark_text(&s.map, &reach(climb, true), false),
            format!("Climb L2 @ {vertex}")
        );
        assert!(vertex.contains("S4") && vertex.contains("S5") && vertex.contains("T4"));
        let ground = s.location("U5").unwrap();
        assert_eq!(
            mark_text(&s.map, &reach(ground.clone(), false), false),
            "2 MF"
        );
        assert_eq!(mark_text(&s.map, &reach(ground, false), true), "advance");
    }
}
