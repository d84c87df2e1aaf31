//! The order rulings of `rules::orders` (DC, SMOKE, Illumination, Morale Checks and IFT
//! effects, Search, T-H Heroes, Los/Light/Control, the phase systems), over situations on
//! boards read from scenario files (`crate::board`'s G11.6 cliff, and a plain with woods), with units where a test puts
//! them.

mod dc;
mod dc_ground;
mod fire;
mod ift_fire;
mod look;
mod phase;
mod units;

use asl_pto_core::hex::Vertex;
use asl_pto_core::los::Location;
use asl_pto_core::rules::situation::{Refusal, Situation, UnitAt};

pub use crate::board::{Board, cliff, hex, hidden, jp, loc, situation, unit, us};

/// An open plain, 16 x 10, with woods in J5 and J6 and jungle in K8
/// (tests/scenarios/woods.ron).
pub fn woods() -> Board {
    crate::board::board_of(&crate::scenarios::fixture("woods"))
}

pub fn vertex(text: &str) -> Vertex {
    Vertex::parse(text).unwrap()
}

/// The unit with a DC.
pub fn with_dc(mut u: UnitAt) -> UnitAt {
    u.unit.dc = true;
    u
}

/// The unit at a Climb counter: in `hex` at `level`, aiming at `vertex` (B11.4).
pub fn climbing(mut u: UnitAt, b: &Board, hex_id: &str, level: i32, v: &str) -> UnitAt {
    u.at = Location::Climbing {
        hex: hex(b, hex_id),
        level,
        vertex: vertex(v),
    };
    u
}

/// The same situation at night with `nvr`.
pub fn at_night(mut s: Situation<'_>, nvr: i32) -> Situation<'_> {
    s.night.nvr = Some(nvr);
    s
}

/// The ruling's plan, or the test fails with the refusal.
pub fn allowed<T>(r: Result<T, Refusal>) -> T {
    r.unwrap_or_else(|e| panic!("refused: {e}"))
}

/// The ruling's refusal, or the test fails.
pub fn refused<T: std::fmt::Debug>(r: Result<T, Refusal>) -> Refusal {
    match r {
        Ok(p) => panic!("allowed: {p:?}"),
        Err(e) => e,
    }
}
