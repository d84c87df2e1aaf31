//! The doctrine kind (issue 37, item 2): the greedy kind's candidates weighed by what follows
//! them, on boards built from scenario files. Each test sets a position where the greedy kind
//! does the thing the doctrine must not (or the reverse) and checks both, so that it fails if
//! the doctrine only repeats the greedy kind.

use asl_pto_core::hex::Hex;
use asl_pto_core::model::{Phase, PlacedDc, Side};
use asl_pto_core::opponent::player::{Player, Posture};
use asl_pto_core::opponent::{Choice, Kind, Moment, player_of};
use asl_pto_core::rules::orders::Order;
use asl_pto_core::rules::situation::{Situation, UnitAt};
use asl_pto_core::rules::victory::VictoryCondition;

use crate::board::{Board, cliff, hex, hidden, jp, loc, plain, setting, situation, unit, us};

mod close_combat;
mod control;
mod dcs;
mod fire;
mod night;
mod steps;
mod withdrawals;

/// The candidates of `kind` for `side` on `s`, playing for `victory`.
fn of(kind: Kind, s: &Situation, victory: &[VictoryCondition], side: Side) -> Vec<Choice> {
    ask(&*player_of(kind), s, victory, side, &[])
}

/// The candidates of `player` for `side` on `s` in a scenario of three Game Turns, playing for
/// `victory`, having Searched `searched`.
fn ask(
    player: &dyn Player,
    s: &Situation,
    victory: &[VictoryCondition],
    side: Side,
    searched: &[Hex],
) -> Vec<Choice> {
    let posture = Posture {
        victory,
        plan: None,
        turns: Some(3),
    };
    player.candidates(s, &posture, side, &Moment::Phase, searched)
}

/// The Allies win by Controlling `hex` or on `cvp` Casualty VP.
fn allied_control_or_cvp(b: &Board, hex: &str, cvp: u32) -> [VictoryCondition; 2] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(b, hex)],
        },
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
    ]
}

/// The Allies win by Controlling `hex` alone, the Japanese otherwise.
fn allied_control_only(b: &Board, hex: &str) -> [VictoryCondition; 2] {
    [
        VictoryCondition::Control {
            side: Side::Allied,
            locations: vec![loc(b, hex)],
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// The Japanese hold out: the Allies win on `cvp` Casualty VP, the Japanese otherwise.
fn japanese_hold(cvp: u32) -> [VictoryCondition; 2] {
    [
        VictoryCondition::CasualtyVp {
            side: Side::Allied,
            at_least: cvp,
        },
        VictoryCondition::Otherwise {
            side: Side::Japanese,
        },
    ]
}

/// A 9-1 leader of `nationality` in `at`.
fn nine_one(
    b: &Board,
    id: &str,
    nationality: asl_pto_core::counters::Nationality,
    at: &str,
) -> UnitAt {
    unit(b, id, nationality, "9-1", at)
}

fn with_dc(mut u: UnitAt) -> UnitAt {
    u.unit.dc = true;
    u
}

fn throws(c: &[Choice]) -> Vec<&Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::ThrowDc { .. }))
        .collect()
}

/// The Allied PFPh at the foot of the G11.6 cliff: us1 (with a DC) in S4, cave A's Entrance
/// Hex, a Known jp1 inside cave A, and `others` of us1's squads stacked with it.
fn entrance_stack(b: &Board, others: usize) -> Situation<'_> {
    let mut units = vec![with_dc(us(b, "us1", "S4")), jp(b, "jp1", "cave:A")];
    for i in 0..others {
        units.push(us(b, &format!("us{}", i + 2), "S4"));
    }
    situation(b, Phase::PrepFire, Side::Allied, units)
}

/// Night on the plain (NVR 2), the Allied PFPh: us1 in C3 with jp1 Known in C5 and `more`.
fn night_plain<'b>(b: &'b Board, more: Vec<UnitAt>) -> Situation<'b> {
    let mut units = vec![us(b, "us1", "C3"), jp(b, "jp1", "C5")];
    units.extend(more);
    let mut st = situation(b, Phase::PrepFire, Side::Allied, units).state;
    st.night.nvr = Some(2);
    st.situation(&setting(b))
}

fn starshells(c: &[Choice]) -> Vec<&Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::FireStarshell { .. }))
        .collect()
}

/// The Allied MPh on the plain, J3 to take: an American 9-1 alone in C3, and `more`.
fn leader_alone<'b>(b: &'b Board, night: bool, more: Vec<UnitAt>) -> Situation<'b> {
    let mut units = vec![unit(
        b,
        "usL",
        asl_pto_core::counters::Nationality::American,
        "9-1",
        "C3",
    )];
    units.extend(more);
    let mut st = situation(b, Phase::Movement, Side::Allied, units).state;
    if night {
        st.night.nvr = Some(2);
    }
    st.situation(&setting(b))
}

fn moves_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::Move { .. } | Order::AssaultMove { .. }))
        .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == id))
        .collect()
}

/// Whether `c` holds a Move (or an Assault Movement step, A4.61) of `id` into `hex` (a hex id).
fn moves_into(b: &Board, c: &[Choice], id: &str, hex: &str) -> bool {
    let l = loc(b, hex);
    c.iter().any(|c| {
        matches!(&c.order, Order::Move { unit, to } | Order::AssaultMove { unit, to }
            if unit.as_ref() == id && *to == l)
    })
}

/// The Close Combat orders among `c` at `at` (a hex id).
fn cc_at<'a>(b: &Board, c: &'a [Choice], at: &str) -> Vec<&'a Choice> {
    let l = loc(b, at);
    c.iter()
        .filter(|c| matches!(&c.order, Order::CloseCombat { at, .. } if *at == l))
        .collect()
}

fn fires_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(&c.order, Order::Fire { units, .. } if units.iter().any(|u| u.as_ref() == id)))
        .collect()
}

/// The assault's opening on the cliff board as it stood until 2026-12-04 (us3 starts in U4
/// since): jp3 and its 9-1 in the kunai of T5, American squads in T4 and U5.
fn assault_opening(b: &Board) -> Vec<UnitAt> {
    vec![
        jp(b, "jp3", "T5"),
        nine_one(
            b,
            "jpL",
            asl_pto_core::counters::Nationality::Japanese,
            "T5",
        ),
        us(b, "us1", "T4"),
        us(b, "us3", "U5"),
    ]
}

fn routs_of<'c>(c: &'c [Choice], id: &str) -> Vec<&'c Choice> {
    c.iter()
        .filter(|c| matches!(c.order, Order::Rout { .. }))
        .filter(|c| c.order.unit().is_some_and(|u| u.as_ref() == id))
        .collect()
}
