//! Seeded dice (ChaCha8): dr (one die) and DR (a coloured and a white die, kept apart, A3 /
//! asl-facts "Sequence of play"). Every roll is recorded with the rule it was rolled for; the
//! walk's events say what each decided. The stream position is saved, so a loaded walk rolls
//! exactly the dice it would have rolled.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// One roll: its rule and its dice (one die for a dr; coloured then white for a DR).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    pub rule: String,
    pub dice: Vec<u8>,
}

/// The dice of a walkthrough.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
    /// Every roll so far, in order.
    pub rolls: Vec<Roll>,
    /// Dice given before the stream's (`odds`: the first dice of an order fixed, face by face,
    /// to enumerate its outcomes); each is used once, in order.
    forced: Vec<u8>,
    /// How many dice have been rolled (forced or from the stream).
    rolled: usize,
}

impl Dice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            rolls: Vec::new(),
            forced: Vec::new(),
            rolled: 0,
        }
    }

    /// Dice whose first dice are `first` (each 1..=6), the rest seeded with `seed` (`odds`).
    pub fn forced(first: &[u8], seed: u64) -> Dice {
        Dice {
            forced: first.to_vec(),
            ..Dice::new(seed)
        }
    }

    /// How many dice have been rolled so far.
    pub fn rolled(&self) -> usize {
        self.rolled
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The position in the random stream (for saving).
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Dice seeded with `seed` and advanced to `position`, with the rolls made so far.
    pub fn restore(seed: u64, position: u128, rolls: Vec<Roll>) -> Dice {
        let mut d = Dice::new(seed);
        d.rng.set_word_pos(position);
        d.rolls = rolls;
        d
    }

    fn die(&mut self) -> u8 {
        let d = match self.forced.get(self.rolled) {
            Some(d) => *d,
            None => self.rng.random_range(1..=6u8),
        };
        self.rolled += 1;
        d
    }

    /// A dr (one die) for `rule`.
    pub fn dr(&mut self, rule: &str) -> u8 {
        let d = self.die();
        self.rolls.push(Roll {
            rule: rule.into(),
            dice: vec![d],
        });
        d
    }

    /// A DR for `rule`: (coloured, white).
    pub fn dr2(&mut self, rule: &str) -> (u8, u8) {
        let (c, w) = (self.die(), self.die());
        self.rolls.push(Roll {
            rule: rule.into(),
            dice: vec![c, w],
        });
        (c, w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dice_and_a_restored_stream_continues_exactly() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let xs: Vec<u8> = (0..50).map(|_| a.dr("x")).collect();
        let ys: Vec<u8> = (0..50).map(|_| b.dr("x")).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|d| (1..=6).contains(d)));
        assert!(
            (1..=6).all(|n| xs.contains(&n)),
            "all faces appear in 50 rolls"
        );
        let mut c = Dice::restore(7, a.position(), a.rolls.clone());
        assert_eq!(a.dr2("y"), c.dr2("y"));
        assert_eq!(a.rolls, c.rolls);
        assert_ne!(
            (0..20).map(|_| Dice::new(8).dr("x")).next(),
            None::<u8>,
            "a different seed still rolls"
        );
    }
}
