//! Playing orders and phases on a `GameState` in core, without Bevy (issue 24): `game::apply`
//! judges an order, rolls the dice its plan names, applies the plan and says what happened;
//! a refusal changes nothing; the same seed plays the same game; `begin_phase` and
//! `end_player_turn` run the phases' own steps.

use asl_pto_core::game::{Dice, REFUSED, apply, begin_phase, end_player_turn};
use asl_pto_core::model::{Phase, Side};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::state::GameState;

use crate::board::{Board, hex, jp, loc, plain, setting, situation, us};

/// us1 (7-6-8) in C3 and jp1 (4-4-7) in C5 on the open plain, the Allies the ATTACKER.
fn state(b: &Board, phase: Phase) -> GameState {
    let units = vec![us(b, "us1", "C3"), jp(b, "jp1", "C5")];
    situation(b, phase, Side::Allied, units).state
}

fn unit<'a>(s: &'a GameState, id: &str) -> &'a asl_pto_core::rules::situation::UnitAt {
    s.units.iter().find(|u| u.unit.id == id).expect("in play")
}

#[test]
fn a4_a_move_is_judged_applied_and_said_in_core() {
    let b = plain();
    let mut s = state(&b, Phase::Movement);
    let mut dice = Dice::new(1);
    let to = loc(&b, "C4");
    let said = apply(
        &mut s,
        &setting(&b),
        &Order::Move {
            unit: "us1".into(),
            to: to.clone(),
        },
        &mut dice,
    );
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].event, "move");
    assert_eq!(said[0].unit.as_deref(), Some("us1"));
    assert!(said[0].rule.is_some());
    assert_eq!(unit(&s, "us1").at, to);
    assert_eq!(
        unit(&s, "us1").unit.mf_spent,
        1.0,
        "Open Ground costs 1 MF (A4)"
    );
    assert!(dice.rolls.is_empty(), "no die decides a move by day");
}

#[test]
fn a_refused_order_changes_nothing_and_is_said_with_its_rule() {
    let b = plain();
    let mut s = state(&b, Phase::Movement);
    let before = s.clone();
    let mut dice = Dice::new(1);
    let said = apply(
        &mut s,
        &setting(&b),
        &Order::Move {
            unit: "us1".into(),
            to: loc(&b, "C6"),
        },
        &mut dice,
    );
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].event, REFUSED);
    assert!(said[0].rule.is_some(), "a refusal names its rule");
    assert_eq!(s, before);
    assert!(dice.rolls.is_empty());
}

#[test]
fn a7_fire_rolls_the_ift_dr_marks_the_firer_and_the_same_seed_plays_the_same_game() {
    let b = plain();
    let fire = Order::Fire {
        units: vec!["us1".into()],
        at: loc(&b, "C5"),
    };
    let play = |seed: u64| {
        let mut s = state(&b, Phase::PrepFire);
        let mut dice = Dice::new(seed);
        let said = apply(&mut s, &setting(&b), &fire, &mut dice);
        (s, said, dice.rolls)
    };
    let (s, said, rolls) = play(7);
    assert_eq!(said[0].event, "fire", "{said:?}");
    assert_eq!(said[0].dice.as_ref().map(Vec::len), Some(2), "the IFT DR");
    assert_eq!(rolls[0].dice, *said[0].dice.as_ref().unwrap());
    assert!(unit(&s, "us1").unit.fired.is_some(), "the firer is marked");
    assert_eq!(play(7), (s, said, rolls), "same seed, same game");
}

#[test]
fn a3_a_phase_begins_announced_and_clears_what_lasts_one_phase() {
    let b = plain();
    let mut s = state(&b, Phase::Movement);
    s.units[1].unit.mf_spent = 3.0;
    s.phase = Phase::AdvancingFire;
    let said = begin_phase(&mut s, &setting(&b), &mut Dice::new(1));
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].event, "phase");
    assert_eq!(said[0].text, "AFPh begins");
    assert!(s.units.iter().all(|u| u.unit.mf_spent == 0.0));
}

#[test]
fn a3_the_player_turn_ends_the_sides_swap_and_e1_923_starshells_are_removed() {
    let b = plain();
    let mut s = state(&b, Phase::Rally);
    s.night.nvr = Some(2);
    s.starshells.push(hex(&b, "J5"));
    let said = end_player_turn(&mut s, &setting(&b), &mut Dice::new(1));
    assert_eq!(s.turn.number, 2);
    assert_eq!(s.turn.attacker, Side::Japanese);
    assert!(s.starshells.is_empty());
    assert!(
        said.iter()
            .any(|e| e.event == "removed" && e.rule.as_deref() == Some("E1.923")),
        "{said:?}"
    );
}

#[test]
fn a7_8_a_ptc_result_pins_a_unit_failing_its_task_check_and_pin_ends_with_the_player_turn() {
    use asl_pto_core::rules::orders::movement::{MoveVerb, move_to};
    let b = plain();
    let set = setting(&b);
    // Seeds whose PTC DR (the second DR: the first is the IFT's) is above and at most 7.
    let pick = |fail: bool| {
        (1..5000u64)
            .find(|seed| {
                let mut d = Dice::new(*seed);
                let _ = d.dr2("A7");
                let (c, w) = d.dr2("A7.8");
                (c + w > 7) == fail
            })
            .unwrap()
    };
    // The Japanese 4-4-7 (Morale Level 7) in C5 under a PTC (A7.8), in the Allied MPh.
    for fail in [true, false] {
        let mut s = state(&b, Phase::Movement);
        let mut dice = Dice::new(pick(fail));
        let _ = dice.dr2("A7");
        // A PTC result applied to C5 as an attack's result is.
        let said = asl_pto_core::game::ift_result_at(
            &mut s,
            &set,
            &loc(&b, "C5"),
            asl_pto_core::rules::ift::IftResult::Ptc,
            &mut dice,
        );
        let ptc = said.iter().find(|e| e.event == "ptc").expect("a PTC");
        assert_eq!(ptc.rule.as_deref(), Some("A7.8"));
        assert_eq!(unit(&s, "jp1").unit.pinned, fail, "{}", ptc.text);
        if fail {
            // Pinned: it may not move (A7.8); the Pin goes at the end of the Player Turn.
            s.turn.attacker = Side::Japanese;
            let sit = s.situation(&set);
            assert_eq!(
                move_to(&sit, "jp1", &loc(&b, "C6"), MoveVerb::Move)
                    .unwrap_err()
                    .rule,
                "A7.8"
            );
            end_player_turn(&mut s, &set, &mut dice);
            assert!(!unit(&s, "jp1").unit.pinned);
        }
    }
}
