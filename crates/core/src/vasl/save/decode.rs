//! Decoding a VASL saved game (`.vsav`): the zip, its `savedGame` entry's `!VCSK` obfuscation,
//! the ESC-separated command records, and the records this program reads: `+/ID/TYPE/STATE`
//! (a piece added, its trait chain and states) and `bd` (a board of the layout, with the SSRs
//! and overlays). Every limit is checked before the bytes are used; every failure is one
//! `ImportError` naming the file and the entry or record.

use std::io::{Cursor, Read as _};

use zip::ZipArchive;

use crate::vasl::error::ImportError;

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

/// One trait of a piece: its type (`rotate;6;...`) and its state, as decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trait {
    pub kind: String,
    pub fields: Vec<String>,
    pub state: Vec<String>,
}

/// A piece added by a `+/ID/TYPE/STATE` record.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The record's number in the stream (1-based), its stacking order: a later piece at the
    /// same place lies above an earlier one.
    pub record: usize,
    pub id: String,
    /// The BasicPiece's common name (`4-4-7 1sq`, `jaLDR`, `DC`, `?`).
    pub name: String,
    /// The BasicPiece's image file name (`ja447S.gif`).
    pub image: String,
    /// The map it lies on (`Main Map`) and its position there in pixels.
    pub map: String,
    pub x: i64,
    pub y: i64,
    /// Its decorator traits, outermost first (the BasicPiece left out).
    pub traits: Vec<Trait>,
}

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
    /// Records of other kinds (stacks, chat, the module's own): not read.
    pub other_records: usize,
    /// `+/` records whose trait chain does not end in a BasicPiece (stacks, decks): not read.
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

/// Splits `text` at `delim`, undoing the escapes of one level of nesting: a backslash before
/// the delimiter or before a backslash makes that character literal; any other backslash is
/// kept as it is.
pub fn split_escaped(text: &str, delim: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some(&n) if n == delim || n == '\\' => {
                    field.push(n);
                    chars.next();
                }
                _ => field.push('\\'),
            },
            c if c == delim => fields.push(std::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// A record's first characters, for an error message.
fn start_of(record: &str) -> String {
    let head: String = record.chars().take(24).collect();
    format!("'{}'", head.escape_debug())
}

/// Reads the decoded command stream: the records between ESCs.
pub fn parse_commands(text: &str) -> Result<SavedGame, String> {
    let mut game = SavedGame::default();
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
            match parse_piece(n, rest)? {
                Some(p) => game.pieces.push(p),
                None => game.other_pieces += 1,
            }
        } else if let Some(rest) = record.strip_prefix("bd\t") {
            game.boards.push(parse_board(n, rest)?);
        } else if !record.trim().is_empty() {
            game.other_records += 1;
        }
    }
    Ok(game)
}

/// `bd` TAB name TAB column TAB row TAB version, then SSR words and `OVR` overlay entries.
fn parse_board(n: usize, rest: &str) -> Result<BoardRecord, String> {
    let fields = split_escaped(rest, '\t');
    let bad = |what: &str| {
        format!(
            "record {n} (a bd record, starting {}): {what}",
            start_of(rest)
        )
    };
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

/// `+/ID/TYPE/STATE`: TYPE is the trait chain, TAB-separated, outermost first, ending with the
/// BasicPiece `piece;CLONE;DELETE;IMAGE;NAME`; STATE the traits' states in the same order, the
/// BasicPiece's `MAP;X;Y;...`. `None` for a chain that does not end in a BasicPiece.
fn parse_piece(n: usize, rest: &str) -> Result<Option<Piece>, String> {
    let parts = split_escaped(rest, '/');
    let (id, kind, state) = match parts.as_slice() {
        [id, kind, state, ..] => (id, kind, state.as_str()),
        [id, kind] => (id, kind, ""),
        _ => return Ok(None),
    };
    let types = split_escaped(kind, '\t');
    let states = split_escaped(state, '\t');
    let Some((basic, decorators)) = types.split_last() else {
        return Ok(None);
    };
    let basic_fields = split_escaped(basic, ';');
    if basic_fields.first().map(String::as_str) != Some("piece") {
        return Ok(None);
    }
    let field = |i: usize| basic_fields.get(i).cloned().unwrap_or_default();
    let name = field(4);
    let bad = |what: String| {
        format!(
            "record {n} (piece {} '{}'): {what}",
            id.chars().take(40).collect::<String>().escape_debug(),
            name.chars().take(40).collect::<String>().escape_debug()
        )
    };
    if states.len() != types.len() {
        return Err(bad(format!(
            "{} states for its {} traits",
            states.len(),
            types.len()
        )));
    }
    let basic_state = split_escaped(states.last().map_or("", String::as_str), ';');
    let coordinate = |i: usize, what: &str| -> Result<i64, String> {
        let text = basic_state.get(i).map(|s| s.trim()).unwrap_or("");
        text.parse::<i64>()
            .ok()
            .filter(|v| v.abs() <= 1_000_000)
            .ok_or_else(|| {
                bad(format!(
                    "its {what} '{}' is not a position in pixels",
                    text.chars().take(40).collect::<String>().escape_debug()
                ))
            })
    };
    let map = basic_state.first().cloned().unwrap_or_default();
    let (x, y) = if map.is_empty() || map == "null" {
        (0, 0)
    } else {
        (coordinate(1, "x")?, coordinate(2, "y")?)
    };
    let traits = decorators
        .iter()
        .zip(&states)
        .map(|(t, s)| {
            let mut fields = split_escaped(t, ';');
            let kind = if fields.is_empty() {
                String::new()
            } else {
                fields.remove(0)
            };
            Trait {
                kind,
                fields,
                state: split_escaped(s, ';'),
            }
        })
        .collect();
    Ok(Some(Piece {
        record: n,
        id: id.clone(),
        image: field(3),
        name,
        map,
        x,
        y,
        traits,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_nest_one_level_at_a_time() {
        assert_eq!(split_escaped("a/b\\/c/d", '/'), ["a", "b/c", "d"]);
        assert_eq!(split_escaped("a\\\\/b", '/'), ["a\\", "b"]);
        assert_eq!(split_escaped("a\\tb", '/'), ["a\\tb"]);
        assert_eq!(split_escaped("", ';'), [""]);
        assert_eq!(split_escaped("x\\", ';'), ["x\\"]);
    }

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
