//! The doctrine's steps (A4) and advances (A4.7): the greedy kind's next step toward what its
//! side plays for, or its APh advance, each charged the enemy's best reply to the position it
//! leaves (`reply`: the fire it draws where it ends, the stack it joins) and dropped when that
//! outweighs it; no step at all the enemy can fire at once the game is won; no leader alone
//! into an enemy Location or, at night, into the dark near the enemy; a leader advancing into
//! the Close Combat his men are in.

use crate::hex::Hex;
use crate::los::Location;
use crate::rules::moves::field_of_movement;
use crate::rules::orders::{Order, is_leader, mmc};
use crate::rules::situation::UnitAt;

use super::ctx::Ctx;
use super::goals::goal_name;
use super::reply::{Blow, morale};
use crate::opponent::choice::Choice;
use crate::opponent::greedy::step_order;

/// The reply in words: "jp3 would fire there: 18 % to break, reduce or eliminate us1", or that
/// no Known enemy would make it its best shot (each fires where its attack takes the most).
fn reply_words(ctx: &Ctx, id: &str, worst: &Option<Blow>) -> String {
    match worst {
        Some(b) => {
            let ml = ctx.s.unit(id).map_or(7, morale);
            format!(
                "{} would fire there: {:.0} % to break, reduce or eliminate {id}",
                crate::opponent::view::shown(&b.by),
                100.0 * b.shot.harm_chance(ml)
            )
        }
        None => "no Known enemy would make it its best shot".into(),
    }
}

/// Whether `u` would be a leader alone where it ends (no Good Order MMC of its side in its
/// Location) where no leader should go alone: into a Location an enemy holds (a Close Combat
/// he fights alone), or at night into a dark hex within `lone_leader_range` hexes of a Known
/// enemy with none of his men in the next hex (E1: no lone leader into the unknown).
fn lone_leader(ctx: &Ctx, u: &UnitAt, at: &Location) -> bool {
    if !is_leader(&u.unit) || escorted(ctx, u, at) {
        return false;
    }
    let Some(h) = ctx.s.hex_of(at) else {
        return false;
    };
    let enemy_there = ctx.s.units_at(at).iter().any(|e| e.unit.side() != ctx.side);
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
    let dark = ctx.s.night() && !ctx.s.lit(at);
    enemy_there || (dark && enemy_near && !company_near)
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
    let odds = super::melee::outlook(ctx, &u.unit.id, &r.at)
        .map(|o| format!(": {}", o.words()))
        .unwrap_or_default();
    Some(Choice {
        order: step_order(&u.unit.id, &u.at, &r.at),
        score: ctx.gw.advance.into_cc,
        reason: format!(
            "{} advances into {} to lead his men's Close Combat there (A11.14){odds}",
            u.unit.id,
            r.at.display(ctx.s.map),
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
/// from it there: in the side's MPh the greater of the enemy's Defensive First Fire at the
/// mover (A8.1; a unit marked First Fire fires its Subsequent First Fire, A8.3, one marked
/// Final Fire its FPF, A8.31, as the fire ruling allows) and its Final Fire at the position
/// the step leaves (A8.4: a unit marked First Fire only at an ADJACENT Location).
fn risk_at(ctx: &mut Ctx, id: &str, at: &Location, assault: bool) -> (f32, Option<Blow>) {
    let before = ctx.loss_now();
    let f = super::ctx::value_fn(ctx.s, ctx.w);
    let (after, worst) = ctx.reply.loss_with(id, at, assault, &f);
    let first = (after - before, worst);
    match ctx.final_fire() {
        Some((r, base)) => {
            let (after, worst) = r.loss_with(id, at, assault, &f);
            if after - base > first.0 {
                (after - base, worst)
            } else {
                first
            }
        }
        None => first,
    }
}

/// A unit's MPh step (the greedy kind's: one Location along its best route toward what its
/// side plays for) weighed: no leader alone where it ends; no step into an enemy Location (at
/// night, E1.31) at odds it would not advance at (`mph_cc_worth`); once the side's Casualty VP are won,
/// no step the enemy can fire at; else the step is charged the enemy's reply it draws there
/// (`risk_at`: the greater of the Defensive First Fire at it, FFNAM and FFMO included, and the
/// Final Fire at where the step leaves it, A8.4), and dropped when that outweighs it. The
/// reason names the goal and the reply.
pub fn weigh_step(ctx: &mut Ctx, c: Choice, goals: &[Hex]) -> Option<Choice> {
    let to = destination(&c.order)?;
    let id = c.order.unit()?.as_ref().to_string();
    let u = ctx.s.unit(&id)?.clone();
    if lone_leader(ctx, &u, &to) || !mph_cc_worth(ctx, &u, &to) {
        return None;
    }
    let assault = matches!(c.order, Order::AssaultMove { .. });
    let (risk, worst) = risk_at(ctx, &id, &to, assault);
    if ctx.stakes.won && risk > 0.01 {
        return None;
    }
    // A10.6 / A10.7: a leader leaving broken MMC of his side in his Location gives up their
    // rally with his leadership in the next RPh.
    let left = if is_leader(&u.unit) && u.unit.good_order() && to != u.at {
        ctx.s
            .units_at(&u.at)
            .iter()
            .filter(|o| o.unit.side() == ctx.side && o.unit.broken && mmc(&o.unit).is_some())
            .count()
    } else {
        0
    };
    let score = c.score - ctx.risk * risk.max(0.0) - ctx.w.leader_stays * left as f32;
    if score <= ctx.gw.movement.least {
        return None;
    }
    let s = ctx.s;
    let goal = s
        .hex_of(&to)
        .map(|h| goal_name(s, ctx.posture, ctx.side, goals, h))
        .unwrap_or_default();
    // The greedy kind's reason names its route: "us1 moves toward T4 (3 MF), ...".
    let route = c
        .reason
        .split_once(" moves toward ")
        .and_then(|(_, rest)| rest.split_once("), "))
        .map(|(r, _)| format!(" on its way to {r})"))
        .unwrap_or_default();
    Some(Choice {
        reason: format!(
            "{id} moves toward {goal}: to {}{route}; {}",
            to.display(s.map),
            reply_words(ctx, &id, &worst)
        ),
        score,
        order: c.order,
    })
}

/// The Location a move-like order takes its unit to (an APh advance).
fn destination(o: &Order) -> Option<Location> {
    match o {
        Order::Move { to, .. } | Order::AssaultMove { to, .. } | Order::ExitCave { to, .. } => {
            Some(to.clone())
        }
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
        if ctx.stakes.won || cc_manned(ctx, &to) {
            return None;
        }
        // A11 / G1.64: the CC it joins, with its chances in words.
        let words = super::melee::outlook(ctx, &id, &to).map(|o| o.words());
        return Some(Choice {
            reason: match words {
                Some(w) => format!("{}: {w}", c.reason),
                None => c.reason,
            },
            ..c
        });
    }
    let (risk, worst) = risk_at(ctx, &id, &to, false);
    let score = c.score - ctx.risk * risk;
    (score > 0.0).then(|| Choice {
        reason: format!("{}; {}", c.reason, reply_words(ctx, &id, &worst)),
        score,
        order: c.order,
    })
}

/// A11 / A12.14: whether its side starts the Close Combat at `at` (no CC happens where the
/// phasing side orders none): a side holding out only at the odds (its attack FP over the
/// enemy's defence FP, as the CC ruling counts them) it would advance into CC at, its hidden
/// units only at the odds of a side holding out (staying hidden is worth more than a poor
/// Hand-to-Hand, G1.64); none once its Casualty VP are won.
pub fn cc_worth(ctx: &Ctx, at: &Location) -> bool {
    if ctx.stakes.won {
        return false;
    }
    let (ours, theirs) = cc_strengths(ctx, at);
    if theirs <= 0.0 {
        return true;
    }
    let a = &ctx.gw.advance;
    let mut mine = ctx
        .s
        .units_at(at)
        .into_iter()
        .filter(|o| o.unit.side() == ctx.side)
        .peekable();
    let need = if mine.peek().is_some() && mine.all(|o| o.hidden) {
        a.cc_odds_holding
    } else if !ctx.stakes.attacks {
        a.cc_odds
    } else {
        0.0
    };
    ours >= need * theirs
}

/// A11 / E1.31: a step into a Location holding an enemy unit (at night Infantry may enter one in
/// the MPh) starts a Close Combat there as an advance does: it is taken only at the odds the
/// side advances at (`weights.advance`: its Good Order units there and `u`, CC attack FP over
/// the enemy's defence FP), never once the game is won. Any other step is worth weighing.
fn mph_cc_worth(ctx: &Ctx, u: &UnitAt, to: &Location) -> bool {
    use crate::rules::orders::close_combat::attack_fp;
    if !ctx.s.units_at(to).iter().any(|o| o.unit.side() != ctx.side) {
        return true;
    }
    if ctx.stakes.won || !u.unit.good_order() {
        return false;
    }
    let (ours, theirs) = cc_strengths(ctx, to);
    let need = ctx
        .gw
        .advance
        .cc_odds_needed(ctx.side, ctx.stakes.attacks, u.hidden);
    theirs <= 0.0 || ours + attack_fp(ctx.s.tables, &u.unit) >= need * theirs
}

/// A11: its Good Order units already advanced into the enemy Location `to` attack at odds of
/// at least `cc_enough` (their CC attack FP over the enemy's defence FP, as the CC ruling counts
/// them): another unit is not needed there.
fn cc_manned(ctx: &Ctx, to: &Location) -> bool {
    let (ours, theirs) = cc_strengths(ctx, to);
    theirs > 0.0 && ours >= ctx.w.cc_enough * theirs
}

/// A11: at `at`, the CC attack FP of `ctx.side`'s Good Order units and the defence FP of the
/// enemy's units, as the CC ruling counts them.
fn cc_strengths(ctx: &Ctx, at: &Location) -> (f32, f32) {
    use crate::rules::orders::close_combat::{attack_fp, defence_fp};
    let s = ctx.s;
    let (mut ours, mut theirs) = (0.0, 0.0);
    for o in s.units_at(at) {
        if o.unit.side() != ctx.side {
            theirs += defence_fp(s.tables, &o.unit);
        } else if o.unit.good_order() {
            ours += attack_fp(s.tables, &o.unit);
        }
    }
    (ours, theirs)
}

/// A26 / G11.94: a Good Order MMC of `u`'s side moving into a Location the enemy must Control
/// and Controls now (a cave, a hex), where none of its side's Good Order MMC stands: a cave is
/// taken back when a Good Order MMC of the holder is in it again (G11.94), a hex when its MMC
/// alone occupy it (A26.1). The step
/// toward the nearest such Location it reaches this phase (its first step on the way); none
/// for a unit that alone holds another such Location.
pub fn garrison(ctx: &Ctx, u: &UnitAt) -> Option<Choice> {
    let s = ctx.s;
    let side = ctx.side;
    let holds = |at: &Location, who: &UnitAt| holder(ctx, who) && who.at == *at;
    if !holds(&u.at, u) || charges(ctx, u) {
        return None;
    }
    let wanted: Vec<&Location> = enemy_control_locations(ctx)
        .into_iter()
        .filter(|l| !matches!(l, Location::Cave(id) if s.eliminated_caves.contains(id)))
        .collect();
    // It alone holds one already: it stays.
    let alone_in_one = wanted
        .iter()
        .any(|l| **l == u.at && s.units.iter().filter(|o| holds(l, o)).count() == 1);
    if alone_in_one {
        return None;
    }
    // Held by none of its MMC: taken back where the enemy Controls it now (a cave G11.94, a
    // hex A26.1); a cave also manned before the enemy gets there (inside, its garrison is out
    // of reach but for fire at the Entrance Hex and DCs, G11.8; a hex in the open is not).
    // A Location a Known enemy unit stands in is no garrison's: entering it is an advance into
    // Close Combat (A11.12), taken only at the odds the side advances at (`advance_choice`)
    // (a window trial: jp3 "took back" K5 from us1 and the 8-1 at 1 to 2).
    let enemy_in = |l: &Location| {
        s.units.iter().any(|o| {
            o.unit.side() != side
                && !o.hidden
                && crate::rules::situation::same_location(s.map, &o.at, l)
        })
    };
    let empty: Vec<&Location> = wanted
        .into_iter()
        .filter(|l| !s.units.iter().any(|o| holds(l, o)) && !enemy_in(l))
        .filter(|l| {
            matches!(l, Location::Cave(_))
                || crate::rules::victory::controller(s, l).0 == Some(side.opponent())
        })
        .collect();
    if empty.is_empty() {
        return None;
    }
    let field = field_of_movement(s, &u.unit.id).ok()?;
    let r = field
        .iter()
        .filter(|r| !r.climb && r.path.len() >= 2 && empty.contains(&&r.at))
        .min_by(|a, b| a.mf.total_cmp(&b.mf))?;
    // The nearest, watched from below ground: it waits for the APh (not a step into the open).
    if seen_entering_in_the_mph(ctx, u, r.path.len(), &r.at) {
        return None;
    }
    let id = u.unit.id.as_str();
    let taken = crate::rules::victory::controller(s, &r.at).0 == Some(side.opponent());
    Some(Choice {
        order: step_order(id, &u.at, &r.path[1]),
        score: ctx.w.garrison,
        reason: format!(
            "{id} moves into {}, which the {} must Control{}: a Good Order {} MMC there {} \
             (A26, G11.94)",
            r.at.display(s.map),
            super::goals::side_name(side.opponent()),
            if taken { " and now do" } else { "" },
            match side {
                crate::model::Side::Japanese => "Japanese",
                crate::model::Side::Allied => "Allied",
            },
            if taken { "takes it back" } else { "holds it" }
        ),
    })
}

/// G11.751 EX: a unit below ground (in a cave or Cave Complex, out of the enemy's fire) does not
/// garrison in the MPh a cave one Location away whose entry a Good Order enemy ground unit
/// within 16 hexes would see (the unit is revealed there and draws Defensive First Fire, PBF
/// from the Entrance Hex): it enters it in the APh, where no Defensive First Fire follows. A
/// unit above ground goes in at once, out of the open. Read from what its side sees
/// (`Situation::watchers`).
fn seen_entering_in_the_mph(ctx: &Ctx, u: &UnitAt, path_len: usize, at: &Location) -> bool {
    let s = ctx.s;
    let Location::Cave(id) = at else {
        return false;
    };
    matches!(u.at, Location::Cave(_) | Location::Complex(_))
        && s.phase == crate::model::Phase::Movement
        && path_len == 2
        && !crate::rules::caves::hidden::stays_hidden(
            &s.env_seeing(at),
            &s.caves,
            id,
            &s.watchers(ctx.side.opponent()),
        )
        .allowed
}

/// A26.1: in the APh of the last Game Turn, playing for Control, a Good Order MMC of its side
/// advances into a hex its Control condition names that no Known enemy unit is in, none of its
/// side's Good Order MMC holds and its side does not Control yet (a hex passes to the side
/// whose Good Order MMC alone occupy it): its last chance to take it, above an advance into a
/// Close Combat elsewhere (weight `garrison`). Not a unit standing in another such hex its side
/// does not Control yet. A cave is Controlled from ADJACENT (G11.94) and is not entered this
/// way.
pub fn take_at_the_last(ctx: &Ctx, u: &UnitAt) -> Option<Choice> {
    let s = ctx.s;
    let side = ctx.side;
    if !(ctx.control && ctx.stakes.last_turn && ctx.stakes.attacks) || ctx.stakes.won {
        return None;
    }
    if !holder(ctx, u) || charges(ctx, u) || u.hidden {
        return None;
    }
    let wanted: Vec<&Location> = super::goals::control_locations(ctx.posture, side)
        .filter(|l| matches!(l, Location::Ground(_)))
        .collect();
    // A hex it stands in and its side does not Control yet is one it is taking (a hex its
    // side Controls stays its side's once left, A26.1).
    if wanted.contains(&&u.at) && crate::rules::victory::controller(s, &u.at).0 != Some(side) {
        return None;
    }
    let open = |l: &Location| {
        !s.units.iter().any(|o| {
            crate::rules::situation::same_location(s.map, &o.at, l)
                && (o.unit.side() != side || holder(ctx, o))
        }) && crate::rules::victory::controller(s, l).0 != Some(side)
    };
    let field = field_of_movement(s, &u.unit.id).ok()?;
    let r = field
        .iter()
        .find(|r| !r.climb && r.path.len() == 2 && wanted.contains(&&r.at) && open(&r.at))?;
    let id = u.unit.id.as_str();
    Some(Choice {
        order: step_order(id, &u.at, &r.at),
        score: ctx.w.garrison,
        reason: format!(
            "{id} advances into {}, which the {} must Control and none of its squads holds: \
             the last Game Turn's last chance to take it (A26.1)",
            r.at.display(s.map),
            super::goals::side_name(side)
        ),
    })
}

/// G1.5 / G1.423 / A15.43: whether `u` charges this MPh (a Banzai Charge, a T-H Hero's, a
/// berserk unit's): where it goes the rules decide (`banzai::charge_target`), not its goals.
pub fn charges(ctx: &Ctx, u: &UnitAt) -> bool {
    u.unit.banzai.is_some() || crate::rules::orders::banzai::charge_target(ctx.s, u).is_some()
}

/// A26.1 / G11.94: whether `u` is a Good Order MMC of `ctx.side`, the kind of unit that holds a
/// Location for its side.
fn holder(ctx: &Ctx, u: &UnitAt) -> bool {
    u.unit.side() == ctx.side && u.unit.good_order() && mmc(&u.unit).is_some()
}

/// A26 / G11.94: the Locations the enemy must Control, as `side` reads its conditions.
fn enemy_control_locations<'a>(ctx: &'a Ctx) -> Vec<&'a Location> {
    super::goals::control_locations(ctx.posture, ctx.side.opponent()).collect()
}

/// A26 / G11.94: whether order `o` takes the last Good Order MMC of `ctx.side` out of a
/// Location the enemy must Control (to anywhere but another such Location): a holder keeps
/// what the enemy must take, whatever it could win elsewhere. A unit that charges (G1.5,
/// G1.423, A15.43) goes where the rules send it: holding is not its choice.
pub fn abandons_a_hold(ctx: &Ctx, o: &crate::rules::orders::Order) -> bool {
    use crate::rules::orders::Order;
    let s = ctx.s;
    let (unit, to) = match o {
        Order::Move { unit, to }
        | Order::AssaultMove { unit, to }
        | Order::ExitCave { unit, to } => (unit.as_ref(), to.clone()),
        Order::EnterCave { unit, cave } => (unit.as_ref(), Location::Cave(cave.0.clone())),
        _ => return false,
    };
    let Some(u) = s.unit(unit) else { return false };
    if !holder(ctx, u) || charges(ctx, u) {
        return false;
    }
    let held = enemy_control_locations(ctx);
    if !held.contains(&&u.at) || held.contains(&&to) {
        return false;
    }
    let holders = s
        .units
        .iter()
        .filter(|o| holder(ctx, o) && o.at == u.at)
        .count();
    holders <= 1
}
