//! The player's VASL boards: where their board archives (`bd36`) and VASL's
//! SharedBoardMetadata.xml (the names of the terrain codes) are found, and the import of a
//! laid-out map's boards from them (`map: (boards: [...], import: true)`).
//!
//! Board art and LOS data belong to their publisher: the program ships none and reads them
//! from the player's folder, given with `--vasl-boards DIR` (any command) or the environment
//! variable `ASL_PTO_VASL_BOARDS`; a command's own `--boards DIR` (`import`, `view`) wins over
//! both. The terrain names are read from `--vasl-metadata FILE` or
//! `ASL_PTO_VASL_METADATA`, else from `SharedBoardMetadata.xml` in the boards folder.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::map::Map;
use crate::vasl::{BoardArchive, TerrainNames, read_archive};

/// The environment variable naming the VASL boards folder.
pub const BOARDS_VAR: &str = "ASL_PTO_VASL_BOARDS";
/// The environment variable naming VASL's SharedBoardMetadata.xml.
pub const METADATA_VAR: &str = "ASL_PTO_VASL_METADATA";
/// The file that names the terrain codes, looked for in the boards folder.
pub const METADATA_FILE: &str = "SharedBoardMetadata.xml";

static BOARDS: OnceLock<PathBuf> = OnceLock::new();
static METADATA: OnceLock<PathBuf> = OnceLock::new();
static COMMAND_BOARDS: OnceLock<PathBuf> = OnceLock::new();

/// The command line's `--vasl-boards` and `--vasl-metadata` (set once, before any scenario
/// loads; they win over the environment).
pub fn set_folders(boards: Option<PathBuf>, metadata: Option<PathBuf>) {
    if let Some(b) = boards {
        let _ = BOARDS.set(b);
    }
    if let Some(m) = metadata {
        let _ = METADATA.set(m);
    }
}

/// A command's own boards folder (`import --boards DIR`, `view --boards DIR`): it wins over
/// `--vasl-boards` and the environment (set once, before any scenario loads).
pub fn set_command_boards(dir: PathBuf) {
    let _ = COMMAND_BOARDS.set(dir);
}

/// The VASL boards folder, if the player named one: the command's own, else `--vasl-boards`,
/// else the environment's.
pub fn boards_dir() -> Option<PathBuf> {
    COMMAND_BOARDS.get().or(BOARDS.get()).cloned().or_else(|| {
        std::env::var_os(BOARDS_VAR)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

/// SharedBoardMetadata.xml: as given, else in `dir` (the boards folder, or an archive's).
pub fn metadata_file(dir: Option<&Path>) -> Option<PathBuf> {
    METADATA
        .get()
        .cloned()
        .or_else(|| {
            std::env::var_os(METADATA_VAR)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .or_else(|| dir.map(|d| d.join(METADATA_FILE)))
}

/// The terrain names for archives in `dir`, with an error that says how to give them.
pub fn terrain_names(dir: Option<&Path>) -> Result<TerrainNames, String> {
    let Some(file) = metadata_file(dir) else {
        return Err(format!(
            "VASL's {METADATA_FILE} names the boards' terrain codes: give it with \
             --vasl-metadata FILE or {METADATA_VAR}"
        ));
    };
    if !file.exists() {
        return Err(format!(
            "{}: not found; VASL's {METADATA_FILE} names the boards' terrain codes: put it in \
             the boards folder or give it with --vasl-metadata FILE or {METADATA_VAR}",
            file.display()
        ));
    }
    TerrainNames::read(&file).map_err(|e| e.to_string())
}

/// The archive of board `name` in `dir`: `bd36` (or `bd36.zip`).
pub fn archive_path(dir: &Path, name: &str) -> PathBuf {
    let plain = dir.join(format!("bd{name}"));
    let zipped = dir.join(format!("bd{name}.zip"));
    if !plain.exists() && zipped.exists() {
        zipped
    } else {
        plain
    }
}

/// Reads every board of `map`'s layout from the player's VASL boards folder and lays it on
/// the map (terrain as printed; G.1 comes after, with the scenario's own hexes).
pub fn import_boards(map: &mut Map) -> Result<Vec<BoardArchive>, String> {
    let Some(layout) = map.layout.clone() else {
        return Ok(Vec::new());
    };
    let Some(dir) = boards_dir() else {
        return Err(format!(
            "map.import reads the boards from your VASL boards folder: give it with \
             --vasl-boards DIR or set {BOARDS_VAR} (the folder that holds bd{} ...)",
            layout.boards[0].name
        ));
    };
    let names = terrain_names(Some(&dir))?;
    let mut laid = HashSet::new();
    let mut read = Vec::new();
    for (b, placed) in layout.boards.iter().enumerate() {
        let path = archive_path(&dir, &placed.name);
        if !path.exists() {
            return Err(format!(
                "{}: not found; board {} is not in the VASL boards folder",
                path.display(),
                placed.name
            ));
        }
        let archive = read_archive(&path, &names).map_err(|e| e.to_string())?;
        archive
            .lay_on(map, b, &mut laid)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        read.push(archive);
    }
    Ok(read)
}
