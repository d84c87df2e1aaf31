//! `rules::orders::fire` (A7/A8 Fire; E1.7, E1.75, E1.8, E1.101, E1.43; G.3; G11.8, G11.81,
//! G11.812; G1.4231) and `rules::orders::jitter` (E1.55-E1.552, E1.6), over boards built in
//! code.

use asl_pto_core::counters::Nationality;
use asl_pto_core::map::{BuildingKind, Map, Terrain};
use asl_pto_core::model::{FireMark, Phase, Side};
use asl_pto_core::rules::caves::CaveSystem;
use asl_pto_core::rules::night::movement::{JitterOutcome, NightClass};
use asl_pto_core::rules::orders::fire::{FirePlan, fire, leadership_drm};
use asl_pto_core::rules::orders::jitter::{jitter_fire, night_class};

use super::*;

/// An open plain, 20 x 10 (by day, nothing on it).
fn open() -> Board {
    Board {
        map: Map::new(None, 20, 10, 0, Terrain::Open),
        caves: CaveSystem::default(),
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn moved(mut u: UnitAt) -> UnitAt {
    u.unit.mf_spent = 1.0;
    u
}

fn marked(mut u: UnitAt, m: FireMark) -> UnitAt {
    u.unit.fired = Some(m);
    u
}

fn prep(b: &Board, units: Vec<UnitAt>) -> Situation<'_> {
    situation(b, Phase::PrepFire, Side::Allied, units)
}

fn drm_rules(p: &FirePlan) -> Vec<(&'static str, i32)> {
    p.drm.iter().map(|d| (d.rule, d.drm)).collect()
}

// --- FP and range -------------------------------------------------------------------------

#[test]
fn a7_fire_within_normal_range_uses_the_printed_fp() {
    let b = open();
    let s = prep(&b, vec![us(&b, "us1", "C3"), jp(&b, "jp1", "G3")]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "G3")));
    assert_eq!(p.fp[0].range, 4);
    assert_eq!(p.total_fp, 7.0);
    assert_eq!(p.column, 6);
    assert_eq!(p.mark, FireMark::PrepFire);
    assert_eq!(p.targets, ["jp1"]);
    assert!(p.drm.is_empty(), "{:?}", p.drm);
}

#[test]
fn a7_fire_beyond_normal_range_is_halved() {
    let b = open();
    let s = prep(&b, vec![us(&b, "us1", "A3"), jp(&b, "jp1", "I3")]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "I3")));
    assert_eq!(p.fp[0].range, 8);
    assert_eq!(p.total_fp, 3.5);
    assert_eq!(p.fp[0].factors[0].rule, "A7.22");
    assert_eq!(p.column, 2);
}

#[test]
fn a7_22_fire_beyond_twice_normal_range_is_refused() {
    let b = open();
    let s = prep(&b, vec![us(&b, "us1", "A3"), jp(&b, "jp1", "N3")]);
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "N3")));
    assert_eq!(r.rule, "A7.22");
    assert!(r.reason.contains("range 13"), "{r}");
}

#[test]
fn a7_21_adjacent_fire_is_point_blank_and_doubled() {
    let b = open();
    let s = prep(&b, vec![us(&b, "us1", "C3"), jp(&b, "jp1", "D3")]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.total_fp, 14.0);
    assert_eq!(p.column, 12);
}

#[test]
fn a7_5_a_fire_group_adds_fp_and_needs_adjacent_locations() {
    let b = open();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "C3"),
            us(&b, "us2", "C4"),
            us(&b, "us3", "C7"),
            jp(&b, "jp1", "G3"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1", "us2"]), &loc(&b, "G3")));
    assert_eq!(p.total_fp, 14.0);
    assert_eq!(p.firers, ["us1", "us2"]);
    let r = refused(fire(&s, &ids(&["us1", "us3"]), &loc(&b, "G3")));
    assert_eq!(r.rule, "A7.5");
}

#[test]
fn e1_75_no_multi_location_fire_group_at_night() {
    let b = open();
    let s = at_night(
        prep(
            &b,
            vec![
                us(&b, "us1", "C3"),
                us(&b, "us2", "C4"),
                jp(&b, "jp1", "E3"),
            ],
        ),
        3,
    );
    assert_eq!(
        refused(fire(&s, &ids(&["us1", "us2"]), &loc(&b, "E3"))).rule,
        "E1.75"
    );
    assert!(fire(&s, &ids(&["us1"]), &loc(&b, "E3")).is_ok());
}

/// G.3 EX: squad A (palm trees) may form a FG with squad B (swamp), with squad C (dense
/// jungle) or with squad D (kunai); no other configuration. The EX's board is not in our
/// sources: the four hexes are placed with A adjacent to the three others.
#[test]
fn g_3_ex_palm_trees_squad_groups_with_one_of_swamp_dense_jungle_or_kunai_only() {
    let mut map = Map::new(None, 20, 10, 0, Terrain::Open);
    for (h, t) in [
        ("E5", Terrain::PalmTrees),
        ("E4", Terrain::Swamp),
        ("F5", Terrain::DenseJungle),
        ("D5", Terrain::Kunai),
    ] {
        let h = map.hex(h).unwrap();
        map.set_hex(h, None, Some(t), None);
    }
    let b = Board {
        map,
        caves: CaveSystem::default(),
    };
    for (x, y) in [("E5", "E4"), ("E5", "F5"), ("E5", "D5")] {
        assert!(hex(&b, x).is_adjacent(hex(&b, y)), "{x}-{y}");
    }
    let s = prep(
        &b,
        vec![
            us(&b, "a", "E5"),
            us(&b, "b", "E4"),
            us(&b, "c", "F5"),
            us(&b, "d", "D5"),
            jp(&b, "jp1", "E9"),
        ],
    );
    let target = loc(&b, "E9");
    for pair in [["a", "b"], ["a", "c"], ["a", "d"]] {
        allowed(fire(&s, &ids(&pair), &target));
    }
    for group in [
        vec!["a", "b", "c"],
        vec!["a", "c", "d"],
        vec!["a", "b", "d"],
    ] {
        assert_eq!(refused(fire(&s, &ids(&group), &target)).rule, "G.3");
    }
}

// --- phases and fire counters -------------------------------------------------------------

#[test]
fn a3_only_the_attacker_prep_fires_in_its_pfph() {
    let b = open();
    let s = prep(&b, vec![us(&b, "us1", "C3"), jp(&b, "jp1", "E3")]);
    assert_eq!(refused(fire(&s, &ids(&["jp1"]), &loc(&b, "C3"))).rule, "A3");
    let s = situation(
        &b,
        Phase::Rally,
        Side::Allied,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "E3")],
    );
    assert_eq!(refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3"))).rule, "A3");
}

#[test]
fn a8_1_defensive_first_fire_attacks_a_location_where_an_attacker_unit_moved() {
    let b = open();
    let units = |moved_too: bool| {
        let u = jp(&b, "jp1", "E3");
        vec![us(&b, "us1", "C3"), if moved_too { moved(u) } else { u }]
    };
    let s = situation(&b, Phase::Movement, Side::Japanese, units(false));
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3"))).rule,
        "A8.1"
    );
    let s = situation(&b, Phase::Movement, Side::Japanese, units(true));
    assert_eq!(
        allowed(fire(&s, &ids(&["us1"]), &loc(&b, "E3"))).mark,
        FireMark::FirstFire
    );
}

#[test]
fn a8_4_a_first_fire_unit_final_fires_only_at_an_adjacent_location() {
    let b = open();
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FirstFire),
            jp(&b, "jp1", "E3"),
            jp(&b, "jp2", "D3"),
        ],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3"))).rule,
        "A8.4"
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.mark, FireMark::FinalFire);
}

#[test]
fn a7_a_unit_that_fired_cannot_fire_again_in_the_phase() {
    let b = open();
    let s = prep(
        &b,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::PrepFire),
            jp(&b, "jp1", "E3"),
        ],
    );
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert!(r.reason.contains("Prep Fire"), "{r}");
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FinalFire),
            jp(&b, "jp1", "D3"),
        ],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "D3"))).rule,
        "A8.4"
    );
}

#[test]
fn a7_25_advancing_fire_is_halved_and_not_by_a_unit_that_prep_fired() {
    let b = open();
    let s = situation(
        &b,
        Phase::AdvancingFire,
        Side::Allied,
        vec![
            us(&b, "us1", "C3"),
            marked(us(&b, "us2", "C4"), FireMark::PrepFire),
            jp(&b, "jp1", "E3"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert_eq!((p.mark, p.total_fp), (FireMark::AdvancingFire, 3.5));
    assert_eq!(
        refused(fire(&s, &ids(&["us2"]), &loc(&b, "E3"))).rule,
        "A7.25"
    );
}

#[test]
fn a10_a_broken_unit_does_not_fire_and_a_pinned_one_fires_at_half_fp() {
    let b = open();
    let mut broken = us(&b, "us1", "C3");
    broken.unit.broken = true;
    let mut pinned = us(&b, "us2", "C4");
    pinned.unit.pinned = true;
    let s = prep(&b, vec![broken, pinned, jp(&b, "jp1", "E4")]);
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "E4"))).rule,
        "A10"
    );
    assert_eq!(
        allowed(fire(&s, &ids(&["us2"]), &loc(&b, "E4"))).total_fp,
        3.5
    );
}

// --- leaders, targets ---------------------------------------------------------------------

#[test]
fn a7_53_a_leader_directs_units_in_his_location_with_his_modifier() {
    let b = open();
    let leader = |at| unit(&b, "ldr", Nationality::American, "9-1", at);
    let s = prep(
        &b,
        vec![us(&b, "us1", "C3"), leader("C3"), jp(&b, "jp1", "E3")],
    );
    let p = allowed(fire(&s, &ids(&["us1", "ldr"]), &loc(&b, "E3")));
    assert_eq!(drm_rules(&p), [("A7.53", -1)]);
    assert_eq!(p.leader.as_deref(), Some("ldr"));
    assert_eq!(p.total_drm, -1);
    // Alone he has no FP; elsewhere he directs no one.
    assert_eq!(
        refused(fire(&s, &ids(&["ldr"]), &loc(&b, "E3"))).rule,
        "A7.53"
    );
    let s = prep(
        &b,
        vec![us(&b, "us1", "C3"), leader("C4"), jp(&b, "jp1", "E3")],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["us1", "ldr"]), &loc(&b, "E3"))).rule,
        "A7.53"
    );
    assert_eq!(
        (
            leadership_drm("9-2"),
            leadership_drm("8+1"),
            leadership_drm("10-0")
        ),
        (-2, 1, 0)
    );
}

#[test]
fn a7_a_location_holding_friendly_units_or_the_firer_is_not_fired_on() {
    let b = open();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "C3"),
            us(&b, "us2", "E3"),
            jp(&b, "jp1", "E3"),
            jp(&b, "jp2", "C3"),
        ],
    );
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert!(r.reason.contains("friendly unit us2"), "{r}");
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "C3"))).rule,
        "A11"
    );
}

#[test]
fn a6_no_fire_without_a_los_and_the_tem_of_the_target_terrain() {
    let b = woods();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "H5"),
            jp(&b, "jp1", "J5"),
            jp(&b, "jp2", "L5"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "J5")));
    assert_eq!(drm_rules(&p), [("B13.3", 1)]);
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "L5")));
    assert_eq!(r.rule, "A6.2");
}

#[test]
fn g1_4231_a_th_hero_does_not_fire() {
    let b = open();
    let mut h = jp(&b, "jp1.hero", "E3");
    h.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let s = situation(
        &b,
        Phase::PrepFire,
        Side::Japanese,
        vec![h, us(&b, "us1", "C3")],
    );
    assert_eq!(
        refused(fire(&s, &ids(&["jp1.hero"]), &loc(&b, "C3"))).rule,
        "G1.4231"
    );
}

#[test]
fn a7_23_fire_at_only_concealed_units_is_area_fire_but_not_in_a_cave_g11_812() {
    let b = open();
    let mut c = jp(&b, "jp1", "E3");
    c.concealed = true;
    let s = prep(&b, vec![us(&b, "us1", "C3"), c]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "E3")));
    assert_eq!(p.total_fp, 3.5);
    assert_eq!(p.fp[0].factors[0].rule, "A7.23");
    let b = cliff();
    let mut c = jp(&b, "jp1", "cave:G");
    c.concealed = true;
    let s = prep(&b, vec![us(&b, "us1", "U4"), c]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert!(p.fp[0].factors.iter().all(|f| f.rule != "A7.23"), "{p:?}");
    assert!(p.cave.unwrap().reason.contains("neither halves"));
}

// --- caves ----------------------------------------------------------------------------------

#[test]
fn g11_8_a_predesignated_known_cave_is_fired_on_with_its_plus_4_tem() {
    let b = cliff();
    let s = prep(&b, vec![us(&b, "us1", "U4"), jp(&b, "jp1", "cave:G")]);
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert_eq!(drm_rules(&p), [("G11.8", 4)]);
    assert_eq!(p.targets, ["jp1"]);
    assert_eq!(p.cave.as_ref().map(|c| c.rule), Some("G11.81"));
}

#[test]
fn g11_81_a_hidden_cave_cannot_be_the_allies_target() {
    let b = cliff();
    let mut s = prep(&b, vec![us(&b, "us1", "U4"), jp(&b, "jp1", "cave:G")]);
    s.hidden_caves = vec!["G".into()];
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "cave:G")));
    assert_eq!(r.rule, "G11.81");
}

#[test]
fn g11_81_ex_fire_at_a_hex_without_predesignating_affects_no_cave() {
    // The squad fires at S5's Location (the top of the cliff): the caves' occupants in S5 are
    // other Locations and are not attacked.
    let b = cliff();
    let s = prep(
        &b,
        vec![
            us(&b, "us1", "U4"),
            jp(&b, "jp1", "cave:G"),
            jp(&b, "jp2", "S5"),
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "S5")));
    assert_eq!(p.targets, ["jp2"]);
}

// --- night -----------------------------------------------------------------------------------

/// E1.7 EX on a small board of our own (the EX's board 3 is not in our sources): a two-level
/// stone building in R6, woods in T7, grain in T8; the 4-6-7s are American 6-6-7 here and the
/// Russian 5-2-7 a Japanese 4-4-7 (our catalog has neither).
fn e1_7_board() -> Board {
    let mut map = Map::new(Some("3".into()), 24, 10, 0, Terrain::Open);
    for (h, t) in [
        ("R6", Terrain::Building(BuildingKind::Stone, 2)),
        ("T7", Terrain::Woods),
        ("T8", Terrain::Grain),
    ] {
        let h = map.hex(h).unwrap();
        map.set_hex(h, None, Some(t), None);
    }
    Board {
        map,
        caves: CaveSystem::default(),
    }
}

fn e1_7_situation<'b>(b: &'b Board, r6: &str, attacker: Side) -> Situation<'b> {
    at_night(
        situation(
            b,
            Phase::PrepFire,
            attacker,
            vec![
                unit(b, "r6", Nationality::American, "6-6-7", r6),
                unit(b, "t9", Nationality::American, "6-6-7", "T9"),
                jp(b, "jp1", "T7"),
            ],
        ),
        3,
    )
}

#[test]
fn e1_7_ex_woods_tem_only_no_lv_drm_when_woods_a_full_level_higher() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6", Side::Allied);
    let p = allowed(fire(&s, &ids(&["r6"]), &loc(&b, "T7")));
    assert_eq!(drm_rules(&p).iter().map(|d| d.1).sum::<i32>(), 1);
    assert!(drm_rules(&p).contains(&("B13.3", 1)));
    let lv = p.drm.iter().find(|d| d.rule == "E1.7").unwrap();
    assert_eq!(lv.drm, 0, "{}", lv.reason);
}

#[test]
fn e1_7_ex_grain_hindrance_from_t9_and_still_no_lv_drm() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6", Side::Allied);
    let p = allowed(fire(&s, &ids(&["t9"]), &loc(&b, "T7")));
    assert_eq!(p.total_drm, 2);
    assert!(drm_rules(&p).contains(&("A6.8", 1)));
    assert!(drm_rules(&p).contains(&("E1.7", 0)));
}

#[test]
fn e1_7_ex_from_the_buildings_first_level_the_lv_drm_applies() {
    let b = e1_7_board();
    let s = e1_7_situation(&b, "R6@1", Side::Allied);
    let p = allowed(fire(&s, &ids(&["r6"]), &loc(&b, "T7")));
    assert!(drm_rules(&p).contains(&("E1.7", 1)));
    assert_eq!(p.total_drm, 2);
}

#[test]
fn e1_7_ex_return_fire_at_r6_has_no_lv_drm_whatever_its_level() {
    let b = e1_7_board();
    for r6 in ["R6", "R6@1"] {
        let s = e1_7_situation(&b, r6, Side::Japanese);
        let p = allowed(fire(&s, &ids(&["jp1"]), &loc(&b, r6)));
        assert!(drm_rules(&p).contains(&("E1.7", 0)), "{r6}: {:?}", p.drm);
        assert!(drm_rules(&p).contains(&("B23.3", 3)), "{r6}");
    }
}

#[test]
fn e1_101_beyond_nvr_only_a_gunflash_location_is_fired_on() {
    let b = open();
    let mut s = at_night(prep(&b, vec![us(&b, "us1", "C3"), jp(&b, "jp1", "F3")]), 2);
    assert_eq!(
        refused(fire(&s, &ids(&["us1"]), &loc(&b, "F3"))).rule,
        "E1.1"
    );
    s.gunflashes = vec![loc(&b, "F3")];
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "F3")));
    assert_eq!(p.fp[0].range, 3);
}

#[test]
fn e1_8_a_unit_that_fires_at_night_marks_its_location_with_a_gunflash() {
    let b = open();
    let units = vec![us(&b, "us1", "C3"), jp(&b, "jp1", "D3")];
    let day = prep(&b, units.clone());
    let p = allowed(fire(&day, &ids(&["us1"]), &loc(&b, "D3")));
    assert!(p.gunflashes.is_empty() && p.gunflash.is_none());
    let night = at_night(prep(&b, units), 2);
    let p = allowed(fire(&night, &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.gunflashes, [loc(&b, "C3")]);
    assert_eq!(p.gunflash.unwrap().rule, "E1.8");
    assert!(p.vs_enemy);
}

#[test]
fn e1_43_a_cloaked_firer_loses_cloaking_and_a_concealed_one_keeps_unseen() {
    let b = open();
    let mut c = us(&b, "us1", "C3");
    c.cloaked = true;
    c.concealed = true;
    let mut q = us(&b, "us2", "C3");
    q.concealed = true;
    // The Japanese squad is broken: no Good Order enemy sees the firers.
    let mut target = jp(&b, "jp1", "D3");
    target.unit.broken = true;
    let s = at_night(prep(&b, vec![c, q, target]), 2);
    let p = allowed(fire(&s, &ids(&["us1", "us2"]), &loc(&b, "D3")));
    let r1 = p.reveals.iter().find(|r| r.unit == "us1").unwrap();
    assert_eq!((r1.rule, r1.concealed_after), ("E1.43", false));
    let r2 = p.reveals.iter().find(|r| r.unit == "us2").unwrap();
    assert_eq!((r2.rule, r2.concealed_after), ("E1.8", true));
}

// --- E1.55 Jitter Fire ------------------------------------------------------------------------

fn jitter_board(b: &Board, gunflash: bool) -> Situation<'_> {
    let mut s = at_night(
        situation(
            b,
            Phase::Movement,
            Side::Allied,
            vec![
                us(b, "us1", "A3"),
                jp(b, "jp1", "C3"),
                unit(b, "jp2", Nationality::Japanese, "3-3-6", "C3"),
                jp(b, "jp3", "H3"),
            ],
        ),
        2,
    );
    s.gunflash_vs_enemy = gunflash;
    s
}

#[test]
fn e1_55_no_jitter_fire_before_a_gunflash_vs_an_enemy_unit() {
    let b = open();
    let s = jitter_board(&b, false);
    let p = jitter_fire(&s, "us1", 1, 1);
    assert!(p.check.row.is_none() && p.units.is_empty());
}

#[test]
fn e1_55_doubles_2_the_closest_defender_jitter_fires_and_is_marked() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 1, 1);
    assert_eq!(p.chosen, Some(hex(&b, "C3")));
    let firing: Vec<(&str, FireMark)> = p.firing().map(|d| (d.unit.as_str(), d.mark)).collect();
    assert_eq!(
        firing,
        [("jp1", FireMark::FirstFire), ("jp2", FireMark::FirstFire)]
    );
}

#[test]
fn e1_55_doubles_4_a_stealthy_closest_defender_does_not_jitter_fire() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 2, 2);
    let firing: Vec<&str> = p.firing().map(|d| d.unit.as_str()).collect();
    // jp1 (1st-Line 4-4-7) is Stealthy (G1.6); jp2 (Conscript 3-3-6) is Lax.
    assert_eq!(firing, ["jp2"]);
}

#[test]
fn e1_55_doubles_8_and_12_the_moving_unit_jitter_fires_unless_normal() {
    let b = open();
    let s = jitter_board(&b, true);
    let p = jitter_fire(&s, "us1", 4, 4);
    assert_eq!(p.units.len(), 1);
    assert_eq!(p.units[0].result.outcome, JitterOutcome::Exempt);
    let p = jitter_fire(&s, "us1", 6, 6);
    assert_eq!(p.units[0].result.outcome, JitterOutcome::Fires);
    assert_eq!(p.units[0].mark, FireMark::BoundingFire);
}

#[test]
fn e1_551_a_final_fire_unit_and_a_leader_are_exempt() {
    let b = open();
    let mut s = jitter_board(&b, true);
    s.units = vec![
        us(&b, "us1", "A3"),
        marked(jp(&b, "jp1", "C3"), FireMark::FinalFire),
        unit(&b, "ldr", Nationality::Japanese, "9-1", "C3"),
    ];
    let p = jitter_fire(&s, "us1", 1, 1);
    assert_eq!(p.units.len(), 2);
    assert!(p.firing().next().is_none(), "{:?}", p.units);
}

#[test]
fn e1_6_night_classes() {
    let b = open();
    let class = |u: UnitAt| night_class(&u.unit).0;
    assert_eq!(class(us(&b, "a", "A1")), NightClass::Normal);
    assert_eq!(class(jp(&b, "b", "A1")), NightClass::Stealthy);
    assert_eq!(
        class(unit(&b, "c", Nationality::Japanese, "3-3-6", "A1")),
        NightClass::Lax
    );
    assert_eq!(
        class(unit(&b, "d", Nationality::American, "8-1", "A1")),
        NightClass::Stealthy
    );
    assert_eq!(
        class(unit(&b, "e", Nationality::Australian, "4-4-7", "A1")),
        NightClass::Stealthy
    );
}
