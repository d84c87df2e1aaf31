//! The sequence of play (A3): the `Phase` state, Player Turns and the current NVR.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::scenario::{Cloud, Moon, PhaseName, Scenario, Side};

/// The phase of the Player Turn (A3), plus `Setup` before the first RPh.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    Setup,
    Rally,
    PrepFire,
    Movement,
    DefensiveFire,
    AdvancingFire,
    Rout,
    Advance,
    CloseCombat,
}

impl Phase {
    /// The phases of a Player Turn in order.
    pub const TURN: [Phase; 8] = [
        Phase::Rally,
        Phase::PrepFire,
        Phase::Movement,
        Phase::DefensiveFire,
        Phase::AdvancingFire,
        Phase::Rout,
        Phase::Advance,
        Phase::CloseCombat,
    ];

    /// The abbreviation players use (RPh, PFPh, ...).
    pub fn abbrev(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Rally => "RPh",
            Phase::PrepFire => "PFPh",
            Phase::Movement => "MPh",
            Phase::DefensiveFire => "DFPh",
            Phase::AdvancingFire => "AFPh",
            Phase::Rout => "RtPh",
            Phase::Advance => "APh",
            Phase::CloseCombat => "CCPh",
        }
    }

    /// The phase that follows (after the CCPh: the next Player Turn's RPh).
    pub fn next(self) -> Phase {
        match self {
            Phase::Setup | Phase::CloseCombat => Phase::Rally,
            p => Phase::TURN[p.index() + 1],
        }
    }

    /// Its place in the Player Turn (Setup counts as before the RPh).
    pub fn index(self) -> usize {
        Phase::TURN.iter().position(|p| *p == self).unwrap_or(0)
    }

    /// The phase a scenario names.
    pub fn of(name: PhaseName) -> Phase {
        match name {
            PhaseName::Rally => Phase::Rally,
            PhaseName::PrepFire => Phase::PrepFire,
            PhaseName::Movement => Phase::Movement,
            PhaseName::DefensiveFire => Phase::DefensiveFire,
            PhaseName::AdvancingFire => Phase::AdvancingFire,
            PhaseName::Rout => Phase::Rout,
            PhaseName::Advance => Phase::Advance,
            PhaseName::CloseCombat => Phase::CloseCombat,
        }
    }

    /// The rules' name of this phase (`None` for Setup).
    pub fn name(self) -> Option<PhaseName> {
        Some(match self {
            Phase::Setup => return None,
            Phase::Rally => PhaseName::Rally,
            Phase::PrepFire => PhaseName::PrepFire,
            Phase::Movement => PhaseName::Movement,
            Phase::DefensiveFire => PhaseName::DefensiveFire,
            Phase::AdvancingFire => PhaseName::AdvancingFire,
            Phase::Rout => PhaseName::Rout,
            Phase::Advance => PhaseName::Advance,
            Phase::CloseCombat => PhaseName::CloseCombat,
        })
    }
}

/// The current Player Turn (A3): a Game Turn is two Player Turns; the moving side is the
/// ATTACKER.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTurn {
    /// Player Turns so far, from 1.
    pub number: u32,
    pub attacker: Side,
}

impl PlayerTurn {
    /// The first Player Turn, before it starts.
    pub fn first(attacker: Side) -> PlayerTurn {
        PlayerTurn {
            number: 1,
            attacker,
        }
    }

    /// The Game Turn (two Player Turns each).
    pub fn turn(&self) -> u32 {
        self.number.div_ceil(2)
    }

    /// The DEFENDER.
    pub fn defender(&self) -> Side {
        match self.attacker {
            Side::Japanese => Side::Allied,
            Side::Allied => Side::Japanese,
        }
    }

    /// The next Player Turn: the sides swap.
    pub fn advance(&mut self) {
        self.number += 1;
        self.attacker = self.defender();
    }
}

/// The night's visibility as it stands (E1.1, changed by E1.12): `nvr` is `None` by day.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NightState {
    pub nvr: Option<i32>,
    pub cloud: Cloud,
    pub moon: Moon,
}

impl NightState {
    /// The scenario's night as set up.
    pub fn of(s: &Scenario) -> NightState {
        NightState {
            nvr: s.nvr(),
            cloud: s.night.as_ref().map_or(Cloud::Clear, |n| n.cloud),
            moon: s.night.as_ref().map_or(Moon::Full, |n| n.moon),
        }
    }

    /// A night scenario.
    pub fn night(&self) -> bool {
        self.nvr.is_some()
    }
}

/// Running counts the rules limit per scenario: T-H Heroes created so far (G1.421).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tallies {
    pub heroes_created: u32,
}
