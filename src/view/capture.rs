//! Rendering without a window: `view --screenshot OUT.png` renders into an image once the scene
//! is ready — the terrain and counters spawned and no render pipeline still compiling (not a
//! fixed frame count; lavapipe compiles pipelines over many frames) — writes the PNG (and, with
//! `--probes`, where each hex and counter lands in it) and exits; `--frame-bench N` times N
//! frames instead. In a window, `--probes` alone writes the same file once, when the scene is
//! first ready (so a test driving the window knows where to click).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{
    CachedPipelineState, Extent3d, PipelineCache, TextureDimension, TextureFormat, TextureUsages,
};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::render::{Render, RenderApp, RenderSystems};

use serde_json::json;

use super::geometry::{at, centre, ground};
use super::pick::Pickables;
use super::shade::{HexLight, LightCells, hex_lights};
use super::shared::{Pick, ViewOptions};
use crate::sim::{Board, NightState};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SceneReady>()
        .init_resource::<Captured>()
        .init_resource::<BenchClock>()
        .add_systems(PreStartup, make_target)
        .add_systems(
            Last,
            (watch_readiness, bench_frames).chain().in_set(Readiness),
        );
}

/// The scene's readiness watched, and the capture or the window's probes written
/// (`ui_probe` writes after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Readiness;

/// What the command line asked of a run without a window.
#[derive(Resource, Clone, Debug)]
pub struct CaptureRequest {
    pub screenshot: Option<PathBuf>,
    pub probes: Option<PathBuf>,
    pub frame_bench: Option<u32>,
    pub size: (u32, u32),
}

impl CaptureRequest {
    pub fn headless(&self) -> bool {
        self.screenshot.is_some() || self.frame_bench.is_some()
    }

    /// Is anything waiting for the scene to be ready (a capture, a frame count, probes)?
    fn waits_for_readiness(&self) -> bool {
        self.headless() || self.probes.is_some()
    }
}

impl From<&ViewOptions> for CaptureRequest {
    fn from(o: &ViewOptions) -> CaptureRequest {
        CaptureRequest {
            screenshot: o.screenshot.clone(),
            probes: o.probes.clone(),
            frame_bench: o.frame_bench,
            size: o.size,
        }
    }
}

/// The image the camera renders into when there is no window.
#[derive(Resource, Clone)]
pub struct Target(pub Handle<Image>);

/// Set by the board and the counters once their entities are spawned.
#[derive(Resource, Default, Debug)]
pub struct SceneReady {
    pub terrain: bool,
    pub counters: bool,
}

/// The capture (or the window's probes) that waited for the scene is done (`watch_readiness`).
#[derive(Resource, Default, Debug)]
pub struct Captured(pub bool);

/// The render world's pipeline counts, shared with the main world.
#[derive(Default)]
pub struct PipelineCounts {
    total: AtomicUsize,
    pub waiting: AtomicUsize,
    errors: AtomicUsize,
}

#[derive(Resource, Clone, Default)]
pub struct PipelineStatus(pub Arc<PipelineCounts>);

fn report_pipelines(cache: Option<Res<PipelineCache>>, status: Res<PipelineStatus>) {
    let Some(cache) = cache else { return };
    let s = &status.0;
    s.total.store(cache.pipelines().count(), Ordering::Relaxed);
    s.waiting
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
    // Pipelines wait in `Err` while their shaders load; only errors left at capture count.
    let errors = cache
        .pipelines()
        .filter(|p| matches!(p.state, CachedPipelineState::Err(_)))
        .count();
    s.errors.store(errors, Ordering::Relaxed);
}

/// Counts the render world's pipelines each frame (after they are processed), for the main
/// world's readiness check. Call after the render plugins are added.
pub fn add_pipeline_probe(app: &mut App) {
    let status = PipelineStatus::default();
    app.insert_resource(status.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(status)
            .add_systems(Render, report_pipelines.in_set(RenderSystems::Cleanup));
    }
}

fn make_target(
    mut commands: Commands,
    request: Res<CaptureRequest>,
    mut images: ResMut<Assets<Image>>,
) {
    if !request.headless() {
        return;
    }
    let (w, h) = request.size;
    let mut image = Image::new_uninit(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.usage |=
        TextureUsages::RENDER_ATTACHMENT | TextureUsages::COPY_SRC | TextureUsages::TEXTURE_BINDING;
    commands.insert_resource(Target(images.add(image)));
}

/// Frames the scene has been ready for.
#[derive(Default)]
struct Stable {
    frames: u32,
    last_total: usize,
    shot: bool,
    started: Option<Instant>,
}

/// Frames a scene must stay ready (no pipeline compiling, nothing new) before it is captured.
const STABLE_FRAMES: u32 = 5;

#[allow(clippy::too_many_arguments)]
fn watch_readiness(
    mut commands: Commands,
    request: Res<CaptureRequest>,
    ready: Res<SceneReady>,
    status: Res<PipelineStatus>,
    target: Option<Res<Target>>,
    mut stable: Local<Stable>,
    mut bench: ResMut<BenchClock>,
    mut exit: MessageWriter<AppExit>,
    mut captured: ResMut<Captured>,
) {
    if !request.waits_for_readiness() || stable.shot {
        return;
    }
    let started = *stable.started.get_or_insert_with(Instant::now);
    if started.elapsed().as_secs() > 300 {
        stable.shot = true;
        if request.headless() {
            error!("the scene was not ready to capture after 300 s");
            exit.write(AppExit::from_code(3));
        } else {
            // A window stays open; its probes are written as the scene is.
            warn!("the scene was not ready after 300 s; writing the probes anyway");
            commands.run_system_cached(write_probes);
        }
        return;
    }
    let s = &status.0;
    let total = s.total.load(Ordering::Relaxed);
    let waiting = s.waiting.load(Ordering::Relaxed);
    let quiet = ready.terrain && ready.counters && total > 0 && waiting == 0;
    if quiet && total == stable.last_total {
        stable.frames += 1;
    } else {
        stable.frames = 0;
    }
    stable.last_total = total;
    if stable.frames < STABLE_FRAMES {
        return;
    }
    stable.shot = true;
    captured.0 = true;
    let errors = s.errors.load(Ordering::Relaxed);
    if errors > 0 {
        warn!("{errors} render pipeline(s) failed to compile; the picture may lack something");
    }
    if request.frame_bench.is_some() {
        bench.start = Some(Instant::now());
        return;
    }
    let Some(path) = request.screenshot.clone() else {
        // A window: only the probes.
        commands.run_system_cached(write_probes);
        return;
    };
    let Some(target) = target else {
        return;
    };
    commands.spawn(Screenshot::image(target.0.clone())).observe(
        move |ev: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let saved = ev
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| img.to_rgb8().save(&path).map_err(|e| e.to_string()));
            match saved {
                Ok(()) => {
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    crate::diag::report(&format!("could not write {}: {e}", path.display()));
                    exit.write(AppExit::from_code(2));
                }
            }
        },
    );
    commands.run_system_cached(write_probes);
}

/// `--probes`: where each hex's centre lands in the picture (or the window), with its light and
/// terrain, so a test can compare a lit hex with its shadowed neighbour (E1.941), and where each
/// unit's counter drawn lands, so a test can click it. Written atomically (a temporary file in
/// the same folder, renamed), so a reader polling for it never sees half of it.
fn write_probes(
    request: Res<CaptureRequest>,
    board: Res<Board>,
    night: Res<NightState>,
    cells: LightCells,
    pickables: Res<Pickables>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
) {
    let Some(path) = &request.probes else { return };
    let (cam, gt) = *camera;
    let map = &board.scenario.map;
    let lights = hex_lights(&night, &cells);
    // The map's part of the window (or the picture), in logical pixels as the cursor sees it:
    // what the docked panels leave.
    let view = cam.logical_viewport_rect().unwrap_or(Rect::new(
        0.0,
        0.0,
        request.size.0 as f32,
        request.size.1 as f32,
    ));
    let on_screen = |p: Vec3| {
        cam.world_to_viewport(gt, p).ok().filter(|px| {
            px.x >= view.min.x && px.y >= view.min.y && px.x < view.max.x && px.y < view.max.y
        })
    };
    // The counters drawn, by the hex they stand in (a cave's occupants in the cave's hex).
    let mut units: std::collections::HashMap<crate::hex::Hex, Vec<serde_json::Value>> =
        std::collections::HashMap::new();
    for (pick, p, _) in &pickables.counters {
        let Pick::Unit(id) = pick else { continue };
        let Some(px) = on_screen(*p) else { continue };
        let Some(at) = pickables.unit_at.get(id) else {
            continue;
        };
        let hex = match at {
            crate::los::Location::Cave(c) => board.caves.cave(c).map(|c| c.hex),
            l => l.hex(),
        };
        let Some(hex) = hex else { continue };
        units.entry(hex).or_default().push(json!({
            "id": id,
            "at": at.display(map).to_string(),
            "x": px.x.round(),
            "y": px.y.round(),
        }));
    }
    let mut hexes = Vec::new();
    for d in map.hexes() {
        let Some(px) = on_screen(at(centre(d.hex), ground(d))) else {
            continue;
        };
        let light = match lights.get(&d.hex) {
            Some(HexLight::Day) | None => "day",
            Some(HexLight::Dark { .. }) => "dark",
            Some(HexLight::Lit { .. }) => "lit",
            Some(HexLight::Shadowed { .. }) => "shadowed",
        };
        hexes.push(json!({
            "hex": map.name(d.hex),
            "x": px.x.round(),
            "y": px.y.round(),
            "light": light,
            "terrain": d.terrain.info().name,
            "level": d.level,
            "neighbors": d.hex.neighbors().iter().filter(|n| map.contains(**n)).map(|n| map.name(*n)).collect::<Vec<_>>(),
            "units": units.remove(&d.hex).unwrap_or_default(),
        }));
    }
    let out = serde_json::Value::Array(hexes);
    let text = serde_json::to_string_pretty(&out).unwrap_or_default();
    if let Err(e) = crate::save_file::write_atomically(path, text.as_bytes()) {
        crate::diag::report(&format!("could not write {}: {e}", path.display()));
    }
}

/// The frame clock of `--frame-bench`.
#[derive(Resource, Default)]
pub struct BenchClock {
    start: Option<Instant>,
    last: Option<Instant>,
    frames: Vec<f64>,
}

impl BenchClock {
    /// The benchmark frames are being timed.
    pub fn running(&self) -> bool {
        self.start.is_some()
    }
}

fn bench_frames(
    request: Res<CaptureRequest>,
    mut clock: ResMut<BenchClock>,
    hexes: Query<(), With<crate::sim::HexCell>>,
    picking: Res<PickBench>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = request.frame_bench else { return };
    if clock.start.is_none() {
        return;
    }
    let now = Instant::now();
    if let Some(last) = clock.last {
        let ms = (now - last).as_secs_f64() * 1000.0;
        clock.frames.push(ms);
    }
    clock.last = Some(now);
    if clock.frames.len() as u32 >= n {
        let mut v = clock.frames.clone();
        v.sort_by(f64::total_cmp);
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        // A closed or full stdout must not panic the viewer (bench --render reads this).
        let _ = writeln!(
            std::io::stdout(),
            "{}",
            serde_json::json!({
                "hexes": hexes.iter().count(),
                "frames": v.len(),
                "mean_ms": (mean * 1000.0).round() / 1000.0,
                "median_ms": (v[v.len() / 2] * 1000.0).round() / 1000.0,
                "pick_hand_us": (median(&picking.hand_us) * 100.0).round() / 100.0,
                "pick_mesh_us": (median(&picking.mesh_us) * 100.0).round() / 100.0,
                "pick_hand_hits": picking.hand_hits,
                "pick_mesh_hits": picking.mesh_hits,
            })
        );
        exit.write(AppExit::Success);
        clock.start = None;
    }
}

/// Microseconds per ray of each way of picking, one entry per frame.
#[derive(Resource, Default, Debug)]
pub struct PickBench {
    pub hand_us: Vec<f64>,
    pub mesh_us: Vec<f64>,
    /// Rays that hit something, each way (a check that both looked at the same scene).
    pub hand_hits: usize,
    pub mesh_hits: usize,
}

/// The median of `v` (0 when empty).
pub fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}
