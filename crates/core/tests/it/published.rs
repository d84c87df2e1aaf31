//! Chapter A's published charts and values as the game plays them (NOT FROM THE SEEDS: their
//! values live in `assets/tables.ron`, docs/asl-facts.md names the public sources): each test
//! plays a situation and reads the IFT column and result, the CC Kill Number, the rout's MF, the
//! First Fire DRM or the order of Morale Checks from the events the game says, not only from the
//! data file.

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, Said, apply, ift_result_at};
use asl_pto_core::los::Location;
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::ift::IftResult;
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::banzai::{HeatOfBattle, heat_of_battle};
use asl_pto_core::rules::orders::rout::rout_destinations;
use asl_pto_core::rules::orders::units::mc;
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::rules::tables::Tables;
use asl_pto_core::state::GameState;

use crate::board::{Board, jp, loc, plain, setting, situation, unit, us};

fn event<'a>(said: &'a [Said], name: &str) -> &'a Said {
    said.iter()
        .find(|e| e.event == name)
        .unwrap_or_else(|| panic!("no {name} event in {said:?}"))
}

fn dr(e: &Said) -> i32 {
    e.dice.as_ref().unwrap().iter().map(|d| i32::from(*d)).sum()
}

#[test]
fn a7_a_fire_attack_falls_on_the_published_ift_column_and_row() {
    let b = plain();
    let t = Tables::builtin();
    // us1 (7-6-8) adjacent to jp1 in the open: 7 x 2 (PBF) = 14 FP on the 12 column, no DRM.
    for seed in 1..40 {
        let mut st = situation(
            &b,
            Phase::PrepFire,
            Side::Allied,
            vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C4")],
        )
        .state;
        let order = Order::Fire {
            units: vec!["us1".into()],
            at: loc(&b, "C4"),
        };
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        let fire = event(&said, "fire");
        assert!(
            fire.text.contains("= 14 FP on the 12 column"),
            "{}",
            fire.text
        );
        // An Original Doubles with no leader directing Cowers (A7.9, the next test).
        let d = fire.dice.as_ref().unwrap();
        let column = if d[0] == d[1] { 8 } else { 12 };
        let result = t.ift(column, dr(fire));
        assert!(
            fire.text.ends_with(&format!(": {}", result.text())),
            "DR {}: {} is not {}",
            dr(fire),
            fire.text,
            result.text()
        );
    }
    // The published 12 column, row by row (asl-facts.md): 1KIA at DR 2, K/3 at 3, NMC at 9.
    assert_eq!(t.ift(12, 2), IftResult::Kia(1));
    assert_eq!(t.ift(12, 3), IftResult::K(3));
    assert_eq!(t.ift(12, 9), IftResult::Nmc);
    assert_eq!(t.ift(12, 10), IftResult::Ptc);
    assert_eq!(t.ift(12, 11), IftResult::NoEffect);
}

/// A7.9 Cowering (chapter A, not from the seeds: the eASLRB's text): "IFT attacks are adversely
/// affected by any IFT resolution DR that results in Original Doubles unless a leader directs
/// that attack ... resolved on the next lower column of the IFT. An attack on the lowest column
/// which cowers is reduced to no effect at all"; berserk units are exempt.
#[test]
fn a7_9_original_doubles_with_no_leader_directing_cower_one_column_lower() {
    let b = plain();
    let t = Tables::builtin();
    let fire = |leader: bool, seed: u64| {
        let mut units = vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C4")];
        let mut ids = vec!["us1".to_string()];
        if leader {
            units.push(unit(&b, "usL", Nationality::American, "9-1", "C3"));
            ids.push("usL".into());
        }
        let mut st = situation(&b, Phase::PrepFire, Side::Allied, units).state;
        let order = Order::Fire {
            units: ids.iter().map(|i| i.as_str().into()).collect(),
            at: loc(&b, "C4"),
        };
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        event(&said, "fire").clone()
    };
    let (mut cowered, mut led_doubles) = (0, 0);
    for seed in 1..200 {
        // us1 alone: 14 FP on the 12 column; an Original Doubles falls to the 8 column.
        let e = fire(false, seed);
        let d = e.dice.clone().unwrap();
        if d[0] == d[1] {
            cowered += 1;
            assert!(e.text.contains("(A7.9:"), "{}", e.text);
            assert!(e.text.contains("resolved on the 8 column"), "{}", e.text);
            let r = t.ift(8, dr(&e));
            assert!(e.text.ends_with(&format!(": {}", r.text())), "{}", e.text);
        } else {
            assert!(!e.text.contains("A7.9"), "{}", e.text);
        }
        // Directed by a 9-1: never Cowers, whatever the dice (the 12 column, DRM -1).
        let e = fire(true, seed);
        let d = e.dice.clone().unwrap();
        led_doubles += usize::from(d[0] == d[1]);
        assert!(!e.text.contains("A7.9"), "{}", e.text);
        let r = t.ift(12, dr(&e) - 1);
        assert!(e.text.ends_with(&format!(": {}", r.text())), "{}", e.text);
    }
    assert!(cowered > 10 && led_doubles > 10, "{cowered} {led_doubles}");

    // The plan itself: a pinned us1 (half FP) at a concealed jp1 (Area Fire, half FP) two hexes
    // off: 7 x 1/2 x 1/2 = 1.75 FP on the 1 column, the lowest: Doubles leave no effect at all.
    let mut pinned = us(&b, "us1", "C3");
    pinned.unit.pinned = true;
    let mut hid = jp(&b, "jp1", "C5");
    hid.concealed = true;
    let s = situation(&b, Phase::PrepFire, Side::Allied, vec![pinned, hid]);
    let plan = asl_pto_core::rules::orders::fire::fire(&s, &["us1".into()], &loc(&b, "C5"))
        .expect("us1 may fire");
    assert_eq!(plan.column, 1, "{plan:?}");
    let c = plan.cowering.as_ref().expect("no leader directs");
    assert_eq!(c.rule, "A7.9");
    assert!(c.column.is_none(), "{c:?}");
    for d in 1..=6u8 {
        let out = plan.resolve(d, d);
        assert!(out.cowered);
        assert_eq!(out.result, IftResult::NoEffect, "{}", out.text);
        assert!(out.text.contains("no effect"), "{}", out.text);
    }
    // The same DR not Doubles is read on the 1 column: a 2+3 is a 1MC there (DRM 0).
    assert_eq!(plan.total_drm, 0, "{plan:?}");
    assert_eq!(plan.resolve(2, 3).result, t.ift(1, 5));
    assert!(!plan.resolve(2, 3).cowered);

    // Inexperienced Personnel Cower two columns (A7.9, A19.33), "even in conjunction with
    // other troops": a Japanese Conscript 3-3-6 at PBF, 6 FP on the 6 column, falls to the 2
    // column; with a 4-4-7 (8 + 6 = 14 FP, the 12 column) to the 6; the 4-4-7 alone (8 FP) to
    // the 6, one column.
    let plan_of = |firers: Vec<UnitAt>| {
        let ids: Vec<String> = firers.iter().map(|u| u.unit.id.clone()).collect();
        let mut units = firers;
        units.push(us(&b, "us1", "C4"));
        let s = situation(&b, Phase::PrepFire, Side::Japanese, units);
        asl_pto_core::rules::orders::fire::fire(&s, &ids, &loc(&b, "C4")).expect("fire")
    };
    let fell_to = |p: &asl_pto_core::rules::orders::fire::FirePlan| {
        p.cowering
            .as_ref()
            .and_then(|c| c.column.as_ref())
            .map(|c| c.fp)
    };
    let conscript = || unit(&b, "jpc", Nationality::Japanese, "3-3-6", "C3");
    let p = plan_of(vec![conscript()]);
    assert_eq!((p.column, fell_to(&p)), (6, Some(2)), "{p:?}");
    assert!(
        p.cowering
            .as_ref()
            .unwrap()
            .reason
            .contains("two IFT columns")
    );
    let p = plan_of(vec![conscript(), jp(&b, "jp1", "C3")]);
    assert_eq!((p.column, fell_to(&p)), (12, Some(6)), "{p:?}");
    let p = plan_of(vec![jp(&b, "jp1", "C3")]);
    assert_eq!((p.column, fell_to(&p)), (8, Some(6)), "{p:?}");

    // A berserk firer is exempt (A7.9: "except that from a SMC, berserk or Fanatic unit").
    let mut berserk = us(&b, "us1", "C3");
    berserk.unit.berserk = true;
    // (In the DFPh: a berserk ATTACKER charges and does not Prep Fire, A15.43.)
    let s = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![berserk, jp(&b, "jp1", "C4")],
    );
    let plan = asl_pto_core::rules::orders::fire::fire(&s, &["us1".into()], &loc(&b, "C4"))
        .expect("a berserk us1 may fire");
    assert!(plan.cowering.is_none(), "{plan:?}");
    assert_eq!(plan.resolve(3, 3).result, t.ift(12, 6));
}

/// An IFT `result` on every unit in C3 (`units`), in the Japanese PFPh, with `dice`: what it
/// said, and the state after.
fn hit_c3(
    b: &Board,
    units: Vec<UnitAt>,
    result: IftResult,
    dice: &mut Dice,
) -> (Vec<Said>, GameState) {
    let mut st = situation(b, Phase::PrepFire, Side::Japanese, units).state;
    let said = ift_result_at(&mut st, &setting(b), &loc(b, "C3"), result, dice);
    (said, st)
}

/// A CCPh in `at` with `units`, `attacker` the ATTACKER, played with `seed`: what it said.
fn cc(
    b: &Board,
    attacker: Side,
    units: Vec<UnitAt>,
    at: &str,
    seed: u64,
) -> (Vec<Said>, GameState) {
    let mut st = situation(b, Phase::CloseCombat, attacker, units).state;
    let order = Order::CloseCombat {
        at: loc(b, at),
        attackers: vec![],
        targets: vec![],
    };
    let said = apply(&mut st, &setting(b), &order, &mut Dice::new(seed));
    (said, st)
}

#[test]
fn a11_11_a_cc_attack_reads_the_published_kill_number_and_hand_to_hand_the_red_one() {
    let b = plain();
    // The Allies attack: 7 FP vs 4 is 3-2 (odds rounded down), Kill Number 6; the Japanese
    // reply 4 vs 7 at 1-2, Kill Number 4.
    let (said, _) = cc(
        &b,
        Side::Allied,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C3")],
        "C3",
        1,
    );
    let texts: Vec<&str> = said
        .iter()
        .filter(|e| e.event == "close_combat")
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        texts[0].contains("3-2 column, the Kill Number 6"),
        "{}",
        texts[0]
    );
    assert!(
        texts[1].contains("1-2 column, the Kill Number 4"),
        "{}",
        texts[1]
    );
    // The Japanese attack: Hand-to-Hand (G1.64), the red Kill Number, black + 2: 4 vs 7 at
    // 1-2 is 4 + 2 = 6; the American reply too (the CC is Hand-to-Hand), 3-2 at 6 + 2 = 8.
    let (said, _) = cc(
        &b,
        Side::Japanese,
        vec![us(&b, "us1", "C3"), jp(&b, "jp1", "C3")],
        "C3",
        1,
    );
    let texts: Vec<&str> = said
        .iter()
        .filter(|e| e.event == "close_combat")
        .map(|e| e.text.as_str())
        .collect();
    assert!(
        texts[0].contains("1-2 column, Hand-to-Hand (J2.31): the red Kill Number 6"),
        "{}",
        texts[0]
    );
    assert!(
        texts[1].contains("3-2 column, Hand-to-Hand (J2.31): the red Kill Number 8"),
        "{}",
        texts[1]
    );
    // 1-1 gives 5, as the chart does (not 6): a 4-4-7 against a 4-4-7.
    let t = Tables::builtin().close_combat;
    assert_eq!(t.odds(4.0, 4.0, false).kill, 5);
    assert_eq!(t.odds(4.0, 4.0, true).kill, 7);
}

/// A11.11: a Final DR equal to the Kill Number is a Partial Kill: one defending unit, chosen by
/// Random Selection, suffers Casualty Reduction, not every unit attacked ("one (or more)": a tie
/// at the highest Random Selection dr selects each unit tied, A.9, as the eASLRB's A11.622 EX
/// reduces a squad and wounds a leader; ruleschat's quote of the eASLRB; asl-ift's "Partial
/// Kill"). Two Japanese squads (8 FP) attack two American 7-6-8s (14 FP) at 1-2, Kill Number 4:
/// on a DR of 4 the squads whose Random Selection dr is the highest become HS, any other is
/// untouched; below it both are eliminated.
#[test]
fn a11_11_a_partial_kill_reduces_one_target_chosen_by_random_selection() {
    let b = plain();
    let (mut one, mut tied, mut kills) = (0, 0, 0);
    for seed in 1..400 {
        let (said, st) = cc(
            &b,
            Side::Allied,
            vec![
                us(&b, "us1", "C3"),
                us(&b, "us2", "C3"),
                jp(&b, "jp1", "C3"),
                jp(&b, "jp2", "C3"),
            ],
            "C3",
            seed,
        );
        let japanese = said
            .iter()
            .find(|e| e.event == "close_combat" && e.text.starts_with("jp1, jp2"))
            .unwrap_or_else(|| panic!("no Japanese attack in {said:?}"));
        assert!(
            japanese.text.contains("1-2 column, the Kill Number 4"),
            "{}",
            japanese.text
        );
        let americans: Vec<_> = st
            .units
            .iter()
            .filter(|u| u.unit.side() == Side::Allied)
            .collect();
        let full = americans
            .iter()
            .filter(|u| u.unit.counter == "7-6-8")
            .count();
        if japanese.text.contains("equal to it: a Partial Kill") {
            let picked = said
                .iter()
                .find(|e| {
                    e.event == "random_selection"
                        && e.unit.as_deref().is_some_and(|u| u.starts_with("us"))
                })
                .unwrap_or_else(|| panic!("no Random Selection among us1, us2: {said:?}"));
            let dice = picked.dice.clone().unwrap();
            let top = *dice.iter().max().unwrap();
            let highest = dice.iter().filter(|d| **d == top).count();
            let reduced: Vec<&str> = said
                .iter()
                .filter(|e| e.event == "casualty")
                .filter_map(|e| e.unit.as_deref())
                .filter(|u| u.starts_with("us"))
                .collect();
            assert_eq!(reduced.len(), highest, "each at the highest dr: {said:?}");
            assert_eq!(picked.unit.as_deref(), Some(reduced[0]), "{picked:?}");
            assert_eq!(americans.len(), 2, "neither eliminated: {said:?}");
            assert_eq!(full, 2 - highest, "the others untouched: {said:?}");
            if highest == 1 {
                one += 1;
            } else {
                tied += 1;
            }
        } else if japanese.text.contains("below it") {
            kills += 1;
            assert!(americans.is_empty(), "both eliminated: {said:?}");
        } else {
            assert_eq!(full, 2, "no effect: {said:?}");
        }
    }
    assert!(
        one >= 5 && tied >= 1 && kills >= 5,
        "{one} Partial Kills of one, {tied} of both (a tie), {kills} kills"
    );
}

#[test]
fn a10_5_all_routing_units_have_6_mf() {
    let b = plain();
    // A broken 7-6-8 (4 MF to move) next to a Known Japanese squad, no cover in reach: it may
    // rout anywhere so allowed within 6 MF of Open Ground (1 MF a hex).
    let mut us1 = us(&b, "us1", "L5");
    us1.unit.broken = true;
    let st = situation(
        &b,
        Phase::Rout,
        Side::Japanese,
        vec![us1, jp(&b, "jp1", "K5")],
    )
    .state;
    let s = st.situation(&setting(&b));
    let plan = rout_destinations(&s, "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    let most = plan
        .destinations
        .iter()
        .map(|r| r.mf)
        .fold(0.0_f32, f32::max);
    assert_eq!(most, 6.0, "{}", plan.why);
    assert!(
        plan.destinations.iter().any(|r| r
            .at
            .hex()
            .unwrap()
            .distance(loc(&b, "L5").hex().unwrap())
            == 6)
    );
    // Played: the rout event names its 6 MF.
    let far = plan
        .destinations
        .iter()
        .find(|r| r.mf == 6.0)
        .unwrap()
        .at
        .clone();
    let mut st = st;
    let order = Order::Rout {
        unit: "us1".into(),
        to: far,
    };
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(1));
    assert!(event(&said, "rout").text.contains("(6 MF:"), "{said:?}");
}

#[test]
fn a10_5_a_broken_unit_in_open_ground_in_los_and_normal_range_of_a_known_enemy_must_rout() {
    let b = plain();
    let broken_at = |at: &str| {
        let mut u = us(&b, "us1", at);
        u.unit.broken = true;
        u
    };
    // jp1 (4-4-7, Normal Range 4) three hexes away sees us1 in Open Ground: it must rout.
    let st = situation(
        &b,
        Phase::Rout,
        Side::Allied,
        vec![broken_at("C5"), jp(&b, "jp1", "C2")],
    )
    .state;
    let plan = rout_destinations(&st.situation(&setting(&b)), "us1").unwrap();
    assert!(plan.must.holds, "{}", plan.must.reason);
    assert!(
        plan.must.reason.contains("Open Ground"),
        "{}",
        plan.must.reason
    );
    // Beyond its Normal Range (five hexes): no need.
    let st = situation(
        &b,
        Phase::Rout,
        Side::Allied,
        vec![broken_at("C7"), jp(&b, "jp1", "C2")],
    )
    .state;
    assert!(
        !rout_destinations(&st.situation(&setting(&b)), "us1")
            .unwrap()
            .must
            .holds
    );
    // In the jungle of E5 (not Open Ground) three hexes away: no need either.
    let st = situation(
        &b,
        Phase::Rout,
        Side::Allied,
        vec![broken_at("E5"), jp(&b, "jp1", "E2")],
    )
    .state;
    assert!(
        !rout_destinations(&st.situation(&setting(&b)), "us1")
            .unwrap()
            .must
            .holds
    );
}

/// First Fire in the Japanese MPh at jp1, who moved into `at`, by us1 from C2.
fn first_fire_at(b: &Board, at: &str) -> Vec<Said> {
    let mut jp1 = jp(b, "jp1", at);
    jp1.unit.mf_spent = 1.0;
    let mut st = situation(
        b,
        Phase::Movement,
        Side::Japanese,
        vec![us(b, "us1", "E2"), jp1],
    )
    .state;
    let order = Order::Fire {
        units: vec!["us1".into()],
        at: loc(b, at),
    };
    apply(&mut st, &setting(b), &order, &mut Dice::new(3))
}

#[test]
fn a8_1_first_fire_at_a_moving_unit_gets_ffnam_and_in_open_ground_ffmo() {
    let b = plain();
    // In Open Ground (E4): FFNAM and FFMO, -1 each.
    let said = first_fire_at(&b, "E4");
    let fire = event(&said, "fire");
    assert!(fire.text.contains("-1 FFNAM"), "{}", fire.text);
    assert!(fire.text.contains("-1 FFMO"), "{}", fire.text);
    assert!(
        fire.text.contains(&format!("IFT DR {} -2 =", dr(fire))),
        "{}",
        fire.text
    );
    // In the jungle of E5: FFNAM only (the jungle's TEM).
    let said = first_fire_at(&b, "E5");
    let fire = event(&said, "fire");
    assert!(fire.text.contains("-1 FFNAM"), "{}", fire.text);
    assert!(!fire.text.contains("FFMO"), "{}", fire.text);
    // Final Fire in the DFPh is not First Fire: neither.
    let mut jp1 = jp(&b, "jp1", "E4");
    jp1.unit.mf_spent = 1.0;
    let mut st = situation(
        &b,
        Phase::DefensiveFire,
        Side::Japanese,
        vec![us(&b, "us1", "E2"), jp1],
    )
    .state;
    let order = Order::Fire {
        units: vec!["us1".into()],
        at: loc(&b, "E4"),
    };
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(3));
    assert!(!event(&said, "fire").text.contains("FFNAM"));
}

#[test]
fn a10_7_the_leader_checks_first_and_his_modifier_counts_for_the_others_unless_he_broke() {
    let b = plain();
    let units = || {
        vec![
            us(&b, "us1", "C3"),
            unit(&b, "usL", Nationality::American, "9-1", "C3"),
            us(&b, "us3", "C3"),
        ]
    };
    let mut passed = false;
    let mut broke = false;
    for seed in 1..80 {
        let (said, st) = hit_c3(&b, units(), IftResult::Mc(1), &mut Dice::new(seed));
        // The attack's MC (a leader's loss adds LLMC after them, A10.2).
        let mcs: Vec<&Said> = said
            .iter()
            .filter(|e| e.event == "morale_check" && !e.text.contains("LLMC"))
            .collect();
        assert_eq!(mcs.len(), 3, "{said:?}");
        assert_eq!(mcs[0].unit.as_deref(), Some("usL"), "the leader first");
        // Still there, unbroken (an Original 12 may have Wounded him mortally, A10.31) and
        // unpinned (passing at his Morale Level pins him, A7.8, and a pinned leader aids no
        // MC, A7.831).
        let leader_ok = st
            .units
            .iter()
            .any(|u| u.unit.id == "usL" && !u.unit.broken && !u.unit.pinned);
        for m in &mcs[1..] {
            assert_eq!(
                m.text.contains("usL's leadership (A10.7"),
                leader_ok,
                "{leader_ok}: {}",
                m.text
            );
        }
        passed |= leader_ok;
        broke |= !leader_ok;
    }
    assert!(passed && broke, "both within the seeds");
}

/// A.9's EX, as the eASLRB prints it (not from the seeds): a K/1 on a stack, "white 3, green 1,
/// red 2, black 3": the units that rolled the highest dr, tied, are each affected: the leader
/// is wounded and the squad Reduced to a HS, the others take the 1MC. Here usL (9-1), us1, us2
/// and us3 (sorted by id: us1, us2, us3, usL) roll 3, 1, 2, 3: us1 and usL are picked.
#[test]
fn a_9_a_k_result_tied_at_the_highest_random_selection_dr_reduces_each_unit_tied() {
    let b = plain();
    let units = vec![
        unit(&b, "usL", Nationality::American, "9-1", "C3"),
        us(&b, "us1", "C3"),
        us(&b, "us2", "C3"),
        us(&b, "us3", "C3"),
    ];
    let (said, st) = hit_c3(
        &b,
        units,
        IftResult::K(1),
        &mut Dice::forced(&[3, 1, 2, 3], 5),
    );
    // One event a unit picked, each naming its own (the fog of war veils an event by its unit).
    let picks: Vec<&Said> = said
        .iter()
        .filter(|e| e.event == "random_selection")
        .collect();
    let named: Vec<&str> = picks.iter().filter_map(|e| e.unit.as_deref()).collect();
    assert_eq!(named, ["us1", "usL"], "{picks:?}");
    assert!(
        picks
            .iter()
            .all(|e| e.dice.as_deref() == Some(&[3, 1, 2, 3][..]))
    );
    assert!(
        picks[1].text.contains("A.9") && !picks[1].text.contains("us1"),
        "{}",
        picks[1].text
    );
    let reduced: Vec<&str> = said
        .iter()
        .filter(|e| e.event == "casualty")
        .filter_map(|e| e.unit.as_deref())
        .collect();
    assert_eq!(reduced, ["us1"], "the squad tied at 3 is Reduced: {said:?}");
    let us1 = st.units.iter().find(|u| u.unit.id == "us1").unwrap();
    assert_ne!(us1.unit.counter, "7-6-8", "us1 is a HS now");
    assert!(
        said.iter()
            .any(|e| e.unit.as_deref() == Some("usL") && e.rule.as_deref() == Some("A17.11")),
        "the 9-1 tied at 3 is Wounded (A7.302, A17.11): {said:?}"
    );
    // us2 and us3 are not Reduced (the casualties above), only checked.
    for id in ["us2", "us3"] {
        assert!(
            said.iter()
                .any(|e| e.event == "morale_check" && e.unit.as_deref() == Some(id)),
            "{id} takes the 1MC: {said:?}"
        );
    }
}

/// A7.8 / A7.831 (chapter A, not from the seeds: the eASLRB's "Pinning also occurs whenever any
/// unit is attacked resulting in an IFT MC that is passed by rolling the highest DR possible
/// that still results in a passed MC", and its A8.31 EX, where a pinned 8-1 no longer aids his
/// squad's MC): a 1MC on a 9-1 and a 7-6-8. The 9-1 rolls 4+4 (+1 = 9, his Morale Level):
/// passed, pinned, and the squad's MC takes no -1 from him; its 3+4 (+1 = 8, its Morale Level)
/// pins it too. Rolled 3+3 instead, the 9-1 is not pinned and the squad's 3+4 (+1 -1 = 7) does
/// not pin it.
#[test]
fn a7_8_an_ift_mc_passed_with_the_highest_passing_dr_pins_and_a_pinned_leader_aids_no_mc() {
    let b = plain();
    let play = |first: &[u8]| {
        let units = vec![
            unit(&b, "usL", Nationality::American, "9-1", "C3"),
            us(&b, "us1", "C3"),
        ];
        let (said, st) = hit_c3(&b, units, IftResult::Mc(1), &mut Dice::forced(first, 9));
        let pinned = |id: &str| st.units.iter().any(|u| u.unit.id == id && u.unit.pinned);
        (said.clone(), pinned("usL"), pinned("us1"))
    };
    let (said, leader, squad) = play(&[4, 4, 3, 4]);
    assert!(
        leader && squad,
        "both passed at their Morale Level: {said:?}"
    );
    let pins: Vec<&Said> = said.iter().filter(|e| e.event == "pinned").collect();
    assert_eq!(pins.len(), 2, "{said:?}");
    assert!(pins.iter().all(|e| e.rule.as_deref() == Some("A7.8")));
    let us1_mc = said
        .iter()
        .find(|e| e.event == "morale_check" && e.unit.as_deref() == Some("us1"))
        .unwrap();
    assert!(
        !us1_mc.text.contains("usL's leadership"),
        "a pinned leader aids no MC (A7.831): {}",
        us1_mc.text
    );
    let (said, leader, squad) = play(&[3, 3, 3, 4]);
    assert!(
        !leader && !squad,
        "passed below their Morale Level: {said:?}"
    );
    assert!(said.iter().all(|e| e.event != "pinned"), "{said:?}");
    let us1_mc = said
        .iter()
        .find(|e| e.event == "morale_check" && e.unit.as_deref() == Some("us1"))
        .unwrap();
    assert!(us1_mc.text.contains("usL's leadership"), "{}", us1_mc.text);
}

/// A10.2 (chapter A, not from the seeds: the eASLRB's text and EX; G1.62 and G1.4 are the
/// seeds'): a leader an attack eliminates makes the other units of his Location with a lower
/// Morale Level take a LLMC, his -1 reversed to +1 (the EX: a KIA picks the 9-1, the squads
/// break, each takes a 1MC as its LLMC); one it breaks makes the unbroken ones take a LLTC,
/// failed by a pin; unbroken Japanese take a LLTC where others take a LLMC (G1.62).
#[test]
fn a10_2_a_leader_lost_makes_his_men_take_a_llmc_and_one_broken_a_lltc() {
    let b = plain();
    let hit = |units: Vec<UnitAt>, result: IftResult, first: &[u8]| {
        hit_c3(&b, units, result, &mut Dice::forced(first, 11))
    };
    let americans = || {
        vec![
            unit(&b, "usL", Nationality::American, "9-1", "C3"),
            us(&b, "us1", "C3"),
            us(&b, "us2", "C3"),
        ]
    };
    // A 1KIA whose Random Selection (us1, us2, usL) picks the 9-1.
    let (said, _) = hit(americans(), IftResult::Kia(1), &[1, 2, 6]);
    assert!(
        said.iter()
            .any(|e| e.event == "eliminated" && e.unit.as_deref() == Some("usL")),
        "{said:?}"
    );
    for id in ["us1", "us2"] {
        let llmc = said
            .iter()
            .find(|e| {
                e.event == "morale_check"
                    && e.unit.as_deref() == Some(id)
                    && e.text.starts_with("a LLMC for usL eliminated")
            })
            .unwrap_or_else(|| panic!("{id} takes a LLMC: {said:?}"));
        assert!(llmc.text.contains("+1"), "{}", llmc.text);
    }
    // A NMC the 9-1 fails (6+5 = 11 > 9): he breaks; us1 and us2 pass theirs (2+1), then each
    // takes a LLTC at +1: us1 rolls 6+6 (13 > 8), pinned; us2 1+1 (3), not.
    let (said, st) = hit(
        americans(),
        IftResult::Mc(0),
        &[6, 5, 2, 1, 2, 1, 6, 6, 1, 1],
    );
    let lltc: Vec<&Said> = said.iter().filter(|e| e.event == "lltc").collect();
    assert_eq!(lltc.len(), 2, "{said:?}");
    assert!(lltc.iter().all(|e| e.rule.as_deref() == Some("A10.2")));
    let pinned = |id: &str| st.units.iter().any(|u| u.unit.id == id && u.unit.pinned);
    assert!(pinned("us1") && !pinned("us2"), "{said:?}");
    assert!(
        !said.iter().any(|e| e.text.starts_with("a LLMC")),
        "a broken leader asks a LLTC, not a LLMC: {said:?}"
    );
    // Japanese: the KIA picks jpL; jp1, unbroken after its KIA Step Reduction (G1.12), takes a
    // LLTC (G1.62), never a LLMC.
    let (said, _) = hit(
        vec![
            unit(&b, "jpL", Nationality::Japanese, "9-1", "C3"),
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"),
        ],
        IftResult::Kia(1),
        &[1, 6],
    );
    assert!(
        said.iter()
            .any(|e| e.event == "eliminated" && e.unit.as_deref() == Some("jpL")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|e| e.event == "lltc" && e.text.contains("G1.62")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|e| e.text.starts_with("a LLMC")),
        "{said:?}"
    );
}

/// A7.831 (chapter A, not from the seeds: the eASLRB's text): "A pinned leader can neither
/// direct an attack ...": us1's Prep Fire at C4 directed by a pinned 9-1 is refused with the
/// rule; us1 alone may still fire, and an unpinned 9-1 directs it.
#[test]
fn a7_831_a_pinned_leader_directs_no_attack() {
    let b = plain();
    let fire = |pinned: bool, units: &[&str]| {
        let mut leader = unit(&b, "usL", Nationality::American, "9-1", "C3");
        leader.unit.pinned = pinned;
        let mut st = situation(
            &b,
            Phase::PrepFire,
            Side::Allied,
            vec![leader, us(&b, "us1", "C3"), jp(&b, "jp1", "C5")],
        )
        .state;
        let order = Order::Fire {
            units: units.iter().map(|u| (*u).into()).collect(),
            at: loc(&b, "C5"),
        };
        apply(&mut st, &setting(&b), &order, &mut Dice::new(4))
    };
    let said = fire(true, &["us1", "usL"]);
    let refused = event(&said, "refused");
    assert_eq!(refused.rule.as_deref(), Some("A7.831"), "{refused:?}");
    assert!(said.iter().all(|e| e.event != "fire"), "{said:?}");
    assert!(fire(true, &["us1"]).iter().any(|e| e.event == "fire"));
    let said = fire(false, &["us1", "usL"]);
    assert!(event(&said, "fire").text.contains("leader usL"), "{said:?}");
}

#[test]
fn a_18_no_morale_level_exceeds_ten() {
    let b = plain();
    let mut l = unit(&b, "jpL", Nationality::Japanese, "10-0", "C3");
    l.unit.banzai = Some(loc(&b, "C5"));
    let mut sq = unit(&b, "jp1", Nationality::Japanese, "4-4-8", "C3");
    sq.unit.banzai = Some(loc(&b, "C5"));
    let st = situation(&b, Phase::Movement, Side::Japanese, vec![l, sq]).state;
    let s = st.situation(&setting(&b));
    let elr = |_| 3;
    // A 10-0 in a Banzai Charge: 10 + 1 stays 10.
    let leader = mc(&s, s.unit("jpL").unwrap(), 0, elr, "a NMC");
    assert_eq!(leader.level.value, 10, "{}", leader.level.reason);
    assert!(
        leader.level.reason.contains("A.18"),
        "{}",
        leader.level.reason
    );
    // A 4-4-8 with him: 8 + 1 (G1.41) + 1 (the Charge) = 10, at the ceiling.
    assert_eq!(
        mc(&s, s.unit("jp1").unwrap(), 0, elr, "a NMC").level.value,
        10
    );
}

#[test]
fn a15_heat_of_battle_by_the_published_bands() {
    let b = plain();
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "C3"), us(&b, "us1", "C6")],
    )
    .state;
    let s = st.situation(&setting(&b));
    let u = s.unit("jp1").unwrap();
    let rule = |dr| match heat_of_battle(&s, u, dr) {
        HeatOfBattle::Nothing { rule, .. } => ("nothing", rule),
        HeatOfBattle::Hardened { rule, .. } => ("hardened", rule),
        HeatOfBattle::Berserk { rule, .. } => ("berserk", rule),
    };
    assert_eq!(rule(4), ("nothing", "A15.2"), "Hero creation only");
    assert_eq!(rule(5), ("hardened", "A15.3"), "Hero and Battle Hardening");
    assert_eq!(rule(8), ("hardened", "A15.3"));
    assert_eq!(rule(9), ("berserk", "G1.62"));
    assert_eq!(
        rule(12),
        ("berserk", "G1.62"),
        "Surrender is berserk for the Japanese"
    );
    // A15.44: with no Known enemy unit in LOS, berserk is Battle Hardening.
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "C3")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(matches!(
        heat_of_battle(&s, s.unit("jp1").unwrap(), 10),
        HeatOfBattle::Hardened { rule: "A15.44", .. }
    ));
    let _ = Location::Ground(loc(&b, "C3").hex().unwrap());
}
