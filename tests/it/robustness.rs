//! Nothing lost, nothing panics (issue 13): output that cannot be written (a closed pipe, a
//! full disk), saves written atomically and checked on load, numbers bounded to what the
//! rules allow, capped reads, escaped control characters, one-line usage errors, and the
//! night "?" check that traces no LOS it need not.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, run, stderr};

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_asl-pto")
}

fn repo(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("asl-pto-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Exit 2 and exactly one `error:` line on stderr containing `needle`; returns the line.
#[track_caller]
fn assert_one_error_line(o: &Output, needle: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line expected: {err:?}");
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(lines[0].contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
    lines[0].to_string()
}

/// Waits for `child` at most `limit`, killing it then.
fn wait_at_most(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let o = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?} (killed); stderr: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A scenario that breaks a rule: `check` exits 1 on it.
fn illegal_scenario() -> String {
    let d = temp_dir("illegal");
    let p = d.join("flat_cliff.ron");
    std::fs::write(
        &p,
        r#"Scenario(title: "flat cliff", map: (columns: 6, rows: 5, cliffs: ["C3-C4"]))"#,
    )
    .unwrap();
    p.to_str().unwrap().to_string()
}

/// Every subcommand that writes to stdout, with the exit code it ends with.
fn every_subcommand() -> Vec<(Vec<String>, i32)> {
    let ridge = repo("scenarios/ridge.ron");
    let night = repo("scenarios/night_ridge.ron");
    let caves = repo("scenarios/cliff_caves.ron");
    let walk = repo("tests/scenarios/walk_cliff.ron");
    let illegal = illegal_scenario();
    let v = |args: &[&str], code: i32| (args.iter().map(|s| s.to_string()).collect(), code);
    vec![
        v(&["check", &ridge], 0),
        v(&["check", &ridge, "--json"], 0),
        v(&["check", &illegal], 1),
        v(&["check", &illegal, "--json"], 1),
        v(&["caves", &caves], 0),
        v(&["caves", &caves, "--json"], 0),
        v(&["los", &ridge, "T4", "P4"], 0),
        v(&["los", &ridge, "T4", "P4", "--json"], 0),
        v(&["cost", &caves, "T4", "S4"], 0),
        v(&["cost", &caves, "T4", "S4", "--json"], 0),
        v(&["cost", &caves, "T4", "S4", "--unit", "us1"], 0),
        v(&["cost", &caves, "T4", "S4", "--unit", "us1", "--json"], 0),
        v(&["moves", &caves, "us1"], 0),
        v(&["moves", &caves, "us1", "--json"], 0),
        v(&["light", &night], 0),
        v(&["light", &night, "--json"], 0),
        v(&["walk", &walk], 0),
        v(&["walk", &walk, "--json"], 0),
        v(&["--help"], 0),
        v(&["check", "--help"], 0),
        v(&["--version"], 0),
    ]
}

#[test]
fn broken_pipe_ends_quietly_for_every_subcommand() {
    for (args, code) in every_subcommand() {
        // Racy by nature: the reader goes away before the first write, or after some; repeat.
        for round in 0..4 {
            let (reader, writer) = std::io::pipe().unwrap();
            let child = bin()
                .args(&args)
                .stdout(writer)
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            if round % 2 == 0 {
                drop(reader);
            } else {
                // Read a little, then close.
                let mut r = reader;
                let mut buf = [0u8; 16];
                let _ = r.read(&mut buf);
                drop(r);
            }
            let o = wait_at_most(child, Duration::from_secs(60));
            assert_eq!(
                o.status.code(),
                Some(code),
                "{args:?} round {round}: stderr {}",
                stderr(&o)
            );
            assert_eq!(stderr(&o), "", "{args:?} round {round}: no message");
        }
    }
}

#[test]
fn full_disk_is_exit_2_with_one_line_for_every_subcommand() {
    for (args, _) in every_subcommand() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin().args(&args).stdout(full).output().unwrap();
        let line = assert_one_error_line(&o, "cannot write the output");
        assert!(line.contains("No space left"), "{args:?}: {line}");
    }
}

#[test]
fn full_stderr_keeps_exit_2_for_bad_input() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin()
        .args(["check", "/nonexistent/x.ron"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin().args(["frobnicate"]).stderr(full).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "a usage error with a full stderr");
}

fn night() -> String {
    repo("scenarios/night_ridge.ron")
}

/// A save of the night ridge after `steps` steps, written to `path`.
fn make_save(path: &Path, steps: &str) {
    let o = run(&[
        "walk",
        &night(),
        "--steps",
        steps,
        "--save",
        path.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn interrupted_save_write_keeps_the_previous_save() {
    let d = temp_dir("fsize");
    let save = d.join("walk.ron");
    make_save(&save, "6");
    let before = std::fs::read(&save).unwrap();
    assert!(
        before.len() > 2048,
        "a save bigger than the file size limit"
    );
    // A file size limit of one block makes the write fail midway (EFBIG; SIGXFSZ ignored so
    // that the program sees the error).
    let o = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 1; trap '' XFSZ; exec \"$0\" \"$@\"")
        .arg(exe())
        .args(["walk", &night(), "--steps", "3", "--save"])
        .arg(&save)
        .output()
        .unwrap();
    assert_one_error_line(&o, "cannot write the save");
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the previous save is intact"
    );
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        [std::ffi::OsString::from("walk.ron")],
        "no temporary left"
    );
    // Without the limit the same command replaces the save.
    make_save(&save, "3");
    assert_ne!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn interrupted_save_write_in_process_keeps_the_previous_save() {
    use std::io::Write;
    let d = temp_dir("inject");
    let save = d.join("walk.ron");
    std::fs::write(&save, "the previous save").unwrap();
    let r = asl_pto::cli::save_file::write_atomically_with(&save, |f| {
        f.write_all(b"(\n    format: 2,\n    scen")?;
        Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
    });
    assert!(r.is_err());
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "the previous save");
    assert_eq!(
        std::fs::read_dir(&d).unwrap().count(),
        1,
        "no temporary left"
    );
}

#[test]
fn save_to_the_scenario_file_itself_is_refused() {
    let d = temp_dir("self");
    let scenario = d.join("my.ron");
    std::fs::copy(night(), &scenario).unwrap();
    let text = std::fs::read(&scenario).unwrap();
    let spelled = d.join(".").join("my.ron");
    for save in [&scenario, &spelled] {
        let o = run(&[
            "walk",
            scenario.to_str().unwrap(),
            "--steps",
            "2",
            "--save",
            save.to_str().unwrap(),
        ]);
        assert_one_error_line(&o, "the scenario file itself");
        assert_eq!(
            std::fs::read(&scenario).unwrap(),
            text,
            "the scenario is intact"
        );
    }
}

/// Damaged saves: (what, the text replaced, its replacement, a word the error must contain).
const DAMAGED: &[(&str, &str, &str, &str)] = &[
    (
        "unknown counter",
        "counter: \"7-6-8\"",
        "counter: \"9-9-9\"",
        "9-9-9",
    ),
    (
        "empty counter",
        "counter: \"7-6-8\"",
        "counter: \"\"",
        "counter",
    ),
    (
        "swapped nationality",
        "nationality: Japanese",
        "nationality: American",
        "jp1",
    ),
    ("unknown unit", "id: \"jp2\"", "id: \"jp9\"", "jp9"),
    ("duplicate unit", "id: \"jp2\"", "id: \"jp1\"", "twice"),
    (
        "unit of another scenario",
        "id: \"jp2\"",
        "id: \"us3\"",
        "us3",
    ),
    ("unknown cave", "(\"X\", true)", "(\"Q\", true)", "'Q'"),
    ("duplicate cave", "(\"Y\", true)", "(\"X\", true)", "twice"),
    (
        "unit in an unknown cave",
        "at: \"cave:X\"",
        "at: \"cave:Q\"",
        "cave:Q",
    ),
    ("unit off the map", "at: \"M6\"", "at: \"ZZ99\"", "ZZ99"),
    ("unit at level 99", "at: \"M6\"", "at: \"M6@99\"", "M6@99"),
    (
        "Climb counter of an absent unit",
        "climbs: []",
        "climbs: [(\"us9\", \"I9@1/I9-J9-J10\")]",
        "us9",
    ),
    ("NaN MF", "mf_spent: 0.0", "mf_spent: NaN", "mf_spent"),
    ("infinite MF", "mf_spent: 0.0", "mf_spent: inf", "mf_spent"),
    ("negative MF", "mf_spent: 0.0", "mf_spent: -1.0", "mf_spent"),
    ("NVR -5", "nvr: Some(2)", "nvr: Some(-5)", "nvr"),
    (
        "NVR 2^31 - 1",
        "nvr: Some(2)",
        "nvr: Some(2147483647)",
        "nvr",
    ),
    ("NVR 2^31", "nvr: Some(2)", "nvr: Some(2147483648)", ""),
    ("no NVR at night", "nvr: Some(2)", "nvr: None", "nvr"),
    (
        "Blaze level 0",
        "((7, 1), 2)",
        "((7, 1), 0)",
        "Blazing levels",
    ),
    (
        "Blaze level 255",
        "((7, 1), 2)",
        "((7, 1), 255)",
        "Blazing levels",
    ),
    (
        "Blaze off the map",
        "((7, 1), 2)",
        "((700, 1), 2)",
        "off the map",
    ),
    (
        "Starshell far off the map",
        "(13, -3)",
        "(13, -3000000)",
        "off the map",
    ),
    (
        "a field from a newer version",
        "seed: 1,",
        "seed: 1,\n    weather: Rain,",
        "weather",
    ),
    (
        "a unit field from a newer version",
        "straying: false,",
        "straying: false,\n                fatigue: 2,",
        "fatigue",
    ),
    ("a newer format", "format: 2,", "format: 3,", "format 3"),
    ("no format", "    format: 2,\n", "", "format"),
    (
        "Player Turn 4294967295",
        "number: 1,",
        "number: 4294967295,",
        "4294967295",
    ),
    ("Player Turn 0", "number: 1,", "number: 0,", "player_turn"),
    (
        "Setup after steps",
        "phase: PrepFire",
        "phase: Setup",
        "Setup",
    ),
    (
        "step beyond the script",
        "next_step: 6,",
        "next_step: 999,",
        "999",
    ),
    (
        "heroes created beyond count",
        "heroes_created: 0",
        "heroes_created: 4000000000",
        "heroes_created",
    ),
    (
        "a die of 7",
        "dice: [\n                4,",
        "dice: [\n                7,",
        "dice",
    ),
    (
        "three dice",
        "dice: [\n                4,",
        "dice: [\n                4,\n                4,\n                4,",
        "dice",
    ),
    (
        "a bad dice position",
        "dice_position: \"",
        "dice_position: \"x",
        "dice_position",
    ),
    (
        "another scenario's fingerprint",
        "\"fnv1a64:",
        "\"fnv1a64:0",
        "not of this scenario",
    ),
    (
        "another title",
        "title: \"Night",
        "title: \"Day",
        "not of this scenario",
    ),
    (
        "a hero's state on a squad",
        "hero: None",
        "hero: Some((target: \"us1\", created_in: 1, attacked: false))",
        "T-H Hero",
    ),
    (
        "an unknown Cave Complex",
        "hidden_complexes: []",
        "hidden_complexes: [\"Z\"]",
        "'Z'",
    ),
    (
        "an unknown tunnel",
        "revealed_tunnels: []",
        "revealed_tunnels: [\"A1\"]",
        "A1",
    ),
    (
        "SMOKE placed in a later Player Turn",
        "smoke: []",
        "smoke: [(at: \"E9\", kind: Smoke, dispersed: false, placed_in: 9)]",
        "placed in Player Turn 9",
    ),
    (
        "SMOKE off the map",
        "smoke: []",
        "smoke: [(at: \"ZZ99\", kind: Smoke, dispersed: false, placed_in: 1)]",
        "ZZ99",
    ),
    (
        "a roll's rule with a newline",
        "rule: \"E1.921\"",
        "rule: \"E1\\n921\"",
        "rule",
    ),
];

#[test]
fn damaged_saves_are_refused_with_file_line_col() {
    let d = temp_dir("damaged");
    let good = d.join("good.ron");
    make_save(&good, "6");
    let text = std::fs::read_to_string(&good).unwrap();
    // The good save loads.
    let o = run(&["walk", &night(), "--load", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for (n, (what, from, to, needle)) in DAMAGED.iter().enumerate() {
        assert!(
            text.contains(from),
            "{what}: '{from}' is not in the save:\n{text}"
        );
        let bad = text.replacen(from, to, 1);
        let path = d.join(format!("damaged{n}.ron"));
        std::fs::write(&path, &bad).unwrap();
        let o = run(&["walk", &night(), "--load", path.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{what}: loaded ({err})");
        let line = assert_one_error_line(&o, needle);
        // error: <file>:<line>:<col>: ...
        let rest = line
            .strip_prefix(&format!("error: {}:", path.display()))
            .unwrap_or_else(|| panic!("{what}: the save file is not named first: {line}"));
        let mut parts = rest.splitn(3, ':');
        let (l, c) = (parts.next().unwrap(), parts.next().unwrap_or(""));
        assert!(
            l.parse::<usize>().is_ok() && c.parse::<usize>().is_ok(),
            "{what}: no line:col in {line}"
        );
    }
}

#[test]
fn a_save_is_bound_to_its_scenario_by_content() {
    let d = temp_dir("bound");
    let save = d.join("s.ron");
    make_save(&save, "4");
    // The same content elsewhere: the save continues it.
    let copy = d.join("copy.ron");
    std::fs::copy(night(), &copy).unwrap();
    let o = run(&[
        "walk",
        copy.to_str().unwrap(),
        "--load",
        save.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The same title with a unit removed (one the script does not name): refused, where a
    // match by title let the unit come back.
    let text = std::fs::read_to_string(night()).unwrap();
    assert_eq!(text.matches("\"jp1\"").count(), 1);
    let line = text.lines().find(|l| l.contains("id: \"jp1\"")).unwrap();
    let changed = d.join("changed.ron");
    std::fs::write(&changed, text.replace(line, "")).unwrap();
    let o = run(&[
        "walk",
        changed.to_str().unwrap(),
        "--load",
        save.to_str().unwrap(),
    ]);
    assert_one_error_line(&o, "not of this scenario file");
}

#[test]
fn morale_check_drm_beyond_the_rules_is_an_input_error_with_line_col() {
    let d = temp_dir("drm");
    let text = std::fs::read_to_string(night()).unwrap();
    let p = d.join("drm.ron");
    let changed = text.replacen(
        "script: [",
        "script: [\n        (act: MoraleCheck(\"jp2\", 2147483647)),",
        1,
    );
    std::fs::write(&p, changed).unwrap();
    let line = assert_one_error_line(&run(&["check", p.to_str().unwrap()]), "drm 2147483647");
    assert!(line.contains("drm.ron:"), "{line}");
    assert!(
        line.split(':')
            .nth(2)
            .is_some_and(|l| l.parse::<usize>().is_ok()),
        "line:col: {line}"
    );
}

#[test]
fn morale_check_arithmetic_never_overflows() {
    use asl_pto::rules::morale::morale_check;
    let r = morale_check(7, i32::MAX, 7, 3);
    assert!(!r.passed);
    assert_eq!(r.final_dr, i32::MAX);
    let r = morale_check(7, i32::MIN, i32::MAX, 3);
    assert!(r.passed);
}

#[test]
fn numbers_are_bounded_to_what_the_rules_allow() {
    let d = temp_dir("bounds");
    let text = std::fs::read_to_string(night()).unwrap();
    for (n, (from, to, needle)) in [
        (
            "elr: (japanese: 3, allied: 3)",
            "elr: (japanese: 3, allied: 200)",
            "elr.allied 200",
        ),
        ("year: 1944", "year: 9999", "date.year 9999"),
        ("ob: (caves: 2)", "ob: (caves: 4000000000)", "ob.caves"),
        ("at: \"M6\"", "at: \"M6@50\"", "M6@50"),
    ]
    .iter()
    .enumerate()
    {
        assert!(text.contains(from), "{from}");
        let p = d.join(format!("b{n}.ron"));
        std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
        let line = assert_one_error_line(&run(&["check", p.to_str().unwrap()]), needle);
        assert!(line.contains(&format!("b{n}.ron:")), "{line}");
    }
    // A Location's level on the command line too: -9..24 (Base Levels -9..20 and 4 floors).
    assert_one_error_line(
        &run(&["los", &repo("scenarios/ridge.ron"), "T4@99", "P4"]),
        "T4@99",
    );
    assert_eq!(
        run(&["los", &repo("scenarios/ridge.ron"), "T4@3", "P4"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn unbounded_input_is_cut_at_64_mib() {
    for args in [
        vec!["check".to_string(), "/dev/zero".to_string()],
        vec!["walk".into(), night(), "--load".into(), "/dev/zero".into()],
    ] {
        let child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let o = wait_at_most(child, Duration::from_secs(60));
        assert_one_error_line(&o, "larger than 64 MiB");
    }
}

#[test]
fn control_characters_are_escaped_in_error_lines() {
    let o = run(&["check", "/nonexistent/bad\u{1b}[31m\nname.ron"]);
    let line = assert_one_error_line(&o, "bad\\u{1b}[31m\\nname.ron");
    assert!(!line.contains('\u{1b}'));
    let o = run(&["los", &repo("scenarios/ridge.ron"), "T4\u{1b}[2J", "P4"]);
    let line = assert_one_error_line(&o, "T4\\u{1b}[2J");
    assert!(!line.contains('\u{1b}'));
    // From a file: a unit id with an escape sequence and a newline.
    let d = temp_dir("ctl");
    let p = d.join("ctl.ron");
    std::fs::write(
        &p,
        "Scenario(title: \"t\", map: (columns: 6, rows: 5), units: [(id: \"u\u{1b}]0;x\u{7}\\n\", \
         nationality: American, counter: \"7-6-8\", at: \"B2\")])",
    )
    .unwrap();
    let o = run(&["check", p.to_str().unwrap()]);
    let line = assert_one_error_line(&o, "\\u{1b}]0;x\\u{7}");
    assert!(!line.contains('\u{1b}') && !line.contains('\u{7}'));
}

#[test]
fn usage_errors_are_one_line() {
    for args in [
        &["los"][..],
        &["frobnicate"],
        &["check"],
        &["check", "x.ron", "--jsn"],
        &["walk", "x.ron", "--seed", "x"],
        &["bench", "--runs", "0"],
        &["check", "a", "b\u{1b}[31m"],
    ] {
        let o = run(args);
        let line = assert_one_error_line(&o, "--help");
        assert!(!line.contains('\u{1b}'), "{args:?}: {line}");
    }
}

#[test]
fn cost_within_one_hex_names_both_locations() {
    let o = run(&["cost", &repo("scenarios/ridge.ron"), "T4", "T4@1", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["allowed"], false);
    let reason = v["reason"].as_str().unwrap();
    assert!(!reason.contains("T4 and T4 are"), "{reason}");
    assert!(
        reason.contains("T4@1") && reason.contains("same hex"),
        "{reason}"
    );
}

/// E1.32 with E1.1/E1.101: a Good Order unit in Jungle at night gains "?" when every enemy is
/// beyond the NVR and it is not Illuminated; one in an Illuminated hex is seen beyond the NVR
/// and does not. (The range cut must not change who is seen.)
#[test]
fn e1_32_night_concealment_with_the_nvr_cut_keeps_its_outcome() {
    let d = temp_dir("nvr");
    let p = d.join("n.ron");
    std::fs::write(
        &p,
        r#"Scenario(
    title: "nvr cut",
    night: Some((base_nvr: Some(1), cloud: Clear, moon: Full)),
    map: (columns: 12, rows: 6, terrain: Open, hexes: {"C3 J3 J5": (terrain: Jungle)}),
    blazes: [(hex: "J4", levels: 1)],
    units: [
        (id: "far", nationality: Japanese, counter: "4-4-7", at: "C3"),
        (id: "lit", nationality: Japanese, counter: "4-4-7", at: "J3"),
        (id: "us", nationality: American, counter: "7-6-8", at: "F5"),
    ],
    script: [(phase: CloseCombat), (phase: Rally)],
)"#,
    )
    .unwrap();
    let o = run(&["walk", p.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    let gained: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["event"] == "concealment")
        .map(|v| v["unit"].as_str().unwrap().to_string())
        .collect();
    assert!(gained.contains(&"far".to_string()), "{out}");
    assert!(!gained.contains(&"lit".to_string()), "{out}");
}
