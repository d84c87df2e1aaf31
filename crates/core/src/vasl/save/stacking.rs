//! How counters stack in a hex of an imported saved game: their order bottom to top (a stack
//! record lists its pieces bottom to top; a piece in no stack lies in the order of the records,
//! a later one above) and what the marker counters among them apply to: a "?", DM or Pin
//! counter the units beneath it, a DC the nearest unit beneath it that has no DC yet.

use std::collections::{BTreeMap, HashMap};

use crate::hex::HexId;
use crate::scenario::raw::UnitSpec;

use super::decode::SavedGame;
use super::pieces::{Layers, What};

/// One placed piece.
pub(super) struct Placed {
    pub(super) hex: HexId,
    pub(super) what: What,
    pub(super) layers: Layers,
    pub(super) name: String,
    /// Its place in the stacking order (`stacking::stack_order`).
    pub(super) order: (usize, usize),
}

/// Each piece's place in the stacking order, by its id: (the stack's record, its index in the
/// stack) for a piece a stack lists (the first that lists it); a piece in no stack is ordered
/// by (its own record, 0). Ascending is bottom to top.
pub(super) fn stack_order(game: &SavedGame) -> HashMap<&str, (usize, usize)> {
    let mut order: HashMap<&str, (usize, usize)> = HashMap::new();
    for s in &game.stacks {
        for (k, id) in s.members.iter().enumerate() {
            order.entry(id.as_str()).or_insert((s.record, k));
        }
    }
    order
}

/// How each marker counter applies, hex by hex, its pieces bottom to top in their stacking
/// order (ASL stacking: a counter applies to the units beneath it in its hex): a "?" conceals them, a Pin pins them, a DM marks the broken
/// ones DM, a DC is possessed by the nearest unit beneath it that has none. Linear in the
/// number of pieces: each hex's stack is walked once bottom-up (is anything beneath?) and once
/// top-down (apply). Returns, per placed piece, a marker's outcome (`None` for the others).
pub(super) fn stack_markers(
    placed: &[Placed],
    units: &mut [(usize, HexId, UnitSpec)],
) -> Vec<Option<Result<(), &'static str>>> {
    let mut unit_of: Vec<Option<usize>> = vec![None; placed.len()];
    for (k, (i, _, _)) in units.iter().enumerate() {
        if let Some(slot) = unit_of.get_mut(*i) {
            *slot = Some(k);
        }
    }
    let mut stacks: BTreeMap<HexId, Vec<usize>> = BTreeMap::new();
    for (i, p) in placed.iter().enumerate() {
        stacks.entry(p.hex).or_default().push(i);
    }
    for stack in stacks.values_mut() {
        stack.sort_by_key(|&i| placed[i].order);
    }
    let mut outcome: Vec<Option<Result<(), &'static str>>> = vec![None; placed.len()];
    for stack in stacks.values() {
        let (mut any, mut broken) = (false, false);
        for &i in stack {
            match (&placed[i].what, unit_of[i]) {
                (What::Unit { .. }, Some(k)) => {
                    any = true;
                    broken |= units[k].2.broken;
                }
                (What::Concealment | What::Pin, _) => {
                    outcome[i] = Some(if any {
                        Ok(())
                    } else {
                        Err("no unit beneath it")
                    });
                }
                (What::Dm, _) => {
                    outcome[i] = Some(if broken {
                        Ok(())
                    } else {
                        Err("no broken unit beneath it")
                    });
                }
                _ => {}
            }
        }
        let (mut concealed, mut dm, mut pinned) = (false, false, false);
        let mut dcs: Vec<usize> = Vec::new();
        for &i in stack.iter().rev() {
            match (&placed[i].what, unit_of[i]) {
                (What::Concealment, _) => concealed = true,
                (What::Dm, _) => dm = true,
                (What::Pin, _) => pinned = true,
                (What::Dc, _) => dcs.push(i),
                (What::Unit { .. }, Some(k)) => {
                    let u = &mut units[k].2;
                    u.concealed |= concealed;
                    u.dm |= dm && u.broken;
                    u.pinned |= pinned;
                    if let Some(d) = dcs.pop() {
                        u.dc = true;
                        outcome[d] = Some(Ok(()));
                    }
                }
                _ => {}
            }
        }
        for d in dcs {
            outcome[d] = Some(Err("no unit without a DC beneath it"));
        }
    }
    outcome
}
