//! `--frame-bench` also times picking (issue 15: bevy_picking's mesh ray casts, or the viewer's
//! own ray tests?): each benchmark frame casts rays through a 5x5 grid of screen points twice,
//! once as the viewer picks (`pick::ray_hex` against each Base Level's plane, then the cave and
//! counter points) and once as Bevy's `MeshPickingPlugin` would (`MeshRayCast` against every
//! visible mesh, nearest hit), and keeps the time per ray of each. `bench --render` reports
//! them for a 1-board and a 4-board map.

use std::time::Instant;

use bevy::picking::mesh_picking::ray_cast::{
    MeshRayCast, MeshRayCastSettings, RayCastBackfaces, RayCastVisibility,
};
use bevy::prelude::*;

use super::capture::{BenchClock, CaptureRequest, PickBench};
use super::pick::{Pickables, levels, ray_hex};
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PickBench>().add_systems(
        Update,
        time_picking.in_set(super::shared::ViewSystems::Draw),
    );
}

#[allow(clippy::too_many_arguments)]
fn time_picking(
    request: Res<CaptureRequest>,
    clock: Res<BenchClock>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    board: Res<Board>,
    pickables: Res<Pickables>,
    mut ray_cast: MeshRayCast,
    mut bench: ResMut<PickBench>,
    unmarked: Query<Entity, (With<Mesh3d>, Without<RayCastBackfaces>)>,
    mut commands: Commands,
    mut map_levels: Local<Vec<i32>>,
) {
    if request.frame_bench.is_none() {
        return;
    }
    // The viewer's meshes are drawn from both sides; a ray cast must test both too.
    for e in &unmarked {
        commands.entity(e).insert(RayCastBackfaces);
    }
    if !clock.running() {
        return;
    }
    let (cam, gt) = *camera;
    let Some(size) = cam.logical_viewport_size() else {
        return;
    };
    let rays: Vec<Ray3d> = (0..25)
        .filter_map(|i| {
            let p = Vec2::new(
                size.x * (0.1 + 0.2 * (i % 5) as f32),
                size.y * (0.1 + 0.2 * (i / 5) as f32),
            );
            cam.viewport_to_world(gt, p).ok()
        })
        .collect();
    if rays.is_empty() {
        return;
    }
    let map = &board.scenario.map;
    // As the viewer keeps them (computed once per map, `Pickables::levels`).
    if map_levels.is_empty() {
        *map_levels = levels(map);
    }
    let t = Instant::now();
    let mut hits = 0;
    for ray in &rays {
        let mut best = ray_hex(map, &map_levels, *ray).map(|(t, _)| t);
        for items in [&pickables.caves, &pickables.counters] {
            for (_, p, r) in items.iter() {
                let d = (*p - ray.origin).dot(*ray.direction);
                if d > 0.0 && (ray.origin + *ray.direction * d).distance(*p) <= *r {
                    best = Some(best.map_or(d, |b: f32| b.min(d)));
                }
            }
        }
        hits += usize::from(best.is_some());
    }
    let hand = t.elapsed().as_secs_f64() * 1e6 / rays.len() as f64;
    let t = Instant::now();
    let settings = MeshRayCastSettings::default().with_visibility(RayCastVisibility::Any);
    let mut mesh_hits = 0;
    for ray in &rays {
        mesh_hits += usize::from(!ray_cast.cast_ray(*ray, &settings).is_empty());
    }
    let mesh = t.elapsed().as_secs_f64() * 1e6 / rays.len() as f64;
    bench.hand_us.push(hand);
    bench.mesh_us.push(mesh);
    bench.hand_hits += hits;
    bench.mesh_hits += mesh_hits;
}
