//! What resolving a scenario carries along (`Ctx`: the text, to point an error at the
//! offending occurrence) and the look-ups every part shares: a hex, hexside, vertex or
//! Location named in the text, an id's syntax and uniqueness, the Base Levels allowed.

use std::collections::{HashMap, HashSet};

use super::super::definition::Scenario;
use super::super::error::{ScenarioError, locate_nth};
use crate::hex::{Hex, Hexside, Vertex};
use crate::los::Location;
use crate::map::Map;

pub(super) struct Ctx<'a> {
    pub(super) text: &'a str,
    pub(super) file: &'a str,
    /// How many times each quoted string has been pointed at, to find the right occurrence.
    pub(super) seen: HashMap<String, usize>,
}

impl Ctx<'_> {
    /// An error at the next unvisited occurrence of the quoted `needle` in the file.
    pub(super) fn err_at(&self, needle: &str, nth: usize, message: String) -> ScenarioError {
        ScenarioError {
            file: self.file.to_string(),
            at: locate_nth(self.text, needle, nth).or_else(|| locate_nth(self.text, needle, 0)),
            message,
        }
    }

    /// Records one more use of `needle`, returning its occurrence index.
    pub(super) fn visit(&mut self, needle: &str) -> usize {
        let n = self.seen.entry(needle.to_string()).or_insert(0);
        *n += 1;
        *n - 1
    }

    /// An error at the `nth` (0-based) of the victory conditions (`Control(`, `CasualtyVp(`,
    /// `Otherwise(` after `victory:`), where no quoted text of it can be pointed at (a
    /// Location written with escapes, an empty list).
    pub(super) fn err_at_victory(&self, nth: usize, message: String) -> ScenarioError {
        // The `victory:` field (at the start of its line, not a comment's word).
        let field = self
            .text
            .match_indices("victory:")
            .map(|(o, _)| o)
            .find(|o| {
                self.text[..*o]
                    .rsplit('\n')
                    .next()
                    .is_some_and(|line| line.trim().is_empty())
            });
        let at = field.and_then(|start| {
            let mut at: Vec<usize> = ["Control", "CasualtyVp", "Otherwise"]
                .iter()
                .flat_map(|k| self.text[start..].match_indices(k).map(|(o, _)| o + start))
                .collect();
            at.sort_unstable();
            at.get(nth)
                .map(|o| super::super::error::line_col(self.text, *o))
        });
        ScenarioError {
            file: self.file.to_string(),
            at,
            message,
        }
    }

    pub(super) fn plain(&self, message: String) -> ScenarioError {
        ScenarioError {
            file: self.file.to_string(),
            at: None,
            message,
        }
    }

    pub(super) fn hex(&mut self, map: &Map, text: &str, what: &str) -> Result<Hex, ScenarioError> {
        let nth = self.visit(text);
        map.hex(text)
            .map_err(|e| self.err_at(text, nth, format!("{what}: {e}")))
    }

    pub(super) fn hexside(
        &mut self,
        map: &Map,
        text: &str,
        what: &str,
    ) -> Result<Hexside, ScenarioError> {
        let nth = self.visit(text);
        map.hexside(text)
            .map_err(|e| self.err_at(text, nth, format!("{what}: {e}")))
    }

    pub(super) fn vertex(
        &mut self,
        map: &Map,
        text: &str,
        what: &str,
    ) -> Result<Vertex, ScenarioError> {
        let nth = self.visit(text);
        map.vertex(text)
            .map_err(|e| self.err_at(text, nth, format!("{what}: {e}")))
    }
}

pub(super) const LEVELS: std::ops::RangeInclusive<i32> = -9..=20;

pub(super) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 32
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Counter names are checked for shape here (`4-4-7`, `9-1`, `8+1`); the counter catalog
/// checks the names themselves.
pub(crate) fn counter_shape(c: &str) -> bool {
    let parts: Vec<&str> = c.split(['-', '+']).collect();
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// A Location of the scenario (`Scenario::location`), an error at its text naming `what`.
pub(super) fn location(
    ctx: &mut Ctx,
    s: &Scenario,
    text: &str,
    what: &str,
) -> Result<Location, ScenarioError> {
    let nth = ctx.visit(text);
    s.location(text)
        .map_err(|e| ctx.err_at(text, nth, format!("{what}: {e}")))
}

pub(super) fn unique_id(
    ctx: &mut Ctx,
    seen: &mut HashSet<String>,
    id: &str,
    what: &str,
) -> Result<(), ScenarioError> {
    let nth = ctx.visit(id);
    if !valid_id(id) {
        return Err(ctx.err_at(
            id,
            nth,
            format!("{what} id '{id}' must be 1-32 letters, digits, '_' or '-'"),
        ));
    }
    if !seen.insert(id.to_string()) {
        return Err(ctx.err_at(id, nth, format!("{what} id '{id}' is used twice")));
    }
    Ok(())
}
