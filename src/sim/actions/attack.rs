//! DC attacks on caves: Thrown (G11.833, in a fire phase), Placed (G11.833 adjacent, G11.8331
//! by a Climber, in the MPh) and Set (G11.8332, the whole MPh), decided by `rules::orders::dc`;
//! here the dice are rolled, the DC used, its attacks resolved (the IFT, `rules::ift`) and what
//! they do applied to the cave (G11.88) and the units hit (`rules::orders::units`).

use bevy::prelude::*;

use super::refused;
use super::units::{apply_failure, become_, take_mc};
use crate::los::Location;
use crate::rules::ift::IftResult;
use crate::rules::japanese::step::Cause;
use crate::rules::orders::dc::{self, DcStrike, DcVsCave, DcVsLocation, Placing};
use crate::rules::orders::units::{
    IftEffect, McFailure, RANDOM_SELECTION, casualty as casualty_of, ift_effect, kia_eliminates,
    kia_survivor, random_selection,
};
use crate::sim::Board;
use crate::sim::components::*;
use crate::sim::dice::Dice;
use crate::sim::live::{situation, unit_entity};
use crate::sim::log::{rolled, ruled};

/// The unit gives up its DC.
fn use_dc(world: &mut World, id: &str) {
    if let Some(e) = unit_entity(world, id)
        && let Some(mut unit) = world.get_mut::<Unit>(e)
    {
        unit.dc = false;
    }
}

/// The unit has spent `mf` MF (`add`: on top of what it had spent).
fn spend_mf(world: &mut World, id: &str, mf: f32, add: bool) {
    if let Some(e) = unit_entity(world, id)
        && let Some(mut unit) = world.get_mut::<Unit>(e)
    {
        unit.mf_spent = if add { unit.mf_spent + mf } else { mf };
    }
}

/// G11.833 Throw: `rules::orders::dc::throw_dc` decides; the Thrown-DC dr is rolled, then the
/// DC's attack on the cave (result a) or, fallen, its attacks at the Entrance Hex (result b).
pub(super) fn throw_dc(world: &mut World, id: &str, cave_id: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match dc::throw_dc(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    use_dc(world, id);
    let d = world.resource_mut::<Dice>().dr(plan.roll_rule);
    let thrown = plan.throw(d);
    rolled(
        world,
        "throw_dc",
        Some(id),
        thrown.rule,
        vec![d],
        thrown.reason,
    );
    if thrown.success {
        dc_attack(world, &plan.on_success);
        return;
    }
    ruled(
        world,
        "dc_falls",
        Some(id),
        plan.falls.rule,
        plan.falls.reason,
    );
    for strike in &plan.on_failure {
        match strike {
            DcStrike::Cave(a) => dc_attack(world, a),
            DcStrike::Location(a) => location_attack(world, a),
        }
    }
}

/// G11.833 Place (MPh; two MF plus SMOKE MF) or G11.8331 by a Climber (its dr), as
/// `rules::orders::dc::place_dc` decides.
pub(super) fn place_dc(world: &mut World, id: &str, cave_id: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match dc::place_dc(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    use_dc(world, id);
    match &plan.placing {
        Placing::Climbing { roll_rule, .. } => {
            let d = world.resource_mut::<Dice>().dr(roll_rule);
            let Some(p) = plan.placement_dr(d) else {
                return;
            };
            rolled(world, "place_dc", Some(id), p.rule, vec![d], p.reason);
            if p.success {
                dc_attack(world, &plan.attack);
            }
        }
        Placing::Adjacent { mf, ruling } => {
            spend_mf(world, id, *mf, true);
            ruled(
                world,
                "place_dc",
                Some(id),
                ruling.rule,
                ruling.reason.clone(),
            );
            dc_attack(world, &plan.attack);
        }
    }
}

/// G11.8332 Set DC, as `rules::orders::dc::set_dc_order` decides; the walk detonates it at once.
pub(super) fn set_dc(world: &mut World, id: &str, cave_id: &str) {
    let board = world.resource::<Board>().clone();
    let s = situation(world, &board);
    let plan = match dc::set_dc_order(&s, id, cave_id) {
        Ok(p) => p,
        Err(r) => return refused(world, Some(id), r),
    };
    use_dc(world, id);
    spend_mf(world, id, plan.mf_spent, false);
    ruled(
        world,
        "set_dc",
        Some(id),
        plan.ruling.rule,
        plan.ruling.reason,
    );
    dc_attack(world, &plan.attack);
}

/// A 30-FP DC attack vs a cave and its contents: the IFT DR, then G11.88's elimination of the
/// cave with everything in it, or the IFT result applied to its occupants.
fn dc_attack(world: &mut World, attack: &DcVsCave) {
    let (c, w) = world.resource_mut::<Dice>().dr2(attack.roll_rule);
    let out = attack.resolve(c + w);
    rolled(
        world,
        "dc_attack",
        None,
        attack.roll_rule,
        vec![c, w],
        out.text,
    );
    let at = Location::Cave(attack.cave.clone());
    if !out.eliminated.holds {
        ruled(
            world,
            "cave_stands",
            None,
            out.eliminated.rule,
            out.eliminated.reason,
        );
        units_hit(world, &at, out.result);
        return;
    }
    let gone: Vec<Entity> = hits_in(world, |l| l == &at)
        .into_iter()
        .map(|h| h.entity)
        .collect();
    for e in gone {
        world.despawn(e);
    }
    let mut q = world.query::<(Entity, &CaveCounter)>();
    let cave_e: Vec<Entity> = q
        .iter(world)
        .filter(|(_, k)| k.id == attack.cave)
        .map(|(e, _)| e)
        .collect();
    for e in cave_e {
        world.despawn(e);
    }
    ruled(
        world,
        "cave_eliminated",
        None,
        out.eliminated.rule,
        out.eliminated.reason,
    );
}

/// A 30-FP attack on an above-ground Location (a fallen DC).
fn location_attack(world: &mut World, attack: &DcVsLocation) {
    let (c, w) = world.resource_mut::<Dice>().dr2(attack.rule);
    let (result, text) = attack.resolve(c + w);
    rolled(world, "dc_attack", None, attack.rule, vec![c, w], text);
    units_hit(world, &attack.at, result);
}

/// Applies an IFT result to every unit in a Location, as `rules::orders::units::ift_effect`
/// says: Random Selection (A7.301) picks KIA and K victims (`targets_hit`).
pub(crate) fn units_hit(world: &mut World, at: &Location, result: IftResult) {
    let targets = hits_in(world, |l| l == at);
    targets_hit(world, targets, result);
}

/// A unit an attack hits: its entity and its counter's state.
pub(crate) struct Hit {
    pub entity: Entity,
    pub unit: Unit,
}

/// The units whose Location passes `at`, sorted by id, as attacks hit them.
pub(crate) fn hits_in(world: &mut World, at: impl Fn(&Location) -> bool) -> Vec<Hit> {
    let mut q = world.query::<(Entity, &Unit, &At)>();
    let mut v: Vec<Hit> = q
        .iter(world)
        .filter(|(_, _, l)| at(&l.0))
        .map(|(entity, unit, _)| Hit {
            entity,
            unit: unit.clone(),
        })
        .collect();
    v.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
    v
}

/// Applies an IFT result to these units (sorted by id), as `units_hit` does.
pub(crate) fn targets_hit(world: &mut World, mut targets: Vec<Hit>, result: IftResult) {
    if targets.is_empty() {
        return;
    }
    let select = |world: &mut World, targets: &mut Vec<Hit>| -> Option<Hit> {
        if targets.len() <= 1 {
            return targets.pop();
        }
        let rolls: Vec<u8> = targets
            .iter()
            .map(|_| world.resource_mut::<Dice>().dr(RANDOM_SELECTION))
            .collect();
        let i = random_selection(&rolls)?;
        let chosen = targets.remove(i);
        rolled(
            world,
            "random_selection",
            Some(&chosen.unit.id),
            RANDOM_SELECTION,
            rolls,
            format!("Random Selection picks {}", chosen.unit.id),
        );
        Some(chosen)
    };
    match ift_effect(result) {
        IftEffect::Kia(n) => {
            for _ in 0..n {
                let Some(v) = select(world, &mut targets) else {
                    break;
                };
                world.despawn(v.entity);
                let k = kia_eliminates();
                ruled(world, "eliminated", Some(&v.unit.id), k.rule, k.reason);
            }
            for v in targets {
                if let Some(f) = kia_survivor(&v.unit) {
                    apply_failure(world, v.entity, &v.unit, &f);
                }
            }
        }
        IftEffect::Casualty { drm, why } => {
            if let Some(v) = select(world, &mut targets) {
                match casualty_of(&v.unit) {
                    McFailure::Becomes(out) => {
                        become_(world, v.entity, &v.unit, &out.becomes);
                        ruled(world, "casualty", Some(&v.unit.id), out.rule, out.reason);
                    }
                    wound => apply_failure(world, v.entity, &v.unit, &wound),
                }
                targets.push(v);
            }
            targets.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
            for v in targets {
                take_mc(world, &v.unit.id, drm, Cause::IftMc, &why);
            }
        }
        IftEffect::Mc { drm, why } => {
            for v in targets {
                take_mc(world, &v.unit.id, drm, Cause::IftMc, &why);
            }
        }
        IftEffect::Nothing(c) => ruled(world, "no_effect", None, c.rule, c.reason),
    }
}
