//! The model types every layer shares: the two sides, the phases of the Player Turn (A3), SMOKE
//! kinds, the night sky (E1.11), and a unit's counter and state. The scenario file deserializes these directly; the rules
//! take them as facts; the simulation uses `Phase` as its Bevy state and `Unit` as a component (feature `bevy`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use crate::counters::Nationality;

/// A side of the scenario: the Japanese or their (Allied) opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename = "Side")]
pub enum Side {
    /// The Japanese player.
    Japanese,
    /// The Japanese player's opponent (every non-Japanese nationality).
    Allied,
}

impl Side {
    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Japanese => Side::Allied,
            Side::Allied => Side::Japanese,
        }
    }

    /// The side a nationality fights for: the Japanese, or their opponents.
    pub fn of(n: Nationality) -> Side {
        if n == Nationality::Japanese {
            Side::Japanese
        } else {
            Side::Allied
        }
    }
}

/// A3: the phase of the Player Turn, plus `Setup` before the first Rally Phase. A scenario's
/// script names the eight phases by name or abbreviation (`Movement` or `MPh`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_state::state::States))]
#[serde(rename = "Phase")]
pub enum Phase {
    /// Before the first Rally Phase (not a phase a script can name).
    #[default]
    Setup,
    /// Rally Phase.
    #[serde(alias = "RPh")]
    Rally,
    /// Prep Fire Phase.
    #[serde(alias = "PFPh")]
    PrepFire,
    /// Movement Phase.
    #[serde(alias = "MPh")]
    Movement,
    /// Defensive Fire Phase.
    #[serde(alias = "DFPh")]
    DefensiveFire,
    /// Advancing Fire Phase.
    #[serde(alias = "AFPh")]
    AdvancingFire,
    /// Rout Phase.
    #[serde(alias = "RtPh")]
    Rout,
    /// Advance Phase.
    #[serde(alias = "APh")]
    Advance,
    /// Close Combat Phase.
    #[serde(alias = "CCPh")]
    CloseCombat,
}

impl Phase {
    /// A3: the phases of a Player Turn in order.
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

    /// The name a scenario file uses (`Movement`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Rally => "Rally",
            Phase::PrepFire => "PrepFire",
            Phase::Movement => "Movement",
            Phase::DefensiveFire => "DefensiveFire",
            Phase::AdvancingFire => "AdvancingFire",
            Phase::Rout => "Rout",
            Phase::Advance => "Advance",
            Phase::CloseCombat => "CloseCombat",
        }
    }

    /// The phase that follows (after the CCPh: the next Player Turn's RPh).
    pub fn next(self) -> Phase {
        match self {
            Phase::Setup | Phase::CloseCombat => Phase::Rally,
            p => Phase::TURN[p.index() + 1],
        }
    }

    /// A3: does `side` act in this phase when `attacker` is the ATTACKER? Both sides in the RPh
    /// and RtPh, the DEFENDER alone in the DFPh, the ATTACKER in the others (the DEFENDER's
    /// Defensive First Fire in the MPh answers the ATTACKER's moves); no one in Setup.
    pub fn acts(self, side: Side, attacker: Side) -> bool {
        match self {
            Phase::Rally | Phase::Rout => true,
            Phase::DefensiveFire => side != attacker,
            Phase::Setup => false,
            _ => side == attacker,
        }
    }

    /// A3: the ATTACKER when a unit of `side` is asked what it may do in this phase: the other
    /// side in a phase only the DEFENDER acts in (the DFPh), else `side` itself.
    pub fn attacker_asking(self, side: Side) -> Side {
        if self == Phase::DefensiveFire {
            side.opponent()
        } else {
            side
        }
    }

    /// Its place in the Player Turn (Setup counts as before the RPh).
    pub fn index(self) -> usize {
        Phase::TURN.iter().position(|p| *p == self).unwrap_or(0)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbrev())
    }
}

/// A phase name that is none of the eight phases' names or abbreviations.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a phase: Rally (RPh), PrepFire (PFPh), Movement (MPh), DefensiveFire (DFPh), \
     AdvancingFire (AFPh), Rout (RtPh), Advance (APh) or CloseCombat (CCPh)"
)]
pub struct UnknownPhase(pub String);

impl FromStr for Phase {
    type Err = UnknownPhase;

    /// One of the eight phases by name or abbreviation, in any case (`Movement`, `mph`).
    fn from_str(s: &str) -> Result<Phase, UnknownPhase> {
        Phase::TURN
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s) || p.abbrev().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPhase(s.to_string()))
    }
}

/// Kind of SMOKE counter (A24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SmokeKind {
    /// SMOKE.
    Smoke,
    /// Smoke Grenades.
    Grenade,
    /// White Phosphorus.
    WhitePhosphorus,
    /// WP Grenades.
    WpGrenade,
}

impl SmokeKind {
    /// White Phosphorus of either kind.
    pub fn is_wp(self) -> bool {
        matches!(self, SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade)
    }

    /// The counter's name in a sentence, as the rules write it ("WP grenades", not the file's
    /// `WpGrenade`).
    pub fn name(self) -> &'static str {
        match self {
            SmokeKind::Smoke => "SMOKE",
            SmokeKind::Grenade => "SMOKE grenades",
            SmokeKind::WhitePhosphorus => "WP",
            SmokeKind::WpGrenade => "WP grenades",
        }
    }
}

/// Cloud cover at night (E1.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cloud {
    /// No cloud.
    Clear,
    /// Scattered clouds.
    Scattered,
    /// Overcast sky.
    Overcast,
}

/// Moon phase at night (E1.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Moon {
    /// No moon.
    NoMoon,
    /// Half moon.
    Half,
    /// Full moon.
    Full,
}

/// A T-H Hero (G1.421-G1.425).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    /// His Designated Target (a unit id).
    pub target: String,
    /// The Player Turn number in which he was created.
    pub created_in: u32,
    /// He made his attack (G1.425: then he is removed at once).
    pub attacked: bool,
}

/// A unit: its counter and its state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::component::Component))]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub id: String,
    pub nationality: Nationality,
    /// The counter's name in the catalog (`assets/counters.ron`), or `T-H Hero`.
    pub counter: String,
    pub broken: bool,
    /// Desperation Morale.
    pub dm: bool,
    /// A wounded SMC (G1.4).
    pub wounded: bool,
    pub pinned: bool,
    /// Possesses a DC.
    pub dc: bool,
    /// A T-H Hero.
    pub hero: Option<Hero>,
    /// MF expended this phase.
    pub mf_spent: f32,
    /// Entered a cave or Cave Complex this phase (G11.74).
    pub entered_cave: bool,
    /// A Straying Mover this MPh (E1.53).
    pub straying: bool,
    /// Has made its Movement DR this MPh (E1.53): a unit exempt while it moves in a cave or
    /// Cave Complex makes it when it first moves above ground (G11.96).
    #[serde(default, skip_serializing_if = "is_false")]
    pub movement_dr: bool,
    /// Has made its one-Location advance this APh (A4.7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub advanced: bool,
    /// Has made its Rally attempt this RPh (A10.6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rally_attempted: bool,
    /// Has routed this RtPh (A10.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub routed: bool,
    /// Moving with Double Time (A4.5, CX).
    #[serde(default)]
    pub cx: bool,
    /// Using Assault Movement this MPh (A4.61): it entered one Location so declared and enters
    /// no other this MPh; FFNAM does not apply to it (A8.1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub assault_moving: bool,
    /// Berserk (A15).
    #[serde(default)]
    pub berserk: bool,
    /// Battle Hardened by a Heat of Battle DR (A15.3; G1.62 in a pillbox, G11.97 in a cave).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hardened: bool,
    /// Making a Banzai Charge this Player Turn (G1.5, A25.23): the Location it charges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banzai: Option<crate::los::location::Location>,
    /// A DC it has Placed this MPh, waiting to detonate in the AFPh (A23.3; G11.833).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed_dc: Option<PlacedDc>,
    /// The fire counter on it this Player Turn (A7; `rules::orders::fire`), if it has fired.
    #[serde(default)]
    pub fired: Option<FireMark>,
    /// Has made its one T-H Hero creation attempt of this phase (G1.421: "may at that time make
    /// one attempt").
    #[serde(default, skip_serializing_if = "is_false")]
    pub hero_attempted: bool,
}

/// A DC Placed into a cave (G11.833, G11.8331: `cave`) or on an ADJACENT above-ground Location
/// (A23.3: `on`, `cave` then empty), and the Location its Placer placed it from. It detonates as
/// the AFPh begins if it was operably Placed (A23.3: `operable`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedDc {
    pub cave: String,
    pub from: crate::los::location::Location,
    /// A23.3: the above-ground target Location, for a DC not Placed into a cave.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<crate::los::location::Location>,
    /// A23.1: every enemy unit there was concealed when the DC was Placed: its attack is Area
    /// Fire (half FP).
    #[serde(default, skip_serializing_if = "is_false")]
    pub area_fire: bool,
    /// A23.3: its Placer survived unbroken and unpinned the First Fire of the MPh in its
    /// Placement Location (settled as the DFPh begins): the DC is operably Placed, and what
    /// befalls the Placer after has no effect on it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub operable: bool,
    /// G11.8332: the DC was Set in the cave (its Setter spent its entire MPh ADJACENT to it),
    /// not Placed; `None` for a Placed DC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<SetDc>,
}

/// G11.8332: how a DC was Set in a cave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetDc {
    /// It was Set while no Known Good Order Japanese MMC was in the cave (EX: "If the DC is
    /// Set while no Known Good Order Japanese MMC is in the cave, it will receive a total IFT
    /// DRM of -7"): read as it is Set.
    pub undefended: bool,
}

impl PlacedDc {
    /// How it was put there, for a sentence: "Set" (G11.8332) or "Placed".
    pub fn verb(&self) -> &'static str {
        if self.set.is_some() { "Set" } else { "Placed" }
    }

    /// What the DC was Placed into or on, in words: "cave G", "T5".
    pub fn target_name(&self, map: &crate::map::Map) -> String {
        match &self.on {
            Some(at) => at.display(map).to_string(),
            None => format!("cave {}", self.cave),
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A fire counter (A7/A8 as `rules::orders::fire` reads them): what kind of fire a unit made
/// this Player Turn. A unit that fired cannot fire again in the same phase (save, in the MPh,
/// one Subsequent First Fire by a unit marked First Fire, A8.3, and Final Protective Fire by
/// one marked Final Fire, A8.31), and a Prep Fire counter keeps it from moving and from
/// Advancing Fire.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireMark {
    /// Prep Fire (the ATTACKER's PFPh).
    PrepFire,
    /// Defensive First Fire (the DEFENDER in the ATTACKER's MPh).
    FirstFire,
    /// Final Fire (the DEFENDER's DFPh; also the counter of a Subsequent First Fire in the
    /// ATTACKER's MPh, A8.3).
    FinalFire,
    /// Advancing Fire (the ATTACKER's AFPh).
    AdvancingFire,
    /// A moving unit's fire in its own MPh (E1.551: only as Jitter Fire).
    BoundingFire,
}

impl FireMark {
    /// The counter's name.
    pub fn name(self) -> &'static str {
        match self {
            FireMark::PrepFire => "Prep Fire",
            FireMark::FirstFire => "First Fire",
            FireMark::FinalFire => "Final Fire",
            FireMark::AdvancingFire => "Advancing Fire",
            FireMark::BoundingFire => "Bounding Fire",
        }
    }
}

impl Unit {
    /// A unit in Good Order, unmarked, with no MF spent: counter `counter` of `nationality`.
    pub fn new(id: &str, nationality: Nationality, counter: &str) -> Unit {
        Unit {
            id: id.into(),
            nationality,
            counter: counter.into(),
            broken: false,
            dm: false,
            wounded: false,
            pinned: false,
            dc: false,
            hero: None,
            mf_spent: 0.0,
            entered_cave: false,
            straying: false,
            movement_dr: false,
            advanced: false,
            rally_attempted: false,
            routed: false,
            cx: false,
            assault_moving: false,
            berserk: false,
            hardened: false,
            banzai: None,
            placed_dc: None,
            fired: None,
            hero_attempted: false,
        }
    }

    /// The side it fights for.
    pub fn side(&self) -> Side {
        Side::of(self.nationality)
    }

    /// Good Order: not broken (A10).
    pub fn good_order(&self) -> bool {
        !self.broken
    }
}

/// The id of a unit the rules create from unit `base` during play: `<base>.2`, `<base>.3` ...
/// for the further counters a unit is exchanged for (a squad Casualty-Reduced or broken into
/// HS, A7.302/G1.12x: the first counter keeps `base`), stable so that a script can name them.
pub fn derived_unit_id(base: &str, nth: usize) -> String {
    format!("{base}.{nth}")
}

/// The id of the T-H Hero unit `base` creates (G1.421): `<base>.hero`.
pub fn hero_unit_id(base: &str) -> String {
    format!("{base}.hero")
}

/// Whether `id` is the "?" placeholder of a side's view (`opponent::view`), not a unit of the
/// game: its id starts with `?`, which no scenario id can.
pub fn is_placeholder(id: &str) -> bool {
    id.starts_with('?')
}

/// The unit a derived id comes from, one step back (`us1.2` -> `us1`, `jp1.hero` -> `jp1`), or
/// `None` for an id that is not derived. Scenario ids never hold a `.`, so the two never meet.
pub fn parent_unit_id(id: &str) -> Option<&str> {
    let (head, tail) = id.rsplit_once('.')?;
    let ok = tail == "hero" || (tail.len() == 1 && ('2'..='9').contains(&tail.chars().next()?));
    ok.then_some(head)
}

/// A unit's status as a scenario sets it up (and as the simulation keeps it): broken (A10),
/// Desperation Morale (A10.62, only when broken), pinned (A7.8), wounded (A17, an SMC), CX
/// (A4.5), berserk (A15, never broken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitStatus {
    pub broken: bool,
    pub dm: bool,
    pub pinned: bool,
    pub wounded: bool,
    pub cx: bool,
    pub berserk: bool,
}

impl UnitStatus {
    /// What contradicts the rules in this status for a unit (`smc`: a Single Man Counter),
    /// with the rule: DM without being broken (A10.62), a wounded MMC (A17: only SMC are
    /// Wounded), a broken berserk unit (A15: a berserk unit does not break).
    pub fn contradiction(&self, smc: bool) -> Option<(&'static str, &'static str)> {
        if self.dm && !self.broken {
            return Some(("A10.62", "Desperation Morale is a broken unit's status"));
        }
        if self.wounded && !smc {
            return Some(("A17", "only a Single Man Counter is Wounded"));
        }
        if self.berserk && self.broken {
            return Some(("A15", "a berserk unit does not break"));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a3_phases_parse_by_name_or_abbreviation() {
        assert_eq!("Movement".parse::<Phase>(), Ok(Phase::Movement));
        assert_eq!("MPh".parse::<Phase>(), Ok(Phase::Movement));
        assert_eq!("ccph".parse::<Phase>(), Ok(Phase::CloseCombat));
        assert!("Setup".parse::<Phase>().is_err());
        assert_eq!(Phase::CloseCombat.next(), Phase::Rally);
        assert_eq!(Side::Japanese.opponent(), Side::Allied);
    }
}
