//! E1.101 Beyond NVR: what a unit can see past its Night Visibility Range; E1.33: what a side
//! cannot see at night is not Known to it.

use crate::los::Location;
use crate::model::Side;
use crate::rules::caves::sight::cave_los;
use crate::rules::situation::Situation;

/// E1.101/E1.81: does the NVR limit a LOS to this target? A unit beyond the viewer's NVR is out
/// of its LOS unless marked by a Gunflash (E1.81) or in an Illuminated Location (E1.9).
pub fn nvr_limits(target_illuminated: bool, target_gunflash: bool) -> bool {
    !(target_illuminated || target_gunflash)
}

/// E1.33: whether an unconcealed unit at `at` is beyond the sight of every unit of `side` at
/// night: no unit of that side has a clear LOS to it (from a cave too, G11.5), the NVR applying
/// unless the Location is Illuminated or marked by a Gunflash (E1.101). Never by day.
pub fn unseen_at_night(s: &Situation, side: Side, at: &Location) -> bool {
    if !s.night() {
        return false;
    }
    let env = s.env_seeing(at);
    !s.units
        .iter()
        .filter(|w| w.unit.side() == side)
        .any(|w| cave_los(&env, &s.caves, &w.at, at).is_ok_and(|r| r.clear()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e1_101_illuminated_or_gunflash_targets_are_seen_beyond_nvr() {
        assert!(nvr_limits(false, false));
        assert!(!nvr_limits(true, false));
        assert!(!nvr_limits(false, true));
    }
}
