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
use super::phase::Phase;
use super::play_state::Queued;
pub use super::play_state::{Play, PlayOrder};
use super::runner::request_step;
use super::schedule::SimSystems;
pub use super::walk::played;
use crate::los::Location;
use crate::play::{Match, Watched};
use crate::scenario::{Order, Step};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayOrder>()
        .init_resource::<Play>()
        .add_systems(Update, perform.in_set(SimSystems::Play));
}

/// Back one step (`play::Match::undo`), the world mirrored to it. False when there is nothing
/// to undo (or the snapshot no longer loads: `Play::undo_error` says why).
pub fn undo(world: &mut World) -> bool {
    // Against the program, nothing the dice or the enemy revealed is taken back (issue 38).
    if let Some(why) = world.resource::<Match>().undo_refused() {
        world.resource_mut::<Play>().notice = Some(why);
        return false;
    }
    let undone = world.resource_mut::<Match>().undo();
    let done = match undone {
        Ok(done) => {
            world.resource_mut::<Play>().undo_error = None;
            done
        }
        Err(e) => {
            world.resource_mut::<Play>().undo_error = Some(e.to_string());
            false
        }
    };
    if done {
        world.resource_mut::<Play>().queue.clear();
    }
    super::live::mirror(world);
    done
}

/// Runs `step` now as the walk's next step, dropping any steps after it (undone ones).
pub fn order(world: &mut World, step: Step) -> bool {
    world.resource_mut::<Play>().notice = None;
    super::runner::keep_history(world);
    let ran = world.resource_mut::<Match>().run_now(step);
    super::live::mirror(world);
    ran
}

/// Runs a step the person at the screen gave (`play::Match::person_step`): refused with the
/// reason in `Play::notice` when its unit is the program's to order.
fn person_order(world: &mut World, step: Step) -> bool {
    world.resource_mut::<Play>().notice = None;
    super::runner::keep_history(world);
    let ran = world.resource_mut::<Match>().person_step(step);
    super::live::mirror(world);
    match ran {
        Ok(ran) => ran,
        Err(why) => {
            world.resource_mut::<Play>().notice = Some(why);
            false
        }
    }
}

/// The game so far as a scenario file that `asl-pto walk` replays to the same events.
pub fn export(world: &World) -> Result<String, crate::scenario::ScenarioError> {
    world.resource::<Match>().export()
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
        .resource::<Match>()
        .log
        .iter()
        .rev()
        .skip_while(|e| e.step > step)
        .take_while(|e| e.step == step)
        .any(|e| e.event == "refused")
}

/// Watch mode's "Next phase", one move at a time (`play::Match::watch_phase`). Returns true
/// when the phase has moved on (done).
fn watch_phase(world: &mut World) -> bool {
    super::runner::keep_history(world);
    let watched = world.resource_mut::<Match>().watch_phase();
    super::live::mirror(world);
    match watched {
        Watched::Step { done } => done,
        Watched::Phase => {
            world.resource_mut::<Play>().phase_moved = true;
            true
        }
    }
}

pub(super) fn perform(world: &mut World) {
    let orders: Vec<PlayOrder> = world
        .resource_mut::<Messages<PlayOrder>>()
        .drain()
        .collect();
    for o in orders {
        match o {
            PlayOrder::Start => {
                world.resource_mut::<Match>().start_recording();
                super::live::mirror(world);
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
            PlayOrder::EndPhase | PlayOrder::EndPhaseOf(..) => {
                let (pt, phase) = match o {
                    PlayOrder::EndPhaseOf(pt, phase) => (pt, phase),
                    _ => now(world),
                };
                // Asked twice in the same phase (a second click while the first waits): once.
                let again = world
                    .resource::<Play>()
                    .queue
                    .iter()
                    .any(|q| *q == Queued::EndPhase { pt, phase });
                if !again {
                    queue(world, Queued::EndPhase { pt, phase });
                }
            }
            PlayOrder::ToPhase(p) => queue(world, Queued::ToPhase(p)),
            PlayOrder::NextStep | PlayOrder::Redo => queue(world, Queued::Next),
            PlayOrder::NextPhase => queue(world, Queued::WatchPhase),
            PlayOrder::Undo => queue(world, Queued::Undo),
        }
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
        Some(Queued::EndPhase { .. } | Queued::ToPhase(_) | Queued::Path(_))
    ) && world.resource::<Match>().program_holds()
    {
        return;
    }
    let Some(front) = world.resource_mut::<Play>().queue.pop_front() else {
        return;
    };
    match front {
        Queued::Order(step) => {
            person_order(world, step);
        }
        Queued::Path(step) => {
            person_order(world, step);
            let current = world.resource::<Match>().script.current;
            world.resource_mut::<Play>().path_ran = Some(current);
        }
        Queued::EndPhase { pt, phase } => {
            // Asked in a phase that has ended since (the program ended it): spent.
            if (pt, phase) != now(world) {
                return;
            }
            if !end_phase_reminder(world) {
                order(world, phase_step(phase.next()));
            }
        }
        Queued::ToPhase(p) => {
            let phase = world.resource::<Match>().state.phase;
            if world.resource::<Match>().program.is_none() {
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
            let phase = world.resource::<Match>().state.phase;
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

/// The first End phase of a phase that would leave the player's units short is held and the
/// player told (`Play::notice`); the next one ends the phase. Returns true if held.
/// - A10.5, the RtPh: broken units that must rout and can, not routed (ending the phase
///   eliminates them for Failure to Rout).
/// - A10.6, the RPh: broken units that may still try to Rally (a window trial ended its RPh so
///   by a second End phase it meant for the phase before).
fn end_phase_reminder(world: &mut World) -> bool {
    let m = world.resource::<Match>();
    let (phase, pt) = (m.state.phase, m.state.turn.number);
    if world.resource::<Play>().warned == Some((pt, phase)) {
        return false;
    }
    let left = match phase {
        Phase::Rout => m.routs_owed(),
        Phase::Rally => m.rallies_open(),
        _ => return false,
    };
    if left.is_empty() {
        return false;
    }
    let (one, it) = (left.len() == 1, if left.len() == 1 { "it" } else { "them" });
    let who = left.join(", ");
    let notice = if phase == Phase::Rout {
        format!(
            "{who} must rout and can (A10.5): rout {it}, or End phase again to leave {it} to be \
             eliminated for Failure to Rout"
        )
    } else {
        format!(
            "{who} {} broken and may still try to Rally (A10.6): Rally {it}, or End phase again \
             to leave {it} broken",
            if one { "is" } else { "are" }
        )
    };
    let mut play = world.resource_mut::<Play>();
    play.warned = Some((pt, phase));
    play.notice = Some(notice);
    true
}

/// The Player Turn and phase the match stands in.
fn now(world: &World) -> (u32, Phase) {
    let m = world.resource::<Match>();
    (m.state.turn.number, m.state.phase)
}

fn queue(world: &mut World, q: Queued) {
    world.resource_mut::<Play>().queue.push_back(q);
}
