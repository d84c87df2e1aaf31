//! The walkthrough script of a scenario file: its steps (narration, phase, action) and the
//! actions the rules resolve (moves, Climbing B11.4, cave entry and exit G11.7, DCs G11.833,
//! SMOKE and WP G11.85, night E1, Control G11.94, Fire G11.81). Arguments stay raw ids and
//! locations.

use serde::{Deserialize, Serialize};

use crate::model::Phase;

/// One walkthrough step. Any of the three parts may be left out; the walker decides what a step
/// with none means.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename = "Step", deny_unknown_fields)]
pub struct StepSpec {
    /// Narration shown to the reader.
    #[serde(default)]
    pub say: Option<String>,
    /// Advance through the phases, running each, until this one.
    #[serde(default)]
    pub phase: Option<Phase>,
    /// One action for the rules to resolve.
    #[serde(default)]
    pub act: Option<ActionSpec>,
    /// The step is the program's order in a game played against it (`--opponent`, issue 28),
    /// as an export writes it: its `say` is the opponent's reason, logged as the event
    /// `opponent`. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent: bool,
}

/// An action of the walkthrough script. Arguments are raw ids and locations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Action")]
pub enum ActionSpec {
    /// `Move(unit, to)`.
    Move(String, String),
    /// `AssaultMove(unit, to)`: a step by Assault Movement (A4.61).
    AssaultMove(String, String),
    /// `Climb(unit, level, vertex)`.
    Climb(String, i32, String),
    /// `ClimbToPlaceDc(unit, cave, level, vertex)` (G11.8331).
    ClimbToPlaceDc(String, String, i32, String),
    /// `EnterCave(unit, cave)`.
    EnterCave(String, String),
    /// `ExitCave(unit, to)`.
    ExitCave(String, String),
    /// `ThrowDc(unit, cave)`.
    ThrowDc(String, String),
    /// `PlaceDc(unit, cave)`.
    PlaceDc(String, String),
    /// `PlaceDcAt(unit, at)`: a DC Placed on an ADJACENT above-ground Location (A23.3).
    PlaceDcAt(String, String),
    /// `SetDc(unit, cave)`.
    SetDc(String, String),
    /// `PlaceSmoke(unit, at)`.
    PlaceSmoke(String, String),
    /// `FireStarshell(unit, at)`.
    FireStarshell(String, String),
    /// `FireIr(at)`.
    FireIr(String),
    /// `Kindle(hex)`.
    Kindle(String),
    /// `MoraleCheck(unit, drm)`.
    MoraleCheck(String, i32),
    /// `Rally(unit)`: a broken unit's Rally attempt in the RPh (A10.6).
    Rally(String),
    /// `Rout(unit, to)`: a broken unit routs to a Location in the RtPh (A10.5).
    Rout(String, String),
    /// `CloseCombat(at)`: the CC in one Location, every unit attacking (A11); or
    /// `CloseCombat(at, [attackers], [targets])`: the ATTACKER's named units attack the
    /// DEFENDER's named units (its other units there make no attack).
    CloseCombat(
        String,
        #[serde(default)] Vec<String>,
        #[serde(default)] Vec<String>,
    ),
    /// `Banzai([units], at)`: a Banzai Charge by the units at a Location holding a Known enemy
    /// unit (G1.5, A25.23).
    Banzai(Vec<String>, String),
    /// `Search(unit, hex)`.
    Search(String, String),
    /// `NextPlayerTurn`.
    NextPlayerTurn,
    /// `CreateHero(unit, target)`: a T-H Hero creation attempt (G1.421; a DC Hero vs an enemy
    /// unit, G1.424).
    CreateHero(String, String),
    /// `DetonateDc(unit)`: a DC Hero (or an unbroken Japanese unit with a DC) detonates it in
    /// its Location in its MPh (G1.424).
    DetonateDc(String),
    /// `PlaceWp(unit, at)`: WP grenades, like `PlaceSmoke` (A24; into a cave G11.85, revealing
    /// higher caves when removed, G11.851).
    PlaceWp(String, String),
    /// `Los(from, to)`: reports the LOS between two Locations as the situation stands (A6,
    /// G11.5, G11.85 SMOKE in caves, E1.1 NVR). Changes nothing.
    Los(String, String),
    /// `Light(at)`: reports whether a Location is Illuminated now (E1.9; a cave G11.96).
    /// Changes nothing.
    Light(String),
    /// `Control(cave)`: reports whether the Allies Control a cave now (G11.94). Changes nothing.
    Control(String),
    /// `Fire([units], at)`: an attack on the IFT by the units (a Fire Group, a leader among
    /// them directing) at a Location, e.g. `cave:B` (A7/A8; G11.81; E1.7, E1.8).
    Fire(Vec<String>, String),
}
