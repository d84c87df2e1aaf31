//! A map laid out from geomorphic boards: rows of 33 x 10 boards, each maybe turned 180°,
//! joined as real ASL boards join. Boards side by side (joined along their short edges) share
//! the half hexes of columns GG and A; boards one above the other (joined along their long
//! edges) share the half hexes of rows 10 and 0. Every hex is named with its board's prefix
//! (`36I4`); a hex on a seam has two names (`36GG5` = `37A5`) and is printed with the first
//! board's, reading the layout left to right, top to bottom.
//!
//! The map underneath is one grid (`Map::columns` x `Map::rows`): board `(across, down)` puts
//! its hex `(col, row)` at grid column `32 * across + col`, grid row `10 * down + row`, so
//! adjacency, LOS and every ruling work across a board edge exactly as inside a board.

use crate::hex::id::parse_column;
use crate::hex::{Hex, HexId, column_letters};

/// Hex columns of a geomorphic board (A..GG).
pub const BOARD_COLUMNS: u32 = 33;
/// Hex rows of a geomorphic board (1..10; 0..10 in even-lettered columns).
pub const BOARD_ROWS: u32 = 10;
/// At most this many boards across, and down.
pub const MAX_ACROSS: usize = 8;
/// At most this many boards in a layout.
pub const MAX_BOARDS: usize = 16;

/// One board of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedBoard {
    /// The board's name as printed in hex ids: `36` in `36I4`.
    pub name: String,
    /// Its place: boards from the left, and from the top.
    pub across: u32,
    pub down: u32,
    /// Turned 180° (its A1 at the lower right).
    pub rotated: bool,
}

/// Boards in rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Left to right, top to bottom (the order that picks a seam hex's name).
    pub boards: Vec<PlacedBoard>,
    pub across: u32,
    pub down: u32,
}

/// Is `id` a hex of a board (half hexes included)?
pub fn on_board(id: HexId) -> bool {
    let first = if id.is_odd_lettered() { 1 } else { 0 };
    id.col < BOARD_COLUMNS && (first..=BOARD_ROWS as i32).contains(&id.row)
}

impl Layout {
    /// A layout from its rows of board names, each name maybe followed by ` rotated`
    /// (`[["36", "37"], ["38", "39 rotated"]]`).
    pub fn parse(rows: &[Vec<String>]) -> Result<Layout, String> {
        if rows.is_empty() || rows.iter().any(|r| r.is_empty()) {
            return Err("a layout needs at least one board in every row".into());
        }
        let across = rows[0].len();
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != across) {
            return Err(format!(
                "row {} of the layout has {} boards, the first row {across}; boards lie in a \
                 rectangle",
                i + 1,
                r.len()
            ));
        }
        if across > MAX_ACROSS || rows.len() > MAX_ACROSS || across * rows.len() > MAX_BOARDS {
            return Err(format!(
                "a layout of {across} x {} boards is too big: at most {MAX_ACROSS} across, \
                 {MAX_ACROSS} down and {MAX_BOARDS} boards",
                rows.len()
            ));
        }
        let mut boards: Vec<PlacedBoard> = Vec::new();
        for (down, row) in rows.iter().enumerate() {
            for (x, text) in row.iter().enumerate() {
                let words: Vec<&str> = text.split_whitespace().collect();
                let (name, rotated) = match words.as_slice() {
                    [name] => (*name, false),
                    [name, "rotated"] => (*name, true),
                    _ => {
                        return Err(format!(
                            "board '{text}': write a board name, maybe followed by \
                             ' rotated' (\"36\", \"37 rotated\")"
                        ));
                    }
                };
                if name.is_empty()
                    || name.len() > 8
                    || !name.bytes().all(|b| b.is_ascii_alphanumeric())
                    || !name.as_bytes()[name.len() - 1].is_ascii_digit()
                {
                    return Err(format!(
                        "board '{name}': a board name is 1-8 letters and digits ending in a \
                         digit (\"36\", \"s1\"), so that '{name}I4' reads as a hex"
                    ));
                }
                if boards.iter().any(|b| b.name == name) {
                    return Err(format!(
                        "board {name} is laid twice: its hex ids would name two hexes"
                    ));
                }
                boards.push(PlacedBoard {
                    name: name.to_string(),
                    across: x as u32,
                    down: down as u32,
                    rotated,
                });
            }
        }
        Ok(Layout {
            boards,
            across: across as u32,
            down: rows.len() as u32,
        })
    }

    /// The grid's columns: boards side by side share a column.
    pub fn columns(&self) -> u32 {
        (BOARD_COLUMNS - 1) * self.across + 1
    }

    /// The grid's rows (odd-lettered columns 1..=rows, even-lettered 0..=rows).
    pub fn rows(&self) -> u32 {
        BOARD_ROWS * self.down
    }

    /// The board named `name`, by its index in `boards`.
    pub fn board(&self, name: &str) -> Option<usize> {
        self.boards.iter().position(|b| b.name == name)
    }

    /// The grid id of board `b`'s hex `local` (which may lie off the board, for a vertex on
    /// its edge).
    pub fn to_grid(&self, b: usize, local: HexId) -> Option<HexId> {
        let p = &self.boards[b];
        let (col, row) = if p.rotated {
            let last = BOARD_COLUMNS as i64 - 1;
            // Turned about the board's centre: odd-lettered rows 1..10 become 10..1,
            // even-lettered 0..10 become 10..0.
            let flip = if local.is_odd_lettered() { 11 } else { 10 };
            (last - i64::from(local.col), flip - i64::from(local.row))
        } else {
            (i64::from(local.col), i64::from(local.row))
        };
        let col = col + i64::from((BOARD_COLUMNS - 1) * p.across);
        let row = row + i64::from(BOARD_ROWS * p.down);
        (col >= 0 && col <= i64::from(u32::MAX / 2) && row.abs() < 100_000).then_some(HexId {
            col: col as u32,
            row: row as i32,
        })
    }

    /// Board `b`'s own id of grid hex `grid`, if the hex lies on that board.
    pub fn to_local(&self, b: usize, grid: HexId) -> Option<HexId> {
        let p = &self.boards[b];
        let col = i64::from(grid.col) - i64::from((BOARD_COLUMNS - 1) * p.across);
        let row = i64::from(grid.row) - i64::from(BOARD_ROWS * p.down);
        if !(0..i64::from(BOARD_COLUMNS)).contains(&col) {
            return None;
        }
        let id = HexId {
            col: col as u32,
            row: row as i32,
        };
        let id = if p.rotated {
            let flip = if id.is_odd_lettered() { 11 } else { 10 };
            HexId {
                col: BOARD_COLUMNS - 1 - id.col,
                row: flip - id.row,
            }
        } else {
            id
        };
        on_board(id).then_some(id)
    }

    /// Board `b`'s id of hex `h` wherever it lies, on the board or just beyond its edge
    /// (`U0` above U1), if that id can be written (a column A..ZZ, a row of 0 or more).
    pub fn local_beyond(&self, b: usize, h: Hex) -> Option<HexId> {
        let p = &self.boards[b];
        let q = i64::from(h.q);
        let grid_row = i64::from(h.r) + (q + 2).div_euclid(2);
        let col = q - i64::from((BOARD_COLUMNS - 1) * p.across);
        let row = grid_row - i64::from(BOARD_ROWS * p.down);
        let (col, row) = if p.rotated {
            let odd = col.rem_euclid(2) == 0;
            (
                i64::from(BOARD_COLUMNS) - 1 - col,
                if odd { 11 } else { 10 } - row,
            )
        } else {
            (col, row)
        };
        if !(0..i64::from(crate::hex::id::MAX_COLUMNS)).contains(&col) || !(0..1000).contains(&row)
        {
            return None;
        }
        let id = HexId {
            col: col as u32,
            row: row as i32,
        };
        // Only a name that reads back as this hex.
        (self.to_grid(b, id).map(HexId::hex) == Some(h)).then_some(id)
    }

    /// Every board holding grid hex `grid` (two on a seam, four where four boards meet), in
    /// layout order, with its own id there.
    pub fn locals(&self, grid: HexId) -> Vec<(usize, HexId)> {
        (0..self.boards.len())
            .filter_map(|b| self.to_local(b, grid).map(|l| (b, l)))
            .collect()
    }

    /// The printed name of grid hex `grid`: the first board's prefix and its id there.
    pub fn name(&self, grid: HexId) -> Option<String> {
        let (b, l) = self.locals(grid).into_iter().next()?;
        Some(format!("{}{}", self.boards[b].name, l))
    }

    /// Reads `36I4` (or a bare `I4` on a one-board layout) as a grid id; `off_board` lets a
    /// board's id name a hex just beyond its edge (`U0` in the vertex `U1-T0-U0`).
    pub fn parse_hex(&self, text: &str, off_board: bool) -> Result<HexId, String> {
        let t = text.trim();
        // The longest board name that prefixes the text and leaves a hex id.
        let mut best: Option<(usize, &str)> = None;
        for (b, p) in self.boards.iter().enumerate() {
            if let Some(rest) = t.strip_prefix(p.name.as_str())
                && rest.starts_with(|c: char| c.is_ascii_alphabetic())
                && best.is_none_or(|(k, _)| self.boards[k].name.len() < p.name.len())
            {
                best = Some((b, rest));
            }
        }
        let (b, rest) = match best {
            Some(x) => x,
            None if self.boards.len() == 1 && t.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                (0, t)
            }
            None => {
                let names: Vec<&str> = self.boards.iter().map(|b| b.name.as_str()).collect();
                return Err(format!(
                    "'{t}' names no board of the layout; prefix the hex with its board ({})",
                    names
                        .iter()
                        .map(|n| format!("{n}I4"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        };
        let local = parse_local(rest).map_err(|why| format!("'{t}' is not a hex id: {why}"))?;
        let name = &self.boards[b].name;
        if !off_board && !on_board(local) {
            return Err(format!(
                "{name}{local} is not on board {name}: {}",
                bounds(local)
            ));
        }
        self.to_grid(b, local)
            .ok_or_else(|| format!("'{t}' lies too far off board {name}"))
    }
}

/// A board-local id `I4` (column letters then a row number).
fn parse_local(text: &str) -> Result<HexId, String> {
    let end = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (letters, digits) = text.split_at(end);
    let col = parse_column(letters).ok_or_else(|| format!("'{letters}' is not a column"))?;
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a row number after the column letters".into());
    }
    let row: i32 = digits.parse().map_err(|_| "bad row number".to_string())?;
    Ok(HexId { col, row })
}

fn bounds(id: HexId) -> String {
    if id.col >= BOARD_COLUMNS {
        format!(
            "a board has columns A..{}",
            column_letters(BOARD_COLUMNS - 1)
        )
    } else if id.is_odd_lettered() {
        format!(
            "odd-lettered column {} holds rows 1..{BOARD_ROWS}",
            column_letters(id.col)
        )
    } else {
        format!(
            "even-lettered column {} holds rows 0..{BOARD_ROWS}",
            column_letters(id.col)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(rows: &[&[&str]]) -> Layout {
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect();
        Layout::parse(&rows).unwrap()
    }

    fn id(t: &str) -> HexId {
        HexId::parse(t).unwrap()
    }

    #[test]
    fn boards_side_by_side_share_the_half_hexes_of_columns_gg_and_a() {
        let l = layout(&[&["36", "37"]]);
        assert_eq!((l.columns(), l.rows()), (65, 10));
        let gg5 = l.parse_hex("36GG5", false).unwrap();
        assert_eq!(l.parse_hex("37A5", false).unwrap(), gg5);
        // Printed with the first board's name.
        assert_eq!(l.name(gg5).as_deref(), Some("36GG5"));
        assert_eq!(l.locals(gg5), vec![(0, id("GG5")), (1, id("A5"))]);
        // 37B5 is the grid's column after GG: adjacent to the seam hex.
        let b5 = l.parse_hex("37B5", false).unwrap();
        assert!(gg5.hex().is_adjacent(b5.hex()));
        assert_eq!(l.name(b5).as_deref(), Some("37B5"));
    }

    #[test]
    fn boards_one_above_the_other_share_the_half_hexes_of_rows_10_and_0() {
        let l = layout(&[&["36"], &["37"]]);
        assert_eq!((l.columns(), l.rows()), (33, 20));
        let b10 = l.parse_hex("36B10", false).unwrap();
        assert_eq!(l.parse_hex("37B0", false).unwrap(), b10);
        // 36A10 (bottom of board 36) touches 37A1 (top of board 37) across the seam.
        let a10 = l.parse_hex("36A10", false).unwrap();
        let a1 = l.parse_hex("37A1", false).unwrap();
        assert!(a10.hex().is_adjacent(a1.hex()));
        assert_eq!(l.name(a1).as_deref(), Some("37A1"));
    }

    #[test]
    fn a_rotated_board_has_its_a1_at_the_lower_right() {
        let l = layout(&[&["36", "37 rotated"]]);
        let a1 = l.parse_hex("37A1", false).unwrap();
        let gg10 = l.parse_hex("37GG10", false).unwrap();
        // A1 turned 180° sits at the lower right; the seam column is board 37's GG, and its
        // GG10 lies at the top of it, where board 36's GG1 is.
        assert_eq!(a1.col, 64);
        assert_eq!(gg10.col, 32);
        assert_eq!(l.parse_hex("36GG1", false).unwrap(), gg10);
        assert!(a1.row > l.parse_hex("37A10", false).unwrap().row);
        // Every local id round-trips.
        for col in 0..BOARD_COLUMNS {
            for row in 0..=BOARD_ROWS as i32 {
                let local = HexId { col, row };
                if on_board(local) {
                    let g = l.to_grid(1, local).unwrap();
                    assert_eq!(l.to_local(1, g), Some(local), "{local}");
                }
            }
        }
    }

    #[test]
    fn bare_ids_only_on_a_one_board_layout_and_longest_prefix_first() {
        let one = layout(&[&["36"]]);
        assert_eq!(one.parse_hex("I4", false), one.parse_hex("36I4", false));
        let two = layout(&[&["3", "36"]]);
        let e = two.parse_hex("I4", false).unwrap_err();
        assert!(e.contains("3I4, 36I4"), "{e}");
        assert_eq!(two.parse_hex("36I4", false).unwrap().col, 32 + 8);
        assert_eq!(two.parse_hex("3I4", false).unwrap().col, 8);
        assert!(two.parse_hex("36A0", false).is_err());
        assert!(two.parse_hex("36A0", true).is_ok());
    }

    #[test]
    fn a_layout_is_a_rectangle_of_distinct_well_named_boards() {
        let bad = |rows: &[&[&str]]| {
            let rows: Vec<Vec<String>> = rows
                .iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect();
            Layout::parse(&rows).unwrap_err()
        };
        assert!(bad(&[&["36", "37"], &["38"]]).contains("rectangle"));
        assert!(bad(&[&["36", "36"]]).contains("laid twice"));
        assert!(bad(&[&["36 turned"]]).contains("rotated"));
        assert!(bad(&[&["a"]]).contains("ending in a digit"));
        assert!(bad(&[&[]]).contains("at least one board"));
    }
}
