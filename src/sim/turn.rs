//! The phases' own systems (A3): on entering each phase, `game::begin_phase` announces it,
//! clears what lasts one phase and runs the phase's rules (the NVR Change DR in the RPh, E1.12);
//! on leaving the RPh, `game::end_rally_phase` takes DM off (A10.62, E1.54); on leaving the
//! RtPh, `game::end_rout_phase`; on leaving the CCPh, `game::end_player_turn` ends the Player
//! Turn (E1.32, E1.923/E1.933, G11.85/G11.851, G1.425, E1.8) and the sides swap. Each runs in
//! core on the state read from the world (`live::play_out`).

use bevy::prelude::*;

use super::live::play_out;
use super::log::LogPhase;
use super::phase::Phase;

pub(super) fn plugin(app: &mut App) {
    for p in Phase::TURN {
        app.add_systems(OnEnter(p), enter_phase);
    }
    app.add_systems(OnExit(Phase::Rally), end_rally_phase);
    app.add_systems(OnExit(Phase::Rout), end_rout_phase);
    app.add_systems(OnExit(Phase::CloseCombat), end_player_turn);
}

/// A3: the phase begins (`game::begin_phase`), logged in the phase it begins.
fn enter_phase(world: &mut World) {
    let p = *world.resource::<State<Phase>>().get();
    world.insert_resource(LogPhase(p));
    play_out(world, crate::game::begin_phase);
}

/// The end of the RPh (`game::end_rally_phase`: DM comes off, A10.62, E1.54).
fn end_rally_phase(world: &mut World) {
    play_out(world, crate::game::end_rally_phase);
}

/// The end of the RtPh (`game::end_rout_phase`: Failure to Rout, A10.5).
fn end_rout_phase(world: &mut World) {
    play_out(world, crate::game::end_rout_phase);
}

/// The end of the CCPh, and of the Player Turn (`game::end_player_turn`).
fn end_player_turn(world: &mut World) {
    play_out(world, crate::game::end_player_turn);
}
