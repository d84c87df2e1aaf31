//! A side played by the program (`walk --opponent SIDE[=KIND]`, `view --play --opponent`,
//! issue 28), in two ways:
//!
//! - In a walk (`walk --opponent`, and Watch mode) where the script gives that side no order in
//!   a phase it acts in, the opponent (`opponent::Opponent`) gives its orders as the walk leaves
//!   the phase; in the other side's MPh it is asked for Defensive First Fire after each move.
//!   Its orders are played by `game::apply` on the state read from the world and logged like a
//!   step's, each after its event `opponent` with the reason.
//! - In Play mode (`view --play --opponent`) its orders are steps of the game like the
//!   player's (`Step::opponent`), recorded, saved, undone and exported with them (`turn`): it
//!   plays the phases only it acts in one order at a time at a pace a person can follow, and
//!   ends them; in a phase both sides act in (RPh, RtPh) it plays when the player ends it; it
//!   First Fires right after the player's unit moves, and after each of its own moves the
//!   player may First Fire before it goes on (`awaiting`; End phase lets it go on).
//!
//! Played against a person (`fog`: the viewer), it keeps its secrets (A12, G11.75): what one of
//! its units did that stays hidden is logged only as "a hidden unit moved" (the true events are
//! kept apart); when the game ends its log is revealed.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::live::{play_out, state, write};
use super::log::{Say, emit, emit_said};
use super::play_state::{Play, Queued};
use crate::game::Said;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::opponent::doctrine::acts;
use crate::opponent::{Choice, Kind, Memory, Moment, Opponent};
use crate::scenario::{Order, Step};

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
    /// Seconds left before Play mode gives its next order.
    wait: f32,
    /// It has an order or a phase's end to give in Play mode (the viewer keeps drawing frames
    /// meanwhile).
    pub pending: bool,
    /// Play mode: it decides (false while a save's steps, its own recorded among them, are
    /// replayed).
    pub decides: bool,
    /// Play mode: the Location the player's unit just entered in its MPh, where the opponent,
    /// the DEFENDER, considers First Fire (A8).
    first_fire_at: Option<Location>,
    /// Play mode: its unit that moved (its id, or "a \"?\"" when concealed) and the Location
    /// it entered, where the player may First Fire (A8) before it goes on (End phase lets it
    /// go on).
    pub awaiting: Option<(String, Location)>,
    /// Play mode: the order it has just decided and started as a step (its memory already
    /// holds it); any other step of its that runs is a recorded one, run again (Redo, a load).
    just_decided: Option<Order>,
}

/// An `OpponentPlay` as a save holds it (the game's `Save::opponent`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedOpponent {
    pub memory: Memory,
    pub fog: bool,
    pub scripted: Option<(u32, Phase)>,
    pub done: Option<(u32, Phase)>,
    /// What it did that was not told yet (a save is read by the program, not the player).
    pub secret: Vec<Said>,
    pub revealed: bool,
    pub first_fire_at: Option<Location>,
    pub awaiting: Option<(String, Location)>,
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
            decides: true,
            first_fire_at: None,
            awaiting: None,
            just_decided: None,
        }
    }

    /// The same, played against a person in the viewer: with the fog of war.
    pub fn against_a_player(side: Side, kind: Kind, seed: u64) -> OpponentPlay {
        OpponentPlay {
            fog: true,
            ..OpponentPlay::new(side, kind, seed)
        }
    }

    /// It has something to do in Play mode without the player (frames must go on).
    pub fn busy(&self) -> bool {
        self.pending || self.first_fire_at.is_some()
    }

    /// The side the person plays.
    pub fn player(&self) -> Side {
        self.opponent.side.opponent()
    }

    /// As a save holds it.
    pub fn saved(&self) -> SavedOpponent {
        SavedOpponent {
            memory: self.opponent.memory(),
            fog: self.fog,
            scripted: self.scripted,
            done: self.done,
            secret: self.secret.clone(),
            revealed: self.revealed,
            first_fire_at: self.first_fire_at.clone(),
            awaiting: self.awaiting.clone(),
        }
    }

    /// The opponent a save holds, its own dice seeded by the game's `seed`; `None` for a bad
    /// dice position.
    pub fn from_saved(s: &SavedOpponent, seed: u64) -> Option<OpponentPlay> {
        Some(OpponentPlay {
            opponent: Opponent::restore(&s.memory, seed)?,
            scripted: s.scripted,
            done: s.done,
            fog: s.fog,
            secret: s.secret.clone(),
            revealed: s.revealed,
            wait: HAND_OVER_SECONDS,
            pending: false,
            decides: true,
            first_fire_at: s.first_fire_at.clone(),
            awaiting: s.awaiting.clone(),
            just_decided: None,
        })
    }
}

/// How long Play mode waits before each order of the opponent (and before it ends its phase),
/// so that a person can follow what it does.
pub const HAND_OVER_SECONDS: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        turn.in_set(super::schedule::SimSystems::Play)
            .before(super::play::perform),
    )
    .add_systems(
        Update,
        reveal_at_game_end.in_set(super::schedule::SimSystems::Drive),
    );
}

/// Play mode with the program as a side: it decides (not a replay of a save's steps).
fn in_play(world: &World) -> bool {
    world.get_resource::<Play>().is_some_and(|p| p.active)
}

/// Play mode: what the opponent does this frame, when nothing runs (its orders are steps,
/// started here, so the game records them like the player's):
/// 1. First Fire at the Location the player's unit just entered (A8), right away;
/// 2. after its own move, the player may First Fire at its unit (`awaiting`): End phase then
///    means "go on";
/// 3. in a phase only it acts in, its next order after a pause (`HAND_OVER_SECONDS`), and when
///    it has none, the phase's end (a step of its own); in a phase both sides act in (RPh,
///    RtPh), the same once the player has asked for the phase's end.
fn turn(world: &mut World) {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return;
    };
    if !op.decides || !in_play(world) || super::runner::game_over(world) {
        return;
    }
    if !world.resource::<super::Walk>().idle() {
        let mut op = world.resource_mut::<OpponentPlay>();
        op.wait = HAND_OVER_SECONDS;
        return;
    }
    let front = world.resource::<Play>().queue.front().cloned();
    if matches!(front, Some(Queued::Undo | Queued::Next)) {
        return;
    }
    // 1. Defensive First Fire at the player's moving unit.
    if let Some(at) = world.resource::<OpponentPlay>().first_fire_at.clone() {
        match decide(world, Moment::FirstFireAt(at)) {
            Some(c) => record(world, c),
            None => world.resource_mut::<OpponentPlay>().first_fire_at = None,
        }
        return;
    }
    // 2. Its unit moved (`play_step`): the player may First Fire at it. End phase means "go
    // on" (and is spent); a way to a later phase (`--phase`) goes on too (and stays queued).
    let mut front = front;
    if world.resource::<OpponentPlay>().awaiting.is_some() {
        match front {
            Some(Queued::EndPhase) => {
                world.resource_mut::<Play>().queue.pop_front();
                front = world.resource::<Play>().queue.front().cloned();
            }
            Some(Queued::ToPhase(_)) => {}
            _ => {
                world.resource_mut::<OpponentPlay>().pending = false;
                return;
            }
        }
        world.resource_mut::<OpponentPlay>().awaiting = None;
    }
    // 3. Its phase.
    let Some((now, only)) = its_part(world) else {
        world.resource_mut::<OpponentPlay>().pending = false;
        return;
    };
    let phase = now.1;
    let asked = matches!(front, Some(Queued::EndPhase | Queued::ToPhase(_)));
    if !only && !asked {
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
    match decide(world, Moment::Phase) {
        Some(c) => record(world, c),
        None => {
            let mut op = world.resource_mut::<OpponentPlay>();
            op.done = Some(now);
            op.pending = false;
            if only {
                // Its phase ends by its own step; the player's End phase, if asked, meant
                // "go on" and is spent, and a way to this very phase (`--phase`) has arrived.
                if front == Some(Queued::EndPhase) || front == Some(Queued::ToPhase(phase)) {
                    world.resource_mut::<Play>().queue.pop_front();
                }
                super::play::order(
                    world,
                    Step {
                        phase: Some(phase.next()),
                        opponent: true,
                        ..Step::default()
                    },
                );
            }
        }
    }
}

/// Play mode: the opponent has something to do before the player's next End phase (or the
/// next step of a path) may run: a First Fire to consider, or its part of the phase.
pub(super) fn holds(world: &World) -> bool {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return false;
    };
    if !op.decides || !in_play(world) || super::runner::game_over(world) {
        return false;
    }
    op.first_fire_at.is_some() || its_part(world).is_some()
}

/// The Player Turn and phase now, if the opponent's side acts in it (A3) and it has not yet
/// played its part, with whether the phase is its side's alone (else both sides act: RPh,
/// RtPh).
fn its_part(world: &World) -> Option<((u32, Phase), bool)> {
    let op = world.get_resource::<OpponentPlay>()?;
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<super::phase::PlayerTurn>();
    let now = (pt.number, phase);
    let theirs = phase != Phase::Setup && acts(phase, op.opponent.side, pt.attacker);
    (theirs && op.done != Some(now)).then(|| (now, !acts(phase, op.player(), pt.attacker)))
}

/// Its next order at `moment`, decided on the game as it stands.
fn decide(world: &mut World, moment: Moment) -> Option<Choice> {
    let board = world.resource::<Board>().clone();
    let st = state(world, &board);
    world
        .resource_mut::<OpponentPlay>()
        .opponent
        .decide(&st, &board.setting(), &moment)
}

/// Its choice `c`, started as a step of the game (recorded like the player's, `Step::opponent`),
/// its reason as the step's narration.
fn record(world: &mut World, c: Choice) {
    let board = world.resource::<Board>().clone();
    let text = world
        .resource::<OpponentPlay>()
        .opponent
        .say(&c, &board.setting())
        .remove(0)
        .text;
    world.resource_mut::<OpponentPlay>().just_decided = Some(c.order.clone());
    super::play::order(
        world,
        Step {
            say: Some(text),
            act: Some(c.order),
            opponent: true,
            ..Step::default()
        },
    );
}

/// The Location of the opponent's unit `unit`, if the player may First Fire at it there now
/// (A8: it is seen, not hidden, and some unit of the player's has a Fire the rules allow at it).
fn player_may_fire_at(
    board: &Board,
    st: &crate::state::GameState,
    player: Side,
    unit: &str,
) -> Option<Location> {
    let at = st
        .units
        .iter()
        .find(|u| u.unit.id == unit && !u.hidden)?
        .at
        .clone();
    let setting = board.setting();
    let s = st.situation(&setting);
    let fires = st
        .units
        .iter()
        .filter(|u| u.unit.side() == player)
        .any(|u| {
            crate::rules::orders::legal_orders(&s, &u.unit.id, None)
                .iter()
                .any(|(o, ok)| ok.is_ok() && matches!(o, Order::Fire { at: t, .. } if *t == at))
        });
    fires.then_some(at)
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
    if in_play(world) {
        // Play mode: its orders are steps of their own (`turn`).
        return;
    }
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
    if in_play(world) {
        // Play mode: considered as a step of its own, before anything else runs (`turn`).
        let mut op = world.resource_mut::<OpponentPlay>();
        if op.decides {
            op.first_fire_at = Some(at);
        }
        return;
    }
    play(world, Moment::FirstFireAt(at));
}

/// A step of the opponent's recorded in the game (`Step::opponent`), run again (a save's steps
/// replayed, Redo) or run as `turn` started it: its reason `text` said as the event `opponent`,
/// then its order played, told as `play` tells it (with the fog of war, what a unit of its that
/// stays hidden did only as "a hidden unit moved").
pub(super) fn play_step(world: &mut World, text: String, order: Order) {
    let said = Said {
        event: "opponent".into(),
        unit: order.unit().map(|u| u.to_string()),
        rule: None,
        dice: None,
        text,
    };
    let Some(mut op) = world.remove_resource::<OpponentPlay>() else {
        play_out(world, |state, setting, dice| {
            let mut out = vec![said];
            out.extend(crate::game::apply(state, setting, &order, dice));
            out
        });
        return;
    };
    let board = world.resource::<Board>().clone();
    let mut st = state(world, &board);
    // Decided just now, its memory holds it; a recorded step run again is remembered now.
    if op.just_decided.take().as_ref() != Some(&order) {
        op.opponent.note_replayed(&st, &order);
    }
    // It goes on: whatever the player could First Fire at is past.
    op.awaiting = None;
    let mut out = vec![said];
    world.resource_scope(|_, mut dice: Mut<crate::game::Dice>| {
        out.extend(crate::game::apply(
            &mut st,
            &board.setting(),
            &order,
            &mut dice,
        ));
    });
    if op.fog {
        tell(world, &mut op, &st, out);
    } else {
        for x in out {
            emit_said(world, x);
        }
    }
    write(world, &board, &st);
    // Its unit moved in its MPh: the player may First Fire at it before it goes on (A8). Kept
    // the same way when its steps are replayed, so that every snapshot of the game holds it.
    let moved = (st.phase == Phase::Movement && order.moves())
        .then(|| order.unit().map(|u| u.to_string()))
        .flatten();
    if let Some(unit) = moved
        && in_play(world)
        && let Some(at) = player_may_fire_at(&board, &st, op.player(), &unit)
    {
        // A concealed unit is a "?" to the player (A12).
        let masked = st
            .units
            .iter()
            .any(|u| u.unit.id == unit && (u.concealed || u.cloaked));
        let shown = if masked { "a \"?\"".to_string() } else { unit };
        op.awaiting = Some((shown, at));
    }
    world.insert_resource(op);
}

/// What one order of the opponent's said, logged against a person: if it names a unit of its
/// that is hidden now, only "a hidden unit moved" (A12, G11.75), the rest kept for the end.
fn tell(world: &mut World, op: &mut OpponentPlay, st: &crate::state::GameState, said: Vec<Said>) {
    let side = op.opponent.side;
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
        for (_, said) in played {
            tell(world, &mut op, &st, said);
        }
        write(world, &board, &st);
    });
}

/// A step is about to start while a save's steps are replayed: where it is the player's step
/// leaving a phase both sides act in (RPh, RtPh), the program had played its part of that
/// phase before it (it plays when the player ends the phase), as the game remembered then
/// (`done`), so that every Undo snapshot of a loaded game holds it.
pub(super) fn before_step(world: &mut World, step: &Step) {
    let Some(op) = world.get_resource::<OpponentPlay>() else {
        return;
    };
    if op.decides || !in_play(world) || step.opponent || step.act.is_some() || step.phase.is_none()
    {
        return;
    }
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<super::phase::PlayerTurn>().clone();
    let side = op.opponent.side;
    if phase != Phase::Setup
        && acts(phase, side, pt.attacker)
        && acts(phase, side.opponent(), pt.attacker)
    {
        world.resource_mut::<OpponentPlay>().done = Some((pt.number, phase));
    }
}
