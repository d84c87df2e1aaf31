//! The sequence of play (A3): the `Phase` state, Player Turns and the current NVR.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::{Cloud, Moon, Side};
use crate::scenario::Scenario;

pub use crate::model::Phase;

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
        self.attacker.opponent()
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

/// Running counts the rules limit per scenario: T-H Heroes created so far (G1.421), and
/// whether a Gunflash has been placed due to an attack vs an enemy unit (E1.55).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tallies {
    pub heroes_created: u32,
    #[serde(default)]
    pub gunflash_vs_enemy: bool,
}
