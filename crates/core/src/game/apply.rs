//! `apply`: one order played on the game state: its ruling asked, the dice its plan names
//! rolled, the plan applied to the state and what happened said (scenario-format.md
//! "Walkthrough script"). A refusal is said with its rule, and the state is left as it was.

use super::aftermath::{heroes_out_of_melee, heroes_without_target};
use super::context::Game;
use super::dice::Dice;
use super::said::Said;
use super::{attack, fire, fire_attack, movement, observe, units};
use crate::los::Location;
use crate::model::{Phase, SmokeKind};
use crate::rules::orders::movement::MoveVerb;
use crate::rules::orders::{Order, legal::ids};
use crate::state::{GameState, Setting};

/// Plays `order` on `state` (played on `setting`), rolling `dice`: what the order did, in the
/// order it happened. After every order, the counter-mates of a unit it stripped of Cloaking
/// lose it too (E1.43: a Cloaking counter is lost whole), a T-H Hero whose Designated Target is gone is
/// eliminated (G1.425) and the Control of the victory conditions' hexes follows who occupies
/// them (A26.1). Once the game has ended (A26) every order is refused. The state comes back
/// sorted (`GameState::sorted`).
pub fn apply(
    state: &mut GameState,
    setting: &Setting,
    order: &Order,
    dice: &mut Dice,
) -> Vec<Said> {
    let mut g = Game::new(state, setting, dice);
    let s = g.situation();
    if let Err(r) = crate::rules::orders::legal::game_running(&s) {
        g.refused(None, r);
        return g.said;
    }
    let spent_before = mf_spent(g.state);
    let said_before = g.said.len();
    let cloaked = g.cloaked_now();
    play(&mut g, order);
    g.counter_lost_with(&cloaked);
    let refused = g.said[said_before..]
        .iter()
        .any(|e| e.event == super::said::REFUSED);
    moving_now(g.state, &spent_before, (!refused).then_some(order));
    heroes_without_target(&mut g);
    heroes_out_of_melee(&mut g);
    g.update_control();
    g.state.sort();
    g.said
}

/// Each ATTACKER unit's MF spent this phase, in the MPh (else nothing).
fn mf_spent(state: &GameState) -> Vec<(String, f32)> {
    if state.phase != Phase::Movement {
        return Vec::new();
    }
    state
        .units
        .iter()
        .filter(|u| u.unit.side() == state.turn.attacker)
        .map(|u| (u.unit.id.clone(), u.unit.mf_spent))
        .collect()
}

/// A8.1: the units an order has just made spend MF in the ATTACKER's MPh become the moving
/// units, the only ones Defensive First Fire may attack now; so does the unit of an order
/// that draws First Fire without spending MF now (a Climber Placing the DC his Climb paid
/// for, G11.8331). An order that did neither leaves the moving units as they were.
fn moving_now(state: &mut GameState, before: &[(String, f32)], played: Option<&Order>) {
    let moved: Vec<String> = before
        .iter()
        .filter(|(id, was)| {
            state
                .units
                .iter()
                .any(|u| u.unit.id == *id && u.unit.mf_spent > *was)
        })
        .map(|(id, _)| id.clone())
        .collect();
    // A8.1: a new expenditure of MF: every DEFENDER unit may fire at it again.
    if !moved.is_empty() {
        state.tallies.moving = moved;
        state.tallies.fired_at_expenditure.clear();
        return;
    }
    if let Some(id) = played
        .filter(|o| o.draws_first_fire())
        .and_then(|o| o.unit())
        .filter(|id| before.iter().any(|(b, _)| b == id.as_ref()))
    {
        state.tallies.moving = vec![id.to_string()];
        state.tallies.fired_at_expenditure.clear();
    }
}

fn play(g: &mut Game, order: &Order) {
    match order {
        Order::Move { unit, to } => movement::do_move(g, unit, to, MoveVerb::Move),
        Order::AssaultMove { unit, to } => movement::do_move(g, unit, to, MoveVerb::AssaultMove),
        Order::EnterCave { unit, cave } => movement::do_move(
            g,
            unit,
            &Location::Cave(cave.0.clone()),
            MoveVerb::EnterCave,
        ),
        Order::ExitCave { unit, to } => movement::do_move(g, unit, to, MoveVerb::ExitCave),
        Order::Climb {
            unit,
            level,
            vertex,
        } => movement::climb(g, unit, *level, *vertex),
        Order::ClimbToPlaceDc {
            unit,
            cave,
            level,
            vertex,
        } => movement::climb_to_place_dc(g, unit, cave, *level, *vertex),
        Order::ThrowDc { unit, cave } => attack::throw_dc(g, unit, cave),
        Order::PlaceDc { unit, cave } => attack::place_dc(g, unit, cave),
        Order::PlaceDcAt { unit, at } => attack::place_dc_at(g, unit, at),
        Order::SetDc { unit, cave } => attack::set_dc(g, unit, cave),
        Order::PlaceSmoke { unit, at } => fire::place_smoke(g, unit, at, SmokeKind::Grenade),
        Order::PlaceWp { unit, at } => fire::place_smoke(g, unit, at, SmokeKind::WpGrenade),
        Order::Los { from, to } => observe::los(g, from, to),
        Order::Light { at } => observe::light(g, at),
        Order::Control { cave } => observe::control(g, cave),
        Order::Fire { units, at } => fire_attack::fire(g, &ids(units), at),
        Order::FireStarshell { unit, at } => fire::fire_starshell(g, unit, *at),
        Order::FireIr { at } => fire::fire_ir(g, *at),
        Order::Kindle { at } => fire::kindle(g, *at),
        Order::MoraleCheck { unit, drm } => units::morale_check_action(g, unit, *drm),
        Order::Rally { unit } => super::rally::do_rally(g, unit),
        Order::Rout { unit, to } => super::rout::do_rout(g, unit, to),
        Order::CloseCombat {
            at,
            attackers,
            targets,
        } => super::close_combat::do_close_combat(g, at, &ids(attackers), &ids(targets)),
        Order::Banzai { units, to } => super::banzai::do_banzai(g, &ids(units), to),
        Order::Search { unit, hex } => units::search(g, unit, *hex),
        Order::CreateHero { unit, target } => units::create_hero(g, unit, target),
        Order::DetonateDc { unit } => attack::detonate_dc(g, unit),
        // A phase change, not an action: the front end moves to the next Player Turn.
        Order::NextPlayerTurn => {}
    }
}
