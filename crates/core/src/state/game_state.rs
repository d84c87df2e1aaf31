//! The game state (issue 24): one owned, `Clone`, serde value holding everything a ruling reads
//! that changes in play: the Player Turn and phase, the night's NVR, the tallies the rules limit,
//! every unit where it is with its state, the caves' status, Climb counters, SMOKE, the light
//! sources, trip flares and Gunflashes. What a scenario fixes for the whole game (the map, the
//! caves as set up, the SSRs, the OB) is its `Setting`. `GameState::situation` gives the
//! `Situation` every ruling reads: the state seen on its setting, with what follows from it
//! (the SMOKE in the caves, which hexes and caves are Illuminated, E1.9/G11.96).
//!
//! The simulation keeps the state as Bevy entities and resources; it reads one `GameState`
//! before each decision (`sim::live::state`). The record types here (`PlayerTurn`,
//! `NightState`, `Tallies`, `Climb`, `Smoke`) are the simulation's own resources and components
//! (feature `bevy`), so nothing is kept in two shapes.

use serde::{Deserialize, Serialize};

use super::plan::{SidePlan, VictoryCondition};
use crate::hex::{Hex, Vertex};
use crate::los::Location;
use crate::map::Map;
use crate::model::{Cloud, Moon, Phase, Side, SmokeKind, Unit};
use crate::rules::caves::CaveSystem;
use crate::rules::tables::Tables;

/// A unit where it is, as the rulings see it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitAt {
    pub unit: Unit,
    pub at: Location,
    pub hidden: bool,
    pub concealed: bool,
    pub cloaked: bool,
}

impl UnitAt {
    /// A12.15 / A12.14: a unit whose Location an enemy tried to enter in its MPh is revealed:
    /// a hidden one is placed on the map, a concealed one loses its "?".
    pub fn reveal_met(&mut self) {
        if self.hidden {
            self.hidden = false;
        } else {
            self.concealed = false;
        }
    }
}

/// The current Player Turn (A3): a Game Turn is two Player Turns; the moving side is the
/// ATTACKER.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(deny_unknown_fields)]
pub struct NightState {
    pub nvr: Option<i32>,
    pub cloud: Cloud,
    pub moon: Moon,
}

impl NightState {
    /// A night scenario.
    pub fn night(&self) -> bool {
        self.nvr.is_some()
    }
}

/// Running counts the rules limit per scenario: T-H Heroes created so far (G1.421), and
/// whether a Gunflash has been placed due to an attack vs an enemy unit (E1.55).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(deny_unknown_fields)]
pub struct Tallies {
    pub heroes_created: u32,
    #[serde(default)]
    pub gunflash_vs_enemy: bool,
    /// The sides that have made their one MMC self-rally attempt this RPh (A10.6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mmc_self_rallied: Vec<Side>,
    /// The units that have made their CC attack this CCPh (A11: one a CCPh; a Location in
    /// Melee fights on next CCPh, A11.7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cc_attacked: Vec<String>,
    /// What the first CC in each Location this CCPh decided for the whole Location, however
    /// its orders divide it: the Ambush (A11.4: one determination a Location) and whether it
    /// is Hand-to-Hand (G1.64: "that CC/Melee").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cc_locations: Vec<CcLocation>,
    /// The Locations left in Melee by a Close Combat (A11.7: both sides remained), until one
    /// side is gone (pruned as each phase begins): an advance into one reinforces a Melee and
    /// brings no Ambush dr (A11.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melee: Vec<Location>,
    /// The units that have made their Starshell Usage dr this Player Turn (E1.921: "Before a
    /// leader ... can fire a Starshell during that Player Turn, he must first make a Usage dr":
    /// one dr, for one Starshell, a Player Turn; our reading of a seed cut short there).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starshell_tried: Vec<String>,
    /// A8.1: the ATTACKER's unit moving now in its MPh, the one whose last order spent MF (a
    /// list: units move one at a time, a Banzai's too). Defensive First Fire attacks only them: "Defensive First Fire
    /// attacks affect only the moving unit/stack regardless of other units that occupy the
    /// same ... hexes", and "once another unit begins movement or the MPh is declared over,
    /// previously moved units are no longer subject to Defensive First Fire attack".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moving: Vec<String>,
    /// A8.1 (NOT FROM THE SEEDS: an ASL players' forum, a published tutorial's "Movement Factor
    /// Dependency"): the DEFENDER's units (and leaders directing) that have fired at the moving
    /// units' present expenditure of MF; a unit fires at a moving unit again only once it has
    /// spent more MF (a new expenditure empties it, as does each phase's start).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fired_at_expenditure: Vec<String>,
    /// A24.1: the units that have attempted to place SMOKE or WP grenades this MPh ("No unit
    /// may attempt to place SMOKE more than once per MPh").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub smoke_attempted: Vec<String>,
}

/// A11.4 / G1.64: the CC in one Location this CCPh, as its first CC order decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CcLocation {
    pub at: Location,
    /// The side that Ambushed there (none: no Ambush, or none possible).
    pub ambusher: Option<Side>,
    /// The CC there is Hand-to-Hand (G1.64).
    pub hand_to_hand: bool,
}

/// How the game stands toward its end (A26): the Casualty VP each side has amassed (A26.2,
/// G1.65), who Controls each hex the victory conditions name (A26.1, as play has recorded it),
/// and whether the game has ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub cvp_allied: u32,
    pub cvp_japanese: u32,
    /// The victory conditions' hexes and who Controls each, sorted.
    pub control: Vec<(Hex, Side)>,
    /// The game has ended (A26): no order is played after it.
    pub over: bool,
}

impl Scoring {
    /// The Casualty VP `side` has amassed.
    pub fn cvp(&self, side: Side) -> u32 {
        match side {
            Side::Allied => self.cvp_allied,
            Side::Japanese => self.cvp_japanese,
        }
    }

    /// `side` gains `n` Casualty VP.
    pub fn add_cvp(&mut self, side: Side, n: u32) {
        match side {
            Side::Allied => self.cvp_allied = self.cvp_allied.saturating_add(n),
            Side::Japanese => self.cvp_japanese = self.cvp_japanese.saturating_add(n),
        }
    }
}

/// A Climb counter (B11.4): in `hex` at `level`, its arrow at `vertex`, under unit `unit`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::component::Component))]
#[serde(deny_unknown_fields)]
pub struct Climb {
    pub hex: Hex,
    pub vertex: Vertex,
    pub level: i32,
    pub unit: String,
}

/// A SMOKE counter on the map or in a cave (A24, G11.85).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::component::Component))]
#[serde(deny_unknown_fields)]
pub struct Smoke {
    pub at: Location,
    pub kind: SmokeKind,
    pub dispersed: bool,
    /// The Player Turn number it was placed in (0: set up with the scenario).
    pub placed_in: u32,
}

/// What a scenario fixes for the whole game: the map, the caves, Complexes and tunnels as set
/// up, the SSRs and the OB facts the rulings read.
#[derive(Clone, Copy, Debug)]
pub struct Setting<'a> {
    pub map: &'a Map,
    pub caves: &'a CaveSystem,
    /// SSR: Fires may be deliberately set at night (E1.94).
    pub kindling: bool,
    /// The scenario's year, if dated (G1.421).
    pub year: Option<i32>,
    /// The Japanese squads in the OB (G1.421's T-H Hero allowance).
    pub ob_japanese_squads: u32,
    /// The Cloaking counters allotted to the side whose units set up Cloaked: one a squad in
    /// its starting OB (E1.411, `rules::orders::cloaking::cloaking_allotment`); 0 when none do.
    pub cloaking_allotted: u32,
    /// Each side's ELR (A19), as the scenario sets it.
    pub elr_japanese: i32,
    pub elr_allied: i32,
    /// The Game Turns the scenario lasts (A26), if it ends, and its victory conditions, in
    /// the order they are checked.
    pub turns: Option<u32>,
    pub victory: &'a [VictoryCondition],
    /// The scenario's plans for the sides, read by the program's kinds (`state::SidePlan`).
    pub plans: &'a [SidePlan],
    /// The tables the rules lean on but our sources do not print (IFT, Falling DR, Wound
    /// Severity: `rules::tables`, NOT FROM THE SEEDS), as this run reads them.
    pub tables: &'a Tables,
}

impl Setting<'_> {
    /// The scenario's plan for `side`, if it has one.
    pub fn plan(&self, side: Side) -> Option<&SidePlan> {
        self.plans.iter().find(|p| p.side == side)
    }

    /// The side's ELR (A19).
    pub fn elr(&self, side: Side) -> i32 {
        match side {
            Side::Japanese => self.elr_japanese,
            Side::Allied => self.elr_allied,
        }
    }
}

/// The game as it stands: everything the rulings read that play changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    pub turn: PlayerTurn,
    pub phase: Phase,
    pub night: NightState,
    pub tallies: Tallies,
    /// Casualty VP, Control and the game's end (A26).
    #[serde(default)]
    pub scoring: Scoring,
    /// Every unit in play, sorted by id.
    pub units: Vec<UnitAt>,
    /// Climb counters, sorted by unit.
    pub climbs: Vec<Climb>,
    /// SMOKE on the map and in caves, sorted.
    pub smoke: Vec<Smoke>,
    /// Blazes with their Blazing levels, Flames, Starshells and IR (E1.9), sorted.
    pub blazes: Vec<(Hex, u8)>,
    pub flames: Vec<Hex>,
    pub starshells: Vec<Hex>,
    pub irs: Vec<Hex>,
    /// Trip flares still set up (G.8): hex and count; and the Trip Flare counters placed.
    pub trip_flares: Vec<(Hex, u32)>,
    pub trip_flare_counters: Vec<Hex>,
    /// Locations marked by a Gunflash (E1.8), sorted.
    pub gunflashes: Vec<Location>,
    /// Caves still hidden (G11.3), eliminated with their contents (G11.88), and Controlled by
    /// the Allies (G11.94), each sorted by id.
    pub hidden_caves: Vec<String>,
    pub eliminated_caves: Vec<String>,
    pub allied_controlled: Vec<String>,
    /// Cave Complexes still hidden (G11.3), by Primary cave, sorted.
    pub hidden_complexes: Vec<String>,
    /// The above-ground openings (hex names) of tunnels no longer hidden (G11.851), sorted.
    pub revealed_tunnels: Vec<String>,
}

impl GameState {
    /// Sorts every list into the order the state is compared, saved and logged in (a world's
    /// queries come in no fixed order).
    pub fn sorted(mut self) -> GameState {
        self.sort();
        self
    }

    /// Sorts every list in place (see `sorted`).
    pub fn sort(&mut self) {
        self.units.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
        self.climbs.sort_by(|a, b| a.unit.cmp(&b.unit));
        self.smoke
            .sort_by_key(|s| (format!("{:?}", s.at), format!("{:?}", s.kind), s.dispersed));
        self.blazes.sort();
        self.flames.sort();
        self.starshells.sort();
        self.irs.sort();
        self.trip_flares.sort();
        self.trip_flare_counters.sort();
        self.gunflashes.sort_by_key(|l| format!("{l:?}"));
        self.hidden_caves.sort();
        self.eliminated_caves.sort();
        self.allied_controlled.sort();
        self.hidden_complexes.sort();
        self.revealed_tunnels.sort();
        self.revealed_tunnels.dedup();
        self.scoring.control.sort_by_key(|(h, _)| *h);
    }
}
