//! The walkthrough's actions (scenario-format.md "Walkthrough script"), each resolved by the
//! rule functions with the seeded dice. An action the rules forbid is reported as `refused`
//! with its rule, and the walk goes on.

mod attack;
mod fire;
mod movement;
mod observe;
mod units;

use bevy::prelude::*;

use super::Board;
use super::live::{Live, UnitView};
use super::log::ruled;
use super::phase::{NightState, Phase, PlayerTurn};
use crate::rules::orders::movement::MoveVerb;
use crate::scenario::{Action, SmokeKind};

/// What every action reads first.
pub(super) struct Ctx {
    pub board: Board,
    pub live: Live,
    pub phase: Phase,
    pub turn: PlayerTurn,
    pub night: bool,
}

impl Ctx {
    pub fn read(world: &mut World) -> Ctx {
        Ctx {
            board: world.resource::<Board>().clone(),
            live: Live::read(world),
            phase: *world.resource::<State<Phase>>().get(),
            turn: world.resource::<PlayerTurn>().clone(),
            night: world.resource::<NightState>().night(),
        }
    }

    /// A unit by id (script ids are checked when the scenario loads; a unit may since have
    /// been eliminated).
    pub fn unit(&self, world: &mut World, id: &str) -> Option<UnitView> {
        let u = self.live.unit(id).cloned();
        if u.is_none() {
            refuse(
                world,
                Some(id),
                "A3",
                format!("unit {id} is no longer in play"),
            );
        }
        u
    }

    /// The unit's side is the ATTACKER and this is one of `phases`; else refused with `rule`.
    pub fn attacker_in(
        &self,
        world: &mut World,
        u: &UnitView,
        phases: &[Phase],
        rule: &str,
        what: &str,
    ) -> bool {
        let ok_side = u.unit.side() == self.turn.attacker;
        let ok_phase = phases.contains(&self.phase);
        if !ok_side || !ok_phase {
            let names: Vec<&str> = phases.iter().map(|p| p.abbrev()).collect();
            refuse(
                world,
                Some(&u.unit.id),
                rule,
                format!(
                    "{what} is done by the ATTACKER in its {}; it is the {} now and the {:?} \
                     side is the ATTACKER",
                    names.join("/"),
                    self.phase.abbrev(),
                    self.turn.attacker
                ),
            );
            return false;
        }
        true
    }
}

/// G11.88: is cave `id` still on the map (not eliminated)? Refused with the rule otherwise.
pub(super) fn cave_stands(world: &mut World, unit: &str, id: &str) -> bool {
    let mut q = world.query::<&super::components::CaveCounter>();
    let stands = q.iter(world).any(|c| c.id == id);
    if !stands {
        refuse(
            world,
            Some(unit),
            "G11.88",
            format!("cave {id} has been eliminated, with all its contents"),
        );
    }
    stands
}

/// Reports a ruling's refusal: the one place refusals are logged.
pub(super) fn refused(world: &mut World, unit: Option<&str>, r: crate::rules::situation::Refusal) {
    ruled(world, "refused", unit, r.rule, r.reason);
}

/// Reports a refused action with its rule.
pub(super) fn refuse(world: &mut World, unit: Option<&str>, rule: &str, reason: String) {
    ruled(world, "refused", unit, rule, reason);
}

// A4.1 MF, leaders and MMC are rulings of the core (`rules::orders`).
pub(super) use crate::rules::orders::{is_leader, mmc, unit_mf};

/// Resolves one action.
pub(super) fn resolve(world: &mut World, action: &Action) {
    match action {
        Action::Move(u, to) => movement::do_move(world, u, to, MoveVerb::Move),
        Action::EnterCave(u, cave) => movement::do_move(
            world,
            u,
            &crate::los::Location::Cave(cave.clone()),
            MoveVerb::EnterCave,
        ),
        Action::ExitCave(u, to) => movement::do_move(world, u, to, MoveVerb::ExitCave),
        Action::Climb(u, level, vertex) => movement::climb(world, u, *level, *vertex),
        Action::ThrowDc(u, cave) => attack::throw_dc(world, u, cave),
        Action::PlaceDc(u, cave) => attack::place_dc(world, u, cave),
        Action::SetDc(u, cave) => attack::set_dc(world, u, cave),
        Action::PlaceSmoke(u, at) => fire::place_smoke(world, u, at, SmokeKind::Grenade),
        Action::PlaceWp(u, at) => fire::place_smoke(world, u, at, SmokeKind::WpGrenade),
        Action::Los(from, to) => observe::los(world, from, to),
        Action::Light(at) => observe::light(world, at),
        Action::Control(cave) => observe::control(world, cave),
        Action::FireStarshell(u, at) => fire::fire_starshell(world, u, *at),
        Action::FireIr(at) => fire::fire_ir(world, *at),
        Action::Kindle(hex) => fire::kindle(world, *hex),
        Action::MoraleCheck(u, drm) => units::morale_check_action(world, u, *drm),
        Action::Search(u, hex) => units::search(world, u, *hex),
        Action::CreateHero(u, target) => units::create_hero(world, u, target),
        // The runner turns it into a phase target; nothing is left to resolve.
        Action::NextPlayerTurn => {}
    }
}
