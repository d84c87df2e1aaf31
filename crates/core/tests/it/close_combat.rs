//! A11 Close Combat (chapter A, not in the seeds; the CC Table in `assets/tables.ron`) with
//! G.6 (Ambush in jungle, the ATTACKER +1), G1.6 (Stealthy and Lax Japanese), E1.77 (at
//! night the ATTACKER Ambushes two lower), G1.64 (Japanese CC is Hand-to-Hand, -1 per
//! Japanese attack), E1.82 (a Melee's Gunflash at night).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, begin_phase, end_player_turn};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::orders::close_combat::{ambush_result, cc_owed, close_combat};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::rules::tables::{BUILTIN, Tables};
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
    let kill = |fp: f32, d: f32| t.odds(fp, d, false).kill;
    assert_eq!(kill(7.0, 4.0), 6, "7:4 falls to 3:2");
    assert_eq!(kill(4.0, 8.0), 4, "1:2");
    assert_eq!(
        kill(4.0, 4.0),
        5,
        "1:1 gives 5, not 6 (the published table)"
    );
    assert_eq!(kill(1.0, 10.0), 0, "below 1:8");
    assert_eq!(kill(4.0, 0.0), 13, "no defence FP: the highest column");
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
    assert_eq!(
        (us.side, us.fp, us.defence),
        (Side::Allied, 8.0, 4.0),
        "a SMC attacks with 1 FP (A11.14)"
    );
    assert_eq!(
        us.drm.iter().map(|d| d.value).sum::<i32>(),
        -1,
        "the 9-1, who does not attack alone"
    );
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
    assert!(!plan.hand_to_hand(None), "the Allies are the ATTACKER");
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
    assert!(plan.hand_to_hand(None));
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
    // Another Gunflash, of a fire in D4, goes; the log says which (it read "its 2 Gunflashes
    // go" and put the Melee's back unsaid).
    st.gunflashes.push(loc(&b, "D4"));
    let said = asl_pto_core::game::end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert_eq!(
        st.gunflashes,
        vec![loc(&b, "C3")],
        "the Melee's Gunflash remains"
    );
    let removed = said
        .iter()
        .find(|e| e.event == "removed" && e.rule.as_deref() == Some("E1.8"))
        .unwrap_or_else(|| panic!("{said:?}"));
    assert!(
        removed.text.contains("its 1 Gunflash goes")
            && removed.text.contains("1 Gunflash of a Melee stays (E1.82)"),
        "{}",
        removed.text
    );
    // A hidden unit an enemy walked in on at night is in no Melee: no Gunflash gives it away
    // at the end of the Player Turn (E1.82: a CC causes it).
    let mut st = ccph(&b, Side::Allied, units.clone());
    st.night.nvr = Some(3);
    asl_pto_core::game::end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert!(st.gunflashes.is_empty(), "{:?}", st.gunflashes);
}

#[test]
fn a11_14_a_smc_attacks_with_one_fp_and_a_leader_alone_adds_no_modifier() {
    let b = plain();
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            unit(&b, "usL", Nationality::American, "9-1", "C3"),
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"),
        ],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    let us = &plan.attacks[0];
    assert_eq!((us.fp, us.defence), (1.0, 4.0));
    assert!(
        us.drm.is_empty(),
        "alone, the leader's -1 does not count: {:?}",
        us.drm
    );
}

#[test]
fn a11_the_attack_vs_units_all_concealed_is_halved_vs_broken_units_minus_two_pinned_halved() {
    let b = plain();
    let mut hid = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3");
    hid.concealed = true;
    let st = ccph(
        &b,
        Side::Allied,
        vec![unit(&b, "us1", Nationality::American, "7-6-8", "C3"), hid],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    assert_eq!(plan.attacks[0].fp, 3.5, "{:?}", plan.attacks[0].fp_notes);
    // Played: the concealed unit is not revealed before; having attacked, it loses "?".
    let mut st2 = st.clone();
    let said = apply(
        &mut st2,
        &setting(&b),
        &Order::CloseCombat {
            at: loc(&b, "C3"),
            attackers: vec![],
            targets: vec![],
        },
        &mut Dice::new(4),
    );
    let first_cc = said.iter().position(|e| e.event == "close_combat").unwrap();
    assert!(
        !said[..first_cc].iter().any(|e| e.event == "revealed"),
        "{said:?}"
    );
    // Broken targets: -2 (A11.15).
    let mut broken = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3");
    broken.unit.broken = true;
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
            broken,
        ],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    assert!(
        plan.attacks[0]
            .drm
            .iter()
            .any(|d| d.value == -2 && d.rule == "A11.15"),
        "{:?}",
        plan.attacks[0].drm
    );
    // A pinned attacker's CC attack is halved (A7.8); its defence is not.
    let mut pinned = unit(&b, "us1", Nationality::American, "7-6-8", "C3");
    pinned.unit.pinned = true;
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            pinned,
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3"),
        ],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    assert_eq!(plan.attacks[0].fp, 3.5);
    assert_eq!(plan.attacks[1].defence, 7.0);
}

/// G1.64: a Reduced-Strength Japanese squad "retains its Full-Strength CCV" — its value vs
/// vehicles (G1.4231 tells CCV apart from CC FP vs Personnel): against infantry a 3-4-7
/// attacks with its own 3 FP.
#[test]
fn g1_64_a_reduced_strength_japanese_squad_attacks_infantry_with_its_own_fp() {
    let b = plain();
    let st = ccph(
        &b,
        Side::Japanese,
        vec![
            unit(&b, "jp1", Nationality::Japanese, "3-4-7", "C3"),
            unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
        ],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    let jp = &plan.attacks[0];
    assert_eq!(jp.fp, 3.0, "{:?}", jp.fp_notes);
    assert!(jp.fp_notes.is_empty(), "{:?}", jp.fp_notes);
    // As a target it is a 3-4-7 too.
    assert_eq!(plan.attacks[1].defence, 3.0);
}

/// G1.64: "Whenever ≥ one unbroken Japanese Infantry ... unit is the ATTACKER in CC ... that
/// CC automatically becomes Hand-to-Hand ... unless every such Japanese unit participating in
/// it ... is Withdrawing/pinned": a lone leader makes it so, and so does an unpinned leader
/// with a pinned squad (whose attack then gets the -1: not every unit in it is pinned). Only
/// pinned Japanese attackers: no Hand-to-Hand.
#[test]
fn g1_64_a_japanese_leader_alone_or_with_a_pinned_squad_makes_it_hand_to_hand() {
    let b = plain();
    let us = || unit(&b, "us1", Nationality::American, "3-3-7", "C3");
    let plan_of = |units| {
        let st = ccph(&b, Side::Japanese, units);
        close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap()
    };
    let lone = plan_of(vec![
        unit(&b, "jpL", Nationality::Japanese, "9-1", "C3"),
        us(),
    ]);
    assert!(lone.hand_to_hand(None));
    let mut pinned = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3");
    pinned.unit.pinned = true;
    let with_leader = plan_of(vec![
        pinned.clone(),
        unit(&b, "jpL", Nationality::Japanese, "9-1", "C3"),
        us(),
    ]);
    assert!(with_leader.hand_to_hand(None));
    let jp = &with_leader.attacks[0];
    assert_eq!(jp.hand_to_hand_drm.as_ref().map(|d| d.value), Some(-1));
    let all_pinned = plan_of(vec![pinned, us()]);
    assert!(!all_pinned.hand_to_hand(None));
    assert!(all_pinned.attacks[0].hand_to_hand_drm.is_none());
}

#[test]
fn g1_424_a_dc_hero_may_not_make_a_cc_attack() {
    let b = plain();
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "C3");
    hero.unit.dc = true;
    hero.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let st = ccph(
        &b,
        Side::Japanese,
        vec![hero, unit(&b, "us1", Nationality::American, "7-6-8", "C3")],
    );
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "C3"), &[], &[]).unwrap();
    assert!(
        plan.attacks.iter().all(|a| a.side != Side::Japanese),
        "{:?}",
        plan.attacks
    );
}

#[test]
fn e1_43_a_successful_ambush_keeps_cloaking() {
    let b = plain();
    // A Cloaked American stack that advanced into jungle E5 (Stealthy at night: a 9-1) on a
    // Japanese Conscript: the first seed where the Americans Ambush.
    let units = || {
        let mut us1 = advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5"));
        us1.cloaked = true;
        us1.concealed = true;
        vec![us1, unit(&b, "jp1", Nationality::Japanese, "3-3-6", "E5")]
    };
    let order = Order::CloseCombat {
        at: loc(&b, "E5"),
        attackers: vec![],
        targets: vec![],
    };
    let mut ambushed = false;
    let mut plain_cc = false;
    for seed in 1..300 {
        let mut st = ccph(&b, Side::Allied, units());
        st.night.nvr = Some(2);
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        let ambush = said
            .iter()
            .find(|e| e.event == "ambush")
            .expect("an Ambush dr in jungle");
        let us_ambushed = ambush.text.contains("the Allied side Ambushes");
        let Some(u) = st.units.iter().find(|u| u.unit.id == "us1") else {
            continue;
        };
        if us_ambushed {
            assert!(
                u.cloaked,
                "E1.43: a successful Ambush keeps Cloaking: {said:?}"
            );
            assert!(
                said.iter()
                    .any(|e| e.event == "cloaked" && e.rule.as_deref() == Some("E1.43"))
            );
            ambushed = true;
        } else {
            assert!(!u.cloaked, "any other attack loses it: {said:?}");
            plain_cc = true;
        }
    }
    assert!(ambushed && plain_cc, "both within the seeds");
}

#[test]
fn e1_61_a_good_order_smc_is_stealthy_at_night() {
    let b = plain();
    // A lone American 9-1 advanced into jungle E5 at night.
    let mut st = ccph(
        &b,
        Side::Allied,
        vec![
            advanced(unit(&b, "usL", Nationality::American, "9-1", "E5")),
            unit(&b, "jp1", Nationality::Japanese, "2-2-6", "E5"),
        ],
    );
    st.night.nvr = Some(2);
    let a = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert!(
        a.attacker_drm
            .iter()
            .any(|d| d.rule == "E1.61" && d.value == -1),
        "{:?}",
        a.attacker_drm
    );
    // By day he is Normal.
    st.night.nvr = None;
    let a = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert!(!a.attacker_drm.iter().any(|d| d.rule == "E1.61"));
}

#[test]
fn e1_63_a_lax_unit_stacked_with_a_good_order_smc_is_normal_at_night_even_for_ambush() {
    let b = plain();
    // Japanese Conscripts (Lax, G1.6) with a Good Order 9-0, at night: Normal. The leader is
    // himself Stealthy (E1.61), so the side's drm is his -1; without him the Conscripts' +1.
    let conscripts = |with_leader: bool| {
        let mut v = vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            unit(&b, "jp1", Nationality::Japanese, "3-3-6", "E5"),
        ];
        if with_leader {
            let mut l = unit(&b, "jpL", Nationality::Japanese, "9-0", "E5");
            l.unit.broken = true;
            v.push(l);
        }
        v
    };
    let drm = |with_leader: bool, night: bool| {
        let mut st = ccph(&b, Side::Allied, conscripts(with_leader));
        if night {
            st.night.nvr = Some(2);
        }
        close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
            .unwrap()
            .ambush
            .unwrap()
            .defender_drm
    };
    assert!(drm(false, true).iter().any(|d| d.value == 1), "Lax alone");
    // A broken leader is not Good Order: still Lax.
    assert!(drm(true, true).iter().any(|d| d.value == 1));
    // A Good Order one: Normal (E1.63) — and he Stealthy himself (E1.61).
    let mut st = ccph(&b, Side::Allied, conscripts(false));
    st.units
        .push(unit(&b, "jpL", Nationality::Japanese, "9-0", "E5"));
    st.sort();
    st.night.nvr = Some(2);
    let a = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert!(
        !a.defender_drm.iter().any(|d| d.value == 1),
        "{:?}",
        a.defender_drm
    );
    // By day E1.63 does not apply: the Conscripts are Lax again (the leader Normal).
    st.night.nvr = None;
    let a = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert!(
        a.defender_drm.iter().any(|d| d.value == 1),
        "by day still Lax: {:?}",
        a.defender_drm
    );
}

#[test]
fn a11_19_an_ambushed_side_attacks_back_at_full_fp_a_concealed_ambusher_having_lost_its_cover() {
    let b = plain();
    // us1 advanced into jungle E5 on a concealed Japanese squad. Where the Japanese Ambush they
    // attack first and, having attacked, lose "?" (A11.19): us1 attacks back at its 7 FP, not
    // halved as against units all concealed. Where nobody Ambushes, the attacks are
    // simultaneous and us1's is halved.
    let units = || {
        let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5");
        jp1.concealed = true;
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            jp1,
        ]
    };
    let order = Order::CloseCombat {
        at: loc(&b, "E5"),
        attackers: vec![],
        targets: vec![],
    };
    let (mut ambushed, mut simultaneous) = (false, false);
    for seed in 1..200 {
        let mut st = ccph(&b, Side::Allied, units());
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        let ambush = said.iter().find(|e| e.event == "ambush").expect("jungle");
        let us_attack = said
            .iter()
            .find(|e| e.unit.as_deref() == Some("us1") && e.text.contains(" vs jp1"));
        if ambush.text.contains("the Japanese side Ambushes") {
            let Some(a) = us_attack else {
                continue; // us1 eliminated first
            };
            // At 7 FP, or 3 if jp1's attack reduced it to a HS: never halved.
            assert!(!a.text.contains("every target is concealed"), "{}", a.text);
            assert!(
                a.text.contains("us1 (7 FP) vs") || a.text.contains("us1 (3 FP) vs"),
                "{}",
                a.text
            );
            let revealed = said
                .iter()
                .position(|e| e.event == "revealed" && e.text.contains("jp1"));
            let us_at = said.iter().position(|e| std::ptr::eq(e, a));
            assert!(
                revealed < us_at,
                "jp1 loses \"?\" before us1 attacks: {said:?}"
            );
            ambushed = true;
        } else if ambush.text.contains("no Ambush") {
            let a = us_attack.expect("us1 attacks");
            assert!(a.text.contains("every target is concealed"), "{}", a.text);
            simultaneous = true;
        }
    }
    assert!(ambushed && simultaneous, "both within the seeds");
}

/// G1.5 EXC / G1.6: a T-H Hero makes his own Banzai Charge, and "all Japanese Infantry that make
/// a Banzai Charge are Lax": as the DEFENDER of jungle E5 (an American advanced in) his Ambush
/// dr takes +1 Lax, not a 1st-Line squad's -1 Stealthy.
#[test]
fn g1_6_a_t_h_hero_in_his_banzai_charge_is_lax() {
    let b = plain();
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "E5");
    hero.unit.dc = true;
    hero.unit.hero = Some(asl_pto_core::model::Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            hero,
        ],
    );
    let s = st.situation(&setting(&b));
    let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .expect("Ambush in jungle");
    assert!(
        a.defender_drm
            .iter()
            .any(|d| d.rule == "G1.6" && d.value == 1 && d.reason.contains("Lax")),
        "{:?}",
        a.defender_drm
    );
}

/// us1 and us2 advanced into jungle E5 on jp1 and jp2 (the Allied CCPh).
fn divided_in_jungle(b: &Board) -> GameState {
    ccph(
        b,
        Side::Allied,
        vec![
            advanced(unit(b, "us1", Nationality::American, "7-6-8", "E5")),
            advanced(unit(b, "us2", Nationality::American, "7-6-8", "E5")),
            unit(b, "jp1", Nationality::Japanese, "4-4-7", "E5"),
            unit(b, "jp2", Nationality::Japanese, "4-4-7", "E5"),
        ],
    )
}

fn cc(b: &Board, at: &str, attackers: &[&str], targets: &[&str]) -> Order {
    Order::CloseCombat {
        at: loc(b, at),
        attackers: attackers.iter().map(|u| (*u).into()).collect(),
        targets: targets.iter().map(|u| (*u).into()).collect(),
    }
}

/// A11.4 / G1.64: a CC the ATTACKER divides into several orders is still one CC in its
/// Location: the Ambush drs are made once, by its first order, and what they decided (who
/// Ambushes, Hand-to-Hand or not) holds for the later orders there. Rolled again, a second
/// "Ambush" by Japanese who had already attacked turned the rest of the CC Hand-to-Hand.
#[test]
fn a11_4_one_ambush_determination_a_location_however_the_attack_is_divided() {
    let b = plain();
    let (mut seconds, mut hth_games) = (0, 0);
    for seed in 1..120 {
        let mut st = divided_in_jungle(&b);
        let mut dice = Dice::new(seed);
        let first = apply(
            &mut st,
            &setting(&b),
            &cc(&b, "E5", &["us1"], &["jp1"]),
            &mut dice,
        );
        let second = apply(
            &mut st,
            &setting(&b),
            &cc(&b, "E5", &["us2"], &["jp2"]),
            &mut dice,
        );
        assert_eq!(
            first.iter().filter(|e| e.event == "ambush").count(),
            1,
            "seed {seed}: {first:?}"
        );
        if second.iter().all(|e| e.event != "close_combat") {
            continue; // nothing left to attack with or at
        }
        seconds += 1;
        assert!(
            second.iter().all(|e| e.event != "ambush"),
            "seed {seed}: no second Ambush dr: {second:?}"
        );
        let hth = |v: &[asl_pto_core::game::Said]| v.iter().any(|e| e.event == "hand_to_hand");
        assert_eq!(
            hth(&first),
            hth(&second),
            "seed {seed}: {first:?} {second:?}"
        );
        let red = second
            .iter()
            .any(|e| e.event == "close_combat" && e.text.contains("Hand-to-Hand"));
        assert_eq!(red, hth(&first), "seed {seed}: {second:?}");
        hth_games += usize::from(hth(&first));
    }
    assert!(seconds > 40 && hth_games > 0, "{seconds} {hth_games}");
}

/// G1.64: a Japanese Ambush makes the CC Hand-to-Hand "unless every such Japanese unit
/// participating in it ... is Withdrawing/pinned": a pinned squad that Ambushes does not.
#[test]
fn g1_64_a_pinned_japanese_squad_that_ambushes_does_not_make_it_hand_to_hand() {
    let b = plain();
    for pinned in [true, false] {
        let mut seen = false;
        for seed in 1..300 {
            let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5");
            jp1.unit.pinned = pinned;
            let mut st = ccph(
                &b,
                Side::Allied,
                vec![
                    advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
                    jp1,
                ],
            );
            let said = apply(
                &mut st,
                &setting(&b),
                &cc(&b, "E5", &[], &[]),
                &mut Dice::new(seed),
            );
            let ambush = said.iter().find(|e| e.event == "ambush").expect("jungle");
            if !ambush.text.contains("the Japanese side Ambushes") {
                continue;
            }
            seen = true;
            assert_eq!(
                said.iter().any(|e| e.event == "hand_to_hand"),
                !pinned,
                "pinned {pinned}, seed {seed}: {said:?}"
            );
        }
        assert!(seen, "a Japanese Ambush within the seeds (pinned {pinned})");
    }
}

/// G1.64: "Whenever ≥ one unbroken Japanese ... unit is the ATTACKER in CC/Melee ... that
/// CC/Melee automatically becomes Hand-to-Hand": a Japanese ATTACKER dividing its attack so
/// that only a pinned squad attacks first still fights Hand-to-Hand, its unpinned squad being
/// in the same CC; the order of the orders changes nothing.
#[test]
fn g1_64_a_divided_japanese_attack_is_hand_to_hand_from_its_first_order() {
    let b = plain();
    let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "C3");
    jp1.unit.pinned = true;
    let units = vec![
        jp1,
        unit(&b, "jp2", Nationality::Japanese, "4-4-7", "C3"),
        unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
        unit(&b, "us2", Nationality::American, "7-6-8", "C3"),
    ];
    let st = ccph(&b, Side::Japanese, units);
    let plan = close_combat(
        &st.situation(&setting(&b)),
        &loc(&b, "C3"),
        &["jp1".to_string()],
        &["us1".to_string()],
    )
    .unwrap();
    assert!(plan.hand_to_hand(None));
    let mut st = st.clone();
    let said = apply(
        &mut st,
        &setting(&b),
        &cc(&b, "C3", &["jp1"], &["us1"]),
        &mut Dice::new(2),
    );
    assert!(said.iter().any(|e| e.event == "hand_to_hand"), "{said:?}");
    // Both sides' ATTACKER units have not all attacked: no Melee is declared yet.
    if st.units.iter().any(|u| u.unit.id == "jp2") && st.units.iter().any(|u| u.unit.id == "us2") {
        assert!(said.iter().all(|e| e.event != "melee"), "{said:?}");
    }
}

#[test]
fn a11_12_a_close_combat_the_attacker_advanced_into_and_did_not_order_is_fought_as_the_ccph_ends() {
    // A window trial: the Japanese program advanced jp3 into K5, where us1 and the 8-1 stood,
    // ordered no CC there, and the CCPh ended with none: the Americans got no attack either.
    let b = plain();
    let jp3 = advanced(unit(&b, "jp3", Nationality::Japanese, "4-4-7", "C3"));
    let us1 = unit(&b, "us1", Nationality::American, "7-6-8", "C3");
    let mut st = ccph(&b, Side::Japanese, vec![jp3, us1]);
    let s = st.situation(&setting(&b));
    assert_eq!(cc_owed(&s), vec![(loc(&b, "C3"), true)]);
    drop(s);
    let said = end_player_turn(&mut st, &setting(&b), &mut Dice::new(3));
    let events: Vec<&str> = said.iter().map(|x| x.event.as_str()).collect();
    let owed = events
        .iter()
        .position(|e| *e == "cc_owed")
        .expect("cc_owed");
    let attacks = said
        .iter()
        .filter(|x| x.event == "close_combat" && x.rule.as_deref() == Some("A11.11"))
        .count();
    assert_eq!(attacks, 2, "both sides attack: {said:#?}");
    assert!(events[owed..].contains(&"close_combat"), "{events:?}");
    // The Player Turn ended after it.
    assert_eq!(st.turn.attacker, Side::Allied);
    // Where the enemy there is hidden, or a CC was fought this CCPh, none is owed.
    let mut hid = unit(&b, "jp3", Nationality::Japanese, "4-4-7", "C3");
    hid.hidden = true;
    let st = ccph(
        &b,
        Side::Allied,
        vec![
            hid,
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
        ],
    );
    assert!(cc_owed(&st.situation(&setting(&b))).is_empty());
    let mut st = ccph(
        &b,
        Side::Allied,
        vec![
            unit(&b, "jp3", Nationality::Japanese, "4-4-7", "C3"),
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "C3")),
        ],
    );
    let order = Order::CloseCombat {
        at: loc(&b, "C3"),
        attackers: Vec::new(),
        targets: Vec::new(),
    };
    apply(&mut st, &setting(&b), &order, &mut Dice::new(5));
    let s = st.situation(&setting(&b));
    assert!(
        cc_owed(&s).is_empty(),
        "fought this CCPh (and Melee waits for the next)"
    );
}

#[test]
fn a11_7_a_melee_goes_on_in_every_ccph_even_where_no_side_orders_it() {
    // A Melee begun in an earlier Player Turn (nobody advanced in this one): the ATTACKER,
    // holding out, orders no CC, and the CC is fought all the same as the CCPh ends (A11.7,
    // A11.12): the enemy in Melee with it gets its attack.
    let b = plain();
    let units = vec![
        unit(&b, "jp3", Nationality::Japanese, "4-4-7", "C3"),
        unit(&b, "us1", Nationality::American, "7-6-8", "C3"),
        unit(&b, "jp4", Nationality::Japanese, "4-4-7", "D3"),
    ];
    let mut st = ccph(&b, Side::Japanese, units);
    let s = st.situation(&setting(&b));
    assert_eq!(cc_owed(&s), vec![(loc(&b, "C3"), false)]);
    drop(s);
    let said = end_player_turn(&mut st, &setting(&b), &mut Dice::new(11));
    let owed = said.iter().find(|x| x.event == "cc_owed").expect("cc_owed");
    assert!(owed.text.contains("Melee goes on"), "{owed:?}");
    let attacks = said
        .iter()
        .filter(|x| x.event == "close_combat" && x.rule.as_deref() == Some("A11.11"))
        .count();
    assert_eq!(attacks, 2, "both sides attack: {said:#?}");
    // The lone jp4 in D3, with no enemy, owes nothing; where every unit is broken nobody can
    // attack (the ruling refuses the CC): none is owed.
    let mut jp = unit(&b, "jp3", Nationality::Japanese, "4-4-7", "C3");
    jp.unit.broken = true;
    let mut us = unit(&b, "us1", Nationality::American, "7-6-8", "C3");
    us.unit.broken = true;
    let st = ccph(&b, Side::Japanese, vec![jp, us]);
    assert!(cc_owed(&st.situation(&setting(&b))).is_empty());
}

/// A11.4 (not from the seeds: `tables.close_combat.ambush`, LimboDancer's ruling R29.9): each
/// cause once when any unit of the side's force there has it: its best unpinned Good Order
/// leader's modifier unless he is alone, +1 for a broken unit, +1 for a pinned one; Stealthy
/// and Lax (G1.6) both where the force has both.
#[test]
fn a11_4_the_ambush_dr_takes_the_leaders_modifier_and_one_for_a_broken_or_pinned_unit() {
    let b = plain();
    // By day, us1 (and whoever is with it) advanced into jungle E5 on jp1 (1st-Line:
    // Stealthy) and whoever is with it.
    let drm = |ours: Vec<UnitAt>, theirs: Vec<UnitAt>| {
        let mut v: Vec<UnitAt> = ours.into_iter().map(advanced).collect();
        v.extend(theirs);
        let st = ccph(&b, Side::Allied, v);
        let a = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
            .unwrap()
            .ambush
            .expect("Ambush in jungle");
        let sum = |d: &[asl_pto_core::rules::Amount]| d.iter().map(|x| x.value).sum::<i32>();
        (
            sum(&a.attacker_drm),
            sum(&a.defender_drm),
            a.attacker_drm,
            a.defender_drm,
        )
    };
    let us = |id: &str, c: &str| unit(&b, id, Nationality::American, c, "E5");
    let jp = |id: &str, c: &str| unit(&b, id, Nationality::Japanese, c, "E5");
    // The plain case: the ATTACKER's +1 in jungle (G.6), the Japanese Stealthy -1.
    let (a, d, _, _) = drm(vec![us("us1", "7-6-8")], vec![jp("jp1", "4-4-7")]);
    assert_eq!((a, d), (1, -1));
    // A 9-1 with his men: -1 to their Ambush dr; with the Japanese, their 9-1's -1 on top of
    // Stealthy.
    let (a, d, ad, dd) = drm(
        vec![us("us1", "7-6-8"), us("usL", "9-1")],
        vec![jp("jp1", "4-4-7"), jp("jpL", "9-1")],
    );
    assert_eq!((a, d), (0, -2), "{ad:?} {dd:?}");
    assert!(
        ad.iter()
            .any(|x| x.rule == "A11.4" && x.reason.contains("usL's leadership"))
    );
    // A 9-0 adds nothing; a leader alone adds nothing (he is the whole force).
    let (a, _, _, _) = drm(
        vec![us("us1", "7-6-8"), us("usL", "9-0")],
        vec![jp("jp1", "4-4-7")],
    );
    assert_eq!(a, 1);
    let (a, _, ad, _) = drm(vec![us("usL", "9-1")], vec![jp("jp1", "4-4-7")]);
    assert_eq!(a, 1, "{ad:?}");
    // A pinned leader gives none.
    let mut pinned_leader = us("usL", "9-1");
    pinned_leader.unit.pinned = true;
    let (a, _, ad, _) = drm(
        vec![us("us1", "7-6-8"), pinned_leader],
        vec![jp("jp1", "4-4-7")],
    );
    assert_eq!(a, 1 + 1, "G.6 and a pinned unit among them: {ad:?}");
    // A broken unit in the DEFENDER's force: +1, once for two.
    let mut broken = jp("jp2", "4-4-7");
    broken.unit.broken = true;
    let mut broken2 = jp("jp3", "4-4-7");
    broken2.unit.broken = true;
    let (_, d, _, dd) = drm(
        vec![us("us1", "7-6-8")],
        vec![jp("jp1", "4-4-7"), broken, broken2],
    );
    assert_eq!(d, -1 + 1, "{dd:?}");
    // A berserk unit among them: +1 berserk and +1 Lax (E1.533), and no leader's modifier.
    let mut mad = us("us2", "7-6-8");
    mad.unit.berserk = true;
    let (a, _, ad, _) = drm(
        vec![us("us1", "7-6-8"), us("usL", "9-1"), mad],
        vec![jp("jp1", "4-4-7")],
    );
    assert_eq!(a, 1 + 1 + 1, "G.6, berserk, Lax: {ad:?}");
    assert!(
        !ad.iter().any(|x| x.reason.contains("leadership")),
        "{ad:?}"
    );
    // Stealthy and Lax in one force: both (1st-Line and Conscript Japanese).
    let (_, d, _, dd) = drm(
        vec![us("us1", "7-6-8")],
        vec![jp("jp1", "4-4-7"), jp("jp2", "3-3-6")],
    );
    assert_eq!(d, 0, "{dd:?}");
    assert!(dd.iter().any(|x| x.value == -1) && dd.iter().any(|x| x.value == 1));
}

/// A11.4: `tables.close_combat.ambush` is the player's to correct: the built-in file gives
/// +1, +1, the leader's modifier and -2 with a concealed unit (the A11.4 chart's "-2
/// Concealed"); a file with leadership off, a broken unit's +2 and a concealed unit's -3 is
/// read so and the Ambush dr follows it; out of range it is refused with the rule.
#[test]
fn a11_4_the_ambush_modifiers_are_read_from_the_tables_file() {
    let b = plain();
    let builtin = Tables::builtin().close_combat.ambush;
    assert_eq!(
        (
            builtin.broken,
            builtin.pinned,
            builtin.leadership,
            builtin.concealed
        ),
        (1, 1, true, -2)
    );
    let line = "ambush: (broken: 1, pinned: 1, berserk: 1, leadership: true, concealed: -2)";
    assert!(BUILTIN.contains(line), "the built-in file writes it so");
    let text = BUILTIN.replace(
        line,
        "ambush: (broken: 2, pinned: 1, berserk: 1, leadership: false, concealed: -3)",
    );
    let read = Tables::parse(&text, "tables.ron").expect("a valid tables file");
    let a = read.close_combat.ambush;
    assert_eq!(
        (a.broken, a.pinned, a.leadership, a.concealed),
        (2, 1, false, -3)
    );
    let mut broken = unit(&b, "jp2", Nationality::Japanese, "4-4-7", "E5");
    broken.unit.broken = true;
    let drms = |tables: &Tables, jp1_concealed: bool| {
        let mut jp1 = unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5");
        jp1.concealed = jp1_concealed;
        let st = ccph(
            &b,
            Side::Allied,
            vec![
                advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
                advanced(unit(&b, "usL", Nationality::American, "9-1", "E5")),
                jp1,
                broken.clone(),
            ],
        );
        let setting = setting(&b);
        let mut s = st.situation(&setting);
        s.tables = tables;
        let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
            .unwrap()
            .ambush
            .unwrap();
        let sum = |d: &[asl_pto_core::rules::Amount]| d.iter().map(|x| x.value).sum::<i32>();
        (sum(&a.attacker_drm), sum(&a.defender_drm), a)
    };
    let (att, def, a) = drms(&read, false);
    assert_eq!(att, 1, "G.6 only, no leadership: {:?}", a.attacker_drm);
    assert_eq!(
        def,
        -1 + 2,
        "Stealthy, a broken unit's +2: {:?}",
        a.defender_drm
    );
    let (_, def, a) = drms(&read, true);
    assert_eq!(
        def,
        -1 + 2 - 3,
        "Stealthy, a broken unit's +2, the concealed jp1's -3: {:?}",
        a.defender_drm
    );
    // The built-in file: the 9-1's -1 for the Americans, -2 for the concealed jp1.
    let builtin = Tables::builtin();
    let (att, def, a) = drms(&builtin, true);
    assert_eq!(att, 1 - 1, "G.6 and the 9-1: {:?}", a.attacker_drm);
    assert_eq!(
        def,
        -1 + 1 - 2,
        "Stealthy, a broken unit, a concealed one: {:?}",
        a.defender_drm
    );
    let bad = BUILTIN.replace(
        line,
        "ambush: (broken: 1, pinned: 9, berserk: 1, leadership: true, concealed: -2)",
    );
    let e = Tables::parse(&bad, "tables.ron").unwrap_err().to_string();
    assert!(e.contains("A11.4"), "{e}");
}

/// A11.4 "Whenever Infantry advance into CC (unless reinforcing a Melee)" (not from the seeds:
/// ruleschat quoting the eASLRB; the CC chart's "NA during Melee"): a CC that leaves both sides
/// in jungle E5 records its Melee (A11.7); us2 advancing in there in a later Player Turn brings
/// no Ambush dr. A unit that came in without a Melee (us1 entering in the MPh at night, E1.31,
/// a T-H Hero, a charge) does not make an advance beside it a reinforcement. Once a side is
/// gone, the Melee is over as the next phase begins.
#[test]
fn a11_4_no_ambush_for_a_unit_reinforcing_a_melee() {
    let b = plain();
    let units = || {
        vec![
            advanced(unit(&b, "us1", Nationality::American, "7-6-8", "E5")),
            unit(&b, "jp1", Nationality::Japanese, "4-4-7", "E5"),
        ]
    };
    let order = Order::CloseCombat {
        at: loc(&b, "E5"),
        attackers: vec![],
        targets: vec![],
    };
    // A seed whose CC leaves both sides there: the Melee is recorded.
    let mut melee = None;
    for seed in 1..100 {
        let mut st = ccph(&b, Side::Allied, units());
        let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(seed));
        if said.iter().any(|e| e.event == "melee") {
            melee = Some(st);
            break;
        }
    }
    let mut st = melee.expect("a Melee within the seeds");
    assert_eq!(st.tallies.melee, vec![loc(&b, "E5")]);
    // A later Player Turn's CCPh: us1 still there (not advanced), us2 advanced in.
    let ambush_with = |st: &GameState| {
        let mut st = st.clone();
        st.tallies.cc_attacked.clear();
        st.tallies.cc_locations.clear();
        for u in st.units.iter_mut() {
            u.unit.advanced = false;
        }
        st.units.push(advanced(unit(
            &b,
            "us2",
            Nationality::American,
            "7-6-8",
            "E5",
        )));
        st.sort();
        close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[])
            .unwrap()
            .ambush
    };
    assert!(ambush_with(&st).is_none(), "reinforcing a Melee");
    // The same Location with no Melee recorded (us1 came in some other way): an Ambush dr.
    let mut fresh = st.clone();
    fresh.tallies.melee.clear();
    assert!(
        ambush_with(&fresh).is_some(),
        "no Melee there: us2's advance brings one"
    );
    // jp1 gone: as the next phase begins the Melee is over.
    st.units.retain(|u| u.unit.id != "jp1");
    st.phase = Phase::Rally;
    begin_phase(&mut st, &setting(&b), &mut Dice::new(1));
    assert!(st.tallies.melee.is_empty(), "{:?}", st.tallies.melee);
}
