//! G1.5 Banzai Charge in a walk (the script verb `Banzai([units], at)`, the event `banzai`), in
//! `orders`, and its Charge into CC (A25.23 as we read it, not in the seeds); the divided CC
//! (`CloseCombat(at, [attackers], [targets])`).

use crate::common::{fixture_path, json, json_lines, run};

fn events(seed: &str) -> Vec<serde_json::Value> {
    let o = run(&[
        "walk",
        &fixture_path("walk_banzai"),
        "--json",
        "--seed",
        seed,
    ]);
    json_lines(&o)
}

#[test]
fn g1_5_a_banzai_charge_crosses_open_ground_into_the_enemy_and_fights_hand_to_hand() {
    for seed in ["1", "2", "3", "4", "5"] {
        let ev = events(seed);
        // A step of a unit the First Fire killed (FFNAM and FFMO, A8.1, in the open) is
        // refused as no longer in play (A3); nothing else is.
        assert!(
            ev.iter().all(|e| e["event"] != "refused"
                || (e["rule"] == "A3"
                    && e["text"].as_str().unwrap().contains("no longer in play"))),
            "seed {seed}: {ev:?}"
        );
        let banzai: Vec<_> = ev.iter().filter(|e| e["event"] == "banzai").collect();
        assert_eq!(banzai.len(), 1, "seed {seed}");
        assert_eq!(banzai[0]["rule"], "G1.5");
        // Eight MF each (A25.23): three hexes cost three of eight.
        let into_f3 = ev
            .iter()
            .find(|e| {
                e["event"] == "move"
                    && e["unit"] == "jp1"
                    && e["text"].as_str().unwrap().contains("-> F3")
            })
            .expect("jp1 enters F3 in the MPh");
        assert!(
            into_f3["text"].as_str().unwrap().contains("3 of 8 spent"),
            "{into_f3}"
        );
        // G1.64: the Japanese ATTACKER makes the CC Hand-to-Hand.
        assert!(
            ev.iter().any(|e| e["event"] == "hand_to_hand"),
            "seed {seed}"
        );
    }
    // Seed 3: the First Fire's NMC is taken at the Charge's raised Morale Level: 7, +1 for
    // the 9-1 (G1.41), +1 for the Charge (A25.23).
    let ev = events("3");
    let mc = ev
        .iter()
        .find(|e| e["event"] == "morale_check" && e["unit"] == "jp1")
        .expect("a NMC");
    let text = mc["text"].as_str().unwrap();
    assert!(
        text.contains("Morale Level 9") && text.contains("A25.23"),
        "{text}"
    );
}

#[test]
fn g1_5_orders_offers_the_stack_s_banzai_charge_in_the_japanese_mph() {
    let path = fixture_path("walk_banzai");
    let v = json(&run(&["orders", &path, "jp1", "--phase", "MPh", "--json"]));
    let banzai = v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["act"] == "Banzai([\"jp1\", \"jpL\"], \"F3\")")
        .cloned()
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(banzai["allowed"], true, "{banzai}");
    // Outside the MPh it is not offered.
    let v = json(&run(&["orders", &path, "jp1", "--phase", "PFPh", "--json"]));
    assert!(
        v["orders"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| !x["act"].as_str().unwrap().starts_with("Banzai")),
        "{v}"
    );
}

#[test]
fn a11_a_divided_cc_attack_is_a_script_verb_and_refuses_a_unit_not_there() {
    let dir = std::env::temp_dir().join(format!("asl-pto-divided-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(fixture_path("walk_cc")).unwrap();
    let divided = text.replace(
        "act: CloseCombat(\"D4\")",
        "act: CloseCombat(\"D4\", [\"us1\"], [\"jp1\"])",
    );
    assert_ne!(divided, text);
    let file = dir.join("divided.ron");
    std::fs::write(&file, &divided).unwrap();
    let o = run(&["walk", file.to_str().unwrap(), "--json", "--seed", "2"]);
    let ev: Vec<serde_json::Value> = json_lines(&o);
    let ours = ev
        .iter()
        .find(|e| e["event"] == "close_combat" && e["unit"] == "us1")
        .unwrap_or_else(|| panic!("{ev:?}"));
    // usL is not among the attackers: his leadership is not in us1's attack.
    let t = ours["text"].as_str().unwrap();
    assert!(t.starts_with("us1 (7 FP) vs jp1"), "{t}");
    assert!(!t.contains("usL's leadership"), "{t}");
    let wrong = text.replace(
        "act: CloseCombat(\"D4\")",
        "act: CloseCombat(\"D4\", [\"jp1\"], [\"us1\"])",
    );
    std::fs::write(&file, &wrong).unwrap();
    let o = run(&["walk", file.to_str().unwrap(), "--json", "--seed", "2"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.lines()
            .any(|l| l.contains("\"refused\"") && l.contains("A11")),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
