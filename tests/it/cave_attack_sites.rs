//! Where an attack on a cave can come from, read off the map: Spraying Fire at two caves and the
//! LOS that limits it (G11.811), the hexes a DC may be Placed or Thrown into a cave from
//! (G11.833, G11.8331), and where a missed SMOKE round lands (G11.85). The caves are those of the
//! G11.321 sample CCSS (`g11_321_ccss`) and the G11.6 illustrations (`g11_6_cliff`); ADJACENT,
//! LOS and the Entrance Hex come from the program (`CaveSystem::adjacent`, `cave_los`,
//! `Cave::entrance`), not from the test. Each test names its EX.

use asl_pto::hex::Vertex;
use asl_pto::rules::caves::CaveSystem;
use asl_pto::rules::caves::attack::*;
use asl_pto::rules::caves::sight::cave_los;
use asl_pto::scenario::Scenario;

use crate::common::{fixture, plain_map};

fn caves(s: &Scenario) -> CaveSystem {
    let (c, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    c
}

/// Whether `from` has a LOS to cave `id`.
fn sees(s: &Scenario, from: &str, id: &str) -> bool {
    let c = caves(s);
    let env = s.los_env();
    let (a, b) = (
        s.location(from).unwrap(),
        s.location(&format!("cave:{id}")).unwrap(),
    );
    cave_los(&env, &c, &a, &b).unwrap().clear()
}

fn spray_cave(c: &CaveSystem, id: &str) -> SprayLocation {
    let k = c.cave(id).unwrap();
    SprayLocation::Cave {
        id: id.into(),
        level: k.level,
        ca: k.ca,
        predesignated: true,
    }
}

/// A Good Order, unpinned, non-Climbing Infantry unit at Base Level in `hex`, next to cave
/// `id`'s hex, with G11.6 ADJACENT and its LOS to the cave as the program finds them.
fn thrower_at(s: &Scenario, id: &str, hex: &str) -> Thrower {
    let c = caves(s);
    let h = s.map.hex(hex).unwrap();
    let level = s.map.get(h).unwrap().level;
    let cave_hex = c.cave(id).unwrap().hex;
    Thrower {
        level,
        infantry: true,
        good_order: true,
        adjacent: h.distance(cave_hex) == 1,
        adjacent_g11_6: c.adjacent(&s.map, id, h, level, None),
        has_los: sees(s, hex, id),
        ..Thrower::default()
    }
}

// --- G11.811 Spraying Fire ---------------------------------------------------------------------

#[test]
fn g11_811_ex_x5_may_use_spraying_fire_vs_caves_b_and_c() {
    // "A squad in X5 and able to use Spraying Fire could use it vs cave(s) B/" (cut off): both
    // caves are at Level 1 and share CA Hexside vertex W4-W5-X4, and X5 sees both.
    let s = fixture("g11_321_ccss");
    let c = caves(&s);
    assert!(sees(&s, "X5", "B") && sees(&s, "X5", "C"));
    let r = spraying_fire(&plain_map(), &[spray_cave(&c, "B"), spray_cave(&c, "C")]);
    assert!(r.allowed, "{}", r.reason);
    let shared = Vertex::parse("W4-W5-X4").unwrap().to_string();
    assert!(r.reason.contains(&shared), "{}", r.reason);
}

#[test]
fn g11_811_ex_u5_sees_caves_g_and_m_but_not_cave_a() {
    // The Gun in U5 may spray "only" G with M (or with Climbers or S5's Level 3): cave A is out
    // because U5 has no LOS to it (outside A's CA), though G11.811 itself would let A pair
    // with G (Level 0 and 1, sharing vertex S4-S5-T4).
    let s = fixture("g11_6_cliff");
    let c = caves(&s);
    assert!(sees(&s, "U5", "G"));
    assert!(sees(&s, "U5", "M"));
    let env = s.los_env();
    let r = cave_los(
        &env,
        &c,
        &s.location("U5").unwrap(),
        &s.location("cave:A").unwrap(),
    )
    .unwrap();
    assert!(!r.clear());
    assert_eq!(r.rule, Some("G11.12"), "{}", r.reason);
    assert!(spraying_fire(&plain_map(), &[spray_cave(&c, "A"), spray_cave(&c, "G")]).allowed);
}

// --- G11.833 DC Placed or Thrown ---------------------------------------------------------------

#[test]
fn g11_833_ex_a_dc_may_be_placed_or_thrown_into_cave_a_only_from_y5() {
    let s = fixture("g11_321_ccss");
    let a = caves(&s).cave("A").unwrap().clone();
    for n in ["Y3", "Y5", "X3", "X4", "Z3", "Z4"] {
        let u = thrower_at(&s, "A", n);
        assert!(u.adjacent, "{n} is next to Y4");
        let placed = dc_placement(&u, 0).ruling.allowed;
        let thrown = dc_throw(&u, a.level).allowed;
        assert_eq!(placed, n == "Y5", "Placed from {n}");
        assert_eq!(thrown, n == "Y5", "Thrown from {n}");
    }
}

#[test]
fn g11_833_ex_a_dc_may_be_placed_or_thrown_into_cave_e_only_from_in_z5() {
    // Cave E in AA5 points at the stream hex Z5; the Crest-status half of the EX ("or from Crest
    // status on cave E's side of Z5") is not in the format.
    let s = fixture("g11_321_ccss");
    let e = caves(&s).cave("E").unwrap().clone();
    assert_eq!(s.map.name(e.entrance), "Z5");
    for n in ["Z4", "Z5", "BB4", "BB5", "AA4", "AA6"] {
        let u = thrower_at(&s, "E", n);
        let placed = dc_placement(&u, 0).ruling.allowed;
        let thrown = dc_throw(&u, e.level).allowed;
        assert_eq!(placed, n == "Z5", "Placed from {n}");
        assert_eq!(thrown, n == "Z5", "Thrown from {n}");
    }
    // IN Z5 is its floor, Level 0; G11.6 ADJACENT is only there, not at its Crest level.
    let z5 = s.map.hex("Z5").unwrap();
    assert_eq!(thrower_at(&s, "E", "Z5").level, 0);
    assert!(!caves(&s).adjacent(&s.map, "E", z5, 1, None));
}

#[test]
fn g11_833_ex_cave_a_placed_by_a_climbing_unit_at_level_1_in_s4() {
    // "(or Placed by a Climbing unit at Level 1 in S4; 11.8331)": its Climb counter's arrow at
    // a vertex of cave A's CA Hexside S5-S4, one level above the Level 0 cave. Whether the
    // Climber is in the CA is the caller's to say; the EX allows it, so it is not.
    let s = fixture("g11_6_cliff");
    let a = caves(&s).cave("A").unwrap().clone();
    assert_eq!(a.level, 0);
    let climber = |level: i32, v: &str| Climber {
        level,
        infantry: true,
        pinned: false,
        good_order: true,
        in_ca: false,
        arrow_vertex: s.map.vertex(v).unwrap(),
    };
    for v in ["R4-S4-S5", "S4-S5-T4"] {
        let r = climbing_placement(&plain_map(), &climber(1, v), &a);
        assert!(r.allowed, "{v}: {}", r.reason);
        assert!(
            !climbing_placement(&plain_map(), &climber(2, v), &a).allowed,
            "{v} at 2"
        );
    }
    // Not at a vertex of S5-S4.
    assert!(!climbing_placement(&plain_map(), &climber(1, "S5-T4-T5"), &a).allowed);
}

// --- G11.85 SMOKE ------------------------------------------------------------------------------

#[test]
fn g11_85_ex_a_missed_smoke_round_lands_in_w5_for_cave_b_or_x4_for_cave_c() {
    // The BU Sherman in Z8: TH# 8, +1 BU (the +4 cave TEM is added by the rule), an Original TH
    // DR of 4 (>= 4 but <= the Depletion number) misses and the SMOKE goes to the Base Level of
    // the target cave's Entrance Hex.
    let s = fixture("g11_321_ccss");
    let c = caves(&s);
    for (id, lands) in [("B", "W5"), ("C", "X4")] {
        let shot = |dr: u32| {
            ordnance_smoke_in_cave(&OrdnanceSmoke {
                th_number: 8,
                other_drm: 1,
                original_dr: dr,
                depletion: 8,
                has_los: sees(&s, "Z8", id),
                infantry_target_type: true,
            })
        };
        assert_eq!(shot(3).outcome, SmokeOutcome::InCave, "cave {id}");
        let miss = shot(4);
        assert_eq!(miss.outcome, SmokeOutcome::EntranceBaseLevel, "cave {id}");
        assert!(!miss.wp_nmc_possible);
        let k = c.cave(id).unwrap();
        assert_eq!(s.map.name(k.entrance), lands, "cave {id}");
        assert!(!k.in_depression, "the Entrance Hex is not the cave's own");
    }
}

/// The CCSS walked to the Allied AFPh after us1 in W5 Searched W4 (revealing caves B and C and
/// their occupants, G11.33), with Japanese squads in caves B and C and above ground in W4.
fn ccss_afph() -> bevy::app::App {
    let text = include_str!("../scenarios/g11_321_ccss.ron")
        .replace(
            "units: [",
            "attacker: Some(Allied),\n    units: [\n\
             (id: \"jpB\", nationality: Japanese, counter: \"4-4-7\", at: \"cave:B\"),\n\
             (id: \"jpW\", nationality: Japanese, counter: \"4-4-7\", at: \"W4\"),\n",
        )
        .replace(
            "    ],\n)",
            "    ],\n    script: [(phase: Movement, act: Search(\"us1\", \"W4\")), (phase: AdvancingFire)],\n)",
        );
    let mut app = crate::common::app(crate::common::from_text(&text), 1);
    crate::common::run_to(&mut app, 2);
    app
}

#[test]
fn g11_81_ex_a_squad_in_x5_firing_into_w4_affects_neither_caves_occupants_unless_predesignated() {
    use asl_pto::los::Location;
    use asl_pto::rules::orders::fire::fire;
    use asl_pto::sim::{Board, live::situation};
    let mut app = ccss_afph();
    let board = app.world().resource::<Board>().clone();
    let s = situation(app.world_mut(), &board);
    let us2 = ["us2".to_string()];
    // Into W4 without predesignating a cave: only W4's above-ground Location (its Level 2
    // ground), not the occupants of caves B or C.
    let w4 = fire(&s, &us2, &s.map.hex("W4").map(Location::Ground).unwrap()).unwrap();
    assert_eq!(w4.targets, ["jpW"], "{w4:?}");
    assert_eq!(w4.cave, None);
    // At cave B, predesignated: only B's occupants, neither cave C's (jp2) nor W4's Location.
    let b = fire(&s, &us2, &Location::Cave("B".into())).unwrap();
    assert_eq!(b.targets, ["jpB"], "{b:?}");
    assert!(
        b.cave
            .as_ref()
            .is_some_and(|c| c.holds && c.rule == "G11.81"),
        "{b:?}"
    );
}
