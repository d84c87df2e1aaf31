//! A side holding out moves a threatened unit to safety (A4, A11), weighed by the enemy's
//! reply: of the Locations it reaches this MPh, the one where it is expected to lose least to
//! the Known enemy's next fire (`reply`) and to a Close Combat from a Known enemy MMC beside
//! it, a leader staying with or beside his men (G1.41); and a unit that could so withdraw Prep
//! Fires only when the shot is worth more than the safety it gives up (A3: who Prep Fires does
//! not move in the MPh).

use crate::los::Location;
use crate::model::Phase;
use crate::rules::moves::field_of_movement;
use crate::rules::situation::{Situation, UnitAt};

use super::ctx::{Ctx, value_fn};
use super::goals::value;
use super::movement::abandons_a_hold;
use super::reply::Reply;
use crate::opponent::choice::Choice;
use crate::opponent::greedy::step_order;
use crate::rules::orders::{is_leader, mmc};

/// A11: what `u` standing at `at` is expected to lose to a Close Combat from the enemy: its
/// value times `cc_threat` times the odds the Known Good Order enemy units near that hex could
/// attack at once they come (their CC attack FP, each counted in full within one hex, three
/// quarters at two, half at three, a quarter at four: how far a squad moves and then advances,
/// over the defence FP of `u` and its side's units there, as the CC ruling counts them), a
/// fourth at 1 to 1, all from 4 to 1 (none in a cave: the enemy must first find and enter it).
fn cc_threat(ctx: &Ctx, u: &UnitAt, at: &Location) -> f32 {
    use crate::rules::orders::close_combat::{attack_fp, defence_fp};
    if matches!(at, Location::Cave(_) | Location::Complex(_)) {
        return 0.0;
    }
    let s = ctx.s;
    let Some(h) = s.hex_of(at) else {
        return 0.0;
    };
    let mut theirs = 0.0;
    for e in &s.units {
        if e.unit.side() == ctx.side
            || e.hidden
            || !e.unit.good_order()
            || matches!(e.at, Location::Cave(_) | Location::Complex(_))
        {
            continue;
        }
        let Some(d) = s.hex_of(&e.at).map(|x| x.distance(h)) else {
            continue;
        };
        let reach = match d {
            0 | 1 => 1.0,
            2 => 0.75,
            3 => 0.5,
            4 => 0.25,
            _ => 0.0,
        };
        theirs += reach * attack_fp(s.tables, &e.unit);
    }
    if theirs <= 0.0 {
        return 0.0;
    }
    let ours: f32 = defence_fp(s.tables, &u.unit)
        + s.units
            .iter()
            .filter(|o| o.unit.side() == ctx.side && o.unit.id != u.unit.id && o.at == *at)
            .map(|o| defence_fp(s.tables, &o.unit))
            .sum::<f32>();
    threat_share(ctx, theirs, ours) * value(s, u, ctx.w)
}

/// A11: the share of its value a unit (or stack) with `defence` CC defence FP is reckoned to
/// lose to an enemy CC attack of `attack` FP: `cc_threat` times the odds, a fourth at 1 to 1,
/// all from 4 to 1.
pub fn threat_share(ctx: &Ctx, attack: f32, defence: f32) -> f32 {
    ctx.w.cc_threat * (attack / defence.max(0.5) / 4.0).min(1.0)
}

/// The two replies a withdrawal is weighed by: the enemy's Defensive First Fire at the mover
/// on its way (`first`, A8.1: FFNAM, FFMO) and the enemy's fire at it once it stands
/// (`still`), each with the position's expected loss before it moves.
struct Replies<'a> {
    first: Reply<'a>,
    first_base: f32,
    still: Reply<'a>,
    still_base: f32,
}

impl<'a> Replies<'a> {
    /// The replies to `side` on `moving`, its view in its MPh.
    fn new(ctx: &Ctx, moving: &Situation<'a>) -> Replies<'a> {
        let f = value_fn(ctx.s, ctx.w);
        let first = Reply::new(moving, ctx.side, ctx.reply.memo());
        let mut settled = moving.clone();
        settled.state.phase = Phase::PrepFire;
        let still = Reply::new(&settled, ctx.side, ctx.reply.memo());
        Replies {
            first_base: first.loss(&f),
            still_base: still.loss(&f),
            first,
            still,
        }
    }

    /// What `u` standing at `at` is expected to lose beyond the position as it stands: the
    /// enemy's fire once it stands there, and the Close Combat threat there.
    fn standing(&mut self, ctx: &Ctx, u: &UnitAt, at: &Location) -> f32 {
        let f = value_fn(ctx.s, ctx.w);
        let fire = if *at == u.at {
            0.0
        } else {
            self.still.loss_with(&u.unit.id, at, false, &f).0 - self.still_base
        };
        fire + cc_threat(ctx, u, at)
    }

    /// What `u` is expected to lose to the enemy's First Fire while it passes `at`.
    fn passing(&mut self, ctx: &Ctx, u: &UnitAt, at: &Location) -> f32 {
        let f = value_fn(ctx.s, ctx.w);
        (self.first.loss_with(&u.unit.id, at, false, &f).0 - self.first_base).max(0.0)
    }
}

/// The safest Location `u` reaches on `moving` (the view in its MPh), with the first step
/// toward it and what it spares (what it is expected to lose standing where it is, less what
/// it would lose standing there and the worst First Fire of the Locations it passes on the
/// way), when that is more than `withdraw_least`: none for a hidden Japanese unit (it stays
/// hidden, G1.63), one in a cave, nor the last holder of a Location the enemy must Control; a
/// leader only to a Location with or beside his men (`his_men`).
fn safest(
    ctx: &Ctx,
    moving: &Situation,
    r: &mut Replies,
    u: &UnitAt,
) -> Option<(Location, Location, f32)> {
    if u.hidden || matches!(u.at, Location::Cave(_) | Location::Complex(_)) {
        return None;
    }
    let here = r.standing(ctx, u, &u.at);
    if here <= ctx.w.withdraw_least {
        return None;
    }
    let field = field_of_movement(moving, &u.unit.id).ok()?;
    let men = his_men(ctx, u);
    let mut best: Option<(f32, f32, &crate::rules::moves::Reach)> = None;
    for reach in field.iter().filter(|r| !r.climb && r.path.len() >= 2) {
        let order = step_order(&u.unit.id, &u.at, &reach.path[1]);
        let with_men = |men: &Vec<crate::hex::Hex>| {
            ctx.s
                .hex_of(&reach.at)
                .is_none_or(|h| men.iter().any(|m| m.distance(h) <= 1))
        };
        if abandons_a_hold(ctx, &order) || !men.as_ref().is_none_or(with_men) {
            continue;
        }
        // A withdrawal is away from Close Combat: never into or through a Location an enemy
        // unit its side sees is in (at night Infantry may enter one in the MPh, E1.31: a CC there).
        if reach.path[1..].iter().any(|l| known_enemy_in(ctx, l)) {
            continue;
        }
        // G11.4 / G11.8: not into a cave or Cave Complex it would Overstack (its fire out of
        // it would be Area Fire with the overstacking penalty, A5.12).
        if matches!(reach.at, Location::Cave(_) | Location::Complex(_))
            && crate::rules::stacking::overstacks_with(ctx.s, u, &reach.at) > 0
        {
            continue;
        }
        let mut way: f32 = 0.0;
        for l in &reach.path[1..] {
            way = way.max(r.passing(ctx, u, l));
        }
        let e = r.standing(ctx, u, &reach.at) + way;
        let better = best
            .as_ref()
            .is_none_or(|b| e < b.0 - 1e-4 || ((e - b.0).abs() <= 1e-4 && reach.mf < b.1));
        if better {
            best = Some((e, reach.mf, reach));
        }
    }
    let (e, _, reach) = best?;
    let spared = here - e;
    (spared > ctx.w.withdraw_least).then(|| (reach.path[1].clone(), reach.at.clone(), spared))
}

/// Whether a unit of the enemy of `ctx.side` that its side sees (not hidden: Known, or a "?"
/// in its view, concealed or beyond the NVR, E1.33) is in Location `l`.
fn known_enemy_in(ctx: &Ctx, l: &Location) -> bool {
    ctx.s.units.iter().any(|o| {
        o.unit.side() != ctx.side
            && !o.hidden
            && crate::rules::situation::same_location(ctx.s.map, &o.at, l)
    })
}

/// G1.41 / A10.7: where a leader `u` may withdraw to: with, or beside, a Good Order MMC of his
/// side (the hexes they stand in), when he has one (his +1 Morale, for the Japanese, and his
/// leadership are theirs; the safest Location on the map is often its far corner, where he
/// would go alone); `None` for any other unit, or a leader without men, who withdraws where it
/// is safest. (Measured on 2026-11-30, 200 games: the Japanese doctrine then beat the greedy
/// Americans in 72 % of the assault instead of 65 %, the other demos within a game or two.
/// Keeping every withdrawal no farther from what the enemy must Control was tried too and not
/// kept: on the jungle night the greedy Americans then won 34.5 % instead of 10.5 %, the
/// outpost's squad no longer getting away from them.)
fn his_men(ctx: &Ctx, u: &UnitAt) -> Option<Vec<crate::hex::Hex>> {
    if !is_leader(&u.unit) {
        return None;
    }
    let s = ctx.s;
    let men: Vec<crate::hex::Hex> = s
        .units
        .iter()
        .filter(|o| {
            o.unit.side() == ctx.side
                && o.unit.id != u.unit.id
                && o.unit.good_order()
                && mmc(&o.unit).is_some()
        })
        .filter_map(|o| s.hex_of(&o.at))
        .collect();
    (!men.is_empty()).then_some(men)
}

/// A side holding out, in its MPh: each of `units`' first step toward the safest Location it
/// reaches (`safest`), scored at the price of risk times what it spares.
pub fn withdrawals(ctx: &Ctx, units: &[UnitAt]) -> Vec<Choice> {
    if ctx.stakes.attacks {
        return Vec::new();
    }
    let s = ctx.s;
    let mut r = Replies::new(ctx, s);
    units
        .iter()
        .filter(|u| u.unit.good_order() && !super::movement::charges(ctx, u))
        .filter_map(|u| withdraw(ctx, &mut r, u))
        .collect()
}

/// `withdrawals` for one unit `u`.
fn withdraw(ctx: &Ctx, r: &mut Replies, u: &UnitAt) -> Option<Choice> {
    let (step, to, spared) = safest(ctx, ctx.s, r, u)?;
    let id = u.unit.id.as_str();
    let first = if step == to {
        String::new()
    } else {
        format!(" (first to {})", step.display(ctx.s.map))
    };
    let worth = squads_worth(spared);
    Some(Choice {
        order: step_order(id, &u.at, &step),
        score: ctx.risk * spared,
        reason: format!(
            "{id} withdraws toward {}{first}, out of the worst of the enemy's fire and Close \
             Combat: there it expects to lose {worth} less (its side holds out)",
            to.display(ctx.s.map),
        ),
    })
}

/// A3: for a side holding out, in its PFPh, what each of its Good Order units would spare by
/// withdrawing in the MPh instead (`safest` on a copy of the view in the MPh), priced at the
/// price of risk: what a Prep Fire by it gives up. Empty for an attacking side.
pub fn forfeits(ctx: &Ctx) -> Vec<(String, f32)> {
    if ctx.stakes.attacks || ctx.s.phase != Phase::PrepFire {
        return Vec::new();
    }
    let mut moving = ctx.s.clone();
    moving.state.phase = Phase::Movement;
    let mut r = Replies::new(ctx, &moving);
    let mine: Vec<UnitAt> = ctx
        .s
        .units
        .iter()
        .filter(|u| u.unit.side() == ctx.side && u.unit.good_order())
        .cloned()
        .collect();
    let mut out = Vec::new();
    for u in &mine {
        if let Some((_, _, spared)) = safest(ctx, &moving, &mut r, u) {
            out.push((u.unit.id.clone(), ctx.risk * spared));
        }
    }
    out
}

/// A10.5 / E1.54: the voluntary routs of its broken units `units` that need not rout (at night
/// no unit must, E1.54; by day one out of the enemy's reach as A10.5 counts it): each routs to
/// the destination where it is expected to lose least to the Known enemy's next fire and Close
/// Combat (`reply`, `cc_threat`), when that spares more than `withdraw_least` of what it would
/// lose where it lies. Left beside an enemy that fires at it, a broken unit keeps its DM
/// (A10.62) and each MC it fails reduces it (A10.3); a helper's reading of 200 night-ridge
/// games counted 92 broken Americans eliminated so, in 73 games, with no rout ordered. A rout
/// makes it DM too (A10.5), but out of the enemy's reach DM comes off as the next RPh ends (at
/// night once it has made a Rally attempt, E1.54): the DM is not weighed either way.
pub fn voluntary_routs(ctx: &mut Ctx, units: &[UnitAt]) -> Vec<Choice> {
    let mut out = Vec::new();
    for (u, plan, best) in best_routs(ctx, units, false) {
        let spared = cc_threat(ctx, u, &u.at) - best.loss;
        if spared <= ctx.w.withdraw_least {
            continue;
        }
        let Some(order) = allowed_rout(ctx, u, &best.to) else {
            continue;
        };
        out.push(Choice {
            order,
            score: ctx.gw.rout.score * spared.min(1.0),
            reason: format!(
                "{} routs to {} though it need not ({}): there it expects to lose {} less \
                 to the enemy's next fire and Close Combat (A10.5, A10.62)",
                u.unit.id,
                best.to.display(ctx.s.map),
                plan.must.rule,
                squads_worth(spared)
            ),
        });
    }
    out
}

/// Where a broken unit routs best (`least_loss_rout`): the Location, what it expects to lose
/// there, and its chance to fail an Interdiction NMC (`value::rout_risk`).
struct BestRout {
    to: Location,
    loss: f32,
    risk: f32,
}

/// A10.5: the broken units of `units` not yet routed (nor hidden) that must rout (`must`) or
/// need not, each with its rout plan and where it routs best.
fn best_routs<'u>(
    ctx: &mut Ctx,
    units: &'u [UnitAt],
    must: bool,
) -> Vec<(&'u UnitAt, crate::rules::orders::rout::RoutPlan, BestRout)> {
    use crate::rules::orders::rout::rout_destinations;
    let mut out = Vec::new();
    for u in units
        .iter()
        .filter(|u| u.unit.broken && !u.unit.routed && !u.hidden)
    {
        let Ok(plan) = rout_destinations(ctx.s, &u.unit.id) else {
            continue;
        };
        if plan.must.holds != must {
            continue;
        }
        if let Some(best) = least_loss_rout(ctx, u, &plan) {
            out.push((u, plan, best));
        }
    }
    out
}

/// The order routing `u` to `to`, when its side may give it now.
fn allowed_rout(ctx: &Ctx, u: &UnitAt, to: &Location) -> Option<crate::rules::orders::Order> {
    let order = crate::rules::orders::Order::Rout {
        unit: u.unit.id.clone().into(),
        to: to.clone(),
    };
    crate::opponent::greedy::allowed_orders(ctx.s, &u.unit.id)
        .contains(&order)
        .then_some(order)
}

/// A10.5 / A10.52 / A10.53: of the Locations rout `plan` lets `u` go to (Low Crawl included),
/// the one where it is expected to lose least: the Known enemy's next fire and Close Combat
/// there, and half its worth times the chance it fails an Interdiction NMC on the way (a
/// failed one Casualty Reduces it; for a Low Crawl, on the rout it still owes).
fn least_loss_rout(
    ctx: &mut Ctx,
    u: &UnitAt,
    plan: &crate::rules::orders::rout::RoutPlan,
) -> Option<BestRout> {
    let id = u.unit.id.as_str();
    let before = ctx.loss_now();
    let f = value_fn(ctx.s, ctx.w);
    let mut best: Option<BestRout> = None;
    for r in plan.options() {
        let fire = ctx.reply.loss_with(id, &r.at, false, &f).0 - before;
        let risk = crate::opponent::value::rout_risk(ctx.s, u, plan, &r.at);
        let loss = fire + cc_threat(ctx, u, &r.at) + risk * 0.5 * value(ctx.s, u, ctx.w);
        if best.as_ref().is_none_or(|b| loss < b.loss - 1e-4) {
            best = Some(BestRout {
                to: r.at.clone(),
                loss,
                risk,
            });
        }
    }
    best
}

/// A10.5 / A10.52: the routs its broken units `units` must make, each to the Location where it
/// is expected to lose least (`least_loss_rout`): a Low Crawl of one Location where the rout's
/// path crosses Open Ground the enemy Interdicts and the crawl's Location is not worse.
pub fn mandatory_routs(ctx: &mut Ctx, units: &[UnitAt]) -> Vec<Choice> {
    let mut out = Vec::new();
    for (u, plan, best) in best_routs(ctx, units, true) {
        let Some(order) = allowed_rout(ctx, u, &best.to) else {
            continue;
        };
        let (id, at) = (&u.unit.id, best.to.display(ctx.s.map));
        let how = if plan.low_crawl.iter().any(|r| r.at == best.to) {
            format!(
                "{id} must rout ({}) and Low Crawls to {at}, one Location, not subject to \
                 Interdiction (A10.52)",
                plan.must.rule
            )
        } else {
            format!("{id} must rout ({}) and routs to {at}", plan.must.rule)
        };
        let odds = if best.risk > 0.0 {
            format!(
                ", {:.0} % to fail an Interdiction NMC on the way (A10.53)",
                100.0 * best.risk
            )
        } else {
            String::new()
        };
        out.push(Choice {
            order,
            score: ctx.gw.rout.score,
            reason: format!(
                "{how}: of the Locations it may rout to, there it expects to lose least to the \
                 enemy's next fire and Close Combat ({}){odds}",
                squads_worth(best.loss.max(0.0))
            ),
        });
    }
    out
}

/// What a move spares, in words: a squad's worth or more in squads ("1.2 squads' worth"), less
/// as a share of one ("62 % of a squad").
fn squads_worth(spared: f32) -> String {
    if spared >= 0.995 {
        format!("{spared:.1} squads' worth")
    } else {
        format!("{:.0} % of a squad", 100.0 * spared)
    }
}
