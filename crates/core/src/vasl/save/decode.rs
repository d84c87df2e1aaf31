//! Decoding a VASL saved game (`.vsav`): the zip, its `savedGame` entry's `!VCSK` obfuscation,
//! the ESC-separated command records, and the records this program reads: `+/...` (a piece
//! added or a stack, read by `records`) and `bd` (a board of the layout, with the SSRs and
//! overlays). Every limit is checked before the bytes are used; every failure is one
//! `ImportError` naming the file and the entry or record.

use std::io::{Cursor, Read as _};

use zip::ZipArchive;

use crate::vasl::error::ImportError;

use super::records::{Budget, MAX_FIELDS, Record, count_fields, parse_plus};
pub use super::records::{Piece, Stack, Trait, Unreadable, split_escaped};

/// The zip entry holding the obfuscated command stream.
pub const SAVED_GAME_ENTRY: &str = "savedGame";
/// How `savedGame` begins: the obfuscation's mark, then two hex digits of the key.
pub const HEADER: &str = "!VCSK";
/// The command records' separator (ESC).
pub const RECORD_SEPARATOR: char = '\u{1b}';
/// The most bytes read from a `.vsav` file (a real one is a few hundred KiB).
pub const MAX_SAVE: u64 = 64 * 1024 * 1024;
/// The most bytes `savedGame` may inflate to (a zip bomb is refused past it).
pub const MAX_ENTRY: u64 = 64 * 1024 * 1024;
/// The longest command record read (a piece's record is a few KiB).
pub const MAX_RECORD: usize = 1024 * 1024;
/// The name of the map pieces are read from.
pub const MAIN_MAP: &str = "Main Map";
/// The most `bd` records (boards) a saved game may lay out.
pub const MAX_BOARDS: usize = 64;

/// A `bd` record: one board of the layout, and the SSRs and overlays it lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRecord {
    pub record: usize,
    /// The name as written (`r69`: board 69 reversed).
    pub name: String,
    pub column: u32,
    pub row: u32,
    pub version: String,
    /// SSR words (`Winter`, `NoGrain`) and overlay entries (`OVR o5 h4 g4`), in order.
    pub extras: Vec<String>,
}

/// A saved game as decoded: its boards, its pieces and how many other records it holds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SavedGame {
    pub boards: Vec<BoardRecord>,
    pub pieces: Vec<Piece>,
    /// The stacks, each listing its pieces bottom to top.
    pub stacks: Vec<Stack>,
    /// Piece records that could not be read (tallied, not placed).
    pub unreadable: Vec<Unreadable>,
    /// Records of other kinds (chat, the module's own): not read.
    pub other_records: usize,
    /// `+/` records whose trait chain does not end in a BasicPiece (decks): not read.
    pub other_pieces: usize,
}

/// Reads a `.vsav` file from disk.
pub fn read_save(path: &std::path::Path) -> Result<SavedGame, ImportError> {
    let file = path.display().to_string();
    let bytes = crate::files::read_capped(path, MAX_SAVE, "a VASL saved game")
        .map_err(|e| ImportError::new(&file, e))?;
    read_save_bytes(&file, &bytes)
}

/// Reads a `.vsav` file's bytes; `file` names it in errors.
pub fn read_save_bytes(file: &str, bytes: &[u8]) -> Result<SavedGame, ImportError> {
    let fail = |what: String| ImportError::new(file, what);
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        fail(format!(
            "not a VASL saved game: not a zip archive ({})",
            zip_words(&e.to_string())
        ))
    })?;
    let names: Vec<String> = zip
        .file_names()
        .filter_map(|n| n.ok())
        .take(9)
        .map(|n| n.chars().take(80).collect())
        .collect();
    let entry = {
        let mut e = zip.by_name(SAVED_GAME_ENTRY).map_err(|e| {
            if !names.iter().any(|n| n == SAVED_GAME_ENTRY) {
                let mut listed: Vec<&str> = names.iter().map(String::as_str).take(8).collect();
                if names.len() > 8 {
                    listed.push("...");
                }
                return fail(format!(
                    "not a VASL saved game: no {SAVED_GAME_ENTRY} entry (the archive holds: {})",
                    if listed.is_empty() {
                        "nothing".to_string()
                    } else {
                        listed.join(", ")
                    }
                ));
            }
            fail(format!(
                "{SAVED_GAME_ENTRY} entry cannot be opened ({})",
                zip_words(&e.to_string())
            ))
        })?;
        let mut out = Vec::new();
        (&mut e)
            .take(MAX_ENTRY + 1)
            .read_to_end(&mut out)
            .map_err(|e| {
                fail(format!(
                    "{SAVED_GAME_ENTRY} entry cannot be read ({})",
                    zip_words(&e.to_string())
                ))
            })?;
        if out.len() as u64 > MAX_ENTRY {
            return Err(fail(format!(
                "{SAVED_GAME_ENTRY} entry inflates to more than {} MiB (a zip bomb?)",
                MAX_ENTRY / 1024 / 1024
            )));
        }
        out
    };
    let plain = deobfuscate(&entry).map_err(|e| fail(format!("{SAVED_GAME_ENTRY}: {e}")))?;
    parse_commands(&String::from_utf8_lossy(&plain))
        .map_err(|e| fail(format!("{SAVED_GAME_ENTRY}: {e}")))
}

/// A zip reader's error in a player's words (as the board-archive reader says it).
fn zip_words(message: &str) -> String {
    if message.contains("zip::") || message.contains("Unexpected end") || message.contains("EOCD") {
        return "the file ends too soon: a truncated or damaged archive".to_string();
    }
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn hex_digit(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Undoes the `!VCSK` obfuscation: after the mark, two hex digits give the key; the rest is
/// hex, two digits a byte, each byte XORed with the key. Trailing line ends are ignored.
pub fn deobfuscate(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let Some(rest) = bytes.strip_prefix(HEADER.as_bytes()) else {
        return Err(format!(
            "does not begin with {HEADER} (not an obfuscated VASSAL command stream)"
        ));
    };
    let key = match rest {
        [a, b, ..] => match (hex_digit(*a), hex_digit(*b)) {
            (Some(a), Some(b)) => a * 16 + b,
            _ => {
                return Err(format!(
                    "a bad key: {HEADER} must be followed by two hex digits, not '{}'",
                    String::from_utf8_lossy(&rest[..2]).escape_debug()
                ));
            }
        },
        _ => return Err(format!("a bad key: the entry ends after {HEADER}")),
    };
    let mut body = &rest[2..];
    while let [head @ .., b'\r' | b'\n'] = body {
        body = head;
    }
    if body.len() % 2 != 0 {
        return Err(format!(
            "the hex text after the key has an odd number of digits ({}): a truncated stream",
            body.len()
        ));
    }
    let mut out = Vec::with_capacity(body.len() / 2);
    for (i, pair) in body.chunks_exact(2).enumerate() {
        match (hex_digit(pair[0]), hex_digit(pair[1])) {
            (Some(a), Some(b)) => out.push((a * 16 + b) ^ key),
            _ => {
                return Err(format!(
                    "'{}' at byte {} of the hex text is not two hex digits",
                    String::from_utf8_lossy(pair).escape_debug(),
                    HEADER.len() + 2 + 2 * i
                ));
            }
        }
    }
    Ok(out)
}

/// A record's first characters, for an error message.
fn start_of(record: &str) -> String {
    let head: String = record.chars().take(24).collect();
    format!("'{}'", head.escape_debug())
}

/// Reads the decoded command stream: the records between ESCs.
pub fn parse_commands(text: &str) -> Result<SavedGame, String> {
    let mut game = SavedGame::default();
    let mut budget = Budget::default();
    for (i, record) in text.split(RECORD_SEPARATOR).enumerate() {
        let n = i + 1;
        if record.len() > MAX_RECORD {
            return Err(format!(
                "record {n} (starting {}) is {} bytes long, more than the {} MiB a record may be",
                start_of(record),
                record.len(),
                MAX_RECORD / 1024 / 1024
            ));
        }
        if let Some(rest) = record.strip_prefix("+/") {
            match parse_plus(n, rest, &mut budget)? {
                Record::Piece(p) => game.pieces.push(p),
                Record::Stack(s) => game.stacks.push(s),
                Record::Unreadable(u) => game.unreadable.push(u),
                Record::Other => game.other_pieces += 1,
            }
        } else if let Some(rest) = record.strip_prefix("bd\t") {
            if game.boards.len() == MAX_BOARDS {
                return Err(format!(
                    "record {n} (a bd record): more than the {MAX_BOARDS} boards a saved game \
                     may lay out"
                ));
            }
            game.boards.push(parse_board(n, rest)?);
        } else if !record.trim().is_empty() {
            game.other_records += 1;
        }
    }
    Ok(game)
}

/// `bd` TAB name TAB column TAB row TAB version, then SSR words and `OVR` overlay entries.
fn parse_board(n: usize, rest: &str) -> Result<BoardRecord, String> {
    let bad = |what: &str| {
        format!(
            "record {n} (a bd record, starting {}): {what}",
            start_of(rest)
        )
    };
    if count_fields(rest, '\t') > MAX_FIELDS {
        return Err(bad(&format!(
            "more than the {MAX_FIELDS} fields a bd record may have"
        )));
    }
    let fields = split_escaped(rest, '\t');
    let name = fields
        .first()
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    if name.is_empty() {
        return Err(bad("no board name"));
    }
    let number = |i: usize, what: &str| -> Result<u32, String> {
        let text = fields.get(i).map(|s| s.trim()).unwrap_or("");
        text.parse::<u32>()
            .ok()
            .filter(|v| *v < 100)
            .ok_or_else(|| {
                bad(&format!(
                    "the {what} '{}' is not a number 0..99",
                    text.escape_debug()
                ))
            })
    };
    Ok(BoardRecord {
        record: n,
        column: number(1, "column")?,
        row: number(2, "row")?,
        version: fields
            .get(3)
            .map(|s| s.trim().to_string())
            .unwrap_or_default(),
        extras: fields
            .iter()
            .skip(4)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_obfuscation_is_undone_and_bad_keys_named() {
        // "hi" with key 0x2a: 'h' 0x68 ^ 0x2a = 0x42, 'i' 0x69 ^ 0x2a = 0x43.
        assert_eq!(deobfuscate(b"!VCSK2a4243\n").unwrap(), b"hi");
        assert!(deobfuscate(b"!VCSKzz4243").unwrap_err().contains("bad key"));
        assert!(
            deobfuscate(b"!VCSK2a424")
                .unwrap_err()
                .contains("odd number")
        );
        assert!(
            deobfuscate(b"!VCSK2a42g3")
                .unwrap_err()
                .contains("not two hex digits")
        );
        assert!(deobfuscate(b"PK").unwrap_err().contains("!VCSK"));
        assert!(deobfuscate(b"!VCSK").unwrap_err().contains("bad key"));
        assert!(deobfuscate(b"!VCSK2").unwrap_err().contains("bad key"));
    }
}
