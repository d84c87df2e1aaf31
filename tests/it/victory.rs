//! A26: a scenario that ends (`turns`) with its victory conditions (`victory`): the walk reaches
//! `game_end` with the winner and why, and plays nothing after it; the conditions are checked
//! when the scenario is read.

use crate::common::{fixture_path, json, run, stderr, stdout_ok, temp_file};

/// The walk's events as JSON values.
fn events(path: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["walk", path, "--json"];
    args.extend_from_slice(extra);
    let o = run(&args);
    stdout_ok(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a26_the_walk_ends_with_game_end_after_the_last_game_turn_and_the_allies_hold_c4() {
    let path = fixture_path("victory_plain");
    let ev = events(&path, &[]);
    let last = ev.last().unwrap();
    assert_eq!(last["event"], "game_end", "{last}");
    assert_eq!(last["rule"], "A26");
    assert_eq!(last["turn"], 1);
    let text = last["text"].as_str().unwrap();
    assert!(text.contains("the Allied side wins"), "{text}");
    assert!(
        text.contains("C4: Controlled by the Allied side (A26.1)"),
        "{text}"
    );
    // Step 4 (a move after the end) is never played, and no Player Turn follows.
    assert!(ev.iter().all(|e| e["step"] != 4), "{ev:?}");
    assert!(ev.iter().all(|e| e["turn"] == 1));
    // The same with the same seed, byte for byte.
    assert_eq!(events(&path, &[]), ev);
}

#[test]
fn a26_without_c4_taken_the_japanese_win_otherwise() {
    let text = std::fs::read_to_string(fixture_path("victory_plain")).unwrap();
    let text = text.replace(
        "act: Move(\"us1\", \"C4\")),",
        "act: Move(\"us1\", \"B3\")),",
    );
    let path = temp_file("victory_otherwise.ron", &text);
    let ev = events(path.to_str().unwrap(), &[]);
    let last = ev.last().unwrap();
    assert_eq!(last["event"], "game_end");
    let text = last["text"].as_str().unwrap();
    assert!(
        text.contains("the Japanese side wins: no other victory condition holds"),
        "{text}"
    );
    assert!(
        text.contains("C4: Controlled by the Japanese side"),
        "{text}"
    );
    assert!(text.contains("0 Casualty VP of the 2 it needs"), "{text}");
}

#[test]
fn a26_a_save_at_the_game_end_loads_and_plays_nothing_more() {
    let path = fixture_path("victory_plain");
    let save = std::env::temp_dir().join(format!("asl-pto-victory-{}.ron", std::process::id()));
    let o = run(&[
        "walk",
        &path,
        "--steps",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(
        stdout_ok(&o).contains("[A26] the game ends"),
        "{}",
        stdout_ok(&o)
    );
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("over: true"), "{text}");
    let o = run(&["walk", &path, "--load", save.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout_ok(&o).is_empty(),
        "nothing is played after the end: {}",
        stdout_ok(&o)
    );
    // `orders` on the saved game: every order is refused with A26.
    let o = run(&[
        "orders",
        &path,
        "us1",
        "--load",
        save.to_str().unwrap(),
        "--json",
    ]);
    let v = json(&o);
    let orders = v["orders"].as_array().unwrap();
    assert!(!orders.is_empty());
    assert!(
        orders
            .iter()
            .all(|x| x["allowed"] == false && x["rule"] == "A26"),
        "{v}"
    );
}

#[test]
fn a26_bad_victory_conditions_are_refused_when_the_scenario_is_read() {
    let base = std::fs::read_to_string(fixture_path("victory_plain")).unwrap();
    for (what, from, to, says) in [
        (
            "no Game Turns",
            "turns: 1,",
            "turns: 0,",
            "turns 0 is outside 1..99",
        ),
        (
            "Otherwise before another",
            "        Control(Allied, [\"C4\"]),\n        CasualtyVp(Japanese, 2),\n        Otherwise(Japanese),",
            "        Otherwise(Japanese),\n        Control(Allied, [\"C4\"]),",
            "no condition can follow Otherwise",
        ),
        (
            "an unknown Location",
            "Control(Allied, [\"C4\"])",
            "Control(Allied, [\"Z99\"])",
            "victory Control",
        ),
        (
            "no Location",
            "Control(Allied, [\"C4\"])",
            "Control(Allied, [])",
            "names no Location",
        ),
        (
            "zero VP",
            "CasualtyVp(Japanese, 2)",
            "CasualtyVp(Japanese, 0)",
            "outside 1..999",
        ),
    ] {
        assert!(base.contains(from), "{what}");
        let path = temp_file(
            &format!("victory_bad_{}.ron", what.replace(' ', "_")),
            &base.replace(from, to),
        );
        let o = run(&["check", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{what}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{what}: {}", stderr(&o));
    }
}
