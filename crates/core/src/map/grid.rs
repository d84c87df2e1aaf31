//! The map as the program holds it (`Map`: each hex's Base Level, terrain, Depression and
//! stream, its cliffs and roads, the boards it is laid out from) and what it answers.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::layout::Layout;
use super::terrain::{PtoConversion, Terrain};

use crate::hex::{Direction, Hex, HexId, HexRef, Hexside, Vertex};

/// A stream's water (B20).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StreamKind {
    Dry,
    Shallow,
    Deep,
    Flooded,
}

/// A Depression hex: its Base Level is the floor, its rim (Crest level) one higher.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Depression {
    Gully,
    SunkenRoad,
    HillDepression,
    Stream(StreamKind),
}

/// One hex of the map.
#[derive(Clone, Debug, PartialEq)]
pub struct HexData {
    pub id: HexId,
    pub hex: Hex,
    /// Base Level: ground level under the centre dot; the floor of a Depression.
    pub level: i32,
    /// Terrain in play (after G.1 PTO conversion).
    pub terrain: Terrain,
    /// Terrain as written in the scenario (before G.1).
    pub printed: Terrain,
    pub depression: Option<Depression>,
}

impl HexData {
    /// The Crest level of a Depression hex (its rim), one above its floor.
    pub fn rim(&self) -> Option<i32> {
        self.depression.map(|_| self.level + 1)
    }

    /// The level of the water in the hex, if any: a shallow or deep stream at its floor, a
    /// flooded stream at its rim (seed G11.1 EX: flooded H3/H4 have water at Level 0), water
    /// terrain at its Base Level.
    pub fn water_level(&self) -> Option<i32> {
        match self.depression {
            Some(Depression::Stream(StreamKind::Shallow | StreamKind::Deep)) => Some(self.level),
            Some(Depression::Stream(StreamKind::Flooded)) => Some(self.level + 1),
            _ => (self.terrain == Terrain::Water).then_some(self.level),
        }
    }
}

/// Why a hex, hexside or vertex named in a scenario or on the command line is unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error(transparent)]
    Parse(#[from] crate::hex::ParseError),
    #[error("{0} is not on the map: {1}")]
    OffMap(String, String),
    #[error("'{0}' names board {1}, but {2}")]
    WrongBoard(String, String, String),
    /// A hex id the map's board layout cannot read.
    #[error("{0}")]
    Layout(String),
}

/// A revision number no map has had yet.
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The index in `Direction::ALL` of the direction from `from` to its neighbour `to`.
fn direction_to(from: Hex, to: Hex) -> Option<usize> {
    crate::hex::Direction::ALL
        .iter()
        .position(|d| from.neighbor(*d) == to)
}

/// The map of a scenario.
#[derive(Clone, Debug)]
pub struct Map {
    pub board: Option<String>,
    pub columns: u32,
    pub rows: u32,
    pub pto: bool,
    /// The geomorphic boards the map is laid out from (hex ids carry their board's prefix);
    /// none for a map given by its columns and rows.
    pub layout: Option<Layout>,
    hexes: Vec<Option<HexData>>,
    cliffs: HashSet<Hexside>,
    /// The cliffs again, per hex (by `index`): bit `d` set when the hexside towards its
    /// neighbour in `Direction::ALL[d]` is a cliff. LOS asks this for every hex it builds its
    /// profile of, many times a move: a bit read, not a hash.
    cliff_bits: Vec<u8>,
    /// This map's content, as a number no other content has had (`revision`): set when it is
    /// made and at each change, kept by a clone (the same content).
    rev: u64,
    roads: Vec<Hexside>,
    /// What G.1 changed.
    pub conversions: Vec<PtoConversion>,
}

impl Map {
    /// A map of `columns` x `rows` hexes, all at `level` with `terrain` (before G.1).
    pub fn new(
        board: Option<String>,
        columns: u32,
        rows: u32,
        level: i32,
        terrain: Terrain,
    ) -> Map {
        let mut hexes = vec![None; (columns * (rows + 1)) as usize];
        for col in 0..columns {
            for row in 0..=rows as i32 {
                let id = HexId { col, row };
                if Self::in_bounds(columns, rows, id) {
                    hexes[Self::slot(rows, id)] = Some(HexData {
                        id,
                        hex: id.hex(),
                        level,
                        terrain,
                        printed: terrain,
                        depression: None,
                    });
                }
            }
        }
        Map {
            board,
            columns,
            rows,
            pto: false,
            layout: None,
            cliff_bits: vec![0; hexes.len()],
            rev: next_revision(),
            hexes,
            cliffs: HashSet::new(),
            roads: Vec::new(),
            conversions: Vec::new(),
        }
    }

    /// A map of geomorphic boards laid out by `layout`, every hex at `level` with `terrain`.
    pub fn laid_out(layout: Layout, level: i32, terrain: Terrain) -> Map {
        let mut m = Map::new(None, layout.columns(), layout.rows(), level, terrain);
        m.layout = Some(layout);
        m
    }

    fn in_bounds(columns: u32, rows: u32, id: HexId) -> bool {
        let first_row = if id.is_odd_lettered() { 1 } else { 0 };
        id.col < columns && (first_row..=rows as i32).contains(&id.row)
    }

    fn slot(rows: u32, id: HexId) -> usize {
        (id.col * (rows + 1)) as usize + id.row as usize
    }

    /// A dense index for on-map hexes, `0..self.slots()`, for per-hex tables.
    pub fn index(&self, h: Hex) -> Option<usize> {
        let id = h.grid_id()?;
        Self::in_bounds(self.columns, self.rows, id).then(|| Self::slot(self.rows, id))
    }

    /// The size of the index space of `index`.
    pub fn slots(&self) -> usize {
        self.hexes.len()
    }

    pub fn contains(&self, h: Hex) -> bool {
        self.index(h).is_some()
    }

    pub fn get(&self, h: Hex) -> Option<&HexData> {
        self.index(h).and_then(|i| self.hexes[i].as_ref())
    }

    /// The levels a unit may stand at in hex `h` (outside caves and Climb counters): its Base
    /// Level (a Depression's floor), a Depression's Crest level one above it, and a building's
    /// upper floors (one level each above the ground floor). `None` off the map.
    pub fn unit_levels(&self, h: Hex) -> Option<std::ops::RangeInclusive<i32>> {
        let d = self.get(h)?;
        let crest = i32::from(d.depression.is_some());
        let floors = match d.terrain {
            Terrain::Building(_, floors) => i32::from(floors.max(1)) - 1,
            _ => 0,
        };
        Some(d.level..=d.level + crest.max(floors))
    }

    /// A number for this map's content: two maps with the same revision have the same hexes
    /// and cliffs (LOS keeps what it builds from a map by it, `los::env`).
    pub fn revision(&self) -> u64 {
        self.rev
    }

    pub(crate) fn get_mut(&mut self, h: Hex) -> Option<&mut HexData> {
        self.rev = next_revision();
        self.index(h).and_then(|i| self.hexes[i].as_mut())
    }

    /// Every hex of the map, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = &HexData> {
        self.hexes.iter().flatten()
    }

    fn describe_bounds(&self, id: HexId) -> String {
        if id.col >= self.columns {
            format!(
                "the map has columns A..{}",
                crate::hex::column_letters(self.columns.saturating_sub(1))
            )
        } else if id.is_odd_lettered() {
            format!(
                "odd-lettered column {} holds rows 1..{}",
                crate::hex::column_letters(id.col),
                self.rows
            )
        } else {
            format!(
                "even-lettered column {} holds rows 0..{}",
                crate::hex::column_letters(id.col),
                self.rows
            )
        }
    }

    /// Parses a hex id (`I4`, or `36I4` when this is board 36) that must be on the map.
    pub fn hex(&self, text: &str) -> Result<Hex, MapError> {
        if let Some(l) = &self.layout {
            let h = l.parse_hex(text, false).map_err(MapError::Layout)?.hex();
            return if self.contains(h) {
                Ok(h)
            } else {
                Err(MapError::OffMap(
                    text.trim().to_string(),
                    "beyond the layout".into(),
                ))
            };
        }
        let r = HexRef::parse(text)?;
        if let Some(b) = &r.board
            && self.board.as_deref() != Some(b.as_str())
        {
            return Err(MapError::WrongBoard(
                text.to_string(),
                b.clone(),
                match &self.board {
                    Some(mine) => format!("this map is board {mine}"),
                    None => "this map names no board (write the bare id, or give the map a \
                             `board`)"
                        .into(),
                },
            ));
        }
        let h = r.id.hex();
        if !self.contains(h) {
            return Err(MapError::OffMap(r.to_string(), self.describe_bounds(r.id)));
        }
        Ok(h)
    }

    fn strip_board(&self, text: &str) -> String {
        // "36I4-36H3" and "I4-H3" name the same hexside on board 36.
        match &self.board {
            Some(b) => text
                .split('-')
                .map(|p| p.trim().strip_prefix(b.as_str()).unwrap_or(p.trim()))
                .collect::<Vec<_>>()
                .join("-"),
            None => text.to_string(),
        }
    }

    /// A layout's hexside or vertex text (`36GG5-37B5`) as grid hexes.
    fn layout_hexes(
        &self,
        l: &Layout,
        text: &str,
        what: &'static str,
        n: usize,
    ) -> Result<Vec<Hex>, MapError> {
        crate::hex::split_ids(text, what, n)?
            .iter()
            .map(|p| {
                l.parse_hex(p, n == 3)
                    .map(|id| id.hex())
                    .map_err(|e| MapError::Layout(format!("{what} {text}: {e}")))
            })
            .collect()
    }

    /// Parses a hexside (`F7-G7`) whose two hexes are both on the map.
    pub fn hexside(&self, text: &str) -> Result<Hexside, MapError> {
        if let Some(l) = &self.layout {
            let h = self.layout_hexes(l, text, "hexside", 2)?;
            let side = Hexside::between(h[0], h[1]).ok_or_else(|| {
                MapError::Parse(crate::hex::ParseError::new(
                    text,
                    "hexside",
                    "the two hexes are not adjacent",
                ))
            })?;
            if let Some(off) = [side.a, side.b].into_iter().find(|h| !self.contains(*h)) {
                let other = if off == side.a { side.b } else { side.a };
                return Err(MapError::OffMap(
                    format!("{} (in hexside {text})", self.part_name(off, &[other])),
                    "beyond the layout".into(),
                ));
            }
            return Ok(side);
        }
        let side = Hexside::parse(&self.strip_board(text))?;
        for h in [side.a, side.b] {
            if !self.contains(h) {
                let id = h.id().map_or_else(|| format!("{h:?}"), |i| i.to_string());
                return Err(MapError::OffMap(
                    format!("{id} (in hexside {text})"),
                    h.id().map_or_else(String::new, |i| self.describe_bounds(i)),
                ));
            }
        }
        Ok(side)
    }

    /// Parses a vertex (`T4-S5-S4`) with at least one of its hexes on the map.
    pub fn vertex(&self, text: &str) -> Result<Vertex, MapError> {
        let v = match &self.layout {
            Some(l) => {
                let h = self.layout_hexes(l, text, "vertex", 3)?;
                Vertex::of(h[0], h[1], h[2]).ok_or_else(|| {
                    MapError::Parse(crate::hex::ParseError::new(
                        text,
                        "vertex",
                        "the three hexes do not meet at one point",
                    ))
                })?
            }
            None => Vertex::parse(&self.strip_board(text))?,
        };
        if !v.hexes.iter().any(|h| self.contains(*h)) {
            return Err(MapError::OffMap(
                format!("vertex {text}"),
                "none of its hexes is on the map".into(),
            ));
        }
        Ok(v)
    }

    /// Marks a hexside as a cliff (B11).
    pub fn add_cliff(&mut self, side: Hexside) -> bool {
        self.rev = next_revision();
        for (from, to) in [(side.a, side.b), (side.b, side.a)] {
            if let (Some(i), Some(d)) = (self.index(from), direction_to(from, to)) {
                self.cliff_bits[i] |= 1 << d;
            }
        }
        self.cliffs.insert(side)
    }

    pub fn add_road(&mut self, side: Hexside) {
        self.rev = next_revision();
        self.roads.push(side);
    }

    pub fn is_cliff(&self, side: Hexside) -> bool {
        for (from, to) in [(side.a, side.b), (side.b, side.a)] {
            if let Some(i) = self.index(from) {
                return direction_to(from, to).is_some_and(|d| self.cliff_bits[i] & (1 << d) != 0);
            }
        }
        self.cliffs.contains(&side)
    }

    /// The cliff hexsides, in board order.
    pub fn cliffs(&self) -> Vec<Hexside> {
        let mut v: Vec<Hexside> = self.cliffs.iter().copied().collect();
        v.sort();
        v
    }

    pub fn roads(&self) -> &[Hexside] {
        &self.roads
    }

    /// Sets a hex's Base Level, terrain (as printed) and depression.
    pub fn set_hex(
        &mut self,
        h: Hex,
        level: Option<i32>,
        terrain: Option<Terrain>,
        depression: Option<Depression>,
    ) {
        if let Some(d) = self.get_mut(h) {
            if let Some(l) = level {
                d.level = l;
            }
            if let Some(t) = terrain {
                d.terrain = t;
                d.printed = t;
            }
            if depression.is_some() {
                d.depression = depression;
            }
        }
    }

    /// Applies G.1 PTO Terrain (once every hex is set).
    pub fn apply_pto(&mut self) {
        self.rev = next_revision();
        self.pto = true;
        self.conversions = self.pto_conversions();
    }

    /// The hexside's Crest Line, if it has one: the higher level along it. A Crest Line runs along
    /// every hexside between hexes of different Base Level, and along a Depression's rim (a
    /// hexside between a Depression hex and a hex that is not IN that Depression).
    pub fn crest_line(&self, side: Hexside) -> Option<i32> {
        let (a, b) = (self.get(side.a)?, self.get(side.b)?);
        if a.level != b.level {
            return Some(a.level.max(b.level));
        }
        match (a.depression, b.depression) {
            (Some(_), None) | (None, Some(_)) => Some(a.level + 1),
            _ => None,
        }
    }

    /// Every Crest Line hexside of the map with its level, in board order.
    pub fn crest_lines(&self) -> Vec<(Hexside, i32)> {
        let mut out = Vec::new();
        for d in self.hexes() {
            for dir in [Direction::NE, Direction::SE, Direction::S] {
                let n = d.hex.neighbor(dir);
                if let Some(side) = Hexside::between(d.hex, n)
                    && let Some(level) = self.crest_line(side)
                {
                    out.push((side, level));
                }
            }
        }
        out.sort();
        out
    }

    /// Where `h` is, for a sentence: "in H5", or "off the map" for a hex beyond the map's
    /// edges (an offboard Starshell, E1.923), which no board names.
    pub fn place(&self, h: Hex) -> String {
        if self.contains(h) {
            format!("in {}", self.name(h))
        } else {
            "off the map".into()
        }
    }

    /// The printable id of an on-map hex: with a layout, its board's prefix (`36I4`).
    pub fn name(&self, h: Hex) -> String {
        if let Some(l) = &self.layout
            && let Some(name) = h.grid_id().and_then(|id| l.name(id))
        {
            return name;
        }
        match (h.id(), &self.board) {
            (Some(id), _) => id.to_string(),
            (None, _) => format!("({},{})", h.q, h.r),
        }
    }

    /// A hex's name for a hexside or vertex: `name`, or for a hex just off a layout's board
    /// edge, the id it has on the board beside it (`36U0`).
    fn part_name(&self, h: Hex, beside: &[Hex]) -> String {
        let Some(l) = &self.layout else {
            return h
                .id()
                .map_or_else(|| format!("({},{})", h.q, h.r), |i| i.to_string());
        };
        if let Some(name) = h.grid_id().and_then(|id| l.name(id)) {
            return name;
        }
        // Off every board: named from the board of a hex beside it, where that board can write
        // its id (`36U0`).
        for n in beside {
            if let Some(id) = n.grid_id() {
                for (b, _) in l.locals(id) {
                    if let Some(local) = l.local_beyond(b, h) {
                        return format!("{}{}", l.boards[b].name, local);
                    }
                }
            }
        }
        format!("({},{})", h.q, h.r)
    }

    /// The printable name of a hexside (`F7-G7`; `36GG5-37B5` on a layout).
    pub fn side_name(&self, side: Hexside) -> String {
        if self.layout.is_none() {
            return side.to_string();
        }
        format!(
            "{}-{}",
            self.part_name(side.a, &[side.b]),
            self.part_name(side.b, &[side.a])
        )
    }

    /// The printable name of a vertex (`T4-S5-S4`; `36T4-36S5-36S4` on a layout).
    pub fn vertex_name(&self, v: Vertex) -> String {
        if self.layout.is_none() {
            return v.to_string();
        }
        let [a, b, c] = v.hexes;
        format!(
            "{}-{}-{}",
            self.part_name(a, &[b, c]),
            self.part_name(b, &[a, c]),
            self.part_name(c, &[a, b])
        )
    }
}
