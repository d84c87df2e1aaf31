//! The 3D viewer (DESIGN.md "The viewer's visual language"): draws what the simulation
//! (`SimPlugin`) holds — terrain by Base Level with cliffs, Crest Lines and Depressions, caves at
//! their level, counters, SMOKE, fires, night light and E1.941 shadows — and lets the player
//! orbit, inspect, trace LOS and step the walkthrough. It calls the rules and the sim; it never
//! re-implements them.

mod board;
mod camera;
mod capture;
mod caves;
mod counter_art;
mod counters;
pub mod geometry;
mod grid;
mod inspector;
mod labels;
mod legend;
mod los_tool;
pub mod mesh;
mod pick;
mod pick_bench;
mod place;
mod play_ui;
mod probe;
mod quiet;
mod sees;
pub mod shade;
pub mod terrain;
mod ui;
mod walk_panel;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

use crate::hex::Hex;
use crate::los::Location;
use crate::scenario::{Scenario, Side};
use crate::sim::{SimPlugin, SimSystems};

pub use crate::scenario::Sky;

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
    /// Write where each hex's centre and each unit's counter lands in the picture (with
    /// `screenshot`) or the window (JSON), once the scene is ready.
    pub probes: Option<PathBuf>,
    /// Window or picture size in pixels.
    pub size: (u32, u32),
    pub preset: Preset,
    /// Centre the camera on this hex.
    pub focus: Option<Hex>,
    /// Measure this many frames after the scene is ready, print the frame time and exit.
    pub frame_bench: Option<u32>,
    pub seed: u64,
    /// Select this at the start (`Pick::parse` reads `--select`).
    pub select: Option<Pick>,
    /// Start with the LOS tool tracing between these two Locations.
    pub los: Option<(Location, Location)>,
    /// Play mode (`--play`), and the phase of the first Player Turn to start it in.
    pub play: bool,
    pub phase: Option<crate::sim::Phase>,
    /// Where Ctrl+S saves, and where "Export walkthrough" writes the game as a scenario.
    pub save_path: Option<PathBuf>,
    pub export_path: Option<PathBuf>,
    /// A save to continue (`--load`), read and checked by the command line.
    pub load: Option<Box<crate::sim::save::Save>>,
    /// The legend starts open (`--legend`).
    pub legend: bool,
    /// Start with this Location's visibility field drawn (`--sees`).
    pub sees: Option<Location>,
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
            play: false,
            phase: None,
            save_path: None,
            export_path: None,
            load: None,
            legend: false,
            sees: None,
        }
    }
}

/// What the viewer shows; changed by its panels.
#[derive(Resource, Clone, Debug)]
pub struct ViewSettings {
    /// Whose hidden units and caves are shown: `None` = everyone's.
    pub side: Option<Side>,
    /// Hex ids drawn on the hexes, as many as fit without colliding (otherwise only the
    /// hovered hex's).
    pub hex_ids: bool,
    /// The hex grid drawn (`grid`).
    pub grid: bool,
    /// The NVR to use when the player turns night on (E1.11).
    pub night_nvr: i32,
    /// Where that NVR comes from (`night_assumption`), shown while it is night.
    pub night_why: String,
    /// The legend starts open.
    pub legend: bool,
    pub preset: Preset,
    pub focus: Option<Hex>,
}

/// What the player clicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    Hex(Hex),
    Cave(String),
    Unit(String),
    /// A Location marked as a destination in Play mode (a Climb counter's spot, a cave mouth).
    At(Location),
}

impl Pick {
    /// What `--select` names: a hex id, `cave:X`, or a unit id.
    pub fn parse(s: &Scenario, text: &str) -> Result<Pick, String> {
        if let Some(id) = text.strip_prefix("cave:") {
            return s
                .caves
                .iter()
                .any(|c| c.id == id)
                .then(|| Pick::Cave(id.to_string()))
                .ok_or_else(|| format!("no cave {id} (G11)"));
        }
        if s.units.iter().any(|u| u.id == text) {
            return Ok(Pick::Unit(text.to_string()));
        }
        s.map
            .hex(text)
            .map(Pick::Hex)
            .map_err(|e| format!("not a unit id, cave:X or hex ({e})"))
    }
}

/// A click picked this (sent by `pick`; the inspector selects it, or the LOS tool, when on,
/// takes it as the thread's next end).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Picked(pub Pick);

/// The current selection (shown by the inspector).
#[derive(Resource, Clone, Debug, Default)]
pub struct Selected(pub Option<Pick>);

/// The pointer is over a panel (or egui is using it): clicks and drags are the panel's, not
/// the camera's or the picker's.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PointerOverUi(pub bool);

/// The viewer's systems, in order (configured once, in `ViewPlugin`; each file adds its own
/// systems to its set). In `Update`, around the simulation's `SimSystems`: `Input`, then
/// `Respond` before the sim's `Drive`, then `Draw` after its `Relight`. In egui's pass
/// (`EguiPrimaryContextPass`): `Panels`, then `Overlay`.
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum ViewSystems {
    /// The pointer, the keys and the camera: the hovered hex, clicks sent as `Picked`.
    Input,
    /// What answers them: the selection and the LOS tool's ends from `Picked`, the
    /// walkthrough's buttons performed.
    Respond,
    /// What changed redrawn: the board's light, caves and counters, the camera placed, the LOS
    /// thread traced and drawn.
    Draw,
    /// The egui windows, in `Panel`'s order.
    Panels,
    /// After every panel: labels over the scene, and whether the pointer is over a panel.
    Overlay,
}

/// The egui windows within `ViewSystems::Panels`, shown in this order each frame (egui puts
/// the window first shown last on top, its title bar lit: the LOS tool's).
#[derive(SystemSet, Debug, Clone, Copy, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub enum Panel {
    /// Day or night, whose view, hex ids, camera presets (`ui`).
    Bar,
    /// The walkthrough (`walk_panel`).
    Walkthrough,
    /// What was clicked (`inspector`).
    Inspector,
    /// The LOS tool (`los_tool`).
    Los,
    /// What the colours and markings mean (`legend`).
    Legend,
}

/// The viewer, on top of a `SimPlugin` (and Bevy's `DefaultPlugins` and `EguiPlugin`).
pub struct ViewPlugin {
    pub options: ViewOptions,
}

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (ViewSystems::Input, ViewSystems::Respond, ViewSystems::Draw).chain(),
        )
        .configure_sets(
            Update,
            (
                ViewSystems::Respond.before(SimSystems::Drive),
                ViewSystems::Draw.after(SimSystems::Relight),
            ),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (ViewSystems::Panels, ViewSystems::Overlay).chain(),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (
                Panel::Bar,
                Panel::Walkthrough,
                Panel::Inspector,
                Panel::Los,
                Panel::Legend,
            )
                .chain()
                .in_set(ViewSystems::Panels),
        );
        app.insert_resource(play_ui::PlayStart::from(&self.options))
            .insert_resource(capture::CaptureRequest::from(&self.options))
            .init_resource::<Selected>()
            .init_resource::<PointerOverUi>()
            .add_message::<Picked>();
        app.add_plugins((
            board::plugin,
            caves::plugin,
            counters::plugin,
            grid::plugin,
            sees::plugin,
        ))
        .add_plugins((
            legend::plugin,
            camera::plugin,
            pick::plugin,
            inspector::plugin,
            los_tool::plugin,
            walk_panel::plugin,
            play_ui::plugin,
            ui::plugin,
            labels::plugin,
            capture::plugin,
            pick_bench::plugin,
            quiet::plugin,
        ));
    }
}

/// Why the viewer did not run, or how it ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// It cannot run here (no display to open a window on, no graphics adapter): the command
    /// line's input error (exit code 2), with this message.
    #[error("{0}")]
    Unavailable(String),
    /// It ran and ended with this exit code (it has said why on stderr itself: a screenshot
    /// that could not be written, a scene never ready).
    #[error("the viewer exited with code {0}")]
    Exit(u8),
}

/// The NVR the View panel's "Night" uses, and why (E1.11): the scenario's own night, or for a
/// daylight scenario a clear night under a Full Moon, which the panel says it assumes.
pub fn night_assumption(scenario: &Scenario) -> (i32, String) {
    match (&scenario.night, scenario.nvr()) {
        (Some(n), Some(nvr)) => {
            let why = match n.base_nvr {
                Some(_) => format!("Base NVR {nvr}, as the scenario's SSR sets it (E1.1)"),
                None => format!(
                    "Base NVR {nvr} from the scenario's {:?} sky and {:?} Moon (E1.11)",
                    n.cloud, n.moon
                ),
            };
            (nvr, why)
        }
        _ => {
            let nvr = scenario.clone().at_night().nvr().unwrap_or(2);
            (
                nvr,
                format!(
                    "the scenario is by day and sets no night: a clear night under a Full \
                     Moon is assumed, Base NVR {nvr} (E1.11)"
                ),
            )
        }
    }
}

/// Opens the viewer (or renders a screenshot, or measures frames) on a scenario.
pub fn run(scenario: Scenario, options: ViewOptions) -> Result<(), ViewError> {
    let headless = options.screenshot.is_some() || options.frame_bench.is_some();
    if !headless && !probe::display_present() {
        return Err(ViewError::Unavailable(
            "no display to open the 3D viewer on (DISPLAY is not set); render a picture instead \
             with `xvfb-run -a asl-pto view SCENARIO --screenshot OUT.png`, or use the headless \
             subcommands (check, caves, los, sees, cost, moves, light, walk, board)"
                .to_string(),
        ));
    }
    if let Err(why) = probe::adapter() {
        return Err(ViewError::Unavailable(format!(
            "no usable graphics adapter for the 3D viewer ({why}); on a machine without a GPU \
             install Mesa's lavapipe (mesa-vulkan-drivers) and use `--screenshot OUT.png`, or the \
             headless subcommands (check, caves, los, cost, light, walk)"
        )));
    }
    let (night_nvr, night_why) = night_assumption(&scenario);
    let scenario = scenario.with_sky(options.sky);
    let selected = options.select.clone();
    let los = options.los.clone();
    let sees = options.sees.clone();
    let focus = options.focus;
    let (w, h) = options.size;
    let map = scenario.map.clone();
    let mut app = App::new();
    let window = (!headless).then(|| Window {
        title: format!("asl-pto — {}", scenario.title),
        resolution: WindowResolution::new(w, h),
        ..default()
    });
    let log = bevy::log::LogPlugin {
        filter: quiet::QUIET_LOG_FILTER.to_string(),
        level: bevy::log::Level::ERROR,
        ..default()
    };
    let plugins = DefaultPlugins
        .set(log)
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
        app.add_plugins(plugins).insert_resource(quiet::on_demand());
    }
    app.insert_resource(ClearColor(Color::srgb(0.07, 0.08, 0.10)))
        .add_plugins(EguiPlugin::default())
        .insert_resource(ViewSettings {
            side: None,
            hex_ids: true,
            grid: true,
            night_nvr,
            night_why,
            legend: options.legend,
            preset: options.preset,
            focus,
        })
        .add_plugins(SimPlugin {
            scenario: Arc::new(scenario),
            seed: options.seed,
        })
        .add_plugins(ViewPlugin { options })
        .insert_resource(Selected(selected));
    if let Some(from) = sees {
        let mut tool = app.world_mut().resource_mut::<sees::SeesTool>();
        tool.on = true;
        tool.pinned = Some(from);
    }
    if let Some((a, b)) = los {
        app.world_mut()
            .resource_mut::<los_tool::LosTool>()
            .set(a, b, &map);
    }
    capture::add_pipeline_probe(&mut app);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(ViewError::Exit(code.get())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e1_11_night_on_a_daylight_scenario_says_what_it_assumes() {
        let (nvr, why) = night_assumption(&Scenario::builtin());
        assert_eq!(Some(nvr), Scenario::builtin().at_night().nvr());
        assert!(why.contains("Full Moon") && why.contains(&format!("Base NVR {nvr}")));
        assert!(why.contains("E1.11"), "{why}");
    }

    #[test]
    fn e1_1_a_night_scenario_keeps_its_own_nvr_and_says_where_it_comes_from() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/night_ridge.ron");
        let s = Scenario::load(std::path::Path::new(path)).expect("night_ridge loads");
        let (nvr, why) = night_assumption(&s);
        assert_eq!((nvr, s.nvr()), (2, Some(2)));
        assert!(why.contains("SSR") || why.contains("E1.11"), "{why}");
    }
}
