//! A6, G11.5, E1.101: the LOS between two Locations in a situation — above ground through the
//! LOS engine, to or from a cave or Cave Complex by G11.5, at night limited by the NVR unless
//! the target is Illuminated (E1.101). The CLI's `los` and the viewer's LOS tool both ask here;
//! `field` asks the same of every Location of the map at once (the CLI's `sees`).

mod basics;
mod between;
pub mod field;

pub use basics::{beyond_nvr, seen_by_mark};
pub use field::{Class, Seen, Target, field_locations, visibility_field};

pub use between::*;
