//! A11 Close Combat in a walk (the script verb `CloseCombat(at)`, the events `ambush`,
//! `hand_to_hand`, `close_combat`, `melee`), and in `orders`.

use crate::common::{fixture_path, json, json_lines, run};

fn events(seed: &str) -> Vec<serde_json::Value> {
    let o = run(&["walk", &fixture_path("walk_cc"), "--json", "--seed", seed]);
    json_lines(&o)
}

#[test]
fn a11_4_an_advance_into_jungle_brings_ambush_drs_then_the_cc_attacks() {
    for seed in ["1", "2", "3"] {
        let ev = events(seed);
        let ambush: Vec<_> = ev.iter().filter(|e| e["event"] == "ambush").collect();
        assert_eq!(ambush.len(), 1, "seed {seed}: {ev:?}");
        assert_eq!(
            ambush[0]["dice"].as_array().unwrap().len(),
            2,
            "one dr each side"
        );
        let text = ambush[0]["text"].as_str().unwrap();
        assert!(text.contains("(G.6)") && text.contains("(G1.6)"), "{text}");
        assert!(
            ev.iter().any(|e| e["event"] == "close_combat"),
            "seed {seed}"
        );
    }
    // Every seed's ATTACKER dr takes the 9-1's -1 with his men (A11.4, not from the seeds).
    for seed in ["1", "2", "3"] {
        let ev = events(seed);
        let a = ev.iter().find(|e| e["event"] == "ambush").unwrap();
        let text = a["text"].as_str().unwrap();
        assert!(text.contains("-1 usL's leadership (A11.4)"), "{text}");
    }
    // Seed 9: the Japanese Ambush (ATTACKER 4 - 1 + 1 vs DEFENDER 1 - 1): Hand-to-Hand (G1.64),
    // and they attack first.
    let ev = events("9");
    let hth = ev
        .iter()
        .position(|e| e["event"] == "hand_to_hand")
        .expect("G1.64");
    let first = ev
        .iter()
        .position(|e| e["event"] == "close_combat")
        .unwrap();
    assert!(hth < first);
    assert_eq!(ev[first]["unit"], "jp1");
    // Seed 12: no Ambush (1 - 1 + 1 vs 1 - 1), both attack, neither harms: Melee.
    let ev = events("12");
    assert_eq!(
        ev.iter().filter(|e| e["event"] == "close_combat").count(),
        2
    );
    assert!(
        ev.iter()
            .any(|e| e["event"] == "melee" && e["rule"] == "A11.7")
    );
}

#[test]
fn a11_orders_lists_the_cc_where_both_sides_are() {
    let path = fixture_path("walk_cc");
    // As set up, jp1 is alone in D4: no CC is listed.
    let v = json(&run(&["orders", &path, "jp1", "--phase", "CCPh", "--json"]));
    let listed = |v: &serde_json::Value| {
        v["orders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["act"] == "CloseCombat(\"D4\")")
            .cloned()
    };
    assert!(listed(&v).is_none(), "{v}");
    // After the advance (the APh), it is listed for jp1, refused until the CCPh (A11).
    let save = std::env::temp_dir().join(format!("asl-pto-cc-{}.ron", std::process::id()));
    let o = run(&[
        "walk",
        &path,
        "--steps",
        "2",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let v = json(&run(&[
        "orders",
        &path,
        "jp1",
        "--load",
        save.to_str().unwrap(),
        "--json",
    ]));
    let cc = listed(&v).expect("the CC is listed");
    assert_eq!(cc["allowed"], false, "{cc}");
    assert_eq!(cc["rule"], "A11");
    assert!(cc["reason"].as_str().unwrap().contains("CCPh"));
}
