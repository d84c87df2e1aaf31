//! The order vocabulary (issue 24): every action a player, a walkthrough script or a program may
//! order, with named fields and typed ids (`UnitId`, `CaveId`). A script's `act:` resolves to an
//! `Order`; Play mode's Orders window, `asl-pto orders` and the walk all speak it; `judge`
//! (`rules::orders::legal`) asks its ruling, and `Order::script` writes it back exactly as a
//! script's `act:` writes it, so a tool can copy an order into a script.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

use crate::hex::{Hex, Vertex};
use crate::los::Location;
use crate::map::Map;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> $name {
                $name(s.to_string())
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> $name {
                $name(s)
            }
        }

        impl From<&String> for $name {
            fn from(s: &String) -> $name {
                $name(s.clone())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

id_type!(
    /// A unit's id, as the scenario names it (`us1`, `jp2`).
    UnitId
);
id_type!(
    /// A cave's id (G11.1), as the scenario names it (`G`).
    CaveId
);

/// One order: an action for the rules to resolve, or a report that changes nothing (`Los`,
/// `Light`, `Control`). The verbs are the script's (scenario-format.md "Walkthrough script").
#[derive(Clone, Debug, PartialEq)]
pub enum Order {
    /// Moves a unit one step to an adjacent Location (A4; caves G11.7; night E1.5).
    Move { unit: UnitId, to: Location },
    /// Moves a unit one step by Assault Movement (A4.61): declared before its first MF of the
    /// MPh, it enters no other Location this MPh, and FFNAM does not apply to it (A8.1; at
    /// night it keeps Cloaking/"?" in an Illuminated Location, E1.31).
    AssaultMove { unit: UnitId, to: Location },
    /// A Climb (B11.4) to `level` at `vertex` of a cliff hexside.
    Climb {
        unit: UnitId,
        level: i32,
        vertex: Vertex,
    },
    /// G11.8331: a Climb declared to Place a DC into `cave`.
    ClimbToPlaceDc {
        unit: UnitId,
        cave: CaveId,
        level: i32,
        vertex: Vertex,
    },
    /// Enters a cave (G11.7).
    EnterCave { unit: UnitId, cave: CaveId },
    /// Leaves a cave for `to` (G11.7).
    ExitCave { unit: UnitId, to: Location },
    /// Throws a DC into a cave (G11.833).
    ThrowDc { unit: UnitId, cave: CaveId },
    /// Places a DC in a cave (G11.833).
    PlaceDc { unit: UnitId, cave: CaveId },
    /// Places a DC on an ADJACENT above-ground Location (A23.3).
    PlaceDcAt { unit: UnitId, at: Location },
    /// Sets a DC in a cave (G11.833: Set DC).
    SetDc { unit: UnitId, cave: CaveId },
    /// SMOKE grenades (A24; in a cave G11.85).
    PlaceSmoke { unit: UnitId, at: Location },
    /// WP grenades (A24; in a cave G11.85/G11.851).
    PlaceWp { unit: UnitId, at: Location },
    /// A Starshell (E1.92).
    FireStarshell { unit: UnitId, at: Hex },
    /// An Illuminating Round by OBA (E1.93).
    FireIr { at: Hex },
    /// A Fire kindled (B25.11; at night E1.94).
    Kindle { at: Hex },
    /// A Morale Check with a DRM (A10).
    MoraleCheck { unit: UnitId, drm: i32 },
    /// A broken unit's Rally attempt in the RPh (A10.6).
    Rally { unit: UnitId },
    /// G1.424: a DC Hero (or any unbroken Japanese Infantry possessing a DC) detonates its DC
    /// in its MPh in the Location it has reached, and is eliminated (G1.425).
    DetonateDc { unit: UnitId },
    /// A broken unit routs to `to` in the RtPh (A10.5).
    Rout { unit: UnitId, to: Location },
    /// The Close Combat in one Location (A11): every unit attacking, or, where `attackers` is
    /// not empty, the ATTACKER's `attackers` attacking the DEFENDER's `targets` (the player
    /// dividing them: the ATTACKER's other units there make no attack; the DEFENDER attacks as
    /// one).
    CloseCombat {
        at: Location,
        attackers: Vec<UnitId>,
        targets: Vec<UnitId>,
    },
    /// A Banzai Charge by `units` at the Location `to` (G1.5, A25.23).
    Banzai { units: Vec<UnitId>, to: Location },
    /// A Search (A12.152; caves G11.3).
    Search { unit: UnitId, hex: Hex },
    /// Advances to the next Player Turn's Rally Phase.
    NextPlayerTurn,
    /// A T-H Hero creation attempt vs a Designated Target (G1.421/G1.424).
    CreateHero { unit: UnitId, target: UnitId },
    /// Reports the LOS between two Locations now.
    Los { from: Location, to: Location },
    /// Reports whether a Location is Illuminated now (E1.9, G11.96).
    Light { at: Location },
    /// Reports whether the Allies Control a cave now (G11.94).
    Control { cave: CaveId },
    /// An attack on the IFT by `units` (a Fire Group, a leader directing) at a Location (A7/A8).
    Fire { units: Vec<UnitId>, at: Location },
}

/// One argument of an order as a script writes it.
enum Arg {
    Text(String),
    Int(i32),
    List(Vec<String>),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Text(s) => write!(f, "{s:?}"),
            Arg::Int(n) => write!(f, "{n}"),
            Arg::List(v) => {
                let items: Vec<String> = v.iter().map(|s| format!("{s:?}")).collect();
                write!(f, "[{}]", items.join(", "))
            }
        }
    }
}

impl Order {
    /// The script verb (`Move`, `ThrowDc`, ...).
    pub fn verb(&self) -> &'static str {
        match self {
            Order::Move { .. } => "Move",
            Order::AssaultMove { .. } => "AssaultMove",
            Order::Climb { .. } => "Climb",
            Order::ClimbToPlaceDc { .. } => "ClimbToPlaceDc",
            Order::EnterCave { .. } => "EnterCave",
            Order::ExitCave { .. } => "ExitCave",
            Order::ThrowDc { .. } => "ThrowDc",
            Order::PlaceDc { .. } => "PlaceDc",
            Order::PlaceDcAt { .. } => "PlaceDcAt",
            Order::SetDc { .. } => "SetDc",
            Order::PlaceSmoke { .. } => "PlaceSmoke",
            Order::PlaceWp { .. } => "PlaceWp",
            Order::FireStarshell { .. } => "FireStarshell",
            Order::FireIr { .. } => "FireIr",
            Order::Kindle { .. } => "Kindle",
            Order::MoraleCheck { .. } => "MoraleCheck",
            Order::Rally { .. } => "Rally",
            Order::DetonateDc { .. } => "DetonateDc",
            Order::Rout { .. } => "Rout",
            Order::CloseCombat { .. } => "CloseCombat",
            Order::Banzai { .. } => "Banzai",
            Order::Search { .. } => "Search",
            Order::NextPlayerTurn => "NextPlayerTurn",
            Order::CreateHero { .. } => "CreateHero",
            Order::Los { .. } => "Los",
            Order::Light { .. } => "Light",
            Order::Control { .. } => "Control",
            Order::Fire { .. } => "Fire",
        }
    }

    /// The unit that gives the order (the first of a Fire Group), if a unit does.
    pub fn unit(&self) -> Option<&UnitId> {
        match self {
            Order::Move { unit, .. }
            | Order::AssaultMove { unit, .. }
            | Order::Climb { unit, .. }
            | Order::ClimbToPlaceDc { unit, .. }
            | Order::EnterCave { unit, .. }
            | Order::ExitCave { unit, .. }
            | Order::ThrowDc { unit, .. }
            | Order::PlaceDc { unit, .. }
            | Order::PlaceDcAt { unit, .. }
            | Order::SetDc { unit, .. }
            | Order::PlaceSmoke { unit, .. }
            | Order::PlaceWp { unit, .. }
            | Order::FireStarshell { unit, .. }
            | Order::MoraleCheck { unit, .. }
            | Order::Rally { unit }
            | Order::DetonateDc { unit }
            | Order::Rout { unit, .. }
            | Order::Search { unit, .. }
            | Order::CreateHero { unit, .. } => Some(unit),
            Order::Fire { units, .. } | Order::Banzai { units, .. } => units.first(),
            Order::FireIr { .. }
            | Order::CloseCombat { .. }
            | Order::Kindle { .. }
            | Order::NextPlayerTurn
            | Order::Los { .. }
            | Order::Light { .. }
            | Order::Control { .. } => None,
        }
    }

    /// Whether the order moves its unit (a move, a cave entry or exit, a Climb): what E1.53's
    /// Straying DR is made for.
    pub fn moves(&self) -> bool {
        matches!(
            self,
            Order::Move { .. }
                | Order::AssaultMove { .. }
                | Order::EnterCave { .. }
                | Order::ExitCave { .. }
                | Order::Climb { .. }
                | Order::ClimbToPlaceDc { .. }
        )
    }

    /// Whether the order spends MF in the MPh where the enemy may First Fire at the unit for it
    /// (A8.1: "anytime a unit/stack expends MF/MP in the LOS of one of his units", moving or
    /// not: "placing SMOKE grenades, SW Recovery, etc."): a move (`moves`), a DC's Placement
    /// (A23.3: "movement expended in the Placement Hex"; G11.833 into a cave) or Set (G11.8332:
    /// its entire MPh), SMOKE or WP grenades (A24.1) and a Search (A12.152).
    pub fn draws_first_fire(&self) -> bool {
        self.moves()
            || matches!(
                self,
                Order::PlaceDc { .. }
                    | Order::PlaceDcAt { .. }
                    | Order::SetDc { .. }
                    | Order::PlaceSmoke { .. }
                    | Order::PlaceWp { .. }
                    | Order::Search { .. }
            )
    }

    /// Whether the order only reports (LOS, light, Control) and changes nothing.
    pub fn reports(&self) -> bool {
        matches!(
            self,
            Order::Los { .. } | Order::Light { .. } | Order::Control { .. }
        )
    }

    /// The arguments as a script writes them, hexes, vertices and Locations by the map's names.
    fn args(&self, map: &Map) -> Vec<Arg> {
        let t = |s: &str| Arg::Text(s.to_string());
        let l = |l: &Location| Arg::Text(l.display(map).to_string());
        let h = |h: &Hex| Arg::Text(map.name(*h));
        let v = |v: &Vertex| Arg::Text(map.vertex_name(*v));
        match self {
            Order::Move { unit, to }
            | Order::AssaultMove { unit, to }
            | Order::ExitCave { unit, to }
            | Order::Rout { unit, to } => {
                vec![t(unit), l(to)]
            }
            Order::Climb {
                unit,
                level,
                vertex,
            } => vec![t(unit), Arg::Int(*level), v(vertex)],
            Order::ClimbToPlaceDc {
                unit,
                cave,
                level,
                vertex,
            } => vec![t(unit), t(cave), Arg::Int(*level), v(vertex)],
            Order::EnterCave { unit, cave }
            | Order::ThrowDc { unit, cave }
            | Order::PlaceDc { unit, cave }
            | Order::SetDc { unit, cave } => vec![t(unit), t(cave)],
            Order::PlaceSmoke { unit, at }
            | Order::PlaceWp { unit, at }
            | Order::PlaceDcAt { unit, at } => vec![t(unit), l(at)],
            Order::FireStarshell { unit, at } => vec![t(unit), h(at)],
            Order::FireIr { at } | Order::Kindle { at } => vec![h(at)],
            Order::MoraleCheck { unit, drm } => vec![t(unit), Arg::Int(*drm)],
            Order::Rally { unit } | Order::DetonateDc { unit } => vec![t(unit)],
            Order::Search { unit, hex } => vec![t(unit), h(hex)],
            Order::NextPlayerTurn => vec![],
            Order::CreateHero { unit, target } => vec![t(unit), t(target)],
            Order::Los { from, to } => vec![l(from), l(to)],
            Order::Light { at } => vec![l(at)],
            Order::CloseCombat {
                at,
                attackers,
                targets,
            } => {
                let mut v = vec![l(at)];
                if !attackers.is_empty() || !targets.is_empty() {
                    v.push(Arg::List(attackers.iter().map(|u| u.0.clone()).collect()));
                    v.push(Arg::List(targets.iter().map(|u| u.0.clone()).collect()));
                }
                v
            }
            Order::Banzai { units, to } => vec![
                Arg::List(units.iter().map(|u| u.0.clone()).collect()),
                l(to),
            ],
            Order::Control { cave } => vec![t(cave)],
            Order::Fire { units, at } => vec![
                Arg::List(units.iter().map(|u| u.0.clone()).collect()),
                l(at),
            ],
        }
    }

    /// The order exactly as a script's `act:` writes it: `Search("us2", "S4")`,
    /// `Fire(["us1", "us2"], "cave:G")`, `NextPlayerTurn`.
    pub fn script(&self, map: &Map) -> String {
        let args = self.args(map);
        if args.is_empty() {
            return self.verb().to_string();
        }
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        format!("{}({})", self.verb(), args.join(", "))
    }

    /// The order in words as the situation `s` reads it (the Orders window's and `orders`'
    /// label): `label`, a rout that is a Low Crawl said so ("Low Crawl to T3 (A10.52)").
    pub fn label_in(&self, s: &crate::rules::situation::Situation) -> String {
        if let Order::Rout { unit, to } = self
            && let Ok((_, true)) = super::rout::rout_step(s, unit.as_ref(), to)
        {
            return format!("Low Crawl to {} (A10.52)", to.display(s.map));
        }
        self.label(s.map)
    }

    /// The order in words, for a menu: "Search S4", "Throw DC into cave G".
    pub fn label(&self, map: &Map) -> String {
        let l = |l: &Location| l.display(map).to_string();
        let h = |h: &Hex| map.name(*h);
        match self {
            Order::Move { to, .. } => format!("Move to {}", l(to)),
            Order::AssaultMove { to, .. } => format!("Assault Move to {} (A4.61)", l(to)),
            Order::Climb { level, vertex, .. } => {
                format!("Climb to Level {level} at {}", map.vertex_name(*vertex))
            }
            Order::ClimbToPlaceDc { cave, vertex, .. } => format!(
                "Climb at {} to Place a DC in cave {cave}",
                map.vertex_name(*vertex)
            ),
            Order::EnterCave { cave, .. } => format!("Enter cave {cave}"),
            Order::ExitCave { to, .. } => format!("Leave the cave for {}", l(to)),
            Order::ThrowDc { cave, .. } => format!("Throw DC into cave {cave}"),
            Order::PlaceDc { cave, .. } => format!("Place DC in cave {cave}"),
            Order::PlaceDcAt { at, .. } => format!("Place DC on {}", l(at)),
            Order::SetDc { cave, .. } => format!("Set DC in cave {cave}"),
            Order::PlaceSmoke { at, .. } => match at {
                Location::Cave(c) => format!("SMOKE grenades into cave {c}"),
                _ => format!("SMOKE grenades in {}", l(at)),
            },
            Order::PlaceWp { at, .. } => match at {
                Location::Cave(c) => format!("WP grenades into cave {c}"),
                _ => format!("WP grenades in {}", l(at)),
            },
            Order::FireStarshell { at, .. } => format!("Starshell at {}", h(at)),
            Order::FireIr { at } => format!("OBA IR at {}", h(at)),
            Order::Kindle { at } => format!("Kindle a Fire in {}", h(at)),
            Order::MoraleCheck { drm, .. } => format!("Morale Check ({drm:+})"),
            Order::Rally { .. } => "Rally".to_string(),
            Order::DetonateDc { .. } => "Detonate the DC here".to_string(),
            Order::Rout { to, .. } => format!("Rout to {}", l(to)),
            Order::CloseCombat {
                at,
                attackers,
                targets,
            } if !attackers.is_empty() => {
                let a: Vec<&str> = attackers.iter().map(|u| u.as_ref()).collect();
                let t: Vec<&str> = targets.iter().map(|u| u.as_ref()).collect();
                format!(
                    "Close Combat in {}: {} vs {}",
                    l(at),
                    a.join(", "),
                    t.join(", ")
                )
            }
            Order::CloseCombat { at, .. } => format!("Close Combat in {}", l(at)),
            Order::Banzai { units, to } => {
                let ids: Vec<&str> = units.iter().map(|u| u.as_ref()).collect();
                format!("Banzai Charge at {} ({})", l(to), ids.join(", "))
            }
            Order::Search { hex, .. } => format!("Search {}", h(hex)),
            Order::NextPlayerTurn => "Next Player Turn".to_string(),
            Order::CreateHero { target, .. } => format!("Create a T-H Hero vs {target}"),
            Order::Los { to, .. } => format!("LOS to {}", l(to)),
            Order::Light { at } => format!("Is {} Illuminated?", l(at)),
            Order::Control { cave } => format!("Control of cave {cave}?"),
            Order::Fire { units, at } if units.len() > 1 => {
                let ids: Vec<&str> = units.iter().map(|u| u.as_ref()).collect();
                format!("Fire at {} ({})", l(at), ids.join(", "))
            }
            Order::Fire { at, .. } => format!("Fire at {}", l(at)),
        }
    }
}
