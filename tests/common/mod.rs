//! Helpers shared by the integration tests (`tests/it`): scenario paths and loading, running the
//! real `asl-pto` binary and reading its output, and a headless simulation driven step by step.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use asl_pto::scenario::Scenario;
use asl_pto::sim::{self, runner};
use bevy::prelude::*;

/// The repository root (the `asl-pto` package).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A test fixture, `tests/scenarios/NAME.ron` (NAME with or without `.ron`).
pub fn fixture_path(name: &str) -> String {
    let file = if name.ends_with(".ron") {
        name.to_string()
    } else {
        format!("{name}.ron")
    };
    root()
        .join("tests/scenarios")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

/// A test fixture loaded (a test fails with the loader's message if it does not load).
pub fn fixture(name: &str) -> Scenario {
    Scenario::load(Path::new(&fixture_path(name))).unwrap_or_else(|e| panic!("{e}"))
}

/// A shipped scenario, `scenarios/NAME.ron`.
pub fn demo_path(name: &str) -> String {
    root()
        .join(format!("scenarios/{name}.ron"))
        .to_string_lossy()
        .into_owned()
}

/// A shipped scenario loaded.
pub fn demo(name: &str) -> Scenario {
    Scenario::load(Path::new(&demo_path(name))).unwrap_or_else(|e| panic!("{e}"))
}

/// A scenario from text (errors name `variant.ron`).
pub fn from_text(text: &str) -> Scenario {
    Scenario::from_str(text, "variant.ron").unwrap_or_else(|e| panic!("{e}"))
}

/// The `asl-pto` binary.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_asl-pto"))
}

/// Runs `asl-pto ARGS` and returns what it did.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the program runs")
}

/// Its standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Its standard output as text, asserting it succeeded (exit 0).
pub fn stdout_ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// Its standard output parsed as one JSON value.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&o.stdout)))
}

/// A file under the system's temporary folder with this text.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("asl-pto-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A headless simulation of `scenario` with `seed`.
pub fn app(scenario: Scenario, seed: u64) -> App {
    sim::headless(scenario, seed)
}

/// Runs the script until `n` steps are done (a test fails if it ends first).
pub fn run_to(app: &mut App, n: usize) {
    while app.world().resource::<sim::Walk>().current < n {
        assert!(runner::run_step(app), "the script ended before step {n}");
    }
}

/// A scenario's text with `units` added first in its `units` list, `attacker: Some(Allied)` and
/// `script` as its script (the fixture must end its `units` list with `    ],\n)`).
pub fn allied_walk(base: &str, units: &str, script: &str) -> String {
    base.replace(
        "units: [",
        &format!("attacker: Some(Allied),\n    units: [\n{units}"),
    )
    .replace("    ],\n)", &format!("    ],\n    script: [{script}],\n)"))
}

/// The LOS between two Locations of `s`, through caves (G11.5) as well, checked both ways.
pub fn cave_los(s: &Scenario, from: &str, to: &str) -> asl_pto::los::LosResult {
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    let (a, b) = (s.location(from).unwrap(), s.location(to).unwrap());
    let r = asl_pto::rules::caves::sight::cave_los(&env, &caves, &a, &b).unwrap();
    let back = asl_pto::rules::caves::sight::cave_los(&env, &caves, &b, &a).unwrap();
    assert_eq!(r.clear(), back.clear(), "{from}<->{to} not reciprocal");
    r
}
