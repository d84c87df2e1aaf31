//! The greedy kind's MPh and APh candidates (A4, A4.7): a step toward what its side plays for
//! (a DC placed, a Banzai Charge, a Search, a DC Hero on the way), a withdrawal to cover for a
//! side holding out, and an advance into Close Combat at its odds (A11) or nearer its goal.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::moves::field_of_movement;
use crate::rules::orders::close_combat::{attack_fp, defence_fp};
use crate::rules::orders::{Order, UnitId};
use crate::rules::situation::{Situation, UnitAt};

use super::plan::{Plan, choice, distance_to, route_step_order, step_order, tem};
use super::reasons::{
    banzai_reason, charge_words, detonate_reason, hero_reason, place_dc_at_reason, place_dc_reason,
    search_reason,
};
use crate::opponent::choice::Choice;
use crate::opponent::weights::Weights;

/// A unit's MPh candidates: a DC into a cave, a Banzai Charge, a Search of a hex where caves
/// may hide, and its best move toward what its side plays for.
pub(super) fn movement_candidates(
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
        withdraw(s, u, &field, w, plan.assault, out);
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
        out.extend(crate::opponent::smoke::before_open_ground(
            s, u, &r.path[1], score, w,
        ));
        out.push(Choice {
            order: route_step_order(
                s,
                u,
                &r.path[1],
                r.path.len() == 2,
                plan.assault && charging.is_none(),
            ),
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

/// A side holding out moves a unit only to safety: a unit not in a cave, with a Known enemy
/// within three hexes, goes into a cave it reaches (G11.7: hidden there if unseen, G11.75), or
/// to better cover.
fn withdraw(
    s: &Situation,
    u: &UnitAt,
    field: &[crate::rules::moves::Reach],
    w: &Weights,
    assault: bool,
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
            order: route_step_order(s, u, &r.path[1], r.path.len() == 2, assault),
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
pub(super) fn advance_candidates(s: &Situation, u: &UnitAt, plan: &Plan, out: &mut Vec<Choice>) {
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
                if odds >= a.cc_odds_needed(u.unit.side(), plan.attacks, u.hidden) {
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
