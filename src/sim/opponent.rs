//! A side played by the program (`walk --opponent SIDE[=KIND]`, `view --play --opponent`,
//! issue 28): where the script (or the player) gives that side no order in a phase it acts in,
//! the opponent (`opponent::Opponent`) gives its orders as the walk leaves the phase; in the MPh
//! it is asked for Defensive First Fire after each move of the other side's units. Its orders
//! are played by `game::apply` on the state read from the world and logged like a step's, each
//! after its event `opponent` with the reason.
//!
//! Played against a person (`fog`: the viewer), it keeps its secrets (A12, G11.75): what one of
//! its units did that stays hidden is logged only as "a hidden unit moved" (the true events are
//! kept apart); Play mode hands the phases only the opponent acts in over to it, one after the
//! other at a pace a person can follow (`hand_over`); when the game ends its log is revealed.

use bevy::prelude::*;

use super::board::Board;
use super::live::{play_out, state, write};
use super::log::{Say, emit, emit_said};
use crate::game::Said;
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
    /// Played against a person: its hidden units' doings are not told (A12, G11.75).
    pub fog: bool,
    /// What it did that was not told, in order: revealed when the game ends.
    pub secret: Vec<Said>,
    /// Its log has been revealed (the game ended).
    pub revealed: bool,
    /// Seconds left before Play mode hands the next phase over to it.
    wait: f32,
    /// A phase waits to be handed over to it (the viewer keeps drawing frames meanwhile).
    pub pending: bool,
}

impl OpponentPlay {
    /// `side` played by `kind`, its random choices seeded from `seed`.
    pub fn new(side: Side, kind: Kind, seed: u64) -> OpponentPlay {
        OpponentPlay {
            opponent: Opponent::new(side, kind, seed),
            scripted: None,
            done: None,
            fog: false,
            secret: Vec::new(),
            revealed: false,
            wait: HAND_OVER_SECONDS,
            pending: false,
        }
    }

    /// The same, played against a person in the viewer: with the fog of war.
    pub fn against_a_player(side: Side, kind: Kind, seed: u64) -> OpponentPlay {
        OpponentPlay {
            fog: true,
            ..OpponentPlay::new(side, kind, seed)
        }
    }

    /// The side the person plays.
    pub fn player(&self) -> Side {
        self.opponent.side.opponent()
    }
}

/// How long Play mode waits before it hands a phase over to the opponent, so that a person can
/// follow what it did in the last one.
pub const HAND_OVER_SECONDS: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hand_over, reveal_at_game_end).in_set(super::schedule::SimSystems::Drive),
    );
}

/// Play mode against the opponent: a phase in which only the opponent acts (its PFPh, MPh,
/// AFPh, APh and CCPh as the ATTACKER, its DFPh as the DEFENDER) is ended for the player, after
/// a pause, once nothing else waits: the opponent plays it as it ends (`at_phase_end`).
fn hand_over(world: &mut World) {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return;
    };
    if !op.fog || super::runner::game_over(world) {
        return;
    }
    let active = world
        .get_resource::<super::play_state::Play>()
        .is_some_and(|p| p.active && p.queue.is_empty());
    let phase = *world.resource::<State<Phase>>().get();
    let attacker = world.resource::<super::phase::PlayerTurn>().attacker;
    let (side, player) = (op.opponent.side, op.player());
    let theirs =
        phase != Phase::Setup && acts(phase, side, attacker) && !acts(phase, player, attacker);
    if !active || !theirs || !world.resource::<super::Walk>().idle() {
        let mut op = world.resource_mut::<OpponentPlay>();
        op.wait = HAND_OVER_SECONDS;
        op.pending = false;
        return;
    }
    let dt = world
        .get_resource::<Time>()
        .map_or(HAND_OVER_SECONDS, |t| t.delta_secs());
    let mut op = world.resource_mut::<OpponentPlay>();
    op.pending = true;
    op.wait -= dt;
    if op.wait > 0.0 {
        return;
    }
    op.wait = HAND_OVER_SECONDS;
    op.pending = false;
    world
        .resource_mut::<Messages<super::play_state::PlayOrder>>()
        .write(super::play_state::PlayOrder::EndPhase);
}

/// A26: the game over, the opponent's secrets are told, in the order they happened.
fn reveal_at_game_end(world: &mut World) {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return;
    };
    if !op.fog || op.revealed || !super::runner::game_over(world) {
        return;
    }
    let secret = std::mem::take(&mut world.resource_mut::<OpponentPlay>().secret);
    world.resource_mut::<OpponentPlay>().revealed = true;
    emit(
        world,
        Say {
            event: "say",
            unit: None,
            rule: Some("A26"),
            dice: None,
            text: format!(
                "The game is over: what the opponent's hidden units did, untold until now ({} \
                 events):",
                secret.len()
            ),
        },
    );
    for s in secret {
        emit_said(world, s);
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
    let by_it = order
        .unit()
        .and_then(|u| unit_in_world(world, u))
        .is_some_and(|(s, _)| s == side);
    if by_it {
        let phase = *world.resource::<State<Phase>>().get();
        let now = (world.resource::<super::phase::PlayerTurn>().number, phase);
        world.resource_mut::<OpponentPlay>().scripted = Some(now);
    }
}

/// The side and Location of unit `id` in the world, if it is in play.
fn unit_in_world(world: &mut World, id: &str) -> Option<(Side, crate::los::Location)> {
    let mut q = world.query::<(&crate::model::Unit, &super::components::At)>();
    q.iter(world)
        .find(|(u, _)| u.id == id)
        .map(|(u, at)| (u.side(), at.0.clone()))
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
    let Some((_, at)) = order.unit().and_then(|u| unit_in_world(world, u)) else {
        return;
    };
    play(world, Moment::FirstFireAt(at));
}

/// The opponent's orders at `moment`, played and logged (with the fog of war, what a unit of
/// its that stays hidden did is told only as "a hidden unit moved").
fn play(world: &mut World, moment: Moment) {
    world.resource_scope(|world, mut op: Mut<OpponentPlay>| {
        if !op.fog {
            play_out(world, |state, setting, dice| {
                op.opponent
                    .play(state, setting, dice, &moment)
                    .into_iter()
                    .flat_map(|(_, said)| said)
                    .collect()
            });
            return;
        }
        let board = world.resource::<Board>().clone();
        let mut st = state(world, &board);
        let played = world.resource_scope(|_, mut dice: Mut<crate::game::Dice>| {
            op.opponent
                .play(&mut st, &board.setting(), &mut dice, &moment)
        });
        let side = op.opponent.side;
        for (_, said) in played {
            let unseen = said.iter().any(|x| {
                x.unit.as_ref().is_some_and(|u| {
                    st.units
                        .iter()
                        .any(|v| &v.unit.id == u && v.unit.side() == side && v.hidden)
                })
            });
            if unseen {
                emit(
                    world,
                    Say {
                        event: "hidden",
                        unit: None,
                        rule: Some("A12"),
                        dice: None,
                        text: "a hidden unit moved".into(),
                    },
                );
                op.secret.extend(said);
            } else {
                for x in said {
                    emit_said(world, x);
                }
            }
        }
        write(world, &board, &st);
    });
}
