//! A whole game with both sides played by the program (`asl-pto duel`): the Player Turn's
//! phases in order (A3), each opened by `game::begin_phase`, each side acting where it acts
//! (`doctrine::acts`), the DEFENDER asked for Defensive First Fire after each ATTACKER move (A8),
//! the RtPh closed by `game::end_rout_phase` and the Player Turn by `game::end_player_turn`,
//! until the game ends (A26). The same start, kinds and seed give the same game.

use crate::game::{Dice, Said, begin_phase, end_player_turn, end_rally_phase, end_rout_phase};
use crate::model::{Phase, Side};
use crate::rules::orders::Order;
use crate::rules::victory::game_end;
use crate::state::{GameState, Setting};

use super::{Kind, Moment, Opponent};

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
    /// Everything said, in order.
    pub said: Vec<Said>,
    /// Decisions each side made (Allied, Japanese).
    pub decisions: (u64, u64),
}

/// The most Player Turns a game is played for when its scenario sets no end.
pub const UNENDING_PLAYER_TURNS: u32 = 20;

/// Plays a game from `start` (a scenario as set up, before its first RPh) to its end, the
/// Allies by `allied`, the Japanese by `japanese`, with the game's dice seeded `seed`.
pub fn play_game(
    start: &GameState,
    setting: &Setting,
    allied: Kind,
    japanese: Kind,
    seed: u64,
) -> GameOutcome {
    let mut state = start.clone();
    let mut dice = Dice::new(seed);
    let mut sides = [
        Opponent::new(Side::Allied, allied, seed),
        Opponent::new(Side::Japanese, japanese, seed.wrapping_add(1)),
    ];
    let mut said = Vec::new();
    let mut orders = Vec::new();
    let limit = setting
        .turns
        .map_or(UNENDING_PLAYER_TURNS, |t| t.saturating_mul(2));
    state.phase = Phase::Rally;
    said.extend(begin_phase(&mut state, setting, &mut dice));
    while !state.scoring.over {
        play_phase(
            &mut state,
            setting,
            &mut dice,
            &mut sides,
            &mut orders,
            &mut said,
        );
        match state.phase {
            Phase::Rally => said.extend(end_rally_phase(&mut state, setting, &mut dice)),
            Phase::Rout => said.extend(end_rout_phase(&mut state, setting, &mut dice)),
            Phase::CloseCombat => {
                let number = state.turn.number;
                said.extend(end_player_turn(&mut state, setting, &mut dice));
                if state.scoring.over || number >= limit {
                    break;
                }
            }
            _ => {}
        }
        state.phase = state.phase.next();
        said.extend(begin_phase(&mut state, setting, &mut dice));
    }
    let end = game_end(&state.situation(setting), setting.victory);
    GameOutcome {
        winner: end.winner,
        why: end.reason,
        player_turns: state.turn.number,
        orders,
        said,
        decisions: (sides[0].decisions, sides[1].decisions),
    }
}

/// One phase: the ATTACKER acts, then the DEFENDER (both where both act: the RPh, the RtPh);
/// in the MPh, after each ATTACKER order that moves a unit, the DEFENDER may First Fire at the
/// Location it entered.
fn play_phase(
    state: &mut GameState,
    setting: &Setting,
    dice: &mut Dice,
    sides: &mut [Opponent; 2],
    orders: &mut Vec<(Side, Order)>,
    said: &mut Vec<Said>,
) {
    let attacker = state.turn.attacker;
    let (a, d) = match attacker {
        Side::Allied => (0, 1),
        Side::Japanese => (1, 0),
    };
    if state.phase == Phase::Movement {
        while let Some(c) = sides[a].decide(state, setting, &Moment::Phase) {
            let moved = c.order.moves();
            let unit = c.order.unit().map(|u| u.to_string());
            let mut one = sides[a].say(&c, setting);
            one.extend(crate::game::apply(state, setting, &c.order, dice));
            orders.push((attacker, c.order));
            said.extend(one);
            if !moved {
                continue;
            }
            let Some(at) = unit.and_then(|u| {
                state
                    .units
                    .iter()
                    .find(|x| x.unit.id == u)
                    .map(|x| x.at.clone())
            }) else {
                continue;
            };
            for (o, s) in sides[d].play(state, setting, dice, &Moment::FirstFireAt(at)) {
                orders.push((attacker.opponent(), o));
                said.extend(s);
            }
            if state.scoring.over {
                return;
            }
        }
        return;
    }
    for i in [a, d] {
        let side = sides[i].side;
        for (o, s) in sides[i].play(state, setting, dice, &Moment::Phase) {
            orders.push((side, o));
            said.extend(s);
        }
    }
}
