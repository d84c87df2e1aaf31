//! The passive kind (`Kind::Passive`, `passive`): a baseline to measure a scenario by. Its side
//! never fires, moves, Searches, Places a DC nor advances of its own will: of the greedy kind's
//! candidates it keeps only what looks after its broken units and the Close Combat it is
//! already in — a Rally (A10.6), a Rout (A10.5) and a Close Combat in a Location it shares with
//! the enemy (A11) — and gives the best of them. Played against, it measures what the other
//! side wins against no defence (or no attack) at all: the ceiling the scenario's dice and
//! turns leave a kind, whatever its opponent does.

use rand_chacha::ChaCha8Rng;

use crate::hex::Hex;
use crate::model::Side;
use crate::rules::orders::Order;
use crate::rules::situation::Situation;

use super::choice::{Choice, Kind, Moment};
use super::greedy::{self, Greedy};
use super::player::{Player, Posture};

/// The passive kind (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Passive {
    greedy: Greedy,
}

impl Player for Passive {
    fn kind(&self) -> Kind {
        Kind::Passive
    }

    fn candidates(
        &self,
        s: &Situation,
        posture: &Posture,
        side: Side,
        moment: &Moment,
        searched: &[Hex],
    ) -> Vec<Choice> {
        let mut out = self.greedy.candidates(s, posture, side, moment, searched);
        out.retain(|c| {
            matches!(
                c.order,
                Order::Rally { .. } | Order::Rout { .. } | Order::CloseCombat { .. }
            )
        });
        out
    }

    fn pick(&self, cands: &mut Vec<Choice>, _rng: &mut ChaCha8Rng) -> Option<Choice> {
        Some(cands.remove(greedy::best_index(cands)?))
    }

    fn clone_box(&self) -> Box<dyn Player> {
        Box::new(self.clone())
    }
}
