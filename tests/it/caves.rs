//! G11 caves: setup legality and levels (G11.1-G11.113), OB (G11.91), Accessibility (G11.6),
//! Covered Arc and LOS (G11.12, G11.5), from the seed's EX text. Each test names its EX.

use asl_pto::hex::Hexside;
use asl_pto::rules::caves::access::Under;
use asl_pto::rules::caves::{CaveInput, CaveSystem, site};
use asl_pto::scenario::Scenario;

use crate::common::{cave_los, fixture as scenario, from_text};

fn setup_map() -> Scenario {
    scenario("g11_1_setup")
}

/// The G11.1/G11.11 verdict for a cave in `hex` with CA Hexside `ca`: Ok(levels) or Err(rule).
fn verdict(s: &Scenario, hex: &str, ca: &str) -> Result<(i32, i32), String> {
    let h = s.map.hex(hex).unwrap();
    let side: Hexside = s.map.hexside(ca).unwrap();
    site(&s.map, h, side)
        .map(|c| (*c.levels.start(), *c.levels.end()))
        .map_err(|p| format!("{}: {}", p.rule, p.message))
}

// --- G11.1 EX (boards 25 and 36) --------------------------------------------------------------

#[test]
fn g11_1_ex_25f7_five_hexsides_but_not_f7_g7() {
    let s = setup_map();
    for ca in ["F7-F6", "F7-E7", "F7-E8", "F7-F8", "F7-G8"] {
        assert!(
            verdict(&s, "F7", ca).is_ok(),
            "{ca}: {:?}",
            verdict(&s, "F7", ca)
        );
    }
    let e = verdict(&s, "F7", "F7-G7").unwrap_err();
    assert!(e.starts_with("G11.1"), "{e}");
}

#[test]
fn g11_1_ex_one_cave_in_f6_only_with_f6_e7_at_level_1() {
    let s = setup_map();
    assert_eq!(verdict(&s, "F6", "F6-E7"), Ok((1, 1)));
    // F6-G7: the hex it points away from, E6, is only Level 1.
    let e = verdict(&s, "F6", "F6-G7").unwrap_err();
    assert!(e.contains("E6"), "{e}");
}

#[test]
fn g11_1_ex_no_cave_in_e9() {
    let s = setup_map();
    for ca in ["E9-E8", "E9-E10", "E9-D8", "E9-F8", "E9-D9", "E9-F9"] {
        assert!(verdict(&s, "E9", ca).is_err(), "{ca}");
    }
}

#[test]
fn g11_113_ex_i7_h7_at_level_2_or_3_upper_cliff_at_3() {
    let s = setup_map();
    assert_eq!(verdict(&s, "I7", "I7-H7"), Ok((2, 3)));
    let h = s.map.hex("I7").unwrap();
    let c = site(&s.map, h, s.map.hexside("I7-H7").unwrap()).unwrap();
    assert!(!c.upper_cliff(2));
    assert!(c.upper_cliff(3));
    assert!(c.level(Some(1)).is_err());
}

#[test]
fn g11_1_ex_36i4_two_caves_over_a_shallow_stream() {
    let s = setup_map();
    assert_eq!(verdict(&s, "I4", "I4-H3"), Ok((0, 0)));
    assert_eq!(verdict(&s, "I4", "I4-H4"), Ok((0, 0)));
}

#[test]
fn g11_1_ex_36i4_none_if_the_stream_is_flooded() {
    let text = include_str!("../scenarios/g11_1_setup.ron").replace("Shallow", "Flooded");
    let s = from_text(&text);
    for ca in ["I4-H3", "I4-H4"] {
        let e = verdict(&s, "I4", ca).unwrap_err();
        assert!(e.contains("water at Level 0"), "{e}");
    }
}

#[test]
fn g11_1_ex_36i4_not_toward_the_level_0_marsh_i3() {
    let s = setup_map();
    let e = verdict(&s, "I4", "I4-I3").unwrap_err();
    assert!(e.contains("Marsh"), "{e}");
}

#[test]
fn g11_112_ex_k4_level_1_toward_l4_level_2_elsewhere_k3_na() {
    let s = setup_map();
    assert_eq!(verdict(&s, "K4", "K4-L4"), Ok((1, 1)));
    for ca in ["K4-J3", "K4-J4", "K4-K5", "K4-L3"] {
        assert_eq!(verdict(&s, "K4", ca), Ok((2, 2)), "{ca}");
    }
    assert!(verdict(&s, "K4", "K4-K3").is_err());
}

#[test]
fn g11_112_ex_k2_j1_is_level_0_despite_two_levels() {
    let s = setup_map();
    assert_eq!(verdict(&s, "K2", "K2-J1"), Ok((0, 0)));
    assert_eq!(verdict(&s, "K2", "K2-K1"), Ok((0, 0)));
}

#[test]
fn g11_1_ex_j4_i4_road_hexside_may_be_a_ca_hexside() {
    let s = setup_map();
    assert_eq!(verdict(&s, "J4", "J4-I4"), Ok((1, 1)));
}

#[test]
fn g11_1_no_cave_in_marsh_or_a_building() {
    let s = setup_map();
    let e = verdict(&s, "I3", "I3-H3").unwrap_err();
    assert!(e.contains("marsh"), "{e}");
}

// --- G11.91 OB ---------------------------------------------------------------------------------

fn ob_system(upper: usize, normal: usize, primaries: usize) -> CaveSystem {
    let s = scenario("g11_6_cliff");
    let m = &s.map;
    let mut inputs = Vec::new();
    let ups = [("S5", "S5-T4", 1), ("S5", "S5-T5", 2)];
    for (i, (h, ca, l)) in ups.iter().take(upper).enumerate() {
        inputs.push(CaveInput {
            id: format!("U{i}"),
            hex: m.hex(h).unwrap(),
            ca: m.hexside(ca).unwrap(),
            level: Some(*l),
            primary: false,
        });
    }
    let norms = [
        ("S5", "S5-S4"),
        ("H5", "H5-H4"),
        ("H5", "H5-G5"),
        ("H5", "H5-G6"),
    ];
    for (i, (h, ca)) in norms.iter().take(normal).enumerate() {
        inputs.push(CaveInput {
            id: format!("N{i}"),
            hex: m.hex(h).unwrap(),
            ca: m.hexside(ca).unwrap(),
            level: if *h == "S5" { Some(0) } else { None },
            primary: i < primaries,
        });
    }
    let (system, problems) = CaveSystem::build(m, &inputs, &[], &[]);
    assert!(problems.iter().all(|p| p.rule == "G11.2"), "{problems:?}");
    system
}

#[test]
fn g11_91_ex_four_counters_four_plain_caves_or_one_plus_one_upper_cliff() {
    assert!(ob_system(0, 4, 0).ob_problems(4).is_empty());
    assert!(ob_system(1, 1, 0).ob_problems(4).is_empty());
    // Two Upper-Cliff caves need six counters.
    assert_eq!(ob_system(2, 0, 0).ob_problems(4)[0].rule, "G11.91");
    // One Primary cave is allowed with four counters (25% FRD).
    assert!(ob_system(0, 4, 1).ob_problems(4).is_empty());
}

#[test]
fn g11_91_ex_one_to_three_counters_one_upper_cliff_cave_and_no_complex() {
    for ob in 1..=3 {
        assert!(ob_system(1, 0, 0).ob_problems(ob).is_empty(), "ob {ob}");
        assert!(!ob_system(1, 1, 0).ob_problems(ob).is_empty(), "ob {ob}");
        let p = ob_system(0, 1, 1).ob_problems(ob);
        assert!(p.iter().any(|p| p.rule == "G11.2"), "ob {ob}: {p:?}");
    }
}

// --- G11.6 Accessibility -----------------------------------------------------------------------

#[test]
fn g11_6_ex_a_g_and_g_m_accessible_but_not_a_m() {
    let (c, problems) = scenario("g11_6_cliff").cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    let u = |id: &str| Under::Cave(id.into());
    assert!(c.accessible(&u("A"), &u("G")));
    assert!(c.accessible(&u("G"), &u("M")));
    assert!(!c.accessible(&u("A"), &u("M")));
    assert_eq!(c.accessible_from(&u("G")), ["A", "M"]);
}

#[test]
fn g11_6_ex_caves_j_k_l_all_accessible_and_only_in_h5_is_adjacent() {
    let s = scenario("g11_6_cliff");
    let (c, _) = s.cave_system();
    assert_eq!(c.accessible_from(&Under::Cave("J".into())), ["K", "L"]);
    assert_eq!(c.accessible_from(&Under::Cave("K".into())), ["J", "L"]);
    let h5 = s.map.hex("H5").unwrap();
    let g5 = s.map.hex("G5").unwrap();
    for id in ["J", "K", "L"] {
        assert!(c.adjacent(&s.map, id, h5, -1, None), "{id}");
        assert!(
            !c.adjacent(&s.map, id, h5, 0, None),
            "{id} from crest level"
        );
        assert!(!c.adjacent(&s.map, id, g5, -1, None), "{id} from G5");
    }
}

#[test]
fn g11_6_upper_cliff_caves_are_adjacent_only_to_a_climber_at_their_level() {
    let s = scenario("g11_6_cliff");
    let (c, _) = s.cave_system();
    let t4 = s.map.hex("T4").unwrap();
    let v = s.map.vertex("T4-S5-S4").unwrap();
    assert!(!c.adjacent(&s.map, "G", t4, 0, None));
    assert!(c.adjacent(&s.map, "G", t4, 1, Some(v)));
    assert!(!c.adjacent(&s.map, "G", t4, 2, Some(v)));
    let s4 = s.map.hex("S4").unwrap();
    assert!(c.adjacent(&s.map, "A", s4, 0, None));
}

#[test]
fn g11_4_complex_stacking_is_twice_its_caves() {
    let s = scenario("../../scenarios/ridge");
    let (c, _) = s.cave_system();
    assert_eq!(c.complex_stacking_limit("M"), Some(6));
    assert_eq!(
        c.accessible_from(&Under::Complex("M".into())),
        ["A", "G", "M"]
    );
}

// --- G11.5 LOS ---------------------------------------------------------------------------------

#[test]
fn g11_5_ex_cave_g_sees_a_climber_at_its_ca_vertex_only_at_level_1() {
    let s = scenario("g11_6_cliff");
    for v in ["T4-S5-S4", "T4-T5-S5"] {
        assert!(cave_los(&s, "cave:G", &format!("T4@1/{v}")).clear());
        for level in [0, 2] {
            let r = cave_los(&s, "cave:G", &format!("T4@{level}/{v}"));
            assert!(!r.clear());
            assert_eq!(r.rule, Some("G11.5"));
        }
    }
}

#[test]
fn g11_5_ex_cave_a_sees_a_level_0_climber_on_t4_s5_s4() {
    let s = scenario("g11_6_cliff");
    assert!(cave_los(&s, "cave:A", "T4@0/T4-S5-S4").clear());
}

#[test]
fn g11_5_ex_cave_m_sees_a_level_2_climber_on_t4_t5_s5() {
    let s = scenario("g11_6_cliff");
    assert!(cave_los(&s, "cave:M", "T4@2/T4-T5-S5").clear());
}

#[test]
fn g11_5_no_los_between_caves_of_one_hex_or_with_its_base_level() {
    let s = scenario("g11_6_cliff");
    for (a, b) in [("cave:A", "cave:G"), ("cave:J", "cave:K"), ("cave:A", "S5")] {
        let r = cave_los(&s, a, b);
        assert!(!r.clear(), "{a} {b}");
    }
}

#[test]
fn g11_5_a_depression_cave_sees_in_its_own_hex_but_not_from_crest_level() {
    let s = scenario("g11_6_cliff");
    assert!(cave_los(&s, "cave:J", "H5").clear());
    assert!(!cave_los(&s, "cave:J", "H5@0").clear());
}

#[test]
fn g11_12_los_exists_only_within_the_covered_arc() {
    let s = scenario("g11_6_cliff");
    // Cave A points north from S5: S4 (its Entrance Hex) and S1 beyond are within its CA,
    // P4 far to the west is not.
    assert!(cave_los(&s, "cave:A", "S4").clear());
    assert!(cave_los(&s, "cave:A", "S1").clear());
    let r = cave_los(&s, "cave:A", "P4");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.12"));
}

#[test]
fn g11_5_no_los_to_or_from_a_cave_complex() {
    let s = scenario("../../scenarios/ridge");
    let r = cave_los(&s, "complex:M", "T4");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.5"));
}

// --- G11.321 sample CCSS (board 36) --------------------------------------------------------

#[test]
fn g11_6_ex_ccss_accessibility() {
    let s = scenario("g11_321_ccss");
    let (c, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    let cave = |id: &str| Under::Cave(id.into());
    let complex = |id: &str| Under::Complex(id.into());
    // Caves B and C are Accessible to each other.
    assert!(c.accessible(&cave("B"), &cave("C")));
    // Complex AA is Accessible to caves A, B, C and D and to Complex GG, and vice versa.
    assert_eq!(
        c.accessible_from(&complex("A")),
        ["A", "B", "C", "D", "complex:G"]
    );
    for id in ["A", "B", "C", "D"] {
        assert!(c.accessible(&cave(id), &complex("A")), "{id}");
    }
    // ...and to both tunnels: the pillbox's (X6) and the one to T6.
    let exits: Vec<String> = c.tunnel_exits("A").iter().map(|h| s.map.name(*h)).collect();
    assert_eq!(exits, ["T6", "X6"]);
    // Caves A, D, E, F, G and H are not Accessible to each other, nor to B or C.
    let loners = ["A", "D", "E", "F", "G", "H"];
    for x in loners {
        for y in loners.iter().chain(&["B", "C"]) {
            assert!(!c.accessible(&cave(x), &cave(y)), "{x}-{y}");
        }
    }
    // Cave G and Complex GG, and Complex GG and cave H, are Accessible.
    assert!(c.accessible(&cave("G"), &complex("G")));
    assert!(c.accessible(&complex("G"), &cave("H")));
    // Caves E and F are Accessible to neither Complex.
    for id in ["E", "F"] {
        assert!(c.accessible_from(&cave(id)).is_empty(), "{id}");
    }
}

#[test]
fn g11_4_ex_ccss_complex_stacking_aa_eight_gg_four() {
    let (c, _) = scenario("g11_321_ccss").cave_system();
    assert_eq!(c.complex_stacking_limit("A"), Some(8));
    assert_eq!(c.complex_stacking_limit("G"), Some(4));
}

#[test]
fn g11_6_ex_an_allied_unit_in_w5_is_adjacent_to_caves_b_and_d() {
    let s = scenario("g11_321_ccss");
    let (c, _) = s.cave_system();
    let w5 = s.map.hex("W5").unwrap();
    assert!(c.adjacent(&s.map, "B", w5, 1, None));
    assert!(c.adjacent(&s.map, "D", w5, 1, None));
    assert!(!c.adjacent(&s.map, "C", w5, 1, None));
}

#[test]
fn g11_811_ex_x5_sees_both_caves_b_and_c() {
    // "A squad in X5 and able to use Spraying Fire could use it vs caves B/C": in both CAs.
    let s = scenario("g11_321_ccss");
    assert!(cave_los(&s, "cave:B", "X5").clear());
    assert!(cave_los(&s, "cave:C", "X5").clear());
}

#[test]
fn g11_85_ex_plus_three_smoke_in_a_cave_blocks_its_outgoing_los() {
    let text = include_str!("../scenarios/g11_6_cliff.ron").replace(
        "units: [",
        "smoke: [(at: \"cave:A\", kind: Smoke)],\n    units: [",
    );
    let s = from_text(&text);
    let (caves, _) = s.cave_system();
    let env = s.los_env();
    let los = |a: &str, b: &str| {
        asl_pto::rules::caves::sight::cave_los(
            &env,
            &caves,
            &s.location(a).unwrap(),
            &s.location(b).unwrap(),
        )
        .unwrap()
    };
    // Outgoing: +3 SMOKE counts +6 and blocks.
    let out = los("cave:A", "S3");
    assert!(!out.clear());
    assert_eq!(out.rule, Some("G11.85"));
    // Incoming: the SMOKE's own +3.
    let inc = los("S3", "cave:A");
    assert!(inc.clear());
    assert_eq!(inc.sight.hindrance, 3);
    // SMOKE in a cave is not in the rest of its hex: S5's other caves see out clearly.
    assert_eq!(los("cave:G", "T4").sight.hindrance, 0);
}

#[test]
fn g11_4_no_overstacking_a_complex_during_setup() {
    // Complex GG (caves G and H) holds four squad-equivalents; five squads there is illegal.
    let units: String = (0..5)
        .map(|i| {
            format!(
                "(id: \"x{i}\", nationality: Japanese, counter: \"4-4-7\", at: \"complex:G\"),\n"
            )
        })
        .collect();
    let text = include_str!("../scenarios/g11_321_ccss.ron")
        .replace("units: [", &format!("units: [\n{units}"));
    let path = std::env::temp_dir().join(format!("g11_4_{}.ron", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(["check", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["problems"][0]["rule"], "G11.4");
    assert_eq!(v["problems"][0]["at"], "complex:G");
}

#[test]
fn g11_1_only_japanese_units_in_caves() {
    let text =
        include_str!("../scenarios/g11_6_cliff.ron").replace("at: \"T4\")", "at: \"cave:A\")");
    let path = std::env::temp_dir().join(format!("g11_1_us_{}.ron", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_asl-pto"))
        .args(["check", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["problems"][0]["rule"], "G11.1");
    assert_eq!(v["problems"][0]["at"], "us1");
}

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
    let text = include_str!("../scenarios/g11_6_cliff.ron")
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

#[test]
fn g11_12_c5b_a_hex_half_in_and_half_out_of_the_ca_counts_as_within_it() {
    // Cave A's CA is bounded by the hexspines of S5 through the vertices of S5-S4; T3's and
    // R3's centres lie on those two hexspines: each hex is half in, half out, and within the CA.
    let s = scenario("g11_6_cliff");
    assert!(cave_los(&s, "cave:A", "T3").clear());
    assert!(cave_los(&s, "cave:A", "R3").clear());
    // One column further out is outside.
    let r = cave_los(&s, "cave:A", "U3");
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.12"));
}

#[test]
fn g11_85_ex_smoke_in_w4_outside_caves_b_and_c_does_not_affect_los_to_or_from_them() {
    // "SMOKE placed in hex W4 but outside of caves B and C is considered to rise from Level 2
    // and does not affect LOS to/from" them (G11.321 sheet).
    let text = include_str!("../scenarios/g11_321_ccss.ron").replace(
        "units: [",
        "smoke: [(at: \"W4\", kind: Smoke)],\n    units: [",
    );
    let s = from_text(&text);
    for (a, b) in [
        ("cave:B", "X5"),
        ("X5", "cave:B"),
        ("cave:C", "X5"),
        ("X5", "cave:C"),
        ("W5", "cave:B"),
    ] {
        let r = cave_los(&s, a, b);
        assert!(r.clear(), "{a} -> {b}: {}", r.reason);
        assert_eq!(r.sight.hindrance, 0, "{a} -> {b}: {}", r.reason);
    }
    // Above ground the SMOKE in W4 is there as usual.
    let env = s.los_env();
    let w4 = s.location("W4").unwrap();
    let r = env.check(&w4, &s.location("X5").unwrap()).unwrap();
    assert_eq!(r.sight.hindrance, 3, "{}", r.reason);
}
