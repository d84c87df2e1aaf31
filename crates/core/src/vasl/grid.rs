//! Where a board's hexes lie on its LOSData pixel grid.
//!
//! Column `c` (A = 0) has its centres at x = c * column spacing; an odd-lettered column (A, C,
//! .., even index) holds rows 1..=height with centres at y = (row - 0.5) * row spacing, an
//! even-lettered one (B, D, .., odd index) rows 0..=height at y = row * row spacing. The
//! spacings come from the header: grid width / (width - 1) and grid height / height (56.25 and
//! 64.5 pixels on a standard 33x10 board's 1800x645 grid, A1's centre at (0, 32.25)).

use crate::hex::{Direction, HexId};

use super::los_data::LosData;

/// How far inside a hexside's middle its pixel is read, in pixels (at most a quarter of the
/// way from the middle to the centre on very small grids).
pub const PROBE_INSET: f64 = 3.0;

/// The geometry of one board's grid.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Grid {
    /// Hexes across (columns) and the rows of an odd-lettered column.
    pub width: u32,
    pub height: u32,
    /// Pixels across and down.
    pub grid_width: u32,
    pub grid_height: u32,
    /// Pixels between column centres and between row centres.
    pub column_spacing: f64,
    pub row_spacing: f64,
}

impl Grid {
    pub fn new(width: u32, height: u32, grid_width: u32, grid_height: u32) -> Grid {
        Grid {
            width,
            height,
            grid_width,
            grid_height,
            column_spacing: f64::from(grid_width) / f64::from(width.saturating_sub(1).max(1)),
            row_spacing: f64::from(grid_height) / f64::from(height.max(1)),
        }
    }

    pub fn of(los: &LosData) -> Grid {
        Grid::new(los.width, los.height, los.grid_width, los.grid_height)
    }

    /// The rows of column `col`.
    pub fn rows(&self, col: u32) -> std::ops::RangeInclusive<i32> {
        let last = i32::try_from(self.height).unwrap_or(i32::MAX);
        if (HexId { col, row: 0 }).is_odd_lettered() {
            1..=last
        } else {
            0..=last
        }
    }

    /// Every hex of the board, column by column, top to bottom (the stairway bytes' order).
    pub fn ids(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.width).flat_map(move |col| self.rows(col).map(move |row| HexId { col, row }))
    }

    pub fn contains(&self, id: HexId) -> bool {
        id.col < self.width && self.rows(id.col).contains(&id.row)
    }

    /// A hex's centre in pixels (off-board ids too).
    pub fn centre(&self, id: HexId) -> (f64, f64) {
        let y = if id.is_odd_lettered() {
            f64::from(id.row) - 0.5
        } else {
            f64::from(id.row)
        };
        (
            f64::from(id.col) * self.column_spacing,
            y * self.row_spacing,
        )
    }

    /// From a hex's centre to its neighbour's in direction `d`.
    pub fn step(&self, d: Direction) -> (f64, f64) {
        let (c, r) = (self.column_spacing, self.row_spacing);
        match d {
            Direction::N => (0.0, -r),
            Direction::NE => (c, -r / 2.0),
            Direction::SE => (c, r / 2.0),
            Direction::S => (0.0, r),
            Direction::SW => (-c, r / 2.0),
            Direction::NW => (-c, -r / 2.0),
        }
    }

    /// The pixel of a point, clamped to the grid (column GG's centre x = 1800 reads 1799).
    pub fn clamped_pixel(&self, (x, y): (f64, f64)) -> (u32, u32) {
        let clamp = |v: f64, n: u32| v.round().clamp(0.0, f64::from(n.saturating_sub(1))) as u32;
        (clamp(x, self.grid_width), clamp(y, self.grid_height))
    }

    /// The pixel of a point on the grid, its edges included (a point on the right or bottom
    /// edge, like column GG's centre line x = 1800, reads the last pixel); `None` beyond them.
    pub fn pixel(&self, (x, y): (f64, f64)) -> Option<(u32, u32)> {
        let inside = |v: f64, n: u32| {
            (v >= 0.0 && v <= f64::from(n) && n > 0).then(|| v.round().min(f64::from(n - 1)) as u32)
        };
        Some((inside(x, self.grid_width)?, inside(y, self.grid_height)?))
    }

    /// The pixel a hex's terrain and Base Level are read from: its centre's, clamped.
    pub fn centre_pixel(&self, id: HexId) -> (u32, u32) {
        self.clamped_pixel(self.centre(id))
    }

    /// The point just inside the middle of a hex's hexside: the middle is the centre plus half
    /// the step to the neighbour's centre; the point lies `PROBE_INSET` pixels from it toward
    /// the centre.
    pub fn probe_point(&self, id: HexId, d: Direction) -> (f64, f64) {
        let (cx, cy) = self.centre(id);
        let (sx, sy) = self.step(d);
        let half = (sx * sx + sy * sy).sqrt() / 2.0;
        let inset = PROBE_INSET.min(half / 4.0);
        let k = 0.5 - inset / (2.0 * half).max(f64::MIN_POSITIVE);
        (cx + sx * k, cy + sy * k)
    }

    /// The pixel a hexside's cliff is read from, or `None` where that point is off the grid
    /// (a hexside along the board's edge).
    pub fn probe_pixel(&self, id: HexId, d: Direction) -> Option<(u32, u32)> {
        self.pixel(self.probe_point(id, d))
    }

    /// The on-board hex whose centre is nearest the point (the first in board order on a tie).
    pub fn nearest(&self, (x, y): (f64, f64)) -> Option<HexId> {
        let guess = (x / self.column_spacing).floor() as i64;
        let mut best: Option<(f64, HexId)> = None;
        for col in (guess - 1).max(0)..=(guess + 2).min(i64::from(self.width) - 1) {
            let col = col as u32;
            let odd = HexId { col, row: 0 }.is_odd_lettered();
            let est = (y / self.row_spacing + if odd { 0.5 } else { 0.0 }).round() as i64;
            for row in est - 1..=est + 1 {
                let Ok(row) = i32::try_from(row) else {
                    continue;
                };
                let id = HexId { col, row };
                if !self.contains(id) {
                    continue;
                }
                let (cx, cy) = self.centre(id);
                let d2 = (x - cx).powi(2) + (y - cy).powi(2);
                if best.is_none_or(|(b, _)| d2 < b) {
                    best = Some((d2, id));
                }
            }
        }
        best.map(|(_, id)| id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> Grid {
        Grid::new(33, 10, 1800, 645)
    }

    fn id(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn a_standard_board_has_its_documented_spacing_and_centres() {
        let g = standard();
        assert_eq!((g.column_spacing, g.row_spacing), (56.25, 64.5));
        assert_eq!(g.centre(id("A1")), (0.0, 32.25));
        assert_eq!(g.centre(id("B0")), (56.25, 0.0));
        assert_eq!(g.centre(id("GG10")), (1800.0, 612.75));
        assert_eq!(g.centre_pixel(id("GG10")), (1799, 613));
        assert_eq!(g.centre_pixel(id("B10")), (56, 644));
        assert_eq!(g.ids().count(), 17 * 10 + 16 * 11);
        assert_eq!(g.ids().next(), Some(id("A1")));
        assert_eq!(g.ids().nth(10), Some(id("B0")));
    }

    #[test]
    fn the_probe_lies_three_pixels_inside_the_hexside_middle() {
        let g = standard();
        // C3's N hexside: middle at (112.5, 161.25 - 32.25), probe 3 px below it.
        let (x, y) = g.probe_point(id("C3"), Direction::N);
        assert!(
            (x - 112.5).abs() < 1e-9 && (y - (129.0 + 3.0)).abs() < 1e-9,
            "{x},{y}"
        );
        // The neighbour reads its own side of the same hexside.
        let (x2, y2) = g.probe_point(id("C2"), Direction::S);
        assert!((y2 - (129.0 - 3.0)).abs() < 1e-9 && (x2 - 112.5).abs() < 1e-9);
        // Along the board's edge the point is off the grid.
        assert_eq!(g.probe_pixel(id("A1"), Direction::NW), None);
        assert_eq!(g.probe_pixel(id("B0"), Direction::N), None);
        assert!(g.probe_pixel(id("A1"), Direction::SE).is_some());
        // Column GG's north and south hexsides lie on the right edge: its last pixel column.
        assert_eq!(g.probe_pixel(id("GG9"), Direction::S), Some((1799, 578)));
        assert_eq!(g.probe_pixel(id("GG9"), Direction::NE), None);
    }

    #[test]
    fn nearest_finds_the_hex_whose_centre_is_closest() {
        let g = standard();
        for h in g.ids() {
            assert_eq!(g.nearest(g.centre(h)), Some(h), "{h}");
            let (x, y) = g.probe_point(h, Direction::SE);
            if g.pixel((x, y)).is_some() {
                assert_eq!(g.nearest((x, y)), Some(h), "{h} SE probe");
            }
        }
        assert_eq!(g.nearest((0.0, 0.0)), Some(id("A1")));
        assert_eq!(g.nearest((1799.0, 644.0)), Some(id("GG10")));
    }
}
