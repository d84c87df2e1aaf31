//! The greedy kind (`Kind::Greedy`, first called the doctrine): the candidate orders of one
//! side at one moment, each with a score and the reason in a sentence (the RCA model of Battle for Wesnoth's AI: every candidate evaluated, the best run,
//! all evaluated again). Candidates come from the rules (`legal_orders`, `field_of_movement`,
//! `rout`), judged allowed on the side's own view (`view::known_state`); they are weighed with
//! the same rulings the game uses (the Fire plan's IFT column and DRM, `value::fire_worth`;
//! the MF of each move; terrain TEM) and with doctrine from the seeds: Japanese stay hidden in
//! caves and jungle until a shot is worth revealing them (G11.75, G1.6, G1.63), rout into caves
//! (G11.77), Banzai when the odds favour it (G1.5), create a DC Hero against a target in reach
//! (G1.421-G1.424); the Allies Search for the hidden caves (G11.33), attack caves with DCs
//! (G11.833) and light the enemy with Starshells at night (E1.92); an attacking unit screens
//! open ground a Known enemy overlooks with SMOKE or WP grenades before it steps in (`smoke`). A score above zero is worth
//! doing; the best is tried first. Every number it weighs by is in its weights file
//! (`assets/opponent/greedy.ron`, `Weights`), and a scenario's plan for the side (`Posture`)
//! replaces what it reads from the victory conditions.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::legal::ids;
use crate::rules::orders::{Order, UnitId, is_leader, legal_orders};
use crate::rules::situation::{Situation, UnitAt};

use super::choice::{Choice, Kind, Moment};
use super::player::{Player, Posture};
use super::value::fire_worth;
use super::weights::Weights;

mod moves;
mod plan;
mod reasons;

use moves::{advance_candidates, movement_candidates};
pub use plan::step_order;
use plan::{Plan, choice, spare_dc, tem};
pub(in crate::opponent) use reasons::{
    banzai_reason, cc_reason, detonate_reason, hero_reason, place_dc_at_reason, place_dc_reason,
    rally_reason, rout_reason, search_reason, starshell_reason, throw_dc_reason,
};

/// The greedy kind, with its weights (see the module doc).
#[derive(Clone, Debug)]
pub struct Greedy {
    pub weights: &'static Weights,
}

impl Default for Greedy {
    fn default() -> Greedy {
        Greedy {
            weights: Weights::get(),
        }
    }
}

impl Player for Greedy {
    fn kind(&self) -> Kind {
        Kind::Greedy
    }

    fn candidates(
        &self,
        s: &Situation,
        posture: &Posture,
        side: Side,
        moment: &Moment,
        searched: &[Hex],
    ) -> Vec<Choice> {
        candidates(s, posture, side, moment, searched, self.weights)
    }

    fn pick(&self, cands: &mut Vec<Choice>, _rng: &mut rand_chacha::ChaCha8Rng) -> Option<Choice> {
        Some(cands.remove(best_index(cands)?))
    }

    fn clone_box(&self) -> Box<dyn Player> {
        Box::new(self.clone())
    }
}

pub use super::plays_for::{attacks, objectives};

/// The best-scored candidate's index (ties broken by the order's name, so the pick is the
/// same on every run), `None` for none.
pub(super) fn best_index(cands: &[Choice]) -> Option<usize> {
    cands
        .iter()
        .enumerate()
        .max_by(|(_, a), (_, b)| {
            a.score
                .total_cmp(&b.score)
                .then_with(|| format!("{:?}", b.order).cmp(&format!("{:?}", a.order)))
        })
        .map(|(i, _)| i)
}

/// Whether `side` acts in this phase (A3): both sides rally and rout; the ATTACKER fires in
/// its PFPh and AFPh, moves, advances and starts the CC; the DEFENDER Final Fires in the DFPh.
pub fn acts(phase: Phase, side: Side, attacker: Side) -> bool {
    phase.acts(side, attacker)
}

/// Every candidate of `side` now worth doing, scored by `w`, on what the side plays for
/// (`posture`: the scenario's plan, else its victory conditions).
pub fn candidates(
    s: &Situation,
    posture: &Posture,
    side: Side,
    moment: &Moment,
    searched: &[Hex],
    w: &Weights,
) -> Vec<Choice> {
    let goals = posture.objectives(s, side);
    candidates_for(s, posture, side, moment, searched, w, goals, false)
}

/// `candidates`, moving toward `goals` instead of `posture`'s objectives (the doctrine's own
/// reading of what its side plays for, `doctrine::goals::objectives`), a step that ends its
/// route made by Assault Movement where `assault` (A4.61).
#[allow(clippy::too_many_arguments)]
pub fn candidates_for(
    s: &Situation,
    posture: &Posture,
    side: Side,
    moment: &Moment,
    searched: &[Hex],
    w: &Weights,
    goals: Vec<Hex>,
    assault: bool,
) -> Vec<Choice> {
    let mut out = Vec::new();
    let attacker = s.turn.attacker;
    if let Moment::Phase = moment
        && !acts(s.phase, side, attacker)
    {
        return out;
    }
    let plan = Plan {
        goals,
        attacks: posture.attacks(side),
        searched,
        w,
        spare_dc: spare_dc(s, posture, side),
        assault,
    };
    let mine: Vec<&UnitAt> = s.units.iter().filter(|u| u.unit.side() == side).collect();
    for u in &mine {
        unit_candidates(s, u, &plan, moment, &mut out);
    }
    once_each(out)
}

/// The candidates worth doing (score above zero), the same order from two units (a CC, a Fire
/// Group) once.
pub(super) fn once_each(mut out: Vec<Choice>) -> Vec<Choice> {
    out.retain(|c| c.score > 0.0);
    let mut seen: Vec<Order> = Vec::new();
    out.retain(|c| {
        let new = !seen.contains(&c.order);
        seen.push(c.order.clone());
        new
    });
    out
}

/// E1.54 / A10.62: whether a Rally attempt by `id` now would have its DM removed as the RPh
/// ends (as `rules::orders::rally::dm_removed` reads it once the attempt is made).
fn sheds_dm_by_trying(s: &Situation, id: &str) -> bool {
    let mut h = s.clone();
    let Some(u) = h.state.units.iter_mut().find(|u| u.unit.id == id) else {
        return false;
    };
    u.unit.rally_attempted = true;
    crate::rules::orders::rally::dm_removed(&h, id).is_some()
}

/// A10.6: the chance `id` rallies now, if it may try.
pub(super) fn rally_chance(s: &Situation, id: &str) -> Option<f32> {
    let r = crate::rules::orders::rally::rally(s, id).ok()?;
    // The 36 Rally DR, each read as the walk reads it (an Original 2 or 12 included).
    let rallies = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |b| (a, b)))
        .filter(|&(a, b)| r.resolve(a, b).rallied)
        .count();
    Some(rallies as f32 / 36.0)
}

/// The orders `id` may give now (`legal_orders`, the allowed ones): what both kinds weigh.
pub(super) fn allowed_orders(s: &Situation, id: &str) -> Vec<Order> {
    legal_orders(s, id, None)
        .into_iter()
        .filter(|(_, ok)| ok.is_ok())
        .map(|(o, _)| o)
        .collect()
}

/// One unit's candidates.
fn unit_candidates(s: &Situation, u: &UnitAt, plan: &Plan, moment: &Moment, out: &mut Vec<Choice>) {
    let w = plan.w;
    let id = u.unit.id.as_str();
    let phase = s.phase;
    let legal = allowed_orders(s, id);
    if let Moment::FirstFireAt(at) = moment {
        for o in fire_orders(s, u, &legal) {
            if matches!(&o, Order::Fire { at: t, .. } if t == at) {
                out.extend(fire_choice(s, u, o, w.fire.first_fire_threshold, w));
            }
        }
        return;
    }
    match phase {
        Phase::Rally => {
            for o in legal.iter().filter(|o| matches!(o, Order::Rally { .. })) {
                // A10.6 / A10.61: worth it when it likely rallies; an Original 12 is a Casualty
                // Reduction, which a side holding out weighs more.
                let Some(p) = rally_chance(s, id) else {
                    continue;
                };
                let needed = if plan.attacks {
                    w.rally.least_chance_attacking
                } else {
                    w.rally.least_chance_holding
                };
                // E1.54: at night a DM unit keeps DM until it makes a Rally attempt: the
                // attempt is what lets it lose DM (and so rally later), whatever its chance.
                // Where DM would stay all the same (a Known Good Order enemy in or ADJACENT to
                // its Location, `rally::dm_removed`) it still tries: a DM squad's 8 % to rally
                // outweighs the 1 in 36 of an Original 12's Casualty Reduction (A10.6), and
                // trying there or not was measured alike (the night ridge's greedy Americans
                // beat the Japanese doctrine in 67 games of 200 trying, 71 not).
                let night_dm = s.night() && u.unit.dm && p < needed;
                if p >= needed || night_dm {
                    let mut why = rally_reason(id, p);
                    if night_dm {
                        why.push_str(if sheds_dm_by_trying(s, id) {
                            "; at night a DM unit keeps DM until it makes a Rally attempt (E1.54)"
                        } else {
                            "; at night a DM unit keeps DM until it makes a Rally attempt (E1.54), \
                             and its chance is worth the 1 in 36 of an Original 12 (A10.6)"
                        });
                    }
                    out.push(choice(o, w.rally.per_chance * p.max(needed), why));
                }
            }
        }
        Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
            // A side holding out fires only where it is worth drawing fire back.
            let threshold = w.fire.threshold
                + if plan.attacks {
                    0.0
                } else {
                    w.fire.holding_extra
                };
            for o in fire_orders(s, u, &legal) {
                out.extend(fire_choice(s, u, o, threshold, w));
            }
            out.extend(starshells(s, u, &legal, w));
            for o in legal.iter().filter(|o| matches!(o, Order::ThrowDc { .. })) {
                out.push(choice(o, w.dc.throw, throw_dc_reason(id)));
            }
        }
        Phase::Movement => movement_candidates(s, u, plan, &legal, out),
        Phase::Rout => {
            // A broken unit routs when it must (A10.5); one that need not stays to rally.
            let Ok(plan) = crate::rules::orders::rout::rout_destinations(s, id) else {
                return;
            };
            if !plan.must.holds {
                return;
            }
            for o in legal.iter().filter(|o| matches!(o, Order::Rout { .. })) {
                let Order::Rout { to, .. } = o else { continue };
                let cave = matches!(to, Location::Cave(_));
                // A10.53: what its path risks to Interdiction, at the rout's own price.
                // The greedy kind routs as it did before Low Crawl was modelled (A10.52): it
                // is the doctrine's yardstick, kept as it was (issue 37). Crawling whenever its
                // rout's first step was Interdicted, its Americans beat the Japanese doctrine
                // on the assault in 73 games of 200 instead of 54 (measured 2026-12-03).
                if plan.low_crawl.iter().any(|r| &r.at == to) {
                    continue;
                }
                let risk = super::value::rout_risk(s, u, &plan, to);
                let score = w.rout.score * (1.0 - risk)
                    + if cave { w.rout.into_cave } else { 0.0 }
                    + w.rout.per_tem * tem(s, to) as f32;
                let mut reason = rout_reason(s, id, to);
                if risk > 0.0 {
                    reason.push_str(&format!(
                        ", {:.0} % to fail an Interdiction NMC on the way (A10.53)",
                        100.0 * risk
                    ));
                }
                out.push(choice(o, score, reason));
            }
        }
        Phase::Advance => advance_candidates(s, u, plan, out),
        Phase::CloseCombat => {
            for o in legal
                .iter()
                .filter(|o| matches!(o, Order::CloseCombat { .. }))
            {
                out.push(choice(o, w.close_combat, cc_reason(id)));
            }
        }
        Phase::Setup => {}
    }
}

/// The Fire orders worth weighing for `u` (`pub(super)`: the random kind draws among them too): alone at each target, and with the Good Order units
/// of its Location that have not fired (a leader among them directing, A7.53).
pub(super) fn fire_orders(s: &Situation, u: &UnitAt, legal: &[Order]) -> Vec<Order> {
    let mut v = Vec::new();
    let mates: Vec<UnitId> = s
        .units_at(&u.at)
        .into_iter()
        .filter(|o| o.unit.side() == u.unit.side() && o.unit.good_order() && o.unit.fired.is_none())
        .filter(|o| o.unit.hero.is_none())
        .filter(|o| o.unit.id != u.unit.id)
        .map(|o| UnitId(o.unit.id.clone()))
        .collect();
    for o in legal {
        if let Order::Fire { at, .. } = o {
            v.push(o.clone());
            if !mates.is_empty() && !is_leader(&u.unit) {
                let mut units = vec![UnitId(u.unit.id.clone())];
                units.extend(mates.iter().cloned());
                v.push(Order::Fire {
                    units,
                    at: at.clone(),
                });
            }
        }
    }
    v
}

/// E1.92: at night, a Starshell over a hex holding a Known enemy that is not lit yet (the
/// ATTACKER's PFPh, or the DEFENDER's First Fire in the MPh, as the ruling allows).
fn starshells(s: &Situation, u: &UnitAt, legal: &[Order], w: &Weights) -> Vec<Choice> {
    let id = u.unit.id.as_str();
    legal
        .iter()
        .filter_map(|o| {
            let Order::FireStarshell { at, .. } = o else {
                return None;
            };
            let enemy_there = s
                .units
                .iter()
                .any(|e| e.unit.side() != u.unit.side() && !e.hidden && e.at.hex() == Some(*at));
            (s.night() && enemy_there && !s.lit_hexes.contains(at))
                .then(|| choice(o, w.starshell, starshell_reason(s, id, *at)))
        })
        .collect()
}

/// A Fire worth making: its expected worth (`value::fire_worth`) above `threshold`; a hidden or
/// "?" firer (one whose fire could reveal it, A12.15) fires only at a target within two hexes
/// and worth half a unit at least (G11.75, G1.63: the Japanese keep HIP until a shot is worth it).
fn fire_choice(s: &Situation, u: &UnitAt, o: Order, threshold: f32, w: &Weights) -> Option<Choice> {
    let Order::Fire { units, at } = &o else {
        return None;
    };
    let plan = fire_plan(s, &ids(units), at).ok()?;
    let worth = fire_worth(s, &plan);
    let names: Vec<&str> = units.iter().map(|x| x.as_ref()).collect();
    let veiled = units
        .iter()
        .filter_map(|x| s.unit(x))
        .any(|f| f.hidden || f.concealed);
    let near = s
        .hex_of(&u.at)
        .zip(s.hex_of(at))
        .is_some_and(|(a, b)| a.distance(b) <= w.fire.veiled_range);
    if veiled && !(near && worth >= w.fire.veiled_worth) {
        return None;
    }
    let score = worth - threshold;
    (score > 0.0).then(|| Choice {
        order: o.clone(),
        score,
        reason: format!(
            "{} fire at {}: expected effect {worth:.2} on the {} column with DRM {:+}{}",
            names.join(", "),
            plan.target_name,
            plan.column,
            plan.total_drm,
            if veiled {
                " (worth losing concealment for, G1.63)"
            } else {
                ""
            }
        ),
    })
}
