//! What every candidate of the greedy kind reads: the side's plan (`Plan`: its goals, whether
//! it attacks, the hexes it has Searched, its weights, a spare DC), the hexes to a goal, a
//! Location's TEM, the order of one step and a scored candidate.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::orders::{Order, UnitId};
use crate::rules::situation::Situation;

use crate::opponent::choice::Choice;
use crate::opponent::player::Posture;
use crate::opponent::weights::Weights;

/// The hexes from `h` to the nearest of `to` (none: 0).
pub(super) fn distance_to(h: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|t| t.distance(h)).min().unwrap_or(0)
}

/// The terrain TEM of a Location's hex (a cave's +4, G11.8).
pub(super) fn tem(s: &Situation, at: &Location) -> i32 {
    if matches!(at, Location::Cave(_)) {
        return 4;
    }
    at.hex()
        .and_then(|h| s.map.get(h))
        .map_or(0, |d| d.terrain.info().tem)
}

/// The order that takes a unit from `from` one step to `to` (a cave entered or left by its own
/// verb).
pub fn step_order(unit: &str, from: &Location, to: &Location) -> Order {
    let unit = UnitId(unit.to_string());
    match (from, to) {
        (_, Location::Cave(c)) => Order::EnterCave {
            unit,
            cave: crate::rules::orders::CaveId(c.clone()),
        },
        (Location::Cave(_), _) => Order::ExitCave {
            unit,
            to: to.clone(),
        },
        _ => Order::Move {
            unit,
            to: to.clone(),
        },
    }
}

/// A4.61: the order for a unit's step from `from` to `to` whose route ends there (`last`):
/// Assault Movement where `assault` (the doctrine's plan; never a charge's step) and the rules
/// allow it (a unit that has not moved nor spent MF this MPh, not with Double Time, moving above
/// ground), else `step_order`.
pub fn route_step_order(
    s: &Situation,
    u: &crate::rules::situation::UnitAt,
    to: &Location,
    last: bool,
    assault: bool,
) -> Order {
    let step = step_order(&u.unit.id, &u.at, to);
    let fresh = s.phase == crate::model::Phase::Movement
        && u.unit.mf_spent == 0.0
        && !u.unit.entered_cave
        && !u.unit.cx;
    match step {
        Order::Move { unit, to } if assault && last && fresh => Order::AssaultMove { unit, to },
        other => other,
    }
}

/// What the side plays for, as every unit's candidates read it.
pub(super) struct Plan<'a> {
    pub(super) goals: Vec<Hex>,
    /// It wins by conditions of its own (`attacks`), not by holding out.
    pub(super) attacks: bool,
    /// The hexes it has Searched this game (a Search is not made twice).
    pub(super) searched: &'a [Hex],
    pub(super) w: &'a Weights,
    /// It carries a DC beyond those the caves it must Control call for (`spare_dc`).
    pub(super) spare_dc: bool,
    /// A4.61: a step that ends its route is made by Assault Movement (the doctrine's plan;
    /// the greedy kind, as it was measured, never declares it).
    pub(super) assault: bool,
}

/// A23.3 / G11.833: whether `side` may spend a DC on an above-ground Location: it carries more
/// DCs than there are standing caves it must Control (A26, G11.94) and does not Control yet
/// (hidden ones too: the victory conditions name them). Those caves are what its DCs are for
/// (measured with `duel`: spending them on the assault's kunai stack cost the cave Control
/// they win the game by).
pub(super) fn spare_dc(s: &Situation, posture: &Posture, side: Side) -> bool {
    let carried = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.dc)
        .count();
    let mut caves: Vec<&str> = posture
        .victory
        .iter()
        .filter_map(|c| match c {
            crate::rules::victory::VictoryCondition::Control {
                side: who,
                locations,
            } if *who == side => Some(locations),
            _ => None,
        })
        .flatten()
        .filter_map(|l| match l {
            Location::Cave(c) => Some(c.as_str()),
            _ => None,
        })
        .filter(|c| s.cave_stands(c))
        .filter(|c| side != Side::Allied || !s.allied_controlled.iter().any(|a| a == c))
        .collect();
    caves.sort_unstable();
    caves.dedup();
    carried > caves.len()
}

/// A candidate with its score.
pub(super) fn choice(o: &Order, score: f32, reason: String) -> Choice {
    Choice {
        order: o.clone(),
        score,
        reason,
    }
}
