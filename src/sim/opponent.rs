//! A side played by the program in the walk (`walk --opponent SIDE[=KIND]`, issue 28): where
//! the script gives that side no order in a phase it acts in, the opponent (`opponent::
//! Opponent`) gives its orders as the walk leaves the phase; in the MPh it is asked for
//! Defensive First Fire after each move of the other side's units. Its orders are played by
//! `game::apply` on the state read from the world and logged like a step's, each after its
//! event `opponent` with the reason.

use bevy::prelude::*;

use super::board::Board;
use super::live::{play_out, state};
use crate::model::{Phase, Side};
use crate::opponent::doctrine::acts;
use crate::opponent::{Kind, Moment, Opponent};
use crate::scenario::Order;

/// The side the program plays, and what the script did for that side this phase.
#[derive(Resource, Clone, Debug)]
pub struct OpponentPlay {
    pub opponent: Opponent,
    /// The Player Turn and phase in which the script gave the opponent's side an order.
    scripted: Option<(u32, Phase)>,
    /// The Player Turn and phase the opponent has played.
    done: Option<(u32, Phase)>,
}

impl OpponentPlay {
    /// `side` played by `kind`, its random choices seeded from `seed`.
    pub fn new(side: Side, kind: Kind, seed: u64) -> OpponentPlay {
        OpponentPlay {
            opponent: Opponent::new(side, kind, seed),
            scripted: None,
            done: None,
        }
    }
}

/// The script's order `order` is about to be played: if a unit of the opponent's side gives
/// it, the opponent leaves this phase to the script.
pub(super) fn note_scripted(world: &mut World, order: &Order) {
    let Some(side) = world
        .get_resource::<OpponentPlay>()
        .map(|o| o.opponent.side)
    else {
        return;
    };
    let board = world.resource::<Board>().clone();
    let st = state(world, &board);
    let by_it = order
        .unit()
        .and_then(|u| st.units.iter().find(|x| x.unit.id == u.as_ref()))
        .is_some_and(|x| x.unit.side() == side);
    if by_it {
        let now = (st.turn.number, st.phase);
        world.resource_mut::<OpponentPlay>().scripted = Some(now);
    }
}

/// The walk is about to leave the current phase: the opponent plays its side's part in it,
/// once, where its side acts and the script gave it no order.
pub(super) fn at_phase_end(world: &mut World) {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return;
    };
    let side = op.opponent.side;
    let (scripted, done) = (op.scripted, op.done);
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<super::phase::PlayerTurn>().clone();
    let now = (pt.number, phase);
    if done == Some(now) || scripted == Some(now) || !acts(phase, side, pt.attacker) {
        return;
    }
    world.resource_mut::<OpponentPlay>().done = Some(now);
    play(world, Moment::Phase);
}

/// After the other side's order `order` in its MPh: if it moved a unit, the opponent, the
/// DEFENDER, may First Fire at the Location it entered (A8).
pub(super) fn after_order(world: &mut World, order: &Order) {
    let Some(side) = world
        .get_resource::<OpponentPlay>()
        .map(|o| o.opponent.side)
    else {
        return;
    };
    let phase = *world.resource::<State<Phase>>().get();
    let attacker = world.resource::<super::phase::PlayerTurn>().attacker;
    if phase != Phase::Movement || attacker == side || !order.moves() {
        return;
    }
    let board = world.resource::<Board>().clone();
    let st = state(world, &board);
    let Some(at) = order
        .unit()
        .and_then(|u| st.units.iter().find(|x| x.unit.id == u.as_ref()))
        .map(|x| x.at.clone())
    else {
        return;
    };
    play(world, Moment::FirstFireAt(at));
}

/// The opponent's orders at `moment`, played and logged.
fn play(world: &mut World, moment: Moment) {
    world.resource_scope(|world, mut op: Mut<OpponentPlay>| {
        play_out(world, |state, setting, dice| {
            op.opponent
                .play(state, setting, dice, &moment)
                .into_iter()
                .flat_map(|(_, said)| said)
                .collect()
        });
    });
}
