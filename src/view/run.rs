//! Opening the viewer on a scenario (`run`): the window or a headless capture, Bevy's plugins,
//! the simulation and the `ViewPlugin`.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::EguiPlugin;

use super::plugin::ViewPlugin;
use super::shared::{Selected, ViewOptions, ViewSettings};
use super::{capture, los_tool, picker, probe, quiet, sees};
use crate::scenario::Scenario;
use crate::sim::SimPlugin;

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
    let (opponent, seed) = (options.opponent, options.seed);
    // The program playing a side against the person at the screen, with the fog of war.
    let program =
        opponent.map(|(side, kind)| crate::play::Program::against_a_player(side, kind, seed));
    // Against the program the camera opens on the player's own units (issue 38), far enough
    // back to show them all (`camera::own_units_focus`).
    let mut focus_reach = 0;
    let focus = options.focus.or_else(|| {
        let (side, _) = opponent?;
        let (hex, reach) = super::camera::own_units_focus(&scenario, side.opponent())?;
        focus_reach = reach;
        Some(hex)
    });
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
            // Against the program the first frame already shows only the player's side's
            // knowledge (`play_ui::input::follow_side` keeps it so): drawn all-seeing until
            // Play mode began, its hidden caves and the count under its "?" could be seen (and
            // a window test's first probes caught them).
            side: program.as_ref().and_then(|p| p.screen_side(false)),
            hex_ids: true,
            grid: true,
            night_nvr,
            night_why,
            legend: options.legend,
            preset: options.preset,
            focus,
            focus_reach,
        })
        .add_plugins(SimPlugin {
            scenario: Arc::new(scenario),
            seed: options.seed,
        })
        .add_plugins(ViewPlugin { options })
        .insert_resource(Selected(selected));
    if let Some(program) = program {
        crate::sim::opponent::set(app.world_mut(), program);
    }
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
    let exit = app.run();
    drop(app);
    if let Some(args) = picker::reopen_request() {
        return reopen(args);
    }
    match exit {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(ViewError::Exit(code.get())),
    }
}

/// The viewer opened again, on the scenario the picker chose: this program run in this
/// process's place with `args` (elsewhere than on Unix, started beside it as this one ends).
fn reopen(args: Vec<std::ffi::OsString>) -> Result<(), ViewError> {
    let exe = std::env::current_exe()
        .map_err(|e| ViewError::Unavailable(format!("could not reopen the viewer: {e}")))?;
    let mut cmd = std::process::Command::new(exe);
    cmd.args(args);
    // The private runtime folder the command line made for this run (`cli::view`) is removed;
    // the next run makes its own.
    let own = std::env::temp_dir().join(format!("asl-pto-runtime-{}", std::process::id()));
    if std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| std::path::Path::new(&d) == own) {
        let _ = std::fs::remove_dir_all(&own);
        cmd.env_remove("XDG_RUNTIME_DIR");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let e = cmd.exec();
        Err(ViewError::Unavailable(format!(
            "could not reopen the viewer: {e}"
        )))
    }
    #[cfg(not(unix))]
    {
        cmd.spawn()
            .map(|_| ())
            .map_err(|e| ViewError::Unavailable(format!("could not reopen the viewer: {e}")))
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
