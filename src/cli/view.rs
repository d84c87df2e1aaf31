//! `asl-pto view [SCENARIO] [--night | --day] [--screenshot OUT.png] [--size WxH] ...`: the 3D
//! viewer (`crate::view`), on the built-in scenario by default.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::failure::{Failure, load};
use crate::scenario::Scenario;

/// The `view` command line.
#[derive(clap::Args, Debug)]
#[cfg_attr(not(feature = "viewer"), allow(dead_code))]
pub struct Args {
    /// The scenario file (RON); the built-in scenario (scenarios/cliff_caves.ron) by default,
    /// with the scenario list open over it.
    pub scenario: Option<PathBuf>,
    /// Show the scenario at night: a daylight scenario gets a Clear, Full Moon night (Base NVR 5
    /// by E1.11).
    #[arg(long, conflicts_with = "day")]
    pub night: bool,
    /// Show the scenario by day (no NVR); cannot be given with --night.
    #[arg(long)]
    pub day: bool,
    /// Render once, write this PNG and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Window or screenshot size, WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Write where each hex's centre and each unit's counter lands on screen (JSON), once the
    /// scene is ready: in the picture with --screenshot, else in the window.
    #[arg(long)]
    pub probes: Option<PathBuf>,
    /// Where the camera starts: close (over the caves, or the first light at night),
    /// overview, top.
    #[arg(long, default_value = "close")]
    pub camera: String,
    /// Centre the camera on this hex (e.g. S4).
    #[arg(long)]
    pub focus: Option<String>,
    /// The walkthrough's dice seed (default: the scenario's `seed`, else 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start with this selected in the inspector: a hex id, cave:X, or a unit id.
    #[arg(long)]
    pub select: Option<String>,
    /// Start with the LOS tool tracing FROM TO (Locations as for `los`, see below).
    #[arg(long, num_args = 2, value_names = ["FROM", "TO"])]
    pub los: Option<Vec<String>>,
    /// Render N frames once the scene is ready without a window, print the frame time
    /// (JSON) and exit (used by `bench --render`).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub frame_bench: Option<u32>,
    /// Play mode (issue 15): the player moves and orders both sides' units, every action ruled.
    #[arg(long)]
    pub play: bool,
    /// With --play: start in this phase of the first Player Turn (`Movement` or `MPh`, any
    /// case; Rally RPh, PrepFire PFPh, Movement MPh, DefensiveFire DFPh, AdvancingFire AFPh,
    /// Rout RtPh, Advance APh, CloseCombat CCPh).
    #[arg(long, requires = "play")]
    pub phase: Option<crate::sim::Phase>,
    /// With --play: the program plays this side (`japanese` or `allied`, optionally
    /// `=doctrine`, `=greedy`, `=random` or `=passive`) and keeps its secrets; the player
    /// orders the other.
    #[arg(long, requires = "play", value_name = "SIDE[=KIND]")]
    pub opponent: Option<String>,
    /// Where Ctrl+S saves the game (default: next to the scenario, NAME.save.ron).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Continue a saved game or walk (a save of this scenario).
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Start with the visibility field of this Location drawn (as the LOS panel's "Sees" box
    /// draws the selected unit's or the hovered hex's): a Location as for `los`.
    #[arg(long, value_name = "LOCATION")]
    pub sees: Option<String>,
    /// Start with the legend (right panel: what each colour and marking means) open; it is
    /// otherwise a collapsed "Legend" header, opened with a click.
    #[arg(long)]
    pub legend: bool,
    /// Your VASL boards folder, for a VASL saved game (GAME.vsav, imported as `import` does)
    /// or a scenario whose map imports its boards (wins over --vasl-boards). With the hidden
    /// --frame-bench: the number of benchmark boards, 1-8, one above the other.
    #[arg(long, value_name = "DIR")]
    pub boards: Option<String>,
}

impl Default for Args {
    /// The bare `asl-pto`: the built-in scenario with every option at its default.
    fn default() -> Args {
        Args {
            scenario: None,
            night: false,
            day: false,
            screenshot: None,
            size: None,
            probes: None,
            camera: "close".into(),
            focus: None,
            seed: None,
            select: None,
            los: None,
            frame_bench: None,
            boards: None,
            play: false,
            phase: None,
            opponent: None,
            save: None,
            load: None,
            legend: false,
            sees: None,
        }
    }
}

/// Reads and checks a save of `scenario` (`--load`): every problem is one line naming the file
/// and where in it.
#[cfg(feature = "viewer")]
fn read_save(
    path: &std::path::Path,
    scenario: &Scenario,
) -> Result<crate::sim::save::Save, Failure> {
    use crate::scenario::{MAX_INPUT_BYTES, input};
    use crate::sim::{save, save_check};
    let text =
        input::read_text(path, MAX_INPUT_BYTES).map_err(|e| Failure::input(e.to_string()))?;
    let file = path.display();
    save_check::check_text_header(&text, scenario).map_err(|o| {
        let sep = if o.at(&text).is_some() { "" } else { " " };
        Failure::input(format!("{file}:{sep}{}", o.located(&text)))
    })?;
    let saved =
        save::from_ron(&text, &scenario.map).map_err(|e| Failure::input(format!("{file}:{e}")))?;
    save_check::check(&saved, scenario).map_err(|o| {
        let sep = if o.at(&text).is_some() { "" } else { " " };
        Failure::input(format!("{file}:{sep}{}", o.located(&text)))
    })?;
    // As `walk --load`: a save whose steps do not lead to it (edited by hand) is refused
    // before the window opens.
    let shared = std::sync::Arc::new(scenario.clone());
    crate::play::replay::replay_checked(&shared, &saved).map_err(|d| {
        let why = super::walk::departs(&text, &saved, &d, &scenario.map);
        Failure::input(format!("{file}:{why}"))
    })?;
    Ok(saved)
}

/// `WxH` in pixels (each 64..=8192).
#[cfg_attr(not(feature = "viewer"), allow(dead_code))]
pub fn parse_size(text: &str) -> Result<(u32, u32), Failure> {
    let bad = || {
        Failure::input(format!(
            "--size '{text}': expected WxH in pixels, e.g. 1280x800"
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(Failure::input(format!(
            "--size '{text}': each side must be 64..8192 pixels"
        )));
    }
    Ok((w, h))
}

/// The scenario to show: the file named, the built-in one, or (for `--frame-bench`) the
/// benchmark map of `boards` boards.
fn scenario_of(args: &Args) -> Result<Scenario, Failure> {
    let bench = args.frame_bench.is_some() && args.scenario.is_none();
    // `--boards`: the benchmark's board count for the frame bench, else the boards folder.
    let boards = match (&args.boards, bench) {
        (Some(n), true) => n
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=8).contains(n))
            .ok_or_else(|| Failure::input(format!("--boards '{n}': expected 1..8 boards")))?,
        (Some(dir), false) => {
            // The command's own boards folder wins over --vasl-boards (also for the scenarios
            // the viewer loads later).
            crate::scenario::vasl::set_command_boards(PathBuf::from(dir));
            1
        }
        (None, _) => 1,
    };
    let mut s = match &args.scenario {
        // Issue 39: a VASL saved game is imported onto the player's boards first.
        Some(p) if super::import::is_vsav(p) => {
            let dir = args.boards.as_deref().filter(|_| !bench).map(Path::new);
            super::import::scenario_of(p, dir)?.0
        }
        Some(p) => load(p)?,
        None => Scenario::builtin(),
    };
    if bench {
        s.map = super::bench::bench_map_of(boards);
        s.title = format!("frame bench, {boards} board(s)");
        s.caves.clear();
        s.complexes.clear();
        s.tunnels.clear();
        s.units.clear();
        s.smoke.clear();
        s.script.clear();
        s.ob_caves = None;
    }
    Ok(s)
}

/// Wayland's client library prints "XDG_RUNTIME_DIR is invalid or not set in the environment"
/// each time winit or a graphics driver looks for a Wayland display while the variable is unset
/// (a headless `--screenshot` under `xvfb-run`, four lines on a successful run). When it is
/// unset, point it at a new private (0700) empty directory: no Wayland socket is there, so they
/// fall back to X11 quietly. Returns the directory, to remove when the viewer is done.
#[cfg(all(feature = "viewer", unix))]
fn private_runtime_dir() -> Option<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    if std::env::var_os("XDG_RUNTIME_DIR").is_some() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("asl-pto-runtime-{}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&dir).ok()?;
    // SAFETY: called before the viewer starts (no other thread exists yet that could read or
    // write the environment at the same time).
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    Some(dir)
}

#[cfg(feature = "viewer")]
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    #[cfg(unix)]
    let runtime_dir = private_runtime_dir();
    let r = run_viewer(args);
    #[cfg(unix)]
    if let Some(dir) = runtime_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    r
}

/// Where Ctrl+S saves (next to the scenario unless --save says where; never over the scenario)
/// and where "Export walkthrough" writes (beside the save).
#[cfg(feature = "viewer")]
fn save_paths(args: &Args) -> Result<(PathBuf, PathBuf), Failure> {
    let save_path = match (&args.save, &args.scenario) {
        (Some(p), _) => p.clone(),
        (None, Some(s)) => s.with_extension("save.ron"),
        (None, None) => PathBuf::from("asl-pto.save.ron"),
    };
    if let Some(s) = &args.scenario
        && crate::save_file::same_file(&save_path, s)
    {
        return Err(Failure::input(format!(
            "--save {}: that is the scenario file itself; save the game to another file",
            save_path.display()
        )));
    }
    let export_path = {
        let name = save_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem = name
            .strip_suffix(".save.ron")
            .or_else(|| name.strip_suffix(".ron"))
            .unwrap_or(&name)
            .to_string();
        save_path.with_file_name(format!("{stem}.played.ron"))
    };
    Ok((save_path, export_path))
}

#[cfg(feature = "viewer")]
fn run_viewer(args: Args) -> Result<ExitCode, Failure> {
    use crate::view::{Pick, Preset, Sky, ViewError, ViewOptions};
    let scenario = scenario_of(&args)?;
    let size = match &args.size {
        Some(t) => parse_size(t)?,
        None => (1280, 800),
    };
    let preset = match args.camera.as_str() {
        "close" | "" => Preset::Close,
        "overview" => Preset::Overview,
        "top" => Preset::Top,
        other => {
            return Err(Failure::input(format!(
                "--camera '{other}': expected close, overview or top"
            )));
        }
    };
    let sky = Sky::of_flags(args.night, args.day);
    // The Locations, hexes and picks named, in the scenario's terms (the sky changes none).
    let select = match &args.select {
        Some(t) => Some(
            Pick::parse(&scenario, t)
                .map_err(|e| Failure::input(format!("--select '{t}': {e}")))?,
        ),
        None => None,
    };
    let los = match args.los.as_deref() {
        Some([a, b]) => Some((
            scenario.location(a).map_err(Failure::input)?,
            scenario.location(b).map_err(Failure::input)?,
        )),
        _ => None,
    };
    let sees = match &args.sees {
        Some(l) => Some(scenario.location(l).map_err(Failure::input)?),
        None => None,
    };
    let focus = match &args.focus {
        Some(f) => Some(
            scenario
                .map
                .hex(f)
                .map_err(|e| Failure::input(format!("--focus {f}: {e}")))?,
        ),
        None => None,
    };
    let (save_path, export_path) = save_paths(&args)?;
    let load = match &args.load {
        Some(p) => Some(Box::new(read_save(p, &scenario)?)),
        None => None,
    };
    let opponent = args
        .opponent
        .as_deref()
        .map(super::walk::parse_opponent)
        .transpose()?;
    let opponent = match (&load, &args.load) {
        (Some(saved), Some(path)) => super::walk::opponent_of_save(path, opponent, saved)?,
        _ => opponent,
    };
    // Watched, an exported game against the program already holds its orders: they would be
    // given twice.
    if args.opponent.is_some() && !args.play && scenario.script.iter().any(|st| st.opponent) {
        return Err(Failure::input(
            "--opponent: this script already holds the program's orders (steps with `opponent: \
             true`, an exported game against it): view it without --opponent, or play it \
             (--play) against the program",
        ));
    }
    // Issue 38: a window whose size was not asked for never opens larger than the screen.
    let fit_screen = args.size.is_none() && args.screenshot.is_none() && args.frame_bench.is_none();
    let options = ViewOptions {
        sky,
        screenshot: args.screenshot,
        probes: args.probes,
        size,
        fit_screen,
        preset,
        focus,
        frame_bench: args.frame_bench,
        seed: args.seed.or(scenario.seed).unwrap_or(1),
        select,
        los,
        play: args.play,
        phase: args.phase,
        save_path: Some(save_path),
        export_path: Some(export_path),
        load,
        legend: args.legend,
        sees,
        file: args.scenario.clone(),
        opponent,
    };
    match crate::view::run(scenario, options) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(ViewError::Exit(code)) => Ok(ExitCode::from(code)),
        Err(ViewError::Unavailable(message)) => Err(Failure::input(message)),
    }
}

#[cfg(not(feature = "viewer"))]
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    // Still read the scenario, so a bad file is reported as such.
    scenario_of(&args)?;
    Err(Failure::input(
        "this asl-pto was built without the 3D viewer (the `viewer` feature); build it with \
         default features, or use the headless subcommands (check, caves, los, cost, moves, orders, sees, light, walk)",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_ones_are_input_errors() {
        assert_eq!(parse_size("1280x800").unwrap(), (1280, 800));
        assert_eq!(parse_size("640X480").unwrap(), (640, 480));
        for bad in ["1280", "x800", "axb", "10x10", "99999x10"] {
            assert_eq!(parse_size(bad).unwrap_err().code, 2, "{bad}");
        }
    }
}
