//! A10.5 Rout in a walk, in `moves --phase RtPh` and in `orders` (the script verb
//! `Rout(unit, to)`, the events `rout` and `failure_to_rout`).

use crate::common::{fixture_path, json, json_lines, run, stdout_ok};

#[test]
fn a10_5_a_walk_routs_to_the_nearest_woods_and_eliminates_a_failure_to_rout() {
    let o = run(&["walk", &fixture_path("walk_rout"), "--json"]);
    let ev: Vec<serde_json::Value> = json_lines(&o);
    let find = |event: &str| -> Vec<&serde_json::Value> {
        ev.iter().filter(|e| e["event"] == event).collect()
    };
    let refused = find("refused");
    assert_eq!(refused.len(), 1, "{ev:?}");
    assert!(
        refused[0]["text"]
            .as_str()
            .unwrap()
            .contains("C5 is not a rout destination")
    );
    let rout = find("rout");
    assert_eq!(rout.len(), 1);
    assert_eq!(rout[0]["unit"], "jp1");
    assert_eq!(rout[0]["phase"], "RtPh");
    assert!(
        rout[0]["text"]
            .as_str()
            .unwrap()
            .contains("routs to E4 (3 MF: C3 -> D3 -> E4)")
    );
    let failed = find("failure_to_rout");
    assert_eq!(failed.len(), 1, "jp2 need not rout; us3 had to");
    assert_eq!(failed[0]["unit"], "us3");
    assert_eq!(failed[0]["rule"], "A10.5");
    assert_eq!(failed[0]["phase"], "RtPh");
}

#[test]
fn a10_5_moves_in_the_rtph_lists_the_rout_destinations() {
    let o = run(&[
        "moves",
        &fixture_path("walk_rout"),
        "jp1",
        "--phase",
        "RtPh",
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["rout"]["must"], true, "{v}");
    let to: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    // Both woods hexes, 3 MF each through D3, which is not ADJACENT to us1 in C2 (E3's
    // cheapest path through D2, beside us1, is not the only one: A10.51); then D3, the first
    // Location of both paths, where it may Low Crawl (A10.52).
    assert_eq!(to, ["E3", "E4", "D3"], "{v}");
    assert_eq!(v["rout"]["low_crawl"], serde_json::json!(["D3"]), "{v}");
    let o = run(&[
        "orders",
        &fixture_path("walk_rout"),
        "jp1",
        "--phase",
        "RtPh",
        "--json",
    ]);
    let v = json(&o);
    let rout = v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["act"] == "Rout(\"jp1\", \"E4\")")
        .expect("the rout is listed");
    assert_eq!(rout["allowed"], true);
    assert_eq!(rout["label"], "Rout to E4");
    let crawl = v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["act"] == "Rout(\"jp1\", \"D3\")")
        .expect("the Low Crawl is listed");
    assert_eq!(crawl["allowed"], true);
    assert_eq!(crawl["label"], "Low Crawl to D3 (A10.52)");
    let text = stdout_ok(&run(&[
        "moves",
        &fixture_path("walk_rout"),
        "jp1",
        "--phase",
        "RtPh",
    ]));
    assert!(
        text.contains("; or a Low Crawl of one Location, not subject to Interdiction (A10.52): D3"),
        "{text}"
    );
}

#[test]
fn g11_77_a_broken_japanese_squad_routs_into_a_cave_in_a_walk_and_in_moves() {
    let path = fixture_path("walk_rout_cave");
    let o = run(&["moves", &path, "jp1", "--phase", "RtPh"]);
    let text = stdout_ok(&o);
    assert!(text.contains("G11.77"), "{text}");
    assert!(text.contains("cave:A: 2 MF"), "{text}");
    let o = run(&["walk", &path, "--json"]);
    let ev: Vec<serde_json::Value> = json_lines(&o);
    assert!(ev.iter().all(|e| e["event"] != "refused"), "{ev:?}");
    let rout = ev.iter().find(|e| e["event"] == "rout").expect("a rout");
    assert_eq!(rout["unit"], "jp1");
    assert!(rout["text"].as_str().unwrap().contains("cave:A"), "{rout}");
    assert!(
        ev.iter().all(|e| e["event"] != "failure_to_rout"),
        "it routed"
    );
}
