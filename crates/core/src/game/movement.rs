//! Move, EnterCave, ExitCave and the APh advance (decided by `rules::orders::movement`), and
//! Climb (decided by `rules::orders::climb`): each reads the situation, calls the ruling,
//! rolls the dice its plan names, applies the plan and records it with the plan's rule.

use super::context::Game;
use crate::hex::Vertex;
use crate::los::Location;
use crate::rules::orders::climb::{
    ClimbPlan, climb as climb_rule, climb_outcome, climb_to_place_dc as climb_to_place_dc_rule,
};
use crate::rules::orders::movement::{MoveVerb, move_to};
use crate::rules::orders::phase::straying_before_move;
use crate::rules::orders::trip_flares::on_entry;
use crate::rules::situation::Refusal;
use crate::state::Climb;

/// A4 / G11.7x / B11.4: moves a unit to an adjacent Location, as `rules::orders::movement`
/// rules it: in the ATTACKER's MPh paying MF, or as its one-Location advance in the APh.
pub(super) fn do_move(g: &mut Game, id: &str, to: &Location, verb: MoveVerb) {
    let s = g.situation();
    if let Err(r) = move_to(&s, id, to, verb) {
        return g.refused(Some(id), r);
    }
    // E1.53 / G11.96: at night the unit's Movement DR comes just before its first move to a
    // new hex this MPh (from a cave, when it first moves above ground).
    if let Some(stray) = straying_before_move(&s, id, to) {
        super::night::stray_or_not(g, stray);
    }
    let s = g.situation();
    let plan = match move_to(&s, id, to, verb) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let Some(before) = s.unit(id).cloned() else {
        return;
    };
    let trip = on_entry(&s, &before.at, &plan.after(&before).at);
    drop(s);
    if plan.climb_removed {
        g.remove_climb(id);
    }
    if !plan.reveal_caves.is_empty() {
        g.reveal_caves(&plan.reveal_caves);
    }
    for other in &plan.reveal_units {
        if let Some(u) = g.unit_mut(other) {
            u.reveal_met();
        }
    }
    let Some(unit) = g.unit_mut(id) else {
        return;
    };
    let after = plan.after(&before);
    unit.at = after.at;
    unit.hidden = after.hidden;
    unit.concealed = after.concealed;
    unit.cloaked = after.cloaked;
    unit.unit.mf_spent = after.unit.mf_spent;
    unit.unit.entered_cave = after.unit.entered_cave;
    unit.unit.assault_moving = after.unit.assault_moving;
    unit.unit.advanced = after.unit.advanced;
    g.ruled(plan.event.name(), Some(id), plan.rule, plan.text);
    super::trip_flares::trip_flare(g, id, trip);
}

/// B11.4 Climbing, as `rules::orders::climb` rules it: the Falling DR the plan names is rolled
/// here (G11.8331), and the unit ends on its new Climb counter or at the foot of the cliff.
pub(super) fn climb(g: &mut Game, id: &str, level: i32, vertex: Vertex) {
    let s = g.situation();
    let plan = climb_rule(&s, id, level, vertex);
    apply_climb(g, id, plan);
}

/// G11.8331 Climbing to Place a DC, as `rules::orders::climb::climb_to_place_dc` rules it: onto
/// the Climb counter at the cave's CA Hexside, with a Falling DR only when the unit Climbs a
/// cliff hexside and changes level.
pub(super) fn climb_to_place_dc(g: &mut Game, id: &str, cave: &str, level: i32, v: Vertex) {
    let s = g.situation();
    let plan = climb_to_place_dc_rule(&s, id, cave, level, v);
    apply_climb(g, id, plan);
}

fn apply_climb(g: &mut Game, id: &str, plan: Result<ClimbPlan, Refusal>) {
    let plan = match plan {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let dice = plan.falling.holds.then(|| g.dice.dr2(plan.falling.rule));
    let (c, w) = dice.unwrap_or((0, 0));
    let out = climb_outcome(&plan, c, w);
    g.remove_climb(id);
    if let Some(counter) = &out.counter {
        g.state.climbs.push(Climb {
            hex: counter.hex,
            vertex: counter.vertex,
            level: counter.level,
            unit: counter.unit.clone(),
        });
    }
    if let Some(exit) = &plan.out_of_cave
        && let Some(cave) = &exit.reveal_cave
    {
        g.reveal_caves(std::slice::from_ref(cave));
    }
    let Some(unit) = g.unit_mut(id) else {
        return;
    };
    unit.at = out.at;
    unit.unit.mf_spent = out.mf_spent;
    let mut text = out.text;
    if let Some(exit) = &plan.out_of_cave {
        unit.hidden = exit.hidden;
        unit.concealed = exit.concealed;
        text = format!("{text}; {}", exit.reason);
    }
    if dice.is_some() {
        g.rolled(out.event, Some(id), out.rule, vec![c, w], text);
    } else {
        g.ruled(out.event, Some(id), out.rule, text);
    }
}
