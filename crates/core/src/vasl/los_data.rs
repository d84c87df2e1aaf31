//! A VASL board's LOSData entry: a GZIP stream of Java primitive data holding the board's size
//! in hexes, its pixel grid's size, one (elevation, terrain code) pair per pixel and one
//! stairway byte per hex.
//!
//! Layout of the block data (all big-endian): `int` width and height in hexes, `int` grid
//! width and height in pixels; then for each pixel column x, for each pixel row y, a signed
//! elevation byte and an unsigned terrain-code byte; then one stairway byte per hex, column by
//! column (an odd-indexed column B, D, .. holds one hex more than an even-indexed one).

use std::io::Read;

use flate2::read::GzDecoder;

use super::java::{DataReader, block_data};

/// The most bytes a LOSData stream may inflate to (a standard board takes about 2.3 MB; this
/// leaves room for the largest maps while keeping a corrupt or hostile file from exhausting
/// memory).
pub const MAX_INFLATED: u64 = 64 * 1024 * 1024;

/// The decoded LOSData of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LosData {
    /// Width in hexes (columns).
    pub width: u32,
    /// Height in hexes (the rows of an odd-lettered column).
    pub height: u32,
    /// Pixel columns.
    pub grid_width: u32,
    /// Pixel rows.
    pub grid_height: u32,
    /// Per pixel, column-major (`x * grid_height + y`): elevation in Levels.
    elevation: Vec<i8>,
    /// Per pixel, column-major: the terrain code (a `typeCode` of SharedBoardMetadata.xml).
    terrain: Vec<u8>,
    /// One byte per hex, column by column, top to bottom (non-zero: the hex has a stairway).
    pub stairways: Vec<u8>,
}

impl LosData {
    /// A board of `width` x `height` hexes on a `grid_width` x `grid_height` pixel grid, every
    /// pixel at elevation 0 with terrain code `code`, no stairways.
    pub fn new(width: u32, height: u32, grid_width: u32, grid_height: u32, code: u8) -> LosData {
        let pixels = grid_width as usize * grid_height as usize;
        LosData {
            width,
            height,
            grid_width,
            grid_height,
            elevation: vec![0; pixels],
            terrain: vec![code; pixels],
            stairways: vec![0; stairway_count(width, height) as usize],
        }
    }

    fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.grid_width && y < self.grid_height)
            .then(|| x as usize * self.grid_height as usize + y as usize)
    }

    /// The pixel's elevation (Levels) and terrain code; `None` off the grid.
    pub fn pixel(&self, x: u32, y: u32) -> Option<(i8, u8)> {
        let i = self.index(x, y)?;
        Some((self.elevation[i], self.terrain[i]))
    }

    /// Sets a pixel; off the grid it does nothing and returns false.
    pub fn set_pixel(&mut self, x: u32, y: u32, elevation: i8, code: u8) -> bool {
        match self.index(x, y) {
            Some(i) => {
                self.elevation[i] = elevation;
                self.terrain[i] = code;
                true
            }
            None => false,
        }
    }

    /// The block data of this LOSData (before Java stream framing and gzip).
    pub fn to_block_data(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.terrain.len() * 2 + self.stairways.len());
        for v in [self.width, self.height, self.grid_width, self.grid_height] {
            out.extend_from_slice(&v.to_be_bytes());
        }
        for (e, t) in self.elevation.iter().zip(&self.terrain) {
            out.extend_from_slice(&[e.to_be_bytes()[0], *t]);
        }
        out.extend_from_slice(&self.stairways);
        out
    }
}

/// Hexes (and so stairway bytes) of a board `width` x `height`: the odd-indexed columns hold
/// one hex more.
pub fn stairway_count(width: u32, height: u32) -> u64 {
    u64::from(width) * u64::from(height) + u64::from(width / 2)
}

/// Decodes a LOSData entry: gunzip, Java block data, then the grid.
pub fn read_los_data(gzip_bytes: &[u8]) -> Result<LosData, String> {
    if gzip_bytes.get(..2) != Some(&[0x1F, 0x8B][..]) {
        let start: Vec<String> = gzip_bytes
            .iter()
            .take(2)
            .map(|b| format!("{b:02X}"))
            .collect();
        return Err(format!(
            "LOSData is not gzip (it starts with '{}', not 1F 8B)",
            start.join(" ")
        ));
    }
    let mut stream = Vec::new();
    GzDecoder::new(gzip_bytes)
        .take(MAX_INFLATED + 1)
        .read_to_end(&mut stream)
        .map_err(|e| format!("LOSData's gzip stream is broken: {e}"))?;
    if stream.len() as u64 > MAX_INFLATED {
        return Err(format!(
            "LOSData inflates to more than {} MiB",
            MAX_INFLATED / 1024 / 1024
        ));
    }
    let data = block_data(&stream).map_err(|e| format!("LOSData: {e}"))?;
    parse_block_data(&data)
}

/// Decodes the grid from LOSData's block data.
pub fn parse_block_data(data: &[u8]) -> Result<LosData, String> {
    let mut r = DataReader::new(data);
    let mut header = [0u32; 4];
    let names = ["width", "height", "grid width", "grid height"];
    for (slot, name) in header.iter_mut().zip(names) {
        let v = r.int().ok_or_else(|| {
            format!(
                "LOSData: truncated stream: the header needs 16 bytes, found {}",
                data.len()
            )
        })?;
        *slot = u32::try_from(v)
            .ok()
            .filter(|v| *v > 0)
            .ok_or_else(|| format!("LOSData: the header's {name} is {v}, not a positive size"))?;
    }
    let [width, height, grid_width, grid_height] = header;
    let pixels = u64::from(grid_width) * u64::from(grid_height);
    let stairs = stairway_count(width, height);
    let expected = pixels * 2 + stairs;
    let found = r.remaining() as u64;
    if found < expected {
        return Err(format!(
            "LOSData: truncated stream: a {width}x{height}-hex board on a {grid_width}x\
             {grid_height} pixel grid needs {expected} bytes after the header \
             ({pixels} pixels x 2 + {stairs} stairway bytes), found {found}"
        ));
    }
    // `found` is a length in memory, so these now fit a usize.
    let grid = r.take(pixels as usize * 2).unwrap_or_default();
    let (elevation, terrain) = grid
        .chunks_exact(2)
        .map(|p| (i8::from_be_bytes([p[0]]), p[1]))
        .unzip();
    let stairways = r.take(stairs as usize).unwrap_or_default().to_vec();
    Ok(LosData {
        width,
        height,
        grid_width,
        grid_height,
        elevation,
        terrain,
        stairways,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> LosData {
        let mut l = LosData::new(3, 2, 5, 4, 7);
        l.set_pixel(4, 3, -2, 30);
        l.set_pixel(0, 1, 3, 60);
        l.stairways[2] = 1;
        l
    }

    #[test]
    fn block_data_round_trips_every_pixel_and_stairway() {
        let l = small();
        assert_eq!(l.stairways.len(), 3 * 2 + 1);
        let back = parse_block_data(&l.to_block_data()).unwrap();
        assert_eq!(back, l);
        assert_eq!(back.pixel(4, 3), Some((-2, 30)));
        assert_eq!(back.pixel(0, 1), Some((3, 60)));
        assert_eq!(back.pixel(1, 1), Some((0, 7)));
        assert_eq!(back.pixel(5, 0), None);
        assert_eq!(back.pixel(0, 4), None);
    }

    #[test]
    fn the_grid_is_column_major_elevation_then_code() {
        let l = small();
        let data = l.to_block_data();
        // Pixel (0, 1) is the second pair after the 16-byte header.
        assert_eq!(&data[16 + 2..16 + 4], &[3, 60]);
        // Pixel (4, 3) is the last pair.
        let last = 16 + 2 * 5 * 4;
        assert_eq!(&data[last - 2..last], &[0xFE, 30]);
    }

    #[test]
    fn a_short_grid_says_how_many_bytes_were_expected() {
        let data = small().to_block_data();
        let e = parse_block_data(&data[..30]).unwrap_err();
        assert!(
            e.contains("truncated")
                && e.contains("needs 47 bytes after the header")
                && e.contains("found 14"),
            "{e}"
        );
        let e = parse_block_data(&data[..10]).unwrap_err();
        assert!(e.contains("header needs 16 bytes, found 10"), "{e}");
    }

    #[test]
    fn a_header_with_a_non_positive_size_is_refused() {
        let mut data = small().to_block_data();
        data[4..8].copy_from_slice(&(-1i32).to_be_bytes());
        let e = parse_block_data(&data).unwrap_err();
        assert!(e.contains("height is -1"), "{e}");
        data[4..8].copy_from_slice(&i32::MAX.to_be_bytes());
        data[8..16].copy_from_slice(&[0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF]);
        assert!(parse_block_data(&data).unwrap_err().contains("truncated"));
    }

    #[test]
    fn bytes_that_are_not_gzip_are_refused() {
        let e = read_los_data(b"PK\x03\x04").unwrap_err();
        assert!(e.contains("not gzip") && e.contains("50 4B"), "{e}");
        assert!(read_los_data(&[]).unwrap_err().contains("not gzip"));
    }
}
