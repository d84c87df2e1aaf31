//! The demo scenarios in `scenarios/` (issue 7): each passes `check`, each walkthrough runs to
//! its end refusing only the steps whose narration says the refusal is the point, `walk --seed
//! 7 --json` repeats byte for byte, and the rule outcomes each script is there to show do
//! happen. Each test names the rule (and EX) it comes from.

use std::process::Output;

use asl_pto::hex::Hex;
use asl_pto::los::{Location, LosEnv};
use asl_pto::sim::{
    self, At, CaveCounter, Climb, Cloaked, Concealed, Hidden, NightState, Tunnel, Unit, WalkLog,
};
use bevy::prelude::*;
use serde_json::Value;

use crate::common::{demo as scenario, demo_path as path, run};

fn sim_to(name: &str, n: usize) -> App {
    let mut app = sim::headless(scenario(name), 7);
    crate::common::run_to(&mut app, n);
    app
}

const DEMOS: [&str; 3] = ["cliff_caves", "cave_complex", "night_ridge"];

fn stdout(o: &Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap()
}

/// The walk's events at seed 7, from the command line.
fn walk(name: &str) -> Vec<Value> {
    stdout(&run(&["walk", &path(name), "--seed", "7", "--json"]))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The events of script step `n` (1-based) that the rules decided (not narration or phases).
fn ruled(events: &[Value], n: u64) -> Vec<&Value> {
    events
        .iter()
        .filter(|e| {
            e["step"] == n
                && !["say", "phase", "player_turn"].contains(&e["event"].as_str().unwrap())
        })
        .collect()
}

/// The one event of step `n` of kind `event`.
#[track_caller]
fn one<'a>(events: &'a [Value], n: u64, event: &str) -> &'a Value {
    let found: Vec<&Value> = ruled(events, n)
        .into_iter()
        .filter(|e| e["event"] == event)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "step {n}: one '{event}' expected: {found:?}"
    );
    found[0]
}

#[track_caller]
fn text(e: &Value) -> &str {
    e["text"].as_str().unwrap()
}

fn unit(app: &mut App, id: &str) -> (Unit, Location, bool, bool, bool) {
    let mut q = app
        .world_mut()
        .query::<(&Unit, &At, Has<Hidden>, Has<Concealed>, Has<Cloaked>)>();
    q.iter(app.world())
        .find(|(u, ..)| u.id == id)
        .map(|(u, a, h, c, k)| (u.clone(), a.0.clone(), h, c, k))
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn cave_hidden(app: &mut App, id: &str) -> Option<bool> {
    let mut q = app.world_mut().query::<(&CaveCounter, Has<Hidden>)>();
    q.iter(app.world())
        .find(|(c, _)| c.id == id)
        .map(|(_, h)| h)
}

fn cost(name: &str, from: &str, to: &str) -> Value {
    json(&run(&["cost", &path(name), from, to, "--json"]))
}

// ---- every demo -------------------------------------------------------------------------

#[test]
fn every_demo_scenario_passes_check() {
    for name in DEMOS {
        let o = run(&["check", &path(name)]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stdout(&o));
        let v = json(&run(&["check", &path(name), "--json"]));
        assert_eq!(v["ok"], true, "{name}: {v}");
        assert!(v["problems"].as_array().unwrap().is_empty(), "{name}: {v}");
    }
}

/// The refusals each walk makes on purpose: (step, rule).
fn meant_refusals(name: &str) -> Vec<(u64, &'static str)> {
    match name {
        // B11.4: one level per MPh; G11.833: a Thrower two levels below; G11.74: one cave
        // per phase.
        "cliff_caves" => vec![(4, "B11.4"), (5, "G11.833"), (11, "G11.74")],
        // G11.74: one Complex per phase; G11.7: only the Japanese enter caves; G11.81: no
        // hidden cave as a target.
        "cave_complex" => vec![(2, "G11.74"), (7, "G11.7"), (13, "G11.81")],
        _ => vec![],
    }
}

#[test]
fn every_walk_runs_to_its_end_refusing_only_where_the_narration_says_so() {
    for name in DEMOS {
        let events = walk(name);
        let steps = scenario(name).script.len() as u64;
        assert!(
            events.iter().any(|e| e["step"] == steps),
            "{name}: the walk reached its last step {steps}"
        );
        let refused: Vec<(u64, String)> = events
            .iter()
            .filter(|e| e["event"] == "refused")
            .map(|e| {
                (
                    e["step"].as_u64().unwrap(),
                    e["rule"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let meant: Vec<(u64, String)> = meant_refusals(name)
            .into_iter()
            .map(|(n, r)| (n, r.to_string()))
            .collect();
        assert_eq!(refused, meant, "{name}");
        for (n, _) in &meant {
            let say = events
                .iter()
                .find(|e| e["step"] == *n && e["event"] == "say")
                .unwrap();
            assert!(
                text(say).contains("Refused on purpose"),
                "{name} step {n}: the narration says the refusal is the point"
            );
        }
        // Every step is narrated, with a rule number.
        let said = events.iter().filter(|e| e["event"] == "say").count() as u64;
        assert_eq!(said, steps, "{name}: every step has its say");
    }
}

#[test]
fn every_walk_at_seed_7_is_byte_identical_across_runs() {
    for name in DEMOS {
        let a = run(&["walk", &path(name), "--seed", "7", "--json"]);
        let b = run(&["walk", &path(name), "--seed", "7", "--json"]);
        assert_eq!(stdout(&a), stdout(&b), "{name}");
        let c = run(&["walk", &path(name), "--seed", "8", "--json"]);
        assert_ne!(stdout(&a), stdout(&c), "{name}: another seed, other dice");
    }
}

#[test]
fn every_walk_survives_other_seeds_without_a_crash() {
    for name in DEMOS {
        for seed in ["1", "2", "3", "42"] {
            let o = run(&["walk", &path(name), "--seed", seed]);
            assert_eq!(o.status.code(), Some(0), "{name} seed {seed}");
        }
    }
}

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
    // jp2, seen by us4 IN H5, pays the 3 MF.
    let seen = one(&events, 10, "move");
    assert!(text(seen).contains("3 MF, 3 of 4 spent"), "{seen}");
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
    assert_eq!(at, Location::Cave("K".into()));
    assert!(!hidden, "G11.75: seen entering cave K");
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
    let again = one(&events, 16, "light");
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
    let strays: Vec<&str> = ruled(&events, 8)
        .into_iter()
        .filter(|e| e["event"] == "straying")
        .map(|e| e["unit"].as_str().unwrap())
        .collect();
    assert_eq!(
        strays,
        ["us1", "us2"],
        "E1.53: a Movement DR for each unit about to move"
    );
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
    let last = one(&events, 19, "los");
    assert_eq!(
        last["rule"], "E1.1",
        "L9, two hexes off, is beyond an NVR of 1"
    );
    let app = sim_to("night_ridge", 20);
    assert_eq!(app.world().resource::<NightState>().nvr, Some(1));
    assert!(!app.world().resource::<WalkLog>().events.is_empty());
}

// ---- the rules the demo walks needed --------------------------------------------------------

/// The cliff scenario with its script cut after step `keep` and `more` steps appended.
fn cliff_variant(keep: usize, more: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(path("cliff_caves")).unwrap();
    let start = text.find("script: [").unwrap() + "script: [\n".len();
    // Each step starts on a line of its own, eight spaces in: keep the first `keep`.
    let mut lines: Vec<&str> = Vec::new();
    let mut steps = 0;
    for line in text[start..].lines() {
        if line.starts_with("        (") {
            steps += 1;
        }
        if steps > keep || line.starts_with("    ]") {
            break;
        }
        lines.push(line);
    }
    let body = format!(
        "{}{}\n{more}\n    ],\n)\n",
        &text[..start],
        lines.join("\n")
    );
    let dir = std::env::temp_dir().join(format!("asl-pto-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("cliff_{keep}.ron"));
    std::fs::write(&p, body).unwrap();
    p
}

#[test]
fn g11_88_an_eliminated_cave_can_be_neither_entered_nor_attacked() {
    // Seed 7: us4's Thrown DC destroys cave L at step 6 (its Original IFT DR is a KIA).
    let events = walk("cliff_caves");
    assert!(
        ruled(&events, 6)
            .iter()
            .any(|e| e["event"] == "cave_eliminated" && text(e).contains("cave L")),
        "cave L is eliminated at seed 7"
    );
    let p = cliff_variant(
        6,
        r#"        (act: NextPlayerTurn),
        (phase: Movement, act: EnterCave("jp2", "L")),
        (act: PlaceSmoke("jp3", "cave:A")),"#,
    );
    let out = stdout(&run(&[
        "walk",
        p.to_str().unwrap(),
        "--seed",
        "7",
        "--json",
    ]));
    let events: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let r = one(&events, 8, "refused");
    assert_eq!(r["rule"], "G11.88", "{r}");
    // The rest of the walk goes on.
    assert_eq!(one(&events, 9, "smoke")["rule"], "G11.85");
}

#[test]
fn g11_75_ex_hidden_infantry_leaving_a_cave_are_placed_concealed_unless_seen() {
    use asl_pto::rules::caves::hidden::{Watcher, emerges_concealed};
    let s = scenario("cave_complex");
    let env = LosEnv::new(&s.map);
    let t6 = s.map.hex("T6").unwrap();
    let at = |h: &str| Watcher {
        at: Location::parse(h, &s.map).unwrap(),
        good_order: true,
    };
    assert!(emerges_concealed(&env, t6, &[]).allowed);
    let seen = emerges_concealed(&env, t6, &[at("U7")]);
    assert!(!seen.allowed && seen.rule == "G11.75", "{seen:?}");
    // A broken watcher sees nothing that counts.
    let broken = Watcher {
        good_order: false,
        ..at("U7")
    };
    assert!(emerges_concealed(&env, t6, &[broken]).allowed);
}

#[test]
fn g11_851_a_save_keeps_the_revealed_tunnel_opening() {
    let whole = run(&["walk", &path("cave_complex"), "--seed", "7", "--json"]);
    let save = std::env::temp_dir().join(format!("asl-pto-demo-{}.ron", std::process::id()));
    let s = save.to_str().unwrap();
    let head = run(&[
        "walk",
        &path("cave_complex"),
        "--seed",
        "7",
        "--json",
        "--steps",
        "14",
        "--save",
        s,
    ]);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.contains("revealed_tunnels: [\n        \"X6\",\n    ]"),
        "{text}"
    );
    let tail = run(&["walk", &path("cave_complex"), "--json", "--load", s]);
    assert_eq!(
        [stdout(&head), stdout(&tail)].concat(),
        stdout(&whole),
        "a saved walk continues as if never saved"
    );
}
