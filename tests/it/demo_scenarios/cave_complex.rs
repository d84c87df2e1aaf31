//! The `cave_complex` demo (the G11.321 sample CCSS): the sheet's Accessibility (G11.321), the
//! tunnels (G11.933), hidden movement through Complexes and tunnels (G11.751), Search (G11.33),
//! the reveals of WP in caves C and G (G11.851) and Control of an empty cave (G11.94).

use asl_pto::los::Location;
use asl_pto::sim::{Hidden, Tunnel};
use bevy::prelude::*;

use super::{cave_hidden, cost, json, one, sim_to, text, unit, walk};
use crate::common::{demo as scenario, demo_path as path, run};

// ---- the Cave Complex (G11.321 sample CCSS) -------------------------------------------------

#[test]
fn g11_321_ex_the_complex_scenario_has_the_sheets_accessibility() {
    let v = json(&run(&["caves", &path("cave_complex"), "--json"]));
    let caves = v["caves"].as_array().unwrap();
    let get = |id: &str| caves.iter().find(|c| c["id"] == id).unwrap();
    assert_eq!(caves.len(), 8, "caves A-H");
    assert_eq!(
        get("B")["accessible"],
        serde_json::json!(["C", "complex:A"])
    );
    assert_eq!(get("G")["accessible"], serde_json::json!(["complex:G"]));
    assert_eq!(get("E")["accessible"], serde_json::json!([]));
    assert_eq!(get("F")["accessible"], serde_json::json!([]));
}

#[test]
fn g11_933_a_tunnel_joins_its_complex_and_its_hex() {
    // Through the tunnel to T6: the hex's normal cost; into the Complex: no MF (G11.751).
    let out = cost("cave_complex", "complex:A", "T6");
    assert_eq!(out["allowed"], true, "{out}");
    assert_eq!(
        (out["mf"].as_f64(), out["rule"].as_str()),
        (Some(1.0), Some("G11.933"))
    );
    let inn = cost("cave_complex", "X6", "complex:A");
    assert_eq!(
        (inn["mf"].as_f64(), inn["rule"].as_str()),
        (Some(0.0), Some("G11.933"))
    );
    // No tunnel from AA to X4: a Complex is not left to above ground (G11.73).
    let no = cost("cave_complex", "complex:A", "X4");
    assert_eq!(
        (no["allowed"].as_bool(), no["rule"].as_str()),
        (Some(false), Some("G11.73"))
    );
    let no = cost("cave_complex", "W5", "complex:A");
    assert_eq!(no["allowed"], false);
}

#[test]
fn g11_751_ex_hidden_units_move_through_complexes_and_tunnels() {
    let events = walk("cave_complex");
    let m = one(&events, 1, "move");
    assert_eq!(m["rule"], "G11.751");
    assert!(text(m).contains("0 MF"), "{m}");
    let mut app = sim_to("cave_complex", 4);
    let (_, at, hidden, ..) = unit(&mut app, "jp1");
    assert_eq!((at, hidden), (Location::Complex("G".into()), true));
    // G11.933/G11.75 EX: out of the tunnel in T6, unseen: placed onboard concealed.
    let (_, at, hidden, concealed, _) = unit(&mut app, "jp3");
    let t6 = scenario("cave_complex").map.hex("T6").unwrap();
    assert_eq!((at, hidden, concealed), (Location::Ground(t6), false, true));
    // G11.75: into the Complex through the pillbox's tunnel, hidden.
    let (_, at, hidden, ..) = unit(&mut app, "jp4");
    assert_eq!((at, hidden), (Location::Complex("A".into()), true));
    // G11.751 EX: on into cave G in the APh, in view of W10: onboard, concealed, cave revealed.
    let mut app = sim_to("cave_complex", 5);
    let (_, at, hidden, concealed, _) = unit(&mut app, "jp1");
    assert_eq!(
        (at, hidden, concealed),
        (Location::Cave("G".into()), false, true)
    );
    assert_eq!(cave_hidden(&mut app, "G"), Some(false));
}

#[test]
fn g11_33_a_search_reveals_both_caves_of_a_hex_and_their_contents() {
    let events = walk("cave_complex");
    let s = one(&events, 6, "search");
    assert_eq!(s["rule"], "G11.33");
    assert!(
        text(s).contains("caves B, C revealed with their contents"),
        "{s}"
    );
    assert!(text(s).contains("revealed: jp2"), "{s}");
}

#[test]
fn g11_851_ex_wp_in_cave_c_reveals_only_the_x6_opening_and_in_cave_g_cave_h() {
    let events = walk("cave_complex");
    let reveals: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "reveal" && e["rule"] == "G11.851 (play-aid)")
        .map(text)
        .collect();
    assert_eq!(reveals.len(), 2, "{reveals:?}");
    assert!(
        reveals[0].contains("cave C")
            && reveals[0].contains("it reveals no hidden cave and tunnel opening X6"),
        "{}",
        reveals[0]
    );
    assert!(
        reveals[1].contains("cave G")
            && reveals[1].contains("it reveals cave H and no hidden tunnel opening"),
        "{}",
        reveals[1]
    );
    let mut app = sim_to("cave_complex", 15);
    assert_eq!(cave_hidden(&mut app, "H"), Some(false));
    assert_eq!(
        cave_hidden(&mut app, "D"),
        Some(true),
        "D is not above cave C"
    );
    let map = scenario("cave_complex").map;
    let mut q = app.world_mut().query::<(&Tunnel, Has<Hidden>)>();
    let hidden: Vec<(Location, bool)> = q
        .iter(app.world())
        .map(|(t, h)| (t.to.clone(), h))
        .collect();
    let at = |h: &str| Location::Ground(map.hex(h).unwrap());
    assert!(hidden.contains(&(at("X6"), false)), "{hidden:?}");
    assert!(
        hidden.contains(&(at("T6"), true)),
        "T6 is not higher than cave C: {hidden:?}"
    );
}

#[test]
fn g11_94_control_of_a_revealed_empty_cave_by_an_adjacent_mmc() {
    let events = walk("cave_complex");
    let b = one(&events, 10, "control");
    assert!(
        text(b).contains("is Controlled") && text(b).contains("us1"),
        "{b}"
    );
    let c = one(&events, 11, "control");
    assert!(
        text(c).contains("not Allied-Controlled: a Good Order Japanese MMC"),
        "{c}"
    );
    let d = one(&events, 12, "control");
    assert!(
        text(d).contains("not Allied-Controlled: the cave is hidden"),
        "{d}"
    );
}
