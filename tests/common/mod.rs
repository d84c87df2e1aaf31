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

/// Its standard output (exit 0) read as JSON Lines: one value a line.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout_ok(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
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

/// A VASL boards folder built with our own encoder (issue 18; no publisher's data): `bd36` and
/// `bd37`, geomorphic 33 x 10 boards, and a SharedBoardMetadata.xml naming their terrain codes.
/// Board 36: a Level 2 hex FF5 with a cliff down to FF6 (Level 0), Kunai in CC3, Woods in CC4,
/// a Gully Z8 at Level -1, Light Jungle in GG5 (the half hex it shares with board 37's A5,
/// which is Open Ground there). Board 37: Light Jungle down all of column C, a Level 1 hill E5.
/// Built once per test run.
pub fn vasl_boards() -> &'static Path {
    use asl_pto::hex::Direction;
    use asl_pto::vasl::encode::{SyntheticBoard, shared_board_metadata, terrain_names};
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = root().join(format!("target/tmp/vasl-boards-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = terrain_names();
        let mut b36 = SyntheticBoard::standard("36");
        b36.set("FF5", 2, "Open Ground")
            .cliff("FF5", Direction::S)
            .set("CC3", 0, "Kunai")
            .set("CC4", 0, "Woods")
            .set("Z8", -1, "Gully")
            .set("GG5", 0, "Light Jungle");
        let mut b37 = SyntheticBoard::standard("37");
        for row in 1..=10 {
            b37.set(&format!("C{row}"), 0, "Light Jungle");
        }
        b37.set("E5", 1, "Open Ground");
        for (name, b) in [("bd36", &b36), ("bd37", &b37)] {
            std::fs::write(dir.join(name), b.archive(&names).unwrap()).unwrap();
        }
        std::fs::write(dir.join("SharedBoardMetadata.xml"), shared_board_metadata()).unwrap();
        dir
    })
}

/// A scenario on boards 36 and 37 side by side, imported from `vasl_boards()`; `extra` is
/// pasted into the map section (hexes, cliffs).
pub fn two_boards(extra: &str) -> PathBuf {
    let text = format!(
        r#"Scenario(
    title: "Two imported boards",
    pto: true,
    map: (
        boards: [["36", "37"]],
        import: true,
        {extra}
    ),
    ob: (caves: 1),
    caves: [(id: "C", hex: "36FF5", ca: "36FF5-36FF6", level: Some(0))],
    units: [
        (id: "us1", nationality: American, counter: "7-6-8", at: "36EE3"),
        (id: "jp1", nationality: Japanese, counter: "4-4-7", at: "cave:C", hidden: true),
    ],
)
"#
    );
    let name = format!("two_boards_{:x}.ron", {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        extra.hash(&mut h);
        h.finish()
    });
    temp_file(&name, &text)
}

/// A plain one-board map (no layout), for rulings that only name hexes with it: its names are
/// the bare ids (`S5-T4-T5`).
pub fn plain_map() -> asl_pto::map::Map {
    asl_pto::map::Map::new(None, 33, 10, 0, asl_pto::map::Terrain::Open)
}

/// Changes the game in the headless App's match (what every ruling reads), and mirrors the
/// world to it: a test's set-up of a situation the script does not reach.
pub fn edit(app: &mut App, f: impl FnOnce(&mut asl_pto::state::GameState)) {
    f(&mut app.world_mut().resource_mut::<asl_pto::play::Match>().state);
    sim::live::mirror(app.world_mut());
}

/// Plays `order` now in the headless App's match, as a step of the walk (no phase of its own).
pub fn act(app: &mut App, order: asl_pto::scenario::Order) {
    sim::play::order(
        app.world_mut(),
        asl_pto::scenario::Step {
            say: None,
            phase: None,
            act: Some(order),
            opponent: false,
        },
    );
}

/// Moves the headless App's match on by whole phases (no script step), until `p` of Player
/// Turn `pt`.
pub fn phase_until(app: &mut App, p: sim::Phase, pt: u32) {
    for _ in 0..40 {
        let st = &app.world().resource::<asl_pto::play::Match>().state;
        if st.phase == p && st.turn.number == pt {
            return;
        }
        assert!(
            sim::runner::request_phase(app.world_mut()),
            "the game ended before {p:?} of Player Turn {pt}"
        );
        app.update();
    }
    panic!("never reached {p:?} of Player Turn {pt}");
}
