//! A10.5 Rout (`rules::orders::rout` decides): the routing unit goes along its destination's
//! path step by step, each step ruled by the movement ruling as for a move (the same MF, the
//! same hiding on entering a cave or Complex, G11.75, the same reveals of hidden enemies), and
//! stays broken; in an Open Ground hex where it is Interdicted it takes a NMC (A10.53); at the
//! end of the RtPh a unit that had to rout and did not is eliminated for Failure to Rout.

use super::context::Game;
use crate::los::Location;
use crate::rules::orders::movement::{MoveVerb, move_to};
use crate::rules::orders::rout::{
    LOW_CRAWL, ROUT, failure_to_rout, interdiction, interdiction_pin, rout_makes_dm,
    rout_situation, rout_step,
};

/// Unit `id` routs to `to`, step by step; in each Open Ground hex where it is Interdicted
/// (A10.53, `rules::orders::rout::interdiction`) it stops for its NMC: eliminated or pinned, it
/// routs no further; Casualty Reduced to a HS, the HS routs on. A Low Crawl (A10.52: one
/// Location) is not Interdicted.
pub(super) fn do_rout(g: &mut Game, id: &str, to: &Location) {
    let s = g.situation();
    let (reach, crawl) = match rout_step(&s, id, to) {
        Ok(r) => r,
        Err(r) => return g.refused(Some(id), r),
    };
    let Some(mut mover) = rout_situation(&s, id) else {
        return;
    };
    let Some(start) = s.unit(id).cloned() else {
        return;
    };
    drop(s);
    let mut walked = Rout::default();
    let mut stopped: Option<(Location, Option<String>)> = None;
    let mut interdicted = false;
    for (i, next) in reach.path.iter().enumerate().skip(1) {
        let plan = match move_to(&mover, id, next, MoveVerb::Move) {
            Ok(p) => p,
            // The path was ruled whole before (`rout_to`); should a step after an
            // Interdiction be refused (the HS its NMC left), the unit stops where the NMC
            // left it and its rout says why: the rout itself was legal.
            Err(r) if interdicted => {
                stopped = Some((
                    reach.path[i - 1].clone(),
                    Some(format!("{} ({})", r.reason, r.rule)),
                ));
                break;
            }
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
        walked
            .reveal_caves
            .extend(plan.reveal_caves.iter().cloned());
        walked
            .reveal_units
            .extend(plan.reveal_units.iter().cloned());
        walked.steps = i;
        walked.last = Some(after);
        // A10.53: Interdicted as it enters `next`, by the enemy units as the rout finds them
        // (one it revealed on the way included; the Interdictors do not move while it routs).
        // A Low Crawl (A10.52) is not Interdicted.
        let interdicting = if crawl {
            None
        } else {
            interdiction(&mover, &start, next)
        };
        if let Some(c) = &interdicting {
            interdicted = true;
            // It is in the hex as it takes its NMC.
            walked.commit(g, id, &reach, false);
            match interdicted_nmc(g, id, c) {
                Some(now) => {
                    // A HS (the id kept, `units::become_`) routs on, as the NMC left it (its
                    // counter, and its "?" lost on a failure, A12.14).
                    let concealed = g.unit_mut(id).is_some_and(|u| u.concealed);
                    if let Some(u) = mover.state.units.iter_mut().find(|u| u.unit.id == id) {
                        u.unit.counter = now.counter;
                        u.concealed = concealed;
                    }
                    if let Some(l) = walked.last.as_mut() {
                        l.concealed = concealed;
                    }
                }
                None => {
                    stopped = Some((next.clone(), None));
                    break;
                }
            }
        }
    }
    walked.commit(g, id, &reach, true);
    let Some(after) = walked.last.as_ref() else {
        return;
    };
    // A10.5 / G11.77 (`rout_makes_dm`): DM, unless it already is or routed into a Complex.
    let became_dm = match g.unit_mut(id) {
        Some(u) if rout_makes_dm(u, &after.at).is_some() => {
            u.unit.dm = true;
            true
        }
        _ => false,
    };
    let dm = if became_dm {
        "; it becomes DM (A10.5, not from the seeds)"
    } else {
        ""
    };
    let map = g.map();
    let path: Vec<String> = reach.path[..=walked.steps]
        .iter()
        .map(|l| l.display(map).to_string())
        .collect();
    let mf = if stopped.is_some() {
        after.unit.mf_spent
    } else {
        reach.mf
    };
    let hidden = if after.hidden {
        "; it is hidden there (G11.75)"
    } else {
        ""
    };
    if crawl {
        let text = format!(
            "{id} Low Crawls to {} ({} MF: {}): one Location, not subject to Interdiction \
             (A10.52, not from the seeds){hidden}{dm}",
            to.display(map),
            reach.mf,
            path.join(" -> "),
        );
        return g.ruled("rout", Some(id), LOW_CRAWL, text);
    }
    let text = format!(
        "{id} routs {} {} ({} MF: {}){}{}{dm}",
        if stopped.is_some() { "toward" } else { "to" },
        to.display(map),
        mf,
        path.join(" -> "),
        match &stopped {
            Some((at, None)) => format!(
                "; it stops in {}, Interdicted there (A10.53)",
                at.display(map)
            ),
            Some((at, Some(why))) => format!("; it stops in {}: {why}", at.display(map)),
            None => String::new(),
        },
        hidden
    );
    g.ruled("rout", Some(id), ROUT, text);
}

/// The part of a rout walked so far, and what it revealed.
#[derive(Default)]
struct Rout {
    steps: usize,
    last: Option<crate::rules::situation::UnitAt>,
    reveal_caves: Vec<String>,
    reveal_units: Vec<String>,
}

impl Rout {
    /// Puts the routing unit where the walk has brought it (its reveals made), with the MF the
    /// movement ruling counts (at the end, the whole rout's, `reach`).
    fn commit(&mut self, g: &mut Game, id: &str, reach: &crate::rules::moves::Reach, end: bool) {
        let Some(after) = &self.last else { return };
        g.reveal_caves(&std::mem::take(&mut self.reveal_caves));
        for other in std::mem::take(&mut self.reveal_units) {
            if let Some(u) = g.unit_mut(&other) {
                u.reveal_met();
            }
        }
        g.remove_climb(id);
        if let Some(u) = g.unit_mut(id) {
            u.at = after.at.clone();
            u.hidden = after.hidden;
            u.concealed = after.concealed;
            u.cloaked = after.cloaked;
            u.unit.mf_spent = if end && self.steps + 1 == reach.path.len() {
                reach.mf
            } else {
                after.unit.mf_spent
            };
            u.unit.routed = true;
            u.unit.entered_cave = after.unit.entered_cave;
        }
    }
}

/// A10.53: the Interdiction NMC of routing unit `id` (`c`, why): the unit as it routs on, or
/// `None` where it routs no further (eliminated, or pinned by a NMC passed with the highest DR
/// that passes it, `interdiction_pin`). A failure is Casualty Reduction (A10.53), whatever
/// the tables' reading of A10.3 (`take_interdiction_nmc`).
fn interdicted_nmc(g: &mut Game, id: &str, c: &crate::rules::Check) -> Option<crate::model::Unit> {
    g.ruled("interdiction", Some(id), c.rule, c.reason.clone());
    let result = super::units::take_interdiction_nmc(g, id, "Interdiction (A10.53)")?;
    if let Some(p) = interdiction_pin(id, &result) {
        if let Some(u) = g.unit_mut(id) {
            u.unit.pinned = true;
        }
        g.ruled("pinned", Some(id), p.rule, p.reason);
        return None;
    }
    g.unit_mut(id).map(|u| u.unit.clone())
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
