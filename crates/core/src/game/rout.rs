//! A10.5 Rout (`rules::orders::rout` decides): the routing unit goes along its destination's
//! path step by step, each step ruled by the movement ruling as for a move (the same MF, the
//! same hiding on entering a cave or Complex, G11.75, the same reveals of hidden enemies), and
//! stays broken; at the end of the RtPh a unit that had to rout and did not is eliminated for
//! Failure to Rout.

use super::context::Game;
use crate::los::Location;
use crate::rules::orders::movement::{MoveVerb, move_to};
use crate::rules::orders::rout::{ROUT, failure_to_rout, rout_situation, rout_to};

/// Unit `id` routs to `to`.
pub(super) fn do_rout(g: &mut Game, id: &str, to: &Location) {
    let s = g.situation();
    let reach = match rout_to(&s, id, to) {
        Ok(r) => r,
        Err(r) => return g.refused(Some(id), r),
    };
    let Some(mut mover) = rout_situation(&s, id) else {
        return;
    };
    drop(s);
    let mut reveal_caves = Vec::new();
    let mut reveal_units = Vec::new();
    let mut last = None;
    for next in reach.path.iter().skip(1) {
        let plan = match move_to(&mover, id, next, MoveVerb::Move) {
            Ok(p) => p,
            Err(r) => return g.refused(Some(id), r),
        };
        let Some(before) = mover.unit(id).cloned() else {
            return;
        };
        let after = plan.after(&before);
        if let Some(u) = mover.state.units.iter_mut().find(|u| u.unit.id == id) {
            *u = after.clone();
        }
        mover
            .state
            .hidden_caves
            .retain(|c| !plan.reveal_caves.contains(c));
        for other in &plan.reveal_units {
            if let Some(u) = mover.state.units.iter_mut().find(|u| &u.unit.id == other) {
                u.reveal_met();
            }
        }
        reveal_caves.extend(plan.reveal_caves.iter().cloned());
        reveal_units.extend(plan.reveal_units.iter().cloned());
        last = Some(after);
    }
    let Some(after) = last else {
        return;
    };
    g.reveal_caves(&reveal_caves);
    for other in &reveal_units {
        if let Some(u) = g.unit_mut(other) {
            u.reveal_met();
        }
    }
    g.remove_climb(id);
    let map = g.map();
    let path: Vec<String> = reach
        .path
        .iter()
        .map(|l| l.display(map).to_string())
        .collect();
    let hid = after.hidden;
    if let Some(u) = g.unit_mut(id) {
        u.at = after.at;
        u.hidden = after.hidden;
        u.concealed = after.concealed;
        u.cloaked = after.cloaked;
        u.unit.mf_spent = reach.mf;
        u.unit.routed = true;
        u.unit.entered_cave = after.unit.entered_cave;
    }
    let text = format!(
        "{id} routs to {} ({} MF: {}){}",
        to.display(map),
        reach.mf,
        path.join(" -> "),
        if hid {
            "; it is hidden there (G11.75)"
        } else {
            ""
        }
    );
    g.ruled("rout", Some(id), ROUT, text);
}

/// A10.5 / E1.54: as the RtPh ends, each broken unit that had to rout and did not is
/// eliminated for Failure to Rout.
pub(super) fn failures_to_rout(g: &mut Game) {
    let s = g.situation();
    let broken: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.unit.broken)
        .map(|u| u.unit.id.clone())
        .collect();
    let failed: Vec<(String, crate::rules::Check)> = broken
        .into_iter()
        .filter_map(|id| failure_to_rout(&s, &id).map(|c| (id, c)))
        .collect();
    drop(s);
    for (id, c) in failed {
        g.eliminate(&id);
        g.ruled("failure_to_rout", Some(&id), c.rule, c.reason);
    }
}
