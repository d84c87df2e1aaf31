//! A26 Victory Conditions with G1.65 (Casualty VP) and G11.94 (Control of a cave): what each
//! eliminated unit grants, who Controls what at game end, the first condition that holds, and
//! the game ending after its last Game Turn, after which no order is played.

use asl_pto_core::counters::Nationality;
use asl_pto_core::game::{Dice, REFUSED, apply, end_player_turn};
use asl_pto_core::model::{Hero, Phase, Side, Unit};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::tables::{CasualtyVp, Tables};
use asl_pto_core::rules::victory::{VictoryCondition, casualty_vp, exchange_cvp, game_end};
use asl_pto_core::state::Setting;

use crate::board::{self, Board, cliff, hex, jp, loc, plain, situation, unit, us};

fn setting<'a>(b: &'a Board, turns: Option<u32>, victory: &'a [VictoryCondition]) -> Setting<'a> {
    Setting {
        ob_japanese_squads: 2,
        cloaking_allotted: 0,
        turns,
        victory,
        ..board::setting(b)
    }
}

fn vp() -> CasualtyVp {
    Tables::builtin().casualty_vp
}

#[test]
fn g1_65_a_japanese_hero_grants_no_casualty_vp_a_leader_as_its_face_up_side() {
    let mut hero = Unit::new("jp1.hero", Nationality::Japanese, "T-H Hero");
    hero.hero = Some(Hero {
        target: "us1".into(),
        created_in: 1,
        attacked: false,
    });
    let (n, rule, why) = casualty_vp(&hero, &vp());
    assert_eq!((n, rule), (0, "G1.65"), "{why}");
    let leader = Unit::new("jpL", Nationality::Japanese, "10-0");
    let (n, rule, _) = casualty_vp(&leader, &vp());
    assert_eq!((n, rule), (1, "G1.65"));
    // G1.65: a leader counts as its face-up side: a 9-1 is worth 2, wounded (9-1 reads 0) 1.
    let mut l91 = Unit::new("jpL", Nationality::Japanese, "9-1");
    assert_eq!(casualty_vp(&l91, &vp()).0, 2);
    l91.wounded = true;
    assert_eq!(casualty_vp(&l91, &vp()).0, 1);
    // A26.2 (the tables' values, not from the seeds): a squad, a half-squad.
    assert_eq!(
        casualty_vp(&Unit::new("us1", Nationality::American, "7-6-8"), &vp()).0,
        2
    );
    assert_eq!(
        casualty_vp(&Unit::new("jp2", Nationality::Japanese, "2-3-7"), &vp()).0,
        1
    );
    // A26.2: a crew 2, a leader 1 plus the size of a negative modifier (a 10-2 is worth 3).
    assert_eq!(
        casualty_vp(&Unit::new("jpc", Nationality::Japanese, "2-2-8"), &vp()).0,
        2
    );
    assert_eq!(
        casualty_vp(&Unit::new("usL", Nationality::American, "10-2"), &vp()).0,
        3
    );
    assert_eq!(
        casualty_vp(&Unit::new("usL", Nationality::American, "8+1"), &vp()).0,
        1
    );
    // An American hero is a SMC and grants its VP.
    let mut us_hero = Unit::new("us1.hero", Nationality::American, "T-H Hero");
    us_hero.hero = hero.hero.clone();
    assert_eq!(casualty_vp(&us_hero, &vp()).0, 1);
}

#[test]
fn a26_the_first_condition_that_holds_names_the_winner() {
    let b = plain();
    let c4 = loc(&b, "C4");
    let victory = vec![
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![c4.clone()],
        },
        VictoryCondition::CasualtyVp {
            side: Side::Japanese,
            at_least: 4,
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let mut st = situation(&b, Phase::CloseCombat, Side::Allied, vec![]).state;
    st.scoring.control = vec![(hex(&b, "C4"), Side::Japanese)];
    let set = setting(&b, Some(1), &victory);
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!(end.winner, Some(Side::Japanese), "{}", end.reason);
    assert!(
        end.reason.contains("no other victory condition holds"),
        "{}",
        end.reason
    );
    st.scoring.cvp_japanese = 4;
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!((end.winner, end.rule), (Some(Side::Japanese), "A26.2"));
    st.scoring.control = vec![(hex(&b, "C4"), Side::Allied)];
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!(end.winner, Some(Side::Allied), "{}", end.reason);
}

#[test]
fn g11_94_a_cave_adjacent_to_a_good_order_allied_mmc_is_allied_at_game_end() {
    let b = cliff();
    let victory = vec![
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "cave:A")],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let set = setting(&b, Some(1), &victory);
    // us1 in S4, ADJACENT to cave A (its Entrance Hex, G11.6); the cave is empty and unhidden.
    let st = situation(
        &b,
        Phase::CloseCombat,
        Side::Allied,
        vec![us(&b, "us1", "S4")],
    )
    .state;
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!(end.winner, Some(Side::Allied), "{}", end.reason);
    assert!(end.reason.contains("G11.94"), "{}", end.reason);
    // A Good Order Japanese MMC in the cave keeps it Japanese.
    let st = situation(
        &b,
        Phase::CloseCombat,
        Side::Allied,
        vec![us(&b, "us1", "S4"), jp(&b, "jp1", "cave:A")],
    )
    .state;
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!(end.winner, Some(Side::Japanese), "{}", end.reason);
}

#[test]
fn a26_the_game_ends_after_its_last_game_turn_and_no_order_follows() {
    let b = plain();
    let victory = vec![
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "C4")],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let set = setting(&b, Some(1), &victory);
    let mut dice = Dice::new(1);
    // The Allied Player Turn's MPh: us1 enters C4, held by the Japanese at the start (the side
    // that must take a Location does not hold it yet), and gains its Control (A26.1).
    let mut st = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "C3")]).state;
    let said = apply(
        &mut st,
        &set,
        &Order::Move {
            unit: "us1".into(),
            to: loc(&b, "C4"),
        },
        &mut dice,
    );
    assert_eq!(said[0].event, "move", "{said:?}");
    assert_eq!(st.scoring.control, vec![(hex(&b, "C4"), Side::Allied)]);
    // The end of the first Player Turn: Game Turn 1 is not over yet.
    let said = end_player_turn(&mut st, &set, &mut dice);
    assert!(!said.iter().any(|e| e.event == "game_end"), "{said:?}");
    assert!(!st.scoring.over);
    // The end of the second: the game ends, and the Allies hold C4.
    let said = end_player_turn(&mut st, &set, &mut dice);
    let end = said
        .iter()
        .find(|e| e.event == "game_end")
        .expect("the game ends");
    assert_eq!(end.rule.as_deref(), Some("A26"));
    assert!(end.text.contains("the Allied side wins"), "{}", end.text);
    assert!(st.scoring.over);
    // No order is played after it.
    st.phase = Phase::Movement;
    let said = apply(
        &mut st,
        &set,
        &Order::Move {
            unit: "us1".into(),
            to: loc(&b, "C5"),
        },
        &mut dice,
    );
    assert_eq!(said[0].event, REFUSED);
    assert_eq!(said[0].rule.as_deref(), Some("A26"));
    // `moves` (the field of movement) and a rout say A26 too, whatever phase the state reads.
    st.phase = Phase::Rally;
    let s = st.situation(&set);
    let r = asl_pto_core::rules::moves::field_of_movement(&s, "us1").unwrap_err();
    assert_eq!(r.rule, "A26", "{}", r.reason);
    st.phase = Phase::Rout;
    st.units[0].unit.broken = true;
    let s = st.situation(&set);
    let r = asl_pto_core::rules::orders::rout::rout_destinations(&s, "us1").unwrap_err();
    assert_eq!(r.rule, "A26", "{}", r.reason);
}

#[test]
fn a26_2_an_eliminated_unit_grants_its_opponent_casualty_vp_in_the_game() {
    let b = plain();
    let set = setting(&b, None, &[]);
    // A T-H Hero whose Designated Target is gone is eliminated (G1.425): a Japanese hero grants
    // nothing (G1.65).
    let mut hero = unit(&b, "jp1.hero", Nationality::Japanese, "T-H Hero", "C3");
    hero.unit.hero = Some(Hero {
        target: "us9".into(),
        created_in: 1,
        attacked: false,
    });
    let mut st = situation(&b, Phase::Movement, Side::Allied, vec![hero]).state;
    let said = apply(
        &mut st,
        &set,
        &Order::Light { at: loc(&b, "C3") },
        &mut Dice::new(1),
    );
    assert!(said.iter().any(|e| e.event == "eliminated"), "{said:?}");
    assert!(st.units.is_empty());
    assert_eq!((st.scoring.cvp_allied, st.scoring.cvp_japanese), (0, 0));
    // A Japanese leader failing a MC is Wounded or, on a mortal Wound Severity dr, eliminated
    // (G1.4): the Allies then gain his Casualty VP (one seed of the first hundred that kills).
    let leader = unit(&b, "jpL", Nationality::Japanese, "10-0", "C3");
    let killed = (1..100).find_map(|seed| {
        let mut st = situation(&b, Phase::Movement, Side::Allied, vec![leader.clone()]).state;
        let order = Order::MoraleCheck {
            unit: "jpL".into(),
            drm: 6,
        };
        apply(&mut st, &set, &order, &mut Dice::new(seed));
        st.units.is_empty().then_some(st)
    });
    let st = killed.expect("a mortal wound within a hundred seeds");
    assert_eq!(
        (st.scoring.cvp_allied, st.scoring.cvp_japanese),
        (vp().leader, 0)
    );
}

#[test]
fn g11_94_control_of_a_cave_a_victory_condition_names_remains_once_gained() {
    let b = cliff();
    let victory = vec![
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(&b, "cave:A")],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ];
    let set = setting(&b, Some(1), &victory);
    // us1 in S4 is ADJACENT to the empty, unhidden cave A: any order records the Control.
    let mut st = situation(&b, Phase::Movement, Side::Allied, vec![us(&b, "us1", "S4")]).state;
    let order = Order::Light { at: loc(&b, "S4") };
    apply(&mut st, &set, &order, &mut Dice::new(1));
    assert_eq!(st.allied_controlled, vec!["A".to_string()]);
    // us1 walks away: Control remains (G11.94), and the Allies win at the end.
    let go = Order::Move {
        unit: "us1".into(),
        to: loc(&b, "R4"),
    };
    let said = apply(&mut st, &set, &go, &mut Dice::new(1));
    assert_eq!(said[0].event, "move", "{said:?}");
    let end = game_end(&st.situation(&set), &victory);
    assert_eq!(end.winner, Some(Side::Allied), "{}", end.reason);
}

/// Issue 36: a victory condition's errors say where, even when no quoted text of it can be
/// found as written (a Location with escapes, an empty list).
#[test]
fn a26_a_bad_control_condition_is_located_by_line_and_column() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/scenarios/victory_plain.ron"),
    )
    .unwrap();
    for (what, to, says) in [
        (
            "an empty list",
            r#"Control(Allied, [])"#,
            "names no Location",
        ),
        (
            "a Location with escapes",
            r#"Control(Allied, ["Z\u{39}9"])"#,
            "Z99",
        ),
    ] {
        let bad = text.replacen(r#"Control(Allied, ["C4"])"#, to, 1);
        let e = asl_pto_core::scenario::Scenario::from_str(&bad, "v.ron")
            .map(|_| ())
            .expect_err(what);
        assert!(e.to_string().contains(says), "{what}: {e}");
        assert_eq!(e.at, Some((17, 9)), "{what}: {e}");
    }
}

#[test]
fn a26_2_g1_65_a_squad_exchanged_for_a_half_squad_grants_the_half_squad_lost() {
    let b = plain();
    let v = vp();
    let lost = |u: &Unit, after: &[&str]| exchange_cvp(u, after, &v).0;
    // A squad Casualty Reduced to a HS: 1 (2 less 1); a HS then eliminated grants its own 1.
    let us1 = us(&b, "us1", "C3").unit;
    assert_eq!(lost(&us1, &["3-3-8"]), v.squad - v.half_squad);
    // G1.65: a Japanese Full-Strength squad flipped to its Reduced-Strength side, nothing; the
    // Reduced-Strength squad Step Reduced to a HS, the HS lost.
    let jp1 = jp(&b, "jp1", "C4").unit;
    assert_eq!(lost(&jp1, &["3-4-7"]), 0);
    let mut reduced = jp1.clone();
    reduced.counter = "3-4-7".into();
    assert_eq!(lost(&reduced, &["2-3-7"]), v.squad - v.half_squad);
    // A squad exchanged for two HS loses nothing; a leader's wound is no exchange.
    assert_eq!(lost(&jp1, &["2-3-7", "2-3-7"]), 0);
    let leader = unit(&b, "jpL", Nationality::Japanese, "9-1", "C4").unit;
    assert_eq!(lost(&leader, &["9-1"]), 0);
    // In play: a Reduced-Strength 3-4-7 failing a MC becomes a HS (Step Reduction, G1.122, or
    // Casualty Reduction on an Original 12): the Allies gain the HS it lost.
    let set = setting(&b, None, &[]);
    let mut u = jp(&b, "jp1", "C4");
    u.unit.counter = "3-4-7".into();
    let reduced_in_play = (1..100).find_map(|seed| {
        let mut st = situation(&b, Phase::Movement, Side::Allied, vec![u.clone()]).state;
        let order = Order::MoraleCheck {
            unit: "jp1".into(),
            drm: 6,
        };
        apply(&mut st, &set, &order, &mut Dice::new(seed));
        (st.units.len() == 1 && st.units[0].unit.counter != "3-4-7").then_some(st)
    });
    let st = reduced_in_play.expect("a failed MC within a hundred seeds");
    assert_eq!(
        (st.scoring.cvp_allied, st.scoring.cvp_japanese),
        (v.squad - v.half_squad, 0),
        "{}",
        st.units[0].unit.counter
    );
}
