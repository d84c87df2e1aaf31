//! One order vocabulary (issue 24): what `legal_orders` (the core's list behind `asl-pto
//! orders` and Play mode's Orders window) says of an order is what the walk does with it. For
//! every unit of every demo scenario, at each phase its script visits, every order listed as
//! allowed is accepted when written into the script at that point, and every refused one is
//! refused by the walk with the same rule. Also `orders` on the command line, and the order's
//! script text read back by the scenario loader.

use std::collections::BTreeSet;

use asl_pto::rules::orders::{Order, legal_orders};
use asl_pto::scenario::{Scenario, Step};
use asl_pto::sim::live::situation;
use asl_pto::sim::{self, Board, Phase, PlayerTurn, WalkLog, runner};
use bevy::prelude::*;

use crate::common::{demo, demo_path, json, run, stdout_ok};

/// The demo scenarios (`scenarios/`).
const DEMOS: [&str; 4] = ["cliff_caves", "cave_complex", "ridge", "night_ridge"];

/// The script steps after which the walk stands in a phase it had not stood in before: the
/// first step of each (Player Turn, phase) the script visits.
fn phase_points(s: &Scenario, seed: u64) -> Vec<usize> {
    let mut app = sim::headless(s.clone(), seed);
    let mut seen = BTreeSet::new();
    let mut points = Vec::new();
    let mut k = 0;
    while runner::run_step(&mut app) {
        k += 1;
        let phase = *app.world().resource::<State<Phase>>().get();
        let turn = app.world().resource::<PlayerTurn>().number;
        if seen.insert((turn, format!("{phase:?}"))) {
            points.push(k);
        }
    }
    points
}

/// What the walk does with `order` written into `s`'s script after its first `k` steps: the
/// rule of its refusal, or `None` when it is accepted.
fn walk_with(s: &Scenario, k: usize, order: &Order, seed: u64) -> Option<String> {
    let mut steps: Vec<Step> = s.script[..k].to_vec();
    steps.push(Step {
        say: None,
        phase: None,
        act: Some(order.clone()),
        ..Default::default()
    });
    let text = s.with_script(&steps, seed).expect("exported");
    let walked = Scenario::from_str(&text, "with_order.ron")
        .unwrap_or_else(|e| panic!("{}: {e}", order.script(&s.map)));
    assert_eq!(
        walked.script.last().and_then(|st| st.act.as_ref()),
        Some(order)
    );
    let mut app = sim::headless(walked, seed);
    runner::run_all(&mut app);
    app.world()
        .resource::<WalkLog>()
        .events
        .iter()
        .filter(|e| e.step == k + 1)
        .find(|e| e.event == "refused")
        .and_then(|e| e.rule.clone())
}

/// Each unit's orders at step `k` of `s`'s walk: (unit, order, refusal rule).
fn listed(s: &Scenario, k: usize, seed: u64) -> Vec<(String, Order, Option<&'static str>)> {
    let mut app = sim::headless(s.clone(), seed);
    for _ in 0..k {
        runner::run_step(&mut app);
    }
    let board = app.world().resource::<Board>().clone();
    let sit = situation(app.world_mut(), &board);
    let mut out = Vec::new();
    for u in &sit.units {
        for (order, answer) in legal_orders(&sit, &u.unit.id, None) {
            out.push((u.unit.id.clone(), order, answer.err().map(|r| r.rule)));
        }
    }
    out
}

#[test]
fn issue24_every_listed_order_is_what_the_walk_does_with_it() {
    let seed = 3;
    let mut checked = 0;
    let mut allowed = 0;
    for name in DEMOS {
        let s = demo(name);
        for k in phase_points(&s, seed) {
            // One order of each (unit, verb, answer) class at each point: the walk of every
            // listed order would repeat the same ruling many times over.
            let mut classes = BTreeSet::new();
            for (unit, order, expected) in listed(&s, k, seed) {
                if !classes.insert((unit.clone(), order.verb(), expected)) {
                    continue;
                }
                let got = walk_with(&s, k, &order, seed);
                assert_eq!(
                    got.as_deref(),
                    expected,
                    "{name} after step {k}: {} was listed {} but the walk {}",
                    order.script(&s.map),
                    expected.map_or("allowed".to_string(), |r| format!("refused ({r})")),
                    got.as_ref()
                        .map_or("accepted it".to_string(), |r| format!("refused it ({r})")),
                );
                checked += 1;
                allowed += usize::from(expected.is_none());
            }
        }
    }
    eprintln!("{checked} orders walked, {allowed} of them allowed");
    // The test asks something: both answers occur, many times.
    assert!(checked > 100, "{checked} orders checked");
    assert!(
        allowed > 20 && checked - allowed > 20,
        "{allowed} of {checked}"
    );
}

#[test]
fn issue24_an_order_reads_back_as_the_same_order_from_its_script_text() {
    let s = demo("cliff_caves");
    let mut n = 0;
    for k in phase_points(&s, 1).into_iter().take(6) {
        for (_, order, _) in listed(&s, k, 1) {
            let text = s
                .with_script_specs(
                    vec![asl_pto::scenario::raw::StepSpec {
                        say: None,
                        phase: None,
                        act: Some(ron::from_str(&order.script(&s.map)).unwrap()),
                        ..Default::default()
                    }],
                    1,
                )
                .unwrap();
            let back = Scenario::from_str(&text, "t.ron").unwrap();
            assert_eq!(back.script[0].act.as_ref(), Some(&order));
            n += 1;
        }
    }
    assert!(n > 50, "{n}");
}

#[test]
fn issue24_orders_lists_a_units_orders_with_their_rules() {
    // us1 climbs to cave G's face in the walk; as set up, in the MPh, it may Search around it,
    // and Kindling is refused (B25.11: the PFPh/AFPh).
    let o = run(&["orders", &demo_path("cliff_caves"), "us1", "--json"]);
    let v = json(&o);
    assert_eq!(v["unit"], "us1");
    assert_eq!(v["phase"], "MPh");
    assert_eq!(v["attacker"], "Allied");
    let orders = v["orders"].as_array().unwrap();
    let find = |act: &str| {
        orders
            .iter()
            .find(|o| o["act"] == act)
            .unwrap_or_else(|| panic!("{act} not listed: {orders:#?}"))
    };
    assert_eq!(find(r#"Search("us1", "T4")"#)["allowed"], true);
    assert!(find(r#"Search("us1", "T4")"#)["rule"].is_null());
    let kindle = find(r#"Kindle("T4")"#);
    assert_eq!(kindle["allowed"], false);
    assert_eq!(kindle["rule"], "B25.11");
    assert!(v["moves"]["count"].as_u64().unwrap() > 10);
    // In the PFPh, Kindling T4 (Open Ground) is refused before any die: it does not burn.
    let o = run(&[
        "orders",
        &demo_path("cliff_caves"),
        "us1",
        "--phase",
        "PFPh",
        "--json",
    ]);
    let v = json(&o);
    let kindle = v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["act"] == r#"Kindle("T4")"#)
        .cloned()
        .unwrap();
    assert_eq!(kindle["allowed"], false);
    assert!(
        kindle["reason"].as_str().unwrap().contains("does not burn"),
        "{kindle}"
    );
    // Text: a header, the moves, then allowed before refused.
    let text = stdout_ok(&run(&["orders", &demo_path("cliff_caves"), "us1"]));
    assert!(
        text.starts_with("us1 in T4, MPh with the Allied side the ATTACKER:"),
        "{text}"
    );
    let first_refused = text.find("  refused").unwrap();
    assert!(text.rfind("  allowed").unwrap() < first_refused, "{text}");
    // An unknown unit is bad input.
    let o = run(&["orders", &demo_path("cliff_caves"), "zz9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::common::stderr(&o).contains("no unit 'zz9'"));
}

#[test]
fn issue34_orders_in_the_dfph_asks_for_the_unit_as_the_defender() {
    // A3: the DFPh is the DEFENDER's alone: `--phase DFPh` makes the unit's side the DEFENDER,
    // so its Final Fire is listed, not refused with A3.
    let o = run(&[
        "orders",
        &crate::common::fixture_path("walk_cc"),
        "us1",
        "--phase",
        "DFPh",
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["phase"], "DFPh");
    assert_eq!(v["attacker"], "Japanese", "{v}");
    let orders = v["orders"].as_array().unwrap();
    let fires: Vec<&serde_json::Value> = orders
        .iter()
        .filter(|o| o["act"].as_str().unwrap().starts_with("Fire("))
        .collect();
    assert!(!fires.is_empty(), "{orders:#?}");
    assert!(fires.iter().all(|f| f["rule"] != "A3"), "{fires:#?}");
    // In the MPh the unit's side is the ATTACKER, as before.
    let v = json(&run(&[
        "orders",
        &crate::common::fixture_path("walk_cc"),
        "us1",
        "--json",
    ]));
    assert_eq!(v["attacker"], "Allied");
}

#[test]
fn issue24_orders_reads_a_saved_walk() {
    // A walk saved after its first steps: `orders --load` asks in the save's phase and
    // ATTACKER, as the walk would go on.
    let dir = std::env::temp_dir().join(format!("asl-pto-orders-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("w.ron");
    let save_s = save.to_string_lossy().into_owned();
    let path = demo_path("cliff_caves");
    stdout_ok(&run(&[
        "walk", &path, "--seed", "7", "--steps", "3", "--save", &save_s,
    ]));
    let v = json(&run(&["orders", &path, "us2", "--load", &save_s, "--json"]));
    let saved = std::fs::read_to_string(&save).unwrap();
    let phase = v["phase"].as_str().unwrap().to_string();
    assert!(
        saved.contains("phase: ") && !phase.is_empty(),
        "{phase}: {saved}"
    );
    let mut app = sim::headless(demo("cliff_caves"), 7);
    for _ in 0..3 {
        runner::run_step(&mut app);
    }
    let walked = *app.world().resource::<State<Phase>>().get();
    assert_eq!(phase, walked.abbrev());
    std::fs::remove_dir_all(&dir).ok();
}

/// Sends Play-mode orders and runs frames until they are all done.
fn send(a: &mut App, orders: impl IntoIterator<Item = asl_pto::sim::play::PlayOrder>) {
    use asl_pto::sim::play::Play;
    for o in orders {
        a.world_mut().write_message(o);
        a.update();
    }
    for _ in 0..400 {
        let w = a.world();
        if w.resource::<Play>().settled() {
            return;
        }
        a.update();
    }
    panic!("the orders never settled");
}

#[test]
fn issue24_every_listed_order_of_every_unit_given_in_play_mode_gets_its_listed_answer() {
    // Every order (not one per class): given in Play mode at each phase the script visits (the
    // same runner, rulings and per-phase systems as the walk), then undone.
    use asl_pto::sim::play::{History, PlayOrder};
    let seed = 3;
    let (mut checked, mut allowed) = (0, 0);
    for name in DEMOS {
        let s = demo(name);
        for k in phase_points(&s, seed) {
            let mut a = sim::headless(s.clone(), seed);
            a.init_resource::<History>();
            for _ in 0..k {
                runner::run_step(&mut a);
            }
            send(&mut a, [PlayOrder::Start]);
            let board = a.world().resource::<Board>().clone();
            let sit = situation(a.world_mut(), &board);
            let list: Vec<(Order, Option<&'static str>)> = sit
                .units
                .iter()
                .flat_map(|u| legal_orders(&sit, &u.unit.id, None))
                .map(|(o, r)| (o, r.err().map(|r| r.rule)))
                .collect();
            drop(sit);
            let before = a.world().resource::<WalkLog>().events.len();
            for (order, expected) in list {
                send(&mut a, [PlayOrder::Act(order.clone())]);
                let step = a.world().resource::<asl_pto::sim::Walk>().current;
                let log = &a.world().resource::<WalkLog>().events;
                let got = log[before..]
                    .iter()
                    .filter(|e| e.step == step)
                    .find(|e| e.event == "refused")
                    .and_then(|e| e.rule.clone());
                assert_eq!(
                    got.as_deref(),
                    expected,
                    "{name} after step {k}: {}",
                    order.script(&s.map)
                );
                send(&mut a, [PlayOrder::Undo]);
                assert_eq!(
                    a.world().resource::<WalkLog>().events.len(),
                    before,
                    "undone"
                );
                checked += 1;
                allowed += usize::from(expected.is_none());
            }
        }
    }
    eprintln!("{checked} orders given, {allowed} of them allowed");
    assert!(checked > 1000 && allowed > 100, "{allowed} of {checked}");
}

/// Issue 37: `orders --odds` gives each allowed order that rolls dice its odds (JSON `odds`: a
/// Fire's IFT results and each unit's chance to be eliminated, reduced, broken, pinned), null
/// for the others; the text says them in words.
#[test]
fn issue37_orders_odds_give_each_fire_its_ift_results_and_its_targets_chances() {
    let assault = crate::common::demo_path("assault");
    let v = json(&run(&[
        "orders", &assault, "us1", "--phase", "PrepFire", "--odds", "--json",
    ]));
    let orders = v["orders"].as_array().unwrap();
    let fire = orders
        .iter()
        .find(|o| o["act"] == "Fire([\"us1\"], \"T5\")")
        .expect("us1's Fire at T5");
    let odds = &fire["odds"];
    let total: f64 = odds["results"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 0.001, "{odds}");
    // jp3 and its 9-1 under "?" in T5 (the SSR) are one "?" to the Allies (A12), named by its
    // Location.
    let targets = odds["targets"].as_object().unwrap();
    assert_eq!(targets.keys().collect::<Vec<_>>(), ["?T5"], "{odds}");
    let jp3 = &odds["targets"]["?T5"];
    for k in ["eliminated", "reduced", "broken", "pinned"] {
        let p = jp3[k].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{k}: {jp3}");
    }
    assert!(jp3["reduced"].as_f64().unwrap() > 0.0, "{jp3}");
    // Hidden jp1 and jp2 are not counted (A12).
    assert!(odds["targets"].get("jp1").is_none() && odds["targets"].get("jp2").is_none());
    // Refused orders and reports have no odds.
    for o in orders {
        if o["allowed"] == false || o["act"].as_str().unwrap().starts_with("Los(") {
            assert!(o["odds"].is_null(), "{o}");
        }
    }
    let text = crate::common::stdout_ok(&run(&[
        "orders", &assault, "us1", "--phase", "PrepFire", "--odds",
    ]));
    assert!(text.contains("           IFT: "), "{text}");
    assert!(text.contains("% to reduce a \"?\""), "{text}");
}

/// A7.5 / A7.53: `orders` lists first the Fire Group of the unit's Location, its 9-1 directing
/// (the shot the program itself fires), as Play mode's Orders window offers it; its odds are
/// those of us1 with the leader's -1 DRM, better than us1's alone. A unit alone in its
/// Location has no Fire Group.
#[test]
fn a7_53_orders_lists_the_locations_fire_group_with_its_leader_first() {
    let assault = crate::common::demo_path("assault");
    let v = json(&run(&[
        "orders", &assault, "us1", "--phase", "PrepFire", "--odds", "--json",
    ]));
    let orders = v["orders"].as_array().unwrap();
    assert_eq!(orders[0]["act"], "Fire([\"us1\", \"usL\"], \"T5\")", "{v}");
    assert_eq!(orders[0]["allowed"], true, "{v}");
    let alone = orders
        .iter()
        .find(|o| o["act"] == "Fire([\"us1\"], \"T5\")")
        .expect("us1's own Fire at T5");
    let reduced = |o: &serde_json::Value| o["odds"]["targets"]["?T5"]["reduced"].as_f64().unwrap();
    assert!(reduced(&orders[0]) > reduced(alone), "{v}");
    // us4 is alone in U3: no group, its own Fire at T5 only; us3 shares U4 with us5: their
    // group comes first, then us3's own.
    let fires = |id: &str| -> Vec<String> {
        let v = json(&run(&[
            "orders", &assault, id, "--phase", "PrepFire", "--json",
        ]));
        v["orders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["act"].as_str().unwrap().starts_with("Fire("))
            .map(|o| o["act"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(fires("us4"), ["Fire([\"us4\"], \"T5\")"]);
    assert_eq!(
        fires("us3"),
        [
            "Fire([\"us3\", \"us5\"], \"T5\")",
            "Fire([\"us3\"], \"T5\")"
        ]
    );
}
