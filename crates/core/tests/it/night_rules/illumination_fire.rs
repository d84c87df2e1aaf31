//! E1 firing Illumination (`rules::night::illumination_fire`): E1.921-E1.923 Starshells
//! (usage DR, placement, removal), E1.931 IR, and G.8 Trip Flares (the DR, its DRM, when none
//! is made, the scenario setup).

use asl_pto_core::hex::HexRef;
use asl_pto_core::model::Phase;
use asl_pto_core::rules::night::illumination_fire::{
    Entry, IrFirer, MfFor, StarshellFirer, StarshellUnit, TripFlareAction, TripFlareScenario,
    TripFlareTerrain, TripFlareTrigger, ir_usage, removed_at_end_of, starshell_placement,
    starshell_usage, trip_flare_dr, trip_flare_dr_needed, trip_flare_drm, trip_flare_setup,
};

use super::hex;

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
