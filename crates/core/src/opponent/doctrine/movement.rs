//! The doctrine's moves (A4) and advances (A4.7): each unit's best destinations by the greedy
//! kind's score (hexes nearer what its side plays for, TEM, MF), each then charged the enemy's
//! best reply to the position it leaves (`reply`: the fire it draws where it ends, the stack it
//! joins), the best kept if still worth it; no leader alone near a Known enemy or at night
//! (a SMC with no MMC of its side where it ends), no CC risked once the game is won.

use crate::hex::Hex;
use crate::los::Location;
use crate::rules::moves::{Reach, field_of_movement};
use crate::rules::orders::{Order, is_leader, mmc};
use crate::rules::situation::UnitAt;

use super::Ctx;
use super::goals::{goal_name, value};
use super::reply::{Blow, morale};
use crate::opponent::choice::Choice;
use crate::opponent::greedy::{distance_to, step_order, tem};

/// The reply in words: "jp3 would fire there: 18 % to break, reduce or eliminate us1", or that
/// no Known enemy can.
fn reply_words(ctx: &Ctx, id: &str, worst: &Option<Blow>) -> String {
    match worst {
        Some(b) => {
            let ml = ctx.s.unit(id).map_or(7, morale);
            format!(
                "{} would fire there: {:.0} % to break, reduce or eliminate {id}",
                b.by,
                100.0 * b.shot.harm_chance(ml)
            )
        }
        None => "no Known enemy could fire there".into(),
    }
}

/// Whether `u` would be a leader alone where it ends: no Good Order MMC of its side in its
/// Location, and a Known enemy within `lone_leader_range` hexes of it, or at night no such MMC
/// in the next hex either (E1: no lone leader into the unknown).
fn lone_leader(ctx: &Ctx, u: &UnitAt, at: &Location) -> bool {
    if !is_leader(&u.unit) || escorted(ctx, u, at) {
        return false;
    }
    let Some(h) = ctx.s.hex_of(at) else {
        return false;
    };
    let enemy_near = ctx.s.units.iter().any(|e| {
        e.unit.side() != ctx.side
            && ctx
                .s
                .hex_of(&e.at)
                .is_some_and(|x| x.distance(h) <= ctx.w.lone_leader_range)
    });
    let company_near = ctx.s.units.iter().any(|o| {
        o.unit.side() == ctx.side
            && o.unit.id != u.unit.id
            && o.unit.good_order()
            && mmc(&o.unit).is_some()
            && ctx.s.hex_of(&o.at).is_some_and(|x| x.distance(h) <= 1)
    });
    enemy_near || (ctx.s.night() && !company_near)
}

/// A11.14 / A4.7: a leader advances into an adjacent Location where an MMC of his side is
/// already in Close Combat with the enemy, to lend it his leadership (the greedy kind only
/// counts the odds of the leader's own Location).
pub fn leader_joins_cc(ctx: &Ctx, u: &UnitAt) -> Option<Choice> {
    if !is_leader(&u.unit) || !u.unit.good_order() {
        return None;
    }
    let field = field_of_movement(ctx.s, &u.unit.id).ok()?;
    let r = field.iter().find(|r| {
        !r.climb
            && r.path.len() == 2
            && escorted(ctx, u, &r.at)
            && ctx
                .s
                .units_at(&r.at)
                .iter()
                .any(|o| o.unit.side() != ctx.side)
    })?;
    Some(Choice {
        order: step_order(&u.unit.id, &u.at, &r.at),
        score: ctx.gw.advance.into_cc,
        reason: format!(
            "{} advances into {} to lead his men's Close Combat there (A11.14)",
            u.unit.id,
            r.at.display(ctx.s.map)
        ),
    })
}

/// Whether a Good Order MMC of `u`'s side (other than `u`) is in `at`.
fn escorted(ctx: &Ctx, u: &UnitAt, at: &Location) -> bool {
    ctx.s.units_at(at).iter().any(|o| {
        o.unit.side() == ctx.side
            && o.unit.id != u.unit.id
            && o.unit.good_order()
            && mmc(&o.unit).is_some()
    })
}

/// The change in the position's expected loss with `id` at `at`, and the blow that takes most
/// from it there.
fn risk_at(ctx: &mut Ctx, id: &str, at: &Location) -> (f32, Option<Blow>) {
    let before = ctx.loss_now();
    let f = super::value_fn(ctx.s, ctx.w);
    let (after, worst) = ctx.reply.loss_with(id, at, &f);
    (after - before, worst)
}

/// What ending next to a Known enemy opens (A11, A4.7: an APh advance into Close Combat):
/// `close_in` times the value of the enemy units in an adjacent Location outside caves that its
/// MMC could attack at the odds it advances at (its own attack FP against theirs).
fn close_in(ctx: &Ctx, u: &UnitAt, at: &Location) -> f32 {
    let s = ctx.s;
    let Some(mine) = mmc(&u.unit) else { return 0.0 };
    let Some(h) = s.hex_of(at) else { return 0.0 };
    if matches!(at, Location::Cave(_) | Location::Complex(_)) {
        return 0.0;
    }
    let fp = f32::from(mine.fp);
    let mut best: f32 = 0.0;
    let mut seen: Vec<&Location> = Vec::new();
    for e in s
        .units
        .iter()
        .filter(|e| e.unit.side() != ctx.side && !e.hidden)
    {
        if matches!(e.at, Location::Cave(_) | Location::Complex(_)) || seen.contains(&&e.at) {
            continue;
        }
        if s.hex_of(&e.at).is_none_or(|x| x.distance(h) != 1) {
            continue;
        }
        seen.push(&e.at);
        let there: Vec<&UnitAt> = s
            .units_at(&e.at)
            .into_iter()
            .filter(|o| o.unit.side() != ctx.side)
            .collect();
        let theirs: f32 = there
            .iter()
            .map(|o| mmc(&o.unit).map_or(1.0, |c| f32::from(c.fp)))
            .sum();
        if theirs > 0.0 && fp >= ctx.gw.advance.cc_odds * theirs {
            let v: f32 = there.iter().map(|o| value(s, o, ctx.w)).sum();
            best = best.max(v);
        }
    }
    ctx.w.close_in * best
}

/// A unit's MPh move: the best of its `routes` best destinations after the reply each draws.
pub fn move_choice(ctx: &mut Ctx, u: &UnitAt, goals: &[Hex], out: &mut Vec<Choice>) {
    let s = ctx.s;
    let m = &ctx.gw.movement;
    let id = u.unit.id.as_str();
    let Ok(field) = field_of_movement(s, id) else {
        return;
    };
    let Some(from) = s.hex_of(&u.at) else { return };
    let d0 = distance_to(from, goals);
    let leader = is_leader(&u.unit);
    let mut declined: Option<String> = None;
    let mut scored: Vec<(f32, &Reach)> = Vec::new();
    for r in field.iter().filter(|r| !r.climb && r.path.len() >= 2) {
        let Some(h) = s.hex_of(&r.at) else { continue };
        let gain = d0 as f32 - distance_to(h, goals) as f32;
        let mut score = m.per_hex_nearer * gain
            + m.per_tem * (tem(s, &r.at) - tem(s, &u.at)) as f32
            - m.per_mf * r.mf;
        if leader {
            // A leader goes with his men: joining a Good Order MMC of his side is worth a
            // hex of progress (A10.7, A7.53: he rallies and directs only where they are).
            if lone_leader(ctx, u, &r.at) {
                declined.get_or_insert_with(|| {
                    format!(
                        "it declined {}: a leader goes nowhere alone {}",
                        r.at.display(s.map),
                        if s.night() {
                            "at night"
                        } else {
                            "near a Known enemy"
                        }
                    )
                });
                continue;
            }
            if escorted(ctx, u, &r.at) && !escorted(ctx, u, &u.at) {
                score += m.per_hex_nearer;
            }
        }
        if score > m.least {
            scored.push((score, r));
        }
    }
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| format!("{:?}", a.1.at).cmp(&format!("{:?}", b.1.at)))
    });
    scored.truncate(ctx.w.routes);
    let mut best: Option<(f32, &Reach, Option<Blow>)> = None;
    for (base, r) in scored {
        let (risk, worst) = risk_at(ctx, id, &r.at);
        let step = if r.path.len() > 2 {
            risk_at(ctx, id, &r.path[1]).0.max(0.0) * 0.5
        } else {
            0.0
        };
        let score = base - ctx.risk * (risk + step) + close_in(ctx, u, &r.at);
        if best.as_ref().is_none_or(|b| score > b.0) {
            if let Some((_, prev, prev_worst)) = &best
                && declined.is_none()
            {
                declined = Some(format!(
                    "it declined {} ({})",
                    prev.at.display(s.map),
                    reply_words(ctx, id, prev_worst)
                ));
            }
            best = Some((score, r, worst));
        } else if declined.is_none() {
            declined = Some(format!(
                "it declined {} ({})",
                r.at.display(s.map),
                reply_words(ctx, id, &worst)
            ));
        }
    }
    let Some((score, r, worst)) = best else {
        return;
    };
    if score <= m.least {
        return;
    }
    out.extend(crate::opponent::smoke::before_open_ground(
        s, u, &r.path[1], score, ctx.gw,
    ));
    let goal = s
        .hex_of(&r.at)
        .map(|h| goal_name(s, ctx.posture, ctx.side, goals, h))
        .unwrap_or_default();
    let mut reason = format!(
        "{id} moves toward {goal}: to {} ({} MF); {}",
        r.at.display(s.map),
        r.mf,
        reply_words(ctx, id, &worst)
    );
    if let Some(d) = declined {
        reason.push_str("; ");
        reason.push_str(&d);
    }
    out.push(Choice {
        order: step_order(id, &u.at, &r.path[1]),
        score,
        reason,
    });
}

/// The Location a move-like order takes its unit to (an APh advance).
fn destination(o: &Order) -> Option<Location> {
    match o {
        Order::Move { to, .. } | Order::ExitCave { to, .. } => Some(to.clone()),
        Order::EnterCave { cave, .. } => Some(Location::Cave(cave.as_ref().to_string())),
        _ => None,
    }
}

/// An APh advance (the greedy kind's) weighed: no CC once the game is won, no lone leader, an
/// advance that is not into CC charged the reply it draws.
pub fn advance_choice(ctx: &mut Ctx, c: Choice) -> Option<Choice> {
    let Some(to) = destination(&c.order) else {
        return Some(c);
    };
    let id = c.order.unit()?.as_ref().to_string();
    let u = ctx.s.unit(&id)?.clone();
    if lone_leader(ctx, &u, &to) {
        return None;
    }
    let enemy = ctx
        .s
        .units_at(&to)
        .iter()
        .any(|o| o.unit.side() != ctx.side);
    if enemy {
        return (!ctx.stakes.won).then_some(c);
    }
    let (risk, worst) = risk_at(ctx, &id, &to);
    let score = c.score - ctx.risk * risk;
    (score > 0.0).then(|| Choice {
        reason: format!("{}; {}", c.reason, reply_words(ctx, &id, &worst)),
        score,
        order: c.order,
    })
}

/// Whether `o` is a move the doctrine makes itself in the MPh (a step, or grenades before one).
pub fn replaced_in_movement(o: &Order) -> bool {
    matches!(
        o,
        Order::Move { .. }
            | Order::EnterCave { .. }
            | Order::ExitCave { .. }
            | Order::PlaceSmoke { .. }
            | Order::PlaceWp { .. }
    )
}
