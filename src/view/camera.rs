//! The camera: orbit (right drag), pan (middle drag, or Shift + right drag, or the arrow keys),
//! zoom (wheel), and presets (keys 1-3: close, overview, top; the panel has the same buttons).

use bevy::camera::RenderTarget;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

use super::capture::Target;
use super::geometry::{at, centre, extent, ground};
use super::shared::{PointerOverUi, Preset, ViewSettings, ViewSystems};
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(Update, steer.in_set(ViewSystems::Input))
        .add_systems(Update, apply_orbit.in_set(ViewSystems::Draw));
}

/// Where the camera looks from: a focus point, a heading (yaw, radians; 0 = from the south),
/// a pitch above the horizon and a distance.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

impl Orbit {
    pub fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        Transform::from_translation(self.focus + dir * self.distance)
            .looking_at(self.focus, Vec3::Y)
    }
}

/// The orbit of a preset over this board.
pub fn preset_orbit(board: &Board, settings: &ViewSettings, preset: Preset) -> Orbit {
    let s = &board.scenario;
    let map = &s.map;
    let (lo, hi) = extent(map);
    let mid = (lo + hi) / 2.0;
    let span = (hi - lo).max_element().max(4.0);
    let ground_of = |h| map.get(h).map_or(0.0, ground);
    match preset {
        Preset::Top => match settings.focus {
            Some(h) => Orbit {
                focus: at(centre(h), ground_of(h)),
                yaw: 0.0,
                pitch: 1.5,
                distance: 9.0,
            },
            None => Orbit {
                focus: at(mid, 0.0),
                yaw: 0.0,
                pitch: 1.5,
                distance: span * 0.95,
            },
        },
        Preset::Overview => Orbit {
            focus: at(mid, 0.0),
            yaw: -0.25,
            pitch: 0.75,
            distance: span * 0.8,
        },
        Preset::Close => {
            // The chosen hex; at night the first light source; else the first cave; else the
            // middle of the map.
            let night_source = s
                .night
                .as_ref()
                .and_then(|_| s.light_sources().first().map(|x| x.hex));
            let cave = board.caves.caves.first();
            let hex = settings
                .focus
                .or(night_source)
                .or_else(|| cave.map(|c| c.hex));
            // Over the caves, look at the faces of the first cave's hex from the side its
            // caves open to (the mean of their Entrance Hexes' directions).
            let faces: Vec<Vec2> = board
                .caves
                .caves
                .iter()
                .filter(|c| Some(c.hex) == hex && !c.in_depression)
                .map(|c| (centre(c.entrance) - centre(c.hex)).normalize_or_zero())
                .collect();
            let d: Vec2 = faces.iter().copied().sum();
            let yaw = if cave.is_some() && d.length() > 0.1 {
                d.x.atan2(d.y) - 0.2
            } else {
                -0.35
            };
            match hex {
                Some(h) => Orbit {
                    focus: at(centre(h), ground_of(h) * 0.5),
                    yaw,
                    pitch: 0.5,
                    distance: 6.5,
                },
                None => preset_orbit(board, settings, Preset::Overview),
            }
        }
    }
}

fn spawn_camera(
    mut commands: Commands,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    target: Option<Res<Target>>,
) {
    let orbit = preset_orbit(&board, &settings, settings.preset);
    // Edges are smoothed by SMAA, a pass over the finished image, not by 4x multisampling:
    // on a CPU rasteriser (lavapipe) multisampling costs per triangle edge, so it doubled the
    // frame of an eight-board map; SMAA's cost is per pixel whatever the map (issue 17,
    // `bench --render`), and it keeps the counters' print as crisp.
    let mut cam = commands.spawn((
        Camera3d::default(),
        Msaa::Off,
        bevy::anti_alias::smaa::Smaa::default(),
        orbit.transform(),
    ));
    if let Some(t) = target {
        cam.insert(RenderTarget::Image(t.0.clone().into()));
    }
    commands.insert_resource(orbit);
}

#[allow(clippy::too_many_arguments)]
fn steer(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    over_ui: Res<PointerOverUi>,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    mut orbit: ResMut<Orbit>,
) {
    for (key, preset) in [
        (KeyCode::Digit1, Preset::Close),
        (KeyCode::Digit2, Preset::Overview),
        (KeyCode::Digit3, Preset::Top),
    ] {
        if keys.just_pressed(key) {
            *orbit = preset_orbit(&board, &settings, preset);
        }
    }
    // Pan along the ground, in the camera's heading.
    let forward = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
    let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
    let step = orbit.distance * 0.02;
    let mut pan = Vec3::ZERO;
    for (k, d) in [
        (KeyCode::ArrowUp, forward),
        (KeyCode::ArrowDown, -forward),
        (KeyCode::ArrowRight, right),
        (KeyCode::ArrowLeft, -right),
    ] {
        if keys.pressed(k) {
            pan += d * step;
        }
    }
    orbit.focus += pan;
    if over_ui.0 {
        return;
    }
    let d = motion.delta;
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if d != Vec2::ZERO {
        if buttons.pressed(MouseButton::Middle) || (shift && buttons.pressed(MouseButton::Right)) {
            let k = orbit.distance * 0.0015;
            orbit.focus += (-right * d.x + forward * d.y) * k;
        } else if buttons.pressed(MouseButton::Right) {
            orbit.yaw -= d.x * 0.006;
            orbit.pitch = (orbit.pitch + d.y * 0.006).clamp(0.08, 1.55);
        }
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        orbit.distance = (orbit.distance * 0.9f32.powf(lines)).clamp(1.0, 200.0);
    }
}

fn apply_orbit(orbit: Res<Orbit>, mut cam: Single<&mut Transform, With<Camera3d>>) {
    if orbit.is_changed() {
        **cam = orbit.transform();
    }
}
