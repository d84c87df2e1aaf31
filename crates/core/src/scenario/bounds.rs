//! The ranges of the numbers a scenario file gives that the rest of the loader does not check
//! (scenario-format.md; docs "Limits"): each is what the rules allow, so no rule ever computes
//! with a number it was not written for.

use std::ops::RangeInclusive;

use super::error::ScenarioError;
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

/// The byte offsets of `text` that are code: not in a `//` or `/* */` comment nor in a string literal
/// (a word quoted in `notes` is not the field it spells).
fn code_offsets(text: &str) -> Vec<bool> {
    let mut code = vec![true; text.len()];
    let (mut in_string, mut in_comment, mut escaped) = (false, false, false);
    let mut in_block = false;
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        let b = bytes[i];
        if in_block {
            code[i] = false;
            if b == b'/' && i > 0 && bytes[i - 1] == b'*' {
                in_block = false;
            }
        } else if in_comment {
            code[i] = false;
            if b == b'\n' {
                in_comment = false;
            }
        } else if in_string {
            code[i] = false;
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
            code[i] = false;
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            in_comment = true;
            code[i] = false;
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'*') {
            in_block = true;
            code[i] = false;
        }
    }
    code
}

/// 1-based line and column of the `nth` (0-based) occurrence of `word` in the code of `text`
/// (not in a comment or a string), after the first occurrence of `after` when given (a field of
/// `ob:` rather than a top-level one of the same name).
fn locate_word(text: &str, word: &str, nth: usize) -> Option<(usize, usize)> {
    locate_word_after(text, word, nth, None)
}

pub(super) fn locate_word_after(
    text: &str,
    word: &str,
    nth: usize,
    after: Option<&str>,
) -> Option<(usize, usize)> {
    let code = code_offsets(text);
    let in_code = |i: usize| code.get(i).copied().unwrap_or(false);
    let from = match after {
        Some(a) => text.match_indices(a).find(|(i, _)| in_code(*i))?.0,
        None => 0,
    };
    let offset = text
        .match_indices(word)
        .filter(|(i, _)| *i >= from && in_code(*i))
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
    if let Some(n) = f.turns
        && !(1..=99).contains(&n)
    {
        return Err(err(
            locate_word(text, "turns:", 0),
            format!("turns {n} is outside 1..99 Game Turns (A26)"),
        ));
    }
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
            locate_word_after(text, "trip_flares:", 0, Some("ob:")),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_found_in_the_code_not_in_a_string_or_a_comment() {
        let t = "(notes: \"elr: high\", // elr: here\n elr: (japanese: 9))";
        assert_eq!(locate_word(t, "elr:", 0), Some((2, 2)));
        let t = "(/* elr: old */ elr: 1)";
        assert_eq!(locate_word(t, "elr:", 0), Some((1, 17)));
        // A quote escaped inside a string does not end it.
        let t = "(notes: \"a \\\" elr: b\", elr: 1)";
        assert_eq!(locate_word(t, "elr:", 0), Some((1, 24)));
        // `ob.trip_flares`, not the top-level list of the same name.
        let t = "(trip_flares: [], ob: (trip_flares: 200))";
        assert_eq!(
            locate_word_after(t, "trip_flares:", 0, Some("ob:")),
            Some((1, 24))
        );
    }
}
