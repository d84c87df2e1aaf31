//! G11.834-G11.851: the other weapons vs caves. FT (G11.834), SCW (G11.835), Canister
//! (G11.836), OBA and the cave NMC (G11.84-G11.841), SMOKE and WP in caves, and the higher caves
//! a WP counter reveals when removed (G11.85-G11.851).

use asl_pto::rules::caves::attack::*;

use super::{cave, cliff, side};
use crate::common::plain_map;

// --- G11.834-G11.836 --------------------------------------------------------------------------

#[test]
fn g11_834_ft_in_a_non_depression_hex_also_attacks_accessible_caves_quartered() {
    let (_, c) = cliff();
    let acc = c.accessible_caves("G");
    assert_eq!(acc, ["A", "M"]);
    let acc: Vec<&str> = acc.iter().map(String::as_str).collect();
    let a = ft_vs_cave(24, "G", cave(&c, "G").in_depression, &acc);
    let got: Vec<(&str, f64)> = a.iter().map(|x| (x.cave.as_str(), x.fp)).collect();
    assert_eq!(got, [("G", 24.0), ("A", 6.0), ("M", 6.0)]);
    assert!(a.iter().all(|x| x.same_original_dr));
}

#[test]
fn g11_834_ft_in_a_depression_hex_attacks_only_its_target() {
    let (_, c) = cliff();
    let k = cave(&c, "K");
    let acc = c.accessible_caves("K");
    assert_eq!(acc, ["J", "L"]);
    let acc: Vec<&str> = acc.iter().map(String::as_str).collect();
    let a = ft_vs_cave(24, "K", k.in_depression, &acc);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].cave, "K");
}

#[test]
fn g11_835_scw_desperation_penalty_from_a_cave() {
    assert!(!scw_desperation(Scw::Piat, true, false, false).holds);
    assert!(!scw_desperation(Scw::Piat, false, false, false).holds);
    assert!(scw_desperation(Scw::Other, false, false, false).holds);
    assert!(!scw_desperation(Scw::Other, false, true, false).holds);
    assert!(!scw_desperation(Scw::Other, false, false, true).holds);
    // Upper-Cliff: always, even with Opportunity Fire or Case C3.
    assert!(scw_desperation(Scw::Other, true, true, true).holds);
}

#[test]
fn g11_835_play_aid_heat_may_be_fired_at_infantry_or_a_gun_in_a_cave() {
    assert!(heat_vs_cave(CaveOccupant::Infantry).allowed);
    let r = heat_vs_cave(CaveOccupant::Gun);
    assert!(r.allowed);
    assert!(r.reason.contains("Gun"));
}

#[test]
fn g11_836_canister_fp_is_halved_vs_a_cave() {
    assert_eq!(canister_fp_vs_cave(12).fp, 6.0);
    assert_eq!(canister_fp_vs_cave(5).fp, 2.5);
}

#[test]
fn g11_836_canister_affects_predesignated_in_los_caves_and_nearby_above_ground_locations() {
    let cave = |p, l| CanisterLocation::Cave {
        predesignated: p,
        in_los: l,
    };
    assert!(canister_affects(&cave(true, true)).allowed);
    assert!(!canister_affects(&cave(false, true)).allowed);
    assert!(!canister_affects(&cave(true, false)).allowed);
    let above = |level| CanisterLocation::AboveGround {
        level,
        attacked_cave_levels: vec![1],
    };
    assert!(canister_affects(&above(2)).allowed);
    assert!(canister_affects(&above(0)).allowed);
    assert!(!canister_affects(&above(3)).allowed);
}

// --- G11.84-G11.841 ---------------------------------------------------------------------------

#[test]
fn g11_84_oba_affects_a_cave_only_across_its_ca_hexside() {
    let ca = side("W9-W10");
    let r = oba_vs_cave(&plain_map(), false, ca, Some(side("W10-W9")));
    assert!(r.allowed, "{}", r.reason);
    assert!(!oba_vs_cave(&plain_map(), false, ca, Some(side("W9-X9"))).allowed);
    assert!(!oba_vs_cave(&plain_map(), false, ca, None).allowed);
    assert!(!oba_vs_cave(&plain_map(), true, ca, Some(ca)).allowed);
}

#[test]
fn g11_841_cave_nmc_at_morale_11() {
    let pass = bombardment_nmc(11, false);
    assert!(pass.passed && !pass.eliminated);
    let fail = bombardment_nmc(12, false);
    assert!(!fail.passed && fail.eliminated && !fail.secret);
    let hidden = bombardment_nmc(12, true);
    assert!(hidden.eliminated && hidden.secret);
    assert!(!bombardment_nmc(2, true).secret);
}

// --- G11.85-G11.851 SMOKE, WP -----------------------------------------------------------------

#[test]
fn g11_85_ex_plus_three_smoke_in_a_cave_blocks_outgoing_los() {
    let r = cave_smoke_outgoing(3, 0);
    assert_eq!(r.drm, 6);
    assert!(r.blocked);
    // Dispersed (+2): +4, not blocked alone, blocked with +2 more hindrance.
    assert!(!cave_smoke_outgoing(2, 0).blocked);
    assert!(cave_smoke_outgoing(2, 2).blocked);
}

#[test]
fn g11_85_smoke_grenades_from_above_ground_need_a_thrown_dc_dr_of_3() {
    let from = SmokePlacer::AboveGround {
        could_throw_dc: true,
    };
    assert_eq!(smoke_grenade_in_cave(from, 3).outcome, SmokeOutcome::InCave);
    let miss = smoke_grenade_in_cave(from, 4);
    assert_eq!(miss.outcome, SmokeOutcome::EntranceBaseLevel);
    assert!(!miss.wp_nmc_possible);
    let nowhere = SmokePlacer::AboveGround {
        could_throw_dc: false,
    };
    assert_eq!(
        smoke_grenade_in_cave(nowhere, 1).outcome,
        SmokeOutcome::None
    );
    assert_eq!(
        smoke_grenade_in_cave(SmokePlacer::InCave, 6).outcome,
        SmokeOutcome::InCave
    );
}

fn sherman(original_dr: u32) -> OrdnanceSmoke {
    // Basic (and Modified) TH# 8; +1 BU; a Depletion number of 7 for the sake of the test.
    OrdnanceSmoke {
        th_number: 8,
        other_drm: 1,
        original_dr,
        depletion: 7,
        has_los: true,
        infantry_target_type: true,
    }
}

#[test]
fn g11_85_ex_sherman_smoke_into_cave_b_hits_on_an_original_2_or_3() {
    for dr in [2, 3] {
        let r = ordnance_smoke_in_cave(&sherman(dr));
        assert_eq!(r.outcome, SmokeOutcome::InCave, "{dr}: {}", r.reason);
    }
    // >= 4 but <= the Depletion number: in the Entrance Hex (W5 for cave B).
    for dr in 4..=7 {
        let r = ordnance_smoke_in_cave(&sherman(dr));
        assert_eq!(r.outcome, SmokeOutcome::EntranceBaseLevel, "{dr}");
        assert!(!r.wp_nmc_possible);
    }
    assert_eq!(
        ordnance_smoke_in_cave(&sherman(8)).outcome,
        SmokeOutcome::None
    );
    let mut no_los = sherman(2);
    no_los.has_los = false;
    assert_eq!(ordnance_smoke_in_cave(&no_los).outcome, SmokeOutcome::None);
    let mut area = sherman(2);
    area.infantry_target_type = false;
    assert_eq!(ordnance_smoke_in_cave(&area).outcome, SmokeOutcome::None);
}

#[test]
fn g11_85_smoke_in_a_cave_is_not_in_the_rest_of_its_hex() {
    assert!(smoke_exists_at(Some("B"), Some("B")).holds);
    assert!(!smoke_exists_at(Some("B"), Some("C")).holds);
    assert!(!smoke_exists_at(Some("B"), None).holds);
    assert!(!smoke_exists_at(None, Some("B")).holds);
}

#[test]
fn g11_85_smoke_in_a_cave_is_removed_at_the_end_of_the_player_turn_placed() {
    assert!(cave_smoke_removed(3, 3).holds);
    assert!(!cave_smoke_removed(3, 2).holds);
}

#[test]
fn g11_85_play_aid_wp_in_a_cave_is_a_ch_with_the_tem_reversed() {
    assert_eq!(wp_in_cave(AttackKind::Direct).drm, -4);
    assert_eq!(wp_in_cave(AttackKind::AreaTargetType).drm, -6);
}

fn cliff_nodes() -> Vec<CaveNode> {
    [("A", 0), ("G", 1), ("M", 2), ("J", 0), ("K", 0), ("L", 0)]
        .into_iter()
        .map(|(id, level)| CaveNode {
            id: id.into(),
            level,
            hidden: true,
            complex: None,
        })
        .collect()
}

const CLIFF_ACCESSIBLE: [(&str, &str); 5] =
    [("A", "G"), ("G", "M"), ("J", "K"), ("K", "L"), ("J", "L")];

#[test]
fn g11_851_ex_wp_in_cave_a_reveals_g_and_m() {
    let r = wp_reveals("A", &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["G", "M"]);
}

#[test]
fn g11_851_ex_wp_in_cave_g_reveals_only_m() {
    let r = wp_reveals("G", &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["M"]);
}

#[test]
fn g11_851_ex_wp_in_cave_m_j_k_or_l_reveals_no_other_cave() {
    for id in ["M", "J", "K", "L"] {
        let r = wp_reveals(id, &cliff_nodes(), &CLIFF_ACCESSIBLE, &[]);
        assert!(r.caves.is_empty(), "{id}: {:?}", r.caves);
    }
}

#[test]
fn g11_851_ex_the_cliff_scenario_gives_the_same_reveals() {
    let (s, c) = cliff();
    let all = ["A", "G", "M", "J", "K", "L"];
    assert_eq!(c.wp_reveals(&s.map, "A", &all).caves, ["G", "M"]);
    assert_eq!(c.wp_reveals(&s.map, "G", &all).caves, ["M"]);
    for id in ["M", "J", "K", "L"] {
        assert!(c.wp_reveals(&s.map, id, &all).caves.is_empty(), "{id}");
    }
}

#[test]
fn g11_851_wp_rises_through_a_revealed_cave_and_lists_only_hidden_ones() {
    let mut nodes = cliff_nodes();
    nodes[1].hidden = false; // G already onboard
    let r = wp_reveals("A", &nodes, &CLIFF_ACCESSIBLE, &[]);
    assert_eq!(r.caves, ["M"]);
}

#[test]
fn g11_851_play_aid_complex_caves_and_tunnel_openings_only_if_higher() {
    let node = |id: &str, level| CaveNode {
        id: id.into(),
        level,
        hidden: true,
        complex: Some("A".into()),
    };
    let nodes = [node("C", 1), node("B", 1), node("A", 1), node("D", 2)];
    let openings = [
        TunnelOpening {
            complex: "A".into(),
            at: "X6".into(),
            level: 2,
        },
        TunnelOpening {
            complex: "A".into(),
            at: "T6".into(),
            level: 0,
        },
    ];
    let r = wp_reveals("C", &nodes, &[("B", "C")], &openings);
    assert_eq!(r.caves, ["D"]);
    assert_eq!(r.tunnel_openings, ["X6"]);
}
