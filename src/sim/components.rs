//! The components of the simulation's entities (DESIGN.md "The ECS shape").

use bevy::prelude::*;

use crate::hex::Hex;
use crate::los::Location;
use crate::rules::night::light::SourceKind;

/// A hex of the map (its Base Level, terrain and depression are the `Board`'s map).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexCell(pub Hex);

/// Computed: this hex (or cave) is Illuminated (E1.9; G11.96 for a cave). Kept current by the
/// lighting system whenever a light source changes.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Illuminated {
    /// The rule that lights it (E1.923, E1.933, E1.94, G11.96 ...).
    pub rule: &'static str,
    /// What lights a hex: a Starshell or IR where one does, else the Blaze or Flame
    /// (`rules::night::light::Lighting::by`). `None` for a cave, lit by its hex and its
    /// Entrance Hex together (G11.96).
    pub by: Option<SourceKind>,
}

/// Computed: this hex lies inside a source's zone but is dark because an obstacle shadows it
/// (E1.941): each Blaze and the hex that blocks its light.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Shadowed {
    pub by: Vec<crate::rules::night::light::Shadow>,
}

/// A Cave counter (G11.1), by id; its facts (hex, CA Hexside, level, Entrance Hex,
/// Upper-Cliff) are the `Board`'s `CaveSystem`.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct CaveCounter {
    pub id: String,
}

/// G11.94: the Allies have gained Control of this cave; Control, once gained, remains
/// "regardless of that Allied unit's subsequent status" (until Good Order Japanese MMC hold
/// the cave again).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlliedControl;

/// A Cave Complex (G11.2), named by its Primary cave.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct CaveComplex {
    pub primary: String,
}

/// A tunnel (G11.933) between two Locations.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Tunnel {
    pub from: Location,
    pub to: Location,
}

/// Hidden (HIP; caves and Complexes always set up hidden, G11.3).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hidden;

/// Concealed ("?").
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Concealed;

/// Cloaked (E1.4).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cloaked;

pub use crate::model::{Hero, Unit};

/// Where a unit is.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct At(pub Location);

pub use crate::state::{Climb, Smoke};

/// A Blaze (B25; E1.94), with its Blazing levels.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blaze {
    pub hex: Hex,
    pub levels: u8,
}

/// A Flame (B25): lights only its own Location at night (E1.94).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flame {
    pub hex: Hex,
}

/// A Starshell (E1.92), removed at the end of each CCPh (E1.923).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Starshell {
    pub hex: Hex,
}

/// Trip flares secretly set up in a hex's Location by the U.S. player (G.8): how many remain.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripFlares {
    pub hex: Hex,
    pub count: u32,
}

/// A Trip Flare counter (G.8), placed where a trip flare is set off; removed like a Starshell
/// (the project's reading: its duration is not in our sources).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripFlareCounter {
    pub hex: Hex,
}

/// A Gunflash (E1.8): a Location revealed by fire at night to any unit with a LOS to it,
/// regardless of NVR (E1.101), until the end of the Player Turn.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Gunflash {
    pub at: Location,
}

/// A light source (E1.9) spawned or changed: a Blaze, Flame, Starshell, IR or Trip Flare
/// counter (the relighting and the viewer's redraw both watch for it).
pub type LightSourceChanged = Or<(
    Changed<Blaze>,
    Changed<Flame>,
    Changed<Starshell>,
    Changed<IlluminatingRound>,
    Changed<TripFlareCounter>,
)>;

/// An Illuminating Round (E1.93), removed like a Starshell (E1.933).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct IlluminatingRound {
    pub hex: Hex,
}
