//! The side the program plays (issue 28), in the simulation: the match holds it
//! (`play::Program`: its decisions, its fog of war, what it waits on) and plays it
//! (`play::Match`); here it is mirrored for the viewer (`OpponentPlay`), and Play mode's pace is
//! set: the program's part of a phase comes after a pause a person can follow
//! (`HAND_OVER_SECONDS` between its orders), its First Fire at once (`turn`, which asks the
//! match what the program does now: `play::Match::program_turn`).

use bevy::prelude::*;

use super::play_state::{Play, Queued};
use crate::play::{Asked, Match, Program, ProgramTurn};

pub use crate::play::SavedOpponent;

pub use super::opponent_state::{HAND_OVER_SECONDS, OpponentPlay};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        turn.in_set(super::schedule::SimSystems::Play)
            .before(super::play::perform),
    );
}

/// The program plays a side of the match from now on (`walk --opponent`, `view --opponent`).
pub fn set(world: &mut World, program: Program) {
    world.resource_mut::<Match>().program = Some(program.clone());
    // Only the program's side is mirrored: the game itself has not changed (a whole mirror
    // before the set-up's Startup spawn made every unit twice).
    super::opponent_state::mirror(world, Some(&program));
}

/// Play mode: what the program does this frame (`play::Match::program_turn`), when the player's
/// queue does not ask for an Undo or the next step first: a step of its own started at once
/// (its First Fire) or after the pause (its part of a phase), End phase spent as "go on".
fn turn(world: &mut World) {
    if !world.contains_resource::<OpponentPlay>() || !world.resource::<Match>().recording {
        return;
    }
    let front = world.resource::<Play>().queue.front().cloned();
    if matches!(front, Some(Queued::Undo | Queued::Next)) {
        return;
    }
    let dt = world
        .get_resource::<Time>()
        .map_or(HAND_OVER_SECONDS, |t| t.delta_secs());
    let mut paced = false;
    loop {
        // An End phase asked in a phase that has ended since is spent (issue 38).
        let stale = match world.resource::<Play>().queue.front() {
            Some(Queued::EndPhase { pt, phase }) => {
                let m = world.resource::<Match>();
                (*pt, *phase) != (m.state.turn.number, m.state.phase)
            }
            _ => false,
        };
        if stale {
            world.resource_mut::<Play>().queue.pop_front();
            continue;
        }
        let asked = match world.resource::<Play>().queue.front() {
            Some(Queued::EndPhase { .. }) => Asked::EndPhase,
            Some(Queued::ToPhase(p)) => Asked::ToPhase(*p),
            _ => Asked::Nothing,
        };
        let mut wait = world.resource::<OpponentPlay>().wait;
        let t = world.resource_mut::<Match>().program_turn(asked, || {
            if paced {
                return false;
            }
            paced = true;
            wait -= dt;
            if wait > 0.0 {
                false
            } else {
                wait = HAND_OVER_SECONDS;
                true
            }
        });
        let step = match t {
            ProgramTurn::Idle | ProgramTurn::Due => None,
            ProgramTurn::Spent => {
                world.resource_mut::<Play>().queue.pop_front();
                if let Some(mut o) = world.get_resource_mut::<OpponentPlay>() {
                    o.wait = wait;
                }
                continue;
            }
            ProgramTurn::Run { step, spent } => {
                if spent {
                    world.resource_mut::<Play>().queue.pop_front();
                }
                Some(step)
            }
        };
        let program = world.resource::<Match>().program.clone();
        super::opponent_state::mirror(world, program.as_ref());
        if let Some(mut o) = world.get_resource_mut::<OpponentPlay>() {
            o.wait = wait;
        }
        if let Some(step) = step {
            super::play::order(world, step);
        }
        return;
    }
}
