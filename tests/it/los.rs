//! LOS (A6) on small scenario maps under tests/scenarios/: every clause of the LOS engine, each
//! test named for the rule it checks.

use asl_pto::los::{Effect, LosResult};
use asl_pto::scenario::Scenario;

use crate::common::fixture as scenario;

fn los(s: &Scenario, from: &str, to: &str) -> LosResult {
    let a = s.location(from).unwrap();
    let b = s.location(to).unwrap();
    let r = s.los_env().check(&a, &b).unwrap();
    // LOS is reciprocal.
    let back = s.los_env().check(&b, &a).unwrap();
    assert_eq!(r.clear(), back.clear(), "{from}->{to} is not reciprocal");
    assert_eq!(
        r.sight.hindrance, back.sight.hindrance,
        "{from}<->{to} hindrance"
    );
    r
}

fn blocked_at(s: &Scenario, r: &LosResult) -> Option<String> {
    r.sight.block.and_then(|b| b.hex()).map(|h| s.map.name(h))
}

#[track_caller]
fn assert_blocked(s: &Scenario, from: &str, to: &str, rule: &str, at: Option<&str>) {
    let r = los(s, from, to);
    assert!(!r.clear(), "{from}->{to} should be blocked: {}", r.reason);
    assert_eq!(r.rule, Some(rule), "{from}->{to}: {}", r.reason);
    assert_eq!(
        blocked_at(s, &r).as_deref(),
        at,
        "{from}->{to}: {}",
        r.reason
    );
    assert!(!r.reason.is_empty());
}

#[track_caller]
fn assert_clear(s: &Scenario, from: &str, to: &str, hindrance: u32) {
    let r = los(s, from, to);
    assert!(r.clear(), "{from}->{to} should be clear: {}", r.reason);
    assert_eq!(r.sight.hindrance, hindrance, "{from}->{to}: {}", r.reason);
}

// --- A6.2: obstacles at or above both ends --------------------------------------------------

#[test]
fn a6_2_woods_between_two_ground_level_units_blocks() {
    let s = scenario("los_obstacles");
    assert_blocked(&s, "C3", "C6", "A6.2", Some("C4"));
}

#[test]
fn a6_2_terrain_in_the_firers_or_targets_own_hex_does_not_block() {
    let s = scenario("los_obstacles");
    assert_clear(&s, "C4", "C6", 0);
    assert_clear(&s, "C2", "C4", 0);
}

#[test]
fn a6_2_a_two_level_jungle_blocks_a_level_two_viewer() {
    let s = scenario("los_obstacles");
    assert_blocked(&s, "G1", "G6", "A6.2", Some("G4"));
}

#[test]
fn a6_2_terrain_stands_on_its_hill_woods_on_level_1_top_out_at_level_2() {
    let s = scenario("los_obstacles");
    // The same woods on Level 0 (C4) leave the hex three behind them visible from Level 2...
    assert_clear(&s, "C1", "C7", 0);
    // ...but on a Level 1 hill they rise to Level 2 and block outright.
    let r = los(&s, "I1", "I7");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("A6.2"));
    assert!(r.reason.contains("Level 2"), "{}", r.reason);
}

// --- A6.4: Blind Hexes behind obstacles -------------------------------------------------------

#[test]
fn a6_4_one_level_woods_seen_from_level_2_hide_the_hex_behind_them() {
    let s = scenario("los_obstacles");
    assert_blocked(&s, "C1", "C5", "A6.4", Some("C4"));
    assert_clear(&s, "C1", "C6", 0);
}

#[test]
fn a6_4_a_higher_viewer_sees_over_jungle_but_not_into_its_blind_hexes() {
    let s = scenario("los_obstacles");
    // From Level 3 over 2-level jungle at range 3: 1 + 0 + 2 - 1 = 2 Blind Hexes.
    assert_blocked(&s, "G1@3", "G6", "A6.4", Some("G4"));
    assert_clear(&s, "G1@3", "G7", 0);
}

#[test]
fn a6_4_a_half_level_roof_adds_a_blind_hex() {
    let s = scenario("los_obstacles");
    // A one-floor building is 1.5 levels: from Level 2 it hides two hexes (a whole-level
    // obstacle would hide one).
    assert_blocked(&s, "M1", "M5", "A6.4", Some("M3"));
    assert_clear(&s, "M1", "M6", 0);
}

// --- A6.1: the thread: hexspines and vertex aiming points -------------------------------------

#[test]
fn a6_1_along_a_hexspine_an_obstacle_on_either_side_blocks() {
    let s = scenario("los_obstacles");
    let r = los(&s, "C5", "E5");
    assert!(!r.clear());
    assert_eq!(blocked_at(&s, &r).as_deref(), Some("D5"));
    let beside: Vec<String> = r
        .path
        .iter()
        .filter(|p| p.along_hexside)
        .map(|p| s.map.name(p.hex))
        .collect();
    assert_eq!(beside, ["D4", "D5"]);
}

#[test]
fn b11_4_a_climbing_unit_aims_its_los_from_its_vertex() {
    let s = scenario("los_obstacles");
    // From the vertex on C5's far side from D5 the thread passes above D5's jungle...
    let r = los(&s, "C5@0/B4-C4-C5", "E5");
    assert!(r.clear(), "{}", r.reason);
    assert!(r.path.iter().all(|p| s.map.name(p.hex) != "D5"));
    // ...from the vertex touching D5 it runs through it.
    assert_blocked(&s, "C5@0/C5-C6-D5", "E5", "A6.2", Some("D5"));
}

// --- Hills and crest lines --------------------------------------------------------------------

#[test]
fn a6_2_a_hill_higher_than_both_ends_blocks() {
    let s = scenario("los_hills");
    assert_blocked(&s, "G3", "G7", "A6.2", Some("G5"));
    assert_blocked(&s, "G3@1", "G7@1", "A6.2", Some("G5"));
}

#[test]
fn a6_4_a_crest_of_the_viewers_level_hides_the_foot_of_the_slope() {
    let s = scenario("los_hills");
    // E1 stands one hex back on a Level 2 plateau: the crest E2 hides two hexes below it.
    assert_blocked(&s, "E1", "E4", "A6.4", Some("E2"));
    assert_clear(&s, "E1", "E6", 0);
}

#[test]
fn a6_4_from_the_crest_itself_the_slope_is_visible() {
    let s = scenario("los_hills");
    assert_clear(&s, "E2", "E4", 0);
}

#[test]
fn a6_4_over_a_hill_from_above_its_level() {
    let s = scenario("los_hills");
    assert_blocked(&s, "G3@2", "G7", "A6.4", Some("G5"));
    assert_clear(&s, "G3@3", "G7", 0);
}

#[test]
fn a6_2_units_on_one_plateau_see_each_other_across_it() {
    let s = scenario("los_hills");
    assert_clear(&s, "C2", "C8", 0);
}

// --- Cliffs ---------------------------------------------------------------------------------

#[test]
fn b11_21_a_cliff_gives_one_blind_hex_where_a_slope_gives_none() {
    let s = scenario("los_cliff");
    assert_blocked(&s, "E1", "E4", "B11.21", Some("E3"));
    assert_clear(&s, "E1", "E5", 0);
    // The same levels with no cliff: a continuous slope.
    assert_clear(&s, "G1", "G4", 0);
}

#[test]
fn b11_21_a_viewer_on_the_cliff_top_sees_the_hex_below() {
    let s = scenario("los_cliff");
    assert_clear(&s, "E3", "E4", 0);
    assert_clear(&s, "E3", "E6", 0);
}

// --- Depressions ------------------------------------------------------------------------------

#[test]
fn a6_3_units_in_one_gully_see_each_other_along_it() {
    let s = scenario("los_depression");
    assert_clear(&s, "C4", "C6", 0);
    assert_clear(&s, "C5", "C6", 0);
}

#[test]
fn a6_3_from_crest_level_only_an_adjacent_unit_sees_into_the_gully() {
    let s = scenario("los_depression");
    assert_clear(&s, "C3", "C4", 0);
    assert_blocked(&s, "C2", "C5", "A6.3", Some("C5"));
    assert_blocked(&s, "C5", "C2", "A6.3", Some("C5"));
}

#[test]
fn a6_3_a_viewer_above_the_rim_sees_in() {
    let s = scenario("los_depression");
    assert_clear(&s, "C2@1", "C5", 0);
}

#[test]
fn a6_3_a_unit_at_crest_level_in_a_gully_hex_is_not_in_the_gully() {
    let s = scenario("los_depression");
    assert_clear(&s, "C5@0", "C2", 0);
}

#[test]
fn a6_2_the_ground_between_two_separate_gullies_blocks() {
    let s = scenario("los_depression");
    assert_blocked(&s, "C5", "G5", "A6.2", Some("D4"));
}

// --- Hindrances -------------------------------------------------------------------------------

#[test]
fn a6_8_kunai_hindrances_add_one_per_hex() {
    let s = scenario("los_hindrance");
    let r = los(&s, "E1", "E5");
    assert!(r.clear());
    assert_eq!(r.sight.hindrance, 3);
    assert_eq!(r.rule, Some("A6.8"));
    assert!(r.reason.contains("Kunai in E2"), "{}", r.reason);
}

#[test]
fn a6_8_six_hindrances_block() {
    let s = scenario("los_hindrance");
    assert_blocked(&s, "E1", "E8", "A6.8", Some("E7"));
    assert_clear(&s, "E1", "E7", 5);
}

#[test]
fn a6_8_along_a_hexside_both_hexes_count_once_per_step() {
    let s = scenario("los_hindrance");
    // D8|D9 both kunai: +1 for that step; F8|F9 with kunai on one side: +1.
    assert_clear(&s, "C9", "G9", 2);
}

#[test]
fn a6_2_along_a_hexside_an_obstacle_on_one_side_blocks() {
    let s = scenario("los_hindrance");
    assert_blocked(&s, "C9", "I9", "A6.2", Some("H8"));
}

#[test]
fn a24_smoke_hinders_plus_three_and_two_smoke_block() {
    let s = scenario("los_hindrance");
    assert_clear(&s, "J3", "J7", 3);
    assert_blocked(&s, "L2", "L8", "A6.8", Some("L6"));
}

#[test]
fn a24_smoke_in_the_firers_own_hex_hinders() {
    let s = scenario("los_hindrance");
    assert_clear(&s, "J5", "J8", 3);
}

#[test]
fn b25_a_blaze_hinders_like_smoke() {
    let s = scenario("los_hindrance");
    let r = los(&s, "N3", "N7");
    assert!(r.clear());
    assert_eq!(r.sight.hindrance, 3);
    assert!(r.reason.contains("Blaze in N5"), "{}", r.reason);
}

#[test]
fn a6_8_a_hindrance_below_a_higher_viewer_hinders_only_its_blind_hexes() {
    let s = scenario("los_hindrance");
    assert_clear(&s, "O1", "O4", 1);
    assert_clear(&s, "O1", "O6", 0);
}

// --- Night ------------------------------------------------------------------------------------

#[test]
fn e1_1_beyond_the_nvr_there_is_no_los() {
    let s = scenario("los_night");
    assert_clear(&s, "C2", "C4", 0);
    let r = los(&s, "C2", "C5");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("E1.1"));
    assert_eq!(r.sight.block.and_then(|b| b.hex()), None);
}

// --- The ridge (the built-in scenario): cliffs, caves' hex, jungle on the crown ---------------

#[test]
fn ridge_the_crown_hides_the_plain_beyond_it() {
    let s = scenario("../../scenarios/ridge");
    assert_blocked(&s, "T4", "P4", "A6.2", Some("S5"));
}

#[test]
fn ridge_from_the_crown_the_foot_of_the_cliff_is_blind() {
    let s = scenario("../../scenarios/ridge");
    let r = los(&s, "S6", "T4");
    assert!(!r.clear());
    assert_eq!(blocked_at(&s, &r).as_deref(), Some("S5"));
}

#[test]
fn every_path_hex_has_a_thread_height_between_the_ends() {
    let s = scenario("los_hills");
    let r = los(&s, "E1", "E6");
    assert!(!r.path.is_empty());
    for p in &r.path {
        assert!((0.0..=2.0).contains(&p.height), "{p:?}");
        assert!(matches!(p.effect, Effect::Clear));
    }
    // Heights fall from the higher end to the lower.
    assert!(r.path.windows(2).all(|w| w[0].height >= w[1].height));
}

#[test]
fn a6_los_is_reciprocal_over_the_whole_ridge() {
    let s = scenario("../../scenarios/ridge");
    let env = s.los_env();
    let locs: Vec<_> = s
        .map
        .hexes()
        .step_by(3)
        .map(|d| asl_pto::los::Location::Ground(d.hex))
        .collect();
    for a in &locs {
        for b in &locs {
            let ab = env.sight(a, b).unwrap();
            let ba = env.sight(b, a).unwrap();
            assert_eq!(ab.clear(), ba.clear(), "{a:?} {b:?}");
        }
    }
}

/// A scenario text with one hex changed and SMOKE or night added, for the defects of issue 14.
fn variant(hexes: &str, smoke: &str, night: &str) -> Scenario {
    crate::common::from_text(&format!(
        "Scenario(title: \"v\", map: (columns: 6, rows: 6, hexes: {{{hexes}}}), \
         smoke: [{smoke}], night: {night},
         caves: [(id: \"J\", hex: \"C3\", ca: \"C3-C2\")])"
    ))
}

fn cave_los(s: &Scenario, from: &str, to: &str) -> LosResult {
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    asl_pto::rules::caves::sight::cave_los(
        &env,
        &caves,
        &s.location(from).unwrap(),
        &s.location(to).unwrap(),
    )
    .unwrap()
}

#[test]
fn a24_one_smoke_counter_hinders_once_with_both_ends_in_its_two_level_building() {
    let s = variant(
        "\"C3\": (terrain: Building(Stone, 2))",
        "(at: \"C3\", kind: Smoke)",
        "None",
    );
    let r = los(&s, "C3", "C3@1");
    assert!(r.clear(), "{}", r.reason);
    assert_eq!(r.sight.hindrance, 3, "{}", r.reason);
}

#[test]
fn a24_smoke_in_a_depression_hinders_the_cave_in_it_once() {
    let s = variant(
        "\"C3 C2\": (level: -1, depression: Some(Gully))",
        "(at: \"C3\", kind: Smoke)",
        "None",
    );
    let r = cave_los(&s, "cave:J", "C3");
    assert!(r.clear(), "{}", r.reason);
    assert_eq!(r.sight.hindrance, 3, "{}", r.reason);
}

#[test]
fn e1_13_at_nvr_0_even_another_location_of_the_same_hex_is_beyond_the_nvr() {
    let night = "Some((base_nvr: Some(0), cloud: Clear, moon: Full))";
    let s = variant("\"C3\": (terrain: Building(Stone, 2))", "", night);
    let r = los(&s, "C3", "C3@1");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("E1.13"), "{}", r.reason);
    let own = los(&s, "C3@1", "C3@1");
    assert!(own.clear(), "its own Location: {}", own.reason);
    let s = variant("\"C3 C2\": (level: -1, depression: Some(Gully))", "", night);
    let r = cave_los(&s, "cave:J", "C3");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("E1.13"), "{}", r.reason);
}
