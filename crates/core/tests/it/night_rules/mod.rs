//! E1 night rules as small pure functions: movement (E1.51, E1.53, E1.55, E1.421, G11.96),
//! concealment and Cloaking (E1.31-E1.43, E1.7), and firing Illumination (E1.921-E1.931, G.8).
//!
//! One module per concept, as `rules::night`: `movement`, `concealment` and
//! `illumination_fire`.

mod concealment;
mod illumination_fire;
mod movement;

use asl_pto_core::hex::{Hex, HexId};

fn hex(id: &str) -> Hex {
    HexId::parse(id).unwrap().hex()
}
