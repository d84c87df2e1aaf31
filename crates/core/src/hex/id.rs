//! ASL hex ids: `I4`, `GG10`, `36I4` (board prefix), and their column letters.
//!
//! Columns are lettered A..Z, then AA, BB, .., ZZ (a geomorphic board ends at GG, 33 columns).
//! Odd-lettered columns (A, C, E, ..) hold rows 1..rows; even-lettered columns (B, D, ..) hold
//! rows 0..rows (rows 0 and `rows` are half hexes on the board edge). See asl-facts.md.

use std::fmt;

use super::coord::Hex;

/// The most columns a hex id can name: A..Z and AA..ZZ.
pub const MAX_COLUMNS: u32 = 52;

/// A hex id on one board: column index (A = 0) and row number as printed on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexId {
    /// Column index: A = 0, B = 1, .., Z = 25, AA = 26, .., ZZ = 51.
    pub col: u32,
    /// Row number as printed (0 exists only in even-lettered columns).
    pub row: i32,
}

/// A hex id as written, with its optional board prefix (`36I4` has board `36`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexRef {
    pub board: Option<String>,
    pub id: HexId,
}

/// Why a piece of text is not a hex, hexside or vertex.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a {what}: {why}")]
pub struct ParseError {
    pub text: String,
    pub what: &'static str,
    pub why: String,
}

impl ParseError {
    pub(crate) fn new(text: &str, what: &'static str, why: impl Into<String>) -> Self {
        ParseError {
            text: text.to_string(),
            what,
            why: why.into(),
        }
    }
}

/// The letters of column `col` (0 = A, 26 = AA).
pub fn column_letters(col: u32) -> String {
    let letter = char::from(b'A' + (col % 26) as u8);
    let count = col / 26 + 1;
    std::iter::repeat_n(letter, count as usize).collect()
}

/// Parses column letters (`A`, `GG`) into a column index; lower case is accepted.
pub fn parse_column(text: &str) -> Option<u32> {
    let up = text.to_ascii_uppercase();
    let bytes = up.as_bytes();
    let first = *bytes.first()?;
    if !first.is_ascii_uppercase() || bytes.len() > 2 || bytes.iter().any(|&b| b != first) {
        return None;
    }
    Some(u32::from(first - b'A') + 26 * (bytes.len() as u32 - 1))
}

impl HexId {
    /// True for odd-lettered columns (A, C, .., AA, CC, ..), whose rows start at 1 and whose
    /// centres sit half a hex higher than those of their even-lettered neighbours.
    pub fn is_odd_lettered(self) -> bool {
        self.col.is_multiple_of(2)
    }

    /// The axial hex this id names (see `Hex`).
    pub fn hex(self) -> Hex {
        Hex::from_id(self)
    }

    /// Parses `I4`, `GG10`, `i4` (no board prefix). Row 0 of an odd-lettered column is
    /// syntactically an id (it names a hex off the board edge, used in vertex names like
    /// `U1-T0-U0`); whether a hex is on a map is the map's question.
    pub fn parse(text: &str) -> Result<HexId, ParseError> {
        let r = HexRef::parse(text)?;
        if let Some(b) = r.board {
            return Err(ParseError::new(
                text,
                "hex id",
                format!("a board prefix ('{b}') is not allowed here"),
            ));
        }
        Ok(r.id)
    }
}

impl HexRef {
    /// Parses `36I4` (board 36, hex I4) or `I4` (no board).
    pub fn parse(text: &str) -> Result<HexRef, ParseError> {
        let t = text.trim();
        let digits_end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let (board, rest) = t.split_at(digits_end);
        let letters_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let (letters, row_text) = rest.split_at(letters_end);
        if letters.is_empty() {
            return Err(ParseError::new(
                text,
                "hex id",
                "expected column letters (A..Z, AA..ZZ) then a row number, e.g. I4",
            ));
        }
        let col = parse_column(letters).ok_or_else(|| {
            ParseError::new(
                text,
                "hex id",
                format!("'{letters}' is not a column (A..Z, then AA, BB, .. ZZ)"),
            )
        })?;
        if row_text.is_empty() || !row_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::new(
                text,
                "hex id",
                "expected a row number after the column letters",
            ));
        }
        let row: i32 = row_text
            .parse()
            .ok()
            .filter(|r| *r <= 999)
            .ok_or_else(|| ParseError::new(text, "hex id", "row number out of range"))?;
        let board = (!board.is_empty()).then(|| board.to_string());
        Ok(HexRef {
            board,
            id: HexId { col, row },
        })
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letters(self.col), self.row)
    }
}

impl fmt::Display for HexRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(b) = &self.board {
            write!(f, "{b}")?;
        }
        write!(f, "{}", self.id)
    }
}

/// The conversions between a hex and its id (kept with the id, so that `coord` needs nothing
/// of it).
impl Hex {
    /// The axial hex of a board hex id.
    pub fn from_id(id: HexId) -> Hex {
        let q = id.col as i32;
        Hex {
            q,
            r: id.row - (q + 2).div_euclid(2),
        }
    }

    /// The hex id of this hex, if its column is a lettered one (A..ZZ). Rows may be 0 or
    /// negative for hexes off a board edge.
    pub fn id(self) -> Option<HexId> {
        (0..MAX_COLUMNS as i32).contains(&self.q).then(|| HexId {
            col: self.q as u32,
            row: self.r + (self.q + 2).div_euclid(2),
        })
    }

    /// The column and row of this hex on a grid of any width (a layout of several boards
    /// goes past ZZ): `id` without its limit to lettered columns.
    pub fn grid_id(self) -> Option<HexId> {
        (self.q >= 0).then(|| HexId {
            col: self.q as u32,
            row: self.r + (self.q + 2).div_euclid(2),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters_round_trip_a_to_zz() {
        for col in 0..MAX_COLUMNS {
            assert_eq!(parse_column(&column_letters(col)), Some(col));
        }
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(32), "GG");
        assert_eq!(parse_column("AB"), None);
        assert_eq!(parse_column("AAA"), None);
    }

    #[test]
    fn board_prefix_is_kept_apart() {
        let r = HexRef::parse("36I4").unwrap();
        assert_eq!(r.board.as_deref(), Some("36"));
        assert_eq!(r.id, HexId { col: 8, row: 4 });
        assert_eq!(r.to_string(), "36I4");
        assert_eq!(HexId::parse("gg10").unwrap().to_string(), "GG10");
    }

    #[test]
    fn malformed_ids_are_errors() {
        for bad in ["", "4", "I", "I-4", "AB3", "I4x", "36", "I99999"] {
            assert!(HexRef::parse(bad).is_err(), "{bad} should not parse");
        }
        assert!(HexId::parse("36I4").is_err());
    }
}
