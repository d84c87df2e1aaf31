//! E1 night movement (`rules::night::movement`): E1.51 night MF in Concealment Terrain (and
//! G11.96 caves, E1.421 Cloaking counters), E1.53-E1.533 straying and its Movement DR, E1.55 and
//! E1.551 Jitter Fire, and E1.421's +1 to the Falling DR.

use asl_pto_core::rules::night::movement::{
    Entered, FallingOutcome, JITTER_TABLE, JitterOutcome, JitterRow, JitterUnit, JitterWho,
    NightClass, StrayStart, closest_defender_hexes, falling_dr, infantry_entry_mf, jitter_fire,
    movement_dr, movement_dr_required, still_straying, unit_jitter_fires,
};

use super::hex;

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
    // The built-in tables' B11.41 threshold (12; NOT FROM THE SEEDS).
    let falls_at = asl_pto_core::rules::tables::Tables::builtin().falling_dr_falls_at;
    assert_eq!(falls_at, 12);
    let night = falling_dr(11, true, falls_at);
    assert_eq!(night.final_dr, 12);
    assert_eq!(night.outcome, FallingOutcome::Falls);
    assert_eq!(night.rule, "E1.421");
    let day = falling_dr(11, false, falls_at);
    assert_eq!(day.final_dr, 11);
    assert_eq!(day.outcome, FallingOutcome::Safe);
    assert_eq!(falling_dr(10, true, falls_at).outcome, FallingOutcome::Safe);
    // A player's table with another threshold is the one the ruling uses.
    assert_eq!(falling_dr(10, true, 11).outcome, FallingOutcome::Falls);
}

/// E1.51 on a daytime cost that is not a whole MF: kunai's 1.5 MF (G.6) at night is 2.5 MF, and
/// the move's text says so (it read "2 MF daytime cost +1 ... = 3 MF" beside the 2.5 spent).
#[test]
fn e1_51_kunai_at_night_costs_its_one_and_a_half_mf_plus_one_and_says_so() {
    use asl_pto_core::los::Location;
    let s = crate::scenarios::demo("jungle_night");
    let (caves, _) = s.cave_system();
    let at = |h: &str| Location::Ground(s.map.hex(h).unwrap());
    let c = asl_pto_core::rules::caves::entry::cost(&s.map, &caves, &at("E4"), &at("F4"), true);
    assert_eq!(c.mf, Some(2.5), "{}", c.reason);
    assert!(
        c.reason
            .contains("E1.51: 1.5 MF daytime cost +1 for entering a Concealment Terrain Location at night = 2.5 MF"),
        "{}",
        c.reason
    );
    let day = asl_pto_core::rules::caves::entry::cost(&s.map, &caves, &at("E4"), &at("F4"), false);
    assert_eq!(day.mf, Some(1.5), "{}", day.reason);
}
