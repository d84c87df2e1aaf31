//! G11.7-G11.751 movement costs (`asl-pto cost`): entering, exiting and shifting between caves,
//! Complexes (G11.73) and Climbing (B11.4), night terrain costs (E1.51), the `cost --json`
//! contract, and hidden movement unseen (G11.75).

use asl_pto::scenario::Scenario;

use crate::common::{fixture as scenario, from_text};

// --- G11.7-G11.751 movement costs (asl-pto cost) -----------------------------------------------

fn mf(s: &Scenario, from: &str, to: &str) -> asl_pto::rules::caves::entry::MoveCost {
    let (caves, _) = s.cave_system();
    asl_pto::rules::caves::entry::cost(
        &s.map,
        &caves,
        &s.location(from).unwrap(),
        &s.location(to).unwrap(),
        s.night.is_some(),
    )
}

#[track_caller]
fn assert_mf(s: &Scenario, from: &str, to: &str, expect: f32, rule: &str) {
    let c = mf(s, from, to);
    assert!(c.allowed && !c.climbing, "{from}->{to}: {}", c.reason);
    assert_eq!(c.mf, Some(expect), "{from}->{to}: {}", c.reason);
    assert_eq!(c.rule, rule, "{from}->{to}: {}", c.reason);
}

#[track_caller]
fn assert_climb_only(s: &Scenario, from: &str, to: &str) {
    let c = mf(s, from, to);
    assert!(
        c.allowed && c.climbing && c.mf.is_none(),
        "{from}->{to}: {c:?}"
    );
}

#[track_caller]
fn assert_refused(s: &Scenario, from: &str, to: &str) {
    let c = mf(s, from, to);
    assert!(!c.allowed, "{from}->{to}: {c:?}");
}

#[test]
fn g11_71_ex_cave_a_entered_only_from_s4_for_two_mf_or_from_cave_g_for_three() {
    let s = scenario("g11_6_cliff");
    assert_mf(&s, "S4", "cave:A", 2.0, "G11.7");
    assert_mf(&s, "cave:G", "cave:A", 3.0, "G11.71");
    for from in ["T4", "S5", "S3", "cave:M"] {
        assert_refused(&s, from, "cave:A");
    }
}

#[test]
fn g11_71_ex_caves_g_and_m_entered_by_climbing_or_from_an_accessible_cave() {
    let s = scenario("g11_6_cliff");
    // G: from cave A or M, or by Climbing up from T4 or down from S5 along T4-S5.
    assert_mf(&s, "cave:A", "cave:G", 3.0, "G11.71");
    assert_mf(&s, "cave:M", "cave:G", 3.0, "G11.71");
    assert_climb_only(&s, "T4", "cave:G");
    assert_climb_only(&s, "S5", "cave:G");
    assert_mf(&s, "T4@1/T4-S5-S4", "cave:G", 2.0, "G11.7");
    // M: from G, or by Climbing along T5-S5.
    assert_climb_only(&s, "T5", "cave:M");
    assert_climb_only(&s, "S5", "cave:M");
    assert_refused(&s, "T4", "cave:M");
}

#[test]
fn g11_71_ex_caves_j_k_l_reach_each_other_for_three_mf() {
    let s = scenario("g11_6_cliff");
    for (a, b) in [("J", "K"), ("K", "L"), ("L", "J")] {
        let c = mf(&s, &format!("cave:{a}"), &format!("cave:{b}"));
        assert_eq!(c.mf, Some(3.0), "{c:?}");
        assert!(c.reason.contains("separate"), "{}", c.reason);
    }
}

#[test]
fn g11_72_ex_exits_a_to_s4_one_mf_g_and_m_only_by_climbing_j_k_l_into_h5_one_mf() {
    let s = scenario("g11_6_cliff");
    assert_mf(&s, "cave:A", "S4", 1.0, "G11.72");
    assert_climb_only(&s, "cave:G", "T4");
    assert_climb_only(&s, "cave:M", "T5");
    for c in ["J", "K", "L"] {
        assert_mf(&s, &format!("cave:{c}"), "H5", 1.0, "G11.72");
        assert_refused(&s, &format!("cave:{c}"), "H5@0");
    }
    assert_refused(&s, "cave:A", "T4");
}

#[test]
fn g11_6_ex_cave_a_to_m_is_not_accessible() {
    let s = scenario("g11_6_cliff");
    let c = mf(&s, "cave:A", "cave:M");
    assert!(!c.allowed);
    assert_eq!(c.rule, "G11.6");
}

#[test]
fn g11_7_ex_ccss_each_cave_entered_only_from_its_entrance_or_its_complex() {
    let s = scenario("g11_321_ccss");
    // Cave C: from X4, from cave B, or from Complex AA, each for two MF.
    assert_mf(&s, "X4", "cave:C", 2.0, "G11.7");
    assert_mf(&s, "cave:B", "cave:C", 2.0, "G11.71");
    assert_mf(&s, "complex:A", "cave:C", 2.0, "G11.7");
    assert_refused(&s, "W5", "cave:C");
    // Caves A and D: from Y5 or W5 respectively, or from Complex AA.
    assert_mf(&s, "Y5", "cave:A", 2.0, "G11.7");
    assert_mf(&s, "W5", "cave:D", 2.0, "G11.7");
    assert_mf(&s, "complex:A", "cave:A", 2.0, "G11.7");
    assert_mf(&s, "complex:A", "cave:D", 2.0, "G11.7");
    // Cave G: from W10 or from Complex GG; F only from Z7; E only from (IN) Z5.
    assert_mf(&s, "W10", "cave:G", 2.0, "G11.7");
    assert_mf(&s, "complex:G", "cave:G", 2.0, "G11.7");
    assert_refused(&s, "complex:A", "cave:G");
    assert_mf(&s, "Z7", "cave:F", 2.0, "G11.7");
    assert_refused(&s, "complex:A", "cave:F");
    assert_mf(&s, "Z5", "cave:E", 2.0, "G11.7");
    assert_refused(&s, "Z5@1", "cave:E");
}

#[test]
fn g11_751_entering_a_complex_costs_no_mf_and_g11_73_complex_to_complex() {
    let s = scenario("g11_321_ccss");
    let c = mf(&s, "cave:A", "complex:A");
    assert_eq!(c.mf, Some(0.0));
    assert_eq!(c.rule, "G11.751");
    assert!(c.reason.contains("2 MF available"), "{}", c.reason);
    let x = mf(&s, "complex:A", "complex:G");
    assert_eq!(x.mf, Some(0.0));
    assert!(x.reason.contains("MPh"), "{}", x.reason);
    assert_refused(&s, "cave:E", "complex:A");
    assert_refused(&s, "complex:A", "X4");
}

#[test]
fn b11_4_onto_a_climb_counter_is_climbing_and_an_upper_cliff_cave_exits_onto_its_own() {
    let s = scenario("g11_6_cliff");
    assert_climb_only(&s, "T4", "T4@1/T4-S5-S4");
    assert_climb_only(&s, "cave:G", "T4@1/T4-S5-S4");
    assert_refused(&s, "cave:G", "T4@2/T4-S5-S4");
}

#[test]
fn e1_51_at_night_concealment_terrain_costs_one_more_mf_but_caves_do_not() {
    let text = include_str!("../../scenarios/g11_6_cliff.ron")
        .replace(
            "pto: true,",
            "pto: true,\n    night: Some((base_nvr: Some(2), cloud: Clear, moon: NoMoon)),",
        )
        .replace(
            "\"S4 T4 T5\": (level: 0),",
            "\"S4 T4 T5\": (level: 0),\n            \"U4\": (terrain: Jungle),",
        );
    let s = from_text(&text);
    // Jungle (as woods, 2 MF) +1 at night.
    assert_mf(&s, "T4", "U4", 3.0, "A4.1");
    assert_mf(&s, "T4", "T5", 1.0, "A4.1");
    // The cave entry stays 2 MF (G11.96).
    assert_mf(&s, "S4", "cave:A", 2.0, "G11.7");
}

#[test]
fn b11_4_a_cliff_hexside_is_crossed_only_by_climbing() {
    let s = scenario("g11_6_cliff");
    assert_climb_only(&s, "S4", "S5");
    assert_mf(&s, "S5", "S6", 1.0, "A4.1");
    // Up a Base Level: double the COT.
    assert_mf(&s, "R4", "R5", 2.0, "A4.1");
}

#[test]
fn cost_json_has_the_contract_fields() {
    let path = format!(
        "{}/tests/scenarios/g11_6_cliff.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(["cost", &path, "cave:G", "cave:A", "--json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["allowed"], true);
    assert_eq!(v["mf"], 3);
    assert_eq!(v["climbing"], false);
    assert_eq!(v["rule"], "G11.71");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(["cost", &path, "T4", "cave:G", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["climbing"], true);
    assert_eq!(v["mf"], serde_json::Value::Null);
}

#[test]
fn g11_75_ex_hidden_infantry_in_g_move_into_a_or_m_unseen_but_not_into_g_from_t4s_view() {
    use asl_pto::rules::caves::hidden::{Watcher, stays_hidden};
    let s = scenario("g11_6_cliff");
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    // us1, a Good Order American squad, stands in T4 (within 16 hexes of S5).
    let watchers = [Watcher {
        at: s.location("T4").unwrap(),
        good_order: true,
    }];
    // T4 is outside the CAs of caves A and M: moving into them stays hidden.
    assert!(stays_hidden(&env, &caves, "A", &watchers).allowed);
    assert!(stays_hidden(&env, &caves, "M", &watchers).allowed);
    // T4 is cave G's Entrance Hex: a unit entering G is seen.
    let g = stays_hidden(&env, &caves, "G", &watchers);
    assert!(!g.allowed);
    assert!(g.reason.contains("T4"), "{}", g.reason);
    // A broken watcher sees nothing that counts.
    let broken = [Watcher {
        at: s.location("T4").unwrap(),
        good_order: false,
    }];
    assert!(stays_hidden(&env, &caves, "G", &broken).allowed);
}
