//! The random kind (`Kind::Random`): a baseline to measure the other kinds against. Its
//! candidates are every order the greedy kind weighs (`greedy`'s enumeration: each unit's
//! allowed orders, its Fire Groups, its one-Location moves and advances), with no doctrine's
//! gate and every one at score 1; it draws among those the real game allows, or passes, with
//! its own dice (`RandomPlayer::pick`).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::hex::Hex;
use crate::model::{Phase, Side};
use crate::rules::moves::field_of_movement;
use crate::rules::orders::Order;
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::legal::ids;
use crate::rules::situation::{Situation, UnitAt};

use super::choice::{Choice, Kind, Moment};
use super::greedy::{self, allowed_orders, fire_orders, step_order};
use super::player::{Player, Posture};

/// The random kind (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn kind(&self) -> Kind {
        Kind::Random
    }

    fn candidates(
        &self,
        s: &Situation,
        _posture: &Posture,
        side: Side,
        moment: &Moment,
        _searched: &[Hex],
    ) -> Vec<Choice> {
        let mut out = Vec::new();
        if let Moment::Phase = moment
            && !s.phase.acts(side, s.turn.attacker)
        {
            return out;
        }
        for u in s.units.iter().filter(|u| u.unit.side() == side) {
            unit_candidates(s, u, moment, &mut out);
        }
        greedy::once_each(out)
    }

    fn draws_among_allowed(&self) -> bool {
        true
    }

    fn pick(&self, cands: &mut Vec<Choice>, rng: &mut ChaCha8Rng) -> Option<Choice> {
        // Every allowed order alike, or passing (one chance more).
        let i = rng.random_range(0..=cands.len());
        (i < cands.len()).then(|| cands.remove(i))
    }

    fn clone_box(&self) -> Box<dyn Player> {
        Box::new(self.clone())
    }
}

/// A candidate at score 1.
fn any(o: &Order, reason: String) -> Choice {
    Choice {
        order: o.clone(),
        score: 1.0,
        reason,
    }
}

/// A Fire order, if the rules plan it: "UNITS fire at TARGET".
fn fire(s: &Situation, o: Order) -> Option<Choice> {
    let Order::Fire { units, at } = &o else {
        return None;
    };
    let plan = fire_plan(s, &ids(units), at).ok()?;
    let names: Vec<&str> = units.iter().map(|x| x.as_ref()).collect();
    Some(any(
        &o,
        format!("{} fire at {}", names.join(", "), plan.target_name),
    ))
}

/// One unit's candidates: every order of the kinds the greedy kind weighs now.
fn unit_candidates(s: &Situation, u: &UnitAt, moment: &Moment, out: &mut Vec<Choice>) {
    let id = u.unit.id.as_str();
    let legal = allowed_orders(s, id);
    if let Moment::FirstFireAt(at) = moment {
        for o in fire_orders(s, u, &legal) {
            if matches!(&o, Order::Fire { at: t, .. } if t == at) {
                out.extend(fire(s, o));
            }
        }
        return;
    }
    match s.phase {
        Phase::Rally => {
            for o in legal.iter().filter(|o| matches!(o, Order::Rally { .. })) {
                if let Some(p) = greedy::rally_chance(s, id) {
                    out.push(any(o, greedy::rally_reason(id, p)));
                }
            }
        }
        Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
            for o in fire_orders(s, u, &legal) {
                out.extend(fire(s, o));
            }
            for o in &legal {
                if let Order::FireStarshell { at, .. } = o {
                    out.push(any(o, greedy::starshell_reason(s, id, *at)));
                }
            }
            for o in legal.iter().filter(|o| matches!(o, Order::ThrowDc { .. })) {
                out.push(any(o, greedy::throw_dc_reason(id)));
            }
        }
        Phase::Movement => {
            for o in &legal {
                let why = match o {
                    Order::PlaceDc { cave, .. } | Order::SetDc { cave, .. } => {
                        greedy::place_dc_reason(id, cave)
                    }
                    Order::PlaceDcAt { at, .. } => greedy::place_dc_at_reason(s, id, at),
                    Order::Banzai { to, .. } => greedy::banzai_reason(s, id, to),
                    Order::Search { hex, .. } => greedy::search_reason(s, id, *hex),
                    Order::CreateHero { target, .. } => greedy::hero_reason(id, target),
                    Order::DetonateDc { .. } => greedy::detonate_reason(id),
                    _ => continue,
                };
                out.push(any(o, why));
            }
            let Ok(field) = field_of_movement(s, id) else {
                return;
            };
            for r in field.iter().filter(|r| !r.climb && r.path.len() == 2) {
                out.push(any(
                    &step_order(id, &u.at, &r.at),
                    format!("{id} moves to {}", r.at.display(s.map)),
                ));
            }
        }
        Phase::Rout => {
            for o in legal.iter().filter(|o| matches!(o, Order::Rout { .. })) {
                let Order::Rout { to, .. } = o else { continue };
                out.push(any(o, greedy::rout_reason(s, id, to)));
            }
        }
        Phase::Advance => {
            let Ok(field) = field_of_movement(s, id) else {
                return;
            };
            if s.hex_of(&u.at).is_none() {
                return;
            }
            for r in field.iter().filter(|r| !r.climb && r.path.len() == 2) {
                out.push(any(
                    &step_order(id, &u.at, &r.at),
                    format!("{id} advances to {}", r.at.display(s.map)),
                ));
            }
        }
        Phase::CloseCombat => {
            for o in legal
                .iter()
                .filter(|o| matches!(o, Order::CloseCombat { .. }))
            {
                out.push(any(o, greedy::cc_reason(id)));
            }
        }
        Phase::Setup => {}
    }
}
