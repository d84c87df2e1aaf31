//! The `asl-pto` command's contract (cli.md): exit codes, the one-line `error:` for bad input,
//! and the JSON fields.

use std::process::Output;

use crate::common::{bin, json, run, stderr, temp_file};

fn ridge() -> String {
    format!("{}/scenarios/ridge.ron", env!("CARGO_MANIFEST_DIR"))
}

/// Bad input: exit 2 and exactly one `error:` line on stderr, which contains `needle`.
#[track_caller]
fn assert_bad_input(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line expected: {err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(lines[0].contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn check_passes_the_ridge_with_json_per_contract() {
    let o = run(&["check", &ridge(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["ok"], true);
    assert!(v["problems"].as_array().unwrap().is_empty());
    // G.1 notes: the ridge's woods became Jungle and its road a path.
    let notes = v["notes"].as_array().unwrap();
    assert!(notes.iter().any(|n| n["rule"] == "G.1" && n["at"] == "M7"));
}

#[test]
fn check_exits_1_on_a_rule_problem() {
    let f = temp_file(
        "flat_cliff.ron",
        r#"Scenario(title: "flat cliff", map: (columns: 6, rows: 5, cliffs: ["C3-C4"]))"#,
    );
    let o = run(&["check", f.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["ok"], false);
    assert_eq!(v["problems"][0]["rule"], "B11");
    assert_eq!(v["problems"][0]["at"], "C3-C4");
}

#[test]
fn los_json_has_the_contract_fields() {
    let o = run(&["los", &ridge(), "T4", "P4", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    for key in [
        "from",
        "to",
        "clear",
        "range",
        "hindrance",
        "blocked_at",
        "rule",
        "reason",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["clear"], false);
    assert_eq!(v["range"], 4);
    assert_eq!(v["blocked_at"], "S5");
    assert_eq!(v["rule"], "A6.2");
    assert!(v["path"].as_array().unwrap().len() >= 5);
}

#[test]
fn los_answers_every_above_ground_location_form() {
    for (from, to) in [
        ("S6", "P4"),
        ("36S6", "36P4"),
        ("S6@4", "P4@1"),
        ("T4@1/T4-S5-S4", "P3"),
    ] {
        let o = run(&["los", &ridge(), from, to, "--json"]);
        assert_eq!(o.status.code(), Some(0), "{from} {to}: {}", stderr(&o));
        assert!(json(&o)["clear"].is_boolean());
    }
    // A clear LOS is exit 0 too, with no rule.
    let v = json(&run(&["los", &ridge(), "S6", "P4", "--json"]));
    assert_eq!(v["clear"], true);
    assert_eq!(v["rule"], serde_json::Value::Null);
}

#[test]
fn bad_locations_are_exit_2_naming_the_text() {
    assert_bad_input(&run(&["los", &ridge(), "A0", "P4"]), "A0");
    assert_bad_input(&run(&["los", &ridge(), "S4@x", "P4"]), "S4@x");
    assert_bad_input(
        &run(&["los", &ridge(), "S6@1/T4-S5-S4", "P4"]),
        "S6@1/T4-S5-S4",
    );
    assert_bad_input(&run(&["los", &ridge(), "cave:Q", "P4"]), "cave:Q");
    assert_bad_input(&run(&["los", &ridge(), "25S4", "P4"]), "25S4");
}

#[test]
fn unreadable_file_is_exit_2() {
    assert_bad_input(&run(&["check", "/nonexistent/x.ron"]), "/nonexistent/x.ron");
}

#[test]
fn ron_syntax_error_gives_file_line_col() {
    let f = temp_file(
        "syntax.ron",
        "Scenario(\n  title: \"t\",\n  map: (columns: 6 rows: 5),\n)\n",
    );
    let o = run(&["check", f.to_str().unwrap()]);
    assert_bad_input(&o, "syntax.ron:3:");
}

#[test]
fn input_errors_name_file_line_col_and_the_offending_text() {
    let cases = [
        (
            "offmap.ron",
            r#"Scenario(title: "t", map: (columns: 6, rows: 5, hexes: {"Z9": (level: 1)}))"#,
            "Z9",
        ),
        (
            "nonadj.ron",
            r#"Scenario(title: "t", map: (columns: 10, rows: 9, cliffs: ["F7-H7"]))"#,
            "not adjacent",
        ),
        (
            "dupunit.ron",
            "Scenario(title: \"t\", map: (columns: 6, rows: 5),\n units: [\n (id: \"u\", nationality: American, counter: \"7-6-8\", at: \"B2\"),\n (id: \"u\", nationality: American, counter: \"7-6-8\", at: \"B3\"),\n ])",
            "dupunit.ron:4:",
        ),
        (
            "nocave.ron",
            r#"Scenario(title: "t", map: (columns: 6, rows: 5), units: [(id: "j", nationality: Japanese, counter: "4-4-7", at: "cave:Z")])"#,
            "cave:Z",
        ),
        (
            "badca.ron",
            r#"Scenario(title: "t", map: (columns: 6, rows: 5), caves: [(id: "A", hex: "C3", ca: "D4-D5")])"#,
            "not a hexside of its hex",
        ),
        (
            "twice.ron",
            r#"Scenario(title: "t", map: (columns: 6, rows: 5, hexes: {"C3 C4": (level: 1), "C4": (level: 2)}))"#,
            "given twice",
        ),
        (
            "typo.ron",
            r#"Scenario(title: "t", map: (columns: 6, rows: 5, cliff: []))"#,
            "cliff",
        ),
    ];
    for (name, text, needle) in cases {
        let f = temp_file(name, text);
        let o = run(&["check", f.to_str().unwrap()]);
        assert_bad_input(&o, needle);
        assert!(stderr(&o).contains(name), "{}", stderr(&o));
    }
}

#[test]
fn bench_json_prints_every_figure() {
    let o = run(&["bench", "--json", "--runs", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["hexes"], 346);
    assert_eq!(v["pairs"], 346 * 345);
    for key in [
        "los_all_pairs_ms",
        "bare_walk_ms",
        "los_vs_bare",
        "light_ms",
        "moves_ms",
    ] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
    // One squad's legal-move field, in the middle of an 8-board map by default; no scale
    // figures unless --boards is given.
    assert_eq!(v["boards"], 8);
    assert!(v["scale"].is_null() && v["sees_ms"].is_null(), "{v}");
    assert_eq!(v["moves_from"], "Q43");
    assert!(v["moves_reached"].as_u64().unwrap() > 6, "{v}");
}

#[test]
fn bench_boards_sets_the_map_of_the_moves_figure_and_is_checked() {
    let o = run(&["bench", "--json", "--runs", "1", "--boards", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["boards"], 1);
    assert_eq!(v["moves_from"], "Q5");
    // Given --boards, the figures at each size up to it (issue 17): here one board.
    let scale = v["scale"].as_array().expect("scale with --boards");
    assert_eq!(scale.len(), 1, "{v}");
    assert_eq!(
        (scale[0]["boards"].as_u64(), scale[0]["hexes"].as_u64()),
        (Some(1), Some(346))
    );
    for key in [
        "los_ms",
        "los_parallel_ms",
        "bare_ms",
        "bare_parallel_ms",
        "los_vs_bare",
        "sees_ms",
        "light_ms",
    ] {
        assert!(scale[0][key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
    assert_eq!(v["sees_ms"], scale[0]["sees_ms"]);
    for bad in ["0", "9", "x"] {
        let o = run(&["bench", "--boards", bad]);
        assert_eq!(o.status.code(), Some(2), "--boards {bad}");
    }
}

#[test]
fn no_arguments_opens_the_viewer_on_the_built_in_scenario() {
    // Without a display the viewer says so in one line (exit 2); a build without the viewer
    // checks the built-in scenario instead.
    let o = bin()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    if cfg!(feature = "viewer") {
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).starts_with("error: no display"),
            "{}",
            stderr(&o)
        );
    } else {
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("Cliff caves"));
    }
}

#[test]
fn view_reports_a_bad_scenario_as_a_bad_scenario() {
    let o = bin()
        .args(["view", "/nonexistent/x.ron"])
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    assert_bad_input(&o, "/nonexistent/x.ron");
}

#[test]
fn usage_errors_are_exit_2() {
    assert_eq!(run(&["los"]).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(run(&["--help"]).status.code(), Some(0));
}

#[test]
fn unknown_counters_are_input_errors_naming_the_catalog() {
    let f = temp_file(
        "badcounter.ron",
        r#"Scenario(title: "t", map: (columns: 6, rows: 5), units: [(id: "j", nationality: Japanese, counter: "7-6-8", at: "B2")])"#,
    );
    assert_bad_input(&run(&["check", f.to_str().unwrap()]), "counter catalog");
}

/// Issue 16 point 8: a counter the catalog does not know is an input error for every
/// nationality, naming the unit, the counter, the nationality and what the catalog knows.
#[test]
fn an_unknown_counter_is_rejected_for_every_nationality_with_a_hint() {
    for (nationality, counter, hint) in [
        ("Japanese", "4-6-7", "Japanese counters: 4-4-8, 3-4-8"),
        ("American", "4-6-7", "US Army 7-4-7, 6-6-7"),
        ("American", "4-4-7", "USMC 7-6-8, 6-6-8"),
        (
            "British",
            "4-5-8",
            "no British squads, half-squads or crews yet",
        ),
        ("Chinese", "4-4-7", "no Chinese squads"),
        ("Soviet", "4-4-7", "no Soviet squads"),
    ] {
        let f = temp_file(
            &format!("unknown-{nationality}-{counter}.ron"),
            &format!(
                r#"Scenario(title: "t", map: (columns: 6, rows: 5), units: [(id: "u7", nationality: {nationality}, counter: "{counter}", at: "B2")])"#
            ),
        );
        let o = run(&["check", f.to_str().unwrap()]);
        for needle in [
            "unit u7",
            &format!("no {nationality} counter '{counter}'"),
            hint,
            "leaders 10-3",
        ] {
            assert_bad_input(&o, needle);
        }
    }
}

#[test]
fn the_common_us_army_and_usmc_counters_and_leaders_pass_check() {
    let units: Vec<String> = [
        "7-4-7", "6-6-7", "6-6-6", "3-4-7", "3-3-7", "3-3-6", "2-2-7", "7-6-8", "6-6-8", "3-3-8",
        "2-2-8", "9-2", "8-0",
    ]
    .iter()
    .enumerate()
    .map(|(i, c)| format!(r#"(id: "us{i}", nationality: American, counter: "{c}", at: "B2")"#))
    .collect();
    let f = temp_file(
        "us-counters.ron",
        &format!(
            r#"Scenario(title: "t", map: (columns: 6, rows: 5), units: [{}, (id: "b", nationality: British, counter: "9-1", at: "C3")])"#,
            units.join(", ")
        ),
    );
    let o = run(&["check", f.to_str().unwrap()]);
    assert_ne!(o.status.code(), Some(2), "{}", stderr(&o));
}

fn walk_cliff() -> String {
    format!(
        "{}/tests/scenarios/walk_cliff.ron",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn walk_json_lines_have_the_contract_fields_and_repeat_byte_for_byte() {
    let a = run(&["walk", &walk_cliff(), "--seed", "7", "--json"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    let b = run(&["walk", &walk_cliff(), "--seed", "7", "--json"]);
    assert_eq!(a.stdout, b.stdout, "same scenario and seed: byte-identical");
    let text = String::from_utf8(a.stdout).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "turn", "attacker", "phase", "step", "event", "unit", "rule", "dice", "text"
            ]
        );
        n += 1;
    }
    assert!(n > 20);
    let c = run(&["walk", &walk_cliff(), "--seed", "8", "--json"]);
    assert_ne!(text.as_bytes(), c.stdout.as_slice());
}

#[test]
fn walk_readable_log_names_turn_phase_rule_and_dice() {
    let o = run(&["walk", &walk_cliff(), "--seed", "7"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("T1 Allied   MPh"), "{out}");
    assert!(out.contains("[B11.4] (dice "), "{out}");
    assert!(out.contains("[G11.833] no DC Throw"), "{out}");
}

#[test]
fn walk_save_then_load_prints_the_rest_of_the_same_walk() {
    let whole = run(&["walk", &walk_cliff(), "--seed", "3", "--json"]);
    let save = std::env::temp_dir().join(format!("asl-pto-walk-{}.ron", std::process::id()));
    let s = save.to_str().unwrap();
    let head = run(&[
        "walk",
        &walk_cliff(),
        "--seed",
        "3",
        "--json",
        "--steps",
        "5",
        "--save",
        s,
    ]);
    assert_eq!(head.status.code(), Some(0), "{}", stderr(&head));
    let tail = run(&["walk", &walk_cliff(), "--json", "--load", s]);
    assert_eq!(tail.status.code(), Some(0), "{}", stderr(&tail));
    assert_eq!([head.stdout, tail.stdout].concat(), whole.stdout);
}

#[test]
fn walk_bad_input_is_exit_2_with_one_line() {
    assert_bad_input(&run(&["walk", "nope.ron"]), "nope.ron");
    let bad = temp_file("bad_save.ron", "Save(");
    assert_bad_input(
        &run(&["walk", &walk_cliff(), "--load", bad.to_str().unwrap()]),
        "bad_save.ron",
    );
    assert_bad_input(
        &run(&["walk", &walk_cliff(), "--steps", "2"]),
        "--steps K and --save FILE go together",
    );
    // A malformed option is clap's usage error: exit 2 too.
    assert_eq!(
        run(&["walk", &walk_cliff(), "--seed", "x"]).status.code(),
        Some(2)
    );
}

#[test]
fn g1_631_check_counts_japanese_hip_above_ground_but_not_in_caves() {
    // Ten squads: HIP for 1 squad-equivalent by day (10% FRU), 3 at night (25% FRU).
    let units = |hidden: usize| {
        (0..10)
            .map(|i| {
                format!(
                    r#"(id: "j{i}", nationality: Japanese, counter: "4-4-7", at: "C{}", hidden: {})"#,
                    i % 5 + 2,
                    i < hidden
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let scen = |hidden: usize, night: bool| {
        format!(
            r#"Scenario(title: "hip", {} map: (columns: 8, rows: 8), units: [{}])"#,
            if night {
                "night: Some((cloud: Clear, moon: Full)),"
            } else {
                ""
            },
            units(hidden)
        )
    };
    let code = |hidden, night| {
        let f = temp_file(&format!("hip_{hidden}_{night}.ron"), &scen(hidden, night));
        let o = run(&["check", f.to_str().unwrap(), "--json"]);
        (o.status.code(), json(&o))
    };
    assert_eq!(code(1, false).0, Some(0));
    let (c, v) = code(2, false);
    assert_eq!(c, Some(1));
    assert_eq!(v["problems"][0]["rule"], "G1.631");
    assert_eq!(code(3, true).0, Some(0));
    assert_eq!(code(4, true).0, Some(1));
}

/// Issue 16 point 5: every subcommand's `--help` describes each of its arguments, and those that
/// take Locations list the Location forms with examples.
#[test]
fn help_describes_every_argument_and_shows_the_location_forms() {
    let examples = [
        "S4 ",
        "S4@2 ",
        "T4@1/T4-S5-S4 ",
        "W10/W9-W10 ",
        "cave:G ",
        "complex:A ",
    ];
    for cmd in [
        "check", "caves", "los", "cost", "moves", "light", "sees", "walk", "bench", "view",
    ] {
        let o = run(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", stderr(&o));
        let help = String::from_utf8_lossy(&o.stdout).into_owned();
        // Every argument and option line carries a description after its name (clap leaves
        // it bare when the field has no doc comment).
        let mut in_args = false;
        for line in help.lines() {
            if line == "Arguments:" || line == "Options:" {
                in_args = true;
                continue;
            }
            if line.is_empty() {
                in_args = false;
            }
            if in_args && line.trim_start().starts_with(['<', '[', '-']) {
                let t = line.trim();
                let described = t
                    .split_once("  ")
                    .is_some_and(|(_, d)| !d.trim().is_empty());
                assert!(described, "{cmd}: '{t}' has no description:\n{help}");
            }
        }
        let takes_locations = matches!(cmd, "los" | "cost" | "sees" | "view");
        for e in examples {
            assert_eq!(
                help.contains(e),
                takes_locations || help.contains("Locations ("),
                "{cmd}: '{e}':\n{help}"
            );
        }
        if takes_locations {
            assert!(help.contains("Locations (FROM, TO"), "{cmd}:\n{help}");
            assert!(help.contains("is not a Location"), "{cmd}:\n{help}");
        }
        if matches!(cmd, "cost" | "moves") {
            assert!(help.contains("Movement MPh"), "{cmd}:\n{help}");
        }
    }
}
