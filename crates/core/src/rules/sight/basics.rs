//! What both `los_between` and the visibility field ask: a Location seeing itself, one
//! underground, a Location seen by its mark (E1.101).

use crate::los::{Location, LosEnv, Sight};
use crate::rules::situation::same_location;

/// E1.101: is `b` seen only because it is `marked` (Illuminated or by a Gunflash)? Its LOS
/// (`sight`, traced without the NVR) is clear, and it lies beyond the situation's `nvr`.
pub fn seen_by_mark(
    env: &LosEnv,
    nvr: Option<u32>,
    a: &Location,
    b: &Location,
    marked: bool,
    sight: &Sight,
) -> bool {
    marked && sight.clear() && beyond_nvr(env, nvr, a, b, sight.range)
}

/// A Location above ground that the engine cannot trace to itself sees itself: a Climber his
/// own Climb counter whatever the cliff beside him (A6), Crest status its own rim. (A cave's
/// own interior is `cave_los`'s; a Cave Complex sees nothing, not even itself, G11.5; a hex's
/// ground or level Location to itself is the engine's: range 0, clear unless SMOKE hinders.)
pub(crate) fn sees_itself(env: &LosEnv, a: &Location, b: &Location) -> bool {
    same_location(env.map(), a, b)
        && matches!(a, Location::Climbing { .. } | Location::Crest { .. })
}

/// A cave or Cave Complex: its LOS is ruled by G11.5.
pub(crate) fn underground(l: &Location) -> bool {
    matches!(l, Location::Cave(_) | Location::Complex(_))
}

/// E1.1/E1.13: is `b`, at `range` from `a`, beyond the NVR? At NVR 0 every Location but the
/// viewer's own is, even another Location of its hex.
pub fn beyond_nvr(env: &LosEnv, nvr: Option<u32>, a: &Location, b: &Location, range: u32) -> bool {
    nvr.is_some_and(|n| range > n || (n == 0 && !same_location(env.map(), a, b)))
}
