//! Labels over the 3D scene, drawn with egui's painter: cave letters at their mouths and hex
//! ids near the top edge of their hexes (every hex with the toggle, else the hex under the
//! pointer). A label is drawn only where the terrain does not hide its point from the camera
//! (`hidden_by_terrain`) and where it does not overlap a label already placed, nearest first:
//! every hex close up, every few hexes far away. A hex id also gives way to the counters
//! (`counter_rect`): painted over the scene, it hid a stack's strength factors ("9-1" under
//! "T5"); on a board, too, a counter covers the id printed beneath it. Sizes follow the
//! window's height.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::geometry::hidden_by_terrain;
use super::pick::{Hovered, Pickables, hex_point};
use super::shared::{Layout, Pick, ViewSettings, ViewSystems};
use crate::map::Map;
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DrawnIds>()
        .add_systems(EguiPrimaryContextPass, draw.in_set(ViewSystems::Overlay));
}

/// The hex ids drawn this frame and where (egui points), for the probes.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct DrawnIds(pub Vec<(String, egui::Pos2)>);

/// Where a hex's id is printed: toward the top (north) edge of its hex, as on an ASL board,
/// clear of the counters in its middle.
pub fn id_point(map: &Map, h: crate::hex::Hex) -> Vec3 {
    hex_point(map, h) + Vec3::new(0.0, 0.02, -0.36)
}

/// Where a counter (or a marker) whose pick point is `p` and pick radius `r` lies on the screen
/// (egui points): the box around its corners as this frame's camera projects them. `None` when
/// it is behind the camera.
pub fn counter_rect(
    cam: &Camera,
    gt: &GlobalTransform,
    zoom: f32,
    p: Vec3,
    r: f32,
) -> Option<egui::Rect> {
    let mut out: Option<egui::Rect> = None;
    for (dx, dz) in [(-r, -r), (-r, r), (r, -r), (r, r)] {
        let px = cam.world_to_viewport(gt, p + Vec3::new(dx, 0.0, dz)).ok()?;
        let q = egui::pos2(px.x / zoom, px.y / zoom);
        out = Some(match out {
            Some(b) => b.union(egui::Rect::from_min_max(q, q)),
            None => egui::Rect::from_min_max(q, q),
        });
    }
    out
}

/// The labels placed so far, by the cells of a coarse screen grid they cover: an overlap test
/// looks only at the labels in the same cells, so placing every hex id of an 8-board map stays
/// linear in their number.
#[derive(Default)]
struct Placed {
    cells: std::collections::HashMap<(i32, i32), Vec<egui::Rect>>,
}

impl Placed {
    const CELL: f32 = 48.0;

    fn cells_of(r: egui::Rect) -> impl Iterator<Item = (i32, i32)> {
        let c = |v: f32| (v / Self::CELL).floor() as i32;
        let (x0, x1, y0, y1) = (c(r.min.x), c(r.max.x), c(r.min.y), c(r.max.y));
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
    }

    fn overlaps(&self, r: egui::Rect) -> bool {
        Self::cells_of(r).any(|k| {
            self.cells
                .get(&k)
                .is_some_and(|v| v.iter().any(|o| o.intersects(r)))
        })
    }

    fn add(&mut self, r: egui::Rect) {
        for k in Self::cells_of(r) {
            self.cells.entry(k).or_default().push(r);
        }
    }
}

struct Label {
    at: Vec3,
    text: String,
    size: f32,
    colour: egui::Color32,
    /// Steps up out of the way of a label placed before it (a cave's), instead of giving way.
    lift: bool,
    /// Gives way to the counters too (a hex id other than the hovered hex's).
    under_counters: bool,
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    pickables: Res<Pickables>,
    hovered: Res<Hovered>,
    layout: Res<Layout>,
    mut drawn: ResMut<DrawnIds>,
    marks: Res<super::shared::MarkLabelRects>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (cam, gt) = *camera;
    let zoom = ctx.zoom_factor();
    let eye = gt.translation();
    // Only over the map, never over a panel.
    let screen = layout.view.unwrap_or(ctx.content_rect());
    // 1 at an 800-point-high window (or picture), larger on a larger one.
    let scale = (screen.height() / 800.0).clamp(0.8, 2.5);
    let map = &board.scenario.map;
    // Most important first: the hovered hex, the caves, then the hex ids nearest first.
    let mut labels = Vec::new();
    if let Some(h) = hovered.0 {
        labels.push(Label {
            at: id_point(map, h),
            text: map.name(h),
            size: 14.0,
            colour: egui::Color32::WHITE,
            lift: false,
            under_counters: false,
        });
    }
    for (pick, p, _) in &pickables.caves {
        if let Pick::Cave(id) = pick {
            let gone = pickables.eliminated.contains(id);
            labels.push(Label {
                at: *p + Vec3::Y * 0.14,
                text: if gone {
                    format!("{id} eliminated")
                } else {
                    id.clone()
                },
                size: 15.0,
                colour: egui::Color32::from_rgb(255, 220, 120),
                lift: true,
                under_counters: false,
            });
        }
    }
    if settings.hex_ids {
        let mut ids: Vec<Label> = map
            .hexes()
            .filter(|d| Some(d.hex) != hovered.0)
            .map(|d| Label {
                at: id_point(map, d.hex),
                text: map.name(d.hex),
                size: 10.5,
                colour: egui::Color32::from_gray(235),
                lift: false,
                under_counters: true,
            })
            .collect();
        ids.sort_by(|a, b| {
            a.at.distance_squared(eye)
                .total_cmp(&b.at.distance_squared(eye))
        });
        labels.extend(ids);
    }
    let painter = ctx
        .layer_painter(egui::LayerId::background())
        .with_clip_rect(screen);
    // Play mode's mark labels are placed first (issue 38: no label over another).
    let mut placed = Placed::default();
    for (r, _) in &marks.0 {
        placed.add(*r);
    }
    // The counters, which a hex id gives way to.
    let mut counters = Placed::default();
    if settings.hex_ids {
        for (_, p, r) in &pickables.counters {
            if let Some(rect) = counter_rect(cam, gt, zoom, *p, *r) {
                counters.add(rect);
            }
        }
    }
    let mut ids = Vec::new();
    for label in labels {
        let Ok(px) = cam.world_to_viewport(gt, label.at) else {
            continue;
        };
        let pos = egui::pos2(px.x / zoom, px.y / zoom);
        if !screen.contains(pos) {
            continue;
        }
        // The cheap tests first, on the text's size as estimated from its length (laying out
        // every hex id of an 8-board map each frame cost more than the rest of the frame):
        // the overlap, then the terrain, and only then the layout.
        let px_size = label.size * scale;
        let guess = egui::vec2(
            label.text.chars().count() as f32 * px_size * 0.62,
            px_size * 1.3,
        );
        let mut rect = egui::Rect::from_center_size(pos, guess).expand(2.0);
        // A cave's label (it names what the player aims at) steps up out of the way of the
        // labels placed before it; a hex id just gives way.
        if label.lift {
            for _ in 0..4 {
                if !placed.overlaps(rect) {
                    break;
                }
                rect = rect.translate(egui::vec2(0.0, -rect.height()));
            }
        }
        if placed.overlaps(rect)
            || (label.under_counters && counters.overlaps(rect))
            || hidden_by_terrain(map, eye, label.at)
        {
            continue;
        }
        let font = egui::FontId::proportional(px_size);
        let galley = painter.layout_no_wrap(label.text.clone(), font.clone(), label.colour);
        let rect = egui::Rect::from_center_size(rect.center(), galley.size()).expand(2.0);
        // Wider than guessed, over a label placed already: it gives way after all.
        if placed.overlaps(rect) || (label.under_counters && counters.overlaps(rect)) {
            continue;
        }
        placed.add(rect);
        ids.push((label.text.clone(), rect.center()));
        // A dark plate under the text keeps it readable on any terrain (one shape, where a
        // halo of offset copies would cost four more texts).
        painter.rect_filled(rect.shrink(1.0), 3.0, egui::Color32::from_black_alpha(110));
        painter.galley(rect.center() - galley.size() / 2.0, galley, label.colour);
    }
    if drawn.0 != ids {
        drawn.0 = ids;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn a_point_behind_the_level_3_cliff_is_hidden_from_a_low_eye_and_seen_from_above() {
        let s = Scenario::builtin();
        let map = &s.map;
        // S5 is a Level 3 cliff hex; T6 lies beyond it seen from R4's side at ground level.
        let p = hex_point(map, map.hex("S6").unwrap());
        let q = hex_point(map, map.hex("S4").unwrap());
        let low_eye = q + (q - p).normalize() * 3.0 + Vec3::Y * 0.2;
        assert!(hidden_by_terrain(map, low_eye, p));
        let high_eye = low_eye + Vec3::Y * 20.0;
        assert!(!hidden_by_terrain(map, high_eye, p));
        // Nothing stands between two neighbours on open ground.
        assert!(!hidden_by_terrain(
            map,
            q + Vec3::Y * 0.3,
            q + Vec3::X * 0.5
        ));
    }
}
