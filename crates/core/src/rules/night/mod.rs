//! E1 Night: the Night Visibility Range (E1.1x) and Illumination (E1.9x).

pub mod concealment;
pub mod illumination_fire;
pub mod light;
pub mod movement;
pub mod nvr;
pub mod visibility;
