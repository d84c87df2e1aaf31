//! Play mode in a real window (issue 15): the viewer is started on the test's X display (CI runs
//! the tests under `xvfb-run`), `--probes` says where unit us3's counter and hex U5's centre land
//! in the window, and `xdotool` clicks them as a player would: us3 (in T5) is selected, U5
//! (adjacent Open Ground, a marked destination in the MPh) is clicked, Ctrl+S saves, and the
//! save has us3 in U5. Where there is no display, no `xdotool` or no graphics adapter the test
//! says so and passes, unless `ASL_PTO_REQUIRE_RENDER=1` (set by `.ci/run`), where it fails.
#![cfg(feature = "viewer")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use asl_pto::sim::save;

fn required() -> bool {
    std::env::var("ASL_PTO_REQUIRE_RENDER").is_ok_and(|v| v == "1")
}

/// Says why the test is skipped, or fails it where rendering is required.
fn skip(why: &str) {
    assert!(!required(), "ASL_PTO_REQUIRE_RENDER=1 but {why}");
    eprintln!("skipped: {why}");
}

fn out_dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `xdotool ARGS`; its stdout, or why it failed.
fn xdotool(args: &[&str]) -> Result<String, String> {
    let out = Command::new("xdotool")
        .args(args)
        .output()
        .map_err(|e| format!("xdotool {args:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "xdotool {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The viewer process, killed when dropped (also when an assertion fails).
struct Viewer(Child);

impl Drop for Viewer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits up to `limit` for `path` to exist, or for the viewer to exit (its exit status).
fn wait_for(
    viewer: &mut Viewer,
    path: &Path,
    limit: Duration,
) -> Result<(), Option<std::process::ExitStatus>> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if path.exists() {
            return Ok(());
        }
        if let Ok(Some(status)) = viewer.0.try_wait() {
            return Err(Some(status));
        }
        sleep(Duration::from_millis(200));
    }
    Err(None)
}

/// Where `probes` (a list of hexes, each with the counters drawn in it) puts hex `id`'s centre
/// (`list` "hexes") or unit `id`'s counter (`list` "units"), in window pixels.
fn spot(probes: &serde_json::Value, list: &str, key: &str, id: &str) -> (i64, i64) {
    let hexes = probes.as_array().expect("the probes are a list of hexes");
    let item = match list {
        "units" => hexes
            .iter()
            .flat_map(|h| h["units"].as_array().into_iter().flatten())
            .find(|u| u[key] == id),
        _ => hexes.iter().find(|h| h[key] == id),
    }
    .unwrap_or_else(|| panic!("{id} is not in the probes' {list}: {probes}"));
    let px = |k: &str| item[k].as_f64().unwrap().round() as i64;
    (px("x"), px("y"))
}

/// The viewer's window: the visible one of its process, else the visible one named asl-pto.
fn find_window(pid: u32) -> Result<String, String> {
    let start = Instant::now();
    let mut last = String::new();
    while start.elapsed() < Duration::from_secs(30) {
        for args in [
            &["search", "--onlyvisible", "--pid", &pid.to_string()][..],
            &["search", "--onlyvisible", "--name", "asl-pto"][..],
        ] {
            match xdotool(args) {
                Ok(out) => {
                    if let Some(w) = out.lines().next() {
                        return Ok(w.trim().to_string());
                    }
                }
                Err(e) => last = e,
            }
        }
        sleep(Duration::from_millis(300));
    }
    Err(format!("no viewer window appeared in 30 s ({last})"))
}

/// Moves the pointer to (x, y) in `window` and clicks the left button, then gives the viewer
/// time to answer (a debug build on lavapipe draws a few frames a second, fewer while other
/// tests render): the next click must come in a later frame, or the viewer would see both
/// clicks at once, at the second one's place.
fn click(window: &str, (x, y): (i64, i64)) -> Result<(), String> {
    let (x, y) = (x.to_string(), y.to_string());
    xdotool(&["mousemove", "--window", window, &x, &y])?;
    sleep(Duration::from_millis(1000));
    xdotool(&["click", "1"])?;
    sleep(Duration::from_millis(3000));
    Ok(())
}

/// The whole X screen as `xwd` dumps it (to look at when the test fails), where `xwd` is
/// installed; what to say about it.
fn snapshot(path: &Path) -> String {
    let out = Command::new("xwd")
        .args(["-root", "-silent", "-out"])
        .arg(path)
        .output();
    match out {
        Ok(o) if o.status.success() => format!("the screen is in {}", path.display()),
        _ => "no xwd to dump the screen with".to_string(),
    }
}

#[test]
fn play_mode_in_a_window_a_click_on_us3_then_on_u5_moves_it_and_ctrl_s_saves_it() {
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        return skip("there is no X display (DISPLAY is not set)");
    }
    if Command::new("xdotool").arg("version").output().is_err() {
        return skip("xdotool is not installed");
    }
    let dir = out_dir();
    let (probes_path, save_path, log_path) = (
        dir.join("probes.json"),
        dir.join("game.ron"),
        dir.join("viewer.log"),
    );
    for p in [&probes_path, &save_path] {
        let _ = std::fs::remove_file(p);
    }
    let log = std::fs::File::create(&log_path).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asl-pto"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    let lvp = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
    if std::env::var_os("VK_DRIVER_FILES").is_none() && Path::new(lvp).exists() {
        cmd.env("VK_DRIVER_FILES", lvp);
    }
    let child = cmd
        .args([
            "view",
            "scenarios/cliff_caves.ron",
            "--play",
            "--phase",
            "MPh",
        ])
        .arg("--save")
        .arg(&save_path)
        .arg("--probes")
        .arg(&probes_path)
        .args(["--size", "1280x800"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut viewer = Viewer(child);
    let stderr = || std::fs::read_to_string(&log_path).unwrap_or_default();
    match wait_for(&mut viewer, &probes_path, Duration::from_secs(180)) {
        Ok(()) => {}
        Err(Some(status)) => {
            let err = stderr();
            if status.code() == Some(2)
                && (err.contains("no usable graphics adapter") || err.contains("no display"))
            {
                return skip(&format!("this machine cannot open the viewer ({err})"));
            }
            panic!("the viewer exited ({status}) before writing its probes: {err}");
        }
        Err(None) => panic!("the viewer wrote no probes in 180 s: {}", stderr()),
    }
    let probes: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&probes_path).unwrap()).unwrap();
    let us3 = spot(&probes, "units", "id", "us3");
    let u5 = spot(&probes, "hexes", "hex", "U5");
    let window = find_window(pid).unwrap();
    click(&window, us3).unwrap();
    click(&window, u5).unwrap();
    // Keys go to the focused window (with no window manager, the one under the pointer).
    let _ = xdotool(&["windowfocus", &window]);
    xdotool(&["key", "ctrl+s"]).unwrap();
    if let Err(e) = wait_for(&mut viewer, &save_path, Duration::from_secs(30)) {
        panic!(
            "no save at {} after clicking us3 at {us3:?}, U5 at {u5:?} and Ctrl+S ({e:?}; {}): {}",
            save_path.display(),
            snapshot(&dir.join("screen.xwd")),
            stderr()
        );
    }
    let screen = snapshot(&dir.join("screen.xwd"));
    drop(viewer);
    let text = std::fs::read_to_string(&save_path).unwrap();
    let saved = save::from_ron(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let map = asl_pto::scenario::Scenario::load(std::path::Path::new("scenarios/cliff_caves.ron"))
        .unwrap()
        .map;
    let at = saved
        .state
        .units
        .iter()
        .find(|u| u.unit.id == "us3")
        .map(|u| u.at.display(&map).to_string());
    assert_eq!(
        at.as_deref(),
        Some("U5"),
        "clicked us3 at {us3:?} then U5 at {u5:?}; the save has us3 at {at:?} ({screen})"
    );
}
