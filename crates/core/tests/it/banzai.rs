//! G1.5 Banzai Charge (with A25.23 Human Wave as we read it, not in the seeds), G1.6 (Lax after
//! a Banzai), G1.423 (a T-H Hero's Charge may enter hexes ADJACENT to his target), A15 Heat of
//! Battle with G1.62 (berserk on a Final DR of 9 or more) and G11.97 (Battle Hardened in a cave;
//! no cave occupant is a Known enemy for a berserk charge), G1.41 EX (a berserk leader takes his
//! stack along), G1.14 (a berserk squad that breaks suffers Casualty Reduction).

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, end_player_turn};
use asl_pto_core::los::Location;
use asl_pto_core::model::{Hero, Phase, Side};
use asl_pto_core::rules::morale::{McResult, morale_check};
use asl_pto_core::rules::night::movement::NightClass;
use asl_pto_core::rules::orders::banzai::{HeatOfBattle, banzai, berserk_target, heat_of_battle};
use asl_pto_core::rules::orders::close_combat::close_combat;
use asl_pto_core::rules::orders::jitter::night_class;
use asl_pto_core::rules::orders::movement::{MoveVerb, move_to};
use asl_pto_core::rules::orders::units::{McFailure, mc, mc_failure};
use asl_pto_core::rules::orders::{Order, mf_allotment};
use asl_pto_core::rules::situation::UnitAt;
use asl_pto_core::rules::tables::Tables;
use asl_pto_core::state::GameState;

use crate::board::{Board, cliff, hex, jp, loc, plain, setting, situation, unit, us};

fn leader(b: &Board, id: &str, at: &str) -> UnitAt {
    unit(b, id, Nationality::Japanese, "9-1", at)
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// jp1 (4-4-7) and jpL (9-1) in C3, us1 in E3 (two hexes east), the Japanese MPh.
fn charge(b: &Board) -> GameState {
    situation(
        b,
        Phase::Movement,
        Side::Japanese,
        vec![
            jp(b, "jp1", "C3"),
            leader(b, "jpL", "C3"),
            us(b, "us1", "E3"),
        ],
    )
    .state
}

fn the<'a>(s: &'a GameState, id: &str) -> &'a UnitAt {
    s.units.iter().find(|u| u.unit.id == id).expect("in play")
}

fn declare(b: &Board, st: &mut GameState, units: &[&str], to: &str) -> Vec<String> {
    let order = Order::Banzai {
        units: units.iter().map(|u| (*u).into()).collect(),
        to: loc(b, to),
    };
    apply(st, &setting(b), &order, &mut Dice::new(1))
        .into_iter()
        .map(|s| format!("{} {}", s.event, s.rule.unwrap_or_default()))
        .collect()
}

#[test]
fn g1_5_a_leader_and_his_squad_declare_a_banzai_charge_with_eight_mf_each() {
    let b = plain();
    let mut st = charge(&b);
    let said = declare(&b, &mut st, &["jp1", "jpL"], "E3");
    assert_eq!(said, vec!["banzai G1.5"]);
    let t = Tables::builtin();
    for id in ["jp1", "jpL"] {
        assert_eq!(the(&st, id).unit.banzai, Some(loc(&b, "E3")));
        assert_eq!(mf_allotment(&t, the(&st, id)), 8.0, "A25.23: {id}");
    }
    assert_eq!(the(&st, "us1").unit.banzai, None);
    // A25.23 / G1.6: the Charge lasts the Player Turn.
    end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert!(st.units.iter().all(|u| u.unit.banzai.is_none()));
}

#[test]
fn g1_5_any_good_order_japanese_unit_even_one_smc_even_adjacent_to_the_enemy() {
    let b = plain();
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![leader(&b, "jpL", "C3"), us(&b, "us1", "D3")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(banzai(&s, &ids(&["jpL"]), &loc(&b, "D3")).is_ok());
}

#[test]
fn g1_5_a_leader_must_participate_in_a_charge_that_includes_a_mmc() {
    let b = plain();
    let st = charge(&b);
    let s = st.situation(&setting(&b));
    let r = banzai(&s, &ids(&["jp1"]), &loc(&b, "E3")).unwrap_err();
    assert_eq!(r.rule, "G1.5");
    assert!(r.reason.contains("leader"), "{}", r.reason);
    assert!(banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E3")).is_ok());
}

#[test]
fn g1_5_units_in_different_hexes_must_each_be_adjacent_to_another_of_the_charge() {
    let b = plain();
    let mut units = vec![
        jp(&b, "jp1", "C3"),
        leader(&b, "jpL", "C3"),
        us(&b, "us1", "F3"),
    ];
    units.push(jp(&b, "jp2", "C5"));
    units.push(jp(&b, "jp3", "C4"));
    let st = situation(&b, Phase::Movement, Side::Japanese, units).state;
    let s = st.situation(&setting(&b));
    let r = banzai(&s, &ids(&["jp1", "jpL", "jp2"]), &loc(&b, "F3")).unwrap_err();
    assert_eq!(r.rule, "G1.5");
    assert!(r.reason.contains("chain"), "{}", r.reason);
    // C4 links C3 and C5: one chain.
    assert!(banzai(&s, &ids(&["jp1", "jpL", "jp3", "jp2"]), &loc(&b, "F3")).is_ok());
}

#[test]
fn a25_23_a_banzai_charge_is_made_at_a_known_enemy_by_units_that_have_not_moved() {
    let b = plain();
    let mut st = charge(&b);
    let s = st.situation(&setting(&b));
    let r = banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E4")).unwrap_err();
    assert_eq!(r.rule, "A25.23", "no enemy there");
    // A hidden enemy is not Known.
    st.units
        .iter_mut()
        .find(|u| u.unit.id == "us1")
        .unwrap()
        .hidden = true;
    let s = st.situation(&setting(&b));
    assert_eq!(
        banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E3"))
            .unwrap_err()
            .rule,
        "A25.23"
    );
    let mut st = charge(&b);
    st.units
        .iter_mut()
        .find(|u| u.unit.id == "jp1")
        .unwrap()
        .unit
        .mf_spent = 1.0;
    let s = st.situation(&setting(&b));
    assert_eq!(
        banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E3"))
            .unwrap_err()
            .rule,
        "A25.23",
        "jp1 has moved"
    );
}

#[test]
fn a25_23_a_unit_in_a_banzai_charge_moves_toward_its_target_and_does_not_search() {
    use asl_pto_core::rules::orders::search::search;
    let b = plain();
    let mut st = charge(&b);
    let d3 = hex(&b, "D3");
    // Before the Charge, jp1 may Search the hex beside it (A12.152).
    let s = st.situation(&setting(&b));
    assert!(search(&s, "jp1", d3).is_ok());
    declare(&b, &mut st, &["jp1", "jpL"], "E3");
    let s = st.situation(&setting(&b));
    let r = search(&s, "jp1", d3).unwrap_err();
    assert_eq!(r.rule, "A25.231", "{}", r.reason);
    assert!(r.reason.contains("charges E3"), "{}", r.reason);
    // The order is refused as the walk applies it, and jp1 keeps every MF for its Charge.
    let order = Order::Search {
        unit: "jp1".into(),
        hex: d3,
    };
    let said = apply(&mut st, &setting(&b), &order, &mut Dice::new(1));
    assert_eq!(said[0].event, REFUSED, "{said:?}");
    assert_eq!(the(&st, "jp1").unit.mf_spent, 0.0);
    // The Orders window lists it refused, with the rule.
    let s = st.situation(&setting(&b));
    let listed = asl_pto_core::rules::orders::legal_orders(&s, "jp1", None);
    let (_, answer) = listed.iter().find(|(o, _)| *o == order).expect("listed");
    assert_eq!(answer.as_ref().unwrap_err().rule, "A25.231");
}

#[test]
fn g1_5_only_good_order_japanese_of_the_attacker_in_its_mph_and_g1_423_not_a_t_h_hero() {
    let b = plain();
    let mut st = charge(&b);
    st.phase = Phase::PrepFire;
    let s = st.situation(&setting(&b));
    assert_eq!(
        banzai(&s, &ids(&["jpL"]), &loc(&b, "E3")).unwrap_err().rule,
        "G1.5",
        "not in the PFPh"
    );
    let mut st = charge(&b);
    st.turn.attacker = Side::Allied;
    let s = st.situation(&setting(&b));
    assert!(banzai(&s, &ids(&["jpL"]), &loc(&b, "E3")).is_err());
    let mut st = charge(&b);
    st.units
        .iter_mut()
        .find(|u| u.unit.id == "jp1")
        .unwrap()
        .unit
        .broken = true;
    let s = st.situation(&setting(&b));
    let r = banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E3")).unwrap_err();
    assert!(r.reason.contains("broken"), "{}", r.reason);
    let mut st = charge(&b);
    st.units.push(us(&b, "us9", "C3"));
    let s = st.situation(&setting(&b));
    assert!(banzai(&s, &ids(&["us9"]), &loc(&b, "E3")).is_err());
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "C3");
    hero.unit.hero = Some(Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let mut st = charge(&b);
    st.units.push(hero);
    let s = st.situation(&setting(&b));
    assert_eq!(
        banzai(&s, &ids(&["jp1.hero"]), &loc(&b, "E3"))
            .unwrap_err()
            .rule,
        "G1.423"
    );
}

#[test]
fn a25_231_a_charging_unit_moves_forward_or_aside_enters_the_enemy_and_stops_there() {
    let b = plain();
    let mut st = charge(&b);
    // Without a Charge, Infantry do not enter a Known enemy's Location in the MPh by day.
    st.units.iter_mut().find(|u| u.unit.id == "jpL").unwrap().at = loc(&b, "D3");
    let s = st.situation(&setting(&b));
    assert_eq!(
        move_to(&s, "jpL", &loc(&b, "E3"), MoveVerb::Move)
            .unwrap_err()
            .rule,
        "A4.14"
    );
    let mut st = charge(&b);
    declare(&b, &mut st, &["jp1", "jpL"], "E3");
    let s = st.situation(&setting(&b));
    // B3 is farther from E3 than C3.
    let back = move_to(&s, "jp1", &loc(&b, "B3"), MoveVerb::Move).unwrap_err();
    assert_eq!(back.rule, "A25.231");
    assert!(move_to(&s, "jp1", &loc(&b, "D3"), MoveVerb::Move).is_ok());
    let go = |st: &mut GameState, to: &str| {
        let said = apply(
            st,
            &setting(&b),
            &Order::Move {
                unit: "jp1".into(),
                to: loc(&b, to),
            },
            &mut Dice::new(1),
        );
        assert!(said.iter().all(|s| s.event != REFUSED), "{said:?}");
    };
    go(&mut st, "D3");
    go(&mut st, "E3");
    assert_eq!(
        the(&st, "jp1").at,
        loc(&b, "E3"),
        "into the enemy's Location"
    );
    let s = st.situation(&setting(&b));
    let stop = move_to(&s, "jp1", &loc(&b, "F3"), MoveVerb::Move).unwrap_err();
    assert_eq!(stop.rule, "A25.235");
}

#[test]
fn a25_23_a_charging_unit_s_morale_level_is_raised_by_one_unless_broken() {
    let b = plain();
    let mut st = charge(&b);
    let s = st.situation(&setting(&b));
    let before = mc(&s, the(&st, "jp1"), 0, |_| 3, "a NMC").level.value;
    assert_eq!(before, 8, "7, +1 for jpL (G1.41)");
    declare(&b, &mut st, &["jp1", "jpL"], "E3");
    let s = st.situation(&setting(&b));
    let plan = mc(&s, the(&st, "jp1"), 0, |_| 3, "a NMC");
    assert_eq!(plan.level.value, 9);
    assert!(
        plan.level.reason.contains("A25.23"),
        "{}",
        plan.level.reason
    );
    assert_eq!(
        mc(&s, the(&st, "jpL"), 0, |_| 3, "a NMC").level.value,
        10,
        "the 9-1 too"
    );
}

#[test]
fn g1_6_every_japanese_unit_that_makes_a_banzai_charge_is_lax_for_the_player_turn() {
    let b = plain();
    let mut st = charge(&b);
    let elite = |st: &GameState| night_class(&the(st, "jp1").unit).0;
    assert_eq!(elite(&st), NightClass::Stealthy, "a 1st-Line squad (G1.6)");
    declare(&b, &mut st, &["jp1", "jpL"], "E3");
    assert_eq!(
        night_class(&the(&st, "jp1").unit),
        (NightClass::Lax, "G1.6")
    );
    assert_eq!(night_class(&the(&st, "jpL").unit).0, NightClass::Lax);
    // In the CCPh's Ambush, Lax adds +1 instead of Stealthy's -1: the charge ended in jungle
    // (E5), the Allies having advanced there as the ATTACKER would.
    let mut cc = st.clone();
    cc.phase = Phase::CloseCombat;
    cc.turn.attacker = Side::Allied;
    for u in cc.units.iter_mut() {
        u.at = loc(&b, "E5");
        u.unit.advanced = u.unit.side() == Side::Allied;
    }
    let s = cc.situation(&setting(&b));
    let a = close_combat(&s, &loc(&b, "E5"), &[], &[])
        .unwrap()
        .ambush
        .unwrap();
    assert!(
        a.defender_drm
            .iter()
            .any(|d| d.rule == "G1.6" && d.value == 1 && d.reason.contains("Banzai")),
        "{:?}",
        a.defender_drm
    );
    end_player_turn(&mut st, &setting(&b), &mut Dice::new(1));
    assert_eq!(elite(&st), NightClass::Stealthy, "the Player Turn is over");
}

#[test]
fn g1_423_a_t_h_hero_may_enter_an_enemy_hex_adjacent_to_his_designated_target() {
    let b = plain();
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "C3");
    hero.unit.hero = Some(Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![
            hero,
            us(&b, "us1", "E3"),
            us(&b, "us2", "D3"),
            us(&b, "us3", "C5"),
        ],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(
        move_to(&s, "jp1.hero", &loc(&b, "D3"), MoveVerb::Move).is_ok(),
        "D3 is ADJACENT to his target in E3"
    );
    assert_eq!(
        move_to(&s, "jp1.hero", &loc(&b, "C4"), MoveVerb::Move)
            .map(|_| ())
            .ok(),
        Some(()),
        "an empty hex"
    );
    let mut st2 = st.clone();
    st2.units
        .iter_mut()
        .find(|u| u.unit.id == "us3")
        .unwrap()
        .at = loc(&b, "C4");
    let s = st2.situation(&setting(&b));
    assert_eq!(
        move_to(&s, "jp1.hero", &loc(&b, "C4"), MoveVerb::Move)
            .unwrap_err()
            .rule,
        "A4.14",
        "C4 is neither his target's hex nor ADJACENT to it"
    );
}

#[test]
fn g1_62_a_final_heat_of_battle_dr_of_nine_makes_a_japanese_unit_berserk() {
    let b = plain();
    let st = charge(&b);
    let s = st.situation(&setting(&b));
    let jp1 = the(&st, "jp1");
    assert!(matches!(
        heat_of_battle(&s, jp1, 9),
        HeatOfBattle::Berserk { rule: "G1.62", .. }
    ));
    assert!(matches!(
        heat_of_battle(&s, jp1, 8),
        HeatOfBattle::Hardened { rule: "A15.3", .. }
    ));
}

#[test]
fn g11_97_infantry_in_a_cave_become_battle_hardened_on_a_final_hob_dr_of_nine() {
    let b = cliff();
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp(&b, "jp1", "cave:A")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(matches!(
        heat_of_battle(&s, the(&st, "jp1"), 11),
        HeatOfBattle::Hardened { rule: "G11.97", .. }
    ));
}

#[test]
fn g1_41_ex_a_berserk_japanese_leader_takes_the_units_of_his_location_along() {
    let b = plain();
    let mut units = vec![
        unit(&b, "jpL", Nationality::Japanese, "10-0", "C3"),
        unit(&b, "hs", Nationality::Japanese, "2-3-8", "C3"),
        jp(&b, "jp2", "C4"),
        // A Known enemy unit in their LOS: without one they would be Battle Hardened (A15.44).
        unit(&b, "us1", Nationality::American, "7-6-8", "C6"),
    ];
    units[1].unit.broken = false;
    let st = situation(&b, Phase::Movement, Side::Japanese, units).state;
    let s = st.situation(&setting(&b));
    match heat_of_battle(&s, the(&st, "jpL"), 10) {
        HeatOfBattle::Berserk { along, .. } => assert_eq!(along, vec!["hs".to_string()]),
        other => panic!("{other:?}"),
    }
    // A squad going berserk takes no one along.
    let st2 = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![
            jp(&b, "jp1", "C3"),
            jp(&b, "jp3", "C3"),
            unit(&b, "us1", Nationality::American, "7-6-8", "C6"),
        ],
    )
    .state;
    let s = st2.situation(&setting(&b));
    match heat_of_battle(&s, the(&st2, "jp1"), 12) {
        HeatOfBattle::Berserk { along, .. } => assert!(along.is_empty()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a15_1_an_original_2_on_a_mc_makes_the_heat_of_battle_dr_and_the_unit_goes_berserk() {
    let b = plain();
    // A seed whose first DR is an Original 2 (the MC) and whose next is 9 or more (the HoB DR).
    let seed = (0..100_000u64)
        .find(|s| {
            let mut d = Dice::new(*s);
            let mc = d.dr2("A10.1");
            let hob = d.dr2("A15.1");
            mc == (1, 1) && hob.0 + hob.1 >= 9
        })
        .expect("such a seed");
    let mut st = charge(&b);
    let said = apply(
        &mut st,
        &setting(&b),
        &Order::MoraleCheck {
            unit: "jp1".into(),
            drm: 2,
        },
        &mut Dice::new(seed),
    );
    let events: Vec<(&str, Option<&str>)> = said
        .iter()
        .map(|s| (s.event.as_str(), s.rule.as_deref()))
        .collect();
    assert_eq!(
        events,
        vec![("morale_check", Some("A10.1")), ("berserk", Some("G1.62"))],
        "{said:?}"
    );
    let jp1 = the(&st, "jp1");
    assert!(jp1.unit.berserk && !jp1.unit.broken);
    // A15.43: berserk, it charges the nearest Known enemy (us1 in E3) in its MPh, and may
    // enter its Location; it does not move away from it.
    let s = st.situation(&setting(&b));
    assert_eq!(berserk_target(&s, jp1), Some(loc(&b, "E3")));
    assert_eq!(
        move_to(&s, "jp1", &loc(&b, "C4"), MoveVerb::Move)
            .unwrap_err()
            .rule,
        "A15.43",
        "C4 is no closer to E3"
    );
    assert!(move_to(&s, "jp1", &loc(&b, "D3"), MoveVerb::Move).is_ok());
    // A non-Japanese unit's Original 2 passes without a HoB DR (no results in our sources).
    let mut st = charge(&b);
    let said = apply(
        &mut st,
        &setting(&b),
        &Order::MoraleCheck {
            unit: "us1".into(),
            drm: 2,
        },
        &mut Dice::new(seed),
    );
    assert_eq!(said.len(), 1, "{said:?}");
}

#[test]
fn g11_97_no_cave_occupant_is_a_known_enemy_for_a_berserk_charge() {
    let b = cliff();
    let mut berserk = us(&b, "us1", "T4");
    berserk.unit.berserk = true;
    let st = situation(
        &b,
        Phase::Movement,
        Side::Allied,
        vec![berserk, jp(&b, "jp1", "cave:G"), jp(&b, "jp2", "T8")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert_eq!(
        berserk_target(&s, the(&st, "us1")),
        Some(loc(&b, "T8")),
        "jp1 in cave G (ADJACENT) does not count: jp2, four hexes off, is charged"
    );
    let _ = Location::Cave("G".into());
}

#[test]
fn g1_14_a_berserk_japanese_squad_that_fails_a_mc_suffers_casualty_reduction() {
    let b = plain();
    let mut jp1 = jp(&b, "jp1", "C3");
    jp1.unit.berserk = true;
    let failed: McResult = morale_check(9, 0, 7, 3);
    assert!(!failed.passed && !failed.casualty && !failed.exceeds_elr);
    match mc_failure(
        &jp1.unit,
        asl_pto_core::rules::japanese::step::Cause::IftMc,
        &failed,
    ) {
        Some(McFailure::Becomes(out)) => {
            assert_eq!(out.rule, "G1.14", "{}", out.reason);
            assert!(out.becomes.iter().all(|b| !b.broken), "{:?}", out.becomes);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn g1_423_a_t_h_hero_created_by_a_banzai_mmc_loses_one_mf_per_mf_it_spent_and_g1_421_no_pin() {
    use asl_pto_core::rules::orders::heroes::create_hero;
    let b = plain();
    let mut st = charge(&b);
    for u in st.units.iter_mut() {
        if u.unit.id == "jp1" {
            u.unit.dc = true;
            u.unit.mf_spent = 2.0;
        }
    }
    let s = st.situation(&setting(&b));
    let plain_plan = create_hero(&s, "jp1", "us1", 10).unwrap();
    assert_eq!(plain_plan.hero.mf_spent, 4.0, "two MF per MF spent");
    assert!(plain_plan.roll(6).pinned);
    for u in st.units.iter_mut() {
        u.unit.banzai = (u.unit.side() == Side::Japanese).then(|| loc(&b, "E3"));
    }
    let s = st.situation(&setting(&b));
    let charging = create_hero(&s, "jp1", "us1", 10).unwrap();
    assert_eq!(
        charging.hero.mf_spent, 2.0,
        "one MF per MF in a Banzai Charge"
    );
    assert!(
        !charging.roll(6).pinned,
        "an Original 6 does not pin a Banzai-Charging MMC"
    );
}

#[test]
fn a11_the_attacker_may_divide_its_cc_attack_naming_its_attackers_and_their_targets() {
    let b = plain();
    let mut units = vec![
        us(&b, "us1", "C3"),
        us(&b, "us2", "C3"),
        jp(&b, "jp1", "C3"),
        unit(&b, "jp2", Nationality::Japanese, "2-3-8", "C3"),
    ];
    for u in units.iter_mut() {
        u.unit.advanced = u.unit.side() == Side::Allied;
    }
    let st = situation(&b, Phase::CloseCombat, Side::Allied, units).state;
    let s = st.situation(&setting(&b));
    let at = loc(&b, "C3");
    let plan = close_combat(&s, &at, &ids(&["us1"]), &ids(&["jp2"])).unwrap();
    let us_attack = &plan.attacks[0];
    assert_eq!(us_attack.attackers, ids(&["us1"]));
    assert_eq!(us_attack.targets, ids(&["jp2"]));
    assert_eq!((us_attack.fp, us_attack.defence), (7.0, 2.0));
    let jp_attack = &plan.attacks[1];
    assert_eq!(
        jp_attack.targets,
        ids(&["us1", "us2"]),
        "the DEFENDER is not divided"
    );
    // A unit not in the Location, or of the wrong side, cannot be named.
    assert_eq!(
        close_combat(&s, &at, &ids(&["jp1"]), &ids(&["jp2"]))
            .unwrap_err()
            .rule,
        "A11"
    );
    assert!(close_combat(&s, &at, &ids(&["us1"]), &ids(&["us2"])).is_err());
    // Played: the order names them, and only jp2 can be hit by the Allied attack.
    let mut st2 = st.clone();
    let said = apply(
        &mut st2,
        &setting(&b),
        &Order::CloseCombat {
            at: at.clone(),
            attackers: vec!["us1".into()],
            targets: vec!["jp2".into()],
        },
        &mut Dice::new(3),
    );
    let allied = said
        .iter()
        .find(|s| s.event == "close_combat" && s.unit.as_deref() == Some("us1"))
        .expect("us1 attacks");
    assert!(
        allied.text.starts_with("us1 (7 FP) vs jp2 (2 FP)"),
        "{}",
        allied.text
    );
    assert!(
        st2.units.iter().any(|u| u.unit.id == "jp1"),
        "jp1 was not attacked"
    );
}

#[test]
fn e1_533_at_night_a_berserk_unit_that_sees_no_known_enemy_is_not_berserk() {
    let b = plain();
    // Berserk jp1 in C3 at night (NVR 1), us1 six hexes off in C9: it sees none, so it is
    // not berserk: a move away from us1 is allowed.
    let mut jp1 = jp(&b, "jp1", "C3");
    jp1.unit.berserk = true;
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1.clone(), us(&b, "us1", "C9")],
    )
    .state;
    st.night.nvr = Some(1);
    let s = st.situation(&setting(&b));
    assert!(move_to(&s, "jp1", &loc(&b, "C2"), MoveVerb::Move).is_ok());
    // As the MPh begins at night it loses berserk status (E1.533, A15.44).
    let mut st2 = st.clone();
    let said = asl_pto_core::game::begin_phase(&mut st2, &setting(&b), &mut Dice::new(1));
    assert!(
        said.iter()
            .any(|e| e.event == "berserk_lost" && e.rule.as_deref() == Some("E1.533")),
        "{said:?}"
    );
    assert!(!the(&st2, "jp1").unit.berserk);
    // Within its NVR it sees us1: it charges, and a move away is refused.
    let mut st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1.clone(), us(&b, "us1", "C4")],
    )
    .state;
    st.night.nvr = Some(2);
    let s = st.situation(&setting(&b));
    let r = move_to(&s, "jp1", &loc(&b, "C2"), MoveVerb::Move).unwrap_err();
    assert_eq!(r.rule, "E1.533", "{}", r.reason);
    // By day it charges the nearest Known enemy wherever it is.
    let st = situation(
        &b,
        Phase::Movement,
        Side::Japanese,
        vec![jp1, us(&b, "us1", "C9")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert_eq!(
        move_to(&s, "jp1", &loc(&b, "C2"), MoveVerb::Move)
            .unwrap_err()
            .rule,
        "A15.43"
    );
}

#[test]
fn e1_423_all_elements_of_a_banzai_charge_lose_cloaked_status() {
    let b = plain();
    let mut st = charge(&b);
    for u in st
        .units
        .iter_mut()
        .filter(|u| u.unit.side() == Side::Japanese)
    {
        u.cloaked = true;
        u.concealed = true;
    }
    let said = declare(&b, &mut st, &["jp1", "jpL"], "E3");
    assert!(said.contains(&"revealed E1.423".to_string()), "{said:?}");
    for id in ["jp1", "jpL"] {
        let u = the(&st, id);
        assert!(!u.cloaked && !u.concealed, "{id}");
    }
}

/// A Banzai Charge is a move: a pinned unit (A7.8) or one marked Prep Fire (A3) may not move
/// this MPh, so it does not charge (accepted, it gained the Charge's Morale and Lax without
/// moving a hex). An empty Charge is refused without a panic.
#[test]
fn a7_8_a_pinned_or_prep_fired_unit_does_not_banzai_charge() {
    let b = plain();
    for (what, rule) in [("pinned", "A7.8"), ("prep fired", "A3")] {
        let mut st = charge(&b);
        let jp1 = &mut st
            .units
            .iter_mut()
            .find(|u| u.unit.id == "jp1")
            .unwrap()
            .unit;
        if what == "pinned" {
            jp1.pinned = true;
        } else {
            jp1.fired = Some(asl_pto_core::model::FireMark::PrepFire);
        }
        let s = st.situation(&setting(&b));
        let r = banzai(&s, &ids(&["jp1", "jpL"]), &loc(&b, "E3")).unwrap_err();
        assert_eq!(r.rule, rule, "{what}: {}", r.reason);
        let said = declare(&b, &mut st, &["jp1", "jpL"], "E3");
        assert!(said.iter().any(|e| e.starts_with(REFUSED)), "{said:?}");
        assert!(the(&st, "jpL").unit.banzai.is_none(), "{what}");
    }
    let mut st = charge(&b);
    let said = declare(&b, &mut st, &[], "E3");
    assert_eq!(said, vec![format!("{REFUSED} G1.5")]);
}

/// G1.41 EX: "Should the 10-0 become berserk at any time while stacked with the HS [a broken
/// elite HS], the latter would automatically go berserk too": berserk, it is no longer broken.
#[test]
fn g1_41_ex_a_berserk_leader_takes_a_broken_hs_along_and_it_is_unbroken() {
    let b = plain();
    let mut hs = unit(&b, "hs", Nationality::Japanese, "2-3-8", "C3");
    hs.unit.broken = true;
    let units = vec![
        unit(&b, "jpL", Nationality::Japanese, "10-0", "C3"),
        hs,
        unit(&b, "us1", Nationality::American, "7-6-8", "C6"),
    ];
    let st = situation(&b, Phase::Movement, Side::Japanese, units).state;
    let s = st.situation(&setting(&b));
    match heat_of_battle(&s, the(&st, "jpL"), 10) {
        HeatOfBattle::Berserk { along, .. } => assert_eq!(along, vec!["hs".to_string()]),
        other => panic!("{other:?}"),
    }
    // Played: a MC whose Original 2 causes Heat of Battle, and a HoB DR of 9 or more.
    let order = Order::MoraleCheck {
        unit: "jpL".into(),
        drm: 0,
    };
    let mut found = false;
    for seed in 1..3000 {
        let mut st2 = st.clone();
        let said = apply(&mut st2, &setting(&b), &order, &mut Dice::new(seed));
        if said.iter().any(|e| e.event == "berserk") {
            let hs = the(&st2, "hs");
            assert!(hs.unit.berserk && !hs.unit.broken, "seed {seed}: {said:?}");
            found = true;
            break;
        }
    }
    assert!(found, "a berserk leader within the seeds");
}

/// G1.5: a Banzai unit is marked Lax "at the end of its MPh if it is in ... an enemy-occupied
/// Location": having charged into the enemy's jungle in its MPh, the CC that follows may begin
/// with an Ambush (A11.4, G.6), as if it had advanced in.
#[test]
fn g1_5_a_banzai_charge_into_the_enemy_in_the_mph_may_be_ambushed() {
    let b = plain();
    let mut jp1 = jp(&b, "jp1", "E5");
    let mut jpl = leader(&b, "jpL", "E5");
    for u in [&mut jp1, &mut jpl] {
        u.unit.banzai = Some(loc(&b, "E5"));
    }
    let st = situation(
        &b,
        Phase::CloseCombat,
        Side::Japanese,
        vec![jp1, jpl, us(&b, "us1", "E5")],
    )
    .state;
    let plan = close_combat(&st.situation(&setting(&b)), &loc(&b, "E5"), &[], &[]).unwrap();
    let a = plan
        .ambush
        .expect("an Ambush dr after a Charge into jungle");
    assert!(
        a.attacker_drm
            .iter()
            .any(|d| d.rule == "G1.6" && d.value == 1),
        "Lax: {:?}",
        a.attacker_drm
    );
    // Units that were there before (a Melee) are not just entering: no Ambush.
    let mut st2 = st.clone();
    for u in st2.units.iter_mut() {
        u.unit.banzai = None;
    }
    let plan = close_combat(&st2.situation(&setting(&b)), &loc(&b, "E5"), &[], &[]).unwrap();
    assert!(plan.ambush.is_none());
}

/// A script's `Banzai([], ..)` is an input error at load (it panicked when walked).
#[test]
fn g1_5_a_script_banzai_with_no_unit_is_an_input_error() {
    let text = r#"Scenario(
    title: "empty Banzai",
    attacker: Japanese,
    map: (columns: 10, rows: 8, hexes: {}),
    units: [
        (id: "jpL", nationality: Japanese, counter: "9-1", at: "C3"),
        (id: "us1", nationality: American, counter: "7-6-8", at: "F3"),
    ],
    script: [
        (phase: Movement, act: Banzai([], "F3")),
    ],
)"#;
    let e = asl_pto_core::scenario::Scenario::from_str(text, "empty.ron").unwrap_err();
    let e = e.to_string();
    assert!(e.contains("script Banzai: name at least one unit"), "{e}");
    assert!(e.contains("G1.5"), "{e}");
}

#[test]
fn a15_43_a_berserk_unit_does_not_prep_fire_and_advances_at_what_it_charges() {
    // jp1 berserk in C3, us1 two hexes east in E3, the Japanese Player Turn by day.
    let b = plain();
    let mut mad = jp(&b, "jp1", "C3");
    mad.unit.berserk = true;
    let at = |phase| {
        situation(
            &b,
            phase,
            Side::Japanese,
            vec![mad.clone(), us(&b, "us1", "E3"), us(&b, "us2", "C6")],
        )
        .state
    };
    // PFPh: Prep Fire would forfeit the charge of its MPh: refused, at either enemy.
    let st = at(Phase::PrepFire);
    let s = st.situation(&setting(&b));
    for target in ["E3", "C6"] {
        let r = asl_pto_core::rules::orders::fire::fire(&s, &ids(&["jp1"]), &loc(&b, target))
            .unwrap_err();
        assert_eq!(r.rule, "A15.43", "{r}");
        assert!(r.reason.contains("E3"), "{r}");
    }
    // APh: it advances closer to us1 (D3) or not at all; not back to B3, not aside to C4.
    let st = at(Phase::Advance);
    let s = st.situation(&setting(&b));
    assert!(move_to(&s, "jp1", &loc(&b, "D3"), MoveVerb::Move).is_ok());
    for away in ["B3", "C4"] {
        let r = move_to(&s, "jp1", &loc(&b, away), MoveVerb::Move).unwrap_err();
        assert_eq!(r.rule, "A15.43", "{away}: {r}");
    }
    // Not berserk, the same squad Prep Fires and advances where it likes.
    let mut calm = mad.clone();
    calm.unit.berserk = false;
    let st = situation(
        &b,
        Phase::PrepFire,
        Side::Japanese,
        vec![calm.clone(), us(&b, "us1", "E3")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(asl_pto_core::rules::orders::fire::fire(&s, &ids(&["jp1"]), &loc(&b, "E3")).is_ok());
    let st = situation(
        &b,
        Phase::Advance,
        Side::Japanese,
        vec![calm, us(&b, "us1", "E3")],
    )
    .state;
    let s = st.situation(&setting(&b));
    assert!(move_to(&s, "jp1", &loc(&b, "B3"), MoveVerb::Move).is_ok());
}
