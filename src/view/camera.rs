//! The camera: orbit (right drag), pan (middle drag, or Shift + right drag, or the arrow keys),
//! zoom (the wheel, toward the point under the pointer), presets (keys 1-3: close, overview,
//! top; the View bar has the same buttons) and back to where it started (Home or 0). A second
//! camera draws the panels over the whole window, while the 3D camera draws the map in the
//! space the docked panels leave (`dock`).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, RenderTarget};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use super::capture::Target;
use super::geometry::{at, centre, extent, ground, hidden_by_terrain};
use super::pick::{Pickables, levels, ray_hex};
use super::shared::{PointerOverUi, Preset, Typing, ViewSettings, ViewSystems};
use crate::hex::Hex;
use crate::los::Location;
use crate::map::Map;
use crate::model::Side;
use crate::sim::Board;

pub(super) fn plugin(app: &mut App) {
    // The panels' egui context lives on its own camera (`spawn_camera`), not on the 3D one,
    // whose viewport shrinks to the space the panels leave.
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .init_resource::<ViewAspect>()
    .add_systems(Startup, spawn_camera)
    .add_systems(Update, steer.in_set(ViewSystems::Input))
    .add_systems(Update, apply_orbit.in_set(ViewSystems::Draw));
}

/// Where the camera started (`--camera`, `--focus`): Home (or 0) puts it back there.
#[derive(Resource, Clone, Copy, Debug)]
pub struct HomeOrbit(pub Orbit);

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

/// The map's part of the window, width over height (`dock` keeps it): the whole-map presets
/// stand back further when it is narrow.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ViewAspect(pub f32);

impl Default for ViewAspect {
    fn default() -> ViewAspect {
        ViewAspect(1.6)
    }
}

/// The orbit of a preset over this board, for a map drawn `aspect` wide for 1 high.
pub fn preset_orbit(board: &Board, settings: &ViewSettings, preset: Preset, aspect: f32) -> Orbit {
    let s = &board.scenario;
    let map = &s.map;
    let (lo, hi) = extent(map);
    let mid = (lo + hi) / 2.0;
    // The whole map fits across a narrower view from further away.
    let narrow = (1.6 / aspect.max(0.2)).max(1.0);
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
                distance: span * 0.95 * narrow,
            },
        },
        Preset::Overview => Orbit {
            focus: at(mid, 0.0),
            yaw: -0.25,
            pitch: 0.75,
            distance: span * 0.8 * narrow,
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
                Some(h) => clear_view(
                    map,
                    Orbit {
                        focus: at(centre(h), ground_of(h) * 0.5),
                        yaw,
                        pitch: 0.5,
                        // Far enough back to show every unit the focus was chosen for.
                        distance: 6.5f32.max(3.0 * settings.focus_reach as f32),
                    },
                    at(centre(h), ground_of(h)),
                ),
                None => preset_orbit(board, settings, Preset::Overview, aspect),
            }
        }
    }
}

/// Issue 38: where the camera opens against the program: the hex whose farthest unit of
/// `side` (the player's) is nearest, and how far that unit is (the close camera stands back to
/// show them all: the night ridge opened on its Blaze, then on the 8-1 in I9 with us2 in E9 off
/// the window). `None` for a side with no unit.
pub fn own_units_focus(scenario: &crate::scenario::Scenario, side: Side) -> Option<(Hex, u32)> {
    let mine: Vec<Hex> = scenario
        .units
        .iter()
        .filter(|u| u.side() == side)
        .filter_map(|u| match &u.at {
            Location::Cave(id) | Location::Complex(id) => {
                scenario.caves.iter().find(|c| c.id == *id).map(|c| c.hex)
            }
            l => l.hex(),
        })
        .collect();
    if mine.is_empty() {
        return None;
    }
    let far = |h: Hex| mine.iter().map(|o| h.distance(*o)).max().unwrap_or(0);
    let sum = |h: Hex| mine.iter().map(|o| h.distance(*o)).sum::<u32>();
    let best = scenario
        .map
        .hexes()
        .map(|d| d.hex)
        .min_by_key(|h| (far(*h), sum(*h), *h))?;
    Some((best, far(best)))
}

/// `orbit`, or the nearest heading (then a steeper pitch) from which the ground (a cliff, a
/// hill) does not hide `p` nor a counter standing on it, so `--focus HEX` shows that hex.
pub fn clear_view(map: &Map, orbit: Orbit, p: Vec3) -> Orbit {
    let seen = |o: &Orbit| {
        let eye = o.transform().translation;
        !hidden_by_terrain(map, eye, p) && !hidden_by_terrain(map, eye, p + Vec3::Y * 0.05)
    };
    let step = std::f32::consts::PI / 8.0;
    for pitch in [orbit.pitch, 0.75, 1.0, 1.3, 1.5] {
        for k in 0..16 {
            // 0, +1, -1, +2, -2, ... steps from the heading asked for.
            let turn = if k % 2 == 0 { -(k / 2) } else { k / 2 + 1 } as f32;
            let o = Orbit {
                yaw: orbit.yaw + turn * step,
                pitch: pitch.max(orbit.pitch),
                ..orbit
            };
            if seen(&o) {
                return o;
            }
        }
    }
    Orbit {
        pitch: 1.5,
        ..orbit
    }
}

fn spawn_camera(
    mut commands: Commands,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    target: Option<Res<Target>>,
) {
    let orbit = preset_orbit(&board, &settings, settings.preset, ViewAspect::default().0);
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
    // The map is drawn in the 3D camera's viewport; the rest of the window is cleared first.
    cam.insert(Camera {
        output_mode: CameraOutputMode::Write {
            blend_state: Some(BlendState::REPLACE),
            clear_color: ClearColorConfig::Default,
        },
        ..default()
    });
    if let Some(t) = &target {
        cam.insert(RenderTarget::Image(t.0.clone().into()));
    }
    // The panels: drawn over the whole window (or picture) after the map.
    let mut panels = commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        Msaa::Off,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    if let Some(t) = &target {
        panels.insert(RenderTarget::Image(t.0.clone().into()));
    }
    commands.insert_resource(orbit);
    commands.insert_resource(HomeOrbit(orbit));
}

/// The point of the map under the window position `cursor`: on the top of the hex there, else
/// on the level plane of the camera's focus.
fn point_under(
    map: &Map,
    levels: &[i32],
    camera: (&Camera, &GlobalTransform),
    cursor: Vec2,
    focus: Vec3,
) -> Option<Vec3> {
    let ray = camera.0.viewport_to_world(camera.1, cursor).ok()?;
    if let Some((t, _)) = ray_hex(map, levels, ray) {
        return Some(ray.get_point(t));
    }
    let t = ray.intersect_plane(focus, InfinitePlane3d::new(Vec3::Y))?;
    (t < 500.0).then(|| ray.get_point(t))
}

/// The camera moved by `factor` of its distance toward `p` (< 1: closer): every point of the
/// line of sight through `p` stays where it is on screen, so `p` stays under the pointer.
pub fn zoom_about(orbit: Orbit, p: Vec3, factor: f32) -> Orbit {
    let factor = (orbit.distance * factor).clamp(1.0, 200.0) / orbit.distance;
    Orbit {
        focus: p + (orbit.focus - p) * factor,
        distance: orbit.distance * factor,
        ..orbit
    }
}

#[allow(clippy::too_many_arguments)]
fn steer(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    typing: Typing,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    over_ui: Res<PointerOverUi>,
    board: Res<Board>,
    settings: Res<ViewSettings>,
    home: Res<HomeOrbit>,
    aspect: Res<ViewAspect>,
    mut pickables: ResMut<Pickables>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut orbit: ResMut<Orbit>,
    (mut contexts, layout): (bevy_egui::EguiContexts, Res<super::shared::Layout>),
) {
    if !typing.now() {
        for (key, preset) in [
            (KeyCode::Digit1, Preset::Close),
            (KeyCode::Digit2, Preset::Overview),
            (KeyCode::Digit3, Preset::Top),
        ] {
            if keys.just_pressed(key) {
                *orbit = preset_orbit(&board, &settings, preset, aspect.0);
            }
        }
        if keys.any_just_pressed([KeyCode::Home, KeyCode::Digit0]) {
            *orbit = home.0;
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
        if pan != Vec3::ZERO {
            orbit.focus += pan;
        }
    }
    // A wheel turned over the Orders list scrolls it, and zoomed the map too the frame the
    // pointer came onto the panel (a veteran's trial): where the pointer is now counts.
    let panel_now = scroll.delta != Vec2::ZERO
        && window
            .as_ref()
            .and_then(|w| w.cursor_position())
            .zip(contexts.ctx_mut().ok())
            .is_some_and(|(c, ctx)| super::pick::panel_under(ctx, &layout, c));
    if over_ui.0 || panel_now {
        return;
    }
    let forward = Vec3::new(-orbit.yaw.sin(), 0.0, -orbit.yaw.cos());
    let right = Vec3::new(orbit.yaw.cos(), 0.0, -orbit.yaw.sin());
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
        let factor = 0.9f32.powf(lines);
        // Toward the point under the pointer (issue 27.9), else toward the focus.
        if pickables.levels.is_empty() {
            pickables.levels = levels(&board.scenario.map);
        }
        let map = &board.scenario.map;
        let under = window
            .and_then(|w| w.cursor_position())
            .and_then(|c| point_under(map, &pickables.levels, *camera, c, orbit.focus));
        *orbit = match under {
            Some(p) => zoom_about(*orbit, p, factor),
            None => Orbit {
                distance: (orbit.distance * factor).clamp(1.0, 200.0),
                ..*orbit
            },
        };
    }
}

fn apply_orbit(orbit: Res<Orbit>, mut cam: Single<&mut Transform, With<Camera3d>>) {
    if orbit.is_changed() {
        **cam = orbit.transform();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    fn settings(focus: Option<crate::hex::Hex>) -> ViewSettings {
        ViewSettings::for_tests(None, focus)
    }

    #[test]
    fn focus_frames_every_hex_of_the_cliffs_and_the_ridge_with_no_cliff_in_front_of_it() {
        for file in ["cliff_caves.ron", "night_ridge.ron", "cave_complex.ron"] {
            let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("scenarios")
                .join(file);
            let s = Scenario::load(&path).unwrap();
            let (caves, _) = s.cave_system();
            let board = Board {
                scenario: std::sync::Arc::new(s),
                caves,
            };
            let map = &board.scenario.map;
            for d in map.hexes() {
                let o = preset_orbit(&board, &settings(Some(d.hex)), Preset::Close, 1.0);
                let p = at(centre(d.hex), ground(d));
                let eye = o.transform().translation;
                assert!(
                    !hidden_by_terrain(map, eye, p),
                    "{file}: --focus {} puts the hex behind the ground ({o:?})",
                    map.name(d.hex)
                );
            }
        }
    }

    /// Issue 38: against the program the close camera opens on every unit of the player's side
    /// in the four demos (each unit's hex inside the picture of a map view as narrow as the
    /// window's, 0.9 wide for 1 high, with Bevy's 45° field of view): the night ridge's us2 in
    /// E9 was off the window.
    #[test]
    fn against_the_program_the_camera_opens_on_all_the_player_s_units() {
        for file in ["assault", "night_ridge", "complex_day", "jungle_night"] {
            let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("scenarios")
                .join(format!("{file}.ron"));
            let s = Scenario::load(&path).unwrap();
            let (caves, _) = s.cave_system();
            for side in [Side::Allied, Side::Japanese] {
                let (hex, reach) = own_units_focus(&s, side).unwrap();
                let board = Board {
                    scenario: std::sync::Arc::new(s.clone()),
                    caves: caves.clone(),
                };
                let mut set = settings(Some(hex));
                set.focus_reach = reach;
                let o = preset_orbit(&board, &set, Preset::Close, 0.9);
                let view = o.transform().to_matrix().inverse();
                let (tan_y, aspect) = ((std::f32::consts::FRAC_PI_4 / 2.0).tan(), 0.9);
                for u in s.units.iter().filter(|u| u.side() == side) {
                    let Some(h) = u.at.hex() else { continue };
                    let d = s.map.get(h).unwrap();
                    let p = view.transform_point3(at(centre(h), ground(d)));
                    // In view space the camera looks down -Z.
                    let (x, y) = (p.x / -p.z / (tan_y * aspect), p.y / -p.z / tan_y);
                    assert!(
                        p.z < 0.0 && x.abs() <= 0.95 && y.abs() <= 0.95,
                        "{file}, {side:?}: {} in {} is off the picture ({x:.2}, {y:.2})",
                        u.id,
                        s.map.name(h)
                    );
                }
            }
        }
    }

    #[test]
    fn the_wheel_zooms_about_the_point_under_the_pointer() {
        let o = Orbit {
            focus: Vec3::new(3.0, 0.0, 2.0),
            yaw: 0.4,
            pitch: 0.6,
            distance: 8.0,
        };
        let p = Vec3::new(5.0, 0.3, 1.0);
        let z = zoom_about(o, p, 0.5);
        assert!((z.distance - 4.0).abs() < 1e-5);
        // The eye moved straight toward p: p lies on the same line of sight from the new eye,
        // and so stays under the pointer.
        let (e0, e1) = (o.transform().translation, z.transform().translation);
        let (d0, d1) = ((p - e0).normalize(), (p - e1).normalize());
        assert!(d0.dot(d1) > 0.99999, "{d0} {d1}");
        // The camera's heading is kept.
        assert_eq!((z.yaw, z.pitch), (o.yaw, o.pitch));
        // Zooming out by as much comes back.
        let back = zoom_about(z, p, 2.0);
        assert!(back.focus.distance(o.focus) < 1e-4);
    }
}
