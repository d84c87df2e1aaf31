//! An IFT result applied to the units it hits (A7.301 KIA with Random Selection, ties rolled
//! again; A7.302 K and Casualty Reduction; #MC and NMC, leaders first; a PTC, A7.8), decided by
//! `rules::orders::units`, and the Leader Loss checks an attack's broken or eliminated leaders
//! cause (A10.2, `rules::orders::leader_loss`): the dice are rolled here. The Fire, the DCs and
//! Close Combat's Random Selection come here.

use super::context::Game;
use super::units::{apply_failure, casualty_reduced, take_mc};
use crate::los::Location;
use crate::model::Unit;
use crate::rules::ift::IftResult;
use crate::rules::japanese::step::Cause;
use crate::rules::orders::leader_loss::{LeaderBefore, LeaderLoss, leader_loss, lltc};
use crate::rules::orders::units::{
    IftEffect, RANDOM_SELECTION, casualty as casualty_of, ift_effect, kia_eliminates, kia_survivor,
    mc, ptc, random_selection, random_selection_ties, takes_ptc,
};

/// A7: applies an IFT `result` to every unit at `at` on `state` (as an attack's result is
/// applied, `units_hit`), rolling `dice`: what happened. For a tool or a test that has the
/// result already.
pub fn ift_result_at(
    state: &mut crate::state::GameState,
    setting: &crate::state::Setting,
    at: &Location,
    result: IftResult,
    dice: &mut super::dice::Dice,
) -> Vec<super::said::Said> {
    let mut g = Game::new(state, setting, dice);
    units_hit(&mut g, at, result);
    g.state.sort();
    g.said
}

/// Applies an IFT result to every unit in a Location, as `rules::orders::units::ift_effect`
/// says: Random Selection (A7.301) picks KIA and K victims (`targets_hit`).
pub(super) fn units_hit(g: &mut Game, at: &Location, result: IftResult) {
    let targets = hits_in(g, |(_, l)| l == at);
    targets_hit(g, targets, result);
}

/// The units (as they are now) for which `pick` holds of (unit, Location), sorted by id, as
/// attacks hit them.
pub(super) fn hits_in(g: &mut Game, pick: impl Fn((&Unit, &Location)) -> bool) -> Vec<Unit> {
    let mut v: Vec<Unit> = g
        .state
        .units
        .iter()
        .filter(|u| pick((&u.unit, &u.at)))
        .map(|u| u.unit.clone())
        .collect();
    v.sort_by(|a, b| a.id.cmp(&b.id));
    v
}

/// A7.301 Random Selection among `targets` (one dr each; none with one target).
fn select(g: &mut Game, targets: &mut Vec<Unit>) -> Option<Unit> {
    if targets.len() <= 1 {
        return targets.pop();
    }
    let rolls: Vec<u8> = targets
        .iter()
        .map(|_| g.dice.dr(RANDOM_SELECTION))
        .collect();
    let i = random_selection(&rolls)?;
    let chosen = targets.remove(i);
    g.rolled(
        "random_selection",
        Some(&chosen.id),
        RANDOM_SELECTION,
        rolls,
        format!("Random Selection picks {}", chosen.id),
    );
    Some(chosen)
}

/// A.9 Random Selection among `targets` where a tie at the highest dr selects every unit tied
/// (`random_selection_ties`; A11.11's Partial Kill): those chosen are taken out of `targets`.
pub(super) fn select_with_ties(g: &mut Game, targets: &mut Vec<Unit>) -> Vec<Unit> {
    if targets.len() <= 1 {
        return std::mem::take(targets);
    }
    let rolls: Vec<u8> = targets
        .iter()
        .map(|_| g.dice.dr(RANDOM_SELECTION))
        .collect();
    let picked = random_selection_ties(&rolls);
    let mut chosen = Vec::new();
    for i in picked.iter().rev() {
        chosen.push(targets.remove(*i));
    }
    chosen.reverse();
    // One event a unit picked, each naming only its own (the fog of war veils an event by its
    // unit, `play::runner::veil`).
    for (i, u) in chosen.iter().enumerate() {
        g.rolled(
            "random_selection",
            Some(&u.id),
            RANDOM_SELECTION,
            rolls.clone(),
            if i == 0 {
                format!("Random Selection picks {}", u.id)
            } else {
                format!(
                    "Random Selection picks {} too: a tie at the highest dr selects each unit \
                     tied (A.9)",
                    u.id
                )
            },
        );
    }
    chosen
}

/// Applies an IFT result to these units (sorted by id), as `units_hit` does.
pub(super) fn targets_hit(g: &mut Game, targets: Vec<Unit>, result: IftResult) {
    if targets.is_empty() {
        return;
    }
    let leaders = leaders_before(g, &targets);
    ift_effect_on(g, targets, result);
    leader_loss_checks(g, &leaders);
}

/// The leaders among `targets` as the attack finds them (A10.2).
fn leaders_before(g: &mut Game, targets: &[Unit]) -> Vec<LeaderBefore> {
    let s = g.situation();
    targets
        .iter()
        .filter(|u| crate::rules::orders::is_leader(u))
        .filter_map(|u| s.unit(&u.id))
        .map(|u| LeaderBefore {
            id: u.unit.id.clone(),
            side: u.unit.side(),
            at: u.at.clone(),
            morale: mc(&s, u, 0, |_| 0, "").level.value,
            leadership: crate::rules::orders::common::leadership(&u.unit),
            good_order: u.unit.good_order(),
        })
        .collect()
}

/// A10.2: after the attack, the LLMC and LLTC its leaders' loss asks
/// (`rules::orders::leader_loss::leader_loss`): a LLMC is a MC (a failure as any), a LLTC a TC that
/// pins on failure.
fn leader_loss_checks(g: &mut Game, leaders: &[LeaderBefore]) {
    if leaders.is_empty() {
        return;
    }
    let s = g.situation();
    let checks = leader_loss(&s, leaders);
    drop(s);
    for c in checks {
        match c {
            LeaderLoss::Llmc { unit, drm, why } => {
                take_mc(g, &unit, drm, Cause::OtherBreak, &why);
            }
            LeaderLoss::Lltc { unit, drm, why } => {
                let s = g.situation();
                let Some(u) = s.unit(&unit) else { continue };
                let setting = g.setting;
                let plan = mc(&s, u, drm, |side| setting.elr(side), &why);
                drop(s);
                let (c, w) = g.dice.dr2("A10.2");
                let (failed, text) = lltc(&plan, c, w);
                if failed && let Some(u) = g.unit_mut(&unit) {
                    u.unit.pinned = true;
                }
                g.rolled("lltc", Some(&unit), "A10.2", vec![c, w], text);
            }
        }
    }
}

/// Applies an IFT result to these units (sorted by id), as `targets_hit` does before the
/// Leader Loss checks.
fn ift_effect_on(g: &mut Game, mut targets: Vec<Unit>, result: IftResult) {
    match ift_effect(result) {
        IftEffect::Kia(n) => {
            for _ in 0..n {
                let Some(v) = select(g, &mut targets) else {
                    break;
                };
                g.eliminate(&v.id);
                let k = kia_eliminates();
                g.ruled("eliminated", Some(&v.id), k.rule, k.reason);
            }
            for v in targets {
                if let Some(f) = kia_survivor(&v) {
                    apply_failure(g, &v, &f);
                }
            }
        }
        IftEffect::Casualty { drm, why } => {
            // A.9: a tie at the highest Random Selection dr Casualty Reduces each unit tied
            // (its EX: a K/1 wounds the leader and reduces the squad that both rolled 3).
            for v in select_with_ties(g, &mut targets) {
                casualty_reduced(g, &v, &casualty_of(&v));
                targets.push(v);
            }
            targets.sort_by(|a, b| a.id.cmp(&b.id));
            mcs_leaders_first(g, targets, drm, &why);
        }
        IftEffect::Mc { drm, why } => mcs_leaders_first(g, targets, drm, &why),
        IftEffect::Ptc => {
            for v in targets {
                take_ptc(g, &v.id);
            }
        }
        IftEffect::Nothing(c) => g.ruled("no_effect", None, c.rule, c.reason),
    }
}

/// A10.7 / A7.4 (NOT FROM THE SEEDS): the units an attack hits take their MC leaders first (the
/// best leadership first); then each other unit takes its MC with the leadership modifier of
/// the best leader in its Location still in Good Order, who has not just broken
/// (`rules::orders::units::mc_leadership`).
/// A10.7: `units` split into their leaders, the best leadership first (then by id), and the
/// others in their order: the leaders check first, whose modifier the others' MC take.
pub(super) fn leaders_first(units: Vec<Unit>) -> (Vec<Unit>, Vec<Unit>) {
    let (mut leaders, others): (Vec<Unit>, Vec<Unit>) =
        units.into_iter().partition(crate::rules::orders::is_leader);
    leaders.sort_by_key(|l| (crate::rules::orders::rally::leadership(l), l.id.clone()));
    (leaders, others)
}

fn mcs_leaders_first(g: &mut Game, targets: Vec<Unit>, drm: i32, why: &str) {
    let (leaders, others) = leaders_first(targets);
    for l in &leaders {
        take_mc(g, &l.id, drm, Cause::IftMc, why);
    }
    for v in others {
        let s = g.situation();
        let lead = s
            .unit(&v.id)
            .and_then(|u| crate::rules::orders::units::mc_leadership(&s, u));
        drop(s);
        match lead {
            Some(l) => {
                let why = format!("{why} {:+} {}", l.value, l.reason);
                take_mc(g, &v.id, drm + l.value, Cause::IftMc, &why);
            }
            None => take_mc(g, &v.id, drm, Cause::IftMc, why),
        }
    }
}

/// A7.8: unit `id` takes a Pin Task Check (`rules::orders::units::ptc`) if it is one who does
/// (`takes_ptc`); failing, it is pinned.
fn take_ptc(g: &mut Game, id: &str) {
    let s = g.situation();
    let Some(u) = s.unit(id) else { return };
    // G1.4: a Japanese SMC takes no PTC and does not Pin, "however, any PTC/Pin result vs a
    // concealed Japanese SMC can cause the loss of his concealment": he rolls it for his "?"
    // alone (our reading).
    let smc_veil = crate::rules::orders::units::japanese_smc(&u.unit) && u.concealed;
    if !takes_ptc(&u.unit) && !smc_veil {
        return;
    }
    let setting = g.setting;
    let plan = mc(&s, u, 0, |side| setting.elr(side), "a PTC");
    drop(s);
    let (c, w) = g.dice.dr2("A7.8");
    let (failed, text) = ptc(&plan, c, w, !smc_veil);
    if failed
        && !smc_veil
        && let Some(u) = g.unit_mut(id)
    {
        u.unit.pinned = true;
    }
    let rule = if smc_veil { "G1.4" } else { "A7.8" };
    g.rolled("ptc", Some(id), rule, vec![c, w], text);
    if failed {
        super::units::concealment_lost(g, id, "fails its PTC");
    }
}
