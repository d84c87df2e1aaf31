//! G1.6 Japanese night class (Stealthy and Lax, Banzai), G1.63 Concealment and Search DRM, and
//! G1.631 HIP allowance and night Dummies.

use asl_pto_core::counters::Class;
use asl_pto_core::rules::japanese::NightClass;
use asl_pto_core::rules::japanese::hip::{hip_allowance, night_defender_dummies};
use asl_pto_core::rules::japanese::stealth::{concealment_drm, japanese_night_class, search_drm};

// --- G1.6 / G1.63 / G1.631 ---------------------------------------------------------------------

#[test]
fn g1_6_good_order_elite_and_1st_line_stealthy_conscripts_lax() {
    assert_eq!(
        japanese_night_class(Class::Elite, true, false),
        (NightClass::Stealthy, "G1.6")
    );
    assert_eq!(
        japanese_night_class(Class::FirstLine, true, false).0,
        NightClass::Stealthy
    );
    assert_eq!(
        japanese_night_class(Class::Conscript, true, false),
        (NightClass::Lax, "G1.6")
    );
    // Not Good Order: not Stealthy.
    assert_ne!(
        japanese_night_class(Class::Elite, false, false).0,
        NightClass::Stealthy
    );
}

#[test]
fn g1_6_banzai_charge_makes_all_lax_for_the_player_turn() {
    for class in [Class::Elite, Class::FirstLine, Class::Conscript] {
        assert_eq!(
            japanese_night_class(class, true, true),
            (NightClass::Lax, "G1.6")
        );
    }
}

#[test]
fn g1_63_japanese_concealment_dr_minus_2() {
    assert_eq!(concealment_drm(true).value, -2);
    assert_eq!(concealment_drm(true).rule, "G1.63");
    assert_eq!(concealment_drm(false).value, 0);
}

#[test]
fn g1_63_search_vs_japanese_plus_2_unless_only_building_or_rubble() {
    assert_eq!(search_drm(true, false).value, 2);
    assert_eq!(search_drm(true, true).value, 0);
    assert_eq!(search_drm(false, false).value, 0);
}

#[test]
fn g1_631_ex_ten_squads_two_crews_day_2_night_3() {
    let day = hip_allowance(10, 2, false);
    assert_eq!(day.value, 2);
    assert_eq!(day.rule, "G1.631");
    assert!(
        day.reason.contains("11 MMC squad-equivalents"),
        "{}",
        day.reason
    );
    assert_eq!(hip_allowance(10, 2, true).value, 3);
}

#[test]
fn g1_631_fru_and_half_squad_equivalents() {
    assert_eq!(hip_allowance(10, 0, false).value, 1); // exactly 10%
    assert_eq!(hip_allowance(1, 0, false).value, 1); // 0.1 FRU
    assert_eq!(hip_allowance(0, 0, true).value, 0);
    assert_eq!(hip_allowance(4, 0, true).value, 1); // exactly 25%
    assert_eq!(hip_allowance(4, 1, true).value, 2); // 4.5 x 25% = 1.125 FRU
}

#[test]
fn g1_631_night_scenario_defender_gets_dummies_per_squad_equivalent() {
    assert_eq!(night_defender_dummies(10, 2, true, true).value, 11);
    assert_eq!(night_defender_dummies(10, 2, true, false).value, 0);
    assert_eq!(night_defender_dummies(10, 2, false, true).value, 0);
}
