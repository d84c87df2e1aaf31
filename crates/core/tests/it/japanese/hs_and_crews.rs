//! G1.15 (a re-armed squad), G1.16 (Deploying), G1.2 (half-squads breaking normally and
//! Recombining) and G1.3 (infantry- and vehicle-crews: Step Reduction, Casualty MC, ELR).

use asl_pto_core::counters::Class;
use asl_pto_core::rules::japanese::step::{
    Cause, deploy, japanese_mmc_breaks, may_deploy, rearmed_squad, recombine,
};
use asl_pto_core::rules::morale::{break_without_mc, morale_check};

use super::{jap, left};

// --- G1.15, G1.16, G1.2 -------------------------------------------------------------------------

#[test]
fn g1_15_rearmed_squad_is_a_full_strength_conscript() {
    let o = rearmed_squad();
    assert_eq!(left(&o), ["3-3-6"]);
    assert_eq!(jap("3-3-6").class, Class::Conscript);
}

#[test]
fn g1_16_reduced_squad_deploys_into_just_one_hs() {
    assert_eq!(left(&deploy(jap("4-4-8"))), ["2-3-8", "2-3-8"]);
    assert_eq!(left(&deploy(jap("3-4-8"))), ["2-3-8"]);
    assert!(may_deploy(jap("3-4-8")).allowed);
}

#[test]
fn g1_3_no_infantry_crew_may_deploy() {
    let r = may_deploy(jap("2-2-8"));
    assert!(!r.allowed);
    assert_eq!(r.rule, "G1.3");
}

#[test]
fn g1_2_hs_break_normally_and_never_disrupt() {
    let mc = morale_check(9, 0, 8, 3);
    let o = japanese_mmc_breaks(jap("2-3-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-3-8 broken DM"]);
    assert_eq!(o.rule, "G1.2");
    // ELR: the next-lower Class HS, broken.
    let mc = morale_check(11, 0, 8, 3);
    let o = japanese_mmc_breaks(jap("2-3-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-3-7 broken DM"]);
    // A Conscript HS has no lower Class: merely broken, not Disrupted.
    let mc = morale_check(11, 0, 6, 3);
    let o = japanese_mmc_breaks(jap("1-2-6"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-6 broken DM"]);
    // Casualty MC eliminates a HS.
    let mc = morale_check(12, 0, 8, 5);
    assert!(
        japanese_mmc_breaks(jap("2-3-8"), false, Cause::IftMc, &mc)
            .becomes
            .is_empty()
    );
}

#[test]
fn g1_2_two_good_order_same_class_hs_recombine_into_full_strength_squad() {
    let r = recombine(jap("2-3-8"), jap("2-3-8"), true);
    assert!(r.allowed);
    assert_eq!(r.squad.as_deref(), Some("4-4-8"));
    let r = recombine(jap("1-2-6"), jap("1-2-6"), true);
    assert_eq!(r.squad.as_deref(), Some("3-3-6"));
    assert!(!recombine(jap("2-3-8"), jap("2-3-7"), true).allowed);
    assert!(!recombine(jap("2-3-8"), jap("2-3-8"), false).allowed);
    let r = recombine(jap("1-2-7"), jap("1-2-7"), true);
    assert!(!r.allowed);
    assert_eq!(r.rule, "G1.3");
}

// --- G1.3 Crews ---------------------------------------------------------------------------------

#[test]
fn g1_3_ex_228_crew_fails_1mc_flips_to_128() {
    let mc = morale_check(8, 1, 8, 3);
    let o = japanese_mmc_breaks(jap("2-2-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-8"]);
    assert_eq!(o.rule, "G1.3");
}

#[test]
fn g1_3_ex_128_crew_fails_1mc_broken_dm_127_vehicle_crew() {
    let mc = morale_check(8, 1, 8, 3);
    let o = japanese_mmc_breaks(jap("1-2-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-7 broken DM"]);
    assert!(jap("1-2-7").vehicle_crew);
    assert!(jap("1-2-8").is_infantry_crew());
}

#[test]
fn g1_3_ex_crew_casualty_mc_eliminated() {
    let mc = morale_check(12, 0, 8, 5);
    for crew in ["2-2-8", "1-2-8", "1-2-7"] {
        let o = japanese_mmc_breaks(jap(crew), false, Cause::IftMc, &mc);
        assert!(o.becomes.is_empty(), "{crew}: {:?}", o.becomes);
        assert_eq!(o.rule, "G1.14");
    }
}

#[test]
fn g1_3_ex_228_sniper_dr_1_flips_to_128() {
    let o = japanese_mmc_breaks(jap("2-2-8"), false, Cause::SniperDr1, &break_without_mc());
    assert_eq!(left(&o), ["1-2-8"]);
}

#[test]
fn g1_3_ex_128_or_127_sniper_dr_1_broken_dm_127() {
    for crew in ["1-2-8", "1-2-7"] {
        let o = japanese_mmc_breaks(jap(crew), false, Cause::SniperDr1, &break_without_mc());
        assert_eq!(left(&o), ["1-2-7 broken DM"], "{crew}");
    }
}

#[test]
fn g1_3_infantry_crew_other_break_becomes_broken_vehicle_crew() {
    for crew in ["2-2-8", "1-2-8"] {
        let o = japanese_mmc_breaks(jap(crew), false, Cause::OtherBreak, &break_without_mc());
        assert_eq!(left(&o), ["1-2-7 broken DM"], "{crew}");
        assert_eq!(o.rule, "G1.3");
    }
}

#[test]
fn g1_3_crews_are_not_replaced_for_elr() {
    let mc = morale_check(11, 1, 8, 2); // fails by 4 >= ELR 2
    let o = japanese_mmc_breaks(jap("2-2-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-8"]);
}

#[test]
fn g1_3_vehicle_crew_breaks_normally() {
    let mc = morale_check(9, 0, 7, 3);
    let o = japanese_mmc_breaks(jap("1-2-7"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-7 broken DM"]);
}
