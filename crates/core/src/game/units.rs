//! Morale Checks and what failing one makes of a unit (A10 with G1.11-G1.14, G1.3, G1.4,
//! G1.41), Search (G11.33, G1.63) and T-H Hero creation (G1.421-G1.424): decided by
//! `rules::orders::{units, search, heroes}`; here the dice are rolled and the plans applied.

use super::context::Game;
use crate::hex::Hex;
use crate::model::Unit;
use crate::rules::japanese::smc::SmcOutcome;
use crate::rules::japanese::step::{Becomes, Cause};
use crate::rules::morale::McResult;
use crate::rules::orders::heroes::create_hero as hero_order;
use crate::rules::orders::search::search as search_order;
use crate::rules::orders::units::{
    McFailure, McPlan, mc, mc_failure_reducing, morale_check, pinned_by_passed_mc,
};
use crate::rules::situation::UnitAt;

/// A10 / G1.41: a unit takes a MC with `drm` (`rules::orders::units::mc`); a failure is applied
/// (G1.11-G1.14, G1.4, A10.3). A unit no longer in play takes none.
pub(super) fn take_mc(g: &mut Game, id: &str, drm: i32, cause: Cause, why: &str) {
    take_mc_result(g, id, drm, cause, why);
}

/// `take_mc`, with the MC's result (`None`: the unit is no longer in play and takes none).
pub(super) fn take_mc_result(
    g: &mut Game,
    id: &str,
    drm: i32,
    cause: Cause,
    why: &str,
) -> Option<McResult> {
    let s = g.situation();
    let u = s.unit(id)?;
    let setting = g.setting;
    let plan = mc(&s, u, drm, |side| setting.elr(side), why);
    let unit = u.unit.clone();
    let reduces = setting.tables.broken_failure_reduces;
    Some(resolve_mc(g, &plan, &unit, cause, reduces))
}

/// A10.53: a routing unit's Interdiction NMC (`take_mc_result` with no DRM): failed, the
/// broken unit is Casualty Reduced whatever the tables' A10.3 reading
/// (`broken_failure_reduces`): A10.53 says so itself.
pub(super) fn take_interdiction_nmc(g: &mut Game, id: &str, why: &str) -> Option<McResult> {
    let s = g.situation();
    let u = s.unit(id)?;
    let setting = g.setting;
    let plan = mc(&s, u, 0, |side| setting.elr(side), why);
    let unit = u.unit.clone();
    Some(resolve_mc(g, &plan, &unit, Cause::IftMc, true))
}

/// A8.31 (NOT IN OUR SOURCES; G1.11/G1.12 name the "FPF MC"): a firer of Final Protective
/// Fire takes a NMC whose DR is the attack's Original IFT DR (`colored`, `white`), with the
/// leadership modifier of the best Good Order leader in its Location (A10.7); a failure is an
/// IFT/FPF MC's (G1.11-G1.12 for a Japanese squad). Passing it never pins (no attack was made
/// on the firer, A7.8). `None`: the unit is no longer in play.
pub(super) fn take_fpf_nmc(g: &mut Game, id: &str, colored: u8, white: u8) -> Option<McResult> {
    let s = g.situation();
    let setting = g.setting;
    let plan = morale_check(&s, id, 0, |side| setting.elr(side)).ok()?;
    let plan = McPlan {
        why: format!(
            "{}: its FPF's Original IFT DR {} is its NMC DR (A8.31, not in our sources)",
            plan.why,
            colored + white
        ),
        roll_rule: "A8.31",
        ..plan
    };
    let unit = s.unit(id)?.unit.clone();
    let reduces = setting.tables.broken_failure_reduces;
    Some(resolve_mc_dice(
        g,
        &plan,
        &unit,
        Cause::IftMc,
        reduces,
        (colored, white),
        false,
    ))
}

/// Rolls a planned MC, records it and applies a failure to the unit (`unit`: as it was before);
/// an IFT MC passed with the highest DR that passes it pins the unit (A7.8). Its result.
fn resolve_mc(
    g: &mut Game,
    plan: &McPlan,
    unit: &Unit,
    cause: Cause,
    broken_reduces: bool,
) -> McResult {
    let dice = g.dice.dr2(plan.roll_rule);
    resolve_mc_dice(g, plan, unit, cause, broken_reduces, dice, true)
}

/// `resolve_mc` with its DR given (`dice`, colored and white); `may_pin`: an IFT MC passed
/// with the highest DR that passes it pins the unit (A7.8).
fn resolve_mc_dice(
    g: &mut Game,
    plan: &McPlan,
    unit: &Unit,
    cause: Cause,
    broken_reduces: bool,
    (c, w): (u8, u8),
    may_pin: bool,
) -> McResult {
    let (result, text) = plan.check(c, w);
    g.rolled(
        "morale_check",
        Some(&plan.unit),
        result.rule,
        vec![c, w],
        text,
    );
    // A15.1 / G1.62 / G11.97: an Original 2 causes Heat of Battle (a Japanese unit).
    let tables = g.setting.tables;
    let hob = g
        .unit_mut(&plan.unit)
        .is_some_and(|u| crate::rules::orders::banzai::causes_heat_of_battle(tables, u, c, w));
    if hob {
        super::banzai::heat_of_battle_dr(g, &plan.unit);
    }
    if result.passed {
        let s = g.situation();
        let pin = (cause == Cause::IftMc && may_pin)
            .then(|| s.unit(&plan.unit))
            .flatten()
            .and_then(|u| pinned_by_passed_mc(u, &result));
        drop(s);
        if let Some(c) = pin {
            if let Some(u) = g.unit_mut(&plan.unit) {
                u.unit.pinned = true;
            }
            g.ruled("pinned", Some(&plan.unit), c.rule, c.reason);
        }
        return result;
    }
    if g.unit_mut(&plan.unit).is_none() {
        return result;
    }
    if let Some(f) = mc_failure_reducing(unit, cause, &result, broken_reduces) {
        apply_failure(g, unit, &f);
    }
    concealment_lost(g, &plan.unit, "fails its MC");
    result
}

/// A12.14 (NOT FROM THE SEEDS, our reading of G1.4's "any PTC/Pin result vs a concealed
/// Japanese SMC can cause the loss of his concealment" and of G1.11, whose Step-Reduced squad
/// keeps its "pinned/TI/CX status" and not its "?"): a concealed unit that fails a MC or PTC
/// loses "?" (each counter a failure made of it, a Step-Reduced squad's HS too).
pub(super) fn concealment_lost(g: &mut Game, id: &str, what: &str) {
    let ids: Vec<String> = g
        .state
        .units
        .iter()
        .filter(|u| {
            u.concealed && (u.unit.id == id || crate::model::parent_unit_id(&u.unit.id) == Some(id))
        })
        .map(|u| u.unit.id.clone())
        .collect();
    for x in ids {
        if let Some(u) = g.unit_mut(&x) {
            u.concealed = false;
        }
        g.ruled(
            "revealed",
            Some(&x),
            "A12.14",
            format!(
                "{x} {what}: a concealed unit that fails a MC or PTC loses \"?\" (A12.14, not \
                 in our sources; G1.4, G1.11)"
            ),
        );
    }
}

/// A7.302: applies a Casualty Reduction (`f`, what `units::casualty` or a Rally's plan makes of
/// the unit, `unit` as it was before): a new counter, logged as event `casualty`, or a SMC's
/// wound / an elimination as any failure.
pub(super) fn casualty_reduced(g: &mut Game, unit: &Unit, f: &McFailure) {
    match f {
        McFailure::Becomes(out) => {
            become_(g, unit, &out.becomes);
            g.ruled("casualty", Some(&unit.id), out.rule, out.reason.clone());
        }
        f => apply_failure(g, unit, f),
    }
}

/// Applies what a failed MC (or a KIA break) makes of a unit (`unit`: as it was before).
pub(super) fn apply_failure(g: &mut Game, unit: &Unit, f: &McFailure) {
    let id = unit.id.as_str();
    match f {
        McFailure::JapaneseSmc { roll_rule, .. } => wound(g, id, f, roll_rule, false),
        McFailure::Wounds { breaks, .. } => wound(g, id, f, "A17.11", *breaks),
        McFailure::Breaks(c) => {
            // A10.62: a unit that breaks is DM, a leader as a squad.
            if let Some(u) = g.unit_mut(id) {
                u.unit.broken = true;
                u.unit.dm = true;
            }
            g.ruled("break", Some(id), c.rule, c.reason.clone());
        }
        McFailure::Becomes(out) => {
            become_(g, unit, &out.becomes);
            g.ruled("break", Some(id), out.rule, out.reason.clone());
        }
    }
}

/// G1.4 / A17.11: a SMC's wound (`f`, a `JapaneseSmc` or `Wounds` failure): the Wound Severity
/// dr under `roll_rule` where one decides anything, then Wounded (and broken where `breaks`,
/// A10.31's Casualty MC) or eliminated.
fn wound(g: &mut Game, id: &str, f: &McFailure, roll_rule: &'static str, breaks: bool) {
    // No dr where none decides anything (G1.41, G1.4).
    let dr = f.wound_dr_needed().then(|| g.dice.dr(roll_rule));
    let Some(r) = f.wound(g.setting.tables.wound_severity, dr.unwrap_or(0)) else {
        return;
    };
    match r.outcome {
        SmcOutcome::Eliminated => g.eliminate(id),
        SmcOutcome::Wounded => {
            if let Some(u) = g.unit_mut(id) {
                u.unit.wounded = true;
                u.unit.broken |= breaks;
                u.unit.dm |= breaks;
            }
        }
        SmcOutcome::Unaffected => {}
    }
    match dr {
        Some(dr) => g.rolled("smc", Some(id), r.rule, vec![dr], r.reason),
        None => g.ruled("smc", Some(id), r.rule, r.reason),
    }
}

/// Exchanges a unit for what a rule makes of it: the first counter keeps the unit's id, more
/// counters join it with ids `<id>.2`, ...; none eliminates it.
pub(super) fn become_(g: &mut Game, unit: &Unit, list: &[Becomes]) {
    let Some(first) = list.first() else {
        g.eliminate(&unit.id);
        return;
    };
    let Some(now) = g.unit_mut(&unit.id) else {
        return;
    };
    now.unit.counter = first.counter.clone();
    now.unit.broken = first.broken;
    now.unit.dm = first.dm;
    let at = now.at.clone();
    // A26.2 / G1.65: the opponent gains what the exchange loses (a squad for a HS: 1).
    let counters: Vec<&str> = list.iter().map(|b| b.counter.as_str()).collect();
    let (lost, ..) =
        crate::rules::victory::exchange_cvp(unit, &counters, &g.setting.tables.casualty_vp);
    g.state.scoring.add_cvp(unit.side().opponent(), lost);
    for (n, b) in list.iter().enumerate().skip(1) {
        let mut more = unit.clone();
        more.id = crate::model::derived_unit_id(&unit.id, n + 1);
        more.counter = b.counter.clone();
        more.broken = b.broken;
        more.dm = b.dm;
        more.dc = false;
        // The DC it Placed or Set goes off once, with the unit that keeps the id (A23.3).
        more.placed_dc = None;
        g.state.units.push(UnitAt {
            unit: more,
            at: at.clone(),
            hidden: false,
            concealed: false,
            cloaked: false,
        });
    }
}

/// Script `MoraleCheck(unit, drm)`: `rules::orders::units::morale_check` (as from an IFT
/// attack, G1.12).
pub(super) fn morale_check_action(g: &mut Game, id: &str, drm: i32) {
    let s = g.situation();
    let setting = g.setting;
    let plan = match morale_check(&s, id, drm, |side| setting.elr(side)) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let Some(unit) = s.unit(id).map(|u| u.unit.clone()) else {
        return;
    };
    let reduces = setting.tables.broken_failure_reduces;
    resolve_mc(g, &plan, &unit, Cause::IftMc, reduces);
}

/// G11.33 / G1.63 Search (MPh), as `rules::orders::search::search` decides: the caves and
/// units it reveals are revealed and the Searcher's MPh ends.
pub(super) fn search(g: &mut Game, id: &str, hex: Hex) {
    let s = g.situation();
    let plan = match search_order(&s, id, hex) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let trip = s
        .unit(id)
        .and_then(|u| crate::rules::orders::trip_flares::on_search(&s, &u.at, hex));
    g.reveal_caves(&plan.caves);
    for other in &plan.revealed {
        if let Some(u) = g.unit_mut(other) {
            u.hidden = false;
            u.concealed = false;
        }
    }
    if let Some(u) = g.unit_mut(id) {
        u.unit.mf_spent = plan.mf_spent;
    }
    g.ruled("search", Some(id), plan.rule, plan.reason);
    super::trip_flares::trip_flare(g, id, trip);
}

/// G1.421/G1.424: a T-H Hero creation attempt vs a Designated Target unit, as
/// `rules::orders::heroes::create_hero` decides; the creation dr is rolled here and the Hero
/// placed.
pub(super) fn create_hero(g: &mut Game, id: &str, target: &str) {
    let s = g.situation();
    let plan = match hero_order(&s, id, target, s.ob_japanese_squads) {
        Ok(p) => p,
        Err(r) => return g.refused(super::aftermath::refusing_unit(&s, &[id, target]), r),
    };
    let d = g.dice.dr(plan.roll_rule);
    let h = plan.roll(d);
    if let Some(u) = g.unit_mut(id) {
        u.unit.hero_attempted = true;
        if h.pinned {
            u.unit.pinned = true;
        }
        if h.created {
            u.unit.dc = false;
        }
        if let Some((concealed_after, _)) = &plan.creator_veil {
            u.hidden = false;
            u.concealed = *concealed_after;
        }
    }
    if h.created {
        g.state.units.push(UnitAt {
            unit: plan.hero.clone(),
            at: plan.at.clone(),
            hidden: false,
            concealed: false,
            cloaked: false,
        });
        g.state.tallies.heroes_created += 1;
    }
    let reason = match &plan.creator_veil {
        Some((_, why)) => format!("{}; {why}", h.reason),
        None => h.reason,
    };
    g.rolled("hero", Some(id), h.rule, vec![d], reason);
}
