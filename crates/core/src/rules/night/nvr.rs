//! E1.1 Night Visibility Range: E1.11 (Base NVR from cloud cover and moon), E1.12 (NVR change),
//! E1.13 (zero NVR).

pub use crate::model::{Cloud, Moon};

/// The NVR's bounds (E1.12).
pub const MIN_NVR: i32 = 0;
pub const MAX_NVR: i32 = 6;

/// E1.11 NVR Table, colored dr: the Cloud Cover. +1 drm in December, January and February.
/// The seed's table reads "<= 2 / 3,4 / >= 6", leaving a Final dr of 5 unlisted; it is read
/// here as Overcast (the last row), marked as the part our source does not fix.
pub fn cloud_cover(colored_dr: u8, month: Option<u32>) -> Cloud {
    let winter = matches!(month, Some(12 | 1 | 2));
    match colored_dr + u8::from(winter) {
        ..=2 => Cloud::Clear,
        3 | 4 => Cloud::Scattered,
        _ => Cloud::Overcast,
    }
}

/// E1.11 NVR Table, white dr: the Moon Phase (same reading of the unlisted 5 as `cloud_cover`).
pub fn moon_phase(white_dr: u8) -> Moon {
    match white_dr {
        ..=2 => Moon::Full,
        3 | 4 => Moon::Half,
        _ => Moon::NoMoon,
    }
}

/// E1.11 NVR Modifier: cloud cover cross-indexed with the moon phase.
pub fn modifier(cloud: Cloud, moon: Moon) -> i32 {
    let by_moon = |none, half, full| match moon {
        Moon::NoMoon => none,
        Moon::Half => half,
        Moon::Full => full,
    };
    match cloud {
        Cloud::Clear => by_moon(0, 1, 2),
        Cloud::Scattered => by_moon(-1, 0, 1),
        Cloud::Overcast => by_moon(-2, -1, 0),
    }
}

/// E1.11: the Base NVR, the NVR Modifier added to 3 (or to 6 with Ground or Falling Snow),
/// within 0..6.
pub fn base_nvr(cloud: Cloud, moon: Moon, snow: bool) -> i32 {
    let base = if snow { 6 } else { 3 };
    (base + modifier(cloud, moon)).clamp(MIN_NVR, MAX_NVR)
}

/// The outcome of an E1.12 NVR Change DR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvrChange {
    pub before: i32,
    pub after: i32,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.12 NVR Change: at the start of each RPh after the opening Player Turn, a colored dr of 6
/// changes the Base NVR; the white dr then lowers it (<= 3), raises it (>= 5) or leaves it (4).
/// With Scattered clouds and a Half or Full Moon the change is a subsequent dr divided by three
/// (Half) or two (Full), fractions rounded up; `subsequent_dr` is asked for only then.
pub fn nvr_change(
    base: i32,
    cloud: Cloud,
    moon: Moon,
    colored: u8,
    white: u8,
    subsequent_dr: impl FnOnce() -> u8,
) -> NvrChange {
    let unchanged = |reason: String| NvrChange {
        before: base,
        after: base,
        rule: "E1.12",
        reason,
    };
    if colored != 6 {
        return unchanged(format!(
            "colored dr {colored}: no NVR change (only a 6 changes it)"
        ));
    }
    let direction = match white {
        ..=3 => -1,
        4 => return unchanged("colored dr 6, white dr 4: no change".into()),
        _ => 1,
    };
    let (amount, how) = match (cloud, moon) {
        (Cloud::Scattered, Moon::Half | Moon::Full) => {
            let dr = subsequent_dr();
            let div = if moon == Moon::Half { 3 } else { 2 };
            let amount = (i32::from(dr) + div - 1) / div;
            (
                amount,
                format!(" by a subsequent dr of {dr} / {div} (FRU) = {amount}"),
            )
        }
        _ => (1, " by one hex".to_string()),
    };
    let after = (base + direction * amount).clamp(MIN_NVR, MAX_NVR);
    NvrChange {
        before: base,
        after,
        rule: "E1.12",
        reason: format!(
            "colored dr 6, white dr {white}: the Base NVR {}{how}, {base} -> {after}",
            if direction > 0 { "rises" } else { "falls" }
        ),
    }
}

/// E1.1/E1.13: is a Location `range` hexes away within an NVR? At NVR 0 only the unit's own
/// Location is.
pub fn within_nvr(range: u32, nvr: i32) -> bool {
    range as i32 <= nvr.max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e1_11_nvr_modifier_grid() {
        assert_eq!(base_nvr(Cloud::Clear, Moon::NoMoon, false), 3);
        assert_eq!(base_nvr(Cloud::Clear, Moon::Full, false), 5);
        assert_eq!(base_nvr(Cloud::Scattered, Moon::Half, false), 3);
        assert_eq!(base_nvr(Cloud::Overcast, Moon::NoMoon, false), 1);
        assert_eq!(base_nvr(Cloud::Overcast, Moon::Full, false), 3);
    }

    #[test]
    fn e1_11_with_snow_the_modifier_is_added_to_six_within_bounds() {
        assert_eq!(base_nvr(Cloud::Overcast, Moon::NoMoon, true), 4);
        assert_eq!(base_nvr(Cloud::Clear, Moon::Full, true), 6);
    }

    #[test]
    fn e1_11_colored_dr_plus_one_in_winter() {
        assert_eq!(cloud_cover(2, Some(6)), Cloud::Clear);
        assert_eq!(cloud_cover(2, Some(1)), Cloud::Scattered);
        assert_eq!(cloud_cover(4, Some(12)), Cloud::Overcast);
        assert_eq!(moon_phase(1), Moon::Full);
        assert_eq!(moon_phase(4), Moon::Half);
        assert_eq!(moon_phase(6), Moon::NoMoon);
    }

    #[test]
    fn e1_12_ex_base_3_no_cloud_no_moon_colored_6_raises_to_4() {
        // "A Wind Change DR of 11 is made with a 6 on the colored dr": white 5.
        let c = nvr_change(3, Cloud::Clear, Moon::NoMoon, 6, 5, || unreachable!());
        assert_eq!(c.after, 4);
        assert_eq!(c.rule, "E1.12");
    }

    #[test]
    fn e1_12_ex_scattered_half_moon_subsequent_dr_1_3_one_4_6_two() {
        for dr in 1..=3 {
            assert_eq!(
                nvr_change(3, Cloud::Scattered, Moon::Half, 6, 5, || dr).after,
                4
            );
        }
        for dr in 4..=6 {
            assert_eq!(
                nvr_change(3, Cloud::Scattered, Moon::Half, 6, 5, || dr).after,
                5
            );
        }
        // Full Moon: divided by two, FRU.
        assert_eq!(
            nvr_change(3, Cloud::Scattered, Moon::Full, 6, 5, || 5).after,
            6
        );
    }

    #[test]
    fn e1_12_white_dr_decides_direction_and_bounds_hold() {
        assert_eq!(nvr_change(3, Cloud::Clear, Moon::Half, 6, 2, || 0).after, 2);
        assert_eq!(nvr_change(3, Cloud::Clear, Moon::Half, 6, 4, || 0).after, 3);
        assert_eq!(nvr_change(3, Cloud::Clear, Moon::Half, 5, 1, || 0).after, 3);
        assert_eq!(nvr_change(0, Cloud::Clear, Moon::Half, 6, 1, || 0).after, 0);
        assert_eq!(nvr_change(6, Cloud::Clear, Moon::Half, 6, 6, || 0).after, 6);
    }

    #[test]
    fn e1_13_at_zero_nvr_only_the_own_location_is_seen() {
        assert!(within_nvr(0, 0));
        assert!(!within_nvr(1, 0));
        assert!(within_nvr(3, 3));
        assert!(!within_nvr(4, 3));
    }
}
