//! G11.12 Covered Arc, G11.5 LOS and G11.51 Continuous Slope on the board-25 illustrations of
//! G11.12 (fixture `g11_12_board25`: caves A at Level 3 in Level 4 BB5, B IN BB6, C in V2), from
//! the seed's EX text. Each test names its EX.

use asl_pto::hex::{Hex, Point3};
use asl_pto::los::LosResult;
use asl_pto::rules::caves::sight::{cave_los as rules_cave_los, in_covered_arc};
use asl_pto::scenario::Scenario;

use crate::common::{fixture, from_text};

const BOARD: &str = include_str!("../scenarios/g11_12_board25.ron");

fn board25() -> Scenario {
    fixture("g11_12_board25")
}

/// The G11.5 LOS between two Locations, checked both ways (LOS is reciprocal).
fn cave_los(s: &Scenario, from: &str, to: &str) -> LosResult {
    let (caves, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    let env = s.los_env();
    let (a, b) = (s.location(from).unwrap(), s.location(to).unwrap());
    let r = rules_cave_los(&env, &caves, &a, &b).unwrap();
    let back = rules_cave_los(&env, &caves, &b, &a).unwrap();
    assert_eq!(r.clear(), back.clear(), "{from}<->{to} not reciprocal");
    r
}

#[track_caller]
fn assert_blocked(s: &Scenario, from: &str, to: &str, rule: &str) {
    let r = cave_los(s, from, to);
    assert!(!r.clear(), "{from} -> {to}: {}", r.reason);
    assert_eq!(r.rule, Some(rule), "{from} -> {to}: {}", r.reason);
}

/// Whether a vertex (`X-Y-Z`) of `hex` lies within the CA of cave `id`.
fn vertex_in_ca(s: &Scenario, id: &str, hex: &str, vertex: &str) -> bool {
    let (caves, _) = s.cave_system();
    let v = s.map.vertex(vertex).unwrap();
    in_covered_arc(
        caves.cave(id).unwrap(),
        s.map.hex(hex).unwrap(),
        Point3::vertex(v),
    )
}

fn hex(s: &Scenario, h: &str) -> Hex {
    s.map.hex(h).unwrap()
}

// --- G11.12 EX (l.17): caves A and B -------------------------------------------------------------

#[test]
fn g11_12_ex_a_unit_at_level_4_in_bb5_is_not_within_the_ca_of_cave_a() {
    let s = board25();
    let (caves, _) = s.cave_system();
    let a = caves.cave("A").unwrap();
    assert_eq!((a.level, s.map.name(a.entrance)), (3, "CC5".to_string()));
    let bb5 = hex(&s, "BB5");
    assert!(!in_covered_arc(a, bb5, Point3::center(bb5)));
    assert_blocked(&s, "cave:A", "BB5", "G11.12");
}

#[test]
fn g11_12_ex_only_dd2_dd3_and_dd2_ee3_of_dd2s_crest_hexsides_lie_within_cave_as_ca() {
    // Crest-status Infantry in DD2 is within cave A's CA only along DD2-DD3 or DD2-EE3; a
    // vehicle's Crest CAFP at either vertex of DD2-CC2 is not. Crest status is not in the
    // format; this checks the CA geometry the claim rests on: the hexsides of DD2 with both
    // vertices within the CA, and DD2-CC2's vertices outside it.
    let s = board25();
    let (caves, _) = s.cave_system();
    let a = caves.cave("A").unwrap();
    let dd2 = hex(&s, "DD2");
    let mut within = Vec::new();
    for n in ["DD1", "DD3", "CC2", "CC3", "EE2", "EE3"] {
        let side = s.map.hexside(&format!("DD2-{n}")).unwrap();
        if side
            .vertices()
            .iter()
            .all(|v| in_covered_arc(a, dd2, Point3::vertex(*v)))
        {
            within.push(n);
        }
    }
    // DD2-EE2 lies within too, but EE2 is a gully hex like DD2: no Crest Line there.
    assert_eq!(within, ["DD3", "EE2", "EE3"]);
    assert!(
        s.map
            .get(hex(&s, "EE2"))
            .is_some_and(|d| d.depression.is_some())
    );
    for v in s.map.hexside("DD2-CC2").unwrap().vertices() {
        assert!(!in_covered_arc(a, dd2, Point3::vertex(v)), "{v:?}");
    }
}

#[test]
fn g11_12_ex_above_ground_infantry_in_bb6_are_within_cave_bs_ca_but_not_at_crest_status() {
    let s = board25();
    let (caves, _) = s.cave_system();
    assert!(caves.cave("B").unwrap().in_depression);
    assert!(cave_los(&s, "cave:B", "BB6").clear());
    // BB6's Crest level (Level 3) is outside B's CA.
    assert_blocked(&s, "cave:B", "BB6@3", "G11.12");
}

// --- G11.12 EX (l.18): cave C and U1 -------------------------------------------------------------

#[test]
fn g11_12_ex_cave_cs_ca_includes_u1_but_for_hexsides_u1_t1_u1_t0_u1_u2_with_their_two_vertices() {
    let s = board25();
    let (caves, _) = s.cave_system();
    let u1 = hex(&s, "U1");
    assert!(in_covered_arc(
        caves.cave("C").unwrap(),
        u1,
        Point3::center(u1)
    ));
    // The vertices of U1 going round: within the CA are those of the hexsides U1-V0, U1-V1
    // (and the "U0" edge), with the two EXC vertices on the CA's edge; the vertex U1-T0-T1
    // and U1-T1-U2, which only U1-T1, U1-T0 and U1-U2 touch, are outside.
    for v in ["U1-V1-U2", "U1-T0-U0", "U1-U0-V0", "U1-V0-V1"] {
        assert!(vertex_in_ca(&s, "C", "U1", v), "{v} within");
    }
    for v in ["U1-T0-T1", "U1-T1-U2"] {
        assert!(!vertex_in_ca(&s, "C", "U1", v), "{v} outside");
    }
}

// --- G11.5 EX (l.30) ---------------------------------------------------------------------------

#[test]
fn g11_5_ex_no_los_between_level_4_in_bb5_and_caves_a_and_b_nor_between_a_and_b() {
    let s = board25();
    assert_blocked(&s, "BB5", "cave:A", "G11.12");
    assert_blocked(&s, "BB5", "cave:B", "G11.12");
    let r = cave_los(&s, "cave:A", "cave:B");
    assert!(!r.clear(), "{}", r.reason);
}

#[test]
fn g11_5_ex_cave_a_sees_across_the_crest_line_in_cc5_to_cc4_dd4_dd5() {
    let s = board25();
    for to in ["CC4", "DD4", "DD5"] {
        let r = cave_los(&s, "cave:A", to);
        assert!(r.clear(), "cave:A -> {to}: {}", r.reason);
        assert!(
            s.location(to).unwrap().level(&s.map) < Some(3),
            "{to} lies below the Crest Line"
        );
    }
}

#[test]
fn g11_5_ex_ee4_and_ff3_are_blind_hexes_to_cave_a() {
    let s = board25();
    for to in ["EE4", "FF3"] {
        assert_blocked(&s, "cave:A", to, "B11.21");
    }
}

#[test]
fn g11_5_ex_cave_a_has_no_los_into_dd2_ee2_or_ff2() {
    let s = board25();
    for to in ["DD2", "EE2", "FF2"] {
        let (caves, _) = s.cave_system();
        let a = caves.cave("A").unwrap();
        let h = hex(&s, to);
        // Within the CA (DD2 half in): A6.3 is what refuses it, not G11.12.
        assert!(in_covered_arc(a, h, Point3::center(h)), "{to}");
        assert_blocked(&s, "cave:A", to, "A6.3");
    }
}

// --- G11.51 EX (l.33) --------------------------------------------------------------------------

#[test]
fn g11_51_ex_the_los_from_cave_a_to_ff5_lies_along_a_continuous_slope() {
    let s = board25();
    let r = cave_los(&s, "cave:A", "FF5");
    assert!(r.clear(), "{}", r.reason);
    assert_eq!(r.rule, Some("G11.51"), "{}", r.reason);
    // Without the slope the Crest Line of CC6 (at cave A's Level 3) would hide FF5: the same
    // thread with a flat Level 2 step (EE5 and EE6 at 2) is no Continuous Slope, and is blind.
    let flat = from_text(&BOARD.replace(
        "\"EE4 EE5 EE6\": (level: 1),",
        "\"EE4\": (level: 1), \"EE5 EE6\": (level: 2),",
    ));
    assert_eq!(
        flat.location("EE5").unwrap().level(&flat.map),
        Some(2),
        "the variant raises EE5"
    );
    assert_blocked(&flat, "cave:A", "FF5", "A6.4");
}

#[test]
fn g11_51_only_from_a_cave_whose_ca_hexside_is_a_hill_crest_line() {
    // The same slope from a cave whose CA Hexside BB5-CC5 is a cliff: no Continuous Slope, and
    // CC6's crest hides FF5.
    let s = from_text(&BOARD.replace("cliffs: [\"DD4-EE4\"", "cliffs: [\"BB5-CC5\", \"DD4-EE4\""));
    let r = cave_los(&s, "cave:A", "FF5");
    assert!(!r.clear(), "{}", r.reason);
}
