//! The phases' own systems (A3): on entering each phase, `game::begin_phase` announces it,
//! clears what lasts one phase and runs the phase's rules (the NVR Change DR in the RPh, E1.12;
//! Straying in the MPh, E1.53); on leaving the CCPh, `game::end_player_turn` ends the Player
//! Turn (E1.32, E1.923/E1.933, G11.85/G11.851, G1.425, E1.8) and the sides swap. Each runs in
//! core on the state read from the world (`live::play_out`).

use bevy::prelude::*;

use super::live::play_out;
use super::log::LogPhase;
use super::phase::Phase;
use super::runner::Walk;
use crate::scenario::Order;

pub(super) fn plugin(app: &mut App) {
    for p in Phase::TURN {
        app.add_systems(OnEnter(p), enter_phase);
    }
    app.add_systems(OnExit(Phase::Rout), end_rout_phase);
    app.add_systems(OnExit(Phase::CloseCombat), end_player_turn);
}

/// A3: the phase begins (`game::begin_phase`), logged in the phase it begins.
fn enter_phase(world: &mut World) {
    let p = *world.resource::<State<Phase>>().get();
    world.insert_resource(LogPhase(p));
    let movers = if p == Phase::Movement {
        about_to_move(world.resource::<Walk>())
    } else {
        Vec::new()
    };
    play_out(world, |state, setting, dice| {
        crate::game::begin_phase(state, setting, dice, &movers)
    });
}

/// The end of the RtPh (`game::end_rout_phase`: Failure to Rout, A10.5).
fn end_rout_phase(world: &mut World) {
    play_out(world, crate::game::end_rout_phase);
}

/// The end of the CCPh, and of the Player Turn (`game::end_player_turn`).
fn end_player_turn(world: &mut World) {
    play_out(world, crate::game::end_player_turn);
}

/// The units the script moves before its next phase change: those "about to move" (E1.53):
/// the action waiting for this phase (a step with both `phase` and `act`), then the steps
/// that follow until the next phase change.
fn about_to_move(walk: &Walk) -> Vec<String> {
    let mut ids = Vec::new();
    let rest = walk.steps[walk.next.min(walk.steps.len())..]
        .iter()
        .take_while(|step| step.phase.is_none() && !matches!(step.act, Some(Order::NextPlayerTurn)))
        .map(|step| &step.act);
    // The waiting action belongs to this MPh only if the step's target is an MPh.
    let pending = match walk.target {
        Some((Phase::Movement, _)) => &walk.pending,
        _ => &None,
    };
    for act in std::iter::once(pending).chain(rest) {
        if let Some(o) = act.as_ref().filter(|o| o.moves())
            && let Some(u) = o.unit()
            && !ids.iter().any(|i| i == &u.0)
        {
            ids.push(u.0.clone());
        }
    }
    ids
}
