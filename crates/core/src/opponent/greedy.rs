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
use crate::rules::moves::field_of_movement;
use crate::rules::orders::close_combat::{attack_fp, defence_fp};
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::legal::ids;
use crate::rules::orders::{Order, UnitId, is_leader, legal_orders};
use crate::rules::situation::{Situation, UnitAt};

use super::choice::{Choice, Kind, Moment};
use super::player::{Player, Posture};
use super::value::fire_worth;
use super::weights::Weights;

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

/// The hexes from `h` to the nearest of `to` (none: 0).
pub(super) fn distance_to(h: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|t| t.distance(h)).min().unwrap_or(0)
}

/// The terrain TEM of a Location's hex (a cave's +4, G11.8).
pub(super) fn tem(s: &Situation, at: &Location) -> i32 {
    if matches!(at, Location::Cave(_)) {
        return 4;
    }
    at.hex()
        .and_then(|h| s.map.get(h))
        .map_or(0, |d| d.terrain.info().tem)
}

/// The order that takes a unit from `from` one step to `to` (a cave entered or left by its own
/// verb).
pub fn step_order(unit: &str, from: &Location, to: &Location) -> Order {
    let unit = UnitId(unit.to_string());
    match (from, to) {
        (_, Location::Cave(c)) => Order::EnterCave {
            unit,
            cave: crate::rules::orders::CaveId(c.clone()),
        },
        (Location::Cave(_), _) => Order::ExitCave {
            unit,
            to: to.clone(),
        },
        _ => Order::Move {
            unit,
            to: to.clone(),
        },
    }
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
    candidates_for(s, posture, side, moment, searched, w, goals)
}

/// `candidates`, moving toward `goals` instead of `posture`'s objectives (the doctrine's own
/// reading of what its side plays for, `doctrine::goals::objectives`).
pub fn candidates_for(
    s: &Situation,
    posture: &Posture,
    side: Side,
    moment: &Moment,
    searched: &[Hex],
    w: &Weights,
    goals: Vec<Hex>,
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

/// What the side plays for, as every unit's candidates read it.
struct Plan<'a> {
    goals: Vec<Hex>,
    /// It wins by conditions of its own (`attacks`), not by holding out.
    attacks: bool,
    /// The hexes it has Searched this game (a Search is not made twice).
    searched: &'a [Hex],
    w: &'a Weights,
    /// It carries a DC beyond those the caves it must Control call for (`spare_dc`).
    spare_dc: bool,
}

/// A23.3 / G11.833: whether `side` may spend a DC on an above-ground Location: it carries more
/// DCs than there are standing caves it must Control (A26, G11.94) and does not Control yet
/// (hidden ones too: the victory conditions name them). Those caves are what its DCs are for
/// (measured with `duel`: spending them on the assault's kunai stack cost the cave Control
/// they win the game by).
pub(super) fn spare_dc(s: &Situation, posture: &Posture, side: Side) -> bool {
    let carried = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.dc)
        .count();
    let mut caves: Vec<&str> = posture
        .victory
        .iter()
        .filter_map(|c| match c {
            crate::rules::victory::VictoryCondition::Control {
                side: who,
                locations,
            } if *who == side => Some(locations),
            _ => None,
        })
        .flatten()
        .filter_map(|l| match l {
            Location::Cave(c) => Some(c.as_str()),
            _ => None,
        })
        .filter(|c| s.cave_stands(c))
        .filter(|c| side != Side::Allied || !s.allied_controlled.iter().any(|a| a == c))
        .collect();
    caves.sort_unstable();
    caves.dedup();
    carried > caves.len()
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

pub(super) fn rally_reason(id: &str, p: f32) -> String {
    format!("{id} tries to rally: {:.0} % to rally (A10.6)", 100.0 * p)
}

pub(super) fn starshell_reason(s: &Situation, id: &str, at: Hex) -> String {
    format!(
        "{id} fires a Starshell over {} to light the enemy there (E1.92)",
        s.map.name(at)
    )
}

pub(super) fn detonate_reason(id: &str) -> String {
    format!("{id} detonates his DC on his Designated Target (G1.424)")
}

pub(super) fn throw_dc_reason(id: &str) -> String {
    format!("{id} Throws its DC into the cave next to it (G11.833)")
}

pub(super) fn place_dc_reason(id: &str, cave: &impl std::fmt::Display) -> String {
    format!("{id} puts its DC into cave {cave} (G11.833)")
}

/// A23.3: "us1 Places its DC on T5, on jp3 and a "?" (A23.3)".
pub(super) fn place_dc_at_reason(s: &Situation, id: &str, at: &Location) -> String {
    let side = s.unit(id).map(|u| u.unit.side());
    let there: Vec<String> = s
        .units_at(at)
        .into_iter()
        .filter(|o| Some(o.unit.side()) != side && !o.hidden)
        .map(|o| crate::opponent::view::shown(&o.unit.id).to_string())
        .collect();
    let on = if there.is_empty() {
        String::new()
    } else {
        format!(", on {}", there.join(" and "))
    };
    format!(
        "{id} Places its DC on {}{on}: 30 FP as the AFPh begins (A23.3)",
        at.display(s.map)
    )
}

pub(super) fn banzai_reason(s: &Situation, id: &str, to: &Location) -> String {
    format!(
        "{id} leads a Banzai Charge at {}: the odds favour it (G1.5)",
        to.display(s.map)
    )
}

/// G11.33 / A12.152: a Search's reason: "for hidden caves and units" where a cave may be
/// (`doctrine::goals::cave_site`, G11.1: a hex above a lower neighbour), else "for hidden units"
/// (level ground holds no cave; a helper read 397 Searches of level kunai "for hidden caves").
pub(super) fn search_reason(s: &Situation, id: &str, hex: Hex) -> String {
    let what = if super::doctrine::goals::cave_site(s, hex) {
        "hidden caves and units (G11.33)"
    } else {
        "hidden units (A12.152)"
    };
    format!("{id} Searches {} for {what}", s.map.name(hex))
}

pub(super) fn hero_reason(id: &str, target: &impl std::fmt::Display) -> String {
    format!("{id} tries to create a T-H Hero with its DC against {target} (G1.421)")
}

pub(super) fn rout_reason(s: &Situation, id: &str, to: &Location) -> String {
    if matches!(to, Location::Cave(_)) {
        format!("{id} routs into {} (G11.77)", to.display(s.map))
    } else {
        format!("{id} routs to cover in {} (A10.5)", to.display(s.map))
    }
}

pub(super) fn cc_reason(id: &str) -> String {
    format!("Close Combat where {id} meets the enemy (A11)")
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

/// A candidate with its score.
fn choice(o: &Order, score: f32, reason: String) -> Choice {
    Choice {
        order: o.clone(),
        score,
        reason,
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

/// A unit's MPh candidates: a DC into a cave, a Banzai Charge, a Search of a hex where caves
/// may hide, and its best move toward what its side plays for.
fn movement_candidates(
    s: &Situation,
    u: &UnitAt,
    plan: &Plan,
    legal: &[Order],
    out: &mut Vec<Choice>,
) {
    let w = plan.w;
    let goals = plan.goals.as_slice();
    let id = u.unit.id.as_str();
    for o in legal {
        match o {
            Order::PlaceDc { cave, .. } | Order::SetDc { cave, .. } => {
                out.push(choice(o, w.dc.place, place_dc_reason(id, cave)))
            }
            // A23.3: a DC on an ADJACENT Location where its side sees the enemy.
            Order::PlaceDcAt { at, .. } if plan.spare_dc => {
                out.push(choice(o, w.dc.place, place_dc_at_reason(s, id, at)))
            }
            Order::Banzai { units, to } => {
                if let Some(score) = banzai_odds(s, units, to, plan.attacks, w) {
                    out.push(choice(o, score, banzai_reason(s, id, to)));
                }
            }
            Order::Search { hex, .. } if u.unit.side() == Side::Allied => {
                let fresh = !plan.searched.contains(hex) && suspect(s, *hex, goals, w);
                if fresh && u.unit.mf_spent == 0.0 {
                    out.push(choice(o, w.search.score, search_reason(s, id, *hex)));
                }
            }
            // G1.421-G1.424: a DC Hero against a Designated Target in reach.
            Order::CreateHero { target, .. } => {
                out.push(choice(o, w.dc.hero, hero_reason(id, target)))
            }
            // G1.424: a DC Hero in his Designated Target's Location detonates his DC (what he
            // was created for; he makes no CC attack).
            Order::DetonateDc { .. } if u.unit.hero.is_some() => {
                out.push(choice(o, w.dc.place, detonate_reason(id)))
            }
            _ => {}
        }
    }
    let Ok(field) = field_of_movement(s, id) else {
        return;
    };
    // G11.75 / G1.6: a hidden Japanese unit stays hidden.
    if u.hidden && u.unit.side() == Side::Japanese {
        return;
    }
    let Some(from) = s.hex_of(&u.at) else { return };
    // After a Banzai Charge declared, its target is where the unit goes (G1.5); a T-H Hero's
    // Designated Target (G1.423) and a berserk unit's nearest Known enemy (A15.43) too.
    let charging = crate::rules::orders::banzai::charge_target(s, u);
    let charge: Vec<Hex> = charging.iter().filter_map(|(t, _)| s.hex_of(t)).collect();
    let goals = if charge.is_empty() {
        goals
    } else {
        charge.as_slice()
    };
    if !plan.attacks && charge.is_empty() {
        withdraw(s, u, &field, w, out);
        return;
    }
    let d0 = distance_to(from, goals);
    let m = &w.movement;
    let best = field
        .iter()
        .filter(|r| !r.climb && r.path.len() >= 2)
        .filter_map(|r| {
            let h = s.hex_of(&r.at)?;
            let gain = d0 as f32 - distance_to(h, goals) as f32;
            let score = m.per_hex_nearer * gain
                + m.per_tem * (tem(s, &r.at) - tem(s, &u.at)) as f32
                - m.per_mf * r.mf;
            Some((score, r))
        })
        .filter(|(score, _)| *score > m.least)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((score, r)) = best {
        // A24.1: SMOKE or WP before open ground a Known enemy overlooks.
        out.extend(super::smoke::before_open_ground(s, u, &r.path[1], score, w));
        out.push(Choice {
            order: step_order(id, &u.at, &r.path[1]),
            score,
            reason: match &charging {
                Some((t, rule)) => format!(
                    "{id} charges {} ({}): to {} ({} MF)",
                    t.display(s.map),
                    charge_words(rule),
                    r.at.display(s.map),
                    r.mf
                ),
                None => format!(
                    "{id} moves toward {} ({} MF), nearer what its side plays for",
                    r.at.display(s.map),
                    r.mf
                ),
            },
        });
    }
}

/// Why a charging unit goes where it goes, by the rule `charge_target` names.
fn charge_words(rule: &str) -> &'static str {
    match rule {
        "A15.43" | "E1.533" => {
            "berserk, it charges the nearest Known enemy unit it can: A15.43, not from the seeds"
        }
        "G1.423" => "a T-H Hero's own Banzai Charge at his Designated Target: G1.423",
        _ => "its Banzai Charge: G1.5",
    }
}

/// A side holding out moves a unit only to safety: a unit not in a cave, with a Known enemy
/// within three hexes, goes into a cave it reaches (G11.7: hidden there if unseen, G11.75), or
/// to better cover.
fn withdraw(
    s: &Situation,
    u: &UnitAt,
    field: &[crate::rules::moves::Reach],
    w: &Weights,
    out: &mut Vec<Choice>,
) {
    let id = u.unit.id.as_str();
    if matches!(u.at, Location::Cave(_) | Location::Complex(_)) {
        return;
    }
    let Some(from) = s.hex_of(&u.at) else { return };
    let near = |range: u32| {
        s.units.iter().any(|o| {
            o.unit.side() != u.unit.side()
                && !o.hidden
                && s.hex_of(&o.at).is_some_and(|h| h.distance(from) <= range)
        })
    };
    let threatened = near(w.withdraw.threat_range);
    if !threatened {
        return;
    }
    let here = tem(s, &u.at);
    let best = field
        .iter()
        .filter(|r| !r.climb && r.path.len() >= 2)
        .filter(|r| {
            // Never through, into or next to a Known enemy (a cave at the end is safe).
            r.path.iter().skip(1).all(|l| {
                matches!(l, Location::Cave(_))
                    || s.hex_of(l).is_some_and(|h| {
                        !s.units.iter().any(|o| {
                            o.unit.side() != u.unit.side()
                                && !o.hidden
                                && s.hex_of(&o.at).is_some_and(|e| e.distance(h) <= 1)
                        })
                    })
            })
        })
        .map(|r| (tem(s, &r.at) - here, r))
        .filter(|(gain, _)| *gain >= 1)
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.mf.total_cmp(&a.1.mf)));
    if let Some((gain, r)) = best {
        out.push(Choice {
            order: step_order(id, &u.at, &r.path[1]),
            score: w.withdraw.score + w.withdraw.per_tem * gain as f32,
            reason: format!(
                "{id} withdraws to {} (TEM {:+} better), a Known enemy being near: its side holds out",
                r.at.display(s.map),
                gain
            ),
        });
    }
}

/// G1.5: a Banzai Charge's odds: the charging units' FP at least 1.5 times the FP at the
/// target, within four hexes, for a side that plays to win by its own conditions; the score
/// then.
fn banzai_odds(
    s: &Situation,
    units: &[UnitId],
    to: &Location,
    attacks: bool,
    w: &Weights,
) -> Option<f32> {
    let ours: f32 = units
        .iter()
        .filter_map(|x| s.unit(x))
        .map(|u| attack_fp(s.tables, &u.unit))
        .sum();
    let theirs: f32 = s
        .units_at(to)
        .iter()
        .filter(|o| !units.iter().any(|x| x.as_ref() == o.unit.id))
        .map(|o| defence_fp(s.tables, &o.unit))
        .sum();
    let first = s.unit(units.first()?)?;
    let near = s
        .hex_of(&first.at)
        .zip(s.hex_of(to))
        .is_some_and(|(a, b)| a.distance(b) <= w.banzai.range);
    // A side holding out does not charge (its every squad lost counts).
    (attacks && near && theirs > 0.0 && ours >= w.banzai.odds * theirs).then_some(w.banzai.score)
}

/// A hex where hidden caves or units may be: one at the top of a cliff hexside (a cave's hex,
/// G11.1), or Concealment Terrain, within two hexes of what the side plays for (G11.33: a
/// Search reveals the caves in a hex).
fn suspect(s: &Situation, h: Hex, goals: &[Hex], w: &Weights) -> bool {
    let level = |x: Hex| s.map.get(x).map_or(0, |d| d.level);
    let cliff = h.neighbors().iter().any(|n| {
        crate::hex::Hexside::between(h, *n).is_some_and(|side| s.map.is_cliff(side))
            && level(h) > level(*n)
    });
    let cover = s.map.get(h).is_some_and(|d| d.terrain.info().concealment);
    (cliff || cover) && distance_to(h, goals) <= w.search.range
}

/// A unit's APh candidates: an advance into an enemy Location where its CC odds are good (the
/// Japanese accept even odds, their CC being Hand-to-Hand, G1.64), or one Location nearer
/// what its side plays for.
fn advance_candidates(s: &Situation, u: &UnitAt, plan: &Plan, out: &mut Vec<Choice>) {
    let a = &plan.w.advance;
    let goals = plan.goals.as_slice();
    let id = u.unit.id.as_str();
    let Ok(field) = field_of_movement(s, id) else {
        return;
    };
    let Some(from) = s.hex_of(&u.at) else { return };
    for r in field.iter().filter(|r| !r.climb && r.path.len() == 2) {
        let order = step_order(id, &u.at, &r.at);
        let enemy = s
            .units_at(&r.at)
            .iter()
            .any(|o| o.unit.side() != u.unit.side());
        if enemy {
            if let Some(odds) = cc_odds(s, u, &r.at) {
                // A side holding out risks no CC it need not (its every squad lost counts).
                if odds >= a.cc_odds_needed(u.unit.side(), plan.attacks) {
                    // The odds it joins, and its stack's, told apart where they differ (the
                    // decision is on the stack's: its stack-mates may follow it).
                    let now = joined_odds(s, u, &r.at).unwrap_or(odds);
                    let stack = if odds - now >= 0.05 {
                        format!(
                            " ({odds:.1} to 1 with the rest of its stack in {})",
                            u.at.display(s.map)
                        )
                    } else {
                        String::new()
                    };
                    out.push(Choice {
                        order,
                        score: a.into_cc,
                        reason: format!(
                            "{id} advances into {} for Close Combat at {now:.1} to 1{stack} (A11)",
                            r.at.display(s.map)
                        ),
                    });
                }
            }
            continue;
        }
        if (u.hidden && u.unit.side() == Side::Japanese) || !plan.attacks {
            continue;
        }
        let Some(h) = s.hex_of(&r.at) else { continue };
        let gain = distance_to(from, goals) as f32 - distance_to(h, goals) as f32;
        if gain >= a.least_gain {
            out.push(Choice {
                order,
                score: a.per_hex_nearer * gain,
                reason: format!("{id} advances to {}, nearer its goal", r.at.display(s.map)),
            });
        }
    }
}

/// A11: the CC attack FP of `side`'s Good Order units in `from` over the defence FP of the
/// enemy's units in `at` (a SMC counting 1), as the CC ruling counts them; `None` with no
/// defender there.
fn odds_vs(s: &Situation, side: Side, from: &Location, at: &Location, extra: f32) -> Option<f32> {
    let ours: f32 = s
        .units_at(from)
        .iter()
        .filter(|o| o.unit.side() == side && o.unit.good_order())
        .map(|o| attack_fp(s.tables, &o.unit))
        .sum();
    let theirs: f32 = s
        .units_at(at)
        .iter()
        .filter(|o| o.unit.side() != side)
        .map(|o| defence_fp(s.tables, &o.unit))
        .sum();
    (theirs > 0.0).then(|| (ours + extra) / theirs)
}

/// A11: the odds `u` would attack the units in `at` at once there, with the Good Order units
/// of its side already there.
fn joined_odds(s: &Situation, u: &UnitAt, at: &Location) -> Option<f32> {
    odds_vs(s, u.unit.side(), at, at, attack_fp(s.tables, &u.unit))
}

/// A11: the odds `u` and its Location's Good Order units would attack the units in `at` at,
/// advancing together. What the advance into CC is decided on (its stack-mates may follow it).
fn cc_odds(s: &Situation, u: &UnitAt, at: &Location) -> Option<f32> {
    odds_vs(s, u.unit.side(), &u.at, at, 0.0)
}
