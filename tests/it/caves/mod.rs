//! G11 caves: setup legality and levels (G11.1-G11.113), OB (G11.91), Accessibility (G11.6),
//! Covered Arc and LOS (G11.12, G11.5), from the seed's EX text. Each test names its EX.

mod access_los;
mod ccss;
mod movement;
mod setup;
