//! Cave setup from the seed's EX text: where a cave may be set up IN a Depression (G11.1 EX on
//! board 25, fixture `g11_1_setup`), the hidden start of the sample CCSS (G11.3, G11.321 EX), the
//! Primary cave of a four-counter OB (G11.91 EX) and the pillbox's tunnel (G11.933 EX). Each test
//! names its EX.

use asl_pto::los::Location;
use asl_pto::rules::caves::{CaveInput, CaveSystem, site};
use asl_pto::scenario::Scenario;
use asl_pto::sim::{self, At, CaveComplex, CaveCounter, Hidden, Tunnel, Unit};
use bevy::prelude::*;

use crate::common::{fixture, from_text, json, run, temp_file};

/// The G11.1/G11.11 verdict for a cave in `hex` with CA Hexside `ca`: its levels, or the rule.
fn verdict(s: &Scenario, hex: &str, ca: &str) -> Result<(i32, i32), String> {
    let h = s.map.hex(hex).unwrap();
    site(&s.map, h, s.map.hexside(ca).unwrap())
        .map(|c| (*c.levels.start(), *c.levels.end()))
        .map_err(|p| format!("{}: {}", p.rule, p.message))
}

/// The six hexsides of `hex`, as `HEX-NEIGHBOUR`.
fn hexsides(s: &Scenario, hex: &str) -> Vec<String> {
    let h = s.map.hex(hex).unwrap();
    h.neighbors()
        .into_iter()
        .filter(|n| s.map.contains(*n))
        .map(|n| format!("{hex}-{}", s.map.name(n)))
        .collect()
}

// --- G11.1 EX (l.8-12), board 25 ---------------------------------------------------------------

#[test]
fn g11_1_ex_the_f6_cave_is_in_its_own_entrance_hex_and_f6s_other_hexsides_are_refused() {
    let s = fixture("g11_1_setup");
    let f6 = s.map.hex("F6").unwrap();
    let c = site(&s.map, f6, s.map.hexside("F6-E7").unwrap()).unwrap();
    assert!(c.in_depression);
    assert_eq!(c.entrance, f6, "F6 is its own Entrance Hex (G11.1)");
    assert_eq!((c.levels.clone(), c.level_rule), (1..=1, "G11.111"));
    let sides = hexsides(&s, "F6");
    assert_eq!(sides.len(), 6);
    for ca in sides.iter().filter(|ca| *ca != "F6-E7") {
        let e = verdict(&s, "F6", ca).unwrap_err();
        assert!(e.starts_with("G11.1:"), "{ca}: {e}");
    }
}

#[test]
fn g11_1_ex_no_cave_may_be_set_up_in_g7() {
    let s = fixture("g11_1_setup");
    let sides = hexsides(&s, "G7");
    assert_eq!(sides.len(), 6);
    for ca in &sides {
        let e = verdict(&s, "G7", ca).unwrap_err();
        assert!(e.starts_with("G11.1:"), "{ca}: {e}");
    }
}

#[test]
fn g11_1_ex_a_level_1_cave_in_e8_with_e8_d7() {
    let s = fixture("g11_1_setup");
    assert_eq!(verdict(&s, "E8", "E8-D7"), Ok((1, 1)));
    let e8 = s.map.hex("E8").unwrap();
    let c = site(&s.map, e8, s.map.hexside("E8-D7").unwrap()).unwrap();
    assert!(c.in_depression && c.entrance == e8);
}

#[test]
fn g11_1_ex_a_level_1_cave_in_e8_with_e8_e9_points_away_from_higher_ground_in_e7() {
    // E8-E9 points directly away from E8-E7: E7 must be non-Depression ground higher than the
    // Level 1 cave. The F6 sentence of the same EX needs E7 to be a Depression hex (F6-E7 a
    // Depression hexside); the format holds Depressions per hex, not per hexside, so one map
    // cannot give both. Here E7 is Level 2 hill ground, as this sentence needs.
    let text = include_str!("../scenarios/g11_1_setup.ron")
        .replace("\"F6 E7 E8", "\"F6 E8")
        .replace(
            "\"E6\": (level: 1),",
            "\"E6\": (level: 1),\n            \"E7\": (level: 2),",
        );
    let s = from_text(&text);
    assert_eq!(verdict(&s, "E8", "E8-E9"), Ok((1, 1)));
    assert_eq!(verdict(&s, "E8", "E8-D7"), Ok((1, 1)));
    // On the fixture, E7 is a gully like E8: the arrow would point away from a Depression
    // hexside, and G11.1 refuses it.
    let e = verdict(&fixture("g11_1_setup"), "E8", "E8-E9").unwrap_err();
    assert!(e.contains("E7"), "{e}");
}

// --- G11.3 / G11.321 EX: the sample CCSS starts hidden -------------------------------------------

#[test]
fn g11_321_ex_every_cave_complex_tunnel_and_their_contents_start_hidden() {
    // G11.3: Cave counters and their contents, and Cave Complexes and their contents, always set
    // up hidden: here cave C's occupant is written without `hidden`, and is hidden all the same.
    let text = include_str!("../scenarios/g11_321_ccss.ron")
        .replace("at: \"cave:C\", hidden: true)", "at: \"cave:C\")");
    assert!(!text.contains("\"cave:C\", hidden"));
    let mut app = sim::headless(from_text(&text), 1);
    app.update();
    let w = app.world_mut();
    let caves: Vec<(String, bool)> = w
        .query::<(&CaveCounter, Has<Hidden>)>()
        .iter(w)
        .map(|(c, h)| (c.id.clone(), h))
        .collect();
    assert_eq!(caves.len(), 8, "caves A-H");
    assert!(caves.iter().all(|(_, h)| *h), "{caves:?}");
    let complexes: Vec<bool> = w
        .query::<(&CaveComplex, Has<Hidden>)>()
        .iter(w)
        .map(|(_, h)| h)
        .collect();
    assert_eq!(complexes, [true, true], "Complexes AA and GG");
    let tunnels: Vec<bool> = w
        .query::<(&Tunnel, Has<Hidden>)>()
        .iter(w)
        .map(|(_, h)| h)
        .collect();
    assert_eq!(tunnels, [true, true], "the tunnels to X6 and T6");
    let underground: Vec<(String, bool)> = w
        .query::<(&Unit, &At, Has<Hidden>)>()
        .iter(w)
        .filter(|(_, a, _)| matches!(a.0, Location::Cave(_) | Location::Complex(_)))
        .map(|(u, _, h)| (u.id.clone(), h))
        .collect();
    assert_eq!(underground.len(), 2, "{underground:?}");
    assert!(underground.iter().all(|(_, h)| *h), "{underground:?}");
    // Above ground, no HIP unless written: the Americans are not hidden.
    let us1 = w
        .query::<(&Unit, Has<Hidden>)>()
        .iter(w)
        .find(|(u, _)| u.id == "us1")
        .map(|(_, h)| h);
    assert_eq!(us1, Some(false));
}

// --- G11.91 EX ---------------------------------------------------------------------------------

/// Caves of the G11.6 cliff hex S5: the Upper-Cliff cave G (S5-T4, Level 1) and the plain cave A
/// (S5-S4, Level 0), with `primary` the one that is a Primary cave.
fn plain_and_upper_cliff(primary: &str) -> CaveSystem {
    let s = fixture("g11_6_cliff");
    let m = &s.map;
    let input = |id: &str, ca: &str, level: i32| CaveInput {
        id: id.into(),
        hex: m.hex("S5").unwrap(),
        ca: m.hexside(ca).unwrap(),
        level: Some(level),
        primary: id == primary,
    };
    let (system, problems) = CaveSystem::build(
        m,
        &[input("A", "S5-S4", 0), input("G", "S5-T4", 1)],
        &[],
        &[],
    );
    // A Primary cave without a Complex drawn is reported by G11.2; the OB is what is checked.
    assert!(problems.iter().all(|p| p.rule == "G11.2"), "{problems:?}");
    assert!(system.cave("G").unwrap().upper_cliff);
    assert!(!system.cave("A").unwrap().upper_cliff);
    system
}

#[test]
fn g11_91_ex_four_counters_one_plain_cave_plus_one_upper_cliff_cave_one_of_them_primary() {
    for primary in ["A", "G"] {
        let p = plain_and_upper_cliff(primary).ob_problems(4);
        assert!(p.is_empty(), "Primary {primary}: {p:?}");
    }
    // With three counters the same two caves are too many, Primary or not (G11.91).
    assert!(!plain_and_upper_cliff("A").ob_problems(3).is_empty());
}

// --- G11.933 EX --------------------------------------------------------------------------------

#[test]
fn g11_933_ex_the_pillboxs_tunnel_could_not_be_set_up_directly_to_a_cave() {
    // "The pillbox's tunnel could not be set up directly to/" (cut off): a tunnel from X6 (the
    // pillbox's hex) to cave B instead of Complex AA is a G11.933 problem.
    let text = include_str!("../scenarios/g11_321_ccss.ron").replace(
        "(from: \"complex:A\", to: \"X6\")",
        "(from: \"X6\", to: \"cave:B\")",
    );
    assert!(text.contains("to: \"cave:B\""));
    let path = temp_file("g11_933_pillbox_tunnel.ron", &text);
    let o = run(&["check", path.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    let problems = v["problems"].as_array().unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p["rule"] == "G11.933" && p["at"] == "cave:B"),
        "{problems:?}"
    );
    // The sheet as drawn (the tunnel to Complex AA) is legal.
    let ok = run(&[
        "check",
        &crate::common::fixture_path("g11_321_ccss"),
        "--json",
    ]);
    assert_eq!(json(&ok)["problems"], serde_json::json!([]));
}
