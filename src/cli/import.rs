//! `asl-pto import GAME.vsav [--boards DIR] [-o SCENARIO.ron] [--json]` (issue 39): a VASL saved
//! game read (core `vasl::save`), its layout, SSRs and inventory reported, and with the player's
//! board archives its pieces placed and written as a scenario (atomically). Also what `view
//! GAME.vsav` opens. The command's own `--boards DIR` wins over `--vasl-boards`: the folder
//! the boards are read from is the one the written scenario is loaded back with. Every bad
//! input is one `error:` line, exit 2.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::failure::Failure;
use super::out::Out;
use crate::save_file::{same_file, write_atomically};
use crate::scenario::Scenario;
use crate::scenario::vasl::{archive_path, boards_dir, set_command_boards, terrain_names};
use crate::vasl::BoardArchive;
use crate::vasl::save::decode::{SavedGame, read_save};
use crate::vasl::save::import::{Imported, import, scenario_text};
use crate::vasl::save::layout::layout_of;

/// What to do with the saved game.
pub struct Options<'a> {
    /// `--boards DIR`: the VASL boards folder (else `--vasl-boards` or ASL_PTO_VASL_BOARDS).
    pub boards: Option<&'a Path>,
    /// `-o SCENARIO.ron`: where the scenario is written.
    pub output: Option<&'a Path>,
    pub json: bool,
}

/// Is this path a VASL saved game (by its extension)?
pub fn is_vsav(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vsav"))
}

/// The saved game's name in the scenario's title and narration: its file name.
fn source_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The boards folder: `--boards`, else `--vasl-boards`, else ASL_PTO_VASL_BOARDS.
fn folder(boards: Option<&Path>) -> Option<PathBuf> {
    boards.map(Path::to_path_buf).or_else(boards_dir)
}

/// Reads the archive of every board of the saved game's layout from `dir`, in the layout's
/// order; `Err` names the first missing or unreadable one, or one that is not a geomorphic
/// board (a layout takes only those: pieces on another would land on wrong hexes).
fn read_boards(game: &SavedGame, file: &Path, dir: &Path) -> Result<Vec<BoardArchive>, Failure> {
    let layout = layout_of(game)
        .map_err(|e| Failure::input(format!("{}: {e}", file.display())))?
        .layout;
    let names = terrain_names(Some(dir)).map_err(Failure::input)?;
    let mut archives = Vec::new();
    for b in &layout.boards {
        let path = archive_path(dir, &b.name);
        if !path.is_file() {
            return Err(Failure::input(format!(
                "{}: not found; board {} of the saved game is not in the VASL boards folder",
                path.display(),
                b.name
            )));
        }
        let archive =
            crate::vasl::read_archive(&path, &names).map_err(|e| Failure::input(e.to_string()))?;
        archive
            .check_geomorphic()
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        archives.push(archive);
    }
    Ok(archives)
}

/// The saved game as a scenario: read, placed on the boards of `dir`, written as RON text and
/// loaded back (what `view GAME.vsav` opens). Returns the scenario and its text.
pub fn scenario_of(file: &Path, boards: Option<&Path>) -> Result<(Scenario, String), Failure> {
    let game = read_save(file).map_err(|e| Failure::input(e.to_string()))?;
    let Some(dir) = folder(boards) else {
        return Err(Failure::input(format!(
            "{}: a VASL saved game is placed on your VASL boards: give their folder with \
             --boards DIR (or --vasl-boards DIR, or ASL_PTO_VASL_BOARDS)",
            file.display()
        )));
    };
    let archives = read_boards(&game, file, &dir)?;
    let imported = import(&game, &source_name(file), Some(&archives))
        .map_err(|e| Failure::input(e.to_string()))?;
    let Some(s) = imported.scenario.as_ref() else {
        return Err(Failure::input(format!(
            "{}: no scenario was made",
            file.display()
        )));
    };
    let text = scenario_text(s).map_err(|e| Failure::input(format!("{}: {e}", file.display())))?;
    // The written scenario imports its boards from the same folder.
    set_command_boards(dir);
    let scenario = Scenario::from_str(&text, &file.display().to_string()).map_err(|e| {
        Failure::input(format!(
            "the scenario imported from the saved game does not load: {e}"
        ))
    })?;
    Ok((scenario, text))
}

pub fn run(file: &Path, o: &Options, out: &mut Out<impl Write>) -> Result<ExitCode, Failure> {
    let game = read_save(file).map_err(|e| Failure::input(e.to_string()))?;
    let source = source_name(file);
    let dir = folder(o.boards);
    let mut notes: Vec<String> = Vec::new();
    // Boards that make no layout: refused with -o, else the inventory with import's note.
    if let (Err(e), Some(_)) = (layout_of(&game), o.output) {
        return Err(Failure::input(format!("{}: {e}", file.display())));
    }
    let archives = match &dir {
        Some(_) if layout_of(&game).is_err() => None,
        Some(dir) => match read_boards(&game, file, dir) {
            Ok(a) => Some(a),
            Err(f) if o.output.is_some() => return Err(f),
            Err(f) => {
                notes.push(format!("{}: the pieces are not placed", f.message));
                None
            }
        },
        None if o.output.is_some() => {
            return Err(Failure::input(format!(
                "-o {}: the pieces are placed on your VASL boards: give their folder with \
                 --boards DIR (or --vasl-boards DIR, or ASL_PTO_VASL_BOARDS)",
                o.output.map_or(String::new(), |p| p.display().to_string())
            )));
        }
        None => {
            notes.push(
                "no VASL boards folder (--boards DIR): the layout and the inventory only, no \
                 piece placed"
                    .into(),
            );
            None
        }
    };
    let imported =
        import(&game, &source, archives.as_deref()).map_err(|e| Failure::input(e.to_string()))?;
    notes.extend(imported.notes.iter().cloned());
    let written = match (o.output, &imported.scenario, &dir) {
        (Some(path), Some(s), Some(dir)) => {
            if same_file(path, file) {
                return Err(Failure::input(format!(
                    "-o {}: that is the saved game itself; write the scenario to another file",
                    path.display()
                )));
            }
            let text =
                scenario_text(s).map_err(|e| Failure::input(format!("{}: {e}", file.display())))?;
            set_command_boards(dir.clone());
            Scenario::from_str(&text, &path.display().to_string()).map_err(|e| {
                Failure::input(format!(
                    "the scenario imported from the saved game does not load: {e}"
                ))
            })?;
            write_atomically(path, text.as_bytes()).map_err(|e| {
                Failure::input(format!(
                    "{}: cannot write the scenario (a file already there is unchanged): {e}",
                    path.display()
                ))
            })?;
            Some(path)
        }
        _ => None,
    };
    if o.json {
        out.json(&report_json(file, &imported, written, &notes))?;
    } else {
        report_text(file, &imported, written, &notes, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn report_json(
    file: &Path,
    i: &Imported,
    written: Option<&Path>,
    notes: &[String],
) -> serde_json::Value {
    json!({
        "file": file.display().to_string(),
        "boards": i.boards.iter().map(|b| json!({
            "board": b.name,
            "column": b.column,
            "row": b.row,
            "reversed": b.reversed,
            "version": b.version,
        })).collect::<Vec<_>>(),
        "layout": i.layout,
        "ssr": i.ssr,
        "overlays": i.overlays,
        "pieces": i.pieces.iter().map(|t| json!({
            "name": t.name,
            "count": t.count,
            "placed": t.placed,
            "why": t.why,
        })).collect::<Vec<_>>(),
        "scenario": written.map(|p| p.display().to_string()),
        "notes": notes,
    })
}

fn report_text(
    file: &Path,
    i: &Imported,
    written: Option<&Path>,
    notes: &[String],
    out: &mut Out<impl Write>,
) -> Result<(), Failure> {
    let esc = crate::diag::escape_controls;
    let boards: Vec<String> = i.boards.iter().map(|b| b.words()).collect();
    let layout: Vec<String> = i
        .layout
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.iter()
                    .map(|b| format!("{b:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    out.line(esc(&format!(
        "{}: VASL saved game on boards {}: map boards [{}]",
        file.display(),
        boards.join(", "),
        layout.join(", ")
    )))?;
    if !i.ssr.is_empty() {
        out.line(esc(&format!(
            "  SSR: {} (listed, not applied)",
            i.ssr.join(", ")
        )))?;
    }
    let count = |placed: bool| -> usize {
        i.pieces
            .iter()
            .filter(|t| t.placed == placed)
            .map(|t| t.count)
            .sum()
    };
    out.line(format!("  placed ({}):", count(true)))?;
    for t in i.pieces.iter().filter(|t| t.placed) {
        out.line(esc(&format!("    {:>3} x {}", t.count, t.name)))?;
    }
    out.line(format!("  left out ({}):", count(false)))?;
    for t in i.pieces.iter().filter(|t| !t.placed) {
        let why = t.why.as_ref().map_or(String::new(), |w| format!(": {w}"));
        out.line(esc(&format!("    {:>3} x {}{why}", t.count, t.name)))?;
    }
    for n in notes {
        out.line(esc(&format!("note: {n}")))?;
    }
    if let (Some(path), Some(s)) = (written, &i.scenario) {
        out.line(esc(&format!(
            "wrote {}: units {}, caves {}, SMOKE {}, Blazes {}, Starshells {}, IR {}",
            path.display(),
            s.units.len(),
            s.caves.len(),
            s.smoke.len(),
            s.blazes.len(),
            s.starshells.len(),
            s.illuminating_rounds.len()
        )))?;
    }
    Ok(())
}
