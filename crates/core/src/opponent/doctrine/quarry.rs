//! The doctrine's DCs on the Known enemy it hunts (A23.3, A26.2): while the Known enemy outside
//! caves is worth the Casualty VP its side still needs, a DC Placed on them beside it, and no
//! grenades thrown by its DC carriers (A24.1).

use crate::opponent::choice::Choice;
use crate::opponent::greedy::{self, allowed_orders};
use crate::rules::orders::Order;
use crate::rules::situation::UnitAt;
use crate::rules::victory::casualty_vp;

use super::ctx::Ctx;
use super::goals;

/// A23.3 / A26.2: while the Known enemy outside caves is worth the Casualty VP its side still
/// needs (`goals::hunt_suffices`), a DC Placed on an ADJACENT Location holding enemy units worth
/// at least one of them and none of its own (a Melee: A23.1, the DC attacks every unit there),
/// on which no DC of its side is Placed yet: 30 FP as the AFPh begins, before a Close Combat at
/// the enemy's Ambush and Hand-to-Hand odds (G1.64). Measured with `duel` (200 games a pairing,
/// 2026-12-04): the assault's Allied doctrine then won 175 games instead of 167 against random
/// Japanese and 191 instead of 178 against a passive side, where the greedy kind's `spare_dc`
/// keeps a DC for each cave it must Control though jp3 and the 9-1 in T5 are worth the game
/// (176 and 191 with its DC carriers throwing no SMOKE, `hunting_with_dc`).
pub(super) fn dc_on_quarry(ctx: &Ctx, mine: &[UnitAt]) -> Vec<Choice> {
    let s = ctx.s;
    let side = ctx.side;
    if !hunting_with_dc(ctx) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for u in mine.iter().filter(|u| u.unit.dc && !u.hidden) {
        for o in allowed_orders(s, &u.unit.id) {
            let Order::PlaceDcAt { at, .. } = &o else {
                continue;
            };
            let there = s.units_at(at);
            // A23.1: the DC attacks every unit in the Location: none where its own units are
            // (a Melee); and one DC a Location (the next is kept for the caves).
            let own_there = there.iter().any(|e| e.unit.side() == side);
            let placed = mine.iter().any(|m| {
                m.unit
                    .placed_dc
                    .as_ref()
                    .is_some_and(|p| p.on.as_ref() == Some(at))
            });
            if own_there || placed {
                continue;
            }
            let worth: u32 = there
                .into_iter()
                .filter(|e| e.unit.side() != side)
                .map(|e| casualty_vp(&e.unit, &s.tables.casualty_vp).0)
                .sum();
            if worth == 0 {
                continue;
            }
            out.push(Choice {
                reason: greedy::place_dc_at_reason(s, &u.unit.id, at),
                score: ctx.gw.dc.place,
                order: o,
            });
        }
    }
    out
}

/// A26.2: its side attacks, has not won, and the Known enemy outside caves is worth the
/// Casualty VP it still needs (`goals::hunt_suffices`): its DCs are for that quarry.
pub(super) fn hunting_with_dc(ctx: &Ctx) -> bool {
    ctx.stakes.attacks && !ctx.stakes.won && goals::hunt_suffices(ctx.s, ctx.scenario, ctx.side)
}
