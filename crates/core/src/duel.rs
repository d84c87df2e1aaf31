//! A whole game with both sides played by the program (`asl-pto duel`), driven through the
//! match (`play::Match`, the one game loop): the Player Turn's phases in order (A3), each
//! opened by the match (`game::begin_phase`), each side acting where it acts (`Phase::acts`),
//! the DEFENDER asked for Defensive First Fire after each ATTACKER order that spends MF (A8.1),
//! each phase closed
//! by the match (the RPh's, the RtPh's and the Player Turn's end), until the game ends (A26).
//! The same scenario, kinds and seed give the same game.

use std::sync::Arc;

use crate::game::Said;
use crate::model::{Phase, Side};
use crate::opponent::{Kind, Moment, Opponent};
use crate::play::Match;
use crate::rules::orders::Order;
use crate::rules::victory::game_end;
use crate::scenario::Scenario;

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// The winner by the victory conditions (A26), if any.
    pub winner: Option<Side>,
    /// Why, in words.
    pub why: String,
    /// Player Turns played.
    pub player_turns: u32,
    /// Every order given, in order, with the side that gave it.
    pub orders: Vec<(Side, Order)>,
    /// Everything said, in order, each in the Game Turn, Player Turn and phase it was said in.
    pub said: Vec<crate::play::Event>,
    /// Decisions each side made (Allied, Japanese).
    pub decisions: (u64, u64),
}

/// The most Player Turns a game is played for when its scenario sets no end.
pub const UNENDING_PLAYER_TURNS: u32 = 20;

/// Plays a game of `scenario` from its set-up to its end, the Allies by `allied`, the Japanese
/// by `japanese`, with the game's dice seeded `seed` (the Allied player's own `seed`, the
/// Japanese player's `seed + 1`).
pub fn play_game(scenario: &Arc<Scenario>, allied: Kind, japanese: Kind, seed: u64) -> GameOutcome {
    let mut m = Match::new(scenario.clone(), seed);
    let mut sides = [
        Opponent::new(Side::Allied, allied, seed),
        Opponent::new(Side::Japanese, japanese, seed.wrapping_add(1)),
    ];
    let mut orders = Vec::new();
    let limit = m
        .setting()
        .turns
        .map_or(UNENDING_PLAYER_TURNS, |t| t.saturating_mul(2));
    m.open_next_phase();
    while !m.over() {
        play_phase(&mut m, &mut sides, &mut orders);
        let number = m.state.turn.number;
        m.close_phase();
        if m.state.phase == Phase::CloseCombat && (m.over() || number >= limit) {
            break;
        }
        m.open_next_phase();
    }
    let setting = m.setting();
    let end = game_end(&m.state.situation(&setting), setting.victory);
    GameOutcome {
        winner: end.winner,
        why: end.reason,
        player_turns: m.state.turn.number,
        orders,
        said: m.log.clone(),
        decisions: (sides[0].decisions, sides[1].decisions),
    }
}

/// One phase: the ATTACKER acts, then the DEFENDER (both where both act: the RPh, the RtPh);
/// in the MPh, after each ATTACKER order that spends MF (`Order::draws_first_fire`: a move, a
/// DC's Placement or Set, grenades, a Search; A8.1, A23.3), the DEFENDER may First Fire at the
/// unit that spent them, in the Location it is in.
fn play_phase(m: &mut Match, sides: &mut [Opponent; 2], orders: &mut Vec<(Side, Order)>) {
    let attacker = m.state.turn.attacker;
    let (a, d) = match attacker {
        Side::Allied => (0, 1),
        Side::Japanese => (1, 0),
    };
    if m.state.phase == Phase::Movement {
        loop {
            let decided = sides[a].decide(&m.state, &m.setting(), &Moment::Phase);
            let Some(c) = decided else { break };
            let moved = c.order.draws_first_fire();
            let unit = c.order.unit().map(|u| u.to_string());
            let reason = sides[a].say(&c, &m.setting());
            m.say_now(reason);
            let order = c.order.clone();
            m.play_by(|state, setting, dice| {
                ((), crate::game::apply(state, setting, &order, dice))
            });
            orders.push((attacker, c.order));
            if !moved {
                continue;
            }
            let Some(at) = unit.and_then(|u| {
                m.state
                    .units
                    .iter()
                    .find(|x| x.unit.id == u)
                    .map(|x| x.at.clone())
            }) else {
                continue;
            };
            let fired = m.play_by(|state, setting, dice| {
                split(sides[d].play(state, setting, dice, &Moment::FirstFireAt(at)))
            });
            orders.extend(fired.into_iter().map(|o| (attacker.opponent(), o)));
            if m.over() {
                return;
            }
        }
        return;
    }
    for i in [a, d] {
        let side = sides[i].side;
        let played = m.play_by(|state, setting, dice| {
            split(sides[i].play(state, setting, dice, &Moment::Phase))
        });
        orders.extend(played.into_iter().map(|o| (side, o)));
    }
}

/// A player's orders with what each said: the orders, and all that was said in order.
fn split(played: Vec<(Order, Vec<Said>)>) -> (Vec<Order>, Vec<Said>) {
    let mut said = Vec::new();
    let orders = played
        .into_iter()
        .map(|(o, s)| {
            said.extend(s);
            o
        })
        .collect();
    (orders, said)
}
