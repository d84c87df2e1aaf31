//! The doctrine's Searches (G11.33, A12.152): for the caves its side must Control and has not
//! found, in the hexes a cave may be in, and of a "?" beside an attacking side's unit before it
//! is attacked (A11.19).

use crate::hex::Hex;
use crate::model::Side;
use crate::opponent::choice::Choice;
use crate::opponent::greedy;
use crate::opponent::weights::Weights;
use crate::rules::orders::Order;
use crate::rules::situation::Situation;

use super::goals;

/// G11.33: Searches by its Good Order units that have not moved, of the unsearched hexes where
/// a cave may be (`goals::cave_site`), for the caves `caves` its side must Control, each scored
/// `score`.
pub(super) fn search_for_caves(
    s: &Situation,
    side: Side,
    caves: &[String],
    searched: &[Hex],
    score: f32,
) -> Vec<Choice> {
    let mut out = Vec::new();
    let names = caves.join(", ");
    for u in s.units.iter().filter(|u| u.unit.side() == side) {
        if !u.unit.good_order() || u.unit.mf_spent > 0.0 || u.hidden {
            continue;
        }
        for o in greedy::allowed_orders(s, &u.unit.id) {
            let Order::Search { hex, .. } = &o else {
                continue;
            };
            if searched.contains(hex) || !goals::cave_site(s, *hex) {
                continue;
            }
            out.push(Choice {
                reason: format!(
                    "{} Searches {} for cave {names}, which its side must Control and has not \
                     found (G11.33, A26.1)",
                    u.unit.id,
                    s.map.name(*hex)
                ),
                score,
                order: o,
            });
        }
    }
    out
}

/// A12.152 / A11.19: Searches by its Good Order units of their own or an adjacent hex holding
/// a Known enemy "?" (a concealed unit, a Cloaking counter, or at night a unit it cannot see:
/// its view cannot tell them apart), scored `search_reveal`: revealed, the units there are
/// fired on without Area Fire's halving and attacked in Close Combat at full FP.
pub(super) fn search_to_reveal(s: &Situation, side: Side, w: &Weights) -> Vec<Choice> {
    let mut out = Vec::new();
    // The hexes holding a Known enemy "?", found once; a unit beside none asks for no orders.
    let veiled: Vec<Hex> = s
        .units
        .iter()
        .filter(|e| e.unit.side() != side && e.concealed)
        .filter_map(|e| s.hex_of(&e.at))
        .collect();
    if w.doctrine.search_reveal <= 0.0 || veiled.is_empty() {
        return out;
    }
    for u in s.units.iter().filter(|u| u.unit.side() == side) {
        let Some(at) = s.hex_of(&u.at) else { continue };
        let near = veiled.iter().any(|v| *v == at || v.is_adjacent(at));
        if !u.unit.good_order() || u.hidden || !near {
            continue;
        }
        for o in greedy::allowed_orders(s, &u.unit.id) {
            let Order::Search { hex, .. } = &o else {
                continue;
            };
            if !veiled.contains(hex) {
                continue;
            }
            out.push(Choice {
                reason: format!(
                    "{} Searches {} to reveal the \"?\" there: revealed, its units are fired on \
                     and attacked in Close Combat at full FP (A12.152, A11.19)",
                    u.unit.id,
                    s.map.name(*hex)
                ),
                score: w.doctrine.search_reveal,
                order: o,
            });
        }
    }
    out
}
