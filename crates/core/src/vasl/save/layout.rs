//! The board layout a VASL saved game's `bd` records lay out: each board at its column and
//! row (`r69` is board 69 turned 180°), filling a rectangle, as a scenario's `map.boards`
//! writes it; the SSR words and the overlay entries gathered from them (`boards_of`, also when
//! the boards make no layout).

use crate::map::Layout;

use super::decode::{BoardRecord, SavedGame};
use super::records::cut;

/// One board of the saved game's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaidBoard {
    /// The board's name (`69` for `r69`).
    pub name: String,
    pub column: u32,
    pub row: u32,
    /// Turned 180° (VASL's `r` prefix).
    pub reversed: bool,
    /// The VASL version the `bd` record names.
    pub version: String,
}

impl LaidBoard {
    /// Its name in words: `69`, or `69 (reversed)`.
    pub fn words(&self) -> String {
        if self.reversed {
            format!("{} (reversed)", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// What the `bd` records say: the boards, their layout, the SSRs and the overlays.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveLayout {
    /// The boards, top to bottom, left to right.
    pub boards: Vec<LaidBoard>,
    pub layout: Layout,
    pub ssr: Vec<String>,
    pub overlays: Vec<String>,
}

/// The most SSR words listed (the rest counted: `... and N more`).
pub const MAX_SSR: usize = 64;

/// The boards the `bd` records name, top to bottom, left to right, and the SSRs (each word once,
/// cut to 80 characters, at most `MAX_SSR`) and overlays gathered from them: what can be said
/// even when they do not make a layout.
pub fn boards_of(game: &SavedGame) -> (Vec<LaidBoard>, Vec<String>, Vec<String>) {
    let mut boards: Vec<LaidBoard> = Vec::new();
    let (mut ssr, mut overlays) = (Vec::<String>::new(), Vec::<String>::new());
    let mut seen = std::collections::HashSet::new();
    let mut more = 0usize;
    for b in &game.boards {
        let (name, reversed) = board_name(b);
        boards.push(LaidBoard {
            name,
            column: b.column,
            row: b.row,
            reversed,
            version: b.version.clone(),
        });
        for e in &b.extras {
            if e.starts_with("OVR") {
                overlays.push(e.clone());
            } else {
                for w in e.split_whitespace() {
                    let w = cut(w, 80);
                    if seen.contains(&w) {
                        continue;
                    }
                    if ssr.len() < MAX_SSR {
                        ssr.push(w.clone());
                    } else {
                        more += 1;
                    }
                    seen.insert(w);
                }
            }
        }
    }
    if more > 0 {
        ssr.push(format!("... and {more} more"));
    }
    boards.sort_by_key(|b| (b.row, b.column));
    (boards, ssr, overlays)
}

/// The layout the `bd` records lay out: every board once, filling a rectangle of columns and
/// rows; SSRs and overlays gathered from all of them.
pub fn layout_of(game: &SavedGame) -> Result<SaveLayout, String> {
    if game.boards.is_empty() {
        return Err("no bd record: the saved game lays out no board".into());
    }
    let (boards, ssr, overlays) = boards_of(game);
    let across = boards.iter().map(|b| b.column).max().unwrap_or(0) + 1;
    let down = boards.iter().map(|b| b.row).max().unwrap_or(0) + 1;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for r in 0..down {
        let mut row = Vec::new();
        for c in 0..across {
            let here: Vec<&LaidBoard> = boards
                .iter()
                .filter(|b| b.row == r && b.column == c)
                .collect();
            match here.as_slice() {
                [b] => row.push(if b.reversed {
                    format!("{} rotated", b.name)
                } else {
                    b.name.clone()
                }),
                [] => {
                    return Err(format!(
                        "no board at column {c}, row {r} of the layout: the boards must fill a \
                         rectangle"
                    ));
                }
                _ => return Err(format!("two boards at column {c}, row {r} of the layout")),
            }
        }
        rows.push(row);
    }
    let layout = Layout::parse(&rows)?;
    Ok(SaveLayout {
        boards,
        layout,
        ssr,
        overlays,
    })
}

/// `r69` -> (`69`, reversed).
fn board_name(b: &BoardRecord) -> (String, bool) {
    match b.name.strip_prefix('r') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_alphanumeric()) => {
            (cut(rest, 80), true)
        }
        _ => (cut(&b.name, 80), false),
    }
}
