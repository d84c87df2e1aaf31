//! `asl-pto board ARCHIVE [--json]`: what a VASL board archive (`bd36` from the player's VASL
//! boards folder) reads as, hex by hex: Base Level, terrain as printed (before G.1), Depression
//! and cliff hexsides. The terrain codes are named by VASL's SharedBoardMetadata.xml
//! (`--vasl-metadata FILE`, `ASL_PTO_VASL_METADATA`, else next to the archive).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::map::{Depression, Map};
use crate::vasl::read_archive;

pub fn run(archive: &Path, json: bool, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    // The archive first: a missing one is named before the metadata looked for beside it.
    if !archive.is_file() {
        let what = if archive.is_dir() {
            "a folder, not a board archive"
        } else if archive.exists() {
            "not a regular file (a FIFO, a device or a socket), so not a board archive"
        } else {
            "no such board archive"
        };
        return Err(Failure::input(format!(
            "{}: {what} (a VASL board file such as bd36, from your VASL boards folder)",
            archive.display()
        )));
    }
    let names = crate::scenario::vasl::terrain_names(archive.parent())
        .map_err(|e| Failure::input(format!("{}: {e}", archive.display())))?;
    let board = read_archive(archive, &names).map_err(|e| Failure::input(e.to_string()))?;
    // The board alone, named with its prefix (`36I4`), as a one-board layout.
    let map = board.to_map();
    let prefix = |h: crate::hex::Hex| format!("{}{}", board.board, map.name(h));
    let rows: Vec<serde_json::Value> = board
        .hexes
        .iter()
        .map(|h| {
            let hex = h.id.hex();
            let cliffs: Vec<String> = h
                .cliffs
                .iter()
                .map(|d| {
                    let n = hex.neighbor(*d);
                    format!("{}-{}{}", prefix(hex), board.board, id_beyond(&map, n))
                })
                .collect();
            json!({
                "hex": prefix(hex),
                "level": h.level,
                "terrain": h.terrain.info().name,
                "depression": h.depression.map(depression_name),
                "cliffs": cliffs,
                "vasl_terrain": h.vasl_terrain,
            })
        })
        .collect();
    if json {
        out.json(&json!({
            "board": board.board,
            "file": archive.display().to_string(),
            "columns": board.columns,
            "rows": board.rows,
            "hexes": rows,
            "notes": board.notes,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    // Names from the archive and the path are the player's files' text: escaped, so that no
    // control or reordering character reaches the terminal raw.
    let esc = crate::diag::escape_controls;
    out.line(esc(&format!(
        "{}: board {}, {} x {} hexes, {} hexes read (terrain as printed; G.1 applies in a PTO \
         scenario)",
        archive.display(),
        board.board,
        board.columns,
        board.rows,
        board.hexes.len()
    )))?;
    for r in &rows {
        let mut line = format!(
            "  {:<7} Level {:>2}  {}",
            r["hex"].as_str().unwrap_or(""),
            r["level"],
            r["terrain"].as_str().unwrap_or("")
        );
        if let Some(d) = r["depression"].as_str() {
            line.push_str(&format!(", {d}"));
        }
        let cliffs: Vec<&str> = r["cliffs"]
            .as_array()
            .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
            .unwrap_or_default();
        if !cliffs.is_empty() {
            line.push_str(&format!("  cliffs {}", cliffs.join(" ")));
        }
        out.line(esc(&line))?;
    }
    for n in &board.notes {
        out.line(esc(&format!("note: {n}")))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A hex's id even just beyond the board's edge (`A0`), for a cliff along the edge.
fn id_beyond(map: &Map, h: crate::hex::Hex) -> String {
    if map.contains(h) {
        map.name(h)
    } else {
        h.id()
            .map_or_else(|| format!("({},{})", h.q, h.r), |i| i.to_string())
    }
}

/// A Depression as the scenario format writes it.
pub fn depression_name(d: Depression) -> String {
    use crate::map::StreamKind;
    match d {
        Depression::Gully => "Gully".into(),
        Depression::SunkenRoad => "Sunken Road".into(),
        Depression::HillDepression => "Depression".into(),
        Depression::Stream(k) => format!(
            "{} Stream",
            match k {
                StreamKind::Dry => "Dry",
                StreamKind::Shallow => "Shallow",
                StreamKind::Deep => "Deep",
                StreamKind::Flooded => "Flooded",
            }
        ),
    }
}
