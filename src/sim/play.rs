//! Play mode and the history behind "Back", "Undo" and "Redo" (issue 15): the player's orders
//! become script steps, run by the walkthrough runner exactly as a script's steps are (the same
//! rulings, the same per-phase systems, the same dice), so what was played is a script:
//! `export` writes it as a scenario that `asl-pto walk` replays to the same events.
//!
//! Every step the runner starts first takes a snapshot (a `Save` and the log's length) when a
//! `History` is kept (the viewer keeps one; `walk` does not). "Back"/Undo restores the last
//! snapshot: the world, the dice stream and the log as they were, the step still in the list,
//! so "Next step"/Redo runs it again with the same rolls. An order truncates the list there.
//! "Next phase" in Watch mode first runs the script's remaining steps of the current phase,
//! so script and phase never part.

use bevy::prelude::*;

pub use super::history::History;
use super::log::WalkLog;
use super::phase::{Phase, PlayerTurn};
use super::play_state::Queued;
pub use super::play_state::{Play, PlayOrder};
use super::runner::{request_phase, request_step};
use super::save::load;
use super::schedule::SimSystems;
pub use super::walk::played;
use super::walk::{Walk, target_of};
use crate::los::Location;
use crate::scenario::{Order, Step};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayOrder>()
        .init_resource::<Play>()
        .add_systems(Update, perform.in_set(SimSystems::Play));
}

/// Back one step: the last snapshot restored (the step stays in the list, so running the next
/// step redoes it with the same dice). False when there is nothing to undo or a step is running.
/// Against the program, back to before the player's last step (its own steps after it are
/// undone with it; it decides again as the game goes on).
pub fn undo(world: &mut World) -> bool {
    if !undo_one(world) {
        return false;
    }
    let against = world
        .get_resource::<super::opponent::OpponentPlay>()
        .is_some_and(|o| o.decides);
    while against && {
        let walk = world.resource::<Walk>();
        walk.steps.get(walk.next).is_some_and(|s| s.opponent)
    } {
        if !undo_one(world) {
            break;
        }
    }
    true
}

fn undo_one(world: &mut World) -> bool {
    if !world.resource::<Walk>().idle() {
        return false;
    }
    let Some(snap) = world
        .get_resource_mut::<History>()
        .and_then(|mut h| h.snapshots.pop())
    else {
        return false;
    };
    // The list of steps stays as it is (a save of Play mode would cut it at the snapshot):
    // the undone step is still next, for Redo.
    let steps = world.resource::<Walk>().steps.clone();
    if let Err(e) = load(world, &snap.save) {
        world.resource_mut::<Play>().undo_error = Some(e.to_string());
        return false;
    }
    world.resource_mut::<Play>().undo_error = None;
    world.resource_mut::<Walk>().steps = steps;
    world
        .resource_mut::<WalkLog>()
        .events
        .truncate(snap.log_len);
    world.resource_mut::<Play>().queue.clear();
    true
}

/// Runs `step` now as the walk's next step, dropping any steps after it (undone ones).
pub fn order(world: &mut World, step: Step) -> bool {
    if !world.resource::<Walk>().idle() {
        return false;
    }
    world.resource_mut::<Play>().notice = None;
    let mut walk = world.resource_mut::<Walk>();
    let next = walk.next;
    walk.steps.truncate(next);
    walk.steps.push(step);
    request_step(world)
}

/// The game so far as a scenario file that `asl-pto walk` replays to the same events.
pub fn export(world: &World) -> Result<String, crate::scenario::ScenarioError> {
    let board = world.resource::<super::board::Board>();
    let seed = world.resource::<crate::game::Dice>().seed();
    board.scenario.with_script(&played(world), seed)
}

fn phase_step(phase: Phase) -> Step {
    Step {
        say: None,
        phase: Some(phase),
        act: None,
        opponent: false,
    }
}

fn act_step(action: Order) -> Step {
    Step {
        say: None,
        phase: None,
        act: Some(action),
        opponent: false,
    }
}

/// The action that takes a unit from one Location of a path to the next: a Climb onto a Climb
/// counter, else a Move.
fn path_action(unit: &str, to: &Location) -> Order {
    match to {
        Location::Climbing { level, vertex, .. } => Order::Climb {
            unit: unit.into(),
            level: *level,
            vertex: *vertex,
        },
        _ => Order::Move {
            unit: unit.into(),
            to: to.clone(),
        },
    }
}

/// Whether the walk's step number `step` was refused.
fn step_refused(world: &World, step: usize) -> bool {
    world
        .resource::<WalkLog>()
        .events
        .iter()
        .rev()
        .skip_while(|e| e.step > step)
        .take_while(|e| e.step == step)
        .any(|e| e.event == "refused")
}

/// Watch mode's "Next phase", one move at a time: the next script step if it belongs to this
/// phase (no phase of its own, or this one) or takes the walk exactly to the next phase; else
/// the next phase itself. Returns true when the phase has moved on (done).
fn watch_phase(world: &mut World) -> bool {
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<PlayerTurn>().number;
    let walk = world.resource::<Walk>();
    let next = walk.steps.get(walk.next).cloned();
    let after = target_of(phase, pt, phase.next());
    if let Some(step) = next {
        let target = match (&step.act, step.phase) {
            (Some(Order::NextPlayerTurn), _) => Some((Phase::Rally, pt + 1)),
            (_, Some(p)) => Some(target_of(phase, pt, p)),
            (_, None) => None,
        };
        match target {
            None => {
                request_step(world);
                return false;
            }
            Some(t) if t == (phase, pt) => {
                request_step(world);
                return false;
            }
            Some(t) if t == after && phase != Phase::Setup => {
                request_step(world);
                return true;
            }
            _ => {}
        }
    }
    request_phase(world);
    world.resource_mut::<Play>().phase_moved = true;
    true
}

pub(super) fn perform(world: &mut World) {
    let orders: Vec<PlayOrder> = world
        .resource_mut::<Messages<PlayOrder>>()
        .drain()
        .collect();
    for o in orders {
        match o {
            PlayOrder::Start => {
                let mut walk = world.resource_mut::<Walk>();
                let next = walk.next;
                walk.steps.truncate(next);
                let mut play = world.resource_mut::<Play>();
                play.active = true;
                if std::mem::take(&mut play.phase_moved) {
                    play.queue.push_front(Queued::RecordPhase);
                }
            }
            PlayOrder::Act(a) => queue(world, Queued::Order(act_step(a))),
            PlayOrder::Along(unit, path) => {
                for to in path {
                    queue(world, Queued::Path(act_step(path_action(&unit, &to))));
                }
            }
            PlayOrder::EndPhase => queue(world, Queued::EndPhase),
            PlayOrder::ToPhase(p) => queue(world, Queued::ToPhase(p)),
            PlayOrder::NextStep | PlayOrder::Redo => queue(world, Queued::Next),
            PlayOrder::NextPhase => queue(world, Queued::WatchPhase),
            PlayOrder::Undo => queue(world, Queued::Undo),
        }
    }
    if !world.resource::<Walk>().idle() {
        return;
    }
    // A path's step refused: the rest of the path is dropped.
    let path_ran = world.resource_mut::<Play>().path_ran.take();
    if path_ran.is_some_and(|step| step_refused(world, step)) {
        world
            .resource_mut::<Play>()
            .queue
            .retain(|q| !matches!(q, Queued::Path(_)));
    }
    // Against the program: its First Fire and its part of the phase come before the player's
    // next path step or End phase (its steps are started by `opponent::turn`).
    let front = world.resource::<Play>().queue.front().cloned();
    if matches!(
        front,
        Some(Queued::EndPhase | Queued::ToPhase(_) | Queued::Path(_))
    ) && super::opponent::holds(world)
    {
        return;
    }
    let Some(front) = world.resource_mut::<Play>().queue.pop_front() else {
        return;
    };
    match front {
        Queued::Order(step) => {
            order(world, step);
        }
        Queued::Path(step) => {
            order(world, step);
            let current = world.resource::<Walk>().current;
            world.resource_mut::<Play>().path_ran = Some(current);
        }
        Queued::EndPhase => {
            let phase = *world.resource::<State<Phase>>().get();
            if !rout_reminder(world) {
                order(world, phase_step(phase.next()));
            }
        }
        Queued::ToPhase(p) => {
            let phase = *world.resource::<State<Phase>>().get();
            if !world.contains_resource::<super::opponent::OpponentPlay>() {
                order(world, phase_step(p));
            } else if phase != p && order(world, phase_step(phase.next())) {
                // One phase at a time, until there (a game that ends on the way drops it).
                world
                    .resource_mut::<Play>()
                    .queue
                    .push_front(Queued::ToPhase(p));
            }
        }
        Queued::Next => {
            request_step(world);
        }
        Queued::Undo => {
            undo(world);
        }
        Queued::RecordPhase => {
            let phase = *world.resource::<State<Phase>>().get();
            if phase != Phase::Setup {
                order(world, phase_step(phase));
            }
        }
        Queued::WatchPhase => {
            if !watch_phase(world) {
                world
                    .resource_mut::<Play>()
                    .queue
                    .push_front(Queued::WatchPhase);
            }
        }
    }
}

/// A10.5: ending the RtPh with the player's broken units that must rout, not routed though they
/// have somewhere to go, would eliminate them for Failure to Rout: the first End phase is held
/// and the player told (`Play::notice`); the next one ends the phase. Returns true if held.
fn rout_reminder(world: &mut World) -> bool {
    let phase = *world.resource::<State<Phase>>().get();
    let pt = world.resource::<PlayerTurn>().number;
    if phase != Phase::Rout || world.resource::<Play>().warned == Some((pt, phase)) {
        return false;
    }
    let sides = match world.get_resource::<super::opponent::OpponentPlay>() {
        Some(o) if o.decides => vec![o.player()],
        _ => vec![crate::model::Side::Allied, crate::model::Side::Japanese],
    };
    let board = world.resource::<super::board::Board>().clone();
    let st = super::live::state(world, &board);
    let setting = board.setting();
    let s = st.situation(&setting);
    let left: Vec<String> = sides
        .into_iter()
        .flat_map(|side| crate::rules::orders::rout::must_rout_still(&s, side))
        .collect();
    if left.is_empty() {
        return false;
    }
    let mut play = world.resource_mut::<Play>();
    play.warned = Some((pt, phase));
    play.notice = Some(format!(
        "{} must rout and can (A10.5): rout {}, or End phase again to leave {} to be eliminated \
         for Failure to Rout",
        left.join(", "),
        if left.len() == 1 { "it" } else { "them" },
        if left.len() == 1 { "it" } else { "them" },
    ));
    true
}

fn queue(world: &mut World, q: Queued) {
    world.resource_mut::<Play>().queue.push_back(q);
}
