//! G1.4/G1.41 Japanese SMC and leaders (Wounded instead of broken, the Casualty MC, ELR, the
//! 10-0's morale raise) and G1.42x Heroes (G1.421-G1.425 T-H Heroes, G1.424 DC Heroes).

use asl_pto_core::rules::japanese::heroes::{
    HeroCreator, th_hero_allowance, th_hero_attempt, th_hero_creation_dr,
    th_hero_eliminated_on_involuntary_hip_loss, th_hero_removed_at_end_of_player_turn,
};
use asl_pto_core::rules::japanese::smc::{
    SmcOutcome, japanese_smc_breaks, japanese_smc_takes_mc, morale_level,
};
use asl_pto_core::rules::morale::morale_check;
use asl_pto_core::rules::tables::{Tables, WoundSeverity};

use super::jap;

/// A17.11 Wound Severity as the built-in tables give it (NOT FROM THE SEEDS).
fn wound_severity() -> WoundSeverity {
    Tables::builtin().wound_severity
}

// --- G1.4 / G1.41 SMC ---------------------------------------------------------------------------

#[test]
fn g1_4_japanese_smc_is_wounded_instead_of_broken() {
    let survive = wound_severity().mortal_at_or_above - 1;
    let b = japanese_smc_breaks(wound_severity(), false, false, false, survive);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert_eq!(b.rule, "G1.4");
    assert!(b.reason.contains("flipped"), "{}", b.reason);
}

#[test]
fn g1_4_failed_wound_severity_dr_eliminates() {
    let b = japanese_smc_breaks(
        wound_severity(),
        false,
        false,
        false,
        wound_severity().mortal_at_or_above,
    );
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "A17.11");
    assert_eq!(
        japanese_smc_breaks(wound_severity(), false, false, false, 1).outcome,
        SmcOutcome::Wounded
    );
    assert_eq!(
        japanese_smc_breaks(wound_severity(), false, false, false, 6).outcome,
        SmcOutcome::Eliminated
    );
}

#[test]
fn g1_4_already_wounded_smc_adds_the_rewound_drm() {
    let edge = wound_severity().mortal_at_or_above - wound_severity().already_wounded_drm;
    assert_eq!(
        japanese_smc_breaks(wound_severity(), true, false, false, edge).outcome,
        SmcOutcome::Eliminated
    );
    let b = japanese_smc_breaks(wound_severity(), true, false, false, edge - 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert!(b.reason.contains("stays"), "{}", b.reason);
}

#[test]
fn g1_4_already_wounded_heroic_smc_is_eliminated() {
    let b = japanese_smc_breaks(wound_severity(), true, true, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "G1.4");
    // Unwounded heroic: wounded like any SMC.
    assert_eq!(
        japanese_smc_breaks(wound_severity(), false, true, false, 1).outcome,
        SmcOutcome::Wounded
    );
}

#[test]
fn g1_41_leader_casualty_mc_is_eliminated() {
    let b = japanese_smc_breaks(wound_severity(), false, false, true, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    assert_eq!(b.rule, "G1.41");
    // Through an MC: Original 12 for a leader...
    let mc = morale_check(12, -4, 10, 3);
    let b = japanese_smc_takes_mc(wound_severity(), &mc, true, false, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Eliminated);
    // ... but a hero's Casualty Reduction only Wounds him.
    let b = japanese_smc_takes_mc(wound_severity(), &mc, false, false, true, 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
}

#[test]
fn g1_41_leader_failing_by_elr_is_not_replaced() {
    let mc = morale_check(11, 0, 8, 2);
    assert!(mc.exceeds_elr);
    let b = japanese_smc_takes_mc(wound_severity(), &mc, true, false, false, 1);
    assert_eq!(b.outcome, SmcOutcome::Wounded);
    assert!(
        b.reason.contains("not subject to ELR Replacement"),
        "{}",
        b.reason
    );
    let passed = japanese_smc_takes_mc(
        wound_severity(),
        &morale_check(8, 0, 8, 2),
        true,
        false,
        false,
        6,
    );
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
    // A leader alone reads his own Morale Level; the reason says so, not that no leader is
    // there.
    let own = morale_level(9, true, false, false);
    assert_eq!(own.value, 9);
    assert!(
        own.reason.contains("his own Morale Level"),
        "{}",
        own.reason
    );
    assert!(!own.reason.contains("no Good Order Japanese leader"));
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
