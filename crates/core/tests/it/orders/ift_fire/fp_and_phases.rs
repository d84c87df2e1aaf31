//! A7/A8 Fire, FP and the phases: the printed FP, range (A7.2x: Long Range, twice normal
//! range, Point Blank Fire), Fire Groups (A7.5; E1.75 none multi-Location at night; G.3 PTO
//! terrain); and who fires when with which fire counter (A3 Prep Fire, A8.1 Defensive First
//! Fire, A8.4 Final Fire, A7.25 Advancing Fire, no second fire in a phase, A10 broken and
//! pinned firers).

use asl_pto_core::model::{FireMark, Phase, Side};
use asl_pto_core::rules::orders::fire::fire;

use super::*;

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
/// sources: the four hexes are placed with A adjacent to the three others
/// (tests/scenarios/g_3_ex.ron).
#[test]
fn g_3_ex_palm_trees_squad_groups_with_one_of_swamp_dense_jungle_or_kunai_only() {
    let b = crate::board::board_of(&crate::scenarios::fixture("g_3_ex"));
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

/// A8.1 (the eASLRB's text, not from the seeds): "Defensive First Fire attacks affect only
/// the moving unit/stack regardless of other units that occupy the same ... hexes", and "once
/// another unit begins movement ... previously moved units are no longer subject to Defensive
/// First Fire attack"; MF spent without moving (a Search, A12.152) makes a unit the moving one
/// too ("placing SMOKE grenades, SW Recovery, etc.").
#[test]
fn a8_1_first_fire_attacks_only_the_unit_moving_now() {
    use asl_pto_core::game::Dice;
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let mut st = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            us(&b, "us1", "C3"),
            jp(&b, "jp1", "F3"),
            jp(&b, "jp2", "E3"),
            jp(&b, "jp3", "G5"),
        ],
    )
    .state;
    let first_fire = |st: &asl_pto_core::state::GameState| {
        fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "E3"))
    };
    // No one has moved: no First Fire.
    assert_eq!(refused(first_fire(&st)).rule, "A8.1");
    // jp1 joins jp2 (which has not moved) in E3: only jp1 is attacked, and with FFNAM and
    // FFMO (the Open Ground), as it alone is the target.
    play(&mut st, &set, step("jp1", loc(&b, "E3")), 1);
    assert_eq!(st.tallies.moving, ["jp1"]);
    let p = allowed(first_fire(&st));
    assert_eq!(p.targets, ["jp1"]);
    let ffnam = p
        .drm
        .iter()
        .filter(|d| d.reason.starts_with("FFNAM"))
        .count();
    let ffmo = p
        .drm
        .iter()
        .filter(|d| d.reason.starts_with("FFMO"))
        .count();
    assert_eq!((ffnam, ffmo), (1, 1), "{:?}", p.drm);
    // jp3 begins to move: jp1 is no longer subject to First Fire.
    play(&mut st, &set, step("jp3", loc(&b, "G4")), 1);
    assert_eq!(st.tallies.moving, ["jp3"]);
    let r = refused(first_fire(&st));
    assert_eq!(r.rule, "A8.1");
    assert!(r.reason.contains("none is moving in E3"), "{}", r.reason);
    assert_eq!(
        allowed(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "G4"))).targets,
        ["jp3"]
    );
    // jp2 Searches: it spends MF in E3 and is the unit First Fire may attack there.
    play(
        &mut st,
        &set,
        Order::Search {
            unit: "jp2".into(),
            hex: crate::board::hex(&b, "D3"),
        },
        1,
    );
    assert_eq!(st.tallies.moving, ["jp2"]);
    assert_eq!(allowed(first_fire(&st)).targets, ["jp2"]);
    // The MPh over, no unit is moving.
    st.phase = Phase::DefensiveFire;
    asl_pto_core::game::begin_phase(&mut st, &set, &mut Dice::new(1));
    assert!(st.tallies.moving.is_empty());
}

#[test]
fn a8_4_a_first_fire_unit_final_fires_only_at_an_adjacent_location_as_area_fire() {
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
    // A7.353 / A8.4: as Area Fire, at half FP: 7 x2 Point Blank Fire x1/2 = 7, the 6 column.
    assert_eq!(p.total_fp, 7.0);
    assert_eq!(p.column, 6);
    assert!(
        p.fp[0]
            .factors
            .iter()
            .any(|f| f.rule == "A8.4" && f.factor == 0.5),
        "{:?}",
        p.fp[0].factors
    );
    // Unmarked, the same unit Final Fires at full FP.
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![us(&b, "us1", "C3"), jp(&b, "jp2", "D3")],
    );
    assert_eq!(
        allowed(fire(&s, &ids(&["us1"]), &loc(&b, "D3"))).total_fp,
        14.0
    );
    // Area Fire halves once (A7.23): at a concealed unit, still 7.
    let mut c = jp(&b, "jp2", "D3");
    c.concealed = true;
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![marked(us(&b, "us1", "C3"), FireMark::FirstFire), c],
    );
    assert_eq!(
        allowed(fire(&s, &ids(&["us1"]), &loc(&b, "D3"))).total_fp,
        7.0
    );
}

/// A8.3 (not in our sources: our reading of two public sources and of E1.551's "closer to a
/// Known enemy unit"): a unit marked First Fire fires again in the same MPh, Subsequent First
/// Fire, at the unit moving now within its Normal Range, only if no Known enemy unit is closer
/// to it, as Area Fire at half FP, and is then marked Final Fire: in that MPh it fires again
/// only as FPF (A8.31), and not in the DFPh.
#[test]
fn a8_3_subsequent_first_fire_at_the_closest_known_enemy_at_half_fp_then_final_fire() {
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let mut st = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FirstFire),
            jp(&b, "jp1", "F3"),
            jp(&b, "jp2", "D2"),
        ],
    )
    .state;
    // jp1 moves to E3, two hexes off, while jp2 (Known, not moving) stands beside us1 in D2:
    // jp1 is not the closest Known enemy unit.
    play(&mut st, &set, step("jp1", loc(&b, "E3")), 3);
    let r = refused(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "E3")));
    assert_eq!(r.rule, "A8.3");
    assert!(
        r.reason.contains("only at the closest Known enemy unit"),
        "{r}"
    );
    assert!(r.reason.contains("jp2 in D2 is 1 hex off, E3 2"), "{r}");
    // jp1 moves on into D3, ADJACENT like jp2 (an equally close one does not bar it):
    // Subsequent First Fire at it, 7 x2 PBF x1/2 = 7 FP on the 6 column, with FFNAM and FFMO
    // (a First Fire attack at the moving unit).
    play(&mut st, &set, step("jp1", loc(&b, "D3")), 3);
    let p = allowed(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.targets, ["jp1"]);
    assert_eq!((p.total_fp, p.column), (7.0, 6));
    assert!(
        p.fp[0]
            .factors
            .iter()
            .any(|f| f.rule == "A8.3" && f.factor == 0.5),
        "{:?}",
        p.fp[0].factors
    );
    assert!(
        p.drm.iter().any(|d| d.reason.starts_with("FFNAM")),
        "{:?}",
        p.drm
    );
    play(
        &mut st,
        &set,
        Order::Fire {
            units: vec!["us1".into()],
            at: loc(&b, "D3"),
        },
        3,
    );
    let us1 = st.units.iter().find(|u| u.unit.id == "us1").unwrap();
    assert_eq!(us1.unit.fired, Some(FireMark::FinalFire));
    // Marked Final Fire, it fires again this MPh only as FPF (A8.31): jp2, which the attack
    // did not affect, moves into D3 too ...
    play(&mut st, &set, step("jp2", loc(&b, "D3")), 3);
    let p = allowed(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!(p.fpf, ["us1"]);
    // ... nor in the DFPh.
    st.phase = Phase::DefensiveFire;
    let r = refused(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "D3")));
    assert!(r.reason.contains("Final Fire"), "{r}");
}

/// A8.3: Subsequent First Fire reaches as far as the firer's Normal Range when the mover is the
/// closest Known enemy unit (at half FP: 7 /2 = 3.5 at range 4, the 2 column), not beyond it
/// (no Long Range Fire); a concealed enemy unit nearer is not Known and does not bar it.
#[test]
fn a8_3_subsequent_first_fire_reaches_the_normal_range_not_beyond() {
    let b = open();
    let mut near = jp(&b, "jp2", "D3");
    near.concealed = true;
    let s = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FirstFire),
            moved(jp(&b, "jp1", "G3")),
            near,
        ],
    );
    let p = allowed(fire(&s, &ids(&["us1"]), &loc(&b, "G3")));
    assert_eq!(p.fp[0].range, 4);
    assert_eq!(
        (p.total_fp, p.column, p.mark),
        (3.5, 2, FireMark::FirstFire)
    );
    // The 7-6-8's Normal Range is 6: at range 7 it may First Fire once (Long Range, half FP)
    // but not a second time.
    let s = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FirstFire),
            moved(jp(&b, "jp1", "J3")),
        ],
    );
    let r = refused(fire(&s, &ids(&["us1"]), &loc(&b, "J3")));
    assert_eq!(r.rule, "A8.3");
    assert!(
        r.reason.contains("no farther than its Normal Range (6"),
        "{r}"
    );
    let fresh = crate::board::mph(
        &b,
        Side::Japanese,
        vec![us(&b, "us1", "C3"), moved(jp(&b, "jp1", "J3"))],
    );
    assert_eq!(
        allowed(fire(&fresh, &ids(&["us1"]), &loc(&b, "J3"))).total_fp,
        3.5
    );
}

/// A8.3 with a Fire Group in the MPh: a fresh unit and one marked First Fire fire together at
/// the adjacent mover, the fresh one at full FP and the other at half; each gets its own
/// counter after (First Fire, Final Fire). A leader marked First Fire directs fire again only
/// at the closest Known enemy unit, as he would fire.
#[test]
fn a8_3_a_fire_group_of_a_fresh_and_a_first_fire_unit_and_a_first_fire_leader() {
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let mut st = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FirstFire),
            us(&b, "us2", "C3"),
            moved(jp(&b, "jp1", "D3")),
        ],
    )
    .state;
    let p = allowed(fire(
        &st.situation(&set),
        &ids(&["us1", "us2"]),
        &loc(&b, "D3"),
    ));
    // us1: 7 x2 PBF x1/2 = 7; us2: 7 x2 PBF = 14.
    assert_eq!(p.total_fp, 21.0);
    play(
        &mut st,
        &set,
        Order::Fire {
            units: vec!["us1".into(), "us2".into()],
            at: loc(&b, "D3"),
        },
        5,
    );
    let mark = |id: &str| {
        st.units
            .iter()
            .find(|u| u.unit.id == id)
            .unwrap()
            .unit
            .fired
    };
    assert_eq!(mark("us1"), Some(FireMark::FinalFire));
    assert_eq!(mark("us2"), Some(FireMark::FirstFire));
    // A 9-1 marked First Fire and a fresh us3 in C3, jp2 moving in E3, two hexes off, jp3
    // (Known) standing in D2 beside them: us3 alone First Fires at jp2, the 9-1 may not
    // direct it.
    let leader = || {
        marked(
            crate::board::unit(
                &b,
                "usL",
                asl_pto_core::counters::Nationality::American,
                "9-1",
                "C3",
            ),
            FireMark::FirstFire,
        )
    };
    let s = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            leader(),
            us(&b, "us3", "C3"),
            moved(jp(&b, "jp2", "E3")),
            jp(&b, "jp3", "D2"),
        ],
    );
    assert_eq!(
        allowed(fire(&s, &ids(&["us3"]), &loc(&b, "E3"))).mark,
        FireMark::FirstFire
    );
    let r = refused(fire(&s, &ids(&["us3", "usL"]), &loc(&b, "E3")));
    assert_eq!(r.rule, "A8.3");
    assert!(r.reason.contains("leader usL (directing us3)"), "{r}");
    // With no Known enemy nearer, he directs it.
    let s = crate::board::mph(
        &b,
        Side::Japanese,
        vec![leader(), us(&b, "us3", "C3"), moved(jp(&b, "jp2", "E3"))],
    );
    let p = allowed(fire(&s, &ids(&["us3", "usL"]), &loc(&b, "E3")));
    assert!(p.leader.is_some(), "{p:?}");
}

/// A8.31 FPF (not in our sources: a published First Fire flowchart and an ASL players' forum;
/// G1.11/G1.12 name the "FPF MC"): a unit marked Final Fire fires again in the MPh only at a
/// mover in its own or an ADJACENT Location, as Area Fire (7 x2 PBF x1/2 = 7, the 6 column),
/// stays marked Final Fire, and takes the attack's Original IFT DR as its NMC DR: passed (a DR
/// of 8 against Morale 8, which an IFT MC would pin, A7.8; this one does not), it may fire FPF
/// again; failed (an 11), it breaks.
#[test]
fn a8_31_final_protective_fire_at_an_adjacent_mover_its_dr_the_firer_s_nmc() {
    use asl_pto_core::game::{Dice, REFUSED, apply};
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let mut st = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            marked(us(&b, "us1", "C3"), FireMark::FinalFire),
            moved(jp(&b, "jp1", "E3")),
            jp(&b, "jp2", "E2"),
        ],
    )
    .state;
    // Two hexes off: no FPF.
    let r = refused(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "E3")));
    assert_eq!(r.rule, "A8.31");
    assert!(r.reason.contains("only as Final Protective Fire"), "{r}");
    assert!(r.reason.contains("E3 at range 2"), "{r}");
    play(&mut st, &set, step("jp1", loc(&b, "D3")), 3);
    let p = allowed(fire(&st.situation(&set), &ids(&["us1"]), &loc(&b, "D3")));
    assert_eq!((p.total_fp, p.column), (7.0, 6));
    assert_eq!(p.fpf, ["us1"]);
    assert!(
        p.fp[0]
            .factors
            .iter()
            .any(|f| f.rule == "A8.31" && f.factor == 0.5),
        "{:?}",
        p.fp[0].factors
    );
    let fpf = |st: &mut asl_pto_core::state::GameState, at: &str, dice: &[u8]| {
        let said = apply(
            st,
            &set,
            &Order::Fire {
                units: vec!["us1".into()],
                at: loc(&b, at),
            },
            &mut Dice::forced(dice, 9),
        );
        assert!(said.iter().all(|e| e.event != REFUSED), "{said:?}");
        said
    };
    // Original DR 8 (3+5): the NMC passes at Morale 8, no pin; us1 stays marked Final Fire.
    let said = fpf(&mut st, "D3", &[3, 5]);
    let nmc = said
        .iter()
        .find(|e| e.event == "morale_check" && e.unit.as_deref() == Some("us1"))
        .expect("us1's NMC");
    assert_eq!(nmc.dice, Some(vec![3, 5]));
    assert!(
        nmc.text
            .contains("its FPF's Original IFT DR 8 is its NMC DR"),
        "{}",
        nmc.text
    );
    let us1 = |st: &asl_pto_core::state::GameState| {
        st.units
            .iter()
            .find(|u| u.unit.id == "us1")
            .unwrap()
            .unit
            .clone()
    };
    let u = us1(&st);
    assert_eq!(u.fired, Some(FireMark::FinalFire));
    assert!(!u.broken && !u.pinned, "{u:?}");
    // jp2 moves into D2, beside us1: it fires FPF again, on an 11 (5+6): its NMC fails and it
    // breaks.
    play(&mut st, &set, step("jp2", loc(&b, "D2")), 3);
    let said = fpf(&mut st, "D2", &[5, 6]);
    assert!(
        said.iter()
            .any(|e| e.event == "morale_check" && e.unit.as_deref() == Some("us1")),
        "{said:?}"
    );
    assert!(us1(&st).broken, "{:?}", us1(&st));
}

/// G1.125 EX (seed 004), played: "A 3-3-6 ... non-berserk Japanese squad that fails a FPF MC
/// by an amount >= its ELR (but does not roll an Original 12) is exchanged for a broken (and
/// DM) 1-2-6 HS." The Conscript squad, marked Final Fire, fires FPF at an American squad moving
/// beside it; its Original IFT DR 9 is its NMC DR: Morale 6, failed by 3, its ELR.
#[test]
fn g1_125_ex_a_3_3_6_failing_its_fpf_mc_by_its_elr_becomes_a_broken_dm_1_2_6() {
    use asl_pto_core::game::{Dice, REFUSED, apply};
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let conscript = crate::board::unit(
        &b,
        "jp1",
        asl_pto_core::counters::Nationality::Japanese,
        "3-3-6",
        "C3",
    );
    let mut st = crate::board::mph(
        &b,
        Side::Allied,
        vec![
            marked(conscript, FireMark::FinalFire),
            moved(us(&b, "us1", "D3")),
        ],
    )
    .state;
    let said = apply(
        &mut st,
        &set,
        &Order::Fire {
            units: vec!["jp1".into()],
            at: loc(&b, "D3"),
        },
        &mut Dice::forced(&[4, 5], 9),
    );
    assert!(said.iter().all(|e| e.event != REFUSED), "{said:?}");
    let hs: Vec<_> = st
        .units
        .iter()
        .filter(|u| u.unit.nationality == asl_pto_core::counters::Nationality::Japanese)
        .collect();
    assert_eq!(hs.len(), 1, "{hs:?}");
    assert_eq!(hs[0].unit.counter, "1-2-6");
    assert!(hs[0].unit.broken && hs[0].unit.dm, "{:?}", hs[0].unit);
}

/// A8.1 (not from the seeds: an ASL players' forum, "it may fire again at the same enemy unit
/// only if that one has spent another MF", and a published tutorial's Movement Factor
/// Dependency): a unit fires once at each expenditure of MF. us1 First Fires at jp1 stepping
/// into E3; at the same expenditure it may not fire again (its Subsequent First Fire waits),
/// while us2 beside it, which has not fired, may; once jp1 spends more MF (into D3), us1 fires
/// its Subsequent First Fire.
#[test]
fn a8_1_a_unit_fires_once_at_each_expenditure_of_mf() {
    use asl_pto_core::rules::orders::Order;
    let b = open();
    let set = crate::board::setting(&b);
    let mut st = crate::board::mph(
        &b,
        Side::Japanese,
        vec![
            us(&b, "us1", "C3"),
            us(&b, "us2", "C4"),
            jp(&b, "jp1", "F3"),
        ],
    )
    .state;
    let at = |st: &asl_pto_core::state::GameState, who: &str, h: &str| {
        fire(&st.situation(&set), &ids(&[who]), &loc(&b, h))
    };
    let shoot = |st: &mut asl_pto_core::state::GameState, who: &str, h: &str| {
        play(
            st,
            &set,
            Order::Fire {
                units: vec![who.into()],
                at: loc(&b, h),
            },
            4,
        )
    };
    play(&mut st, &set, step("jp1", loc(&b, "E3")), 3);
    assert!(at(&st, "us1", "E3").is_ok());
    shoot(&mut st, "us1", "E3");
    assert!(
        st.units
            .iter()
            .any(|u| u.unit.id == "jp1" && !u.unit.broken),
        "these dice leave jp1 standing: {:?}",
        st.units
    );
    let r = refused(at(&st, "us1", "E3"));
    assert_eq!(r.rule, "A8.1");
    assert!(
        r.reason
            .contains("us1 has already fired at this expenditure of MF in E3"),
        "{r}"
    );
    assert!(at(&st, "us2", "E3").is_ok());
    play(&mut st, &set, step("jp1", loc(&b, "D3")), 3);
    let p = allowed(at(&st, "us1", "D3"));
    assert!(p.fp[0].factors.iter().any(|f| f.rule == "A8.3"), "{p:?}");
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
