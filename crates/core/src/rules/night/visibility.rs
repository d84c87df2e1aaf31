//! E1.101 Beyond NVR: what a unit can see past its Night Visibility Range.

/// E1.101/E1.81: does the NVR limit a LOS to this target? A unit beyond the viewer's NVR is out
/// of its LOS unless marked by a Gunflash (E1.81) or in an Illuminated Location (E1.9).
pub fn nvr_limits(target_illuminated: bool, target_gunflash: bool) -> bool {
    !(target_illuminated || target_gunflash)
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
