//! What applying an order or a phase says: one `Said` per ruling applied, dice rolled or order
//! refused, in the order it happened. The front end (the walk's log) adds the turn, phase and
//! script step it happened in.

use serde::{Deserialize, Serialize};

/// The event of an order the rules forbid (the walk reports it and goes on).
pub const REFUSED: &str = "refused";

/// One thing that happened: its event name (`move`, `fire`, `refused`, ...), the unit it
/// concerns, the rule applied, the dice rolled (one die for a dr; coloured then white for a
/// DR) and what the rule decided, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Said {
    pub event: String,
    pub unit: Option<String>,
    pub rule: Option<String>,
    pub dice: Option<Vec<u8>>,
    pub text: String,
}
