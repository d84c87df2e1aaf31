//! Cave entry, exit and hidden movement from the seed's EX text: the "only" of G11.7's entries on
//! the sample CCSS, the one-MF exit INTO a gully-woods or gully-brush H5 (G11.72), and hidden
//! movement (G11.75, G11.751) asked of the rules and played in walks on the CCSS and G11.6
//! fixtures. Each test names its EX.

use asl_pto::los::Location;
use asl_pto::rules::caves::entry::{MoveCost, cost};
use asl_pto::rules::caves::hidden::{Watcher, emerges_concealed, stays_hidden};
use asl_pto::scenario::Scenario;
use asl_pto::sim::{self, At, CaveCounter, Concealed, Hidden, Unit, WalkLog};
use bevy::prelude::*;

use crate::common::{fixture, from_text, run_to};

const CCSS: &str = include_str!("../scenarios/g11_321_ccss.ron");
const CLIFF: &str = include_str!("../scenarios/g11_6_cliff.ron");

fn mf(s: &Scenario, from: &str, to: &str) -> MoveCost {
    let (caves, _) = s.cave_system();
    cost(
        &s.map,
        &caves,
        &s.location(from).unwrap(),
        &s.location(to).unwrap(),
        s.night.is_some(),
    )
}

/// `text` (a fixture's) with its units replaced by `units`, the Japanese the first ATTACKER, and
/// `script` as its walk.
fn variant(text: &str, attacker: &str, units: &str, script: &str) -> Scenario {
    let start = text.find("    units: [").expect("a units list");
    let end = start + text[start..].find("\n    ],\n").expect("its end") + "\n    ],\n".len();
    let body = format!(
        "    attacker: Some({attacker}),\n    units: [\n{units}\n    ],\n    script: [\n{script}\n    ],\n"
    );
    from_text(&format!("{}{}{}", &text[..start], body, &text[end..]))
}

/// A unit's Location, MF spent, and whether it is hidden and concealed.
fn unit(app: &mut App, id: &str) -> (Location, f32, bool, bool) {
    let w = app.world_mut();
    w.query::<(&Unit, &At, Has<Hidden>, Has<Concealed>)>()
        .iter(w)
        .find(|(u, ..)| u.id == id)
        .map(|(u, a, h, c)| (a.0.clone(), u.mf_spent, h, c))
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn cave_hidden(app: &mut App, id: &str) -> bool {
    let w = app.world_mut();
    w.query::<(&CaveCounter, Has<Hidden>)>()
        .iter(w)
        .find(|(c, _)| c.id == id)
        .map(|(_, h)| h)
        .unwrap()
}

/// The last walk event of `unit`: its kind and text.
fn last_event(app: &App, unit: &str) -> (String, String) {
    let log = &app.world().resource::<WalkLog>().events;
    log.iter()
        .rev()
        .find(|e| e.unit.as_deref() == Some(unit))
        .map(|e| (e.event.clone(), e.text.clone()))
        .unwrap_or_else(|| panic!("no event of {unit}"))
}

fn walk(s: Scenario, steps: usize) -> App {
    let mut app = sim::headless(s, 1);
    run_to(&mut app, steps);
    app
}

// --- G11.7 EX (l.40) ---------------------------------------------------------------------------

#[test]
fn g11_7_ex_caves_a_and_d_are_entered_only_from_y5_or_w5_or_complex_aa() {
    let s = fixture("g11_321_ccss");
    for (cave, only) in [("A", "Y5"), ("D", "W5")] {
        let to = format!("cave:{cave}");
        assert!(mf(&s, only, &to).allowed, "{cave} from {only}");
        assert!(mf(&s, "complex:A", &to).allowed, "{cave} from AA");
        for from in ["W5", "X4", "Y5", "X5", "cave:B", "cave:C", "complex:G"] {
            if from == only {
                continue;
            }
            let c = mf(&s, from, &to);
            assert!(!c.allowed, "{cave} from {from}: {}", c.reason);
        }
    }
}

// --- G11.72 EX (l.44) --------------------------------------------------------------------------

#[test]
fn g11_72_ex_exit_from_j_k_l_into_h5_is_one_mf_even_in_gully_woods_or_gully_brush() {
    for terrain in ["Woods", "Brush"] {
        let text = CLIFF.replace("pto: true,", "pto: false,").replace(
            "\"H5 H4 G5 G6 G4\": (level: -1, depression: Some(Gully)),",
            &format!(
                "\"H5\": (level: -1, terrain: {terrain}, depression: Some(Gully)),\n            \
                 \"H4 G5 G6 G4\": (level: -1, depression: Some(Gully)),"
            ),
        );
        let s = from_text(&text);
        let h5 = s.map.get(s.map.hex("H5").unwrap()).unwrap();
        assert_eq!(format!("{:?}", h5.terrain), terrain);
        // Entering that terrain from above ground costs more than one MF...
        assert!(mf(&s, "H4", "H5").mf.unwrap() > 1.0, "{terrain}");
        // ...but a cave exit INTO H5 costs one, like exiting a pillbox.
        for c in ["J", "K", "L"] {
            let x = mf(&s, &format!("cave:{c}"), "H5");
            assert!(x.allowed, "{c}: {}", x.reason);
            assert_eq!((x.mf, x.rule), (Some(1.0), "G11.72"), "{c} in {terrain}");
        }
    }
}

// --- G11.751 EX (l.52-55): the sample CCSS -----------------------------------------------------

#[test]
fn g11_751_ex_jp1_advances_into_cave_g_hidden_for_no_mf_unless_w10_sees_it_then_for_two() {
    let script = "(phase: Advance, act: EnterCave(\"jp1\", \"G\")),";
    let jp1 = "(id: \"jp1\", nationality: Japanese, counter: \"4-4-7\", at: \"complex:G\", hidden: true),";
    // Nobody within 16 hexes of W9 sees it across W9-W10: placed in Cloaking Box G.
    let unseen =
        format!("{jp1}\n(id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"W5\"),");
    let mut app = walk(variant(CCSS, "Japanese", &unseen, script), 1);
    let (at, spent, hidden, _) = unit(&mut app, "jp1");
    assert_eq!(at, Location::Cave("G".into()));
    assert!(hidden, "{:?}", last_event(&app, "jp1"));
    assert_eq!(spent, 0.0);
    assert!(cave_hidden(&mut app, "G"), "cave G stays hidden");
    // us3 in W10 sees cave G: onboard, concealed, beneath the revealed cave, two MF expended.
    let seen =
        format!("{jp1}\n(id: \"us3\", nationality: American, counter: \"7-6-8\", at: \"W10\"),");
    let mut app = walk(variant(CCSS, "Japanese", &seen, script), 1);
    let (at, spent, hidden, concealed) = unit(&mut app, "jp1");
    assert_eq!(at, Location::Cave("G".into()));
    assert!(!hidden && concealed, "{:?}", last_event(&app, "jp1"));
    assert!(!cave_hidden(&mut app, "G"));
    let (_, text) = last_event(&app, "jp1");
    assert!(
        spent == 2.0 || text.contains("2 MF"),
        "two MF expended: {spent} / {text}"
    );
}

#[test]
fn g11_751_ex_revealed_infantry_in_cave_a_become_hidden_entering_complex_aa_for_no_mf() {
    // us1 in Y5 Searches Y4, revealing cave A and jpA (G11.33); in the Japanese MPh jpA enters
    // Complex AA and is hidden again, without spending MF (G11.75, G11.751).
    let units = "(id: \"jpA\", nationality: Japanese, counter: \"4-4-7\", at: \"cave:A\"),\n\
                 (id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"Y5\"),";
    let script = "(phase: Movement, act: Search(\"us1\", \"Y4\")),\n\
                  (act: NextPlayerTurn),\n\
                  (phase: Movement, act: Move(\"jpA\", \"complex:A\")),";
    let s = variant(CCSS, "Allied", units, script);
    let mut app = walk(s, 1);
    let (at, _, hidden, _) = unit(&mut app, "jpA");
    assert_eq!(at, Location::Cave("A".into()));
    assert!(
        !hidden,
        "revealed by the Search: {:?}",
        last_event(&app, "jpA")
    );
    run_to(&mut app, 3);
    let (at, spent, hidden, _) = unit(&mut app, "jpA");
    assert_eq!(
        at,
        Location::Complex("A".into()),
        "{:?}",
        last_event(&app, "jpA")
    );
    assert!(hidden);
    assert_eq!(spent, 0.0);
}

#[test]
fn g11_751_ex_hidden_infantry_from_caves_b_or_d_enter_w5_concealed_unless_seen() {
    let s = fixture("g11_321_ccss");
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    let w5 = s.map.hex("W5").unwrap();
    // B and D both exit to W5, their Entrance Hex.
    for id in ["B", "D"] {
        assert_eq!(caves.cave(id).unwrap().entrance, w5, "cave {id}");
        assert!(mf(&s, &format!("cave:{id}"), "W5").allowed, "cave {id}");
    }
    let watcher = |at: &str| Watcher {
        at: s.location(at).unwrap(),
        good_order: true,
    };
    // us2 in X5 sees W5: normal "?"-loss.
    assert!(!emerges_concealed(&env, w5, &[watcher("X5")]).allowed);
    // A Good Order watcher with a LOS to W5 counts within 16 hexes (G9), not beyond (F5).
    for (at, range, concealed) in [("G9", 16, false), ("F5", 17, true)] {
        let w = watcher(at);
        assert!(
            env.check(&w.at, &Location::Ground(w5)).unwrap().clear(),
            "{at}"
        );
        assert_eq!(s.map.hex(at).unwrap().distance(w5), range);
        let r = emerges_concealed(&env, w5, &[w]);
        assert_eq!(r.allowed, concealed, "{at}: {}", r.reason);
    }
    // Nor does a broken one next door.
    let broken = Watcher {
        good_order: false,
        ..watcher("X5")
    };
    assert!(emerges_concealed(&env, w5, &[broken]).allowed);
}

// --- G11.751 EX (l.56): the G11.6 illustrations ------------------------------------------------

#[test]
fn g11_751_ex_a_hidden_shift_from_cave_j_to_k_unseen_in_h5_stays_hidden_for_no_mf() {
    // No one sees INTO H5: us1 in T4 is within 16 hexes but at H5's Crest level far off (A6.3).
    let units = "(id: \"jpJ\", nationality: Japanese, counter: \"4-4-7\", at: \"cave:J\", hidden: true),\n\
                 (id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"T4\"),";
    let script = "(phase: Movement, act: Move(\"jpJ\", \"cave:K\")),";
    let mut app = walk(variant(CLIFF, "Japanese", units, script), 1);
    let (at, spent, hidden, _) = unit(&mut app, "jpJ");
    assert_eq!(
        at,
        Location::Cave("K".into()),
        "{:?}",
        last_event(&app, "jpJ")
    );
    assert!(hidden, "{:?}", last_event(&app, "jpJ"));
    assert_eq!(spent, 0.0, "G11.751: no MF while it stays hidden");
    // The normal cost of that shift is three MF (G11.71).
    assert_eq!(
        mf(&fixture("g11_6_cliff"), "cave:J", "cave:K").mf,
        Some(3.0)
    );
}

#[test]
fn g11_751_ex_a_watcher_with_a_los_to_cave_m_more_than_16_hexes_from_s5_does_not_reveal_it() {
    let s = from_text(&CLIFF.replace("columns: 24,", "columns: 45,"));
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    let s5 = s.map.hex("S5").unwrap();
    let watcher = |at: &str| Watcher {
        at: s.location(at).unwrap(),
        good_order: true,
    };
    for (at, range, seen) in [("II5", 16, true), ("JJ5", 17, false)] {
        let w = watcher(at);
        assert_eq!(s.map.hex(at).unwrap().distance(s5), range);
        let los = asl_pto::rules::caves::sight::cave_los(
            &env,
            &caves,
            &w.at,
            &Location::Cave("M".into()),
        )
        .unwrap();
        assert!(los.clear(), "{at} has a LOS to cave M: {}", los.reason);
        let r = stays_hidden(&env, &caves, "M", &[w]);
        assert_eq!(r.allowed, !seen, "{at}: {}", r.reason);
    }
}

// --- G11.8332 EX (l.92) ------------------------------------------------------------------------

#[test]
fn g11_8332_ex_a_dc_is_set_in_cave_g_only_at_the_start_of_the_mph_after_climbing_to_level_1() {
    // us2 Searches S5 so cave G is Known; us1 (with a DC) spends its MPh in T4 Climbing to Level 1
    // at T4-S5-S4. Setting the DC that MPh is refused; at the start of its next MPh it is allowed.
    let units = "(id: \"us1\", nationality: American, counter: \"7-6-8\", at: \"T4\", dc: true),\n\
                 (id: \"us2\", nationality: American, counter: \"7-6-8\", at: \"T4\"),";
    let script = "(phase: Movement, act: Search(\"us2\", \"S5\")),\n\
                  (act: Climb(\"us1\", 1, \"T4-S5-S4\")),\n\
                  (act: SetDc(\"us1\", \"G\")),\n\
                  (act: NextPlayerTurn),\n\
                  (act: NextPlayerTurn),\n\
                  (phase: Movement, act: SetDc(\"us1\", \"G\")),";
    let mut app = walk(variant(CLIFF, "Allied", units, script), 2);
    let (at, ..) = unit(&mut app, "us1");
    assert_eq!(
        at,
        Location::Climbing {
            hex: fixture("g11_6_cliff").map.hex("T4").unwrap(),
            level: 1,
            vertex: fixture("g11_6_cliff").map.vertex("T4-S5-S4").unwrap(),
        },
        "{:?}",
        last_event(&app, "us1")
    );
    assert!(!cave_hidden(&mut app, "G"), "found by the Search");
    run_to(&mut app, 3);
    let log = &app.world().resource::<WalkLog>().events;
    let first = log
        .iter()
        .rev()
        .find(|e| e.unit.as_deref() == Some("us1"))
        .unwrap();
    assert_eq!(
        (first.event.as_str(), first.rule.as_deref()),
        ("refused", Some("G11.8332")),
        "{first:?}"
    );
    run_to(&mut app, 6);
    let log = &app.world().resource::<WalkLog>().events;
    let set: Vec<_> = log
        .iter()
        .filter(|e| e.unit.as_deref() == Some("us1") && e.rule.as_deref() == Some("G11.8332"))
        .map(|e| (e.turn, e.event.clone()))
        .collect();
    // Refused in Game Turn 1; Set in the next Allied MPh (Game Turn 2).
    assert_eq!(
        set,
        [(1, "refused".to_string()), (2, "set_dc".to_string())],
        "{set:?}"
    );
}

#[test]
fn g11_6_ex_g11_933_complex_aa_is_accessible_to_both_tunnels_and_what_they_lead_to() {
    // "Cave Complex AA is Accessible to caves A, B, C and D, to both tunnels (and thus also to
    // the pillbox and hex T6; 11.933) and to Cave Complex GG" (G11.6 EX).
    let p = crate::common::demo_path("cave_complex");
    let text = crate::common::stdout_ok(&crate::common::run(&["caves", &p]));
    let aa = text
        .lines()
        .find(|l| l.starts_with("  Cave Complex AA"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        aa.ends_with(
            "Accessible: A, B, C, D, complex:G, the tunnel to X6 (G11.933), the tunnel to T6 \
             (G11.933)"
        ),
        "{aa}"
    );
    let v = crate::common::json(&crate::common::run(&["caves", &p, "--json"]));
    let complexes = v["complexes"].as_array().unwrap();
    let aa = complexes.iter().find(|x| x["primary"] == "A").unwrap();
    assert_eq!(aa["tunnels"], serde_json::json!(["X6", "T6"]));
    assert_eq!(
        aa["accessible"],
        serde_json::json!(["A", "B", "C", "D", "complex:G"])
    );
    // And the costs agree: the tunnels lead from AA to X6 and T6 (G11.933).
    for to in ["X6", "T6"] {
        let o = crate::common::run(&["cost", &p, "complex:A", to]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{to}: {}",
            crate::common::stdout_ok(&o)
        );
    }
}

#[test]
fn g11_73_infantry_do_not_advance_from_one_cave_complex_to_another() {
    // Play-aid ADVANCE PHASE: "Infantry may not advance from one Cave Complex to another Cave
    // Complex" (G11.73); the G11.751 EX moves from AA to GG "only during their MPh".
    let path = crate::common::demo_path("cave_complex");
    let ask = |phase: &str| {
        crate::common::json(&crate::common::run(&[
            "cost",
            &path,
            "complex:A",
            "complex:G",
            "--unit",
            "jp1",
            "--phase",
            phase,
            "--json",
        ]))
    };
    let apph = ask("APh");
    assert_eq!(apph["allowed"], false, "{apph}");
    assert_eq!(apph["rule"], "G11.73");
    let mph = ask("MPh");
    assert_eq!(mph["allowed"], true, "{mph}");
    // A walk's APh step from one Complex to the other is refused with the rule.
    let s = crate::common::demo("cave_complex");
    let text = s
        .with_script_specs(
            vec![asl_pto::scenario::raw::StepSpec {
                say: None,
                phase: Some(asl_pto::model::Phase::Advance),
                act: Some(ron::from_str(r#"Move("jp1", "complex:G")"#).unwrap()),
                ..Default::default()
            }],
            1,
        )
        .unwrap();
    // The scenario's first ATTACKER is the Japanese side: its first APh is jp1's.
    let s = Scenario::from_str(&text, "apph.ron").unwrap();
    let mut a = asl_pto::sim::headless(s, 1);
    asl_pto::sim::runner::run_all(&mut a);
    let log = &a.world().resource::<asl_pto::sim::WalkLog>().events;
    let r = log
        .iter()
        .find(|e| e.event == "refused" && e.unit.as_deref() == Some("jp1"))
        .unwrap_or_else(|| panic!("{log:#?}"));
    assert_eq!(r.rule.as_deref(), Some("G11.73"));
}
