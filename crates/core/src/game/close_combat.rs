//! Close Combat in one Location (`rules::orders::close_combat` decides): the Ambush drs, the
//! Hand-to-Hand of G1.64, each side's CC DR on the CC Table (simultaneous, or the ambusher
//! first and the survivors after), eliminations and Casualty Reductions (one target's, by
//! Random Selection, more on a tie: A11.11's Partial Kill), and Melee with its
//! night Gunflash (E1.82).

use super::context::Game;
use super::ift_hits::select_with_ties;
use super::units::casualty_reduced;
use crate::los::Location;
use crate::model::{Side, Unit};
use crate::rules::orders::close_combat::{CC, CcAttack, ambush_result, close_combat};
use crate::rules::orders::common::{both_sides_at, melee_recorded};
use crate::rules::orders::units::casualty;
use crate::state::CcLocation;

/// What one CC attack's DR decided.
enum CcResult {
    Eliminated,
    Casualty,
    Nothing,
}

/// A11.1 / A11.12 / A11.7: the Close Combats still owed as the CCPh ends (`cc_owed`), each
/// fought as a CC order with every unit there, after an event `cc_owed` that says why.
pub(super) fn owed_close_combats(g: &mut Game) {
    let owed = crate::rules::orders::close_combat::cc_owed(&g.situation());
    for (at, advanced) in owed {
        let name = at.display(g.map()).to_string();
        let why = if advanced {
            format!(
                "no Close Combat was ordered in {name}, which the ATTACKER advanced into: the \
                 CC an advance makes is fought (A11.1, A11.12, not from the seeds)"
            )
        } else {
            format!(
                "no Close Combat was ordered in {name}, where a Melee goes on: a Melee is \
                 fought in every CCPh while both sides are there (A11.7, A11.12, not from \
                 the seeds)"
            )
        };
        g.ruled(
            "cc_owed",
            None,
            "A11.12",
            format!("{why}, as the CCPh ends, every unit there attacking"),
        );
        do_close_combat(g, &at, &[], &[]);
    }
}

/// The CC in Location `at` (`attackers` vs `targets`: the ATTACKER's attack as divided).
pub(super) fn do_close_combat(
    g: &mut Game,
    at: &Location,
    attackers: &[String],
    targets: &[String],
) {
    let s = g.situation();
    let plan = match close_combat(&s, at, attackers, targets) {
        Ok(p) => p,
        Err(r) => return g.refused(None, r),
    };
    drop(s);
    let name = at.display(g.map()).to_string();
    reveal_in_cc(g, at, &name);
    // A11.4: one Ambush determination a Location a CCPh, by its first CC order.
    let ambusher = match &plan.earlier {
        Some(e) => e.ambusher,
        None => roll_ambush(g, &plan, &name),
    };
    // G1.64: Japanese CC is Hand-to-Hand, unless the Japanese were Ambushed or all pinned.
    let hand_to_hand = plan.hand_to_hand(ambusher);
    if plan.earlier.is_none() {
        g.state.tallies.cc_locations.push(CcLocation {
            at: at.clone(),
            ambusher,
            hand_to_hand,
        });
    }
    if hand_to_hand {
        g.ruled(
            "hand_to_hand",
            None,
            "G1.64",
            format!(
                "the CC in {name} is Hand-to-Hand (J2.31): a Japanese unit is the ATTACKER or \
                 Ambushes"
            ),
        );
    }
    match ambusher {
        Some(side) => {
            if let Some(a) = plan.attacks.iter().find(|a| a.side == side) {
                let r = roll_attack(g, a, hand_to_hand);
                apply_result(g, a, r);
                // A11.19: the ambushers have attacked: they lose "?" (a Cloaked one keeps its
                // Cloaking, E1.43) before the ambushed attack back, which is then not halved.
                attackers_revealed(g, std::slice::from_ref(a), ambusher, &name);
            }
            // The ambushed attack with what survives.
            let s = g.situation();
            let alive = |ids: &[String]| -> Vec<String> {
                ids.iter()
                    .filter(|i| s.unit(i).is_some())
                    .cloned()
                    .collect()
            };
            let (a, t) = (alive(attackers), alive(targets));
            let lost_all =
                (!attackers.is_empty() && a.is_empty()) || (!targets.is_empty() && t.is_empty());
            let again = (!lost_all)
                .then(|| close_combat(&s, at, &a, &t).ok())
                .flatten();
            drop(s);
            if let Some(a) = again.and_then(|p| p.attacks.into_iter().find(|a| a.side != side)) {
                let r = roll_attack(g, &a, hand_to_hand);
                apply_result(g, &a, r);
            }
        }
        None => {
            let rolled: Vec<(CcAttack, CcResult)> = plan
                .attacks
                .iter()
                .map(|a| (a.clone(), roll_attack(g, a, hand_to_hand)))
                .collect();
            for (a, r) in rolled {
                apply_result(g, &a, r);
            }
        }
    }
    let rest: Vec<CcAttack> = plan
        .attacks
        .iter()
        .filter(|a| Some(a.side) != ambusher)
        .cloned()
        .collect();
    attackers_revealed(g, &rest, ambusher, &name);
    for a in &plan.attacks {
        for id in &a.attackers {
            if !g.state.tallies.cc_attacked.contains(id) {
                g.state.tallies.cc_attacked.push(id.clone());
            }
        }
    }
    melee_after(g, at, plan.night, &name);
}

/// A11.19 / A12 / E1.43: a unit that made a CC attack loses "?" and Cloaking, but a Cloaked
/// unit whose side made a successful Ambush keeps its Cloaking (E1.43: it is lost "for making
/// any attack other than a successful Ambush").
fn attackers_revealed(g: &mut Game, attacks: &[CcAttack], ambusher: Option<Side>, name: &str) {
    let mut lost = Vec::new();
    let mut kept = Vec::new();
    for a in attacks {
        for id in &a.attackers {
            let Some(u) = g.unit_mut(id) else { continue };
            if !(u.concealed || u.cloaked) {
                continue;
            }
            if u.cloaked && ambusher == Some(a.side) {
                kept.push(id.clone());
                continue;
            }
            u.concealed = false;
            u.cloaked = false;
            lost.push(id.clone());
        }
    }
    if !lost.is_empty() {
        g.ruled(
            "revealed",
            None,
            "A11.19",
            format!(
                "{} attacked in Close Combat in {name}: \"?\" and Cloaking lost",
                lost.join(", ")
            ),
        );
    }
    if !kept.is_empty() {
        g.ruled(
            "cloaked",
            None,
            "E1.43",
            format!(
                "{} attacked by a successful Ambush: Cloaking is kept (it is lost for any attack \
                 other than a successful Ambush)",
                kept.join(", ")
            ),
        );
    }
}

/// Rolls one attack's CC DR on its column (the red Kill Number for Hand-to-Hand) and says it.
fn roll_attack(g: &mut Game, a: &CcAttack, hand_to_hand: bool) -> CcResult {
    let odds = g
        .setting
        .tables
        .close_combat
        .odds(a.fp, a.defence, hand_to_hand);
    let mut drm = a.drm.clone();
    if hand_to_hand && let Some(h) = &a.hand_to_hand_drm {
        drm.push(h.clone());
    }
    let total: i32 = drm.iter().map(|d| d.value).sum();
    let (c, w) = g.dice.dr2(CC);
    let final_dr = i32::from(c) + i32::from(w) + total;
    let result = if final_dr < odds.kill {
        CcResult::Eliminated
    } else if final_dr == odds.kill {
        CcResult::Casualty
    } else {
        CcResult::Nothing
    };
    let drm_text: Vec<String> = drm
        .iter()
        .map(|d| format!("{:+} {} ({})", d.value, d.reason, d.rule))
        .collect();
    let text = format!(
        "{} ({} FP{}) vs {} ({} FP): {} column, {} Kill Number {}; CC DR {}{} = {final_dr}: {} \
         (A11.11's CC Table, not from the seeds: assets/tables.ron)",
        a.attackers.join(", "),
        a.fp,
        if a.fp_notes.is_empty() {
            String::new()
        } else {
            format!(": {}", a.fp_notes.join("; "))
        },
        a.targets.join(", "),
        a.defence,
        odds.label,
        if hand_to_hand {
            "Hand-to-Hand (J2.31): the red"
        } else {
            "the"
        },
        odds.kill,
        c + w,
        if drm_text.is_empty() {
            String::new()
        } else {
            format!(" [{}]", drm_text.join(", "))
        },
        match result {
            CcResult::Eliminated => "below it: the targets are eliminated",
            CcResult::Casualty => {
                "equal to it: a Partial Kill, one target (by Random Selection, A.9; each tied \
                 at the highest dr) suffers Casualty Reduction"
            }
            CcResult::Nothing => "no effect",
        }
    );
    g.rolled(
        "close_combat",
        a.attackers.first().map(String::as_str),
        CC,
        vec![c, w],
        text,
    );
    result
}

/// Applies an attack's result to its targets still in play: all eliminated (a Final DR below
/// the Kill Number), or one of them, by Random Selection, Casualty Reduced (equal to it:
/// A11.11's Partial Kill, "one (or more) defending unit suffers Casualty Reduction as
/// determined by Random Selection": a tie at the highest dr selects each unit tied, A.9; not
/// from the seeds: ruleschat quoting the eASLRB, its A11.622 EX, asl-ift).
fn apply_result(g: &mut Game, a: &CcAttack, r: CcResult) {
    let mut alive: Vec<Unit> = a
        .targets
        .iter()
        .filter_map(|id| {
            g.state
                .units
                .iter()
                .find(|u| &u.unit.id == id)
                .map(|u| u.unit.clone())
        })
        .collect();
    match r {
        CcResult::Eliminated => {
            for unit in &alive {
                let id = &unit.id;
                g.eliminate(id);
                g.ruled(
                    "eliminated",
                    Some(id),
                    CC,
                    "eliminated in Close Combat".into(),
                );
            }
        }
        CcResult::Casualty => {
            for unit in select_with_ties(g, &mut alive) {
                casualty_reduced(g, &unit, &casualty(&unit));
            }
        }
        CcResult::Nothing => {}
    }
}

/// A hidden unit in a Location in Close Combat is revealed (our reading of A11/A12: CC is
/// fought face to face); a concealed or Cloaked one keeps "?" until it attacks (A11.19: an
/// attack on units all concealed is halved, and they are not revealed first).
fn reveal_in_cc(g: &mut Game, at: &Location, name: &str) {
    let mut revealed = Vec::new();
    for u in g.state.units.iter_mut().filter(|u| &u.at == at) {
        if u.hidden {
            u.hidden = false;
            revealed.push(u.unit.id.clone());
        }
    }
    if !revealed.is_empty() {
        g.ruled(
            "revealed",
            None,
            "A11",
            format!(
                "{} in Close Combat in {name}: hidden no more",
                revealed.join(", ")
            ),
        );
    }
}

/// A11.4 / E1.77: the Ambush drs where the plan has them, said; the side that Ambushes, if one
/// does.
fn roll_ambush(
    g: &mut Game,
    plan: &crate::rules::orders::close_combat::CcPlan,
    name: &str,
) -> Option<Side> {
    let a = plan.ambush.as_ref()?;
    let (ad, dd) = (g.dice.dr("A11.4"), g.dice.dr("A11.4"));
    let ambusher = ambush_result(a, ad, dd, plan.attacker);
    let drm = |v: &[crate::rules::Amount]| -> String {
        v.iter()
            .map(|x| format!(" {:+} {} ({})", x.value, x.reason, x.rule))
            .collect()
    };
    let rule = if a.attacker_needs == 2 {
        "E1.77"
    } else {
        "A11.4"
    };
    let text = format!(
        "Ambush drs in {name}: {:?} (the ATTACKER) {ad}{}, {:?} {dd}{}; the ATTACKER Ambushes \
         with a Final dr at least {} less, the DEFENDER with 3 less: {}",
        plan.attacker,
        drm(&a.attacker_drm),
        plan.attacker.opponent(),
        drm(&a.defender_drm),
        a.attacker_needs,
        ambusher.map_or("no Ambush".to_string(), |x| format!(
            "the {x:?} side Ambushes"
        )),
    );
    g.rolled("ambush", None, rule, vec![ad, dd], text);
    ambusher
}

/// A11.7: both sides left in the Location once no unit there has a CC attack left this CCPh (a
/// divided attack has more orders to come): it is in Melee (E1.82: at night a Gunflash marks
/// it).
fn melee_after(g: &mut Game, at: &Location, night: bool, name: &str) {
    let s = g.situation();
    let both = both_sides_at(&s, at);
    let recorded = melee_recorded(&s, at);
    let more_to_come = close_combat(&s, at, &[], &[]).is_ok();
    drop(s);
    if both && !more_to_come {
        if !recorded {
            g.state.tallies.melee.push(at.clone());
        }
        g.ruled(
            "melee",
            None,
            "A11.7",
            format!("both sides remain in {name}: it is in Melee, and CC goes on next CCPh"),
        );
        if night {
            g.gunflash(at);
            g.ruled(
                "gunflash",
                None,
                "E1.82",
                format!("CC causes a Gunflash in {name} for as long as it is in Melee"),
            );
        }
    }
}
