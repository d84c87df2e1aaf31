//! G11.8-G11.832: firing on a cave. Its +4 TEM and the DC exceptions (G11.8); predesignating a
//! known cave, and what a fire at its hex affects (G11.81); Spraying Fire vs caves and other
//! Locations (G11.811); concealment (G11.812); Residual FP and Snap Shots (G11.82), Fire Lanes
//! (G11.821), Area Target Type (G11.831) and Acquisition (G11.832).

use asl_pto::rules::caves::CaveSystem;
use asl_pto::rules::caves::attack::*;

use super::{cave, cliff, side};
use crate::common::plain_map;

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
