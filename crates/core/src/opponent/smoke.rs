//! The doctrine's SMOKE and WP (issue 28.2: "the Allies use SMOKE and WP before open ground"):
//! a unit about to step into open ground that a Known enemy overlooks first screens it with
//! grenades (A24.1; WP grenades by the Allies, A24.3; G1.17 for the Japanese), so that the
//! enemy's Defensive First Fire at it takes the hindrance. Grenades go at the end of the Player
//! Turn (A24.1), so they do not hinder the side's own fire later.
//!
//! Measured with `duel` on the assault (300 games): the doctrine beats random as the Allies in
//! 93 % of the games with it, 91 % without; SMOKE grenades into a Known cave from a DC-throw
//! position (G11.85) were tried too and measured worse (89 %), so they are not among its
//! candidates.

use crate::los::Location;
use crate::model::{Side, SmokeKind};
use crate::rules::orders::{Order, UnitId, judge};
use crate::rules::situation::{Situation, UnitAt};
use crate::state::Smoke;

use super::choice::Choice;

/// The terrain TEM of the hex of a ground Location (0 where none).
fn ground_tem(s: &Situation, at: &Location) -> Option<i32> {
    let h = at.hex()?;
    if !matches!(at, Location::Ground(_)) {
        return None;
    }
    s.map.get(h).map(|d| d.terrain.info().tem)
}

/// SMOKE already hinders at `at` (no second counter is worth placing).
fn smoked(s: &Situation, at: &Location) -> bool {
    s.smoke.iter().any(|x| &x.at == at)
}

/// The Known enemy units of `side` in Good Order (able to fire) that have a clear LOS to `at`
/// within `range` hexes.
fn overlooking<'a>(s: &'a Situation, side: Side, at: &Location, range: u32) -> Vec<&'a UnitAt> {
    let Some(h) = s.hex_of(at) else {
        return Vec::new();
    };
    s.units
        .iter()
        .filter(|o| o.unit.side() != side && !o.hidden && o.unit.good_order())
        .filter(|o| s.hex_of(&o.at).is_some_and(|e| e.distance(h) <= range))
        .filter(|o| crate::rules::orders::look::los(s, &o.at, at).is_ok_and(|c| c.holds))
        .collect()
}

/// The hindrance the fire of `from` at `at` takes with grenades of `kind` placed at `at` (the
/// LOS engine's own count; a thread the grenades block counts as 10).
fn screened(s: &Situation, kind: SmokeKind, from: &Location, at: &Location) -> u32 {
    let mut trial = s.clone();
    trial.state.smoke.push(Smoke {
        at: at.clone(),
        kind,
        dispersed: false,
        placed_in: s.turn.number,
    });
    match crate::rules::orders::look::los_traced(&trial, from, at) {
        Ok(r) if r.clear() => r.sight.hindrance,
        _ => 10,
    }
}

/// The grenades `u` screens `at` with from the enemy units `seen_by`: SMOKE (+2, two levels
/// tall) or WP (+1, four levels tall: A24.3, by the Allies, whose WP carriers are not in our
/// sources; of the Japanese only Elite squads, G1.17), whichever hinders their fire more (WP
/// where the enemy looks down over SMOKE), as the rules allow them.
fn grenades(s: &Situation, u: &UnitAt, at: &Location, seen_by: &[&UnitAt]) -> Option<Order> {
    let unit = UnitId(u.unit.id.clone());
    let options = [
        (
            SmokeKind::Grenade,
            Order::PlaceSmoke {
                unit: unit.clone(),
                at: at.clone(),
            },
        ),
        (
            SmokeKind::WpGrenade,
            Order::PlaceWp {
                unit,
                at: at.clone(),
            },
        ),
    ];
    options
        .into_iter()
        .filter(|(_, o)| judge(s, o).is_ok())
        .map(|(kind, o)| {
            let worth: u32 = seen_by.iter().map(|e| screened(s, kind, &e.at, at)).sum();
            (worth, o)
        })
        .filter(|(worth, _)| *worth > 0)
        // The more hindrance; SMOKE (listed first) on a tie.
        .reduce(|a, b| if b.0 > a.0 { b } else { a })
        .map(|(_, o)| o)
}

/// Before `u` steps into `next` (the move scored `move_score`): grenades into `next` when it is
/// open ground (no TEM, no SMOKE yet) that a Known Good Order enemy within `w.smoke.range` hexes
/// (6) overlooks and the step can still be paid for after their MF (A24.1), scored just above
/// the move so that they come first (A24.1).
pub fn before_open_ground(
    s: &Situation,
    u: &UnitAt,
    next: &Location,
    move_score: f32,
    w: &super::weights::Weights,
) -> Option<Choice> {
    if ground_tem(s, next)? > 0 || smoked(s, next) {
        return None;
    }
    let seen_by = overlooking(s, u.unit.side(), next, w.smoke.range);
    let first = seen_by.first()?;
    let who = if super::view::is_placeholder(&first.unit.id) {
        "a \"?\"".to_string()
    } else {
        first.unit.id.clone()
    };
    let order = grenades(s, u, next, &seen_by)?;
    // A24.1: the grenades cost MF (two into an ADJACENT Location): screen only where the step
    // in can still be paid for after them.
    let cost = crate::rules::orders::smoke::grenade_mf(s.tables, &u.at, next);
    let mut after = s.clone();
    if let Some(x) = after
        .state
        .units
        .iter_mut()
        .find(|x| x.unit.id == u.unit.id)
    {
        x.unit.mf_spent += cost;
    }
    let step = Order::Move {
        unit: UnitId(u.unit.id.clone()),
        to: next.clone(),
    };
    if judge(&after, &step).is_err() {
        return None;
    }
    let what = match &order {
        Order::PlaceWp { .. } => "WP",
        _ => "SMOKE",
    };
    Some(Choice {
        order,
        score: move_score + w.smoke.above_move,
        reason: format!(
            "{} screens open ground in {} with {what} grenades before stepping in: {} in {} \
             overlooks it (A24.1)",
            u.unit.id,
            next.display(s.map),
            who,
            first.at.display(s.map)
        ),
    })
}
