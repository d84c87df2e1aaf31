//! What a scenario sets the sides to play for: its victory conditions (A26, `VictoryCondition`;
//! the rulings in `rules::victory` check them), and its plan for a side (`plans:` in a scenario
//! file): what the program's kinds read as
//! what that side plays for, in place of what they would read from the victory conditions:
//! its stance (to attack, or to hold out) and the Locations it plays for. Not a rule: the
//! rulings never read it.

use serde::{Deserialize, Serialize};

use crate::los::Location;
use crate::model::Side;

/// Whether a side plays to take what it plays for, or to hold out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stance {
    /// It plays to win by conditions of its own: it moves on its objectives, charges, advances
    /// into Close Combat at fair odds.
    Attack,
    /// It holds out: it keeps its units where they are safe, fires where it is worth drawing
    /// fire back, withdraws from a Known enemy near.
    Hold,
}

/// A scenario's plan for one side.
#[derive(Clone, Debug, PartialEq)]
pub struct SidePlan {
    pub side: Side,
    /// Its stance; `None`: as its victory conditions say.
    pub stance: Option<Stance>,
    /// The Locations it plays for (a cave stands for its Entrance Hex); empty: as its victory
    /// conditions say.
    pub objectives: Vec<Location>,
}

/// One victory condition of a scenario (A26), checked at game end in the scenario's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum VictoryCondition {
    /// `side` wins if it Controls every one of `locations` (hexes, caves: G11.94).
    Control {
        side: Side,
        locations: Vec<Location>,
    },
    /// `side` wins if it has amassed at least `at_least` Casualty VP (A26.2, G1.65).
    CasualtyVp { side: Side, at_least: u32 },
    /// `side` wins if no condition before this one holds.
    Otherwise { side: Side },
}
