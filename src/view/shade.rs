//! How a hex is lit, and the colour a face takes under that light (DESIGN.md "Night").
//!
//! The viewer bakes light into vertex colours and draws with unlit materials: the rules decide
//! which hexes are Illuminated (E1.9) or shadowed (E1.941), so the picture shows exactly that,
//! the same on every graphics adapter. Daylight and moonlight add a fixed sun direction, so hills
//! and cliffs still read in 3D.

use std::collections::HashMap;

use bevy::math::Vec3;
use bevy::prelude::{Has, Query};

use crate::hex::Hex;
use crate::rules::night::light::SourceKind;
use crate::sim::{HexCell, Illuminated, NightState, Shadowed};

/// The light on one hex.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum HexLight {
    /// Daylight (E1 does not apply).
    Day,
    /// Night, unlit: the ambient follows the NVR (E1.1).
    Dark { nvr: i32 },
    /// Illuminated (E1.9): warm for a Blaze or Flame (E1.94), white for a Starshell or IR
    /// (E1.92, E1.93).
    Lit { warm: bool },
    /// Inside a Blaze's zone but shadowed by an obstacle (E1.941): darker than the night, hatched.
    Shadowed { nvr: i32 },
}

/// E1.94: a fire's light (a Blaze's or a Flame's) is warm; a Starshell's or an IR's is white
/// (E1.92, E1.93).
pub fn warm(kind: SourceKind) -> bool {
    matches!(kind, SourceKind::Blaze | SourceKind::Flame)
}

/// The hexes with the sim's light markers: `Illuminated` (by which kind of source) and
/// `Shadowed`.
pub type LightCells<'w, 's> = Query<
    'w,
    's,
    (
        &'static HexCell,
        Option<&'static Illuminated>,
        Has<Shadowed>,
    ),
>;

/// The light on every hex now (E1.9, E1.941): daylight, dark at the NVR, lit (warm or white by
/// its source) or shadowed.
pub fn hex_lights(night: &NightState, cells: &LightCells) -> HashMap<Hex, HexLight> {
    cells
        .iter()
        .map(|(cell, lit, shadowed)| {
            let light = match (night.nvr, lit, shadowed) {
                (None, ..) => HexLight::Day,
                (Some(_), Some(i), _) => HexLight::Lit {
                    warm: i.by.is_some_and(warm),
                },
                (Some(nvr), None, true) => HexLight::Shadowed { nvr },
                (Some(nvr), None, false) => HexLight::Dark { nvr },
            };
            (cell.0, light)
        })
        .collect()
}

/// The sun (or moon): from the south-west, high.
pub fn sun() -> Vec3 {
    Vec3::new(-0.45, 1.0, 0.55).normalize()
}

/// The night's ambient brightness for an NVR: 0.10 at NVR 0, rising to 0.25 at NVR 5 and more.
pub fn night_ambient(nvr: i32) -> f32 {
    0.10 + 0.03 * nvr.clamp(0, 5) as f32
}

/// The colour a face of base colour `rgb` with normal `n` takes under `light`.
pub fn shade(rgb: [f32; 3], n: Vec3, light: HexLight) -> [f32; 4] {
    let ndl = n.normalize_or_zero().dot(sun()).max(0.0);
    let (k, tint) = match light {
        HexLight::Day => (0.5 + 0.5 * ndl, [1.0, 1.0, 1.0]),
        HexLight::Dark { nvr } => (night_ambient(nvr) * (0.6 + 0.4 * ndl), [0.75, 0.85, 1.0]),
        HexLight::Lit { warm: true } => (0.6 + 0.4 * ndl, [1.0, 0.78, 0.52]),
        HexLight::Lit { warm: false } => (0.65 + 0.35 * ndl, [0.95, 0.97, 1.0]),
        HexLight::Shadowed { nvr } => (
            0.5 * night_ambient(nvr) * (0.6 + 0.4 * ndl),
            [0.7, 0.75, 1.0],
        ),
    };
    [
        (rgb[0] * k * tint[0]).clamp(0.0, 1.0),
        (rgb[1] * k * tint[1]).clamp(0.0, 1.0),
        (rgb[2] * k * tint[2]).clamp(0.0, 1.0),
        1.0,
    ]
}

/// The colour of the hatch drawn over a shadowed hex: the Blaze's warm light, faint, so the
/// shadow reads as "inside the zone, but dark".
pub const HATCH: [f32; 4] = [0.42, 0.26, 0.12, 1.0];

/// Relative luminance (Rec. 709) of a colour, for tests and the render checks.
pub fn luminance(c: [f32; 4]) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

#[cfg(test)]
mod tests {
    use super::*;

    const GREEN: [f32; 3] = [0.2, 0.5, 0.2];

    #[test]
    fn e1_1_night_is_darker_than_day_and_a_higher_nvr_is_brighter() {
        let day = luminance(shade(GREEN, Vec3::Y, HexLight::Day));
        let nvr0 = luminance(shade(GREEN, Vec3::Y, HexLight::Dark { nvr: 0 }));
        let nvr3 = luminance(shade(GREEN, Vec3::Y, HexLight::Dark { nvr: 3 }));
        assert!(nvr0 < nvr3 && nvr3 < day / 2.0, "{nvr0} {nvr3} {day}");
    }

    #[test]
    fn e1_941_a_lit_hex_is_brighter_than_a_shadowed_one_and_the_night() {
        let lit = luminance(shade(GREEN, Vec3::Y, HexLight::Lit { warm: true }));
        let dark = luminance(shade(GREEN, Vec3::Y, HexLight::Dark { nvr: 2 }));
        let shadow = luminance(shade(GREEN, Vec3::Y, HexLight::Shadowed { nvr: 2 }));
        assert!(lit > 3.0 * dark && dark > shadow, "{lit} {dark} {shadow}");
    }

    #[test]
    fn e1_94_fire_light_is_warm_by_its_source_kind_e1_92_e1_93_not() {
        assert!(warm(SourceKind::Blaze) && warm(SourceKind::Flame));
        assert!(!warm(SourceKind::Starshell) && !warm(SourceKind::Ir));
    }

    #[test]
    fn e1_94_blaze_light_is_warm_and_starshell_light_is_white() {
        let warm = shade([0.8, 0.8, 0.8], Vec3::Y, HexLight::Lit { warm: true });
        let white = shade([0.8, 0.8, 0.8], Vec3::Y, HexLight::Lit { warm: false });
        assert!(warm[0] > warm[2] + 0.2);
        assert!((white[0] - white[2]).abs() < 0.05);
    }
}
