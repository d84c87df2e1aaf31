//! Reading a VASL board archive (`bdNN`, a zip with `LOSData` and `BoardMetadata.xml`) into one
//! record per hex: Base Level and terrain at the centre pixel, cliff hexsides from the pixel
//! just inside each hexside's middle, Depressions from the terrain codes.

use std::collections::BTreeMap;
use std::io::{Cursor, Read as _};
use std::path::Path;

use zip::ZipArchive;

use crate::hex::id::MAX_COLUMNS;
use crate::hex::{Direction, Hex, HexId, Hexside, column_letters};
use crate::map::{Depression, Map, Terrain};

use super::error::ImportError;
use super::grid::Grid;
use super::los_data::{LosData, MAX_INFLATED, read_los_data};
use super::metadata::{BoardMetadata, TerrainNames};
use super::terrain::{Read, terrain_of};

/// The archive entry holding the LOS grid.
pub const LOS_ENTRY: &str = "LOSData";
/// The archive entry holding the board's own metadata.
pub const METADATA_ENTRY: &str = "BoardMetadata.xml";
/// The most rows a hex id names (`A999`).
const MAX_ROWS: u32 = 999;
/// The most bytes an archive entry is read to (LOSData is gzip: a few MB).
const MAX_ENTRY: u64 = MAX_INFLATED;

/// The Base Levels a hex may have (as a scenario's `level`, -9..20).
const BASE_LEVELS: std::ops::RangeInclusive<i32> = -9..=20;

/// The most bytes read from a board archive (a real bdNN, its board image included, is a few
/// MiB to a few tens of MiB).
pub const MAX_ARCHIVE: u64 = 256 * 1024 * 1024;

/// One hex as imported.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedHex {
    /// The board-local hex id.
    pub id: HexId,
    /// Base Level: the centre pixel's elevation (a Depression's floor).
    pub level: i32,
    /// Terrain as printed (G.1 applies later, when the scenario is PTO); Open Ground for a
    /// Depression, and for terrain we do not model.
    pub terrain: Terrain,
    pub depression: Option<Depression>,
    /// This hex's cliff hexsides.
    pub cliffs: Vec<Direction>,
    /// The VASL terrain name at the centre.
    pub vasl_terrain: String,
    /// The LOSData stairway byte is set.
    pub stairway: bool,
}

/// A board read from a VASL archive.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardArchive {
    /// The board's name: BoardMetadata.xml's `name`, else the file name less `bd`.
    pub board: String,
    pub columns: u32,
    pub rows: u32,
    /// Its LOS grid's geometry: where each hex lies in the board's pixels (what places a VASL
    /// saved game's pieces).
    pub grid: Grid,
    /// Every hex, column by column, top to bottom.
    pub hexes: Vec<ImportedHex>,
    /// What was read approximately: terrain not modelled, a missing board name, ...
    pub notes: Vec<String>,
}

impl BoardArchive {
    /// Is it a geomorphic board (33 x 10 hexes), the only kind a layout takes?
    pub fn check_geomorphic(&self) -> Result<(), String> {
        let (bc, br) = (
            crate::map::layout::BOARD_COLUMNS,
            crate::map::layout::BOARD_ROWS,
        );
        if (self.columns, self.rows) != (bc, br) {
            return Err(format!(
                "board {} is {} x {} hexes; a layout takes geomorphic boards of {bc} x {br}",
                self.board, self.columns, self.rows
            ));
        }
        Ok(())
    }

    pub fn hex(&self, id: HexId) -> Option<&ImportedHex> {
        self.hexes.iter().find(|h| h.id == id)
    }

    /// The board as a map (terrain as printed, before G.1), with its cliffs between on-map hexes.
    pub fn to_map(&self) -> Map {
        let mut map = Map::new(
            Some(self.board.clone()),
            self.columns,
            self.rows,
            0,
            Terrain::Open,
        );
        for h in &self.hexes {
            let hex = h.id.hex();
            map.set_hex(hex, Some(h.level), Some(h.terrain), h.depression);
            for d in &h.cliffs {
                let n = hex.neighbor(*d);
                if map.contains(n)
                    && let Some(side) = Hexside::between(hex, n)
                {
                    map.add_cliff(side);
                }
            }
        }
        map
    }
}

impl BoardArchive {
    /// Lays the board's hexes and cliffs onto board `b` of a laid-out map (terrain as
    /// printed; the map applies G.1 afterwards). A hex on a seam already set by a board laid
    /// before keeps that board's values (its name is that board's too). Only 33 x 10 boards
    /// fit a layout.
    pub fn lay_on(
        &self,
        map: &mut Map,
        b: usize,
        laid: &mut std::collections::HashSet<Hex>,
    ) -> Result<(), String> {
        let Some(layout) = map.layout.clone() else {
            return Err("the map is not laid out from boards".into());
        };
        self.check_geomorphic()?;
        let grid = |id: HexId| layout.to_grid(b, id).map(|g| g.hex());
        for h in &self.hexes {
            let Some(hex) = grid(h.id) else { continue };
            if laid.insert(hex) {
                map.set_hex(hex, Some(h.level), Some(h.terrain), h.depression);
            }
            let local = h.id.hex();
            for d in &h.cliffs {
                let Some(n) = local.neighbor(*d).id().and_then(grid) else {
                    continue;
                };
                if map.contains(n)
                    && let Some(side) = Hexside::between(hex, n)
                {
                    map.add_cliff(side);
                }
            }
        }
        Ok(())
    }
}

/// Reads a board archive from disk.
pub fn read_archive(path: &Path, names: &TerrainNames) -> Result<BoardArchive, ImportError> {
    let file = path.display().to_string();
    let bytes = crate::files::read_capped(path, MAX_ARCHIVE, "a VASL board archive")
        .map_err(|e| ImportError::new(&file, e))?;
    read_archive_bytes(&file, &bytes, names)
}

/// Reads a board archive's bytes; `file` names it in errors and, when BoardMetadata.xml gives
/// no name, names the board (`.../bd36` is board `36`).
pub fn read_archive_bytes(
    file: &str,
    bytes: &[u8],
    names: &TerrainNames,
) -> Result<BoardArchive, ImportError> {
    let fail = |what: String| ImportError::new(file, what);
    let mut zip = ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| fail(format!("not a zip archive ({})", zip_words(&e.to_string()))))?;
    let entries: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok().map(|n| n.into_owned()))
        .collect();
    let find = |wanted: &str| {
        entries
            .iter()
            .find(|n| *n == wanted || n.ends_with(&format!("/{wanted}")))
            .cloned()
    };
    let los_name = find(LOS_ENTRY).ok_or_else(|| {
        let mut listed: Vec<&str> = entries.iter().map(String::as_str).take(8).collect();
        if entries.len() > 8 {
            listed.push("...");
        }
        fail(format!(
            "no {LOS_ENTRY} entry (the archive holds: {})",
            if listed.is_empty() {
                "nothing".to_string()
            } else {
                listed.join(", ")
            }
        ))
    })?;
    let los_bytes = read_entry(&mut zip, &los_name).map_err(fail)?;
    let los = read_los_data(&los_bytes).map_err(fail)?;

    let mut notes = Vec::new();
    let fallback = file_board_name(file);
    let board = match find(METADATA_ENTRY) {
        Some(entry) => {
            let xml = read_entry(&mut zip, &entry).map_err(fail)?;
            let meta = BoardMetadata::parse(
                &String::from_utf8_lossy(&xml),
                &format!("{file}/{METADATA_ENTRY}"),
            )?;
            size_notes(&meta, &los, &mut notes);
            meta.name.unwrap_or_else(|| {
                notes.push(format!(
                    "{METADATA_ENTRY} gives no board name: board named '{fallback}' after its file"
                ));
                fallback.clone()
            })
        }
        None => {
            notes.push(format!(
                "no {METADATA_ENTRY}: board named '{fallback}' after its file"
            ));
            fallback.clone()
        }
    };
    let (hexes, more) = import_hexes(&los, names).map_err(fail)?;
    notes.extend(more);
    Ok(BoardArchive {
        board,
        columns: los.width,
        rows: los.height,
        grid: Grid::of(&los),
        hexes,
        notes,
    })
}

/// A zip reader's error in a player's words: a cut-short archive says so, instead of naming the
/// reader's internal block types (`zip::format::blocks::...`).
fn zip_words(message: &str) -> String {
    if message.contains("zip::") || message.contains("Unexpected end") {
        return "the file ends too soon: a truncated or damaged archive".to_string();
    }
    message.to_string()
}

fn read_entry(zip: &mut ZipArchive<Cursor<&[u8]>>, name: &str) -> Result<Vec<u8>, String> {
    let mut entry = zip.by_name(name).map_err(|e| {
        format!(
            "{name} entry cannot be opened ({})",
            zip_words(&e.to_string())
        )
    })?;
    let mut out = Vec::new();
    (&mut entry)
        .take(MAX_ENTRY + 1)
        .read_to_end(&mut out)
        .map_err(|e| {
            format!(
                "{name} entry cannot be read ({})",
                zip_words(&e.to_string())
            )
        })?;
    if out.len() as u64 > MAX_ENTRY {
        return Err(format!(
            "{name} entry is larger than {} MiB",
            MAX_ENTRY / 1024 / 1024
        ));
    }
    Ok(out)
}

/// `.../bd36` -> `36`; a name without `bd` is kept whole.
fn file_board_name(file: &str) -> String {
    let name = Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| file.to_string());
    match name.strip_prefix("bd") {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => name,
    }
}

fn size_notes(meta: &BoardMetadata, los: &LosData, notes: &mut Vec<String>) {
    for (what, said, read) in [
        ("width", meta.width, los.width),
        ("height", meta.height, los.height),
    ] {
        if let Some(said) = said
            && said != read
        {
            notes.push(format!(
                "{METADATA_ENTRY} gives {what} {said} hexes, {LOS_ENTRY} {read}: {LOS_ENTRY} is used"
            ));
        }
    }
}

/// Reads every hex of a LOS grid; the notes say what was read approximately.
pub fn import_hexes(
    los: &LosData,
    names: &TerrainNames,
) -> Result<(Vec<ImportedHex>, Vec<String>), String> {
    if los.width > MAX_COLUMNS {
        return Err(format!(
            "{LOS_ENTRY}: the board is {} hexes wide, more than the {MAX_COLUMNS} columns \
             (A..{}) hex ids can name",
            los.width,
            column_letters(MAX_COLUMNS - 1)
        ));
    }
    if los.height > MAX_ROWS {
        return Err(format!(
            "{LOS_ENTRY}: the board is {} hexes high, more than the {MAX_ROWS} rows hex ids can name",
            los.height
        ));
    }
    let grid = Grid::of(los);
    let mut reads: BTreeMap<u8, (&str, Option<Read>)> = BTreeMap::new();
    let mut lookup = |(x, y): (u32, u32), place: &dyn Fn() -> String| {
        let (elevation, code) = los
            .pixel(x, y)
            .ok_or_else(|| format!("pixel ({x}, {y}) is off the {LOS_ENTRY} grid"))?;
        if let Some((name, read)) = reads.get(&code) {
            return Ok((elevation, *name, *read));
        }
        let name = names.name(code).ok_or_else(|| {
            format!(
                "terrain code {code} at pixel ({x}, {y}), {}, is not a terrainType of \
                 SharedBoardMetadata.xml",
                place()
            )
        })?;
        let read = terrain_of(name);
        reads.insert(code, (name, read));
        Ok::<_, String>((elevation, name, read))
    };
    let mut unmodelled: BTreeMap<String, usize> = BTreeMap::new();
    let mut centre_cliffs = 0usize;
    let mut hexes = Vec::new();
    for (i, id) in grid.ids().enumerate() {
        let (elevation, name, read) =
            lookup(grid.centre_pixel(id), &|| format!("the centre of {id}"))?;
        let (terrain, depression) = match read {
            Some(Read::Terrain(t)) => (t, None),
            Some(Read::Depression(d)) => (Terrain::Open, Some(d)),
            Some(Read::Cliff) => {
                centre_cliffs += 1;
                (Terrain::Open, None)
            }
            None => {
                *unmodelled.entry(name.to_string()).or_default() += 1;
                (Terrain::Open, None)
            }
        };
        let mut cliffs = Vec::new();
        for d in Direction::ALL {
            let Some(p) = grid.probe_pixel(id, d) else {
                continue;
            };
            let (_, _, read) = lookup(p, &|| format!("inside the {d:?} hexside of {id}"))?;
            if read == Some(Read::Cliff) {
                cliffs.push(d);
            }
        }
        // The Base Levels a Location may have (scenario-format's -9..20): an elevation outside
        // them is a damaged archive, not a hill.
        if !BASE_LEVELS.contains(&i32::from(elevation)) {
            return Err(format!(
                "{LOS_ENTRY}: hex {id} has elevation {elevation}, outside the Base Levels \
                 {}..{} a hex may have (a damaged archive?)",
                BASE_LEVELS.start(),
                BASE_LEVELS.end()
            ));
        }
        hexes.push(ImportedHex {
            id,
            level: i32::from(elevation),
            terrain,
            depression,
            cliffs,
            vasl_terrain: name.to_string(),
            stairway: los.stairways.get(i).is_some_and(|s| *s != 0),
        });
    }
    let mut notes: Vec<String> = unmodelled
        .iter()
        .map(|(name, n)| {
            format!(
                "VASL terrain '{name}' is not modelled: {n} {} read as Open Ground",
                if *n == 1 { "hex" } else { "hexes" }
            )
        })
        .collect();
    if centre_cliffs > 0 {
        notes.push(format!(
            "Cliff at the centre of {centre_cliffs} {}: read as Open Ground (cliffs are read on \
             hexsides)",
            if centre_cliffs == 1 { "hex" } else { "hexes" }
        ));
    }
    Ok((hexes, notes))
}
