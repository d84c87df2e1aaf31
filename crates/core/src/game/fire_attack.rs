//! A7/A8 Fire (with E1.7, E1.8, G11.81, G.3), decided by `rules::orders::fire::fire`: the IFT
//! DR is rolled and the result applied to the units in the target Location (Casualty
//! Reduction, MC, Japanese Step Reduction and Wounds: `ift_hits::targets_hit`); then the firers
//! are marked with their fire counter, their HIP/"?"/Cloaking lost as the plan says, and at
//! night their Locations marked by a Gunflash (E1.8). E1.55-E1.552 Jitter Fire after a
//! Straying DR (`rules::orders::jitter`) marks its firers the same way, attacking no one.

use super::context::Game;
use super::ift_hits::{hits_in, targets_hit};
use crate::los::Location;
use crate::model::FireMark;
use crate::rules::night::movement::JitterOutcome;
use crate::rules::orders::{fire as fire_rule, jitter};

/// Puts fire counter `mark` on unit `id`.
/// A8.3: a unit already marked First Fire that fires again in the MPh is marked Final Fire.
fn mark(g: &mut Game, id: &str, mark: FireMark) {
    if let Some(u) = g.unit_mut(id) {
        u.unit.fired = Some(crate::rules::orders::fire_phase::subsequent_mark(
            mark,
            u.unit.fired,
        ));
    }
}

/// A7/A8 Fire by `ids` at `at`, as `rules::orders::fire::fire` decides.
pub(super) fn fire(g: &mut Game, ids: &[String], at: &Location) {
    let s = g.situation();
    let plan = match fire_rule::fire(&s, ids, at) {
        Ok(p) => p,
        Err(r) => {
            let names: Vec<&str> = ids.iter().map(String::as_str).collect();
            return g.refused(super::aftermath::refusing_unit(&s, &names), r);
        }
    };
    let lead = plan.firers[0].clone();
    if let Some(c) = &plan.cave {
        g.ruled("predesignate", Some(&lead), c.rule, c.reason.clone());
    }
    let (c, w) = g.dice.dr2(plan.roll_rule);
    let out = plan.resolve(c, w);
    g.rolled("fire", Some(&lead), plan.roll_rule, vec![c, w], out.text);
    let targets = hits_in(g, |(u, _)| plan.targets.contains(&u.id));
    targets_hit(g, targets, out.result);
    for id in plan.firers.iter().chain(plan.leader.iter()) {
        mark(g, id, plan.mark);
    }
    // A8.1: in the MPh each firer has fired at this expenditure of MF.
    if plan.mark == FireMark::FirstFire {
        for id in plan.firers.iter().chain(plan.leader.iter()) {
            g.state.tallies.fired_at_expenditure.push(id.clone());
        }
    }
    for r in &plan.reveals {
        g.attacker_revealed(r);
    }
    // A8.31: each firer of FPF takes the Original IFT DR as its NMC DR, a leader first (A10.7:
    // the others' MC take his modifier only while he is in Good Order).
    let s = g.situation();
    let firers: Vec<_> = plan
        .fpf
        .iter()
        .filter_map(|id| s.unit(id).map(|u| u.unit.clone()))
        .collect();
    drop(s);
    let (leaders, others) = super::ift_hits::leaders_first(firers);
    for u in leaders.iter().chain(&others) {
        super::units::take_fpf_nmc(g, &u.id, c, w);
    }
    if let Some(gf) = &plan.gunflash {
        for l in &plan.gunflashes {
            g.gunflash(l);
        }
        if plan.vs_enemy {
            g.state.tallies.gunflash_vs_enemy = true;
        }
        let map = g.map();
        let places: Vec<String> = plan
            .gunflashes
            .iter()
            .map(|l| l.display(map).to_string())
            .collect();
        g.ruled(
            "gunflash",
            Some(&lead),
            gf.rule,
            format!("Gunflash in {}: {}", places.join(", "), gf.reason),
        );
    }
}

/// E1.55-E1.552: the Jitter Fire moving unit `mover`'s Straying DR (`colored`, `white`, a
/// Doubles) sets off, as `rules::orders::jitter::jitter_fire` decides: each unit that Jitter
/// Fires gets its fire counter and a Gunflash; no one is attacked.
pub(super) fn jitter_fire(g: &mut Game, mover: &str, colored: u8, white: u8) {
    let s = g.situation();
    let plan = jitter::jitter_fire(&s, mover, colored, white);
    g.ruled(
        "jitter",
        Some(mover),
        plan.check.rule,
        plan.check.reason.clone(),
    );
    let map = g.map();
    if let Some(c) = &plan.closest {
        let chosen = plan.chosen.map_or(String::new(), |h| {
            format!(
                "; the ATTACKER's choice is read as the first: {}",
                map.name(h)
            )
        });
        g.ruled(
            "closest_defender",
            None,
            c.rule,
            format!("{}{chosen}", c.reason),
        );
    }
    for d in &plan.units {
        let mut text = d.result.reason.clone();
        if d.result.outcome == JitterOutcome::Fires {
            mark(g, &d.unit, d.mark);
            g.gunflash(&d.at);
            text = format!(
                "{text}; marked {} and a Gunflash in {}: it affects no one but the firer (E1.552)",
                d.mark.name(),
                d.at.display(map)
            );
        }
        g.ruled("jitter_fire", Some(&d.unit), d.result.rule, text);
    }
}

/// E1.8 / A7: at the end of the Player Turn, its Gunflashes and fire counters are removed
/// (`rules::orders::jitter::end_of_player_turn_fire`), but a Melee's Gunflash (E1.82).
pub(super) fn end_of_player_turn(g: &mut Game) {
    let s = g.situation();
    let c = jitter::end_of_player_turn_fire(&s);
    let kept = jitter::gunflashes_kept(&s);
    drop(s);
    if !c.holds {
        return;
    }
    g.state.gunflashes = kept;
    for u in g.state.units.iter_mut() {
        u.unit.fired = None;
    }
    g.ruled("removed", None, c.rule, c.reason);
}
