//! DC attacks on caves: Thrown (G11.833, in a fire phase), Placed (G11.833 adjacent, G11.8331
//! by a Climber, in the MPh; detonated as the AFPh begins, A23.3) and Set (G11.8332, the whole
//! MPh), decided by `rules::orders::dc`; a DC Placed on an ADJACENT above-ground Location
//! (A23.3, `rules::orders::dc_ground`); and a DC detonated by its Japanese bearer where he
//! stands (G1.424, `rules::orders::heroes::detonate_dc`);
//! here the dice are rolled, the DC used, its attacks resolved (the IFT, `rules::ift`) and what
//! they do applied to the cave (G11.88) and the units hit (`ift_hits`).

use super::context::Game;
use super::ift_hits::units_hit;
use crate::los::Location;
use crate::model::{PlacedDc, SetDc};
use crate::rules::orders::dc::{self, DcStrike, DcVsCave, DcVsLocation, Placing};
use crate::rules::orders::dc_ground;

/// The unit gives up its DC.
fn use_dc(g: &mut Game, id: &str) {
    if let Some(u) = g.unit_mut(id) {
        u.unit.dc = false;
    }
}

/// E1.31: whether the MF unit `id` is about to spend where it stands take its Cloaking/"?"
/// (`rules::orders::movement::mf_in_place_concealment_lost`).
fn mf_here_concealment_lost(
    s: &crate::rules::situation::Situation,
    id: &str,
) -> Option<crate::rules::Check> {
    s.unit(id)
        .and_then(|u| crate::rules::orders::movement::mf_in_place_concealment_lost(s, u))
}

/// E1.31: MF spent in an already Illuminated Location at night take the unit's Cloaking/"?"
/// (`mf_here_concealment_lost`, decided before it spent them).
fn concealment_lost(g: &mut Game, id: &str, lost: Option<crate::rules::Check>) {
    let Some(c) = lost else { return };
    if let Some(u) = g.unit_mut(id) {
        u.cloaked = false;
        u.concealed = false;
    }
    g.ruled("concealment", Some(id), c.rule, c.reason);
}

/// The unit has spent `mf` MF (`add`: on top of what it had spent).
pub(super) fn spend_mf(g: &mut Game, id: &str, mf: f32, add: bool) {
    if let Some(u) = g.unit_mut(id) {
        u.unit.mf_spent = if add { u.unit.mf_spent + mf } else { mf };
    }
}

/// G11.833 Throw: `rules::orders::dc::throw_dc` decides; the Thrown-DC dr is rolled, then the
/// DC's attack on the cave (result a) or, fallen, its attacks at the Entrance Hex (result b).
pub(super) fn throw_dc(g: &mut Game, id: &str, cave_id: &str) {
    let s = g.situation();
    let plan = match dc::throw_dc(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    // A12.14 / E1.43: a Throw is an attack (G11.833: the unit's fire for the phase).
    let reveal = s
        .unit(id)
        .and_then(|u| crate::rules::orders::fire::attack_reveal(&s, u));
    drop(s);
    use_dc(g, id);
    if let Some(u) = g.unit_mut(id) {
        u.unit.fired = Some(plan.mark);
    }
    let d = g.dice.dr(plan.roll_rule);
    let thrown = plan.throw(d);
    g.rolled("throw_dc", Some(id), thrown.rule, vec![d], thrown.reason);
    if thrown.success {
        dc_attack(g, &plan.on_success);
    } else {
        g.ruled("dc_falls", Some(id), plan.falls.rule, plan.falls.reason);
        for strike in &plan.on_failure {
            match strike {
                DcStrike::Cave(a) => dc_attack(g, a),
                DcStrike::Location(a) => location_attack(g, a),
            }
        }
    }
    if let Some(r) = &reveal {
        g.attacker_revealed(r);
    }
}

/// G11.833 Place (MPh; two MF plus SMOKE MF) or G11.8331 by a Climber (its dr), as
/// `rules::orders::dc::place_dc` decides.
pub(super) fn place_dc(g: &mut Game, id: &str, cave_id: &str) {
    let s = g.situation();
    let plan = match dc::place_dc(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let lost = mf_here_concealment_lost(&s, id);
    drop(s);
    use_dc(g, id);
    let placed = match &plan.placing {
        Placing::Climbing { roll_rule, .. } => {
            let d = g.dice.dr(roll_rule);
            let Some(p) = plan.placement_dr(d) else {
                return;
            };
            let text = if p.success {
                format!("{}; {}", p.reason, DETONATES)
            } else {
                p.reason
            };
            g.rolled("place_dc", Some(id), p.rule, vec![d], text);
            p.success
        }
        Placing::Adjacent { mf, ruling } => {
            spend_mf(g, id, *mf, true);
            let text = format!("{}; {}", ruling.reason, DETONATES);
            g.ruled("place_dc", Some(id), ruling.rule, text);
            concealment_lost(g, id, lost.clone());
            true
        }
    };
    if placed && let Some(u) = g.unit_mut(id) {
        u.unit.placed_dc = Some(PlacedDc {
            cave: plan.cave.clone(),
            from: u.at.clone(),
            on: None,
            area_fire: false,
            operable: false,
            set: None,
        });
    }
}

/// A23.3: a DC Placed on an ADJACENT above-ground Location, as
/// `rules::orders::dc_ground::place_dc_at` decides: the Placer spends the MF in its own
/// Location; the DC waits for the AFPh.
pub(super) fn place_dc_at(g: &mut Game, id: &str, on: &Location) {
    let s = g.situation();
    let plan = match dc_ground::place_dc_at(&s, id, on) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let lost = mf_here_concealment_lost(&s, id);
    drop(s);
    use_dc(g, id);
    spend_mf(g, id, plan.mf, true);
    g.ruled("place_dc", Some(id), dc_ground::RULE, plan.reason);
    concealment_lost(g, id, lost);
    if let Some(u) = g.unit_mut(id) {
        u.unit.placed_dc = Some(PlacedDc {
            cave: String::new(),
            from: plan.from,
            on: Some(plan.on),
            area_fire: plan.area_fire,
            operable: false,
            set: None,
        });
    }
}

/// A23.3: as the DFPh begins (the MPh's First Fire over), each DC Placed in the MPh is operably
/// Placed if its Placer survived, unbroken and unpinned, the First Fire in its Placement
/// Location (`dc::placer_survived`): what befalls the Placer after has no effect on it.
/// Otherwise it is not, and stays with its Placer (event `dc_lost`). A23.1: a DC on an
/// above-ground Location attacks as Area Fire if every enemy unit there is veiled now.
pub(super) fn placed_dcs_settle(g: &mut Game) {
    let placers: Vec<String> = g
        .state
        .units
        .iter()
        .filter(|u| u.unit.placed_dc.as_ref().is_some_and(|p| !p.operable))
        .map(|u| u.unit.id.clone())
        .collect();
    for id in placers {
        let s = g.situation();
        let Some(u) = s.unit(&id) else { continue };
        let Some(p) = u.unit.placed_dc.clone() else {
            continue;
        };
        let judged = dc::placer_survived(u, &p.from);
        let veiled =
            p.on.as_ref()
                .map(|on| dc_ground::all_veiled(&s, u.unit.side(), on));
        let target = p.target_name(s.map);
        let from = p.from.display(s.map).to_string();
        let verb = p.verb();
        let prep = if p.set.is_some() { "in" } else { "on" };
        drop(s);
        match judged {
            Ok(()) => {
                if let Some(pd) = g.unit_mut(&id).and_then(|u| u.unit.placed_dc.as_mut()) {
                    pd.operable = true;
                    if let Some(v) = veiled {
                        pd.area_fire = v;
                    }
                }
            }
            Err(what) => {
                if let Some(u) = g.unit_mut(&id) {
                    u.unit.placed_dc = None;
                    u.unit.dc = true;
                }
                g.ruled(
                    "dc_lost",
                    Some(&id),
                    "A23.3",
                    format!(
                        "unit {id} {what} in {from} in the MPh: its DC {verb} {prep} {target} was not \
                         operably Placed and stays with it (A23.3)"
                    ),
                );
            }
        }
    }
}

/// What the log says of a Placed DC's detonation (A23.3).
const DETONATES: &str = "it detonates as the AFPh begins if the Placer survives unbroken and \
     unpinned the First Fire here (A23.3): Defensive First Fire may follow (G11.8331 EX)";

/// A23.3: as the ATTACKER's AFPh begins, each DC Placed in its MPh detonates or is lost
/// (`rules::orders::dc::placed_dc_detonation`), in the order of the Placers' ids.
pub(super) fn placed_dcs_detonate(g: &mut Game) {
    let placers: Vec<String> = g
        .state
        .units
        .iter()
        .filter(|u| u.unit.placed_dc.is_some())
        .map(|u| u.unit.id.clone())
        .collect();
    for id in placers {
        let s = g.situation();
        let Some(p) = s.unit(&id).and_then(|u| u.unit.placed_dc.clone()) else {
            continue;
        };
        // The DC's attack, and what the log says of it.
        let judged = match &p.on {
            Some(_) => dc_ground::placed_dc_at_detonation(&s, &id).map(|a| {
                let text = format!(
                    "the DC {id} Placed on {} detonates as the AFPh begins (A23.3, not from \
                     the seeds)",
                    a.name
                );
                (DcStrike::Location(a), dc_ground::RULE, text)
            }),
            None => dc::placed_dc_detonation(&s, &id).map(|a| {
                let text = match p.set {
                    Some(_) => format!(
                        "the DC {id} Set in cave {} detonates as the AFPh begins (G11.8332; when \
                         a Set DC detonates, A23.7, is not in our sources: as a Placed one, A23.3)",
                        p.cave
                    ),
                    None => format!(
                        "the DC {id} Placed in cave {} detonates (A23.3, not in our sources)",
                        p.cave
                    ),
                };
                let rule = if p.set.is_some() { "G11.8332" } else { "A23.3" };
                (DcStrike::Cave(a), rule, text)
            }),
        };
        // A12.14 / E1.43: the Placer of a DC that detonates has made an attack.
        let reveal = judged
            .as_ref()
            .ok()
            .and(s.unit(&id))
            .and_then(|u| crate::rules::orders::fire::attack_reveal(&s, u));
        drop(s);
        // A23.3: a DC not operably Placed "remains with the Placing unit" (one lost with its
        // cave, G11.88, does not).
        let kept = matches!(&judged, Err(r) if r.rule == "A23.3");
        if let Some(u) = g.unit_mut(&id) {
            u.unit.placed_dc = None;
            u.unit.dc |= kept;
        }
        match judged {
            Ok((strike, rule, text)) => {
                g.ruled("dc_detonates", Some(&id), rule, text);
                match strike {
                    DcStrike::Cave(a) => dc_attack(g, &a),
                    DcStrike::Location(a) => location_attack(g, &a),
                }
                if let Some(r) = &reveal {
                    g.attacker_revealed(r);
                }
            }
            Err(r) => g.ruled("dc_lost", Some(&id), r.rule, r.reason),
        }
    }
}

/// G11.8332 Set DC, as `rules::orders::dc::set_dc_order` decides: the Setter spends its entire
/// MPh, drawing Defensive First Fire; the DC waits for the AFPh as a Placed one does (A23.7 is
/// not in our sources: `dc::SET_DETONATES`).
pub(super) fn set_dc(g: &mut Game, id: &str, cave_id: &str) {
    let s = g.situation();
    let plan = match dc::set_dc_order(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let lost = mf_here_concealment_lost(&s, id);
    drop(s);
    use_dc(g, id);
    spend_mf(g, id, plan.mf_spent, false);
    g.ruled("set_dc", Some(id), plan.ruling.rule, plan.ruling.reason);
    concealment_lost(g, id, lost);
    if let Some(u) = g.unit_mut(id) {
        u.unit.placed_dc = Some(PlacedDc {
            cave: plan.cave,
            from: u.at.clone(),
            on: None,
            area_fire: false,
            operable: false,
            set: Some(SetDc {
                undefended: plan.undefended,
            }),
        });
    }
}

/// A 30-FP DC attack vs a cave and its contents: the IFT DR, then G11.88's elimination of the
/// cave with everything in it, or the IFT result applied to its occupants.
fn dc_attack(g: &mut Game, attack: &DcVsCave) {
    let (c, w) = g.dice.dr2(attack.roll_rule);
    let out = attack.resolve(c + w);
    g.rolled("dc_attack", None, attack.roll_rule, vec![c, w], out.text);
    let at = Location::Cave(attack.cave.clone());
    if !out.eliminated.holds {
        g.ruled(
            "cave_stands",
            None,
            out.eliminated.rule,
            out.eliminated.reason,
        );
        units_hit(g, &at, out.result);
        return;
    }
    let inside: Vec<String> = g
        .state
        .units
        .iter()
        .filter(|u| u.at == at)
        .map(|u| u.unit.id.clone())
        .collect();
    for u in &inside {
        g.eliminate(u);
    }
    let id = &attack.cave;
    let standing =
        g.setting.caves.caves.iter().any(|k| &k.id == id) && !g.state.eliminated_caves.contains(id);
    if standing {
        g.state.eliminated_caves.push(id.clone());
        g.state.hidden_caves.retain(|k| k != id);
        g.state.allied_controlled.retain(|k| k != id);
    }
    g.ruled(
        "cave_eliminated",
        None,
        out.eliminated.rule,
        out.eliminated.reason,
    );
}

/// A 30-FP attack on an above-ground Location (a fallen DC).
fn location_attack(g: &mut Game, attack: &DcVsLocation) {
    let (c, w) = g.dice.dr2(attack.rule);
    let (result, text) = attack.resolve(c + w);
    g.rolled("dc_attack", None, attack.rule, vec![c, w], text);
    units_hit(g, &attack.at, result);
}

/// G1.424 / G1.425: a DC detonated where its bearer stands, as `rules::orders::heroes::
/// detonate_dc` decides: the bearer is eliminated (and his DC with him), then the DC's IFT DR
/// on the 30 FP column plus the Location's TEM hits every unit left there.
pub(super) fn detonate_dc(g: &mut Game, id: &str) {
    let s = g.situation();
    let plan = match crate::rules::orders::heroes::detonate_dc(&s, id) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    drop(s);
    g.eliminate(id);
    let (c, w) = g.dice.dr2(plan.roll_rule);
    let final_dr = i32::from(c + w) + plan.tem;
    let result = crate::rules::ift::dc_result(g.setting.tables, final_dr);
    g.rolled(
        "dc_attack",
        Some(id),
        plan.roll_rule,
        vec![c, w],
        format!(
            "{}; IFT DR {} {:+} = {final_dr}: {}",
            plan.reason,
            c + w,
            plan.tem,
            result.text()
        ),
    );
    units_hit(g, &plan.at, result);
}
