//! E1 night concealment (`rules::night::concealment`): E1.31 losing and E1.32 gaining "?"
//! (with E1.94 Kindling), E1.4-E1.43 Cloaking (who Cloaks, contents, MF, SW, loss causes),
//! E1.72 sniper removal, and E1.7 the +1 Night LV DRM with its EX.

use asl_pto_core::map::LEVEL;
use asl_pto_core::rules::night::concealment::{
    CloakEvent, CloakingContents, Gain, MfBonus, NightAction, NightAttack, NightAttackKind,
    cloaked_sw_may_fire, cloaked_sw_pp, cloaking_contents, cloaking_counters_allotted,
    cloaking_lost, cloaking_mf, cloaking_mf_increase, gain_at_night, loses_concealment, may_cloak,
    mf_left_when_revealed, night_lv_drm,
};

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

// --- E1.422 one Cloaking counter's units move together ------------------------------------------

/// The walk of `night_cloak_split` (edited by `edits`) run to its end: the state and the events.
fn cloak_split(
    edits: &[(&str, &str)],
) -> (
    asl_pto_core::state::GameState,
    Vec<asl_pto_core::play::Event>,
) {
    let mut m = crate::scenarios::game(
        crate::scenarios::fixture_edited("night_cloak_split", edits),
        1,
    );
    while m.run_next() {}
    (m.state.clone(), m.log.clone())
}

#[test]
fn e1_422_a_unit_split_off_from_its_cloaking_counter_with_none_to_spare_loses_cloaking() {
    // A helper's finding: a 9-1 left his squad's Cloaking counter and both stayed Cloaked in
    // two Locations, one counter more than the side is allotted (E1.411: one a squad). As the MPh ends
    // the one that split off (the fewer squad-equivalents: the leader) is placed onboard
    // unconcealed (E1.43); the squad keeps its counter.
    let (st, log) = cloak_split(&[]);
    let unit = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap();
    assert!(unit("us1").cloaked, "the squad keeps its counter");
    assert!(!unit("usL").cloaked && !unit("usL").concealed);
    let lost: Vec<_> = log
        .iter()
        .filter(|e| e.rule.as_deref() == Some("E1.422"))
        .collect();
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!(lost[0].unit.as_deref(), Some("usL"));
    assert_eq!(lost[0].phase, "DFPh", "{:?}", lost[0]);
    assert!(
        lost[0].text.contains("no Cloaking counter to spare"),
        "{}",
        lost[0].text
    );
    // Back together under one counter before the MPh ends, both keep Cloaking.
    let (st, log) = cloak_split(&[
        ("act: Move(\"usL\", \"C5\")", "act: Move(\"usL\", \"D4\")"),
        ("(act: Move(\"usL\", \"C6\")),", ""),
    ]);
    assert!(
        st.units
            .iter()
            .filter(|u| u.unit.side() == asl_pto_core::model::Side::Allied)
            .all(|u| u.cloaked)
    );
    assert!(
        log.iter().all(|e| e.rule.as_deref() != Some("E1.422")),
        "{log:?}"
    );
    // Two squads are allotted two counters (E1.411): the second squad goes off under the
    // counter to spare and both keep Cloaking (a review's finding).
    let (st, log) = cloak_split(&[(
        "(id: \"usL\", nationality: American, counter: \"9-1\"",
        "(id: \"usL\", nationality: American, counter: \"7-6-8\"",
    )]);
    assert_eq!(
        st.units.iter().filter(|u| u.cloaked).count(),
        2,
        "{:?}",
        st.units
    );
    assert!(
        log.iter().all(|e| e.rule.as_deref() != Some("E1.422")),
        "{log:?}"
    );
}

/// E1.43 "Cloaked status is lost, and replaced by its unconcealed actual contents (if any)":
/// the squad of a Cloaked stack fires (an attack: E1.43), and the whole Cloaking counter goes
/// with its Cloaking, the 9-1 placed onboard unconcealed too; alone in another Location, a
/// Cloaked half-squad keeps its own counter.
#[test]
fn e1_43_a_cloaking_counter_is_lost_whole_when_one_of_its_units_loses_cloaking() {
    use crate::board::{loc, plain, setting, situation, unit};
    use asl_pto_core::counters::Nationality;
    use asl_pto_core::game::{Dice, apply};
    use asl_pto_core::model::{Phase, Side};
    use asl_pto_core::rules::orders::Order;
    let b = plain();
    let cloak = |mut u: asl_pto_core::rules::situation::UnitAt| {
        u.cloaked = true;
        u.concealed = true;
        u
    };
    let units = vec![
        cloak(unit(&b, "us1", Nationality::American, "7-6-8", "C5")),
        cloak(unit(&b, "usL", Nationality::American, "9-1", "C5")),
        cloak(unit(&b, "us2", Nationality::American, "3-3-8", "C6")),
        unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5"),
    ];
    let mut st = situation(&b, Phase::PrepFire, Side::Allied, units).state;
    st.night.nvr = Some(2);
    let said = apply(
        &mut st,
        &setting(&b),
        &Order::Fire {
            units: vec!["us1".into()],
            at: loc(&b, "E5"),
        },
        &mut Dice::new(1),
    );
    let unit = |id: &str| st.units.iter().find(|u| u.unit.id == id).unwrap();
    assert!(!unit("us1").cloaked, "{said:?}");
    assert!(!unit("usL").cloaked && !unit("usL").concealed, "{said:?}");
    assert!(unit("us2").cloaked, "another counter: {said:?}");
    let with = said
        .iter()
        .find(|e| e.unit.as_deref() == Some("usL"))
        .expect("usL revealed");
    assert_eq!(with.rule.as_deref(), Some("E1.43"), "{with:?}");
}

/// E1.43 (a review's finding): the counter-mates of a unit that lost Cloaking are those it was
/// Cloaked with before the order, not those where it ends: us1 left usL's counter in C5 and
/// lost Cloaking stepping into C6, where us2 stands under a counter of its own: us2 keeps it,
/// and so does usL, whose counter us1 left (a split, E1.422); stacked together still, usL goes
/// with us1.
#[test]
fn e1_43_the_counter_lost_is_the_one_the_unit_was_under_not_the_stack_it_entered() {
    use crate::board::{loc, plain, situation, unit};
    use asl_pto_core::counters::Nationality;
    use asl_pto_core::model::{Phase, Side};
    use asl_pto_core::rules::orders::cloaking::counter_lost_with;
    let b = plain();
    let cloak = |mut u: asl_pto_core::rules::situation::UnitAt| {
        u.cloaked = true;
        u.concealed = true;
        u
    };
    let units = vec![
        unit(&b, "us1", Nationality::American, "7-6-8", "C6"),
        cloak(unit(&b, "usL", Nationality::American, "9-1", "C5")),
        cloak(unit(&b, "us2", Nationality::American, "7-6-8", "C6")),
    ];
    let s = situation(&b, Phase::Movement, Side::Allied, units);
    let before = [
        ("us1".to_string(), loc(&b, "C5")),
        ("usL".to_string(), loc(&b, "C5")),
        ("us2".to_string(), loc(&b, "C6")),
    ];
    let lost: Vec<String> = counter_lost_with(&s, &before)
        .into_iter()
        .map(|(id, c)| {
            assert_eq!(c.rule, "E1.43");
            id
        })
        .collect();
    assert!(lost.is_empty(), "{lost:?}");
    let units = vec![
        unit(&b, "us1", Nationality::American, "7-6-8", "C5"),
        cloak(unit(&b, "usL", Nationality::American, "9-1", "C5")),
        cloak(unit(&b, "us2", Nationality::American, "7-6-8", "C6")),
    ];
    let s = situation(&b, Phase::Movement, Side::Allied, units);
    let lost: Vec<String> = counter_lost_with(&s, &before)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(lost, ["usL"]);
}
