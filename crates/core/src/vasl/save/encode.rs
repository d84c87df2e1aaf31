//! Our own writer of synthetic VASL saved games (`.vsav`), for the tests only (feature
//! `encoder`): the subset of the format `decode` reads, written the other way round. A zip of
//! `savedGame` (`!VCSK`, a key, the command stream hex-encoded with each byte XORed with the
//! key), `savedata` and `moduledata`; the stream's records separated by ESC: `bd` records
//! laying out the boards, then one `+/ID/TYPE/STATE` record a piece, its trait chain with its
//! layers (`emb2`, one name a level, `,`-separated), mask (`obs`), hide (`hide`) and rotation
//! (`rotate`) before its BasicPiece, then the stacks (`+/ID/stack/MAP;X;Y;ID1;ID2;...`, their
//! pieces bottom to top) when asked for.

use crate::hex::HexId;
use crate::vasl::encode::zip_entries;
use crate::vasl::grid::Grid;

use super::decode::{HEADER, MAIN_MAP, RECORD_SEPARATOR, SAVED_GAME_ENTRY};

/// `text` escaped for one level of nesting with `delim`: a backslash before each backslash and
/// each delimiter.
pub fn escape(text: &str, delim: char) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == delim {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Fields joined by `delim`, each escaped.
pub fn join(fields: &[String], delim: char) -> String {
    fields
        .iter()
        .map(|f| escape(f, delim))
        .collect::<Vec<_>>()
        .join(&delim.to_string())
}

/// `!VCSK`, the key as two hex digits, then each byte XORed with the key, in hex.
pub fn obfuscate(plain: &[u8], key: u8) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = format!("{HEADER}{key:02x}").into_bytes();
    out.reserve(plain.len() * 2);
    for b in plain {
        let v = b ^ key;
        out.push(HEX[usize::from(v >> 4)]);
        out.push(HEX[usize::from(v & 15)]);
    }
    out
}

/// A piece to write.
#[derive(Clone, Debug)]
pub struct SyntheticPiece {
    pub name: String,
    pub image: String,
    pub map: String,
    pub x: i64,
    pub y: i64,
    /// A rotate trait: (its number of angles, the state's angle index).
    pub rotation: Option<(u32, u32)>,
    /// Layers (`emb2`): each its levels' names and its state (the active level, 1-based;
    /// -1: off).
    pub layers: Vec<(Vec<String>, i32)>,
    /// A mask (`obs`) that is on: concealed.
    pub masked: bool,
    /// A hide (`hide`) that is on: HIP.
    pub hidden: bool,
}

impl SyntheticPiece {
    pub fn new(name: &str, image: &str) -> SyntheticPiece {
        SyntheticPiece {
            name: name.into(),
            image: image.into(),
            map: MAIN_MAP.into(),
            x: 0,
            y: 0,
            rotation: None,
            layers: Vec::new(),
            masked: false,
            hidden: false,
        }
    }

    pub fn at(mut self, (x, y): (i64, i64)) -> Self {
        self.x = x;
        self.y = y;
        self
    }

    pub fn on_map(mut self, map: &str) -> Self {
        self.map = map.into();
        self
    }

    /// A layer of one level, `name`, on or off.
    pub fn layer(mut self, name: &str, on: bool) -> Self {
        self.layers
            .push((vec![name.into()], if on { 1 } else { -1 }));
        self
    }

    /// A layer of several levels, `names`, at level `active` (1-based; 0 or less: off).
    pub fn levels(mut self, names: &[&str], active: i32) -> Self {
        self.layers
            .push((names.iter().map(|n| n.to_string()).collect(), active));
        self
    }

    pub fn rotated(mut self, angles: u32, index: u32) -> Self {
        self.rotation = Some((angles, index));
        self
    }

    pub fn masked(mut self) -> Self {
        self.masked = true;
        self
    }

    pub fn hip(mut self) -> Self {
        self.hidden = true;
        self
    }

    /// Its `+/ID/TYPE/STATE` record.
    pub fn record(&self, id: &str) -> String {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let mut types: Vec<String> = Vec::new();
        let mut states: Vec<String> = Vec::new();
        for (names, active) in &self.layers {
            let names = join(names, ',');
            types.push(join(
                &s(&["emb2", "", "", "", "", "", "", "", &names, "", "1"]),
                ';',
            ));
            states.push(active.to_string());
        }
        if self.masked {
            types.push(join(&s(&["obs", "", "", "?", "", ""]), ';'));
            states.push("Japanese".into());
        }
        if self.hidden {
            types.push(join(&s(&["hide", "", "", ""]), ';'));
            states.push("Japanese".into());
        }
        if let Some((angles, index)) = self.rotation {
            types.push(join(
                &s(&["rotate", &angles.to_string(), "]", "[", "CA"]),
                ';',
            ));
            states.push(index.to_string());
        }
        types.push(join(&s(&["piece", "", "", &self.image, &self.name]), ';'));
        states.push(join(
            &s(&[&self.map, &self.x.to_string(), &self.y.to_string(), id]),
            ';',
        ));
        format!(
            "+/{}",
            join(
                &[id.to_string(), join(&types, '\t'), join(&states, '\t')],
                '/'
            )
        )
    }
}

/// A saved game to write.
#[derive(Clone, Debug)]
pub struct SyntheticSave {
    /// `bd` records: (name as written, `r69` reversed; column; row).
    pub boards: Vec<(String, u32, u32)>,
    /// SSRs and overlays, written in the first `bd` record.
    pub extras: Vec<String>,
    pub pieces: Vec<SyntheticPiece>,
    pub key: u8,
    /// Stacks: each its pieces (indices into `pieces`), bottom to top; written after the
    /// pieces.
    pub stacks: Vec<Vec<usize>>,
    /// Records written as they are, after the pieces and stacks.
    pub raw: Vec<String>,
}

impl Default for SyntheticSave {
    fn default() -> Self {
        SyntheticSave {
            boards: Vec::new(),
            extras: Vec::new(),
            pieces: Vec::new(),
            key: 0x5a,
            stacks: Vec::new(),
            raw: Vec::new(),
        }
    }
}

impl SyntheticSave {
    pub fn board(&mut self, name: &str, column: u32, row: u32) -> &mut Self {
        self.boards.push((name.into(), column, row));
        self
    }

    pub fn extra(&mut self, text: &str) -> &mut Self {
        self.extras.push(text.into());
        self
    }

    pub fn piece(&mut self, p: SyntheticPiece) -> &mut Self {
        self.pieces.push(p);
        self
    }

    /// A stack of the pieces `members` (indices into `pieces`), bottom to top.
    pub fn stack(&mut self, members: &[usize]) -> &mut Self {
        self.stacks.push(members.to_vec());
        self
    }

    /// The id piece `i` is written with.
    pub fn id(i: usize) -> String {
        format!("{}", 1000 + i)
    }

    /// The map pixel of a board's hex centre (`board` as written in its `bd` record), every
    /// board of the layout having `grid`'s geometry; a reversed board turned 180°.
    pub fn centre(&self, board: &str, hex: &str, grid: &Grid) -> (i64, i64) {
        let (_, col, row) = self
            .boards
            .iter()
            .find(|b| b.0 == board)
            .cloned()
            .expect("a board of the layout");
        let (mut x, mut y) = grid.centre(HexId::parse(hex).expect("a hex id"));
        let (w, h) = (f64::from(grid.grid_width), f64::from(grid.grid_height));
        if board.starts_with('r') {
            (x, y) = (w - x, h - y);
        }
        (
            (x + f64::from(col) * w).round() as i64,
            (y + f64::from(row) * h).round() as i64,
        )
    }

    /// The decoded command stream: the records joined by ESC.
    pub fn commands(&self) -> String {
        let mut records = vec!["begin_save".to_string()];
        for (i, (name, col, row)) in self.boards.iter().enumerate() {
            let mut fields = vec![
                name.clone(),
                col.to_string(),
                row.to_string(),
                "6.6.8".to_string(),
            ];
            if i == 0 {
                fields.extend(self.extras.iter().cloned());
            }
            records.push(format!("bd\t{}", join(&fields, '\t')));
        }
        for (i, p) in self.pieces.iter().enumerate() {
            records.push(p.record(&Self::id(i)));
        }
        for (k, members) in self.stacks.iter().enumerate() {
            let first = members.first().and_then(|i| self.pieces.get(*i));
            let (map, x, y) =
                first.map_or((MAIN_MAP.to_string(), 0, 0), |p| (p.map.clone(), p.x, p.y));
            let mut state = vec![map, x.to_string(), y.to_string()];
            state.extend(members.iter().map(|i| Self::id(*i)));
            records.push(format!(
                "+/{}",
                join(
                    &[format!("{}", 9000 + k), "stack".into(), join(&state, ';')],
                    '/'
                )
            ));
        }
        records.extend(self.raw.iter().cloned());
        records.push("end_save".to_string());
        records.join(&RECORD_SEPARATOR.to_string())
    }

    /// The `savedGame` entry.
    pub fn saved_game(&self) -> Vec<u8> {
        obfuscate(self.commands().as_bytes(), self.key)
    }

    /// The whole `.vsav` file.
    pub fn vsav(&self) -> Vec<u8> {
        let game = self.saved_game();
        zip_entries(&[
            (SAVED_GAME_ENTRY, &game),
            ("savedata", b"<?xml version=\"1.0\"?><data/>"),
            (
                "moduledata",
                b"<?xml version=\"1.0\"?><data><name>VASL</name></data>",
            ),
        ])
    }
}
