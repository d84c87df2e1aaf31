//! `walk`, `light` and `los` text a player can follow (issue 16, point 7): the narration is
//! logged in the phase its step leads to, refusals are marked, turns are numbered alike in the
//! header, the A3 lines and the narration, nothing follows "The end of the walk", a scenario
//! without a script says so, plurals and counter names read as English, an off-map Starshell
//! lands off the map (E1.923), `light` by day says no night rule applies, and a hexside given
//! where a Location is expected is named as such.

use crate::common::{demo_path, run, stderr, stdout_ok, temp_file};

const DEMOS: [&str; 3] = ["cliff_caves", "night_ridge", "cave_complex"];

fn walk_json(demo: &str) -> Vec<serde_json::Value> {
    let o = run(&["walk", &demo_path(demo), "--seed", "7", "--json"]);
    stdout_ok(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn walk_text(demo: &str) -> String {
    stdout_ok(&run(&["walk", &demo_path(demo), "--seed", "7"]))
}

#[test]
fn a_narration_line_comes_after_the_phase_lines_of_its_step_and_carries_that_phase() {
    for demo in DEMOS {
        let events = walk_json(demo);
        for (i, e) in events.iter().enumerate() {
            if e["event"] != "say" {
                continue;
            }
            // No phase or Player Turn of the same step is announced after its narration: the
            // narration is told in the phase the step leads to.
            assert!(
                !events[i + 1..].iter().any(|l| l["step"] == e["step"]
                    && (l["event"] == "phase" || l["event"] == "player_turn")),
                "{demo}: {e}"
            );
        }
    }
    // cliff_caves step 5 goes on to the AFPh to Throw its DC: its narration is an AFPh line.
    let events = walk_json("cliff_caves");
    let say5 = events
        .iter()
        .find(|e| e["event"] == "say" && e["step"] == 5)
        .unwrap();
    assert_eq!(say5["phase"], "AFPh", "{say5}");
    assert!(say5["text"].as_str().unwrap().starts_with("AFPh."));
    // Nothing is narrated in the Setup "phase" any more.
    assert!(!events.iter().any(|e| e["phase"] == "Setup"));
}

#[test]
fn refused_actions_are_marked_refused_in_the_text_and_only_they() {
    for demo in DEMOS {
        let events = walk_json(demo);
        let text = walk_text(demo);
        // The text has the header line, then one line per event.
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines.len(), events.len(), "{demo}");
        let mut refused = 0;
        for (e, l) in events.iter().zip(&lines) {
            let is = e["event"] == "refused";
            refused += usize::from(is);
            assert_eq!(l.contains(" REFUSED "), is, "{demo}: {l}");
        }
        if demo != "night_ridge" {
            assert!(refused > 0, "{demo} refuses something on purpose");
        }
    }
    assert!(
        walk_text("cliff_caves").contains("#4   REFUSED us1: [B11.4] Climbing takes the whole MPh")
    );
}

/// "Allied Player Turn 2" in a narration, the A3 line and the `T2` of the line all name Game
/// Turn 2 (the A3 line used to say "Player Turn 3" there).
#[test]
fn the_header_the_a3_lines_and_the_narration_number_turns_alike() {
    for demo in DEMOS {
        for e in walk_json(demo) {
            let turn = e["turn"].as_u64().unwrap();
            let text = e["text"].as_str().unwrap();
            if e["event"] == "player_turn" {
                let side = e["attacker"].as_str().unwrap();
                assert!(
                    text.starts_with(&format!("Game Turn {turn}, the {side} Player Turn")),
                    "{demo}: {text}"
                );
            }
            if e["event"] == "say" {
                for side in ["Allied", "Japanese"] {
                    let key = format!("{side} Player Turn ");
                    if let Some(at) = text.find(&key) {
                        let n: String = text[at + key.len()..]
                            .chars()
                            .take_while(char::is_ascii_digit)
                            .collect();
                        if !n.is_empty() {
                            assert_eq!(n.parse::<u64>().unwrap(), turn, "{demo}: {text}");
                            assert_eq!(e["attacker"], side, "{demo}: {text}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn nothing_prints_after_the_end_of_the_walk() {
    for demo in DEMOS {
        let text = walk_text(demo);
        let last = text.lines().last().unwrap();
        assert!(last.contains("he end of the walk"), "{demo}: {last}");
        assert_eq!(text.matches("he end of the walk").count(), 1, "{demo}");
    }
}

#[test]
fn a_scenario_without_a_script_says_so() {
    let f = temp_file(
        "no-script.ron",
        r#"Scenario(title: "Bare", map: (columns: 6, rows: 5))"#,
    );
    let text = stdout_ok(&run(&["walk", f.to_str().unwrap()]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], "Bare: walkthrough, seed 1");
    assert!(lines[1].contains("has no script"), "{text}");
    // JSON Lines stay events only: none.
    let json = stdout_ok(&run(&["walk", f.to_str().unwrap(), "--json"]));
    assert_eq!(json, "");
    // A scenario with a script does not say so.
    assert!(!walk_text("cliff_caves").contains("has no script"));
}

#[test]
fn plurals_and_counter_names_read_as_english() {
    let mut all = String::new();
    for demo in DEMOS {
        all.push_str(&walk_text(demo));
        for verb in ["check", "caves", "light"] {
            all.push_str(&stdout_ok(&run(&[verb, &demo_path(demo)])));
        }
    }
    for wrong in [
        "1 hexes",
        "1 caves",
        "(s)",
        "(es)",
        "WpGrenade",
        "H-1",
        "caves none",
        "openings none",
    ] {
        assert!(!all.contains(wrong), "'{wrong}' in:\n{all}");
    }
    // What they read now (cave_complex: us3 in W10 is one hex from cave G; Search reveals two
    // caves; WP grenades leave).
    for right in [
        "(1 hex away)",
        "caves B, C revealed with their contents",
        "WP grenades in cave C removed",
        "it reveals cave H and no hidden tunnel opening",
    ] {
        assert!(all.contains(right), "'{right}' not in:\n{all}");
    }
}

/// E1.922/E1.923: night_ridge's Starshell (seed 7: colored 1, white 2 from H1) comes down two
/// hexes north of H1, beyond the map's edge.
#[test]
fn e1_923_an_off_map_starshell_is_said_to_land_off_the_map() {
    let text = walk_text("night_ridge");
    assert!(
        text.contains(
            "Placement DR colored 1, white 2: 2 hexes toward N from H1: it lands off the map; \
             an offboard Starshell still Illuminates"
        ),
        "{text}"
    );
    assert!(text.contains("Starshell off the map removed"), "{text}");
}

#[test]
fn light_by_day_says_in_one_line_that_no_night_rule_applies() {
    let text = stdout_ok(&run(&["light", &demo_path("cliff_caves")]));
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("daylight: no night rules (E1) apply"),
        "{text}"
    );
    // By night the lists stay.
    let night = stdout_ok(&run(&["light", &demo_path("night_ridge")]));
    assert!(
        night.contains("Blaze in H5: Illuminated Zone of 4 hexes (E1.94)"),
        "{night}"
    );
}

#[test]
fn los_with_a_hexside_or_vertex_where_a_location_is_expected_says_so() {
    for (arg, what) in [("F7-G7", "a hexside"), ("T4-S5-S4", "a vertex")] {
        for args in [[arg, "S4"], ["S4", arg]] {
            let o = run(&["los", &demo_path("cliff_caves"), args[0], args[1]]);
            assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
            let err = stderr(&o);
            assert_eq!(err.lines().count(), 1, "{err}");
            for needle in [
                format!("error: '{arg}' is not a Location: that is {what}"),
                "a Location is a hex (S4)".into(),
                "(T4@1/T4-S5-S4)".into(),
                "(cave:G)".into(),
            ] {
                assert!(err.contains(&needle), "'{needle}' not in {err}");
            }
        }
    }
}
