//! What the order modules share after a ruling: the unit a refusal names, and the T-H Heroes
//! an order leaves without a target or out of Melee (G1.425).

use super::context::Game;
use crate::rules::situation::Situation;

/// The unit a refusal names: the first of `ids` no longer in play (A3), else the first; none
/// for an order that names no unit.
pub(super) fn refusing_unit<'a>(s: &Situation, ids: &[&'a str]) -> Option<&'a str> {
    ids.iter()
        .copied()
        .find(|id| s.unit(id).is_none())
        .or_else(|| ids.first().copied())
}

/// G1.425: a T-H Hero whose Designated Target has been eliminated is eliminated at once, as
/// `rules::orders::phase::heroes_without_target` names them.
pub(super) fn heroes_without_target(g: &mut Game) {
    let s = g.situation();
    for (id, r) in crate::rules::orders::phase::heroes_without_target(&s) {
        g.eliminate(&id);
        g.ruled("eliminated", Some(&id), r.rule, r.reason);
    }
}

/// G1.425: a T-H Hero kept past the end of his Player Turn because he was in Melee is removed
/// as soon as he is no longer in Melee, as `rules::orders::phase::heroes_out_of_melee` names
/// them.
pub(super) fn heroes_out_of_melee(g: &mut Game) {
    let s = g.situation();
    for (id, r) in crate::rules::orders::phase::heroes_out_of_melee(&s) {
        g.remove_unit(&id);
        g.ruled("removed", Some(&id), r.rule, r.reason);
    }
}
