//! The 3D viewer (DESIGN.md "The viewer's visual language"): draws what the simulation
//! (`SimPlugin`) holds — terrain by Base Level with cliffs, Crest Lines and Depressions, caves at
//! their level, counters, SMOKE, fires, night light and E1.941 shadows — and lets the player
//! orbit, inspect, trace LOS and step the walkthrough. It calls the rules and the sim; it never
//! re-implements them.

mod board;
mod camera;
mod capture;
mod caves;
mod counters;
pub mod geometry;
mod inspector;
mod labels;
mod los_tool;
pub mod mesh;
mod pick;
mod place;
mod probe;
pub mod shade;
pub mod terrain;
mod ui;
mod walk_panel;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::EguiPlugin;

use crate::cli::Failure;
use crate::hex::Hex;
use crate::scenario::{Cloud, Moon, Night, Scenario, Side};
use crate::sim::SimPlugin;

/// Day or night as the command line asks (`--night`, `--day`), or as the scenario says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sky {
    Scenario,
    Night,
    Day,
}

/// Where the camera starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// Close over the caves (or the first light source at night).
    Close,
    /// An oblique view of the whole map from the south.
    Overview,
    /// Straight down over the whole map.
    Top,
}

/// How to run the viewer.
#[derive(Clone, Debug)]
pub struct ViewOptions {
    pub sky: Sky,
    /// Render once, write this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// With `screenshot`: also write where each hex's centre lands in the picture (JSON).
    pub probes: Option<PathBuf>,
    /// Window or picture size in pixels.
    pub size: (u32, u32),
    pub preset: Preset,
    /// Centre the camera on this hex.
    pub focus: Option<String>,
    /// Measure this many frames after the scene is ready, print the frame time and exit.
    pub frame_bench: Option<u32>,
    pub seed: u64,
    /// Select this at the start: a hex id, `cave:X`, or a unit id.
    pub select: Option<String>,
    /// Start with the LOS tool tracing between these two Locations.
    pub los: Option<(String, String)>,
}

impl Default for ViewOptions {
    fn default() -> ViewOptions {
        ViewOptions {
            sky: Sky::Scenario,
            screenshot: None,
            probes: None,
            size: (1280, 800),
            preset: Preset::Close,
            focus: None,
            frame_bench: None,
            seed: 1,
            select: None,
            los: None,
        }
    }
}

/// What the viewer shows; changed by its panels.
#[derive(Resource, Clone, Debug)]
pub struct ViewSettings {
    /// Whose hidden units and caves are shown: `None` = everyone's.
    pub side: Option<Side>,
    /// Every hex id drawn (otherwise only the hovered hex's).
    pub hex_ids: bool,
    /// The NVR to use when the player turns night on (E1.11).
    pub night_nvr: i32,
    pub preset: Preset,
    pub focus: Option<Hex>,
}

/// What the player clicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Hex(Hex),
    Cave(String),
    Unit(String),
}

/// The current selection (shown by the inspector).
#[derive(Resource, Clone, Debug, Default)]
pub struct Selected(pub Option<Pick>);

/// The viewer, on top of a `SimPlugin` (and Bevy's `DefaultPlugins` and `EguiPlugin`).
pub struct ViewPlugin {
    pub options: ViewOptions,
}

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(capture::CaptureRequest::from(&self.options))
            .init_resource::<Selected>();
        app.add_plugins((
            board::plugin,
            caves::plugin,
            counters::plugin,
            camera::plugin,
            pick::plugin,
            los_tool::plugin,
            ui::plugin,
            capture::plugin,
        ));
    }
}

/// The scenario as the viewer plays it: `--night` on a daylight scenario gives it a clear,
/// full-moon night (E1.11 derives the NVR); `--day` takes the night away.
pub fn with_sky(mut s: Scenario, sky: Sky) -> Scenario {
    match sky {
        Sky::Scenario => {}
        Sky::Day => s.night = None,
        Sky::Night => {
            if s.night.is_none() {
                s.night = Some(default_night());
            }
        }
    }
    s
}

fn default_night() -> Night {
    Night {
        base_nvr: None,
        cloud: Cloud::Clear,
        moon: Moon::Full,
        snow: false,
        kindling: false,
    }
}

/// `--select`: a hex id, `cave:X`, or a unit id.
fn select_of(s: &Scenario, text: &str) -> Result<Pick, Failure> {
    if let Some(id) = text.strip_prefix("cave:") {
        return s
            .caves
            .iter()
            .any(|c| c.id == id)
            .then(|| Pick::Cave(id.to_string()))
            .ok_or_else(|| Failure::input(format!("--select '{text}': no cave {id} (G11)")));
    }
    if s.units.iter().any(|u| u.id == text) {
        return Ok(Pick::Unit(text.to_string()));
    }
    s.map.hex(text).map(Pick::Hex).map_err(|e| {
        Failure::input(format!(
            "--select '{text}': not a unit id, cave:X or hex ({e})"
        ))
    })
}

/// Opens the viewer (or renders a screenshot, or measures frames) on a scenario.
pub fn run(scenario: Scenario, options: ViewOptions) -> Result<ExitCode, Failure> {
    let headless = options.screenshot.is_some() || options.frame_bench.is_some();
    if !headless && !probe::display_present() {
        return Err(Failure::input(
            "no display to open the 3D viewer on (DISPLAY is not set); render a picture instead \
             with `xvfb-run -a asl-pto view SCENARIO --screenshot OUT.png`, or use the headless \
             subcommands (check, caves, los, cost, light, walk)",
        ));
    }
    if let Err(why) = probe::adapter() {
        return Err(Failure::input(format!(
            "no usable graphics adapter for the 3D viewer ({why}); on a machine without a GPU \
             install Mesa's lavapipe (mesa-vulkan-drivers) and use `--screenshot OUT.png`, or the \
             headless subcommands (check, caves, los, cost, light, walk)"
        )));
    }
    let night_nvr = {
        let mut s = scenario.clone();
        if s.night.is_none() {
            s.night = Some(default_night());
        }
        s.nvr().unwrap_or(2)
    };
    let scenario = with_sky(scenario, options.sky);
    let selected = match &options.select {
        None => None,
        Some(t) => Some(select_of(&scenario, t)?),
    };
    let los = match &options.los {
        None => None,
        Some((a, b)) => Some((
            scenario.location(a).map_err(Failure::input)?,
            scenario.location(b).map_err(Failure::input)?,
        )),
    };
    let focus = match &options.focus {
        Some(f) => Some(
            scenario
                .map
                .hex(f)
                .map_err(|e| Failure::input(e.to_string()))?,
        ),
        None => None,
    };
    let (w, h) = options.size;
    let map = scenario.map.clone();
    let mut app = App::new();
    let window = (!headless).then(|| Window {
        title: format!("asl-pto — {}", scenario.title),
        resolution: WindowResolution::new(w, h),
        ..default()
    });
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: window,
            exit_condition: if headless {
                ExitCondition::DontExit
            } else {
                ExitCondition::OnPrimaryClosed
            },
            ..default()
        })
        .set(RenderPlugin {
            synchronous_pipeline_compilation: headless,
            ..default()
        });
    if headless {
        app.add_plugins(plugins.disable::<bevy::winit::WinitPlugin>())
            .add_plugins(bevy::app::ScheduleRunnerPlugin::run_loop(
                std::time::Duration::ZERO,
            ));
    } else {
        app.add_plugins(plugins);
    }
    app.insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.10)))
        .add_plugins(EguiPlugin::default())
        .insert_resource(ViewSettings {
            side: None,
            hex_ids: false,
            night_nvr,
            preset: options.preset,
            focus,
        })
        .add_plugins(SimPlugin {
            scenario: Arc::new(scenario),
            seed: options.seed,
        })
        .add_plugins(ViewPlugin { options })
        .insert_resource(Selected(selected));
    if let Some((a, b)) = los {
        app.world_mut()
            .resource_mut::<los_tool::LosTool>()
            .set(a, b, &map);
    }
    capture::add_pipeline_probe(&mut app);
    match app.run() {
        AppExit::Success => Ok(ExitCode::SUCCESS),
        AppExit::Error(code) => Ok(ExitCode::from(code.get())),
    }
}
