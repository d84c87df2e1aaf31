//! G11.1-G11.113 cave setup, from the G11.1 EX (boards 25 and 36): which hexsides may be a
//! cave's CA Hexside and at which levels; and the OB's Cave counters (G11.91).

use asl_pto::hex::Hexside;
use asl_pto::rules::caves::{CaveInput, CaveSystem, site};
use asl_pto::scenario::Scenario;

use crate::common::{fixture as scenario, from_text};

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
    let text = include_str!("../../scenarios/g11_1_setup.ron").replace("Shallow", "Flooded");
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
