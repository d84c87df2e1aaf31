//! E1 Night: the Night Visibility Range (E1.1x) and Illumination (E1.9x).

pub mod light;
pub mod nvr;
pub mod visibility;
