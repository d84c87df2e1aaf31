//! Reading VASL board archives: the `bdNN` files of a player's VASL boards folder.
//!
//! A board file is a zip archive holding `BoardMetadata.xml` (the board's name) and `LOSData`
//! (a GZIP stream of Java `ObjectOutputStream` primitive data: the board's size, one elevation
//! and terrain code per pixel, one stairway byte per hex). The terrain codes are named by VASL's
//! SharedBoardMetadata.xml (`TerrainNames`), and the names mapped onto ours (`terrain_of`).
//! Each hex is read at its centre pixel (Base Level, terrain, Depression); a hexside is a cliff
//! when the pixel just inside its middle has the Cliff terrain.
//!
//! Implemented from the format's description and VASL's published XML data files (element and
//! terrain names), not from VASL's code. `encode` (feature `encoder`, the tests' only) writes
//! synthetic archives for the tests.
//!
//! `save` reads a VASL saved game (`.vsav`) and places its pieces on those boards (issue 39).
//!
//! Every failure is one `ImportError` line naming the file and what is wrong; no input panics.

mod board;
#[cfg(feature = "encoder")]
pub mod encode;
mod error;
mod grid;
mod java;
mod los_data;
mod metadata;
pub mod save;
mod terrain;

pub use board::{
    BoardArchive, ImportedHex, LOS_ENTRY, METADATA_ENTRY, import_hexes, read_archive,
    read_archive_bytes,
};
pub use error::ImportError;
pub use grid::{Grid, PROBE_INSET};
pub use java::{block_data, object_stream};
pub use los_data::{LosData, parse_block_data, read_los_data, stairway_count};
pub use metadata::{BoardMetadata, TerrainNames};
pub use terrain::{Read, mapped_names, terrain_of};
