//! The G11.321 sample CCSS (board 36): its Accessibility and W5 ADJACENT to caves B and D
//! (G11.6), Complex stacking (G11.4), X5's LOS to caves B and C (G11.811), SMOKE in W4 outside
//! caves B and C (G11.85). Also here: +3 SMOKE in a cave blocking its outgoing LOS (G11.85) and
//! the setup limits (G11.4 overstacking a Complex, G11.1 only Japanese units in caves), on the
//! cliff fixture and the CCSS.

use asl_pto::rules::caves::access::Under;

use crate::common::{cave_los, fixture as scenario, from_text};

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
    let text = include_str!("../../scenarios/g11_6_cliff.ron").replace(
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
    let text = include_str!("../../scenarios/g11_321_ccss.ron")
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
        include_str!("../../scenarios/g11_6_cliff.ron").replace("at: \"T4\")", "at: \"cave:A\")");
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

#[test]
fn g11_85_ex_smoke_in_w4_outside_caves_b_and_c_does_not_affect_los_to_or_from_them() {
    // "SMOKE placed in hex W4 but outside of caves B and C is considered to rise from Level 2
    // and does not affect LOS to/from" them (G11.321 sheet).
    let text = include_str!("../../scenarios/g11_321_ccss.ron").replace(
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
