//! The board: one merged terrain mesh per board (`terrain::board_mesh`), rebuilt with new
//! vertex colours whenever night falls or lifts or the Illuminated / shadowed hexes change
//! (the sim's `Illuminated` and `Shadowed` markers, E1.9/E1.941).

use bevy::prelude::*;

use super::capture::SceneReady;
use super::shade::{HexLight, LightCells, hex_lights};
use super::shared::ViewSystems;
use super::terrain::{board_mesh, chunk_of};
use crate::hex::Hex;
use crate::sim::watch::HexLightChanges;
use crate::sim::{Board, NightState};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_palette)
        .add_systems(Startup, spawn_boards)
        .add_systems(Update, relight_boards.in_set(ViewSystems::Draw));
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

fn relight_boards(
    board: Res<Board>,
    night: Res<NightState>,
    mut changes: HexLightChanges,
    cells: LightCells,
    boards: Query<(&BoardMesh, &Mesh3d)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut ready: ResMut<SceneReady>,
) {
    // The markers changed (the sim relit), or night fell or lifted, or nothing drawn yet.
    if !changes.any() && !night.is_changed() && ready.terrain {
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
