//! The phases' own systems, on entering each phase: the phase is announced, per-phase unit
//! state is reset (MF, G11.74's one cave per phase, Straying), then the phase's rules run: the
//! NVR Change DR in the RPh (E1.12), Straying in the MPh (E1.53).

use bevy::prelude::*;

use super::components::Unit;
use super::log::{LogPhase, ruled};
use super::night::{nvr_change_at_rph, straying_at_mph};
use super::phase::{Phase, PlayerTurn};

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

fn announce(world: &mut World) {
    let p = *world.resource::<State<Phase>>().get();
    world.insert_resource(LogPhase(p));
    if p == Phase::Rally {
        let pt = world.resource::<PlayerTurn>().clone();
        ruled(
            world,
            "player_turn",
            None,
            "A3",
            format!(
                "Player Turn {} (Game Turn {}): the {:?} side is the ATTACKER",
                pt.number,
                pt.turn(),
                pt.attacker
            ),
        );
    }
    ruled(world, "phase", None, "A3", format!("{} begins", p.abbrev()));
}

fn reset_units(mut units: Query<&mut Unit>) {
    for mut u in &mut units {
        u.mf_spent = 0.0;
        u.entered_cave = false;
        u.straying = false;
    }
}
