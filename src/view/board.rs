//! The board: one merged terrain mesh per board (`terrain::board_mesh`), rebuilt with new
//! vertex colours whenever night falls or lifts or the Illuminated / shadowed hexes change
//! (the sim's `Illuminated` and `Shadowed` markers, E1.9/E1.941).

use std::collections::HashMap;

use bevy::prelude::*;
use serde_json::json;

use super::capture::{CaptureRequest, SceneReady};
use super::geometry::{at, centre, ground};
use super::shade::HexLight;
use super::terrain::{board_mesh, chunk_of};
use crate::hex::Hex;
use crate::sim::{Board, HexCell, Illuminated, NightState, Shadowed};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_palette)
        .add_systems(Startup, spawn_boards)
        .add_systems(PostUpdate, relight_boards);
}

/// The viewer's materials: everything is drawn unlit with baked vertex colours (see `shade`).
#[derive(Resource, Clone)]
pub struct Palette {
    pub opaque: Handle<StandardMaterial>,
    pub translucent: Handle<StandardMaterial>,
}

fn make_palette(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    let opaque = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        unlit: true,
        cull_mode: None,
        double_sided: true,
        ..default()
    });
    let translucent = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        cull_mode: None,
        ..default()
    });
    commands.insert_resource(Palette {
        opaque,
        translucent,
    });
}

/// A board's terrain mesh.
#[derive(Component)]
pub struct BoardMesh {
    pub chunk: i32,
}

/// The light on every hex now.
pub fn hex_lights(
    night: &NightState,
    cells: &Query<(&HexCell, Option<&Illuminated>, Has<Shadowed>)>,
) -> HashMap<Hex, HexLight> {
    cells
        .iter()
        .map(|(cell, lit, shadowed)| {
            let light = match (night.nvr, lit, shadowed) {
                (None, ..) => HexLight::Day,
                (Some(_), Some(i), _) => HexLight::Lit {
                    warm: i.rule.starts_with("E1.94"),
                },
                (Some(nvr), None, true) => HexLight::Shadowed { nvr },
                (Some(nvr), None, false) => HexLight::Dark { nvr },
            };
            (cell.0, light)
        })
        .collect()
}

fn spawn_boards(
    mut commands: Commands,
    board: Res<Board>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    night: Res<NightState>,
) {
    let map = &board.scenario.map;
    let mut chunks: Vec<i32> = map.hexes().map(|d| chunk_of(d.hex)).collect();
    chunks.sort();
    chunks.dedup();
    let light = |_: Hex| match night.nvr {
        None => HexLight::Day,
        Some(nvr) => HexLight::Dark { nvr },
    };
    for chunk in chunks {
        let mesh = board_mesh(map, chunk, &light).to_mesh();
        commands.spawn((
            BoardMesh { chunk },
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(palette.opaque.clone()),
            Transform::IDENTITY,
        ));
    }
}

type LightChanged = Or<(
    Added<Illuminated>,
    Changed<Illuminated>,
    Added<Shadowed>,
    Added<HexCell>,
)>;

#[allow(clippy::too_many_arguments)]
fn relight_boards(
    board: Res<Board>,
    night: Res<NightState>,
    changed: Query<(), (With<HexCell>, LightChanged)>,
    mut unlit: RemovedComponents<Illuminated>,
    mut unshadowed: RemovedComponents<Shadowed>,
    cells: Query<(&HexCell, Option<&Illuminated>, Has<Shadowed>)>,
    boards: Query<(&BoardMesh, &Mesh3d)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut ready: ResMut<SceneReady>,
) {
    let removed = unlit.read().count() + unshadowed.read().count();
    if changed.is_empty() && removed == 0 && !night.is_changed() && ready.terrain {
        return;
    }
    if boards.is_empty() {
        return;
    }
    let lights = hex_lights(&night, &cells);
    let fallback = match night.nvr {
        None => HexLight::Day,
        Some(nvr) => HexLight::Dark { nvr },
    };
    let light = |h: Hex| lights.get(&h).copied().unwrap_or(fallback);
    for (b, mesh) in &boards {
        let data = board_mesh(&board.scenario.map, b.chunk, &light);
        if let Some(mut m) = meshes.get_mut(&mesh.0) {
            *m = data.to_mesh();
        }
    }
    ready.terrain = true;
}

/// `--probes`: where each hex's centre lands in the picture, with its light and terrain, so a
/// test can compare a lit hex with its shadowed neighbour (E1.941).
pub fn write_probes(
    request: Res<CaptureRequest>,
    board: Res<Board>,
    night: Res<NightState>,
    cells: Query<(&HexCell, Option<&Illuminated>, Has<Shadowed>)>,
    camera: Single<(&Camera, &GlobalTransform)>,
) {
    let Some(path) = &request.probes else { return };
    let (cam, gt) = *camera;
    let map = &board.scenario.map;
    let lights = hex_lights(&night, &cells);
    let (w, h) = request.size;
    let mut out = Vec::new();
    for d in map.hexes() {
        let p = at(centre(d.hex), ground(d));
        let Ok(px) = cam.world_to_viewport(gt, p) else {
            continue;
        };
        if px.x < 0.0 || px.y < 0.0 || px.x >= w as f32 || px.y >= h as f32 {
            continue;
        }
        let light = match lights.get(&d.hex) {
            Some(HexLight::Day) | None => "day",
            Some(HexLight::Dark { .. }) => "dark",
            Some(HexLight::Lit { .. }) => "lit",
            Some(HexLight::Shadowed { .. }) => "shadowed",
        };
        out.push(json!({
            "hex": d.id.to_string(),
            "x": px.x.round(),
            "y": px.y.round(),
            "light": light,
            "terrain": d.terrain.info().name,
            "level": d.level,
            "neighbors": d.hex.neighbors().iter().filter(|n| map.contains(**n)).map(|n| map.name(*n)).collect::<Vec<_>>(),
        }));
    }
    if let Err(e) = std::fs::write(path, serde_json::to_string_pretty(&out).unwrap_or_default()) {
        crate::cli::out::report(&format!("could not write {}: {e}", path.display()));
    }
}
