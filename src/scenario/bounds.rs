//! The ranges of the numbers a scenario file gives that the rest of the loader does not check
//! (scenario-format.md; docs "Limits"): each is what the rules allow, so no rule ever computes
//! with a number it was not written for.

use std::ops::RangeInclusive;

use super::ScenarioError;
use super::raw::{ActionSpec, ScenarioFile};

/// A19.1: an ELR is 0 to 5.
pub const ELR: RangeInclusive<u8> = 0..=5;

/// The years of the war in the Pacific and in China (G1.421 reads the year).
pub const YEARS: RangeInclusive<u16> = 1937..=1945;

/// A `MoraleCheck` drm: more than any sum of A10 DRM reaches (a leader's -1..-4 and a +1 or
/// two), and small enough that the Final DR never overflows.
pub const MC_DRM: RangeInclusive<i32> = -12..=12;

/// G11.91: the Cave counters of a Japanese OB.
pub const OB_CAVES: RangeInclusive<u32> = 0..=99;

/// 1-based line and column of the `nth` (0-based) occurrence of `word` in `text` outside `//`
/// comments.
fn locate_word(text: &str, word: &str, nth: usize) -> Option<(usize, usize)> {
    let offset = text
        .match_indices(word)
        .filter(|(i, _)| {
            let line_start = text[..*i].rfind('\n').map_or(0, |n| n + 1);
            !text[line_start..*i].contains("//")
        })
        .nth(nth)?
        .0;
    Some(super::line_col(text, offset))
}

/// Checks the numbers of `f` (read from `text` of `file`) against their ranges.
pub(super) fn check(f: &ScenarioFile, text: &str, file: &str) -> Result<(), ScenarioError> {
    let err = |at, message: String| ScenarioError {
        file: file.to_string(),
        at,
        message,
    };
    for (side, elr) in [("japanese", f.elr.japanese), ("allied", f.elr.allied)] {
        if !ELR.contains(&elr) {
            return Err(err(
                locate_word(text, "elr:", 0),
                format!("elr.{side} {elr} is outside 0..5 (A19.1)"),
            ));
        }
    }
    if let Some(d) = &f.date
        && !YEARS.contains(&d.year)
    {
        return Err(err(
            locate_word(text, "year:", 0),
            format!(
                "date.year {} is outside {}..{} (the war in the Pacific)",
                d.year,
                YEARS.start(),
                YEARS.end()
            ),
        ));
    }
    if let Some(n) = f.ob.caves
        && !OB_CAVES.contains(&n)
    {
        return Err(err(
            locate_word(text, "ob:", 0),
            format!("ob.caves {n} is outside 0..99 Cave counters (G11.91)"),
        ));
    }
    if let Some(n) = f.ob.trip_flares
        && !OB_CAVES.contains(&n)
    {
        return Err(err(
            locate_word(text, "trip_flares:", 0),
            format!("ob.trip_flares {n} is outside 0..99 trip flares (G.8)"),
        ));
    }
    let mut mc = 0;
    for step in &f.script {
        if let Some(ActionSpec::MoraleCheck(unit, drm)) = &step.act {
            if !MC_DRM.contains(drm) {
                return Err(err(
                    locate_word(text, "MoraleCheck(", mc),
                    format!(
                        "script MoraleCheck of unit {unit}: drm {drm} is outside {}..{} (A10)",
                        MC_DRM.start(),
                        MC_DRM.end()
                    ),
                ));
            }
            mc += 1;
        }
    }
    Ok(())
}
