//! `check`'s set-up rules added by issue 14 (G1.631 lone hidden SMC, E1.4 Cloaking by day), and
//! the E1.94 Kindling concealment loss "regardless of range".

use asl_pto::sim::{Cloaked, Concealed, Unit};
use bevy::prelude::*;

use crate::common::{app, from_text, json, run, run_to, temp_file};

fn problems(units: &str, night: &str) -> Vec<(String, String)> {
    let s = from_text(&format!(
        "Scenario(title: \"c\", map: (columns: 8, rows: 6), night: {night}, units: [{units}])"
    ));
    asl_pto::cli::check_findings(&s)
        .0
        .into_iter()
        .map(|p| (p.rule.to_string(), p.at))
        .collect()
}

#[test]
fn g1_631_a_hidden_smc_not_stacked_with_a_hidden_mmc_is_a_problem() {
    let lone = problems(
        "(id: \"l\", nationality: Japanese, counter: \"9-1\", at: \"C3\", hidden: true),
         (id: \"s\", nationality: Japanese, counter: \"4-4-7\", at: \"D3\", hidden: true)",
        "None",
    );
    assert_eq!(lone, vec![("G1.631".to_string(), "l".to_string())]);
    let stacked = problems(
        "(id: \"l\", nationality: Japanese, counter: \"9-1\", at: \"C3\", hidden: true),
         (id: \"s\", nationality: Japanese, counter: \"4-4-7\", at: \"C3\", hidden: true)",
        "None",
    );
    assert!(stacked.is_empty(), "{stacked:?}");
}

#[test]
fn e1_4_a_cloaked_unit_in_a_daylight_scenario_is_a_problem() {
    let unit = "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", cloaked: true)";
    assert_eq!(
        problems(unit, "None"),
        vec![("E1.4".to_string(), "u".to_string())]
    );
    let night = "Some((base_nvr: Some(2), cloud: Clear, moon: NoMoon))";
    assert!(problems(unit, night).is_empty());
}

#[test]
fn e1_4_only_the_scenario_attacker_uses_cloaking() {
    let night =
        "Some((base_nvr: Some(2), cloud: Clear, moon: NoMoon)), scenario_attacker: Some(Japanese)";
    let unit = "(id: \"u\", nationality: American, counter: \"7-6-8\", at: \"C3\", cloaked: true)";
    assert_eq!(
        problems(unit, night),
        vec![("E1.4".to_string(), "u".to_string())]
    );
    let jp = "(id: \"j\", nationality: Japanese, counter: \"4-4-7\", at: \"C3\", cloaked: true)";
    assert!(problems(jp, night).is_empty());
}

#[test]
fn e1_94_kindling_loses_concealment_in_a_good_order_enemys_los_regardless_of_range() {
    // NVR 1: jp1 five hexes away is far beyond it, yet its LOS to the Kindler counts.
    let s = from_text(
        "Scenario(title: \"k\", map: (columns: 10, rows: 6, terrain: Kunai),
         night: Some((base_nvr: Some(1), cloud: Clear, moon: NoMoon, kindling: true)),
         units: [(id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"B3\", concealed: true),
                 (id: \"jp1\", nationality: Japanese, counter: \"4-4-7\", at: \"G3\")],
         script: [(phase: PrepFire, act: Kindle(\"B3\"))])",
    );
    let mut a = app(s, 7);
    run_to(&mut a, 1);
    let mut q = a
        .world_mut()
        .query::<(&Unit, Has<Concealed>, Has<Cloaked>)>();
    let (_, concealed, _) = q
        .iter(a.world())
        .find(|(u, ..)| u.id == "us1")
        .expect("us1");
    assert!(!concealed, "the Kindler keeps its '?' although jp1 sees it");
}

/// `check` on ten Japanese squads (4-4-7) and two infantry crews (2-2-8) above ground, with
/// `squads` of the squads and `crews` of the crews hidden, and optionally a hidden 9-1 leader
/// stacked with the first squad; at night the Japanese are the Scenario Attacker. Returns
/// whether it is legal and the rules of its problems.
fn hip_check(squads: usize, crews: usize, leader: bool, night: bool) -> (bool, Vec<String>) {
    let mut units: Vec<String> = (0..10)
        .map(|i| {
            format!(
                r#"(id: "s{i}", nationality: Japanese, counter: "4-4-7", at: "C{}", hidden: {})"#,
                i % 5 + 2,
                i < squads
            )
        })
        .collect();
    units.extend((0..2).map(|i| {
        format!(
            r#"(id: "c{i}", nationality: Japanese, counter: "2-2-8", at: "E{}", hidden: {})"#,
            i + 2,
            i < crews
        )
    }));
    if leader {
        units.push(
            r#"(id: "ldr", nationality: Japanese, counter: "9-1", at: "C2", hidden: true)"#.into(),
        );
    }
    let text = format!(
        r#"Scenario(title: "G1.631 EX", {} map: (columns: 8, rows: 8), units: [{}])"#,
        if night {
            "night: Some((cloud: Clear, moon: Full)), scenario_attacker: Some(Japanese),"
        } else {
            ""
        },
        units.join(", ")
    );
    let f = temp_file(
        &format!("g1_631_{squads}_{crews}_{leader}_{night}.ron"),
        &text,
    );
    let o = run(&["check", f.to_str().unwrap(), "--json"]);
    let v = json(&o);
    let rules = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rule"].as_str().unwrap().to_string())
        .collect();
    (o.status.code() == Some(0), rules)
}

#[test]
fn g1_631_ex_ten_squads_and_two_crews_by_day_one_squad_and_both_crews_or_two_squads() {
    // 11 squad-equivalents: 10% FRU is two.
    assert!(hip_check(1, 2, false, false).0, "one squad and both crews");
    assert!(hip_check(2, 0, false, false).0, "two squads");
    let (ok, rules) = hip_check(3, 0, false, false);
    assert!(!ok && rules.contains(&"G1.631".to_string()), "{rules:?}");
    let (ok, rules) = hip_check(2, 2, false, false);
    assert!(!ok && rules.contains(&"G1.631".to_string()), "{rules:?}");
}

#[test]
fn g1_631_ex_at_night_three_squads_or_two_squads_and_both_crews_even_as_scenario_attacker() {
    // 25% FRU of 11 is three, and the Japanese need not be the Scenario Defender.
    assert!(hip_check(3, 0, false, true).0, "three squads");
    assert!(hip_check(2, 2, false, true).0, "two squads and both crews");
    let (ok, rules) = hip_check(4, 0, false, true);
    assert!(!ok && rules.contains(&"G1.631".to_string()), "{rules:?}");
    let (ok, rules) = hip_check(3, 2, false, true);
    assert!(!ok && rules.contains(&"G1.631".to_string()), "{rules:?}");
}

#[test]
fn g1_631_ex_leaders_do_not_count_against_the_hip_allowance() {
    // A hidden 9-1 stacked with a hidden squad: two squads and the leader are still legal.
    assert!(hip_check(2, 0, true, false).0);
    assert!(hip_check(3, 0, true, true).0);
}

#[test]
fn g25_12_a_location_lies_at_a_level_its_hex_has() {
    // No Location below its hex's ground (`los S4@-9 S4@24` answered "clear").
    let ridge = crate::common::demo_path("ridge");
    let o = crate::common::run(&["los", &ridge, "S4@-9", "S4@24"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        crate::common::stderr(&o).contains("below S4's Base Level 0"),
        "{}",
        crate::common::stderr(&o)
    );
    // A unit set up at Level 21 over Open Ground: refused at its line:column.
    let text = std::fs::read_to_string(crate::common::fixture_path("g11_6_cliff")).unwrap();
    let bad = text.replacen(r#"at: "T4")"#, r#"at: "T4@21")"#, 1);
    assert_ne!(bad, text);
    let e = asl_pto::scenario::Scenario::from_str(&bad, "u.ron")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("T4 has no Level 21") && e.starts_with("u.ron:"),
        "{e}"
    );
    // A Depression's Crest level is one a unit stands at.
    let crest = text.replacen(r#"at: "H5")"#, r#"at: "H5@0")"#, 1);
    assert_ne!(crest, text);
    asl_pto::scenario::Scenario::from_str(&crest, "c.ron").unwrap();
}
