//! The `night_ridge` demo (E1, G11.96): the Blaze zone and its shadows (E1.941), a cave lit only
//! with its hex and Entrance Hex (G11.96), Starshells (E1.921, E1.922), IR (E1.931, E1.933),
//! Cloaked attackers (E1.53, E1.31, E1.51) and the NVR change DR (E1.12).

use asl_pto::hex::Hex;
use asl_pto::los::{Location, LosEnv};
use asl_pto::sim::{NightState, WalkLog};
use bevy::prelude::*;
use serde_json::Value;

use super::{cost, json, one, ruled, sim_to, text, unit, walk};
use crate::common::{demo as scenario, demo_path as path, run};

// ---- night on the ridge (E1, G11.96) ----------------------------------------------------

#[test]
fn e1_941_the_blaze_zone_is_shadowed_by_a_jungle_hex_and_by_a_hill() {
    let v = json(&run(&["light", &path("night_ridge"), "--json"]));
    assert_eq!(
        (v["night"].as_bool(), v["nvr"].as_i64()),
        (Some(true), Some(2))
    );
    assert_eq!(v["sources"][0]["kind"], "blaze");
    assert_eq!(
        v["sources"][0]["radius"], 4,
        "E1.94: twice its two Blazing levels"
    );
    let shadowed: Vec<&str> = v["shadowed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    // What casts each shadow: the Blaze as a viewer at its top Blazing level (E1.941).
    let s = scenario("night_ridge");
    let env = LosEnv::new(&s.map).obstacles_only();
    let blaze = Location::Level(s.map.hex("H5").unwrap(), 1);
    let blocker = |to: &str| -> Option<Hex> {
        let r = env
            .check(&blaze, &Location::parse(to, &s.map).unwrap())
            .unwrap();
        r.sight.block.and_then(|b| b.hex())
    };
    for (hex, by) in [("F7", "G6"), ("E7", "G6"), ("H1", "H2")] {
        assert!(shadowed.contains(&hex), "{hex} in {shadowed:?}");
        assert_eq!(
            blocker(hex),
            s.map.hex(by).ok(),
            "{hex} is shadowed by {by}"
        );
    }
    assert_eq!(
        s.map
            .get(s.map.hex("G6").unwrap())
            .unwrap()
            .terrain
            .info()
            .name,
        "Jungle"
    );
    assert_eq!(
        s.map.get(s.map.hex("H2").unwrap()).unwrap().level,
        2,
        "a hill"
    );
}

#[test]
fn g11_96_a_cave_is_lit_only_when_its_hex_and_its_entrance_hex_are() {
    let v = json(&run(&["light", &path("night_ridge"), "--json"]));
    assert_eq!(v["caves"], serde_json::json!({"X": false, "Y": true}));
    let lit: Vec<&str> = v["illuminated"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    // Cave X's own hex is lit; its Entrance Hex H1 is not.
    assert!(lit.contains(&"H2") && !lit.contains(&"H1"));
    let events = walk("night_ridge");
    let before = one(&events, 2, "light");
    assert!(text(before).starts_with("cave X: dark"), "{before}");
    // The leader's Starshell lights H1 (seed 7): now the cave is Illuminated.
    let after = one(&events, 7, "light");
    assert!(text(after).starts_with("cave X: Illuminated"), "{after}");
    // By the Blaze's light on H2 (E1.94): the Starshell's alone lights no cave (E1.923).
    assert!(text(after).contains("(E1.94)"), "{after}");
    let again = one(&events, 17, "light");
    assert!(text(again).starts_with("cave X: dark"), "{again}");
}

#[test]
fn e1_921_e1_922_a_leader_fires_a_starshell_after_a_usage_dr() {
    let events = walk("night_ridge");
    let usage = one(&events, 6, "starshell_usage");
    assert_eq!(usage["rule"], "E1.921");
    assert_eq!(usage["unit"], "usL");
    assert!(
        usage["dice"][0].as_u64().unwrap() <= 4,
        "a leader's Usage dr <= 4"
    );
    let placed = one(&events, 6, "starshell");
    assert_eq!(placed["rule"], "E1.922");
    assert_eq!(placed["dice"].as_array().unwrap().len(), 2);
}

#[test]
fn e1_931_e1_933_an_ir_lights_six_hexes_and_casts_no_shadow() {
    let events = walk("night_ridge");
    assert_eq!(one(&events, 11, "ir")["rule"], "E1.931");
    let f7 = one(&events, 12, "light");
    assert_eq!(f7["rule"], "E1.933");
    let before = one(&events, 5, "los");
    assert_eq!(before["rule"], "E1.1");
    let after = one(&events, 13, "los");
    assert_eq!(
        after["rule"], "E1.101",
        "an Illuminated F7 is seen beyond the NVR"
    );
}

#[test]
fn e1_53_e1_31_e1_51_cloaked_attackers_stray_check_and_lose_cloaking_in_the_light() {
    let events = walk("night_ridge");
    // E1.53: each unit makes its Movement DR just before its first move (issue 27.1): us1 in
    // step 8, us2 in step 9, each before its move.
    for (step, who) in [(8, "us1"), (9, "us2")] {
        let ev = ruled(&events, step);
        let strays: Vec<&str> = ev
            .iter()
            .filter(|e| e["event"] == "straying")
            .map(|e| e["unit"].as_str().unwrap())
            .collect();
        assert_eq!(strays, [who], "step {step}");
        assert_eq!(ev[0]["event"], "straying", "the DR comes before the move");
    }
    let lit = one(&events, 8, "move");
    assert!(text(lit).contains("E1.31"), "{lit}");
    // E1.421: a Cloaking counter pays daytime costs: jungle is 2 MF, of its six (E1.42).
    let dark = one(&events, 9, "move");
    assert!(
        !text(dark).contains("E1.51") && text(dark).contains("2 MF, 2 of 6 spent"),
        "{dark}"
    );
    let mut app = sim_to("night_ridge", 9);
    assert!(!unit(&mut app, "us1").4, "us1 lost Cloaking in the light");
    assert!(unit(&mut app, "us2").4, "us2 keeps it in the dark");
    // G11.96: the cave entry cost is not raised at night; E1.51: jungle is.
    let c = cost("night_ridge", "H4", "cave:Y");
    assert_eq!(c["mf"].as_f64(), Some(2.0));
    let j = cost("night_ridge", "M6", "L6");
    assert_eq!(j["mf"].as_f64(), Some(3.0));
}

#[test]
fn e1_12_the_nvr_change_dr_comes_with_each_rph_after_the_first() {
    let events = walk("night_ridge");
    let changes: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "nvr_change")
        .collect();
    assert_eq!(changes.len(), 3, "Player Turns 2, 3 and 4");
    assert!(
        changes
            .iter()
            .all(|e| e["phase"] == "RPh" && e["rule"] == "E1.12")
    );
    // Seed 7: a coloured 6 in Player Turn 4 with a white 3 lowers the NVR by 3 / 3 = 1.
    assert!(text(changes[2]).contains("2 -> 1"), "{}", changes[2]);
    let last = one(&events, 20, "los");
    assert_eq!(
        last["rule"], "E1.1",
        "L9, two hexes off, is beyond an NVR of 1"
    );
    let app = sim_to("night_ridge", 21);
    assert_eq!(app.world().resource::<NightState>().nvr, Some(1));
    assert!(!app.world().resource::<WalkLog>().events.is_empty());
}
