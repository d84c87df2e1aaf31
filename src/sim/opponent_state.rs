//! The program's side as the world mirrors it (`OpponentPlay`: what the viewer reads — its
//! side, its fog, what it waits on — with Play mode's pause before its next order), kept apart
//! from its pacing (`opponent`) so that the mirror (`live`) needs nothing that drives the match.

use bevy::prelude::*;

use crate::play::Program;

/// How long Play mode waits before each order of the program (and before it ends its phase),
/// so that a person can follow what it does.
pub const HAND_OVER_SECONDS: f32 = 1.0;

/// The side the program plays, mirrored from the match (what the viewer reads: its side, its
/// fog, what it waits on), with Play mode's pause before its next order.
#[derive(Resource, Clone, Debug)]
pub struct OpponentPlay {
    pub program: Program,
    /// Seconds left before Play mode gives its next order.
    pub(super) wait: f32,
}

impl std::ops::Deref for OpponentPlay {
    type Target = Program;
    fn deref(&self) -> &Program {
        &self.program
    }
}

/// The mirror of the match's program (`live::mirror`): the resource follows it, its pause kept.
pub(super) fn mirror(world: &mut World, program: Option<&Program>) {
    match program {
        None => {
            world.remove_resource::<OpponentPlay>();
        }
        Some(p) => {
            let wait = world
                .get_resource::<OpponentPlay>()
                .map_or(HAND_OVER_SECONDS, |o| o.wait);
            world.insert_resource(OpponentPlay {
                program: p.clone(),
                wait,
            });
        }
    }
}
