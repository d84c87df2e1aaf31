//! The phases' own systems, on entering each phase: the phase is announced, per-phase unit
//! state is reset (MF, G11.74's one cave per phase, Straying), then the phase's rules run: the
//! NVR Change DR in the RPh (E1.12), Straying in the MPh (E1.53).

use bevy::prelude::*;

use super::components::Unit;
use super::log::{LogPhase, ruled};
use super::night::{nvr_change_at_rph, straying_at_mph};
use super::phase::{Phase, PlayerTurn};
use crate::rules::orders::phase::{phase_begins, unit_at_phase_start};

pub(super) fn plugin(app: &mut App) {
    for p in Phase::TURN {
        match p {
            Phase::Rally => app.add_systems(
                OnEnter(p),
                (announce, reset_units, nvr_change_at_rph).chain(),
            ),
            Phase::Movement => {
                app.add_systems(OnEnter(p), (announce, reset_units, straying_at_mph).chain())
            }
            _ => app.add_systems(OnEnter(p), (announce, reset_units).chain()),
        };
    }
}

/// A3: the phase begins, as `rules::orders::phase::phase_begins` announces it.
fn announce(world: &mut World) {
    let p = *world.resource::<State<Phase>>().get();
    world.insert_resource(LogPhase(p));
    let pt = world.resource::<PlayerTurn>().clone();
    for a in phase_begins(p, pt.number, pt.turn(), pt.attacker) {
        ruled(world, a.event, None, a.rule, a.text);
    }
}

/// What lasts one phase ends with it (`rules::orders::phase::unit_at_phase_start`).
fn reset_units(mut units: Query<&mut Unit>) {
    for mut u in &mut units {
        unit_at_phase_start(&mut u);
    }
}
