//! The map section: its size (columns and rows, or a layout of geomorphic boards, imported
//! from the player's VASL boards when asked), then the scenario's hexes, cliffs and roads on
//! top, then G.1 PTO Terrain.

use std::collections::HashMap;

use super::ctx::{Ctx, LEVELS};
use crate::hex::Hex;
use crate::map::{Map, Terrain};
use crate::scenario::error::ScenarioError;
use crate::scenario::raw;

pub(super) fn build_map(
    ctx: &mut Ctx,
    spec: &raw::MapSpec,
    pto: bool,
) -> Result<Map, ScenarioError> {
    if !LEVELS.contains(&spec.level) {
        return Err(ctx.plain(format!("map.level {} is outside Levels -9..20", spec.level)));
    }
    let mut m = match &spec.boards {
        Some(rows) => {
            if spec.columns.is_some() || spec.rows.is_some() || spec.board.is_some() {
                return Err(ctx.plain(
                    "map.boards lays the map out from boards: leave out map.columns, map.rows \
                     and map.board (the boards give them)"
                        .into(),
                ));
            }
            let layout = crate::map::Layout::parse(rows)
                .map_err(|e| ctx.plain(format!("map.boards: {e}")))?;
            let mut m = Map::laid_out(layout, spec.level, spec.terrain);
            if spec.import {
                crate::scenario::vasl::import_boards(&mut m).map_err(|e| ctx.plain(e))?;
            }
            m
        }
        None => sized_map(ctx, spec)?,
    };
    let mut first_key: HashMap<Hex, &str> = HashMap::new();
    for (key, hs) in spec.hexes.iter() {
        let key_nth = ctx.visit(key);
        let ids: Vec<&str> = key.split_whitespace().collect();
        if ids.is_empty() {
            return Err(ctx.err_at(
                key,
                key_nth,
                "an empty key in map.hexes names no hex".into(),
            ));
        }
        if let Some(l) = hs.level
            && !LEVELS.contains(&l)
        {
            return Err(ctx.err_at(key, key_nth, format!("level {l} is outside Levels -9..20")));
        }
        if let Some(Terrain::Building(_, floors)) = &hs.terrain
            && !(1..=4).contains(floors)
        {
            return Err(ctx.err_at(
                key,
                key_nth,
                format!("a building has 1 to 4 floors, not {floors}"),
            ));
        }
        for id in ids {
            let h = m
                .hex(id)
                .map_err(|e| ctx.err_at(key, key_nth, format!("map.hexes key '{key}': {e}")))?;
            if let Some(prev) = first_key.insert(h, key) {
                return Err(ctx.err_at(
                    key,
                    key_nth,
                    format!(
                        "hex {id} is given twice in map.hexes (in '{prev}' and in '{key}'); \
                         say it once"
                    ),
                ));
            }
            m.set_hex(h, hs.level, hs.terrain, hs.depression);
        }
    }
    // Listed twice in the scenario is an error; a cliff the import already has is not.
    let mut listed = std::collections::HashSet::new();
    for c in &spec.cliffs {
        let side = ctx.hexside(&m, c, "cliff")?;
        m.add_cliff(side);
        if !listed.insert(side) {
            let nth = ctx.visit(c) - 1;
            return Err(ctx.err_at(c, nth, format!("cliff {c} is listed twice")));
        }
    }
    for r in &spec.roads {
        let side = ctx.hexside(&m, r, "road")?;
        m.add_road(side);
    }
    if pto {
        m.apply_pto();
    }
    Ok(m)
}

/// A map given by its size (`columns`, `rows`, an optional `board` number), not laid out from
/// boards.
fn sized_map(ctx: &mut Ctx, spec: &raw::MapSpec) -> Result<Map, ScenarioError> {
    if spec.import {
        return Err(ctx.plain(
            "map.import reads boards from VASL: it needs map.boards (e.g. \
             boards: [[\"36\", \"37\"]])"
                .into(),
        ));
    }
    let (Some(columns), Some(rows)) = (spec.columns, spec.rows) else {
        let missing = match (spec.columns, spec.rows) {
            (None, None) => "map.columns and map.rows are missing",
            (None, _) => "map.columns is missing",
            _ => "map.rows is missing",
        };
        return Err(ctx.plain(format!(
            "{missing}: a map gives its size (columns and rows), or lays out boards \
             (map.boards)"
        )));
    };
    if !(1..=crate::hex::id::MAX_COLUMNS).contains(&columns) {
        return Err(ctx.plain(format!(
            "map.columns is {columns}; a map has 1 to {} columns (A..ZZ)",
            crate::hex::id::MAX_COLUMNS
        )));
    }
    if !(1..=99).contains(&rows) {
        return Err(ctx.plain(format!("map.rows is {rows}; a map has 1 to 99 rows")));
    }
    if let Some(b) = &spec.board
        && (b.is_empty() || !b.bytes().all(|c| c.is_ascii_digit()))
    {
        let nth = ctx.visit(b);
        return Err(ctx.err_at(
            b,
            nth,
            format!("board '{b}' must be a board number like \"36\""),
        ));
    }
    Ok(Map::new(
        spec.board.clone(),
        columns,
        rows,
        spec.level,
        spec.terrain,
    ))
}
