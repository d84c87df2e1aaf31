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

use std::collections::VecDeque;

use bevy::prelude::*;

use super::SimSystems;
use super::log::WalkLog;
use super::phase::{Phase, PlayerTurn};
use super::runner::{Walk, request_phase, request_step, target_of};
use super::save::{Save, load, save};
use crate::los::Location;
use crate::scenario::{Order, Step};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayOrder>()
        .init_resource::<Play>()
        .add_systems(Update, perform.in_set(SimSystems::Play));
}

/// What the player (or a test) asks of the simulation; performed between frames, when the
/// runner is idle.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum PlayOrder {
    /// Hand the scenario to the player from here (the script's remaining steps are dropped).
    Start,
    /// One action, ruled and applied as a script step.
    Act(Order),
    /// A unit moves along a path (the Locations after its own), one step per Location; a
    /// refused step ends the walk there.
    Along(String, Vec<Location>),
    /// On to the next phase (and Player Turn), its systems run.
    EndPhase,
    /// On to this phase (of this Player Turn, or the next).
    ToPhase(Phase),
    /// Watch mode: the script's next step.
    NextStep,
    /// Watch mode: the script's steps of this phase, then the next phase.
    NextPhase,
    /// Back one step (Undo): the last snapshot restored.
    Undo,
    /// The step undone last, run again (Redo; in Watch mode the same as `NextStep`).
    Redo,
}

/// Play mode's state.
#[derive(Resource, Default, Debug)]
pub struct Play {
    /// The player has the scenario (else the script is watched).
    pub active: bool,
    /// What waits to be done, one item per idle frame, in order.
    queue: VecDeque<Queued>,
    /// The last step run was a path's.
    path_ran: bool,
    /// Watch mode's "Next phase" moved the walk on by a phase since the last step ran: "Play
    /// from here" then records a step to that phase, so that the steps played replay to it.
    pub(super) phase_moved: bool,
    /// Why the last Undo failed, if it did (a snapshot that no longer loads).
    pub undo_error: Option<String>,
}

impl Play {
    /// Nothing waits to be done.
    pub fn settled(&self) -> bool {
        self.queue.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Queued {
    Order(Step),
    /// A step of a path (`PlayOrder::Along`).
    Path(Step),
    /// On to the phase after the one the walk is in when this comes up.
    EndPhase,
    /// The list's next step (Watch's "Next step", Redo).
    Next,
    Undo,
    /// Watch mode's "Next phase": decided afresh each time the runner is idle.
    WatchPhase,
    /// "Play from here" after Watch mode moved on by phases alone: a step to the phase the
    /// walk stands in, so the steps played lead there.
    RecordPhase,
}

/// A snapshot taken before a step: the world as a save, the log's length.
#[derive(Clone, Debug)]
struct Snapshot {
    save: Box<Save>,
    log_len: usize,
}

/// The snapshots behind "Back" and Undo (kept only where undo is wanted: the viewer, tests).
#[derive(Resource, Default, Debug)]
pub struct History {
    snapshots: Vec<Snapshot>,
}

impl History {
    /// How many steps can be undone.
    pub fn depth(&self) -> usize {
        self.snapshots.len()
    }
}

/// Takes a snapshot before a step starts (called by the runner; nothing without a `History`).
pub(super) fn snapshot(world: &mut World) {
    if !world.contains_resource::<History>() {
        return;
    }
    let Ok(s) = super::save::snapshot_save(world) else {
        return;
    };
    let log_len = world.resource::<WalkLog>().events.len();
    world.resource_mut::<History>().snapshots.push(Snapshot {
        save: Box::new(s),
        log_len,
    });
}

/// Back one step: the last snapshot restored (the step stays in the list, so running the next
/// step redoes it with the same dice). False when there is nothing to undo or a step is running.
pub fn undo(world: &mut World) -> bool {
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
    let mut walk = world.resource_mut::<Walk>();
    let next = walk.next;
    walk.steps.truncate(next);
    walk.steps.push(step);
    request_step(world)
}

/// The steps played so far (the recorded game): the walk's steps up to the next one.
pub fn played(world: &World) -> Vec<Step> {
    let walk = world.resource::<Walk>();
    walk.steps[..walk.next.min(walk.steps.len())].to_vec()
}

/// The game so far as a scenario file that `asl-pto walk` replays to the same events.
pub fn export(world: &World) -> Result<String, crate::scenario::ScenarioError> {
    let board = world.resource::<super::Board>();
    let seed = world.resource::<super::Dice>().seed();
    board.scenario.with_script(&played(world), seed)
}

fn phase_step(phase: Phase) -> Step {
    Step {
        say: None,
        phase: Some(phase),
        act: None,
    }
}

fn act_step(action: Order) -> Step {
    Step {
        say: None,
        phase: None,
        act: Some(action),
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

/// Whether the walk's last step was refused.
fn last_step_refused(world: &World) -> bool {
    let step = world.resource::<Walk>().current;
    world
        .resource::<WalkLog>()
        .events
        .iter()
        .rev()
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

fn perform(world: &mut World) {
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
            PlayOrder::ToPhase(p) => queue(world, Queued::Order(phase_step(p))),
            PlayOrder::NextStep | PlayOrder::Redo => queue(world, Queued::Next),
            PlayOrder::NextPhase => queue(world, Queued::WatchPhase),
            PlayOrder::Undo => queue(world, Queued::Undo),
        }
    }
    if !world.resource::<Walk>().idle() {
        return;
    }
    // A path's step refused: the rest of the path is dropped.
    let path_ran = std::mem::take(&mut world.resource_mut::<Play>().path_ran);
    if path_ran && last_step_refused(world) {
        world
            .resource_mut::<Play>()
            .queue
            .retain(|q| !matches!(q, Queued::Path(_)));
    }
    let Some(front) = world.resource_mut::<Play>().queue.pop_front() else {
        return;
    };
    match front {
        Queued::Order(step) => {
            order(world, step);
        }
        Queued::Path(step) => {
            world.resource_mut::<Play>().path_ran = true;
            order(world, step);
        }
        Queued::EndPhase => {
            let phase = *world.resource::<State<Phase>>().get();
            order(world, phase_step(phase.next()));
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

fn queue(world: &mut World, q: Queued) {
    world.resource_mut::<Play>().queue.push_back(q);
}

/// What led to a loaded save: its events and the snapshots behind Undo, rebuilt (`replay`).
pub struct Past {
    pub events: Vec<super::Event>,
    pub history: History,
}

/// A save's past, rebuilt by replaying its steps (the steps played, or the scenario's script up
/// to the save's step) from the scenario's start with the save's seed: the same rulings and the
/// same dice give the same events and the same snapshots as the game that was saved, so a
/// loaded game shows its log and can be undone to its first step. Where the walk also went on
/// by phases alone (Watch mode's "Next phase"), the replay does the same until it stands at the
/// save's Player Turn and phase. `None` where the replay does not reach the saved position
/// exactly (a save edited by hand): see `replay_checked` for where it departs.
pub fn replay(scenario: &crate::scenario::Scenario, saved: &Save) -> Option<Past> {
    replay_checked(scenario, saved).ok()
}

/// Why a save's steps do not lead to its state: the save as its replay ends (`None` when the
/// replay could not even run its steps to the save's position).
#[derive(Debug)]
pub struct Departs {
    pub replayed: Option<Box<Save>>,
}

/// As `replay`, saying where the save departs from what its steps lead to.
pub fn replay_checked(scenario: &crate::scenario::Scenario, saved: &Save) -> Result<Past, Departs> {
    let none = || Departs { replayed: None };
    let mut app = super::headless(scenario.clone(), saved.seed);
    app.init_resource::<History>();
    if let Some(steps) = super::save::played_steps(scenario, saved).map_err(|_| none())? {
        let world = app.world_mut();
        world.resource_mut::<Walk>().steps = steps;
        world.resource_mut::<Play>().active = true;
    }
    let at = |app: &App| {
        (
            *app.world().resource::<State<Phase>>().get(),
            app.world().resource::<PlayerTurn>().clone(),
        )
    };
    let goal = (saved.state.phase, saved.state.turn.clone());
    while app.world().resource::<Walk>().next < saved.next_step {
        if !super::runner::run_step(&mut app) {
            return Err(none());
        }
    }
    // Phases alone, to the save's (a bounded number: two Player Turns of eight phases).
    for _ in 0..16 {
        if at(&app) == goal {
            break;
        }
        if !request_phase(app.world_mut()) {
            break;
        }
        super::runner::settle(&mut app);
    }
    let mut end = save(app.world_mut()).map_err(|_| none())?;
    // An older save has no digest of its log: its state alone is compared.
    if saved.events.is_none() {
        end.events = None;
    }
    if end != *saved {
        return Err(Departs {
            replayed: Some(Box::new(end)),
        });
    }
    let world = app.world_mut();
    Ok(Past {
        events: world.resource::<WalkLog>().events.clone(),
        history: world.remove_resource::<History>().ok_or_else(none)?,
    })
}
