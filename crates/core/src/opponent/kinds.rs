//! Each kind's player (`Player`) by its name: the one place a new kind is listed.

use super::choice::Kind;
use super::doctrine::Doctrine;
use super::greedy::Greedy;
use super::passive::Passive;
use super::player::Player;
use super::random::RandomPlayer;

/// A player of kind `kind`.
pub fn player_of(kind: Kind) -> Box<dyn Player> {
    match kind {
        Kind::Doctrine => Box::new(Doctrine::default()),
        Kind::Greedy => Box::new(Greedy::default()),
        Kind::Random => Box::new(RandomPlayer),
        Kind::Passive => Box::new(Passive::default()),
    }
}
