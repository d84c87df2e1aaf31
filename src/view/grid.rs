//! The hex grid: a thin dark outline along every hex top's edges (at a Depression's rim where
//! it has one), one mesh per board like the terrain, drawn over it; on a map laid out from
//! geomorphic boards, each board's edge as a bolder line through its half hexes. On by
//! default; the View panel's "hex grid" box (or the G key) hides and shows it.

use bevy::prelude::*;

use super::board::{BoardMesh, Palette};
use super::geometry::{at, centre, corner, ground, hex_at};
use super::mesh::MeshData;
use super::shared::{ViewSettings, ViewSystems};
use super::terrain::{chunk_of, corner_heights};
use crate::map::Map;
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_grid, show_grid, toggle_key).in_set(ViewSystems::Draw),
    );
}

/// A board's grid mesh.
#[derive(Component)]
struct GridMesh;

/// How far the outline is drawn inside each hex (world units): two hexes' outlines side by
/// side make one line along their hexside.
const HALF_WIDTH: f32 = 0.009;
/// How far above the top the outline lies (it must not flicker with the top under it).
const LIFT: f32 = 0.006;
/// The outline's colour and opacity.
const INK: [f32; 3] = [0.08, 0.07, 0.05];
const OPACITY: f32 = 0.4;

/// The outlines of every hex of board `chunk`: for each edge of each hex top, a thin strip
/// from corner to corner at the corners' heights, inside the hex.
pub fn grid_mesh(map: &Map, chunk: i32) -> MeshData {
    let mut m = MeshData::new();
    m.alpha = OPACITY;
    for d in map.hexes().filter(|d| chunk_of(d.hex) == chunk) {
        let h = d.hex;
        let c = centre(h);
        let ch = corner_heights(map, d);
        for i in 0..6 {
            let j = (i + 1) % 6;
            let (p, q) = (corner(h, i), corner(h, j));
            // Inside by HALF_WIDTH*2 toward the centre, measured across the edge.
            let inset = |v: Vec2| v + (c - v).normalize_or_zero() * HALF_WIDTH * 2.3;
            let (pi, qi) = (inset(p), inset(q));
            m.tri_flat(
                at(p, ch[i] + LIFT),
                at(q, ch[j] + LIFT),
                at(qi, ch[j] + LIFT),
                [INK[0], INK[1], INK[2], OPACITY],
            );
            m.tri_flat(
                at(p, ch[i] + LIFT),
                at(qi, ch[j] + LIFT),
                at(pi, ch[i] + LIFT),
                [INK[0], INK[1], INK[2], OPACITY],
            );
        }
    }
    m
}

/// The board edges' ink: bolder than the hex grid.
const EDGE_INK: [f32; 4] = [0.05, 0.04, 0.03, 0.85];
/// Half the width of a board edge line (world units).
const EDGE_HALF_WIDTH: f32 = 0.03;

/// The edges of every board of a laid-out map (none for a map without a layout): a strip
/// along each board's outline, through the middle of the half hexes it shares with the next
/// board, following the ground under it.
pub fn board_edges_mesh(map: &Map) -> MeshData {
    let mut m = MeshData::new();
    m.alpha = EDGE_INK[3];
    let Some(layout) = &map.layout else {
        return m;
    };
    let column = 3f32.sqrt() / 2.0;
    let (bw, bh) = (
        (crate::map::layout::BOARD_COLUMNS - 1) as f32 * column,
        crate::map::layout::BOARD_ROWS as f32,
    );
    for b in &layout.boards {
        let (x0, y0) = (b.across as f32 * bw, b.down as f32 * bh);
        let middle = Vec2::new(x0 + bw / 2.0, y0 + bh / 2.0);
        // The ground under a point of the edge: a point exactly on a hexside between a board
        // hex and one beyond the map is looked up a little inside the board.
        let height_at = |p: Vec2| {
            [p, p + (middle - p).normalize_or_zero() * 0.05]
                .into_iter()
                .find_map(|x| hex_at(map, x).and_then(|h| map.get(h)).map(ground))
        };
        let corners = [
            Vec2::new(x0, y0),
            Vec2::new(x0 + bw, y0),
            Vec2::new(x0 + bw, y0 + bh),
            Vec2::new(x0, y0 + bh),
        ];
        for i in 0..4 {
            let (p, q) = (corners[i], corners[(i + 1) % 4]);
            let steps = (p.distance(q) / 0.1).ceil() as usize;
            let across = (q - p).normalize_or_zero().perp() * EDGE_HALF_WIDTH;
            for k in 0..steps {
                let (a, c) = (
                    p.lerp(q, k as f32 / steps as f32),
                    p.lerp(q, (k + 1) as f32 / steps as f32),
                );
                // The segment lies at the higher ground of its two ends (a strip never sinks
                // into a hill it crosses).
                let (Some(ya), Some(yc)) = (height_at(a), height_at(c)) else {
                    continue;
                };
                let y = ya.max(yc) + LIFT * 2.0;
                m.tri_flat(
                    at(a - across, y),
                    at(c - across, y),
                    at(c + across, y),
                    EDGE_INK,
                );
                m.tri_flat(
                    at(a - across, y),
                    at(c + across, y),
                    at(a + across, y),
                    EDGE_INK,
                );
            }
        }
    }
    m
}

/// Once the boards are spawned, their grids beside them.
fn spawn_grid(
    mut commands: Commands,
    board: Res<Board>,
    palette: Res<Palette>,
    boards: Query<&BoardMesh, Added<BoardMesh>>,
    settings: Res<ViewSettings>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut edges_done: Local<bool>,
) {
    let map = &board.scenario.map;
    let mut grids: Vec<MeshData> = boards.iter().map(|b| grid_mesh(map, b.chunk)).collect();
    // The board edges once, with the first boards (shown and hidden with the grid).
    if !*edges_done && !grids.is_empty() {
        *edges_done = true;
        grids.push(board_edges_mesh(map));
    }
    for mesh in grids.iter().filter(|m| m.triangles() > 0) {
        commands.spawn((
            GridMesh,
            Mesh3d(meshes.add(mesh.to_mesh())),
            MeshMaterial3d(palette.translucent.clone()),
            Transform::IDENTITY,
            shown(settings.grid),
        ));
    }
}

/// The grid's visibility when it is on or off.
fn shown(on: bool) -> Visibility {
    if on {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

fn show_grid(settings: Res<ViewSettings>, mut grids: Query<&mut Visibility, With<GridMesh>>) {
    if !settings.is_changed() {
        return;
    }
    for mut v in &mut grids {
        v.set_if_neq(shown(settings.grid));
    }
}

/// G toggles the grid (unless a text field has the keyboard).
fn toggle_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<ViewSettings>,
    mut contexts: bevy_egui::EguiContexts,
) {
    if !keys.just_pressed(KeyCode::KeyG) {
        return;
    }
    if contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_keyboard_input())
    {
        return;
    }
    settings.grid = !settings.grid;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn every_board_edge_is_drawn_unbroken_along_its_whole_length() {
        let s = Scenario::from_str(
            r#"Scenario(title: "e", map: (boards: [["36", "37 rotated"], ["38", "39"]]))"#,
            "e.ron",
        )
        .unwrap();
        let m = board_edges_mesh(&s.map);
        let column = 3f32.sqrt() / 2.0;
        let per_board =
            2 * ((32.0 * column / 0.1).ceil() as usize + (10.0f32 / 0.1).ceil() as usize);
        // Two triangles a segment, no segment left out (the map's top edge included).
        assert_eq!(m.triangles(), 4 * per_board * 2);
        // A map without boards has no board edges.
        assert_eq!(board_edges_mesh(&Scenario::builtin().map).triangles(), 0);
    }

    #[test]
    fn every_hex_gets_six_edges_of_two_triangles_on_its_top() {
        let s = Scenario::builtin();
        let map = &s.map;
        let chunks: std::collections::BTreeSet<i32> =
            map.hexes().map(|d| chunk_of(d.hex)).collect();
        let total: usize = chunks.iter().map(|c| grid_mesh(map, *c).triangles()).sum();
        assert_eq!(total, map.hexes().count() * 12);
        // S5 (Level 3 cliff hex): its outline lies at its top, one Level = a third of a hex.
        let s5 = map.hex("S5").unwrap();
        let m = grid_mesh(map, chunk_of(s5));
        let top = 3.0 * super::super::geometry::LEVEL_HEIGHT + LIFT;
        assert!(m.positions.iter().any(|p| (p[1] - top).abs() < 1e-5));
    }
}
