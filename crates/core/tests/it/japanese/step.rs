//! The A10/A19 Morale Check and the G1.1 Japanese squad's break (seed 004): G1.121-G1.125
//! Attack Break (Step Reduction), G1.13x Other Break, G1.14 Casualty Reduction; and, for
//! comparison, a non-Japanese MMC's normal break (A10.3, A10.31, A19.11, A19.13).

use asl_pto_core::counters::Class;
use asl_pto_core::rules::japanese::step::{
    Cause, casualty_reduction, japanese_mmc_breaks, mmc_breaks,
};
use asl_pto_core::rules::morale::{break_without_mc, morale_check};

use super::{jap, left, us};

// --- A10 / A19 Morale Check ---------------------------------------------------------------------

#[test]
fn a10_1_mc_passes_at_morale_and_fails_above() {
    let pass = morale_check(7, 1, 8, 3);
    assert!(pass.passed);
    assert_eq!((pass.final_dr, pass.by), (8, 0));
    assert!(!pass.casualty && !pass.exceeds_elr);
    let fail = morale_check(8, 1, 8, 3);
    assert!(!fail.passed);
    assert_eq!(fail.by, 1);
    assert!(!fail.exceeds_elr);
    assert_eq!(fail.rule, "A10.1");
}

#[test]
fn a10_31_original_12_always_fails_as_a_casualty_mc() {
    let mc = morale_check(12, -5, 8, 3);
    assert_eq!(mc.final_dr, 7);
    assert!(!mc.passed);
    assert!(mc.casualty);
    // It fails by no amount, so it cannot exceed the ELR.
    assert!(!mc.exceeds_elr);
    assert_eq!(mc.rule, "A10.31");
}

#[test]
fn a19_13_failing_by_exactly_the_elr_exceeds_it_as_the_seed_exs_read() {
    // ELR_REPLACEMENT_AT_OR_ABOVE: failing by exactly the ELR exceeds it.
    let at = morale_check(10, 1, 8, 3); // fails by 3, ELR 3
    assert_eq!(at.by, 3);
    assert!(at.exceeds_elr);
    assert_eq!(at.rule, "A19.13");
    let below = morale_check(9, 1, 8, 3); // fails by 2
    assert!(!below.exceeds_elr);
}

#[test]
fn g1_14_ex_casualty_mc_can_also_exceed_the_elr() {
    let mc = morale_check(12, 0, 8, 3);
    assert!(mc.casualty && mc.exceeds_elr);
    let mc = morale_check(12, 0, 8, 5);
    assert!(mc.casualty && !mc.exceeds_elr);
}

// --- G1.121-G1.125 Attack Break ----------------------------------------------------------------

#[test]
fn g1_121_ex_448_fails_mc_flips_to_348() {
    // Four-FP Small Arms attack -> 1MC; DR 9 + 1 = 10 vs Morale 8: fails by 2, ELR 3.
    let mc = morale_check(9, 1, 8, 3);
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["3-4-8"]);
    assert_eq!(o.rule, "G1.121");
    assert!(
        o.reason.contains("retains any pinned/TI/CX"),
        "{}",
        o.reason
    );
}

#[test]
fn g1_122_ex_348_passenger_fails_collateral_1mc_becomes_unbroken_238() {
    let mc = morale_check(8, 1, 8, 3);
    let o = japanese_mmc_breaks(jap("3-4-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-3-8"]);
    assert_eq!(o.rule, "G1.122");
}

#[test]
fn g1_123_ex_448_fails_by_elr_becomes_347() {
    let mc = morale_check(10, 1, 8, 3); // fails by 3 >= ELR 3
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["3-4-7"]);
    assert_eq!(o.rule, "G1.123");
}

#[test]
fn g1_124_ex_348_fails_1mc_by_elr_becomes_unbroken_237() {
    let mc = morale_check(11, 1, 8, 2);
    let o = japanese_mmc_breaks(jap("3-4-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-3-7"]);
    assert_eq!(o.rule, "G1.124");
}

#[test]
fn g1_125_ex_conscript_336_and_226_fail_fpf_mc_by_elr_broken_dm_126() {
    for squad in ["3-3-6", "2-2-6"] {
        let mc = morale_check(9, 0, 6, 3);
        let o = japanese_mmc_breaks(jap(squad), false, Cause::IftMc, &mc);
        assert_eq!(left(&o), ["1-2-6 broken DM"], "{squad}");
        assert_eq!(o.rule, "G1.125");
    }
}

#[test]
fn g1_121_conscript_below_elr_is_step_reduced_like_any_squad() {
    let mc = morale_check(8, 0, 6, 3); // fails by 2
    let o = japanese_mmc_breaks(jap("3-3-6"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-2-6"]);
    let o = japanese_mmc_breaks(jap("2-2-6"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["1-2-6"]);
}

#[test]
fn g1_12_passed_mc_leaves_the_squad_as_it_is() {
    let mc = morale_check(8, 0, 8, 3);
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["4-4-8"]);
}

#[test]
fn g1_12_dr_1_sniper_attack_step_reduces_without_a_mc() {
    // No MC is taken: even a "passed" McResult handed in is not read.
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::SniperDr1, &break_without_mc());
    assert_eq!(left(&o), ["3-4-8"]);
    let o = japanese_mmc_breaks(
        jap("3-4-7"),
        false,
        Cause::SniperDr1,
        &morale_check(2, 0, 7, 3),
    );
    assert_eq!(left(&o), ["2-3-7"]);
}

#[test]
fn g1_12_errata_kia_break_step_reduces() {
    let o = japanese_mmc_breaks(jap("4-4-7"), false, Cause::Kia, &break_without_mc());
    assert_eq!(left(&o), ["3-4-7"]);
    assert_eq!(o.rule, "G1.121");
}

// --- G1.13 Other Break -------------------------------------------------------------------------

#[test]
fn g1_131_full_strength_other_break_two_broken_hs() {
    // Breaking voluntarily: no MC.
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::OtherBreak, &break_without_mc());
    assert_eq!(left(&o), ["2-3-8 broken DM", "2-3-8 broken DM"]);
    assert_eq!(o.rule, "G1.131");
}

#[test]
fn g1_132_reduced_strength_other_break_one_broken_hs() {
    let mc = morale_check(9, 0, 7, 3); // e.g. a WP MC
    let o = japanese_mmc_breaks(jap("3-4-7"), false, Cause::OtherBreak, &mc);
    assert_eq!(left(&o), ["2-3-7 broken DM"]);
    assert_eq!(o.rule, "G1.132");
}

#[test]
fn g1_133_other_break_by_elr_gives_next_lower_class_hs() {
    let mc = morale_check(11, 0, 8, 3); // Panji MC failed by 3 >= ELR 3
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::OtherBreak, &mc);
    assert_eq!(left(&o), ["2-3-7 broken DM", "2-3-7 broken DM"]);
    assert_eq!(o.rule, "G1.133");
    let o = japanese_mmc_breaks(jap("3-4-8"), false, Cause::OtherBreak, &mc);
    assert_eq!(left(&o), ["2-3-7 broken DM"]);
}

#[test]
fn g1_133_conscript_other_break_by_elr_keeps_its_class() {
    let mc = morale_check(10, 0, 6, 2);
    let o = japanese_mmc_breaks(jap("3-3-6"), false, Cause::OtherBreak, &mc);
    assert_eq!(left(&o), ["1-2-6 broken DM", "1-2-6 broken DM"]);
    assert_eq!(o.rule, "G1.131");
}

#[test]
fn g1_13_other_break_original_12_is_casualty_reduction() {
    let mc = morale_check(12, 0, 8, 5);
    let o = japanese_mmc_breaks(jap("4-4-8"), false, Cause::OtherBreak, &mc);
    assert_eq!(left(&o), ["2-3-8 broken DM"]);
    assert_eq!(o.rule, "G1.14");
}

// --- G1.14 Casualty Reduction -------------------------------------------------------------------

#[test]
fn g1_14_ex_casualty_reduction_squad_to_same_class_unbroken_hs() {
    for (squad, hs) in [("4-4-8", "2-3-8"), ("3-4-8", "2-3-8"), ("3-4-7", "2-3-7")] {
        let o = casualty_reduction(jap(squad));
        assert_eq!(left(&o), [hs], "{squad}");
    }
}

#[test]
fn g1_14_ex_casualty_reduction_eliminates_hs_and_crew() {
    for unit in ["2-3-8", "1-2-6", "2-2-8", "1-2-7"] {
        let o = casualty_reduction(jap(unit));
        assert!(o.becomes.is_empty(), "{unit}: {:?}", o.becomes);
        assert_eq!(o.rule, "G1.14");
    }
}

#[test]
fn g1_14_berserk_or_unarmed_squad_suffers_casualty_reduction_instead() {
    let mc = morale_check(10, 1, 8, 3); // would exceed the ELR if not berserk
    let o = japanese_mmc_breaks(jap("4-4-8"), true, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["2-3-8"]);
    assert_eq!(o.rule, "G1.14");
    let o = japanese_mmc_breaks(jap("3-4-7"), true, Cause::OtherBreak, &break_without_mc());
    assert_eq!(left(&o), ["2-3-7"]);
}

#[test]
fn g1_14_ex_original_12_elite_448_broken_238() {
    for squad in ["4-4-8", "3-4-8"] {
        let mc = morale_check(12, 0, 8, 5); // fails by 4 < ELR 5
        let o = japanese_mmc_breaks(jap(squad), false, Cause::IftMc, &mc);
        assert_eq!(left(&o), ["2-3-8 broken DM"], "{squad}");
        assert_eq!(o.rule, "G1.14");
    }
}

#[test]
fn g1_14_ex_original_12_elite_448_exceeding_elr_broken_1st_line_237() {
    for squad in ["4-4-8", "3-4-8"] {
        let mc = morale_check(12, 0, 8, 4); // fails by 4 >= ELR 4
        let o = japanese_mmc_breaks(jap(squad), false, Cause::IftMc, &mc);
        assert_eq!(left(&o), ["2-3-7 broken DM"], "{squad}");
        assert_eq!(jap("2-3-7").class, Class::FirstLine);
    }
}

#[test]
fn g1_14_ex_original_12_conscript_broken_126() {
    for squad in ["3-3-6", "2-2-6"] {
        let mc = morale_check(12, -2, 6, 5); // fails by 4 < ELR 5
        let o = japanese_mmc_breaks(jap(squad), false, Cause::IftMc, &mc);
        assert_eq!(left(&o), ["1-2-6 broken DM"], "{squad}");
    }
}

#[test]
fn g1_14_ex_original_12_conscript_exceeding_elr_eliminated() {
    for squad in ["3-3-6", "2-2-6"] {
        let mc = morale_check(12, 0, 6, 5); // fails by 6 >= ELR 5
        let o = japanese_mmc_breaks(jap(squad), false, Cause::IftMc, &mc);
        assert!(o.becomes.is_empty(), "{squad}: {:?}", o.becomes);
        assert_eq!(o.rule, "G1.14");
    }
}

// --- Non-Japanese comparison (A10.3, A10.31, A19.13) --------------------------------------------

#[test]
fn a10_3_american_squad_breaks_where_a_japanese_one_is_step_reduced() {
    let mc = morale_check(9, 1, 8, 3);
    assert_eq!(left(&mmc_breaks(us("7-6-8"), &mc)), ["7-6-8 broken DM"]);
    // The same call with a non-Japanese unit goes to the normal rules.
    let o = japanese_mmc_breaks(us("7-6-8"), false, Cause::IftMc, &mc);
    assert_eq!(left(&o), ["7-6-8 broken DM"]);
}

#[test]
fn a19_13_american_elr_replacement_next_lower_class() {
    let mc = morale_check(11, 0, 8, 3);
    let o = mmc_breaks(us("7-6-8"), &mc);
    assert_eq!(left(&o), ["6-6-7 broken DM"]);
    assert_eq!(o.rule, "A19.13");
    let o = mmc_breaks(us("6-6-7"), &morale_check(10, 0, 7, 3));
    assert_eq!(left(&o), ["6-6-6 broken DM"]);
}

#[test]
fn a10_31_american_casualty_mc_broken_hs() {
    let o = mmc_breaks(us("7-6-8"), &morale_check(12, 0, 8, 5));
    assert_eq!(left(&o), ["3-3-8 broken DM"]);
    // Exceeding the ELR too: the lower Class squad's HS.
    let o = mmc_breaks(us("7-6-8"), &morale_check(12, 0, 8, 3));
    assert_eq!(left(&o), ["3-3-7 broken DM"]);
    assert!(
        mmc_breaks(us("3-3-8"), &morale_check(12, 0, 8, 5))
            .becomes
            .is_empty()
    );
}

#[test]
fn a19_11_american_crew_not_replaced_for_elr() {
    let o = mmc_breaks(us("2-2-7"), &morale_check(11, 0, 7, 2));
    assert_eq!(left(&o), ["2-2-7 broken DM"]);
}
