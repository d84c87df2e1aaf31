//! On the G11.6 cliff fixture (and the ridge scenario): Accessibility and ADJACENT (G11.6),
//! Complex stacking (G11.4), and LOS to and from caves (G11.5) within the Covered Arc (G11.12).

use asl_pto::rules::caves::access::Under;

use crate::common::{cave_los, fixture as scenario};

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
    // Cave A is in the cliff face too (its CA Hexside S5-S4 is a cliff): as cave G, it sees a
    // Climber at a vertex of its CA Hexside only at its own level (a helper's finding: it saw
    // them at every level).
    for at in ["T4@1/T4-S5-S4", "T4@2/T4-S5-S4", "S4@2/S4-S5-T4"] {
        let r = cave_los(&s, "cave:A", at);
        assert!(!r.clear(), "{at}");
        assert_eq!(r.rule, Some("G11.5"), "{at}");
    }
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
