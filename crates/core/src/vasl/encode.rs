//! Our own encoder of synthetic VASL board archives, for tests: a board described by each hex's
//! Base Level and VASL terrain name, plus cliff hexsides and stairways, painted onto a pixel grid
//! (each pixel takes the hex whose centre is nearest; a cliff is a thin band of Cliff pixels
//! along its hexside), written as `ObjectOutputStream` block data, gzipped, and zipped with a
//! BoardMetadata.xml. `shared_board_metadata` writes a SharedBoardMetadata.xml with our own
//! small set of `terrainType` elements.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Cursor, Write};

use flate2::Compression;
use flate2::write::GzEncoder;
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use crate::hex::{Direction, HexId};

use super::grid::Grid;
use super::java::object_stream;
use super::los_data::LosData;
use super::metadata::TerrainNames;

/// Half the width of a painted cliff band, in pixels (the reader's probe sits 3 px inside).
pub const CLIFF_BAND: f64 = 4.0;

/// Our terrainType set: (typeCode, name). The codes are VASL's for these names.
pub const TERRAIN_TYPES: &[(u8, &str)] = &[
    (0, "Open Ground"),
    (8, "Water"),
    (14, "Marsh"),
    (24, "Grain"),
    (25, "Brush"),
    (30, "Gully"),
    (31, "Dry Stream"),
    (32, "Shallow Stream"),
    (33, "Deep Stream"),
    (34, "Flooded Stream"),
    (40, "Stone Building"),
    (51, "Wooden Building, 1 Level"),
    (60, "Woods"),
    (63, "Orchard"),
    (65, "Dirt Road"),
    (68, "Sunken Road"),
    (72, "Wall"),
    (75, "Cliff"),
    (126, "Light Jungle"),
    (127, "Dense Jungle"),
    (128, "Bamboo"),
    (129, "Palm Trees"),
    (130, "Huts"),
    (132, "Kunai"),
    (133, "Swamp"),
    (136, "Rice Paddy, Irrigated"),
];

/// A SharedBoardMetadata.xml holding `TERRAIN_TYPES`, laid out as VASL's (`terrainTypes` after
/// other sections), with one `terrainType` elsewhere to show position does not matter.
pub fn shared_board_metadata() -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<!-- synthetic, for asl-pto's tests -->\n<sharedBoardMetadata>\n\
         \t<colors>\n\t\t<color name=\"Cliff\" red=\"35\" green=\"20\" blue=\"10\" terrain=\"Cliff\" \
         elevation=\"UNKNOWN\" />\n\t</colors>\n\t<terrainTypes>\n",
    );
    let (last, rest) = TERRAIN_TYPES
        .split_last()
        .unwrap_or((&(0, "Open Ground"), &[]));
    for (code, name) in rest {
        xml.push_str(&terrain_type(*code, name));
    }
    xml.push_str("\t</terrainTypes>\n\t<LOSSSRules>\n");
    xml.push_str(&terrain_type(last.0, last.1));
    xml.push_str("\t</LOSSSRules>\n</sharedBoardMetadata>\n");
    xml
}

fn terrain_type(code: u8, name: &str) -> String {
    format!(
        "\t\t<terrainType name=\"{}\" typeCode=\"{code}\" isLOSObstacle=\"FALSE\" height=\"0\" \
         LOSCategory=\"OPEN\" />\n",
        escape(name)
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// `TERRAIN_TYPES` as the reader sees them.
pub fn terrain_names() -> TerrainNames {
    TerrainNames::parse(&shared_board_metadata(), "SharedBoardMetadata.xml")
        .expect("our own SharedBoardMetadata.xml parses")
}

/// A BoardMetadata.xml naming the board (no `name` attribute when `None`).
pub fn board_metadata(name: Option<&str>, width: u32, height: u32) -> String {
    let name = name.map_or(String::new(), |n| format!(" name=\"{}\"", escape(n)));
    format!(
        "<?xml version=\"1.0\"?>\n<!-- synthetic, for asl-pto's tests -->\n<boardMetadata{name} \
         version=\"1.0\" author=\"asl-pto\" hasHills=\"TRUE\" width=\"{width}\" \
         height=\"{height}\">\n\t<buildingTypes>\n\t</buildingTypes>\n</boardMetadata>\n"
    )
}

/// GZIP of some bytes.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(bytes).expect("writing to a Vec");
    enc.finish().expect("writing to a Vec")
}

/// A LOSData entry: the grid's block data, framed as an `ObjectOutputStream`, gzipped.
pub fn los_data_entry(los: &LosData) -> Vec<u8> {
    gzip(&object_stream(&los.to_block_data()))
}

/// A zip archive of the named entries, deflated.
pub fn zip_entries(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).expect("writing to a Vec");
        zip.write_all(bytes).expect("writing to a Vec");
    }
    zip.finish().expect("writing to a Vec").into_inner()
}

/// A board to encode: every hex Open Ground at Level 0 unless set.
#[derive(Clone, Debug)]
pub struct SyntheticBoard {
    /// BoardMetadata.xml's board name (`None`: the attribute is left out).
    pub name: Option<String>,
    /// Whether the archive holds a BoardMetadata.xml at all.
    pub with_metadata: bool,
    pub grid: Grid,
    hexes: BTreeMap<HexId, (i8, String)>,
    cliffs: Vec<(HexId, Direction)>,
    stairways: BTreeSet<HexId>,
}

impl SyntheticBoard {
    /// `width` x `height` hexes on a grid of a standard board's spacing (56.25 x 64.5 px).
    pub fn new(name: &str, width: u32, height: u32) -> SyntheticBoard {
        let grid_width = (f64::from(width.saturating_sub(1).max(1)) * 56.25).round() as u32;
        SyntheticBoard::on_grid(name, width, height, grid_width, height * 645 / 10)
    }

    /// A geomorphic board: 33 x 10 hexes on the 1800 x 645 pixel grid.
    pub fn standard(name: &str) -> SyntheticBoard {
        SyntheticBoard::on_grid(name, 33, 10, 1800, 645)
    }

    pub fn on_grid(
        name: &str,
        width: u32,
        height: u32,
        grid_width: u32,
        grid_height: u32,
    ) -> SyntheticBoard {
        SyntheticBoard {
            name: Some(name.to_string()),
            with_metadata: true,
            grid: Grid::new(width, height, grid_width, grid_height),
            hexes: BTreeMap::new(),
            cliffs: Vec::new(),
            stairways: BTreeSet::new(),
        }
    }

    /// Sets a hex's Base Level and VASL terrain name (`hex` like "C3"; panics on a bad id, as
    /// test set-up should).
    pub fn set(&mut self, hex: &str, level: i8, vasl_terrain: &str) -> &mut Self {
        let id = HexId::parse(hex).expect("a hex id");
        self.hexes.insert(id, (level, vasl_terrain.to_string()));
        self
    }

    /// Paints a cliff along the hexside of `hex` in direction `d`.
    pub fn cliff(&mut self, hex: &str, d: Direction) -> &mut Self {
        self.cliffs.push((HexId::parse(hex).expect("a hex id"), d));
        self
    }

    /// Sets the hex's stairway byte.
    pub fn stairway(&mut self, hex: &str) -> &mut Self {
        self.stairways.insert(HexId::parse(hex).expect("a hex id"));
        self
    }

    /// The hex's (level, VASL name) as set.
    pub fn get(&self, id: HexId) -> (i8, &str) {
        self.hexes
            .get(&id)
            .map_or((0, "Open Ground"), |(l, n)| (*l, n.as_str()))
    }

    /// Paints the LOS grid; fails on a terrain name `names` lacks.
    pub fn paint(&self, names: &TerrainNames) -> Result<LosData, String> {
        let g = self.grid;
        let code = |name: &str| {
            names
                .code(name)
                .ok_or_else(|| format!("'{name}' is not in the SharedBoardMetadata.xml given"))
        };
        let mut los = LosData::new(
            g.width,
            g.height,
            g.grid_width,
            g.grid_height,
            code("Open Ground")?,
        );
        let mut fill: BTreeMap<HexId, (i8, u8)> = BTreeMap::new();
        for id in g.ids() {
            let (level, name) = self.get(id);
            fill.insert(id, (level, code(name)?));
        }
        for x in 0..g.grid_width {
            for y in 0..g.grid_height {
                let p = (f64::from(x), f64::from(y));
                if let Some((level, c)) = g.nearest(p).and_then(|id| fill.get(&id)) {
                    los.set_pixel(x, y, *level, *c);
                }
            }
        }
        let cliff = code("Cliff")?;
        for (id, d) in &self.cliffs {
            paint_cliff(&mut los, &g, *id, *d, cliff);
        }
        for (i, id) in g.ids().enumerate() {
            if self.stairways.contains(&id)
                && let Some(s) = los.stairways.get_mut(i)
            {
                *s = 1;
            }
        }
        Ok(los)
    }

    /// The board archive's bytes.
    pub fn archive(&self, names: &TerrainNames) -> Result<Vec<u8>, String> {
        let los = los_data_entry(&self.paint(names)?);
        let meta = board_metadata(self.name.as_deref(), self.grid.width, self.grid.height);
        let mut entries: Vec<(&str, &[u8])> = vec![("LOSData", &los)];
        if self.with_metadata {
            entries.push(("BoardMetadata.xml", meta.as_bytes()));
        }
        Ok(zip_entries(&entries))
    }
}

/// Cliff pixels along a hexside: those in either hex's area within `CLIFF_BAND` of the line
/// halfway between the two centres.
fn paint_cliff(los: &mut LosData, g: &Grid, id: HexId, d: Direction, cliff: u8) {
    let (cx, cy) = g.centre(id);
    let (sx, sy) = g.step(d);
    let len = (sx * sx + sy * sy).sqrt();
    let other = id.hex().neighbor(d).id();
    let lo_x = (cx.min(cx + sx) - g.column_spacing).floor().max(0.0) as u32;
    let hi_x = (cx.max(cx + sx) + g.column_spacing).ceil().max(0.0) as u32;
    let lo_y = (cy.min(cy + sy) - g.row_spacing).floor().max(0.0) as u32;
    let hi_y = (cy.max(cy + sy) + g.row_spacing).ceil().max(0.0) as u32;
    for x in lo_x..=hi_x.min(g.grid_width.saturating_sub(1)) {
        for y in lo_y..=hi_y.min(g.grid_height.saturating_sub(1)) {
            let (px, py) = (f64::from(x), f64::from(y));
            // Signed distance past the bisector, along the step.
            let along = ((px - cx) * sx + (py - cy) * sy) / len - len / 2.0;
            if along.abs() > CLIFF_BAND {
                continue;
            }
            let owner = g.nearest((px, py));
            if owner == Some(id) || (owner.is_some() && owner == other) {
                let (level, _) = los.pixel(x, y).unwrap_or((0, 0));
                los.set_pixel(x, y, level, cliff);
            }
        }
    }
}
