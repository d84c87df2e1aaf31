//! A11 Close Combat (chapter A, not in the seeds; the CC Table in `assets/tables.ron`) with
//! G.6 (Ambush in jungle, the ATTACKER +1), G1.6 (Stealthy and Lax Japanese), E1.77 (at
//! night the ATTACKER Ambushes two lower), G1.64 (Japanese CC is Hand-to-Hand, -1 per
//! Japanese attack), E1.82 (a Melee's Gunflash at night).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::close_combat::{ambush_result, close_combat};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::rules::tables::Tables;
use asl_pto_core::state::GameState;

use crate::board::{Board, loc, plain, setting, situation, unit};

fn advanced(mut u: UnitAt) -> UnitAt {
    u.unit.advanced = true;
    u
}

fn ccph(b: &Board, attacker: Side, units: Vec<UnitAt>) -> GameState {
    situation(b, Phase::CloseCombat, attacker, units).state
}

#[test]
fn a11_11_the_cc_table_column_is_the_highest_odds_not_above_the_attack() {
    let t = Tables::builtin().close_combat;
    let kill = |fp: f32, d: f32| t.column(fp, d).map(|i| t.columns[i].kill);
    assert_eq!(kill(7.0, 4.0), Some(7), "7:4 falls to 3:2");
    assert_eq!(kill(4.0, 8.0), Some(5), "1:2");
    assert_eq!(kill(4.0, 4.0), Some(6), "1:1");
    assert_eq!(kill(1.0, 10.0), None, "below 1:8: no attack");
    assert_eq!(
        kill(4.0, 0.0),
        Some(13),
        "no defence FP: the highest column"
    );
}

#[test]
fn a11_each_side_attacks_the_other_with_its_good_order_units_and_its_leader() {
    let b = plain();
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
            unit(&b, "usL", Nationality::American, "9-1", "C3"),
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"),
        ],
    );
    let s = st.situation(&setting(&b));
    let plan = close_combat(&s, &loc(&b, "C3"), &[], &[]).unwrap();
    assert!(plan.ambush.is_none(), "Open Ground: no Ambush (A11.4)");
    let us = &plan.attacks[0];
    assert_eq!((us.side, us.fp, us.defence), (Side::Allied, 7.0, 4.0));
    assert_eq!(us.drm.iter().map(|d| d.value).sum::<i32>(), -1, "the 9-1");
    assert!(us.hand_to_hand_drm.is_none());
    let jp = &plan.attacks[1];
    assert_eq!(
        (jp.side, jp.fp, jp.defence),
        (Side::Japanese, 4.0, 8.0),
        "a leader defends as 1"
    );
    assert_eq!(
        jp.hand_to_hand_drm.as_ref().map(|d| (d.value, d.rule)),
        Some((-1, "G1.64"))
    );
    assert!(!plan.japanese_attacker_hth, "the Allies are the ATTACKER");
    // Outside the CCPh, or with one side alone, there is no CC.
    let mut st2 = st.clone();
    st2.phase = Phase::Advance;
    assert!(close_combat(&st2.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).is_err());
    assert!(close_combat(&s, &loc(&b, "D3"), &[], &[]).is_err());
}

#[test]
fn g_6_ambush_in_jungle_the_attacker_adds_one_and_g1_6_japanese_are_stealthy() {
    let b = plain();
    // E5 is the plain's jungle hex.
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5"),
        ],
    );
    let s = st.situation(&setting(&b));
    let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .expect("Ambush in jungle");
    assert!(
        a.attacker_drm
            .iter()
            .any(|d| d.rule == "G.6" && d.value == 1)
    );
    assert!(
        a.defender_drm
            .iter()
            .any(|d| d.rule == "G1.6" && d.value == -1)
    );
    assert_eq!(a.attacker_needs, 3);
    // ATTACKER 1 + 1 = 2, DEFENDER 6 - 1 = 5: three less, the ATTACKER Ambushes.
    assert_eq!(ambush_result(&a, 1, 6, Side::Allied), Some(Side::Allied));
    // ATTACKER 5 + 1 = 6, DEFENDER 4 - 1 = 3: the DEFENDER Ambushes.
    assert_eq!(ambush_result(&a, 5, 4, Side::Allied), Some(Side::Japanese));
    assert_eq!(ambush_result(&a, 3, 4, Side::Allied), None);
}

#[test]
fn e1_77_at_night_the_attacker_ambushes_two_lower_unless_illuminated() {
    let b = plain();
    let mut st = ccph(
        &b,
        Side::Allied,
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            unit(&b, "jp1", Nationality::Japanese, "3-3-6", "E5"),
        ],
    );
    st.night.nvr = Some(2);
    let s = st.situation(&setting(&b));
    let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert_eq!(a.attacker_needs, 2);
    assert!(
        a.defender_drm.iter().any(|d| d.value == 1),
        "a Conscript is Lax (G1.6)"
    );
    // ATTACKER 2 + 1 = 3, DEFENDER 4 + 1 = 5: two less suffices at night.
    assert_eq!(ambush_result(&a, 2, 4, Side::Allied), Some(Side::Allied));
    st.starshells.push(loc(&b, "E5").hex().unwrap());
    let s = st.situation(&setting(&b));
    let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert_eq!(a.attacker_needs, 3, "Illuminated: three again");
}

#[test]
fn g1_64_a_japanese_attacker_makes_the_cc_hand_to_hand_and_e1_82_melee_flashes_at_night() {
    let b = plain();
    let units = vec![
        unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"),
        unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
    ];
    let st = ccph(&b, Side::Japanese, units.clone());
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    assert!(plan.japanese_attacker_hth);
    // Played: Hand-to-Hand is said, and where both sides survive at night, a Melee Gunflash.
    let melee = (1..200).find_map(|seed| {
        let mut st = ccph(&b, Side::Japanese, units.clone());
        st.night.nvr = Some(3);
        let order = Order::CloseCombat {
            at: loc(&b, "C3"),
            attackers: vec![],
            targets: vec![],
        };
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        said.iter()
            .any(|e| e.event == "melee")
            .then_some((st, said))
    });
    let (st, said) = melee.expect("a Melee within 200 seeds");
    assert!(
        said.iter()
            .any(|e| e.event == "hand_to_hand" && e.rule.as_deref() == Some("G1.64"))
    );
    let cc: Vec<_> = said.iter().filter(|e| e.event == "close_combat").collect();
    assert_eq!(cc.len(), 2, "both sides attack: {said:?}");
    assert!(cc.iter().all(|e| e.text.contains("Hand-to-Hand")));
    assert!(
        said.iter()
            .any(|e| e.event == "gunflash" && e.rule.as_deref() == Some("E1.82"))
    );
    assert_eq!(st.gunflashes, vec![loc(&b, "C3")]);
    // Not in the RtPh.
    let mut st = st;
    st.phase = Phase::Rout;
    let said = apply(
        &mut st,
        &setting(&b),
        &Order::CloseCombat {
            at: loc(&b, "C3"),
            attackers: vec![],
            targets: vec![],
        },
        &mut Dice::new(1),
    );
    assert_eq!(said[0].event, REFUSED);
}

#[test]
fn a11_close_combat_reveals_hidden_units_and_e1_82_keeps_the_melee_gunflash_past_the_ccph() {
    let b = plain();
    let mut hidden_jp = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3");
    hidden_jp.hidden = true;
    let units = vec![
        unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
        hidden_jp,
    ];
    // A hidden enemy: no CC is offered to the American (it would give the Japanese away).
    let st = ccph(&b, Side::Allied, units.clone());
    let s = st.situation(&setting(&b));
    let offered = asl_pto_core::rules::orders::legal_orders(&s, "us1", None);
    assert!(
        offered
            .iter()
            .all(|(o, _)| !matches!(o, Order::CloseCombat { .. }))
    );
    // Resolved anyway (the Japanese are there): they are revealed; at night a Melee that
    // outlasts the CCPh keeps its Gunflash past the end of the Player Turn.
    let melee = (1..200).find_map(|seed| {
        let mut st = ccph(&b, Side::Allied, units.clone());
        st.night.nvr = Some(3);
        let said = apply(
            &mut st,
            &setting(&b),
            &Order::CloseCombat {
                at: loc(&b, "C3"),
                attackers: vec![],
                targets: vec![],
            },
            &mut Dice::new(seed),
        );
        said.iter()
            .any(|e| e.event == "melee")
            .then_some((st, said))
    });
    let (mut st, said) = melee.expect("a Melee within 200 seeds");
    assert!(
        said.iter()
            .any(|e| e.event == "revealed" && e.text.contains("jp1"))
    );
    assert!(st.units.iter().all(|u| !u.hidden));
    asl_pto_core::game::end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert_eq!(
        st.gunflashes,
        vec![loc(&b, "C3")],
        "the Melee's Gunflash remains"
    );
}
