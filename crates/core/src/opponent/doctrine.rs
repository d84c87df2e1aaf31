//! The candidate orders of one side at one moment, each with a score and the reason in a
//! sentence (the RCA model of Battle for Wesnoth's AI: every candidate evaluated, the best run,
//! all evaluated again). Candidates come from the rules (`legal_orders`, `field_of_movement`,
//! `rout`), judged allowed on the side's own view (`view::known_state`); they are weighed with
//! the same rulings the game uses (the Fire plan's IFT column and DRM, `value::fire_worth`;
//! the MF of each move; terrain TEM) and with doctrine from the seeds: Japanese stay hidden in
//! caves and jungle until a shot is worth revealing them (G11.75, G1.6, G1.63), rout into caves
//! (G11.77), Banzai when the odds favour it (G1.5), create a DC Hero against a target in reach
//! (G1.421-G1.424); the Allies Search for the hidden caves (G11.33), attack caves with DCs
//! (G11.833) and light the enemy with Starshells at night (E1.92); an attacking unit screens
//! open ground a Known enemy overlooks with SMOKE or WP grenades before it steps in (`smoke`). A score above zero is worth
//! doing.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::moves::field_of_movement;
use crate::rules::orders::close_combat::{attack_fp, defence_fp};
use crate::rules::orders::fire::fire as fire_plan;
use crate::rules::orders::legal::ids;
use crate::rules::orders::{Order, UnitId, is_leader, legal_orders};
use crate::rules::situation::{Situation, UnitAt};
use crate::rules::victory::VictoryCondition;

use super::value::fire_worth;
use super::{Choice, Moment};

/// Whether `side` plays to win by conditions of its own (Control, Casualty VP), rather than
/// by holding out ("the other side wins otherwise", A26): a side that holds out keeps its units
/// where they are safe.
pub fn attacks(victory: &[VictoryCondition], side: Side) -> bool {
    victory.is_empty()
        || victory.iter().any(|c| {
            matches!(c, VictoryCondition::Control { side: s, .. }
                | VictoryCondition::CasualtyVp { side: s, .. } if *s == side)
        })
}

/// The hexes a side plays for: the Locations the Control conditions name (a cave by its
/// Entrance Hex, where a unit ADJACENT to it stands, G11.94), which it must take or deny; the
/// Known enemy units outside caves when it wins by Casualty VP (A26.2); with none, every Known
/// enemy unit's hex.
pub fn objectives(s: &Situation, victory: &[VictoryCondition], side: Side) -> Vec<Hex> {
    let mut v: Vec<Hex> = Vec::new();
    let known_enemy_hexes = || {
        s.units
            .iter()
            .filter(|u| u.unit.side() != side && !u.hidden)
            .filter(|u| !matches!(u.at, Location::Cave(_) | Location::Complex(_)))
            .filter_map(|u| s.hex_of(&u.at))
            .collect::<Vec<Hex>>()
    };
    // Casualty VP first: Known enemy units in the open are the quarry, the Locations after.
    let hunts = victory
        .iter()
        .any(|c| matches!(c, VictoryCondition::CasualtyVp { side: who, .. } if *who == side));
    if hunts {
        v.extend(known_enemy_hexes());
        if !v.is_empty() {
            v.sort();
            v.dedup();
            return v;
        }
    }
    for c in victory {
        match c {
            VictoryCondition::Control { locations, .. } => {
                for l in locations {
                    let h = match l {
                        Location::Cave(id) => s.caves.cave(id).map(|c| c.entrance),
                        other => s.hex_of(other),
                    };
                    v.extend(h);
                }
            }
            VictoryCondition::CasualtyVp { side: who, .. } if *who == side => {
                v.extend(known_enemy_hexes());
            }
            _ => {}
        }
    }
    if v.is_empty() {
        v = s
            .units
            .iter()
            .filter(|u| u.unit.side() != side && !u.hidden)
            .filter_map(|u| s.hex_of(&u.at))
            .collect();
    }
    v.sort();
    v.dedup();
    v
}

/// The hexes from `h` to the nearest of `to` (none: 0).
fn distance_to(h: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|t| t.distance(h)).min().unwrap_or(0)
}

/// The terrain TEM of a Location's hex (a cave's +4, G11.8).
fn tem(s: &Situation, at: &Location) -> i32 {
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

/// Every candidate of `side` now, scored (`doctrine`), or every allowed one at score 1
/// (`random`: a baseline).
pub fn candidates(
    s: &Situation,
    victory: &[VictoryCondition],
    side: Side,
    moment: &Moment,
    random: bool,
    searched: &[Hex],
) -> Vec<Choice> {
    let mut out = Vec::new();
    let attacker = s.turn.attacker;
    if let Moment::Phase = moment
        && !acts(s.phase, side, attacker)
    {
        return out;
    }
    let plan = Plan {
        goals: objectives(s, victory, side),
        attacks: attacks(victory, side),
        searched,
        random,
    };
    let mine: Vec<&UnitAt> = s.units.iter().filter(|u| u.unit.side() == side).collect();
    for u in &mine {
        unit_candidates(s, u, &plan, moment, &mut out);
    }
    out.retain(|c| c.score > 0.0);
    // The same candidate from two units (a CC, a Fire Group) once.
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
    random: bool,
}

/// One unit's candidates.
fn unit_candidates(s: &Situation, u: &UnitAt, plan: &Plan, moment: &Moment, out: &mut Vec<Choice>) {
    let random = plan.random;
    let id = u.unit.id.as_str();
    let phase = s.phase;
    let legal: Vec<Order> = legal_orders(s, id, None)
        .into_iter()
        .filter(|(_, ok)| ok.is_ok())
        .map(|(o, _)| o)
        .collect();
    if let Moment::FirstFireAt(at) = moment {
        for o in fire_orders(s, u, &legal) {
            if matches!(&o, Order::Fire { at: t, .. } if t == at) {
                out.extend(fire_choice(s, u, o, 0.1, random));
            }
        }
        return;
    }
    match phase {
        Phase::Rally => {
            for o in legal.iter().filter(|o| matches!(o, Order::Rally { .. })) {
                // A10.6 / A10.61: worth it when it likely rallies; an Original 12 is a Casualty
                // Reduction, which a side holding out weighs more.
                let Ok(r) = crate::rules::orders::rally::rally(s, id) else {
                    continue;
                };
                let drm: i32 = r.drm.iter().map(|d| d.value).sum();
                let p = 1.0 - super::value::mc_fails(r.level.value, drm);
                let needed = if plan.attacks { 0.1 } else { 0.25 };
                if random || p >= needed {
                    out.push(choice(
                        o,
                        3.0 * p,
                        format!("{id} tries to rally: {:.0} % to rally (A10.6)", 100.0 * p),
                        random,
                    ));
                }
            }
        }
        Phase::PrepFire | Phase::DefensiveFire | Phase::AdvancingFire => {
            let threshold = match phase {
                Phase::PrepFire => 0.1,
                _ => 0.1,
            };
            // A side holding out fires only where it is worth drawing fire back.
            let threshold = threshold + if plan.attacks { 0.0 } else { 0.15 };
            for o in fire_orders(s, u, &legal) {
                out.extend(fire_choice(s, u, o, threshold, random));
            }
            out.extend(starshells(s, u, &legal, random));
            for o in legal.iter().filter(|o| matches!(o, Order::ThrowDc { .. })) {
                out.push(choice(
                    o,
                    2.5,
                    format!("{id} Throws its DC into the cave next to it (G11.833)"),
                    random,
                ));
            }
        }
        Phase::Movement => movement_candidates(s, u, plan, &legal, out),
        Phase::Rout => {
            // A broken unit routs when it must (A10.5); one that need not stays to rally.
            let must =
                crate::rules::orders::rout::rout_destinations(s, id).is_ok_and(|p| p.must.holds);
            if !must && !random {
                return;
            }
            for o in legal.iter().filter(|o| matches!(o, Order::Rout { .. })) {
                let Order::Rout { to, .. } = o else { continue };
                let cave = matches!(to, Location::Cave(_));
                let score = 3.0 + if cave { 0.5 } else { 0.0 } + 0.05 * tem(s, to) as f32;
                let why = if cave {
                    format!("{id} routs into {} (G11.77)", to.display(s.map))
                } else {
                    format!("{id} routs to cover in {} (A10.5)", to.display(s.map))
                };
                out.push(choice(o, score, why, random));
            }
        }
        Phase::Advance => advance_candidates(s, u, plan, out),
        Phase::CloseCombat => {
            for o in legal
                .iter()
                .filter(|o| matches!(o, Order::CloseCombat { .. }))
            {
                out.push(choice(
                    o,
                    3.0,
                    format!("Close Combat where {id} meets the enemy (A11)"),
                    random,
                ));
            }
        }
        Phase::Setup => {}
    }
}

/// A candidate with its score (a random opponent's: 1, every allowed order alike).
fn choice(o: &Order, score: f32, reason: String, random: bool) -> Choice {
    Choice {
        order: o.clone(),
        score: if random { 1.0 } else { score },
        reason,
    }
}

/// The Fire orders worth weighing for `u`: alone at each target, and with the Good Order units
/// of its Location that have not fired (a leader among them directing, A7.53).
fn fire_orders(s: &Situation, u: &UnitAt, legal: &[Order]) -> Vec<Order> {
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
fn starshells(s: &Situation, u: &UnitAt, legal: &[Order], random: bool) -> Vec<Choice> {
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
            (random || (s.night() && enemy_there && !s.lit_hexes.contains(at))).then(|| {
                choice(
                    o,
                    0.5,
                    format!(
                        "{id} fires a Starshell over {} to light the enemy there (E1.92)",
                        s.map.name(*at)
                    ),
                    random,
                )
            })
        })
        .collect()
}

/// A Fire worth making: its expected worth (`value::fire_worth`) above `threshold`; a hidden or
/// "?" firer (one whose fire could reveal it, A12.15) fires only at a target within two hexes
/// and worth half a unit at least (G11.75, G1.63: the Japanese keep HIP until a shot is worth it).
fn fire_choice(
    s: &Situation,
    u: &UnitAt,
    o: Order,
    threshold: f32,
    random: bool,
) -> Option<Choice> {
    let Order::Fire { units, at } = &o else {
        return None;
    };
    let plan = fire_plan(s, &ids(units), at).ok()?;
    let worth = fire_worth(s, &plan);
    let names: Vec<&str> = units.iter().map(|x| x.as_ref()).collect();
    if random {
        return Some(choice(
            &o,
            1.0,
            format!("{} fire at {}", names.join(", "), plan.target_name),
            true,
        ));
    }
    let veiled = units
        .iter()
        .filter_map(|x| s.unit(x))
        .any(|f| f.hidden || f.concealed);
    let near = s
        .hex_of(&u.at)
        .zip(s.hex_of(at))
        .is_some_and(|(a, b)| a.distance(b) <= 2);
    if veiled && !(near && worth >= 0.5) {
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
    let random = plan.random;
    let goals = plan.goals.as_slice();
    let id = u.unit.id.as_str();
    for o in legal {
        match o {
            Order::PlaceDc { cave, .. } | Order::SetDc { cave, .. } => out.push(choice(
                o,
                2.5,
                format!("{id} puts its DC into cave {cave} (G11.833)"),
                random,
            )),
            Order::Banzai { units, to } => {
                let odds = banzai_odds(s, units, to, plan.attacks);
                if let Some(score) = odds.or(random.then_some(1.0)) {
                    out.push(choice(
                        o,
                        score,
                        format!(
                            "{id} leads a Banzai Charge at {}: the odds favour it (G1.5)",
                            to.display(s.map)
                        ),
                        random,
                    ));
                }
            }
            Order::Search { hex, .. } if u.unit.side() == Side::Allied || random => {
                let fresh = !plan.searched.contains(hex) && suspect(s, *hex, goals);
                if random || (fresh && u.unit.mf_spent == 0.0) {
                    out.push(choice(
                        o,
                        0.2,
                        format!(
                            "{id} Searches {} for hidden caves and units (G11.33)",
                            s.map.name(*hex)
                        ),
                        random,
                    ));
                }
            }
            // G1.421-G1.424: a DC Hero against a Designated Target in reach.
            Order::CreateHero { target, .. } => out.push(choice(
                o,
                0.9,
                format!("{id} tries to create a T-H Hero with its DC against {target} (G1.421)"),
                random,
            )),
            _ => {}
        }
    }
    let Ok(field) = field_of_movement(s, id) else {
        return;
    };
    if random {
        for r in field.iter().filter(|r| !r.climb && r.path.len() == 2) {
            out.push(choice(
                &step_order(id, &u.at, &r.at),
                1.0,
                format!("{id} moves to {}", r.at.display(s.map)),
                true,
            ));
        }
        return;
    }
    // G11.75 / G1.6: a hidden Japanese unit stays hidden.
    if u.hidden && u.unit.side() == Side::Japanese {
        return;
    }
    let Some(from) = s.hex_of(&u.at) else { return };
    // After a Banzai Charge declared, its target is where the unit goes (G1.5).
    let charge: Vec<Hex> = u.unit.banzai.iter().filter_map(|t| s.hex_of(t)).collect();
    let goals = if charge.is_empty() {
        goals
    } else {
        charge.as_slice()
    };
    if !plan.attacks && charge.is_empty() {
        withdraw(s, u, &field, out);
        return;
    }
    let d0 = distance_to(from, goals);
    let best = field
        .iter()
        .filter(|r| !r.climb && r.path.len() >= 2)
        .filter_map(|r| {
            let h = s.hex_of(&r.at)?;
            let gain = d0 as f32 - distance_to(h, goals) as f32;
            let score = 0.3 * gain + 0.04 * (tem(s, &r.at) - tem(s, &u.at)) as f32 - 0.01 * r.mf;
            Some((score, r))
        })
        .filter(|(score, _)| *score > 0.05)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((score, r)) = best {
        // A24.1: SMOKE or WP before open ground a Known enemy overlooks.
        out.extend(super::smoke::before_open_ground(s, u, &r.path[1], score));
        out.push(Choice {
            order: step_order(id, &u.at, &r.path[1]),
            score,
            reason: format!(
                "{id} moves toward {} ({} MF), nearer what its side plays for",
                r.at.display(s.map),
                r.mf
            ),
        });
    }
}

/// A side holding out moves a unit only to safety: a unit not in a cave, with a Known enemy
/// within three hexes, goes into a cave it reaches (G11.7: hidden there if unseen, G11.75), or
/// to better cover.
fn withdraw(
    s: &Situation,
    u: &UnitAt,
    field: &[crate::rules::moves::Reach],
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
    let threatened = near(3);
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
            score: 0.4 + 0.05 * gain as f32,
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
fn banzai_odds(s: &Situation, units: &[UnitId], to: &Location, attacks: bool) -> Option<f32> {
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
        .is_some_and(|(a, b)| a.distance(b) <= 4);
    // A side holding out does not charge (its every squad lost counts).
    (attacks && near && theirs > 0.0 && ours >= 1.5 * theirs).then_some(1.2)
}

/// A hex where hidden caves or units may be: one at the top of a cliff hexside (a cave's hex,
/// G11.1), or Concealment Terrain, within two hexes of what the side plays for (G11.33: a
/// Search reveals the caves in a hex).
fn suspect(s: &Situation, h: Hex, goals: &[Hex]) -> bool {
    let level = |x: Hex| s.map.get(x).map_or(0, |d| d.level);
    let cliff = h.neighbors().iter().any(|n| {
        crate::hex::Hexside::between(h, *n).is_some_and(|side| s.map.is_cliff(side))
            && level(h) > level(*n)
    });
    let cover = s.map.get(h).is_some_and(|d| d.terrain.info().concealment);
    (cliff || cover) && distance_to(h, goals) <= 2
}

/// A unit's APh candidates: an advance into an enemy Location where its CC odds are good (the
/// Japanese accept even odds, their CC being Hand-to-Hand, G1.64), or one Location nearer
/// what its side plays for.
fn advance_candidates(s: &Situation, u: &UnitAt, plan: &Plan, out: &mut Vec<Choice>) {
    let random = plan.random;
    let goals = plan.goals.as_slice();
    let id = u.unit.id.as_str();
    let Ok(field) = field_of_movement(s, id) else {
        return;
    };
    let Some(from) = s.hex_of(&u.at) else { return };
    for r in field.iter().filter(|r| !r.climb && r.path.len() == 2) {
        let order = step_order(id, &u.at, &r.at);
        if random {
            out.push(choice(
                &order,
                1.0,
                format!("{id} advances to {}", r.at.display(s.map)),
                true,
            ));
            continue;
        }
        let enemy = s
            .units_at(&r.at)
            .iter()
            .any(|o| o.unit.side() != u.unit.side());
        if enemy {
            if let Some(odds) = cc_odds(s, u, &r.at) {
                // A side holding out risks no CC it need not (its every squad lost counts).
                let needed = if !plan.attacks {
                    4.0
                } else if u.unit.side() == Side::Japanese {
                    1.0
                } else {
                    1.5
                };
                if odds >= needed {
                    out.push(Choice {
                        order,
                        score: 0.8,
                        reason: format!(
                            "{id} advances into {} for Close Combat at {odds:.1} to 1 (A11)",
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
        if gain >= 1.0 {
            out.push(Choice {
                order,
                score: 0.2 * gain,
                reason: format!("{id} advances to {}, nearer its goal", r.at.display(s.map)),
            });
        }
    }
}

/// A11: the odds `u` and its Location's Good Order units would attack the units in `at` at:
/// attack FP over defence FP (a SMC counting 1), as the CC ruling counts them.
fn cc_odds(s: &Situation, u: &UnitAt, at: &Location) -> Option<f32> {
    let ours: f32 = s
        .units_at(&u.at)
        .iter()
        .filter(|o| o.unit.side() == u.unit.side() && o.unit.good_order())
        .map(|o| attack_fp(s.tables, &o.unit))
        .sum();
    let theirs: f32 = s
        .units_at(at)
        .iter()
        .filter(|o| o.unit.side() != u.unit.side())
        .map(|o| defence_fp(s.tables, &o.unit))
        .sum();
    (theirs > 0.0).then(|| ours / theirs)
}
