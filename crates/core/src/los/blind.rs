//! A6.2 and A6.4: when an obstacle or a crest between two Locations at different elevations
//! blocks LOS. Heights are in half-levels (a Level is 2), ranges in hexes.
//!
//! The Blind Hex formulas are those of asl-facts.md (as VASL uses them; the A6.4 text itself was
//! not available to us). With S the higher end's elevation, T the lower end's, O the obstacle's
//! top, R the range from the higher end to the obstacle and d from the obstacle to the lower end:
//! - obstacle: the lower end is blind if `d <= max(1, 1 + floor(R/5) + (O - T) - (S - O))`;
//! - crest line of level g: blind if `d <= max(0, floor(R/5) + 2g - S - T)`, and a cliff always
//!   gives at least one Blind Hex to a non-adjacent viewer (B11.21).

/// The ends of a LOS, in half-levels: `high >= low`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ends {
    pub high: i32,
    pub low: i32,
}

/// What an obstacle top or crest level does to a LOS between `Ends`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Lower than the lower end, or not in the way.
    Clear,
    /// A6.2: at or above both ends.
    AboveBoth,
    /// A6.4: the lower end lies in the obstacle's Blind Hexes (`blind` hexes deep).
    Blind { blind: u32 },
}

/// A6.2/A6.4 obstacle test: an obstacle with top `top` at range `r` from the higher end and `d`
/// from the lower end.
pub fn obstacle(ends: Ends, top: i32, r: u32, d: u32) -> Verdict {
    if top >= ends.high {
        return Verdict::AboveBoth;
    }
    if top < ends.low {
        return Verdict::Clear;
    }
    // In half-levels: 2 * (1 + R/5) + (O - T) - (S - O), compared with 2d.
    let v2 = 2 + 2 * (r / 5) as i32 + (top - ends.low) - (ends.high - top);
    let blind2 = v2.max(2);
    if 2 * d as i32 <= blind2 {
        Verdict::Blind {
            blind: (blind2 / 2) as u32,
        }
    } else {
        Verdict::Clear
    }
}

/// A6.2/A6.4 crest test for ground of level `ground` (a hill, or a Depression's rim) at range
/// `r` from the higher end and `d` from the lower end; `cliff` when the LOS crosses a cliff
/// hexside of that crest (B11.21: at least one Blind Hex).
pub fn crest(ends: Ends, ground: i32, r: u32, d: u32, cliff: bool) -> Verdict {
    if ground > ends.high {
        return Verdict::AboveBoth;
    }
    if ground <= ends.low {
        return Verdict::Clear;
    }
    // In half-levels: 2 * (R/5) + 2g - S - T (g, S, T already doubled), compared with 2d.
    let v2 = 2 * (r / 5) as i32 + 2 * ground - ends.high - ends.low;
    let min2 = if cliff { 2 } else { 0 };
    let blind2 = v2.max(min2);
    if 2 * d as i32 <= blind2 {
        Verdict::Blind {
            blind: (blind2 / 2) as u32,
        }
    } else {
        Verdict::Clear
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: i32 = 2;

    fn ends(high: i32, low: i32) -> Ends {
        Ends {
            high: high * L,
            low: low * L,
        }
    }

    #[test]
    fn a6_2_an_obstacle_as_high_as_the_higher_end_blocks() {
        assert_eq!(obstacle(ends(1, 0), L, 3, 3), Verdict::AboveBoth);
        assert_eq!(obstacle(ends(0, 0), L, 3, 3), Verdict::AboveBoth);
        assert_eq!(obstacle(ends(2, 2), L, 3, 3), Verdict::Clear);
    }

    #[test]
    fn a6_4_a_one_level_obstacle_seen_from_level_two_hides_one_hex() {
        assert_eq!(obstacle(ends(2, 0), L, 2, 1), Verdict::Blind { blind: 1 });
        assert_eq!(obstacle(ends(2, 0), L, 2, 2), Verdict::Clear);
        // +1 Blind Hex per full 5 hexes of range to the obstacle.
        assert_eq!(obstacle(ends(2, 0), L, 5, 2), Verdict::Blind { blind: 2 });
        // Each level of height advantage over the obstacle beyond the first removes one, to a
        // minimum of one.
        assert_eq!(obstacle(ends(4, 0), L, 2, 1), Verdict::Blind { blind: 1 });
    }

    #[test]
    fn a6_4_a_two_level_obstacle_seen_from_level_three_hides_two_hexes() {
        assert_eq!(
            obstacle(ends(3, 0), 2 * L, 1, 2),
            Verdict::Blind { blind: 2 }
        );
        assert_eq!(obstacle(ends(3, 0), 2 * L, 1, 3), Verdict::Clear);
    }

    #[test]
    fn a6_4_half_level_tops_round_down() {
        // A one-storey building (1.5 levels) seen from Level 2: 1 + 1.5 - 0.5 = 2 Blind Hexes.
        assert_eq!(obstacle(ends(2, 0), 3, 1, 2), Verdict::Blind { blind: 2 });
    }

    #[test]
    fn a6_4_crest_of_the_viewers_own_level_hides_the_slope_below() {
        // Level 1 plateau two hexes back from the edge: the hex at the foot is blind.
        assert_eq!(
            crest(ends(1, 0), L, 1, 1, false),
            Verdict::Blind { blind: 1 }
        );
        assert_eq!(crest(ends(1, 0), L, 1, 2, false), Verdict::Clear);
        // Level 3 viewer over a Level 2 crest to Level 0: one Blind Hex.
        assert_eq!(
            crest(ends(3, 0), 2 * L, 1, 1, false),
            Verdict::Blind { blind: 1 }
        );
        assert_eq!(crest(ends(3, 0), 2 * L, 1, 2, false), Verdict::Clear);
        // Ground at or below the lower end never blocks; ground above both does.
        assert_eq!(crest(ends(1, 1), L, 1, 1, false), Verdict::Clear);
        assert_eq!(crest(ends(1, 0), 2 * L, 1, 1, false), Verdict::AboveBoth);
    }

    #[test]
    fn b11_21_a_cliff_always_gives_one_blind_hex() {
        // Level 2 viewer over a one-level cliff (top Level 1) to Level 0: the formula gives none...
        assert_eq!(crest(ends(2, 0), L, 1, 1, false), Verdict::Clear);
        // ...but a cliff gives one.
        assert_eq!(
            crest(ends(2, 0), L, 1, 1, true),
            Verdict::Blind { blind: 1 }
        );
        assert_eq!(crest(ends(2, 0), L, 1, 2, true), Verdict::Clear);
    }
}
