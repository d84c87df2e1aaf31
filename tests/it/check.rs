//! `check`'s set-up rules added by issue 14 (G1.631 lone hidden SMC, E1.4 Cloaking by day), and
//! the E1.94 Kindling concealment loss "regardless of range".

use asl_pto::sim::{Cloaked, Concealed, Unit};
use bevy::prelude::*;

use crate::common::{app, from_text, run_to};

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
