//! G11.8-G11.97: attacks on caves (`rules::caves::attack`). One test per rule and per EX number
//! the seed gives; each test is named for its rule or EX. The G11.6 illustrations are the
//! `g11_6_cliff` scenario: caves A (Level 0), G (Level 1), M (Level 2) in the Level 3 cliff hex
//! S5 (Entrance Hexes S4, T4, T5 at Level 0), and caves J, K, L IN the gully hex H5.

use asl_pto::hex::{Hexside, Vertex};
use asl_pto::rules::caves::attack::*;
use asl_pto::rules::caves::{Cave, CaveSystem};
use asl_pto::scenario::Scenario;

use crate::common::{fixture as scenario, plain_map};

fn cliff() -> (Scenario, CaveSystem) {
    let s = scenario("g11_6_cliff");
    let (c, problems) = s.cave_system();
    assert!(problems.is_empty(), "{problems:?}");
    (s, c)
}

fn side(t: &str) -> Hexside {
    Hexside::parse(t).unwrap()
}

fn vertex(t: &str) -> Vertex {
    Vertex::parse(t).unwrap()
}

fn cave<'a>(c: &'a CaveSystem, id: &str) -> &'a Cave {
    c.cave(id).unwrap_or_else(|| panic!("no cave {id}"))
}

/// A Good Order, unpinned, non-Climbing Infantry Thrower adjacent to the cave with a LOS.
fn thrower(level: i32) -> Thrower {
    Thrower {
        level,
        infantry: true,
        good_order: true,
        adjacent: true,
        has_los: true,
        ..Thrower::default()
    }
}

// --- G11.8 TEM -------------------------------------------------------------------------------

#[test]
fn g11_8_cave_tem_is_plus_four() {
    for k in [
        AttackKind::Direct,
        AttackKind::FlameThrower,
        AttackKind::Canister,
        AttackKind::AerialBomb,
    ] {
        let t = cave_tem(k);
        assert_eq!(t.drm, 4, "{k:?}");
        assert_eq!(t.rule, "G11.8");
    }
}

#[test]
fn g11_8_play_aid_tem_is_plus_six_vs_oba_and_area_target_type() {
    for k in [AttackKind::Oba, AttackKind::AreaTargetType] {
        let t = cave_tem(k);
        assert_eq!(t.drm, 6, "{k:?}");
        assert_eq!(t.rule, "G11.8 (play-aid)");
    }
}

#[test]
fn g11_8_dc_exceptions_placed_thrown_set_ignore_the_tem() {
    for d in [DcDelivery::Placed, DcDelivery::Thrown, DcDelivery::Set] {
        assert_eq!(cave_tem(AttackKind::Dc(d)).drm, 0, "{d:?}");
    }
    // The DC that fell after a failed Throw attacks the cave with its +4 TEM.
    assert_eq!(cave_tem(AttackKind::Dc(DcDelivery::Fallen)).drm, 4);
}

#[test]
fn g11_8_play_aid_placed_dc_minus_four_without_unconcealed_good_order_japanese() {
    assert_eq!(dc_attack_drm(DcDelivery::Placed, true).drm, 0);
    let d = dc_attack_drm(DcDelivery::Placed, false);
    assert_eq!(d.drm, -4);
    assert!(d.reason.contains("reversed"), "{}", d.reason);
    // A successful Throw has no DRM of any kind, defended or not (G11.833 result a).
    assert_eq!(dc_attack_drm(DcDelivery::Thrown, false).drm, 0);
}

#[test]
fn g11_8_play_aid_fire_out_of_an_overstacked_cave_is_area_fire() {
    assert!(fire_from_overstacked_cave(true).holds);
    assert!(!fire_from_overstacked_cave(false).holds);
}

// --- G11.81-G11.812 ---------------------------------------------------------------------------

#[test]
fn g11_81_only_a_known_non_hidden_cave_can_be_predesignated() {
    assert!(predesignate(true, false).allowed);
    assert!(!predesignate(false, false).allowed);
    let r = predesignate(true, true);
    assert!(!r.allowed);
    assert!(r.reason.contains("hidden"), "{}", r.reason);
}

#[test]
fn g11_81_ex_squad_in_x5_into_w4_affects_cave_b_only_if_predesignated() {
    let mut a = CaveAttack {
        kind: AttackKind::Direct,
        hidden: false,
        predesignated: false,
        ca: side("W4-W5"),
        entered_across: None,
    };
    // Without predesignation it attacks only W4's Level 2 Location.
    assert!(!attack_affects_cave(&plain_map(), &a).allowed);
    a.predesignated = true;
    let r = attack_affects_cave(&plain_map(), &a);
    assert!(r.allowed);
    assert_eq!(r.rule, "G11.81");
}

#[test]
fn g11_81_exceptions_need_no_predesignation() {
    for k in [
        AttackKind::AreaTargetType,
        AttackKind::Oba,
        AttackKind::AerialBomb,
        AttackKind::ResidualFp,
        AttackKind::Bombardment,
    ] {
        assert!(!needs_predesignation(k).holds, "{k:?}");
    }
    for k in [
        AttackKind::Direct,
        AttackKind::FlameThrower,
        AttackKind::Canister,
    ] {
        assert!(needs_predesignation(k).holds, "{k:?}");
    }
}

#[test]
fn g11_81_play_aid_a_hidden_cave_is_affected_only_by_bombardment() {
    for k in [
        AttackKind::Direct,
        AttackKind::Oba,
        AttackKind::AreaTargetType,
        AttackKind::AerialBomb,
    ] {
        let a = CaveAttack {
            kind: k,
            hidden: true,
            predesignated: true,
            ca: side("S5-T4"),
            entered_across: Some(side("S5-T4")),
        };
        assert!(!attack_affects_cave(&plain_map(), &a).allowed, "{k:?}");
    }
    let a = CaveAttack {
        kind: AttackKind::Bombardment,
        hidden: true,
        predesignated: false,
        ca: side("S5-T4"),
        entered_across: None,
    };
    assert!(attack_affects_cave(&plain_map(), &a).allowed);
}

fn spray_cave(c: &CaveSystem, id: &str) -> SprayLocation {
    let k = cave(c, id);
    SprayLocation::Cave {
        id: id.into(),
        level: k.level,
        ca: k.ca,
        predesignated: true,
    }
}

fn spray_other(name: &str, level: i32) -> SprayLocation {
    SprayLocation::Other {
        name: name.into(),
        level,
    }
}

#[test]
fn g11_811_ex_gun_in_u5_sprays_caves_g_and_m() {
    let (_, c) = cliff();
    let r = spraying_fire(&plain_map(), &[spray_cave(&c, "G"), spray_cave(&c, "M")]);
    assert!(r.allowed, "{}", r.reason);
    assert!(r.reason.contains("S5-T4-T5"), "{}", r.reason);
}

#[test]
fn g11_811_ex_cave_g_and_climbers_in_t4_at_levels_0_1_2() {
    let (_, c) = cliff();
    for level in 0..=2 {
        let r = spraying_fire(
            &plain_map(),
            &[spray_cave(&c, "G"), spray_other("T4 Climbers", level)],
        );
        assert!(r.allowed, "Level {level}: {}", r.reason);
    }
    // And vs cave G and T4 itself (Level 0, excluding all Climbers).
    assert!(spraying_fire(&plain_map(), &[spray_cave(&c, "G"), spray_other("T4", 0)]).allowed);
}

#[test]
fn g11_811_ex_cave_m_and_s5_level_3_but_not_cave_g_and_s5_level_3() {
    let (_, c) = cliff();
    assert!(
        spraying_fire(
            &plain_map(),
            &[spray_cave(&c, "M"), spray_other("S5 Level 3", 3)]
        )
        .allowed
    );
    let r = spraying_fire(
        &plain_map(),
        &[spray_cave(&c, "G"), spray_other("S5 Level 3", 3)],
    );
    assert!(!r.allowed);
    assert!(r.reason.contains("within one level"), "{}", r.reason);
}

#[test]
fn g11_811_ex_cave_m_and_climbers_in_t5_at_levels_1_2_3() {
    let (_, c) = cliff();
    for level in 1..=3 {
        assert!(
            spraying_fire(
                &plain_map(),
                &[spray_cave(&c, "M"), spray_other("T5 Climbers", level)]
            )
            .allowed,
            "Level {level}"
        );
    }
    assert!(!spraying_fire(&plain_map(), &[spray_cave(&c, "M"), spray_other("T5", 0)]).allowed);
}

#[test]
fn g11_811_caves_a_and_m_are_two_levels_apart() {
    let (_, c) = cliff();
    assert!(!spraying_fire(&plain_map(), &[spray_cave(&c, "A"), spray_cave(&c, "M")]).allowed);
    // A and G: one level apart, sharing vertex S4-S5-T4.
    assert!(spraying_fire(&plain_map(), &[spray_cave(&c, "A"), spray_cave(&c, "G")]).allowed);
}

#[test]
fn g11_811_caves_in_h5_must_share_a_ca_hexside_vertex() {
    let (_, c) = cliff();
    // J (H5-H4) and K (H5-G5) share G5-H4-H5; K and L (H5-G6) share G5-G6-H5; J and L none.
    assert!(spraying_fire(&plain_map(), &[spray_cave(&c, "J"), spray_cave(&c, "K")]).allowed);
    assert!(spraying_fire(&plain_map(), &[spray_cave(&c, "K"), spray_cave(&c, "L")]).allowed);
    let r = spraying_fire(&plain_map(), &[spray_cave(&c, "J"), spray_cave(&c, "L")]);
    assert!(!r.allowed);
    assert!(r.reason.contains("no CA Hexside vertex"), "{}", r.reason);
}

#[test]
fn g11_811_cave_and_non_cave_mixing_restrictions() {
    let (_, c) = cliff();
    // Two caves and a non-cave Location.
    let r = spraying_fire(
        &plain_map(),
        &[
            spray_cave(&c, "G"),
            spray_cave(&c, "M"),
            spray_other("T4", 0),
        ],
    );
    assert!(!r.allowed);
    // A cave with two non-cave Locations.
    let r = spraying_fire(
        &plain_map(),
        &[
            spray_cave(&c, "G"),
            spray_other("T4", 0),
            spray_other("T4 Climbers", 1),
        ],
    );
    assert!(!r.allowed);
    assert!(r.reason.contains("two non-cave"), "{}", r.reason);
    // Two non-cave Locations alone: the normal rules.
    assert!(spraying_fire(&plain_map(), &[spray_other("T4", 0), spray_other("T5", 0)]).allowed);
}

#[test]
fn g11_811_a_cave_not_predesignated_cannot_be_sprayed() {
    let (_, c) = cliff();
    let mut m = spray_cave(&c, "M");
    if let SprayLocation::Cave { predesignated, .. } = &mut m {
        *predesignated = false;
    }
    assert!(!spraying_fire(&plain_map(), &[spray_cave(&c, "G"), m]).allowed);
}

#[test]
fn g11_812_play_aid_concealment_in_a_cave_gives_no_fp_or_th_penalty() {
    let r = concealment_penalty_vs_cave(true);
    assert!(!r.holds);
    assert!(r.reason.contains("neither halves"), "{}", r.reason);
}

// --- G11.82-G11.832 ---------------------------------------------------------------------------

#[test]
fn g11_82_residual_fp_only_in_a_predesignated_cave() {
    assert!(residual_fp_in_cave(true).allowed);
    assert!(!residual_fp_in_cave(false).allowed);
    let a = CaveAttack {
        kind: AttackKind::ResidualFp,
        hidden: false,
        predesignated: false,
        ca: side("S5-T4"),
        entered_across: None,
    };
    assert!(!attack_affects_cave(&plain_map(), &a).allowed);
}

#[test]
fn g11_82_ex_four_residual_fp_in_cave_g_make_a_two_fp_snap_shot() {
    assert_eq!(residual_snap_shot(4, true).fp, Some(2));
}

#[test]
fn g11_82_ex_two_residual_fp_in_cave_g_make_a_one_fp_snap_shot() {
    assert_eq!(residual_snap_shot(2, true).fp, Some(1));
}

#[test]
fn g11_82_ex_six_residual_fp_in_cave_k_make_a_two_fp_snap_shot_but_not_vs_bypass() {
    assert_eq!(residual_snap_shot(6, true).fp, Some(2));
    // A unit in G5 Bypassing to vertex G5-H5-G6 does not cross the CA Hexside.
    assert_eq!(residual_snap_shot(6, false).fp, None);
}

#[test]
fn g11_821_fire_lane_originates_in_but_never_enters_a_cave() {
    assert!(fire_lane(false).allowed);
    assert!(!fire_lane(true).allowed);
}

#[test]
fn g11_831_area_target_type_only_across_the_ca_hexside() {
    let ca = side("S5-T4");
    assert!(area_target_type(&plain_map(), false, ca, Some(side("T4-S5"))).allowed);
    assert!(!area_target_type(&plain_map(), false, ca, Some(side("S5-T5"))).allowed);
    assert!(!area_target_type(&plain_map(), false, ca, None).allowed);
    assert!(!area_target_type(&plain_map(), true, ca, Some(ca)).allowed);
}

#[test]
fn g11_832_play_aid_acquisition_vs_a_known_cave_needs_infantry_target_type() {
    assert!(acquisition_vs_cave(true, true).allowed);
    assert!(!acquisition_vs_cave(false, true).allowed);
    assert!(!acquisition_vs_cave(true, false).allowed);
}

// --- G11.833 DC -------------------------------------------------------------------------------

#[test]
fn g11_833_placed_dc_costs_two_mf_plus_smoke_mf() {
    let mut u = thrower(0);
    u.adjacent_g11_6 = true;
    let p = dc_placement(&u, 0);
    assert!(p.ruling.allowed, "{}", p.ruling.reason);
    assert_eq!(p.mf, Some(2));
    assert_eq!(dc_placement(&u, 1).mf, Some(3));
}

#[test]
fn g11_833_placed_dc_needs_unpinned_good_order_non_climbing_infantry_adjacent() {
    let mut ok = thrower(0);
    ok.adjacent_g11_6 = true;
    let breaks: [fn(&mut Thrower); 5] = [
        |u| u.pinned = true,
        |u| u.good_order = false,
        |u| u.climbing = true,
        |u| u.infantry = false,
        |u| u.adjacent_g11_6 = false,
    ];
    for (i, b) in breaks.iter().enumerate() {
        let mut u = ok.clone();
        b(&mut u);
        let p = dc_placement(&u, 0);
        assert!(!p.ruling.allowed, "case {i}");
        assert_eq!(p.mf, None);
    }
}

#[test]
fn g11_833_thrower_must_be_adjacent_unpinned_good_order_non_climbing_with_los() {
    let ok = thrower(0);
    assert!(dc_throw(&ok, 1).allowed);
    let breaks: [fn(&mut Thrower); 5] = [
        |u| u.adjacent = false,
        |u| u.pinned = true,
        |u| u.good_order = false,
        |u| u.climbing = true,
        |u| u.has_los = false,
    ];
    for (i, b) in breaks.iter().enumerate() {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!dc_throw(&u, 1).allowed, "case {i}");
    }
}

#[test]
fn g11_833_ex_cave_m_cannot_be_thrown_into_from_level_0_in_t5() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    assert_eq!(m.level, 2);
    let r = dc_throw(&thrower(0), m.level);
    assert!(!r.allowed);
    assert!(
        r.reason.contains("more than one level lower"),
        "{}",
        r.reason
    );
}

#[test]
fn g11_833_ex_cave_g_thrown_from_level_0_in_t4_but_not_placed() {
    let (s, c) = cliff();
    let g = cave(&c, "G");
    let t4 = s.map.hex("T4").unwrap();
    // A Level 0 unit in T4 is not ADJACENT to Upper-Cliff cave G: no Placement from there.
    let mut u = thrower(0);
    u.adjacent_g11_6 = c.adjacent(&s.map, "G", t4, 0, None);
    assert!(!u.adjacent_g11_6);
    assert!(!dc_placement(&u, 0).ruling.allowed);
    // But it may Throw: one level lower, adjacent, with a LOS.
    assert!(dc_throw(&u, g.level).allowed);
}

#[test]
fn g11_833_ex_cave_a_placed_or_thrown_from_level_0_in_s4() {
    let (s, c) = cliff();
    let s4 = s.map.hex("S4").unwrap();
    let mut u = thrower(0);
    u.adjacent_g11_6 = c.adjacent(&s.map, "A", s4, 0, None);
    assert!(u.adjacent_g11_6);
    assert!(dc_placement(&u, 0).ruling.allowed);
    assert!(dc_throw(&u, cave(&c, "A").level).allowed);
}

#[test]
fn g11_833_ex_cave_k_thrown_dc_from_h5_gets_minus_one_adjacent() {
    let (s, c) = cliff();
    let k = cave(&c, "K");
    let h5 = s.map.hex("H5").unwrap();
    let mut u = thrower(k.level);
    u.adjacent_g11_6 = c.adjacent(&s.map, "K", h5, k.level, None);
    assert!(u.adjacent_g11_6);
    let d = thrown_dc_drm(&u, k.level);
    assert!(
        d.items.iter().any(|i| i.drm == -1 && i.rule == "G11.6"),
        "{d:?}"
    );
    // The non-Fanatic squad gets no Heroic/Fanatic drm; the cave (at the squad's own level)
    // also gives +1 as the drm table reads, for a net 0.
    assert!(!d.items.iter().any(|i| i.reason.contains("Fanatic")));
    assert_eq!(d.total, 0);
    // A Fanatic one gets a further -1.
    u.heroic_or_fanatic = true;
    assert_eq!(thrown_dc_drm(&u, k.level).total, -1);
}

#[test]
fn g11_833_thrown_dc_drm_cave_level_and_moving() {
    let u = thrower(1);
    assert_eq!(thrown_dc_drm(&u, 0).total, 0, "cave below the Thrower");
    assert_eq!(thrown_dc_drm(&u, 1).total, 1, "cave at the Thrower's level");
    let mut m = u.clone();
    m.in_moving = true;
    assert_eq!(thrown_dc_drm(&m, 2).total, 2);
}

#[test]
fn g11_833_thrown_dc_final_dr_three_succeeds_four_fails() {
    let none = DrmTotal::default();
    assert!(thrown_dc_dr(3, &none).success);
    assert!(!thrown_dc_dr(4, &none).success);
    let plus_one = thrown_dc_drm(&thrower(0), 0);
    assert_eq!(plus_one.total, 1);
    let r = thrown_dc_dr(3, &plus_one);
    assert_eq!(r.final_dr, 4);
    assert!(!r.success);
}

#[test]
fn g11_833_ex_successful_throw_attacks_cave_k_with_30_fp_and_0_drm_only() {
    let a = thrown_dc_success_attack();
    assert_eq!(a.target, DcTarget::Cave);
    assert_eq!(a.fp, 30);
    assert_eq!(a.drm, 0);
    assert!(a.reason.contains("no attack vs the Thrower's Location"));
}

#[test]
fn g11_833_ex_failed_throw_attacks_cave_k_at_plus_six_and_thrower_at_plus_three() {
    let (s, c) = cliff();
    let k = cave(&c, "K");
    let h5 = s.map.get(k.entrance).unwrap();
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: k.level,
        entrance_base_level: h5.level,
        thrower_in_entrance_hex: true,
        entrance_tem: 0,
        thrower_tem: 0,
    });
    assert!(f.cave.allowed, "{}", f.cave.reason);
    let drms: Vec<(DcTarget, u32, i32)> = f
        .attacks
        .iter()
        .map(|a| (a.target.clone(), a.fp, a.drm))
        .collect();
    assert_eq!(
        drms,
        [
            (DcTarget::Cave, 30, 6),
            (DcTarget::EntranceHex { thrower_here: true }, 30, 3),
        ]
    );
}

#[test]
fn g11_833_ex_failed_throw_into_cave_g_attacks_t4_but_not_cave_g() {
    let (s, c) = cliff();
    let g = cave(&c, "G");
    let t4 = s.map.get(g.entrance).unwrap();
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: g.level,
        entrance_base_level: t4.level,
        thrower_in_entrance_hex: true,
        entrance_tem: 0,
        thrower_tem: 0,
    });
    assert!(!f.cave.allowed);
    assert!(f.cave.reason.contains("NA"), "{}", f.cave.reason);
    assert_eq!(f.attacks.len(), 1);
    assert_eq!(
        f.attacks[0].target,
        DcTarget::EntranceHex { thrower_here: true }
    );
    assert_eq!(f.attacks[0].drm, 3);
}

#[test]
fn g11_833_failed_throw_from_outside_the_entrance_hex_attacks_both_hexes() {
    let f = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: 1,
        entrance_base_level: 1,
        thrower_in_entrance_hex: false,
        entrance_tem: 1,
        thrower_tem: 2,
    });
    let drms: Vec<(DcTarget, i32)> = f
        .attacks
        .iter()
        .map(|a| (a.target.clone(), a.drm))
        .collect();
    assert_eq!(
        drms,
        [
            (DcTarget::Cave, 6),
            (
                DcTarget::EntranceHex {
                    thrower_here: false
                },
                1
            ),
            (DcTarget::ThrowerLocation, 5),
        ]
    );
}

// --- G11.8331 Climbing ------------------------------------------------------------------------

fn climber(level: i32, arrow: &str) -> Climber {
    Climber {
        level,
        infantry: true,
        pinned: false,
        good_order: true,
        in_ca: false,
        arrow_vertex: vertex(arrow),
    }
}

#[test]
fn g11_8331_ex_level_2_climber_in_v4_places_into_cave_d() {
    let (c, _) = scenario("g11_321_ccss").cave_system();
    let d = cave(&c, "D");
    assert_eq!(d.ca, side("V4-W5"));
    assert_eq!(d.level, 1);
    // Either vertex of hexside V4-W5 (the Placing unit's choice).
    for v in d.ca.vertices() {
        let mut u = climber(2, "V4-W5-W4");
        u.arrow_vertex = v;
        let r = climbing_placement(&plain_map(), &u, d);
        assert!(r.allowed, "{v}: {}", r.reason);
    }
    // Not a vertex of the CA Hexside.
    assert!(!climbing_placement(&plain_map(), &climber(2, "U4-V4-V3"), d).allowed);
}

#[test]
fn g11_8331_placement_only_one_level_above_by_unpinned_good_order_infantry_outside_the_ca() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    let ok = climber(3, "S5-T4-T5");
    assert!(climbing_placement(&plain_map(), &ok, m).allowed);
    let r = climbing_placement(&plain_map(), &climber(4, "S5-T4-T5"), m);
    assert!(!r.allowed);
    assert!(r.reason.contains("not one level above"), "{}", r.reason);
    assert!(!climbing_placement(&plain_map(), &climber(2, "S5-T4-T5"), m).allowed);
    for b in [
        (|u: &mut Climber| u.pinned = true) as fn(&mut Climber),
        |u| u.good_order = false,
        |u| u.infantry = false,
        |u| u.in_ca = true,
    ] {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!climbing_placement(&plain_map(), &u, m).allowed);
    }
}

#[test]
fn g11_8331_ex_level_3_climber_in_t5_places_into_cave_m_with_no_falling_dr() {
    let (_, c) = cliff();
    let m = cave(&c, "M");
    assert!(climbing_placement(&plain_map(), &climber(3, "S5-T5-S6"), m).allowed);
    // A real cliff, but the squad does not change level.
    assert!(!climbing_falling_dr(true, false).holds);
    assert!(climbing_falling_dr(true, true).holds);
    assert!(!climbing_falling_dr(false, true).holds);
}

#[test]
fn g11_8331_ex_cave_g_placed_only_by_a_level_2_climber_in_t4() {
    let (_, c) = cliff();
    let g = cave(&c, "G");
    assert!(climbing_placement(&plain_map(), &climber(2, "S4-S5-T4"), g).allowed);
    assert!(!climbing_placement(&plain_map(), &climber(1, "S4-S5-T4"), g).allowed);
}

#[test]
fn g11_8331_depression_cave_uses_the_hexside_its_arrow_points_away_from() {
    let (_, c) = cliff();
    let k = cave(&c, "K");
    assert!(k.in_depression);
    // K's arrow points to G5 (up-left of H5); it points away from H5-I6.
    let back = climbing_placement_vertices(k);
    for v in back {
        assert!(v.touches(k.hex) && v.touches(side("H5-I6").b));
    }
    assert!(climbing_placement(&plain_map(), &climber(k.level + 1, "H5-I5-I6"), k).allowed);
    assert!(!climbing_placement(&plain_map(), &climber(k.level + 1, "G5-H4-H5"), k).allowed);
}

#[test]
fn g11_8331_unsuccessful_placement_dr_eliminates_the_dc_without_detonating() {
    let none = DrmTotal::default();
    let ok = climbing_placement_dr(3, &none);
    assert!(ok.success);
    assert!(ok.reason.contains("Placed"));
    let bad = climbing_placement_dr(4, &none);
    assert!(!bad.success);
    assert_eq!(bad.rule, "G11.8331");
    assert!(bad.reason.contains("eliminated without detonating"));
}

// --- G11.8332 Set DC --------------------------------------------------------------------------

#[test]
fn g11_8332_set_dc_takes_the_entire_mph_adjacent() {
    let ok = SetDcUnit {
        allied: true,
        spends_entire_mph: true,
        adjacent_g11_6: true,
        ca_hexside_is_crest: false,
        at_ca_vertex: false,
    };
    assert!(set_dc(&ok).allowed);
    for b in [
        (|u: &mut SetDcUnit| u.allied = false) as fn(&mut SetDcUnit),
        |u| u.spends_entire_mph = false,
        |u| u.adjacent_g11_6 = false,
    ] {
        let mut u = ok.clone();
        b(&mut u);
        assert!(!set_dc(&u).allowed);
    }
}

#[test]
fn g11_8332_ex_cave_g_from_w10_only_at_a_vertex_of_the_crest_hexside() {
    let mut u = SetDcUnit {
        allied: true,
        spends_entire_mph: true,
        adjacent_g11_6: true,
        ca_hexside_is_crest: true,
        at_ca_vertex: false,
    };
    assert!(!set_dc(&u).allowed);
    u.at_ca_vertex = true;
    assert!(set_dc(&u).allowed);
}

#[test]
fn g11_8332_ex_set_dc_without_known_good_order_japanese_mmc_is_minus_seven() {
    let d = set_dc_drm(false);
    assert_eq!(d.drm, -7);
    assert_eq!(d.rule, "G11.8332");
    assert_ne!(set_dc_drm(true).drm, -7);
}

// --- G11.834-G11.836 --------------------------------------------------------------------------

#[test]
fn g11_834_ft_in_a_non_depression_hex_also_attacks_accessible_caves_quartered() {
    let (_, c) = cliff();
    let acc = c.accessible_caves("G");
    assert_eq!(acc, ["A", "M"]);
    let acc: Vec<&str> = acc.iter().map(String::as_str).collect();
    let a = ft_vs_cave(24, "G", cave(&c, "G").in_depression, &acc);
    let got: Vec<(&str, f64)> = a.iter().map(|x| (x.cave.as_str(), x.fp)).collect();
    assert_eq!(got, [("G", 24.0), ("A", 6.0), ("M", 6.0)]);
    assert!(a.iter().all(|x| x.same_original_dr));
}

#[test]
fn g11_834_ft_in_a_depression_hex_attacks_only_its_target() {
    let (_, c) = cliff();
    let k = cave(&c, "K");
    let acc = c.accessible_caves("K");
    assert_eq!(acc, ["J", "L"]);
    let acc: Vec<&str> = acc.iter().map(String::as_str).collect();
    let a = ft_vs_cave(24, "K", k.in_depression, &acc);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].cave, "K");
}

#[test]
fn g11_835_scw_desperation_penalty_from_a_cave() {
    assert!(!scw_desperation(Scw::Piat, true, false, false).holds);
    assert!(!scw_desperation(Scw::Piat, false, false, false).holds);
    assert!(scw_desperation(Scw::Other, false, false, false).holds);
    assert!(!scw_desperation(Scw::Other, false, true, false).holds);
    assert!(!scw_desperation(Scw::Other, false, false, true).holds);
    // Upper-Cliff: always, even with Opportunity Fire or Case C3.
    assert!(scw_desperation(Scw::Other, true, true, true).holds);
}

#[test]
fn g11_835_play_aid_heat_may_be_fired_at_infantry_or_a_gun_in_a_cave() {
    assert!(heat_vs_cave(CaveOccupant::Infantry).allowed);
    let r = heat_vs_cave(CaveOccupant::Gun);
    assert!(r.allowed);
    assert!(r.reason.contains("Gun"));
}

#[test]
fn g11_836_canister_fp_is_halved_vs_a_cave() {
    assert_eq!(canister_fp_vs_cave(12).fp, 6.0);
    assert_eq!(canister_fp_vs_cave(5).fp, 2.5);
}

#[test]
fn g11_836_canister_affects_predesignated_in_los_caves_and_nearby_above_ground_locations() {
    let cave = |p, l| CanisterLocation::Cave {
        predesignated: p,
        in_los: l,
    };
    assert!(canister_affects(&cave(true, true)).allowed);
    assert!(!canister_affects(&cave(false, true)).allowed);
    assert!(!canister_affects(&cave(true, false)).allowed);
    let above = |level| CanisterLocation::AboveGround {
        level,
        attacked_cave_levels: vec![1],
    };
    assert!(canister_affects(&above(2)).allowed);
    assert!(canister_affects(&above(0)).allowed);
    assert!(!canister_affects(&above(3)).allowed);
}

// --- G11.84-G11.841 ---------------------------------------------------------------------------

#[test]
fn g11_84_oba_affects_a_cave_only_across_its_ca_hexside() {
    let ca = side("W9-W10");
    let r = oba_vs_cave(&plain_map(), false, ca, Some(side("W10-W9")));
    assert!(r.allowed, "{}", r.reason);
    assert!(!oba_vs_cave(&plain_map(), false, ca, Some(side("W9-X9"))).allowed);
    assert!(!oba_vs_cave(&plain_map(), false, ca, None).allowed);
    assert!(!oba_vs_cave(&plain_map(), true, ca, Some(ca)).allowed);
}

#[test]
fn g11_841_cave_nmc_at_morale_11() {
    let pass = bombardment_nmc(11, false);
    assert!(pass.passed && !pass.eliminated);
    let fail = bombardment_nmc(12, false);
    assert!(!fail.passed && fail.eliminated && !fail.secret);
    let hidden = bombardment_nmc(12, true);
    assert!(hidden.eliminated && hidden.secret);
    assert!(!bombardment_nmc(2, true).secret);
}

// --- G11.85-G11.851 SMOKE, WP -----------------------------------------------------------------

#[test]
fn g11_85_ex_plus_three_smoke_in_a_cave_blocks_outgoing_los() {
    let r = cave_smoke_outgoing(3, 0);
    assert_eq!(r.drm, 6);
    assert!(r.blocked);
    // Dispersed (+2): +4, not blocked alone, blocked with +2 more hindrance.
    assert!(!cave_smoke_outgoing(2, 0).blocked);
    assert!(cave_smoke_outgoing(2, 2).blocked);
}

#[test]
fn g11_85_smoke_grenades_from_above_ground_need_a_thrown_dc_dr_of_3() {
    let from = SmokePlacer::AboveGround {
        could_throw_dc: true,
    };
    assert_eq!(smoke_grenade_in_cave(from, 3).outcome, SmokeOutcome::InCave);
    let miss = smoke_grenade_in_cave(from, 4);
    assert_eq!(miss.outcome, SmokeOutcome::EntranceBaseLevel);
    assert!(!miss.wp_nmc_possible);
    let nowhere = SmokePlacer::AboveGround {
        could_throw_dc: false,
    };
    assert_eq!(
        smoke_grenade_in_cave(nowhere, 1).outcome,
        SmokeOutcome::None
    );
    assert_eq!(
        smoke_grenade_in_cave(SmokePlacer::InCave, 6).outcome,
        SmokeOutcome::InCave
    );
}

fn sherman(original_dr: u32) -> OrdnanceSmoke {
    // Basic (and Modified) TH# 8; +1 BU; a Depletion number of 7 for the sake of the test.
    OrdnanceSmoke {
        th_number: 8,
        other_drm: 1,
        original_dr,
        depletion: 7,
        has_los: true,
        infantry_target_type: true,
    }
}

#[test]
fn g11_85_ex_sherman_smoke_into_cave_b_hits_on_an_original_2_or_3() {
    for dr in [2, 3] {
        let r = ordnance_smoke_in_cave(&sherman(dr));
        assert_eq!(r.outcome, SmokeOutcome::InCave, "{dr}: {}", r.reason);
    }
    // >= 4 but <= the Depletion number: in the Entrance Hex (W5 for cave B).
    for dr in 4..=7 {
        let r = ordnance_smoke_in_cave(&sherman(dr));
        assert_eq!(r.outcome, SmokeOutcome::EntranceBaseLevel, "{dr}");
        assert!(!r.wp_nmc_possible);
    }
    assert_eq!(
        ordnance_smoke_in_cave(&sherman(8)).outcome,
        SmokeOutcome::None
    );
    let mut no_los = sherman(2);
    no_los.has_los = false;
    assert_eq!(ordnance_smoke_in_cave(&no_los).outcome, SmokeOutcome::None);
    let mut area = sherman(2);
    area.infantry_target_type = false;
    assert_eq!(ordnance_smoke_in_cave(&area).outcome, SmokeOutcome::None);
}

#[test]
fn g11_85_smoke_in_a_cave_is_not_in_the_rest_of_its_hex() {
    assert!(smoke_exists_at(Some("B"), Some("B")).holds);
    assert!(!smoke_exists_at(Some("B"), Some("C")).holds);
    assert!(!smoke_exists_at(Some("B"), None).holds);
    assert!(!smoke_exists_at(None, Some("B")).holds);
}

#[test]
fn g11_85_smoke_in_a_cave_is_removed_at_the_end_of_the_player_turn_placed() {
    assert!(cave_smoke_removed(3, 3).holds);
    assert!(!cave_smoke_removed(3, 2).holds);
}

#[test]
fn g11_85_play_aid_wp_in_a_cave_is_a_ch_with_the_tem_reversed() {
    assert_eq!(wp_in_cave(AttackKind::Direct).drm, -4);
    assert_eq!(wp_in_cave(AttackKind::AreaTargetType).drm, -6);
}

fn cliff_nodes() -> Vec<CaveNode> {
    [("A", 0), ("G", 1), ("M", 2), ("J", 0), ("K", 0), ("L", 0)]
        .into_iter()
        .map(|(id, level)| CaveNode {
            id: id.into(),
            level,
            hidden: true,
            complex: None,
        })
        .collect()
}

const CLIFF_ACCESSIBLE: [(&str, &str); 5] =
    [("A", "G"), ("G", "M"), ("J", "K"), ("K", "L"), ("J", "L")];

#[test]
fn g11_851_ex_wp_in_cave_a_reveals_g_and_m() {
    let r = wp_reveals("A", &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["G", "M"]);
}

#[test]
fn g11_851_ex_wp_in_cave_g_reveals_only_m() {
    let r = wp_reveals("G", &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["M"]);
}

#[test]
fn g11_851_ex_wp_in_cave_m_j_k_or_l_reveals_no_other_cave() {
    for id in ["M", "J", "K", "L"] {
        let r = wp_reveals(id, &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
        assert!(r.caves.is_empty(), "{id}: {:?}", r.caves);
    }
}

#[test]
fn g11_851_ex_the_cliff_scenario_gives_the_same_reveals() {
    let (s, c) = cliff();
    let all = ["A", "G", "M", "J", "K", "L"];
    assert_eq!(c.wp_reveals(&s.map, "A", &all).caves, ["G", "M"]);
    assert_eq!(c.wp_reveals(&s.map, "G", &all).caves, ["M"]);
    for id in ["M", "J", "K", "L"] {
        assert!(c.wp_reveals(&s.map, id, &all).caves.is_empty(), "{id}");
    }
}

#[test]
fn g11_851_wp_rises_through_a_revealed_cave_and_lists_only_hidden_ones() {
    let mut nodes = cliff_nodes();
    nodes[1].hidden = false; // G already onboard
    let r = wp_reveals("A", &nodes, &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["M"]);
}

#[test]
fn g11_851_play_aid_complex_caves_and_tunnel_openings_only_if_higher() {
    let node = |id: &str, level| CaveNode {
        id: id.into(),
        level,
        hidden: true,
        complex: Some("A".into()),
    };
    let nodes = [node("C", 1), node("B", 1), node("A", 1), node("D", 2)];
    let openings = [
        TunnelOpening {
            complex: "A".into(),
            at: "X6".into(),
            level: 2,
        },
        TunnelOpening {
            complex: "A".into(),
            at: "T6".into(),
            level: 0,
        },
    ];
    let r = wp_reveals("C", &nodes, &[("B", "C")], &openings);
    assert_eq!(r.caves, ["D"]);
    assert_eq!(r.tunnel_openings, ["X6"]);
}

// --- G11.87-G11.97 ----------------------------------------------------------------------------

#[test]
fn g11_87_no_cc_between_a_cave_and_outside_it() {
    assert!(!close_combat(Some("K"), None).allowed);
    assert!(!close_combat(Some("K"), Some("J")).allowed);
    assert!(close_combat(Some("K"), Some("K")).allowed);
}

fn dc(delivery: DcDelivery, defended: bool, original_kia: bool, final_kia: bool) -> Eliminator {
    Eliminator::Dc {
        delivery,
        unconcealed_good_order_japanese_mmc: defended,
        original_kia,
        final_kia,
    }
}

#[test]
fn g11_88_thrown_or_defended_placed_dc_eliminates_on_an_original_kia() {
    for d in [DcDelivery::Thrown, DcDelivery::Placed] {
        assert!(
            cave_eliminated(&dc(d, true, true, false), true).holds,
            "{d:?}"
        );
        assert!(
            !cave_eliminated(&dc(d, true, false, true), true).holds,
            "{d:?}"
        );
    }
}

#[test]
fn g11_88_set_or_undefended_placed_dc_eliminates_on_a_final_kia() {
    assert_eq!(dc_elimination_dr(DcDelivery::Set, true), WhichDr::Final);
    assert_eq!(dc_elimination_dr(DcDelivery::Placed, false), WhichDr::Final);
    assert_eq!(
        dc_elimination_dr(DcDelivery::Placed, true),
        WhichDr::Original
    );
    assert!(cave_eliminated(&dc(DcDelivery::Set, true, false, true), true).holds);
    assert!(!cave_eliminated(&dc(DcDelivery::Placed, false, true, false), true).holds);
}

#[test]
fn g11_88_he_of_100mm_or_more_eliminates_on_a_ch() {
    let he = |mm, eq, ch| Eliminator::He {
        calibre_mm: mm,
        he_equivalency: eq,
        critical_hit: ch,
    };
    assert!(cave_eliminated(&he(100, false, true), true).holds);
    assert!(!cave_eliminated(&he(100, false, false), true).holds);
    assert!(!cave_eliminated(&he(75, false, true), true).holds);
    assert!(!cave_eliminated(&he(150, true, true), true).holds);
    assert!(!cave_eliminated(&he(150, false, true), false).holds);
    assert!(!cave_eliminated(&Eliminator::Other, true).holds);
}

#[test]
fn g11_94_an_unhidden_undefended_cave_is_controlled_by_an_adjacent_allied_mmc() {
    assert!(allied_control(false, false, true).holds);
    assert!(!allied_control(true, false, true).holds);
    assert!(!allied_control(false, true, true).holds);
    assert!(!allied_control(false, false, false).holds);
}

#[test]
fn g11_96_a_cave_is_illuminated_only_with_its_hex_and_entrance_hex() {
    assert!(cave_illuminated(true, true, true).holds);
    assert!(!cave_illuminated(true, true, false).holds);
    assert!(!cave_illuminated(false, false, true).holds);
    // E1.923/E1.933: a Starshell's or IR's light on the cave's hex reaches no cave.
    let r = cave_illuminated(false, true, true);
    assert!(!r.holds);
    assert!(r.reason.contains("non-subterranean"), "{}", r.reason);
    assert!(!complex_illuminated().holds);
}

#[test]
fn g11_97_battle_hardened_on_a_final_heat_of_battle_dr_of_9() {
    assert!(battle_hardened_in_cave(9).holds);
    assert!(battle_hardened_in_cave(12).holds);
    assert!(!battle_hardened_in_cave(8).holds);
}
