//! E1 night rules as small pure functions: movement (E1.51, E1.53, E1.55, E1.421, G11.96),
//! concealment and Cloaking (E1.31-E1.43, E1.7), and firing Illumination (E1.921-E1.931, G.8).

use asl_pto_core::hex::{Hex, HexId, HexRef};
use asl_pto_core::map::LEVEL;
use asl_pto_core::model::Phase;
use asl_pto_core::rules::night::concealment::{
    CloakEvent, CloakingContents, Gain, MfBonus, NightAction, NightAttack, NightAttackKind,
    cloaked_sw_may_fire, cloaked_sw_pp, cloaking_contents, cloaking_counters_allotted,
    cloaking_lost, cloaking_mf, cloaking_mf_increase, gain_at_night, loses_concealment, may_cloak,
    mf_left_when_revealed, night_lv_drm,
};
use asl_pto_core::rules::night::illumination_fire::{
    Entry, IrFirer, MfFor, StarshellFirer, StarshellUnit, TripFlareAction, TripFlareScenario,
    TripFlareTerrain, TripFlareTrigger, ir_usage, removed_at_end_of, starshell_placement,
    starshell_usage, trip_flare_dr, trip_flare_dr_needed, trip_flare_drm, trip_flare_setup,
};
use asl_pto_core::rules::night::movement::{
    Entered, FallingOutcome, JITTER_TABLE, JitterOutcome, JitterRow, JitterUnit, JitterWho,
    NightClass, StrayStart, closest_defender_hexes, falling_dr, infantry_entry_mf, jitter_fire,
    movement_dr, movement_dr_required, still_straying, unit_jitter_fires,
};

fn hex(id: &str) -> Hex {
    HexId::parse(id).unwrap().hex()
}

// --- movement -----------------------------------------------------------------------------

#[test]
fn e1_51_ex_crest_line_into_woods_costs_five_mf() {
    // {2 [entering woods] x2 [moving to higher elevation] = 4} +1 [Concealment Terrain at night].
    let cost = infantry_entry_mf(2 * 2, Entered::ConcealmentTerrain, true, false);
    assert_eq!(cost.value, 5);
    assert_eq!(cost.rule, "E1.51");
    assert!(cost.reason.contains("= 5 MF"), "{}", cost.reason);
}

#[test]
fn e1_51_no_extra_mf_by_day_or_outside_concealment_terrain() {
    assert_eq!(
        infantry_entry_mf(4, Entered::ConcealmentTerrain, false, false).value,
        4
    );
    assert_eq!(infantry_entry_mf(1, Entered::Other, true, false).value, 1);
    assert_eq!(
        infantry_entry_mf(2, Entered::ConcealmentTerrain, true, false).value,
        3
    );
}

#[test]
fn e1_421_cloaking_counter_pays_daytime_mf_costs() {
    let cost = infantry_entry_mf(4, Entered::ConcealmentTerrain, true, true);
    assert_eq!(cost.value, 4);
    assert_eq!(cost.rule, "E1.421");
}

#[test]
fn g11_96_cave_entry_mf_is_not_increased_at_night() {
    let cost = infantry_entry_mf(2, Entered::CaveOrComplex, true, false);
    assert_eq!(cost.value, 2);
    assert_eq!(cost.rule, "G11.96");
}

fn mover() -> StrayStart {
    StrayStart {
        ground_unit: true,
        moves_to_new_hex: true,
        ..StrayStart::default()
    }
}

#[test]
fn e1_53_a_ground_unit_moving_to_a_new_hex_makes_a_movement_dr() {
    assert!(movement_dr_required(&mover()).holds);
    let stays = StrayStart {
        moves_to_new_hex: false,
        ..mover()
    };
    assert!(!movement_dr_required(&stays).holds);
    let not_ground = StrayStart {
        ground_unit: false,
        ..mover()
    };
    assert!(!movement_dr_required(&not_ground).holds);
}

#[test]
fn e1_53_colored_six_strays() {
    for white in 1..=6 {
        let r = movement_dr(6, white);
        assert!(r.straying, "colored 6 white {white}");
        assert_eq!(r.rule, "E1.53");
    }
    for colored in 1..=5 {
        assert!(!movement_dr(colored, 6).straying, "colored {colored}");
    }
    assert!(movement_dr(3, 3).doubles);
    assert!(!movement_dr(3, 4).doubles);
}

#[test]
fn e1_531_entering_a_sewer_needs_no_movement_dr() {
    let s = StrayStart {
        enters_sewer: true,
        ..mover()
    };
    let c = movement_dr_required(&s);
    assert!(!c.holds);
    assert_eq!(c.rule, "E1.531");
}

#[test]
fn e1_532_friendly_contact_ends_straying() {
    assert!(!still_straying(true).holds);
    assert!(still_straying(false).holds);
}

#[test]
fn e1_533_berserk_is_not_subject_to_straying() {
    let c = movement_dr_required(&StrayStart {
        berserk: true,
        ..mover()
    });
    assert!(!c.holds);
    assert_eq!(c.rule, "E1.533");
}

#[test]
fn g11_96_no_straying_in_a_cave_until_above_ground() {
    let c = movement_dr_required(&StrayStart {
        in_cave_or_complex: true,
        ..mover()
    });
    assert!(!c.holds);
    assert_eq!(c.rule, "G11.96");
    // Once it moves above-ground it is subject again.
    assert!(
        movement_dr_required(&StrayStart {
            in_cave_or_complex: false,
            ..mover()
        })
        .holds
    );
}

fn unit(class: NightClass) -> JitterUnit {
    JitterUnit {
        class,
        cloaked: false,
        dummy_cloaking: false,
        good_order: true,
        hidden: false,
        hero: false,
        has_fp: true,
        final_fire: false,
        first_fire_closer_to_known_enemy: false,
    }
}

fn row(doubles: u8) -> JitterRow {
    jitter_fire(true, doubles / 2, doubles / 2).row.unwrap()
}

fn fires(doubles: u8, u: JitterUnit) -> bool {
    unit_jitter_fires(&row(doubles), &u).outcome == JitterOutcome::Fires
}

#[test]
fn e1_55_doubles_table() {
    use NightClass::{Lax, Normal, Stealthy};
    let who: Vec<(u8, JitterWho)> = JITTER_TABLE.iter().map(|r| (r.doubles, r.who)).collect();
    assert_eq!(
        who,
        [
            (2, JitterWho::ClosestDefender),
            (4, JitterWho::ClosestDefender),
            (6, JitterWho::ClosestDefender),
            (8, JitterWho::Movers),
            (10, JitterWho::Movers),
            (12, JitterWho::Movers),
        ]
    );
    // (doubles, Stealthy fires, Normal fires, Lax fires, Cloaked Lax fires)
    let expect = [
        (2, true, true, true, true),
        (4, false, true, true, true),
        (6, false, false, true, true),
        (8, false, false, true, false),
        (10, false, true, true, false),
        (12, true, true, true, true),
    ];
    for (d, s, n, l, cl) in expect {
        assert_eq!(fires(d, unit(Stealthy)), s, "{d} Stealthy");
        assert_eq!(fires(d, unit(Normal)), n, "{d} Normal");
        assert_eq!(fires(d, unit(Lax)), l, "{d} Lax");
        let cloaked = JitterUnit {
            cloaked: true,
            ..unit(Lax)
        };
        assert_eq!(fires(d, cloaked), cl, "{d} Cloaked Lax");
    }
}

#[test]
fn e1_55_no_jitter_fire_before_a_gunflash_or_without_doubles() {
    assert_eq!(jitter_fire(false, 1, 1).row, None);
    assert_eq!(jitter_fire(true, 1, 2).row, None);
    assert_eq!(jitter_fire(true, 6, 6).row.unwrap().doubles, 12);
}

#[test]
fn e1_551_exempt_units() {
    let base = unit(NightClass::Lax);
    for (u, what) in [
        (JitterUnit { hero: true, ..base }, "hero"),
        (
            JitterUnit {
                has_fp: false,
                ..base
            },
            "no FP",
        ),
        (
            JitterUnit {
                final_fire: true,
                ..base
            },
            "Final Fire",
        ),
        (
            JitterUnit {
                first_fire_closer_to_known_enemy: true,
                ..base
            },
            "First Fire",
        ),
    ] {
        assert!(!fires(2, u), "{what} on 2");
        assert!(!fires(12, u), "{what} on 12");
    }
    // The Closest DEFENDER is Good Order and non-hidden; moving units need not be checked so.
    let broken = JitterUnit {
        good_order: false,
        ..base
    };
    let hidden = JitterUnit {
        hidden: true,
        ..base
    };
    assert!(!fires(2, broken));
    assert!(!fires(2, hidden));
    assert!(fires(2, base));
}

#[test]
fn e1_551_dummy_cloaking_counter_subject_to_jitter_fire_is_eliminated() {
    let dummy = JitterUnit {
        cloaked: true,
        dummy_cloaking: true,
        has_fp: false,
        ..unit(NightClass::Normal)
    };
    // As Closest DEFENDER, its side's Majority Squad Type decides: Normal fires on 4, not on 6.
    assert_eq!(
        unit_jitter_fires(&row(4), &dummy).outcome,
        JitterOutcome::Eliminated
    );
    assert_eq!(
        unit_jitter_fires(&row(6), &dummy).outcome,
        JitterOutcome::Exempt
    );
    // As a mover, Cloaked exempts it on 8 and 10; on 12 it is eliminated.
    assert_eq!(
        unit_jitter_fires(&row(10), &dummy).outcome,
        JitterOutcome::Exempt
    );
    assert_eq!(
        unit_jitter_fires(&row(12), &dummy).outcome,
        JitterOutcome::Eliminated
    );
}

#[test]
fn e1_551_closest_defender_is_the_nearest_occupied_hex_ties_to_the_attacker() {
    let m = hex("K6");
    let tie = closest_defender_hexes(m, &[hex("K9"), hex("K4"), hex("M6")]);
    assert_eq!(tie.hexes, vec![hex("K4"), hex("M6")]);
    assert_eq!(tie.range, Some(2));
    assert!(tie.reason.contains("ATTACKER chooses"), "{}", tie.reason);
    assert_eq!(
        closest_defender_hexes(m, &[hex("K9")]).hexes,
        vec![hex("K9")]
    );
    assert!(closest_defender_hexes(m, &[]).hexes.is_empty());
}

#[test]
fn e1_421_falling_dr_plus_one_at_night() {
    let night = falling_dr(11, true);
    assert_eq!(night.final_dr, 12);
    assert_eq!(night.outcome, FallingOutcome::Falls);
    assert_eq!(night.rule, "E1.421");
    let day = falling_dr(11, false);
    assert_eq!(day.final_dr, 11);
    assert_eq!(day.outcome, FallingOutcome::Safe);
    assert_eq!(falling_dr(10, true).outcome, FallingOutcome::Safe);
}

// --- concealment ------------------------------------------------------------------------------

#[test]
fn e1_31_non_assault_movement_in_an_already_illuminated_location_loses_concealment() {
    let lose = |non_assault_movement, already_illuminated| {
        loses_concealment(NightAction::ExpendsMf {
            non_assault_movement,
            already_illuminated,
        })
        .holds
    };
    assert!(lose(true, true));
    assert!(!lose(false, true));
    assert!(!lose(true, false));
    assert!(!lose(false, false));
}

#[test]
fn e1_31_entering_an_enemy_occupied_location_in_the_mph_loses_concealment() {
    assert!(loses_concealment(NightAction::EntersEnemyLocation { in_mph: true }).holds);
    assert!(!loses_concealment(NightAction::EntersEnemyLocation { in_mph: false }).holds);
}

#[test]
fn e1_94_kindling_in_enemy_los_loses_concealment() {
    let c = loses_concealment(NightAction::Kindles {
        in_los_of_good_order_enemy_ground_unit: true,
    });
    assert!(c.holds);
    assert_eq!(c.rule, "E1.94");
    assert!(
        !loses_concealment(NightAction::Kindles {
            in_los_of_good_order_enemy_ground_unit: false
        })
        .holds
    );
}

#[test]
fn e1_32_a_daylight_dr_situation_gains_concealment_automatically_at_night() {
    assert_eq!(gain_at_night(Gain::ByDr).gain, Gain::Automatic);
    assert_eq!(gain_at_night(Gain::Automatic).gain, Gain::Automatic);
    assert_eq!(gain_at_night(Gain::NotGained).gain, Gain::NotGained);
}

#[test]
fn e1_4_only_the_scenario_attackers_infantry_use_cloaking() {
    assert!(may_cloak(true, true).holds);
    assert!(!may_cloak(false, true).holds);
    assert!(!may_cloak(true, false).holds);
}

#[test]
fn e1_41_contents_infantry_within_stacking_or_a_dummy() {
    let c = |non_infantry, half_squads| {
        cloaking_contents(&CloakingContents {
            non_infantry,
            half_squads,
            limit_half_squads: 6,
        })
        .holds
    };
    assert!(c(0, 6));
    assert!(!c(0, 7));
    assert!(!c(1, 2));
    assert!(c(0, 0), "a Dummy");
    assert_eq!(cloaking_counters_allotted(5).value, 5);
}

#[test]
fn e1_42_six_mf_increased_only_by_road_or_downhill_ski_bonus() {
    assert_eq!(cloaking_mf().value, 6);
    assert!(cloaking_mf_increase(MfBonus::Road).holds);
    assert!(cloaking_mf_increase(MfBonus::DownhillSki).holds);
    assert!(!cloaking_mf_increase(MfBonus::Other).holds);
}

#[test]
fn e1_42_four_and_five_pp_sw_portaged_as_three_and_not_fired_when_decloaked() {
    assert_eq!(cloaked_sw_pp(4).value, 3);
    assert_eq!(cloaked_sw_pp(5).value, 3);
    assert_eq!(cloaked_sw_pp(2).value, 2);
    assert!(!cloaked_sw_may_fire(4, true).holds);
    assert!(cloaked_sw_may_fire(3, true).holds);
    assert!(cloaked_sw_may_fire(5, false).holds);
}

#[test]
fn e1_421_revealed_units_revert_to_normal_mf_less_mf_spent() {
    assert_eq!(mf_left_when_revealed(4, 3).value, 1);
    // Already past the normal allotment: nothing left, no extra penalty.
    assert_eq!(mf_left_when_revealed(4, 5).value, 0);
}

#[test]
fn e1_43_cloaking_loss_causes() {
    assert!(
        cloaking_lost(CloakEvent::Night(NightAction::ExpendsMf {
            non_assault_movement: true,
            already_illuminated: true
        }))
        .holds
    );
    assert!(
        !cloaking_lost(CloakEvent::Night(NightAction::ExpendsMf {
            non_assault_movement: true,
            already_illuminated: false
        }))
        .holds
    );
    assert!(
        cloaking_lost(CloakEvent::Attack {
            successful_ambush: false
        })
        .holds
    );
    assert!(
        !cloaking_lost(CloakEvent::Attack {
            successful_ambush: true
        })
        .holds
    );
    assert!(cloaking_lost(CloakEvent::HumanWave).holds);
}

#[test]
fn e1_72_sniper_dr_one_or_two_removes_cloaking() {
    assert!(cloaking_lost(CloakEvent::Sniper { dr: 1 }).holds);
    assert!(cloaking_lost(CloakEvent::Sniper { dr: 2 }).holds);
    assert!(!cloaking_lost(CloakEvent::Sniper { dr: 3 }).holds);
}

fn attack(firer_height: i32, target_terrain_top: Option<i32>) -> NightAttack {
    NightAttack {
        kind: NightAttackKind::Ordinary,
        positive_ha_tem: false,
        firer_height,
        target_terrain_top,
    }
}

#[test]
fn e1_7_plus_one_lv_drm_and_its_attack_type_exceptions() {
    assert_eq!(night_lv_drm(&attack(0, None)).value, 1);
    for kind in [
        NightAttackKind::FireLane,
        NightAttackKind::Mine,
        NightAttackKind::Sniper,
        NightAttackKind::Dc,
        NightAttackKind::SpecificCollateral,
        NightAttackKind::ResidualFp,
        NightAttackKind::Cc,
        NightAttackKind::Oba,
    ] {
        let a = NightAttack {
            kind,
            ..attack(0, None)
        };
        assert_eq!(night_lv_drm(&a).value, 0, "{kind:?}");
    }
    let ha = NightAttack {
        positive_ha_tem: true,
        ..attack(0, None)
    };
    assert_eq!(night_lv_drm(&ha).value, 0);
}

/// The E1.7 EX: board 3, 4-6-7 in R6 (a building with a first level) and in T9, Russian 5-2-7
/// in the T7 woods; all at ground Level 0. The T7 woods top out at Level 1.
const T7_WOODS_TOP: i32 = LEVEL;

#[test]
fn e1_7_ex_no_lv_drm_vs_woods_a_full_level_higher() {
    // 4-6-7 in R6 at ground level, and the one in T9 (its grain hindrance is LOS business).
    let r = night_lv_drm(&attack(0, Some(T7_WOODS_TOP)));
    assert_eq!(r.value, 0);
    assert!(r.reason.contains("full level"), "{}", r.reason);
}

#[test]
fn e1_7_ex_lv_drm_applies_from_the_first_level_of_the_building() {
    assert_eq!(night_lv_drm(&attack(LEVEL, Some(T7_WOODS_TOP))).value, 1);
    // Half a level is not a full level either.
    assert_eq!(
        night_lv_drm(&attack(LEVEL / 2, Some(T7_WOODS_TOP))).value,
        1
    );
}

#[test]
fn e1_7_ex_return_fire_never_gets_the_lv_drm() {
    // The Russian in T7 (Level 0) fires at R6, whose building (ground and first level) tops out
    // above Level 1: a full level or more higher, whichever level the 4-6-7 is on.
    let r6_building_top = LEVEL + LEVEL / 2;
    assert_eq!(night_lv_drm(&attack(0, Some(r6_building_top))).value, 0);
}

// --- illumination fire ------------------------------------------------------------------------

fn firer(firer: StarshellFirer) -> StarshellUnit {
    StarshellUnit {
        firer,
        good_order: true,
        pinned: false,
        ti: false,
    }
}

#[test]
fn e1_921_leader_usage_dr_four_passes_mmc_needs_two() {
    let leader = firer(StarshellFirer::Leader);
    assert!(starshell_usage(&leader, 4).holds);
    assert!(!starshell_usage(&leader, 5).holds);
    for f in [StarshellFirer::Mmc, StarshellFirer::CeAfvWithoutArmorLeader] {
        assert!(starshell_usage(&firer(f), 2).holds, "{f:?}");
        assert!(!starshell_usage(&firer(f), 3).holds, "{f:?}");
    }
}

#[test]
fn e1_921_only_good_order_unpinned_non_ti_units_fire_starshells() {
    let leader = firer(StarshellFirer::Leader);
    for u in [
        StarshellUnit {
            good_order: false,
            ..leader
        },
        StarshellUnit {
            pinned: true,
            ..leader
        },
        StarshellUnit { ti: true, ..leader },
    ] {
        assert!(!starshell_usage(&u, 1).holds, "{u:?}");
    }
}

#[test]
fn e1_922_ex_placement_dr_colored_5_white_3_lands_in_h7() {
    let leader = HexRef::parse("13I4").unwrap();
    assert_eq!(leader.id.hex().distance(hex("K6")), 3);
    let p = starshell_placement(hex("K6"), 5, 3, false);
    assert_eq!(p.hex, hex("H7"));
    assert_eq!(p.extent, 3);
    assert!(p.reason.contains("H7"), "{}", p.reason);
}

#[test]
fn e1_922_ex_halved_extent_of_error_lands_in_i7() {
    let p = starshell_placement(hex("K6"), 5, 3, true);
    assert_eq!(p.extent, 2);
    assert_eq!(p.hex, hex("I7"));
}

#[test]
fn e1_923_starshells_and_ir_removed_at_the_end_of_each_ccph() {
    assert!(removed_at_end_of(Phase::CloseCombat).holds);
    for p in [
        Phase::Rally,
        Phase::PrepFire,
        Phase::Movement,
        Phase::DefensiveFire,
        Phase::AdvancingFire,
        Phase::Rout,
        Phase::Advance,
    ] {
        assert!(!removed_at_end_of(p).holds, "{p:?}");
    }
}

#[test]
fn e1_931_ir_oba_needs_no_usage_dr_mortar_needs_four() {
    assert!(ir_usage(IrFirer::Oba, None).holds);
    assert!(ir_usage(IrFirer::OnboardMortar, Some(4)).holds);
    assert!(!ir_usage(IrFirer::OnboardMortar, Some(5)).holds);
    assert!(!ir_usage(IrFirer::OnboardMortar, None).holds);
}

fn trigger(action: TripFlareAction) -> TripFlareTrigger {
    TripFlareTrigger {
        ground: true,
        dummy: false,
        action,
    }
}

#[test]
fn g8_trip_flare_dr_minus_four_on_a_path() {
    let t = trigger(TripFlareAction::Enters(Entry::PreExistingRoadOrPath));
    assert_eq!(trip_flare_drm(&t).value, -4);
    // dr 5 - 4 = 1 <= 1 flare: set off. Without the path, dr 5 > 1.
    let r = trip_flare_dr(&t, 1, 5);
    assert_eq!(r.final_dr, Some(1));
    assert!(r.set_off);
    assert!(!trip_flare_dr(&trigger(TripFlareAction::Enters(Entry::Other)), 1, 5).set_off);
    // Spending MF after entering by the path this Player Turn keeps the -4.
    let stay = trigger(TripFlareAction::ExpendsMf {
        purpose: MfFor::Other,
        entered_this_player_turn_via: Some(Entry::PreExistingRoadOrPath),
    });
    assert_eq!(trip_flare_drm(&stay).value, -4);
    let search = trigger(TripFlareAction::Searches {
        across_road_or_path: true,
    });
    assert_eq!(trip_flare_drm(&search).value, -4);
    let search_off_path = trigger(TripFlareAction::Searches {
        across_road_or_path: false,
    });
    assert_eq!(trip_flare_drm(&search_off_path).value, 0);
}

#[test]
fn g8_dr_at_most_the_flares_in_the_location_sets_one_off() {
    let t = trigger(TripFlareAction::Enters(Entry::Other));
    assert!(trip_flare_dr(&t, 2, 2).set_off);
    assert!(!trip_flare_dr(&t, 2, 3).set_off);
    assert!(!trip_flare_dr(&t, 0, 1).set_off);
}

#[test]
fn g8_no_dr_cases() {
    for e in [
        Entry::Trench,
        Entry::Pillbox,
        Entry::SubterraneanPassage,
        Entry::PathOrTbCreatedInPlay,
    ] {
        let t = trigger(TripFlareAction::Enters(e));
        assert!(!trip_flare_dr_needed(&t).holds, "{e:?}");
        assert!(!trip_flare_dr(&t, 6, 1).dr_made, "{e:?}");
    }
    for p in [MfFor::Stopping, MfFor::Delay, MfFor::PlacingSmoke] {
        let t = trigger(TripFlareAction::ExpendsMf {
            purpose: p,
            entered_this_player_turn_via: None,
        });
        assert!(!trip_flare_dr_needed(&t).holds, "{p:?}");
    }
    let other_mf = trigger(TripFlareAction::ExpendsMf {
        purpose: MfFor::Other,
        entered_this_player_turn_via: None,
    });
    assert!(trip_flare_dr_needed(&other_mf).holds);
    let dummy = TripFlareTrigger {
        dummy: true,
        ..trigger(TripFlareAction::Enters(Entry::Other))
    };
    assert!(!trip_flare_dr_needed(&dummy).holds);
}

#[test]
fn g8_trip_flares_set_up_by_a_us_defender_in_1944_5_pto_night() {
    let s = TripFlareScenario {
        year: 1944,
        pto: true,
        night: true,
        us_scenario_defender: true,
    };
    assert!(trip_flare_setup(&s, TripFlareTerrain::Jungle, 0, 2, 3).holds);
    assert!(trip_flare_setup(&s, TripFlareTerrain::Panji, 2, 1, 3).holds);
    assert!(!trip_flare_setup(&s, TripFlareTerrain::Wire, 2, 2, 3).holds);
    assert!(!trip_flare_setup(&s, TripFlareTerrain::Other, 0, 1, 3).holds);
    let y1943 = TripFlareScenario { year: 1943, ..s };
    let r = trip_flare_setup(&y1943, TripFlareTerrain::Bamboo, 0, 1, 3);
    assert!(
        !r.holds && r.reason.ends_with("the scenario is set in 1943"),
        "{}",
        r.reason
    );
    let day = TripFlareScenario { night: false, ..s };
    let r = trip_flare_setup(&day, TripFlareTerrain::Bamboo, 0, 1, 3);
    assert!(
        !r.holds && r.reason.ends_with("not a night scenario"),
        "{}",
        r.reason
    );
    // No `date`: no year (read as 0) to set them up in, and the refusal says so.
    let undated = TripFlareScenario { year: 0, ..s };
    let r = trip_flare_setup(&undated, TripFlareTerrain::Bamboo, 0, 1, 3);
    assert!(
        !r.holds && r.reason.contains("gives no `date`"),
        "{}",
        r.reason
    );
}
