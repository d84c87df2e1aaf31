//! G1 Japanese rules (seed 004) as small pure functions: one test per EX and per rule statement.

use asl_pto_core::counters::{Catalog, Class, Counter, Nationality};
use asl_pto_core::rules::japanese::NightClass;
use asl_pto_core::rules::japanese::heroes::{
    HeroCreator, th_hero_allowance, th_hero_attempt, th_hero_creation_dr,
    th_hero_eliminated_on_involuntary_hip_loss, th_hero_removed_at_end_of_player_turn,
};
use asl_pto_core::rules::japanese::hip::{hip_allowance, night_defender_dummies};
use asl_pto_core::rules::japanese::smc::{
    SmcOutcome, japanese_smc_breaks, japanese_smc_takes_mc, morale_level, wound_severity,
};
use asl_pto_core::rules::japanese::stealth::{concealment_drm, japanese_night_class, search_drm};
use asl_pto_core::rules::japanese::step::{
    Becomes, Cause, StepOutcome, casualty_reduction, deploy, japanese_mmc_breaks, may_deploy,
    mmc_breaks, rearmed_squad, recombine,
};
use asl_pto_core::rules::morale::{break_without_mc, morale_check};

fn jap(name: &str) -> &'static Counter {
    Catalog::get()
        .counter(Nationality::Japanese, name)
        .unwrap_or_else(|| panic!("no Japanese {name} in the catalog"))
}

fn us(name: &str) -> &'static Counter {
    Catalog::get()
        .counter(Nationality::American, name)
        .unwrap_or_else(|| panic!("no American {name} in the catalog"))
}

/// The counters an outcome leaves, as `name` (unbroken) or `name broken DM`.
fn left(o: &StepOutcome) -> Vec<String> {
    o.becomes
        .iter()
        .map(
            |Becomes {
                 counter,
                 broken,
                 dm,
             }| match (broken, dm) {
                (false, false) => counter.clone(),
                (true, true) => format!("{counter} broken DM"),
                (true, false) => format!("{counter} broken"),
                (false, true) => format!("{counter} DM"),
            },
        )
        .collect()
}

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

// --- G1.4 / G1.41 SMC ---------------------------------------------------------------------------

#[test]
fn g1_4_japanese_smc_is_wounded_instead_of_broken() {
    let survive = wound_severity().mortal_at_or_above - 1;
    let b = japanese_smc_breaks(false, false, false, survive);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert_eq!(b.rule, "G1.4");
    assert!(b.reason.contains("flipped"), "{}", b.reason);
}

#[test]
fn g1_4_failed_wound_severity_dr_eliminates() {
    let b = japanese_smc_breaks(false, false, false, wound_severity().mortal_at_or_above);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "A17.11");
    assert_eq!(
        japanese_smc_breaks(false, false, false, 1).outcome,
        SmcOutcome::Wounded
    );
    assert_eq!(
        japanese_smc_breaks(false, false, false, 6).outcome,
        SmcOutcome::Eliminated
    );
}

#[test]
fn g1_4_already_wounded_smc_adds_the_rewound_drm() {
    let edge = wound_severity().mortal_at_or_above - wound_severity().already_wounded_drm;
    assert_eq!(
        japanese_smc_breaks(true, false, false, edge).outcome,
        SmcOutcome::Eliminated
    );
    let b = japanese_smc_breaks(true, false, false, edge - 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert!(b.reason.contains("stays"), "{}", b.reason);
}

#[test]
fn g1_4_already_wounded_heroic_smc_is_eliminated() {
    let b = japanese_smc_breaks(true, true, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "G1.4");
    // Unwounded heroic: wounded like any SMC.
    assert_eq!(
        japanese_smc_breaks(false, true, false, 1).outcome,
        SmcOutcome::Wounded
    );
}

#[test]
fn g1_41_leader_casualty_mc_is_eliminated() {
    let b = japanese_smc_breaks(false, false, true, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "G1.41");
    // Through an MC: Original 12 for a leader...
    let mc = morale_check(12, -4, 10, 3);
    let b = japanese_smc_takes_mc(&mc, true, false, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    // ... but a hero's Casualty Reduction only Wounds him.
    let b = japanese_smc_takes_mc(&mc, false, false, true, 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
}

#[test]
fn g1_41_leader_failing_by_elr_is_not_replaced() {
    let mc = morale_check(11, 0, 8, 2);
    assert!(mc.exceeds_elr);
    let b = japanese_smc_takes_mc(&mc, true, false, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert!(
        b.reason.contains("not subject to ELR Replacement"),
        "{}",
        b.reason
    );
    let passed = japanese_smc_takes_mc(&morale_check(8, 0, 8, 2), true, false, false, 6);
    assert_eq!(passed.outcome, SmcOutcome::Unaffected);
}

#[test]
fn g1_41_ex_10_0_raises_broken_elite_hs_morale_8_to_9() {
    let hs = jap("2-3-8");
    let ml = morale_level(i32::from(hs.morale), false, false, true);
    assert_eq!(ml.value, 9);
    assert_eq!(ml.rule, "G1.41");
    // A Rally DR of 9 now passes where it would fail at 8.
    assert!(morale_check(9, 0, ml.value, 3).passed);
    assert!(!morale_check(9, 0, i32::from(hs.morale), 3).passed);
}

#[test]
fn g1_41_no_raise_for_berserk_units_other_leaders_or_without_a_leader() {
    assert_eq!(morale_level(8, false, true, true).value, 8);
    assert_eq!(morale_level(9, true, false, true).value, 9);
    assert_eq!(morale_level(7, false, false, false).value, 7);
}

// --- G1.42x Heroes ------------------------------------------------------------------------------

#[test]
fn g1_421_th_hero_allowance_by_year_fru() {
    assert_eq!(th_hero_allowance(10, 1942, false).value, 1);
    assert_eq!(th_hero_allowance(10, 1943, false).value, 2);
    assert_eq!(th_hero_allowance(10, 1944, false).value, 4); // 3.3 FRU
    assert_eq!(th_hero_allowance(10, 1945, false).value, 5);
    assert_eq!(th_hero_allowance(7, 1942, false).value, 1); // 0.7 FRU
    assert_eq!(th_hero_allowance(3, 1944, false).value, 1); // 0.99 FRU
    assert_eq!(th_hero_allowance(100, 1944, false).value, 33); // 33%, not one third
    assert_eq!(th_hero_allowance(0, 1945, false).value, 0);
    assert_eq!(th_hero_allowance(10, 1943, false).rule, "G1.421");
}

#[test]
fn g1_421_th_hero_allowance_vs_russians_pre_1943_is_20_percent() {
    assert_eq!(th_hero_allowance(10, 1939, true).value, 2);
    assert_eq!(th_hero_allowance(11, 1942, true).value, 3); // 2.2 FRU
    // From 1943 on the Russian figure no longer differs.
    assert_eq!(th_hero_allowance(10, 1945, true).value, 5);
}

#[test]
fn g1_421_th_hero_attempt_requirements() {
    let ok = HeroCreator {
        armed: true,
        good_order: true,
        squad_or_hs: true,
        marked_fire_pin_or_ti: false,
        remaining_allowance: 2,
        target_ok: true,
    };
    assert!(th_hero_attempt(&ok).allowed);
    let fails = [
        HeroCreator { armed: false, ..ok },
        HeroCreator {
            good_order: false,
            ..ok
        },
        HeroCreator {
            squad_or_hs: false,
            ..ok
        },
        HeroCreator {
            marked_fire_pin_or_ti: true,
            ..ok
        },
        HeroCreator {
            remaining_allowance: 0,
            ..ok
        },
        HeroCreator {
            target_ok: false,
            ..ok
        },
    ];
    for c in fails {
        let r = th_hero_attempt(&c);
        assert!(!r.allowed, "{c:?}");
        assert_eq!(r.rule, "G1.421");
    }
}

#[test]
fn g1_421_creation_final_dr_3_succeeds_4_fails() {
    let h = th_hero_creation_dr(3, false, false, false, false);
    assert!(h.created && !h.pinned && !h.dc_hero);
    assert_eq!(h.final_dr, 3);
    assert!(!th_hero_creation_dr(4, false, false, false, false).created);
}

#[test]
fn g1_421_creation_drm_hs_plus_1_conscript_plus_2() {
    assert!(th_hero_creation_dr(2, true, false, false, false).created);
    let h = th_hero_creation_dr(3, true, false, false, false);
    assert_eq!(h.final_dr, 4);
    assert!(!h.created);
    assert!(th_hero_creation_dr(1, false, true, false, false).created);
    assert!(!th_hero_creation_dr(2, false, true, false, false).created);
    // Cumulative: a Conscript HS needs an Original 0 -- never without a DC.
    assert_eq!(th_hero_creation_dr(1, true, true, false, false).final_dr, 4);
}

#[test]
fn g1_424_dc_minus_2_creates_a_dc_hero() {
    let h = th_hero_creation_dr(5, false, false, true, false);
    assert_eq!(h.final_dr, 3);
    assert!(h.created && h.dc_hero);
    assert_eq!(h.rule, "G1.424");
    let h = th_hero_creation_dr(3, true, true, true, false);
    assert_eq!(h.final_dr, 4);
    assert!(!h.created && !h.dc_hero);
}

#[test]
fn g1_421_original_6_pins_unless_banzai() {
    let h = th_hero_creation_dr(6, false, false, true, false);
    assert!(h.pinned && !h.created);
    let h = th_hero_creation_dr(6, false, false, true, true);
    assert!(!h.pinned);
    assert!(!th_hero_creation_dr(5, false, false, false, false).pinned);
}

#[test]
fn g1_425_th_hero_removed_at_end_of_player_turn_unless_attacked_or_in_melee() {
    assert!(th_hero_removed_at_end_of_player_turn(false, false).holds);
    assert!(!th_hero_removed_at_end_of_player_turn(true, false).holds);
    let m = th_hero_removed_at_end_of_player_turn(false, true);
    assert!(!m.holds);
    assert_eq!(m.rule, "G1.425");
}

#[test]
fn g1_425_involuntary_hip_loss_eliminates_unless_reaction_fire_or_ccph_defender() {
    assert!(th_hero_eliminated_on_involuntary_hip_loss(false, false).holds);
    assert!(!th_hero_eliminated_on_involuntary_hip_loss(true, false).holds);
    assert!(!th_hero_eliminated_on_involuntary_hip_loss(false, true).holds);
}

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
