//! The Banzai Charge declared (`rules::orders::banzai` decides): its units are marked as
//! charging their target for the rest of the Player Turn (G1.5, A25.23); they then move by
//! their own steps (`movement`), which the same ruling limits. Heat of Battle (A15, G1.62,
//! G11.97) after an Original 2 on a MC is `heat_of_battle`.

use super::context::Game;
use crate::los::Location;
use crate::rules::orders::banzai::{BANZAI, HeatOfBattle, banzai, heat_of_battle};

/// G1.5: `units` declare a Banzai Charge at `to`.
pub(super) fn do_banzai(g: &mut Game, units: &[String], to: &Location) {
    let s = g.situation();
    let plan = match banzai(&s, units, to) {
        Ok(p) => p,
        Err(r) => {
            let first = super::aftermath::refusing_unit(
                &s,
                &units.iter().map(String::as_str).collect::<Vec<_>>(),
            );
            let first = first.map(str::to_string);
            drop(s);
            return g.refused(first.as_deref(), r);
        }
    };
    drop(s);
    let mut uncloaked = Vec::new();
    for id in &plan.units {
        if let Some(u) = g.unit_mut(id) {
            u.unit.banzai = Some(plan.target.clone());
            if u.cloaked {
                u.cloaked = false;
                u.concealed = false;
                uncloaked.push(id.clone());
            }
        }
    }
    g.ruled(
        "banzai",
        plan.units.first().map(String::as_str),
        BANZAI,
        plan.text,
    );
    if !uncloaked.is_empty() {
        g.ruled(
            "revealed",
            uncloaked.first().map(String::as_str),
            "E1.423",
            format!(
                "{}: all elements of a Human Wave (a Banzai Charge, G1.5) lose Cloaked status, \
                 and are placed unconcealed (E1.43)",
                uncloaked.join(", ")
            ),
        );
    }
}

/// A15.1 / G1.62 / G11.97: unit `id`, Good Order before a MC whose Original DR caused Heat of
/// Battle, makes the HoB DR; what it becomes (`rules::orders::banzai::heat_of_battle`) is
/// applied: Battle Hardened, or berserk with the other units of a berserk leader's Location
/// (G1.41, A25.223).
pub(super) fn heat_of_battle_dr(g: &mut Game, id: &str) {
    let s = g.situation();
    let Some(u) = s.unit(id).cloned() else { return };
    drop(s);
    let dr = g.dice.dr2("A15.1");
    let s = g.situation();
    let r = heat_of_battle(&s, &u, dr.0 + dr.1);
    drop(s);
    match &r {
        HeatOfBattle::Nothing { .. } => {}
        HeatOfBattle::Hardened { .. } => {
            if let Some(x) = g.unit_mut(id) {
                x.unit.hardened = true;
            }
        }
        HeatOfBattle::Berserk { along, .. } => {
            for other in std::iter::once(id.to_string()).chain(along.iter().cloned()) {
                // G1.41 EX: a broken unit taken along goes berserk too, and so is unbroken.
                if let Some(x) = g.unit_mut(&other) {
                    x.unit.berserk = true;
                    x.unit.pinned = false;
                    x.unit.broken = false;
                    x.unit.dm = false;
                }
            }
        }
    }
    let (rule, text) = r.said();
    let event = match r {
        HeatOfBattle::Berserk { .. } => "berserk",
        HeatOfBattle::Hardened { .. } => "battle_hardened",
        HeatOfBattle::Nothing { .. } => "heat_of_battle",
    };
    g.rolled(event, Some(id), rule, vec![dr.0, dr.1], text);
}
