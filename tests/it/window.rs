//! The viewer in a real window, driven as a player would with `xdotool` (CI runs the tests under
//! `xvfb-run`): `--probes` says where unit counters and hex centres land in the window, and its
//! sibling `.ui.json` what the window shows now (panels, selection, target, stack list, camera,
//! the hex ids drawn, the scenario picker). Play mode (issue 15): us3 is selected, U5 clicked,
//! Ctrl+S saves. Issue 27: selection and target, a stack's list, the wheel, Home, the docked
//! panels at 1280x800 and after a resize to 900x600, the scenario picker. Where there is no
//! display, no `xdotool` or no graphics adapter a test says so and passes, unless
//! `ASL_PTO_REQUIRE_RENDER=1` (set by `.ci/run`), where it fails.
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

/// One window on the display at a time: with no window manager every window opens at the
/// top left, and a click lands on whichever lies on top there.
static ONE_WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The display held for one test's window (also when an earlier test failed holding it).
fn hold_display() -> std::sync::MutexGuard<'static, ()> {
    ONE_WINDOW.lock().unwrap_or_else(|e| e.into_inner())
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
    let _display = hold_display();
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
    let child = viewer_command()
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
    let map = asl_pto::scenario::Scenario::load(std::path::Path::new("scenarios/cliff_caves.ron"))
        .unwrap()
        .map;
    let saved = save::from_ron(&text, &map).unwrap_or_else(|e| panic!("{e}: {text}"));
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

/// A viewer started for a test: the process, its window, and where its probes are.
struct Session {
    viewer: Viewer,
    _display: std::sync::MutexGuard<'static, ()>,
    window: String,
    probes: serde_json::Value,
    ui_path: PathBuf,
    log_path: PathBuf,
    dir: PathBuf,
}

/// The program, run from the repository root, on lavapipe where no Vulkan driver is named.
fn viewer_command() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asl-pto"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    let lvp = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
    if std::env::var_os("VK_DRIVER_FILES").is_none() && Path::new(lvp).exists() {
        cmd.env("VK_DRIVER_FILES", lvp);
    }
    cmd
}

/// Starts `view ARGS --probes ... --size SIZE` in the test's folder `name`, waits for its
/// probes and finds its window; `None` where this machine cannot open it (and that is allowed).
fn open(name: &str, args: &[&str], size: &str) -> Option<Session> {
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        skip("there is no X display (DISPLAY is not set)");
        return None;
    }
    if Command::new("xdotool").arg("version").output().is_err() {
        skip("xdotool is not installed");
        return None;
    }
    let display = hold_display();
    let dir = out_dir().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let (probes_path, ui_path, log_path) = (
        dir.join("probes.json"),
        dir.join("probes.ui.json"),
        dir.join("viewer.log"),
    );
    for p in [&probes_path, &ui_path] {
        let _ = std::fs::remove_file(p);
    }
    let log = std::fs::File::create(&log_path).unwrap();
    let child = viewer_command()
        .arg("view")
        .args(args)
        .arg("--probes")
        .arg(&probes_path)
        .args(["--size", size])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut viewer = Viewer(child);
    let stderr = || std::fs::read_to_string(&log_path).unwrap_or_default();
    match wait_for(&mut viewer, &ui_path, Duration::from_secs(180)) {
        Ok(()) => {}
        Err(Some(status)) => {
            let err = stderr();
            if status.code() == Some(2)
                && (err.contains("no usable graphics adapter") || err.contains("no display"))
            {
                skip(&format!("this machine cannot open the viewer ({err})"));
                return None;
            }
            panic!("the viewer exited ({status}) before writing its probes: {err}");
        }
        Err(None) => panic!("the viewer wrote no probes in 180 s: {}", stderr()),
    }
    let probes = serde_json::from_str(&std::fs::read_to_string(&probes_path).unwrap()).unwrap();
    let window = find_window(pid).unwrap();
    Some(Session {
        viewer,
        _display: display,
        window,
        probes,
        ui_path,
        log_path,
        dir,
    })
}

impl Session {
    /// What the window shows now (its `.ui.json`).
    fn ui(&self) -> serde_json::Value {
        let text = std::fs::read_to_string(&self.ui_path).unwrap_or_default();
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null)
    }

    /// Waits up to 30 s for what the window shows to pass `ok`; what it shows then.
    fn until(&self, what: &str, ok: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let ui = self.ui();
            if ok(&ui) {
                return ui;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let shot = snapshot(&self.dir.join("screen.xwd"));
                let log = std::fs::read_to_string(&self.log_path).unwrap_or_default();
                panic!("{what}: not so after 30 s ({shot}); the window shows {ui:#}\n{log}");
            }
            sleep(Duration::from_millis(300));
        }
    }

    /// Where unit `id`'s counter is now.
    fn unit(&self, id: &str) -> (i64, i64) {
        let ui = self.ui();
        let u = ui["units"]
            .as_array()
            .and_then(|v| v.iter().find(|u| u["id"] == id))
            .unwrap_or_else(|| panic!("{id} is not drawn: {ui:#}"));
        let at = |k: usize| u["at"][k].as_f64().unwrap().round() as i64;
        (at(0), at(1))
    }

    fn click(&self, at: (i64, i64)) {
        click(&self.window, at).unwrap();
    }

    /// A click with Ctrl held.
    fn ctrl_click(&self, at: (i64, i64)) {
        self.held_click("ctrl", at);
    }

    /// A click with the modifier `key` (`ctrl`, `shift`) held.
    fn held_click(&self, key: &str, (x, y): (i64, i64)) {
        let (x, y) = (x.to_string(), y.to_string());
        let _ = xdotool(&["windowfocus", &self.window]);
        xdotool(&["mousemove", "--window", &self.window, &x, &y]).unwrap();
        sleep(Duration::from_millis(1000));
        xdotool(&["keydown", key]).unwrap();
        sleep(Duration::from_millis(300));
        xdotool(&["click", "1"]).unwrap();
        sleep(Duration::from_millis(300));
        xdotool(&["keyup", key]).unwrap();
        sleep(Duration::from_millis(2000));
    }

    fn key(&self, key: &str) {
        let _ = xdotool(&["windowfocus", &self.window]);
        xdotool(&["key", key]).unwrap();
    }

    /// The screen, as a picture to look at (where `import` is installed, else an xwd dump).
    fn picture(&self, name: &str) {
        // The probes are written as a frame is made, before it is shown.
        sleep(Duration::from_millis(2500));
        let png = self.dir.join(format!("{name}.png"));
        let ok = Command::new("import")
            .args(["-window", "root"])
            .arg(&png)
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            snapshot(&self.dir.join(format!("{name}.xwd")));
        }
    }
}

/// Where the button `name` the window lists takes a click, if it lists it now.
fn button(ui: &serde_json::Value, name: &str) -> Option<(i64, i64)> {
    let b = &ui["buttons"][name];
    Some((b[0].as_f64()?.round() as i64, b[1].as_f64()?.round() as i64))
}

/// A rectangle of the probes: [x0, y0, x1, y1].
fn rect(v: &serde_json::Value) -> [f64; 4] {
    let n = |k: usize| v[k].as_f64().unwrap();
    [n(0), n(1), n(2), n(3)]
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] - 1.0 && b[0] < a[2] - 1.0 && a[1] < b[3] - 1.0 && b[1] < a[3] - 1.0
}

/// Issue 27.8: the docked panels lie inside the window, none over another, and the map keeps
/// the rest, at least half of the window's width.
fn panels_docked(ui: &serde_json::Value, (w, h): (f64, f64)) {
    let panels = ui["panels"].as_object().unwrap();
    let docks: Vec<(&String, [f64; 4])> = panels
        .iter()
        .filter(|(k, _)| ["top", "left", "right"].contains(&k.as_str()))
        .map(|(k, v)| (k, rect(v)))
        .collect();
    assert_eq!(docks.len(), 3, "{ui:#}");
    let view = rect(&ui["view"]);
    for (i, (name, r)) in docks.iter().enumerate() {
        assert!(
            r[0] >= 0.0 && r[1] >= 0.0 && r[2] <= w + 1.0 && r[3] <= h + 1.0,
            "{name} {r:?} lies outside the {w}x{h} window"
        );
        assert!(!overlap(*r, view), "{name} {r:?} covers the map {view:?}");
        for (other, q) in &docks[i + 1..] {
            assert!(!overlap(*r, *q), "{name} {r:?} covers {other} {q:?}");
        }
    }
    assert!(
        view[2] - view[0] >= 0.5 * w - 2.0 && view[3] - view[1] >= 0.8 * h,
        "the map keeps only {view:?} of the {w}x{h} window"
    );
}

#[test]
fn issue_27_selection_target_stack_list_wheel_home_and_docked_panels_in_a_window() {
    let Some(s) = open(
        "issue27",
        &["scenarios/assault.ron", "--play", "--phase", "MPh"],
        "1280x800",
    ) else {
        return;
    };
    let ui = s.ui();
    assert_eq!(ui["window"], serde_json::json!([1280.0, 800.0]));
    panels_docked(&ui, (1280.0, 800.0));
    s.picture("1280x800");
    // A hex id gives way to the counters: none is drawn over one (T5's id lay across jp3 and
    // its 9-1's strength factors).
    let ids = ui["hex_ids"].as_array().unwrap();
    assert!(ids.len() > 5, "{ui:#}");
    for u in ui["units"].as_array().unwrap() {
        let Some(r) = u["rect"].as_array() else {
            continue;
        };
        let r: Vec<f64> = r.iter().map(|v| v.as_f64().unwrap()).collect();
        for id in ids {
            let (x, y) = (id["x"].as_f64().unwrap(), id["y"].as_f64().unwrap());
            assert!(
                !(r[0] < x && x < r[2] && r[1] < y && y < r[3]),
                "hex id {} drawn over {}'s counter {r:?}",
                id["text"],
                u["id"]
            );
        }
    }
    // A click on a panel is the panel's: it picks nothing on the map behind it.
    let left = rect(&ui["panels"]["left"]);
    s.click((left[0] as i64 + 60, left[3] as i64 - 60));
    assert!(
        s.ui()["selected"].is_null(),
        "a click on the left panel picked the map behind it"
    );
    // 27.7: a click on the stack in T3 (usL on us1) lists its two units; picking us1 selects it.
    s.click(s.unit("us1"));
    let ui = s.until("the stack in T3 listed", |u| u["stack"]["hex"] == "T3");
    assert_eq!(ui["stack"]["units"], serde_json::json!(["usL", "us1"]));
    let entry = ui["stack"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "us1")
        .cloned()
        .unwrap();
    let at = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap().round() as i64;
    s.click((at(&entry, "x"), at(&entry, "y")));
    s.until("us1 picked from the list", |u| {
        u["selected"] == "unit us1" && u["stack"].is_null()
    });
    // A click on the Japanese stack in T5 makes it us1's target.
    s.click(s.unit("jp3"));
    let ui = s.until("a Japanese unit targeted", |u| {
        u["target"]
            .as_str()
            .is_some_and(|t| t.starts_with("unit jp"))
    });
    assert_eq!(ui["selected"], "unit us1");
    // 27.11: selecting another unit forgets the target (us2 stands on one of us1's marks, where
    // a plain click would move us1: a Ctrl+click selects).
    s.ctrl_click(s.unit("us2"));
    s.until("us2 selected, no target", |u| {
        u["selected"] == "unit us2" && u["target"].is_null()
    });
    s.click(s.unit("jp3"));
    s.until("us2 targets the Japanese", |u| !u["target"].is_null());
    // One Esc leaves the selection and its target.
    s.key("Escape");
    s.until("nothing selected after one Esc", |u| {
        u["selected"].is_null() && u["target"].is_null()
    });
    // The other side's unit is selected directly with Ctrl+click, with us4 (alone in U3)
    // selected.
    s.click(s.unit("us4"));
    s.until("us4 selected", |u| u["selected"] == "unit us4");
    s.ctrl_click(s.unit("jp3"));
    s.until("a Japanese unit selected by Ctrl+click", |u| {
        u["selected"]
            .as_str()
            .is_some_and(|t| t.starts_with("unit jp"))
            && u["target"].is_null()
    });
    s.key("Escape");
    // 27.9: the wheel zooms toward the point under the pointer: R3 stays under it. 27.10: every
    // hex id drawn after the zoom stands where this frame's camera puts its hex.
    let r3 = spot(&s.probes, "hexes", "hex", "R3");
    xdotool(&[
        "mousemove",
        "--window",
        &s.window,
        &r3.0.to_string(),
        &r3.1.to_string(),
    ])
    .unwrap();
    let before = s.until("the pointer over R3", |u| u["pointer_hex"] == "R3");
    let far = before["camera"]["distance"].as_f64().unwrap();
    for _ in 0..3 {
        xdotool(&["click", "4"]).unwrap();
        sleep(Duration::from_millis(700));
    }
    s.until("zoomed in", |u| {
        u["camera"]["distance"]
            .as_f64()
            .is_some_and(|d| d < far * 0.8)
    });
    // The last wheel step drawn, and nothing after it to wake the window.
    sleep(Duration::from_millis(2500));
    let ui = s.ui();
    assert_eq!(
        ui["pointer_hex"], "R3",
        "the wheel moved R3 from under the pointer"
    );
    let ids = ui["hex_ids"].as_array().unwrap();
    assert!(ids.len() > 5, "{ui:#}");
    for id in ids.iter().filter(|i| !i["now"].is_null()) {
        let (dx, dy) = (
            id["x"].as_f64().unwrap() - id["now"][0].as_f64().unwrap(),
            id["y"].as_f64().unwrap() - id["now"][1].as_f64().unwrap(),
        );
        assert!(
            dx.abs() <= 2.0 && dy.abs() <= 2.0,
            "hex id {id} drawn where the camera before put it"
        );
    }
    s.picture("zoomed");
    // Home puts the camera back.
    s.key("Home");
    s.until("the camera back home", |u| u["camera"]["home"] == true);
    // 27.8: at 900x600 the panels are laid out again at once, and still leave the map half.
    xdotool(&["windowsize", &s.window, "900", "600"]).unwrap();
    let ui = s.until("the window at 900x600", |u| {
        u["window"] == serde_json::json!([900.0, 600.0])
            && u["panels"]["right"][2].as_f64().is_some_and(|x| x <= 901.0)
    });
    panels_docked(&ui, (900.0, 600.0));
    s.picture("900x600");
    drop(s.viewer);
}

#[test]
fn issue_27_12_without_a_scenario_the_picker_lists_the_built_in_first_and_opens_another() {
    let Some(s) = open("picker", &[], "900x600") else {
        return;
    };
    let ui = s.until("the picker open", |u| u["picker"]["entries"].is_array());
    assert_eq!(ui["title"], "Cliff caves (G11.6)");
    let entries = ui["picker"]["entries"].as_array().unwrap();
    assert_eq!(entries[0]["name"], "built in", "{ui:#}");
    let assault = entries
        .iter()
        .find(|e| {
            e["name"]
                .as_str()
                .is_some_and(|n| n.ends_with("assault.ron"))
        })
        .cloned()
        .unwrap_or_else(|| panic!("no assault.ron listed: {ui:#}"));
    s.picture("picker");
    let at = |k: &str| assault[k].as_f64().unwrap().round() as i64;
    s.click((at("x"), at("y")));
    // The viewer reopens on it, in its own process, at the same size.
    let ui = s.until("the assault opened", |u| {
        u["title"] == "Assault on the cliff caves"
    });
    assert_eq!(ui["window"], serde_json::json!([900.0, 600.0]));
    assert!(ui["picker"].is_null());
    drop(s.viewer);
}

#[test]
fn issue_28_against_the_japanese_opponent_its_hidden_units_stay_off_screen_and_it_takes_its_phase()
{
    // The Allied DFPh is the Japanese side's alone: the program plays it and hands the AFPh
    // back to the player; jp1 and jp2, hidden in their caves, are not drawn until a shot of
    // their own reveals them.
    let Some(s) = open(
        "opponent",
        &[
            "scenarios/assault.ron",
            "--play",
            "--opponent",
            "japanese",
            "--phase",
            "DefensiveFire",
        ],
        "1280x800",
    ) else {
        return;
    };
    let drawn = |v: &serde_json::Value| -> Vec<String> {
        v["units"]
            .as_array()
            .map(|u| {
                u.iter()
                    .filter_map(|x| x["id"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let probed: Vec<String> = s
        .probes
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|h| h["units"].as_array().cloned().unwrap_or_default())
        .filter_map(|u| u["id"].as_str().map(str::to_string))
        .collect();
    assert!(
        probed.iter().any(|u| u == "jp3"),
        "jp3 in the open is drawn: {probed:?}"
    );
    let ui = s.until("the opponent's DFPh played and the AFPh handed back", |u| {
        u["phase"] == "AFPh"
    });
    assert_eq!(ui["player_turn"], 1);
    // Drawn only once its own fire revealed it (A12.15, G11.3: the cave with it).
    let events: Vec<String> = ui["last_events"]
        .as_array()
        .map(|v| {
            v.iter()
                .filter_map(|e| e.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    // The program plays its DFPh as the window opens, so a hidden unit may already have fired
    // (and be drawn) when the first probes are written: drawn then or now only after its own
    // shot.
    for hidden in ["jp1", "jp2"] {
        let fired = events
            .iter()
            .any(|e| e.contains(&format!("Fire([\"{hidden}\"")));
        assert!(
            fired || !probed.iter().any(|u| u == hidden),
            "{hidden} drawn at the start without firing: {probed:?} {ui:#}"
        );
        assert!(
            fired || !drawn(&ui).iter().any(|u| u == hidden),
            "{hidden} drawn without firing: {ui:#}"
        );
    }
    s.picture("afph");
    // The AFPh is the player's: it stays there.
    sleep(Duration::from_secs(3));
    assert_eq!(s.ui()["phase"], "AFPh");
    drop(s.viewer);
}

#[test]
fn a8_against_the_program_its_move_waits_for_a_first_fire_clicked_in_the_orders_then_saved() {
    // The Japanese program screens C3 and moves jp1 into it in its MPh; it waits; the player
    // selects us1, clicks "Fire at C3" in the Orders, then End phase ("go on") at each of the
    // program's later waits: the program ends its MPh; Ctrl+S saves the game with both sides'
    // orders and the program.
    let save = std::env::temp_dir().join(format!("asl-pto-a8-{}.save.ron", std::process::id()));
    let _ = std::fs::remove_file(&save);
    let Some(s) = open(
        "opponent_a8",
        &[
            "tests/scenarios/opponent_open.ron",
            "--play",
            "--opponent",
            "japanese",
            // The whole field in view (against the program the camera would open on us1).
            "--camera",
            "overview",
            "--save",
            save.to_str().unwrap(),
        ],
        "1280x800",
    ) else {
        return;
    };
    // End phase takes a click only while no step runs: wait until it is listed each time.
    let end = || {
        let ui = s.until("End phase clickable", |u| {
            !u["buttons"]["End phase"].is_null()
        });
        button(&ui, "End phase").unwrap()
    };
    s.click(end());
    s.until("the RPh", |u| u["phase"] == "RPh");
    s.click(end());
    let ui = s.until("jp1 waiting for the player's First Fire", |u| {
        u["awaiting"].is_string()
    });
    let waiting = ui["awaiting"].as_str().unwrap().to_string();
    assert_eq!(ui["phase"], "MPh");
    let at = waiting.strip_prefix("jp1 ").expect("jp1 moved").to_string();
    s.picture("awaiting");
    // Frames alone do not move it on.
    sleep(Duration::from_secs(3));
    assert_eq!(s.ui()["awaiting"], waiting);
    // The program's jp1 inspected, a click on the player's us1 selects us1 (it had made us1
    // jp1's target, and kept jp1 in the Inspector).
    s.click(s.unit("jp1"));
    s.until("jp1 inspected", |u| u["selected"] == "unit jp1");
    s.click(s.unit("us1"));
    let fire = format!("order: Fire at {at}");
    let ui = s.until("us1's Orders list the First Fire", |u| {
        u["selected"] == "unit us1" && !u["buttons"][&fire].is_null()
    });
    s.click(button(&ui, &fire).unwrap());
    s.picture("fired");
    s.click(end());
    // us1, marked First Fire, may still fire at jp1 as it moves on within its Normal Range
    // (its Subsequent First Fire, A8.3): the program waits again after each such step, and End
    // phase lets it go on each time.
    let start = Instant::now();
    loop {
        let ui = s.until("the program waiting or its MPh over", |u| {
            u["phase"] == "DFPh"
                || (u["awaiting"].is_string() && !u["buttons"]["End phase"].is_null())
        });
        if ui["phase"] == "DFPh" {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the program's MPh never ended: {ui:#}"
        );
        // (A unit may spend MF twice in one Location, its wait reading the same: no change
        // to wait for; End phase is listed again only once its step is done.)
        s.click(button(&ui, "End phase").unwrap());
        sleep(Duration::from_secs(3));
    }
    s.key("ctrl+s");
    let start = Instant::now();
    while !save.exists() && start.elapsed() < Duration::from_secs(20) {
        sleep(Duration::from_millis(500));
    }
    let text = std::fs::read_to_string(&save).expect("saved");
    // Against the program with the fog of war: the file is sealed (issue 36).
    assert!(text.contains("sealed:") && !text.contains("jp1"), "{text}");
    let map = asl_pto::scenario::Scenario::load(std::path::Path::new(
        "tests/scenarios/opponent_open.ron",
    ))
    .unwrap()
    .map;
    let saved = save::from_ron(&text, &map).unwrap();
    let played = saved.played.expect("a Play-mode save");
    let shot = played
        .iter()
        .position(|st| {
            !st.opponent
                && st
                    .act
                    .as_ref()
                    .is_some_and(|a| format!("{a:?}").contains("Fire"))
        })
        .expect("the player's Fire among the steps");
    assert!(played[shot - 1].opponent, "right after the program's move");
    assert!(played[shot + 1..].iter().any(|st| st.opponent));
    assert!(saved.opponent.is_some(), "the save holds the program");
    let _ = std::fs::remove_file(&save);
    drop(s.viewer);
}

#[test]
fn issue_38_a_fire_group_with_its_leader_a_limited_undo_and_esc_in_a_window() {
    // Against the Japanese program, in the assault's first PFPh: the player selects us1 (with
    // the 9-1 usL in T3), clicks jp3's kunai T5 as the target, and the Orders offer the Fire
    // Group "Fire at T5 (us1, usL)": a click fires it, the 9-1 directing (A7.53). Its dice are
    // rolled: Undo is refused and says why (issue 38). F1 opens the keys, Esc closes them and
    // leaves the selection as it is; the status line is in view throughout.
    let Some(s) = open(
        "issue_38_fire_group",
        &[
            "scenarios/assault.ron",
            "--play",
            "--opponent",
            "japanese",
            "--phase",
            "PFPh",
            // The cliff and T5 in view from the front (not from behind the Americans).
            "--focus",
            "S5",
        ],
        "1280x800",
    ) else {
        return;
    };
    let ui = s.until("the PFPh", |u| u["phase"] == "PFPh");
    let status = ui["status"].as_str().unwrap_or_default().to_string();
    assert!(
        status.starts_with("Game Turn 1 of 6 · Allied Player Turn · PFPh"),
        "{status}"
    );
    // us1 lies under the 9-1: a click on the stack opens its list, where us1 is picked.
    s.click(s.unit("us1"));
    let ui = s.until("us1 selected, or its stack listed", |u| {
        u["selected"] == "unit us1" || u["stack"]["hex"] == "T3"
    });
    if ui["selected"] != "unit us1" {
        let entry = ui["stack"]["entries"]
            .as_array()
            .and_then(|v| v.iter().find(|e| e["id"] == "us1"))
            .expect("us1 in the stack list");
        let at = |k: &str| entry[k].as_f64().unwrap().round() as i64;
        s.click((at("x"), at("y")));
        s.until("us1 selected", |u| u["selected"] == "unit us1");
    }
    // A7.5: a Shift+click on us2 (S3, adjacent) adds it to us1's Fire Group; us1 stays selected.
    s.held_click("shift", s.unit("us2"));
    s.until("us2 in us1's Fire Group", |u| {
        u["selected"] == "unit us1" && u["fire_group"] == serde_json::json!(["us2"])
    });
    s.click(s.unit("jp3"));
    let group = "order: Fire at T5 (us1, usL)";
    let chain = "order: Fire at T5 (us1, us2)";
    s.until("both Fire Groups offered", |u| {
        u["target"].is_string() && !u["buttons"][group].is_null() && !u["buttons"][chain].is_null()
    });
    s.picture("fire_groups_offered");
    // A second Shift+click takes us2 out again: only its Location's Fire Group is left.
    s.held_click("shift", s.unit("us2"));
    let ui = s.until("us2 out of the Fire Group", |u| {
        u["fire_group"] == serde_json::json!([])
            && u["buttons"][chain].is_null()
            && !u["buttons"][group].is_null()
    });
    assert_eq!(ui["selected"], "unit us1");
    s.click(button(&ui, group).unwrap());
    s.until("the Fire Group fired, usL directing", |u| {
        u["last_events"].as_array().is_some_and(|v| {
            v.iter()
                .any(|e| e.as_str().is_some_and(|t| t.contains("usL (9-1) directs")))
        })
    });
    s.picture("fire_group_fired");
    // End phase is listed again once the step has run (only a button that takes a click is).
    let ui = s.until("End phase pinned in view", |u| {
        u["buttons"]["End phase"].is_array()
    });
    // Its dice rolled: Undo (Ctrl+Z) is refused; the game stays as it is.
    let events = ui["last_events"].clone();
    s.key("ctrl+z");
    sleep(Duration::from_secs(3));
    assert_eq!(s.ui()["last_events"], events, "nothing was undone");
    // F1 opens the keys; Esc closes them, the selection stays.
    s.key("F1");
    s.until("the keys open", |u| u["keys_open"] == true);
    s.key("Escape");
    let ui = s.until("the keys closed", |u| u["keys_open"] == false);
    assert_eq!(ui["selected"], "unit us1", "Esc closed the window only");
    s.key("Escape");
    s.until("a second Esc leaves the selection", |u| {
        u["selected"].is_null()
    });
    drop(s.viewer);
}

/// Issue 38: against the Japanese program, a Game Turn clicked through with End phase (the
/// program plays its phases, the player's First Fire chances are passed) begins every phase of
/// both Player Turns once, in order; on the way, a click on a move mark's label (not the mark)
/// moves us4 (alone in U3) there.
#[test]
fn issue_38_a_game_turn_clicked_through_against_the_program_begins_every_phase_once() {
    let Some(s) = open(
        "issue_38_phases",
        &["scenarios/assault.ron", "--play", "--opponent", "japanese"],
        "1280x800",
    ) else {
        return;
    };
    // A12: jp3 and its 9-1 under "?" in T5 (the SSR) are one "?" to the Allies, as to the
    // program's own view: one counter is drawn there, which does not tell how many it hides
    // (the Allied RPh: the program has done nothing yet).
    let t5: Vec<serde_json::Value> = s
        .probes
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["hex"] == "T5")
        .flat_map(|h| h["units"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(t5.len(), 1, "one \"?\" drawn in T5: {t5:?}");
    let begun = |u: &serde_json::Value| -> Vec<String> {
        u["phases_begun"]
            .as_array()
            .map(|v| {
                v.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let done = |u: &serde_json::Value| begun(u).iter().any(|p| p == "GT2 Allied RPh");
    let mut moved = None;
    for _ in 0..80 {
        let ui = s.until("End phase to click", |u| {
            button(u, "End phase").is_some() || done(u)
        });
        if done(&ui) {
            break;
        }
        if moved.is_none() && ui["phase"] == "MPh" && ui["player_turn"] == 1 {
            s.click(s.unit("us4"));
            let ui = s.until("us4's move marks", |u| {
                u["selected"] == "unit us4"
                    && u["marks"]
                        .as_array()
                        .is_some_and(|m| m.iter().any(|m| m["at"].is_string()))
            });
            let mark = ui["marks"]
                .as_array()
                .and_then(|m| m.iter().find(|m| m["at"].is_string()))
                .cloned()
                .unwrap();
            let to = mark["at"].as_str().unwrap().to_string();
            let at = |k: &str| mark[k].as_f64().unwrap().round() as i64;
            s.click((at("x"), at("y")));
            s.until("us4 moved where the label said", |u| {
                u["last_events"].as_array().is_some_and(|v| {
                    v.iter().any(|e| {
                        e.as_str()
                            .is_some_and(|t| t.starts_with(&format!("U3 -> {to}:")))
                    })
                })
            });
            moved = Some(to);
            continue;
        }
        // The probe lists End phase only while it takes a click: not in a phase only the
        // program acts in (it ends that phase itself), unless it awaits our First Fire.
        s.click(button(&ui, "End phase").unwrap());
        sleep(Duration::from_millis(1500));
    }
    let ui = s.ui();
    assert!(moved.is_some(), "us4 was never moved by its label");
    let mut expected = Vec::new();
    for side in ["Allied", "Japanese"] {
        for p in ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"] {
            expected.push(format!("GT1 {side} {p}"));
        }
    }
    expected.push("GT2 Allied RPh".to_string());
    assert_eq!(begun(&ui), expected, "every phase begun once, in order");
    drop(s.viewer);
}
