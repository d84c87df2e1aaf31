//! Hexes linked in a chain (A7.5's Fire Group, G1.5's Banzai Charge).

use super::coord::Hex;

/// The first of `hexes` not linked to the first one through a chain of hexes of the list each
/// the same as or adjacent to the next (A7.5's Fire Group, G1.5's Banzai Charge); `None` when
/// all are linked. A hex that is `None` (no hex) links to nothing but stands linked if first.
pub fn first_unchained(hexes: &[Option<Hex>]) -> Option<usize> {
    if hexes.is_empty() {
        return None;
    }
    let touching = |a: Option<Hex>, b: Option<Hex>| match (a, b) {
        (Some(x), Some(y)) => x == y || x.is_adjacent(y),
        _ => false,
    };
    let mut reached = vec![false; hexes.len()];
    reached[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for i in 0..hexes.len() {
            if !reached[i] && (0..hexes.len()).any(|j| reached[j] && touching(hexes[i], hexes[j])) {
                reached[i] = true;
                grew = true;
            }
        }
    }
    reached.iter().position(|r| !r)
}
