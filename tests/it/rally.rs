//! A10.6 Rally in a walk and in `orders` (the script verb `Rally(unit)`, the event `rally`):
//! with a leader in Rally-Bonus terrain, the side's one MMC self-rally, and the refusals.

use crate::common::{fixture_path, json, run, stdout_ok};

#[test]
fn a10_6_a_walk_rallies_with_a_leader_then_the_one_self_rally_and_refuses_a_second() {
    let o = run(&["walk", &fixture_path("walk_rally"), "--json"]);
    let ev: Vec<serde_json::Value> = stdout_ok(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let rallies: Vec<&serde_json::Value> = ev.iter().filter(|e| e["event"] == "rally").collect();
    assert_eq!(rallies.len(), 2, "{ev:?}");
    assert_eq!(rallies[0]["unit"], "us1");
    assert_eq!(rallies[0]["rule"], "A10.6");
    let text = rallies[0]["text"].as_str().unwrap();
    assert!(text.contains("rallied by usL"), "{text}");
    assert!(text.contains("-1 usL's leadership"), "{text}");
    assert!(
        text.contains("-1 in Rally-Bonus terrain (A10.61)"),
        "{text}"
    );
    let text = rallies[1]["text"].as_str().unwrap();
    assert!(text.contains("us2 rallying itself"), "{text}");
    assert!(text.contains("+1 a MMC rallying itself"), "{text}");
    let refused: Vec<&serde_json::Value> = ev.iter().filter(|e| e["event"] == "refused").collect();
    assert_eq!(refused.len(), 2);
    assert!(
        refused[0]["text"]
            .as_str()
            .unwrap()
            .contains("one MMC self-rally")
    );
    assert!(
        refused[1]["text"]
            .as_str()
            .unwrap()
            .contains("units rally in the RPh")
    );
}

#[test]
fn a10_6_orders_lists_rally_for_a_broken_unit_in_the_rph() {
    let o = run(&[
        "orders",
        &fixture_path("walk_rally"),
        "us1",
        "--phase",
        "RPh",
        "--json",
    ]);
    let v = json(&o);
    let rally = v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["act"] == "Rally(\"us1\")")
        .expect("Rally is listed");
    assert_eq!(rally["allowed"], true, "{rally}");
    // A Good Order unit has nothing to rally: not listed.
    let o = run(&[
        "orders",
        &fixture_path("walk_rally"),
        "usL",
        "--phase",
        "RPh",
        "--json",
    ]);
    let v = json(&o);
    assert!(
        v["orders"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["act"] != "Rally(\"usL\")")
    );
}
