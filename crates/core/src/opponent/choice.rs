//! What every kind of opponent shares: its kinds by name (`Kind`), the moment it is asked
//! (`Moment`) and a candidate order with its score and reason (`Choice`). Plain data.

use crate::los::Location;
use crate::rules::orders::Order;

/// The kinds of opponent, by name (each a `Player`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The best-scored order by its weights (`greedy`): the first doctrine, kept as it was so
    /// that the doctrine can be measured against it.
    Greedy,
    /// The greedy kind's candidates weighed by their consequences (`doctrine`,
    /// `opponent::doctrine`): the enemy's best reply, what a unit is worth, the victory
    /// conditions as the game stands.
    Doctrine,
    /// A uniformly random allowed order at each decision, or passing (`random`).
    Random,
    /// Only a Rally, a Rout and a Close Combat it is already in (`passive`,
    /// `opponent::passive`): what the other side wins against no defence at all.
    Passive,
}

impl Kind {
    /// Every kind, in the order the command line lists them.
    pub const ALL: [Kind; 4] = [Kind::Doctrine, Kind::Greedy, Kind::Random, Kind::Passive];

    /// Every kind's name for a sentence: "`doctrine`, `greedy`, `random` and `passive`".
    pub fn listed() -> String {
        let names: Vec<String> = Kind::ALL
            .iter()
            .map(|k| format!("`{}`", k.name()))
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// The kind by its name (`doctrine`, `greedy`, `random`, `passive`).
    pub fn parse(text: &str) -> Option<Kind> {
        match text.to_ascii_lowercase().as_str() {
            "doctrine" => Some(Kind::Doctrine),
            "greedy" => Some(Kind::Greedy),
            "random" => Some(Kind::Random),
            "passive" => Some(Kind::Passive),
            _ => None,
        }
    }

    /// The kind's name, as the command line, the events and a save write it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Doctrine => "doctrine",
            Kind::Greedy => "greedy",
            Kind::Random => "random",
            Kind::Passive => "passive",
        }
    }
}

/// When the opponent is asked: in a phase it acts in, or as the DEFENDER right after an
/// ATTACKER unit moved into `at` in the MPh (Defensive First Fire, A8).
#[derive(Clone, Debug, PartialEq)]
pub enum Moment {
    Phase,
    FirstFireAt(Location),
}

/// One candidate: the order, its score, and why, in a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub order: Order,
    pub score: f32,
    pub reason: String,
}
