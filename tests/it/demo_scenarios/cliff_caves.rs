//! The `cliff_caves` demo (the G11.6 illustrations): its caves A, G, M in the cliff hex and J,
//! K, L in the gully, the Climb with its Falling DR (B11.4), the Thrown DC from the gully
//! (G11.833), cave shifts and their MF (G11.71), unseen hidden shifts (G11.75, G11.751), SMOKE in
//! a cave (G11.85) and the Climber's Placed DC (G11.8331).

use asl_pto::los::Location;
use asl_pto::sim::Climb;

use super::{cost, json, one, ruled, sim_to, text, unit, walk};
use crate::common::{demo as scenario, demo_path as path, run};

// ---- cliff caves (G11.6 illustrations) -----------------------------------------------------

#[test]
fn g11_6_ex_the_cliff_scenario_has_the_illustrations_caves() {
    let v = json(&run(&["caves", &path("cliff_caves"), "--json"]));
    let caves = v["caves"].as_array().unwrap();
    let get = |id: &str| caves.iter().find(|c| c["id"] == id).unwrap();
    // Caves at Levels 0, 1 and 2 in the three-level cliff hex, G and M Upper-Cliff.
    for (id, level, upper) in [("A", 0, false), ("G", 1, true), ("M", 2, true)] {
        assert_eq!(get(id)["hex"], "S5");
        assert_eq!(get(id)["level"], level, "{id}");
        assert_eq!(get(id)["upper_cliff"], upper, "{id}");
    }
    // G11.6 EX: A and G, G and M Accessible; A and M not.
    assert_eq!(get("A")["accessible"], serde_json::json!(["G"]));
    assert_eq!(get("G")["accessible"], serde_json::json!(["A", "M"]));
    // Three caves IN the gully hex H5, all Accessible to each other.
    for (id, others) in [("J", ["K", "L"]), ("K", ["J", "L"]), ("L", ["J", "K"])] {
        assert_eq!(get(id)["hex"], "H5");
        assert_eq!(get(id)["in_depression"], true);
        assert_eq!(get(id)["accessible"], serde_json::json!(others));
    }
}

#[test]
fn b11_4_the_cliff_walk_places_a_climb_counter_with_a_falling_dr() {
    let events = walk("cliff_caves");
    let climb = one(&events, 3, "climb");
    assert_eq!(climb["rule"], "B11.4");
    assert_eq!(climb["dice"].as_array().unwrap().len(), 2, "a Falling DR");
    assert!(text(climb).contains("Falling DR"), "{climb}");
    let mut app = sim_to("cliff_caves", 3);
    let map = scenario("cliff_caves").map;
    let mut q = app.world_mut().query::<&Climb>();
    let c = q
        .iter(app.world())
        .find(|c| c.unit == "us1")
        .cloned()
        .unwrap();
    assert_eq!(c.hex, map.hex("T4").unwrap());
    assert_eq!(c.level, 1);
    assert_eq!(c.vertex, map.vertex("T4-S5-S4").unwrap());
    // The second Climb, a Player Turn later, takes it to Level 2 (B11.4: one level per MPh).
    let second = one(&events, 16, "climb");
    assert!(text(second).contains("from Level 1 to 2"), "{second}");
}

#[test]
fn g11_833_ex_a_dc_thrown_from_in_the_gully_gets_plus_one_and_minus_one() {
    let events = walk("cliff_caves");
    let t = one(&events, 6, "throw_dc");
    assert_eq!(t["rule"], "G11.833");
    assert!(text(t).contains("+1 the cave's level"), "{t}");
    assert!(text(t).contains("-1 the Thrower is ADJACENT"), "{t}");
    // The Thrower two levels below cave M is refused (G11.833).
    let r = one(&events, 5, "refused");
    assert!(text(r).contains("more than one level lower"), "{r}");
}

#[test]
fn g11_71_ex_cave_shifts_cost_two_mf_plus_one_per_level_or_three_in_a_depression() {
    let c = cost("cliff_caves", "cave:G", "cave:M");
    assert_eq!(
        (c["mf"].as_f64(), c["rule"].as_str()),
        (Some(3.0), Some("G11.71"))
    );
    let c = cost("cliff_caves", "cave:J", "cave:K");
    assert_eq!(
        (c["mf"].as_f64(), c["rule"].as_str()),
        (Some(3.0), Some("G11.71"))
    );
    let events = walk("cliff_caves");
    // jp2 would pass IN H5, which us4 holds (G11.71, A4.14).
    let r = one(&events, 10, "refused");
    assert_eq!(r["rule"], "G11.71");
    assert!(text(r).contains("Known enemy unit us4"), "{r}");
}

#[test]
fn g11_75_g11_751_an_unseen_cave_shift_stays_hidden_and_costs_no_mf() {
    let events = walk("cliff_caves");
    let m = one(&events, 9, "move");
    assert!(text(m).contains("stay hidden"), "{m}");
    assert!(text(m).contains("0 MF, 0 of 4 spent"), "{m}");
    let mut app = sim_to("cliff_caves", 10);
    let (_, at, hidden, ..) = unit(&mut app, "jp1");
    assert_eq!(at, Location::Cave("M".into()));
    assert!(
        hidden,
        "G11.75: revealed by the Search, hidden again in an unseen cave"
    );
    let (_, at, hidden, ..) = unit(&mut app, "jp2");
    assert_eq!(
        at,
        Location::Cave("J".into()),
        "it could not pass us4 IN H5"
    );
    assert!(!hidden, "revealed by us4's Search (G11.33)");
}

#[test]
fn g11_85_smoke_in_a_cave_doubles_its_outgoing_hindrance_until_the_player_turn_ends() {
    let events = walk("cliff_caves");
    assert_eq!(one(&events, 12, "smoke")["rule"], "G11.85");
    let out = one(&events, 13, "los");
    assert_eq!(out["rule"], "G11.85");
    assert!(text(out).contains("hindrance +4"), "{out}");
    let inc = one(&events, 14, "los");
    assert!(text(inc).contains("hindrance +2"), "{inc}");
    let later = one(&events, 15, "los");
    assert!(text(later).contains("hindrance +0"), "{later}");
    assert!(
        ruled(&events, 15)
            .iter()
            .any(|e| e["event"] == "removed" && e["rule"] == "G11.85"),
        "the cave SMOKE is removed at the end of its Player Turn"
    );
}

#[test]
fn g11_8331_a_climber_one_level_above_places_a_dc_and_g11_833_an_adjacent_unit_for_two_mf() {
    let events = walk("cliff_caves");
    let adjacent = one(&events, 17, "place_dc");
    assert_eq!(adjacent["rule"], "G11.833");
    assert!(text(adjacent).contains("2 MF"), "{adjacent}");
    let climber = one(&events, 18, "place_dc");
    assert_eq!(climber["rule"], "G11.8331");
    assert_eq!(
        climber["dice"].as_array().unwrap().len(),
        1,
        "a dr as if Throwing"
    );
}
