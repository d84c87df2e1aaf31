//! Stacking limits above ground (A5.1, A5.11, A5.12; not from the seeds: the eASLRB's text;
//! the limit is `stacking_limit` in `assets/tables.ron`): each side may stack up to three squads or their equivalents (A5.5: a
//! HS or crew one half; SMC none) per Location without penalty. Beyond that, entering the
//! Location costs one more MF for each squad-equivalent (FRU) it is overstacked by (A5.11),
//! and every attack from or within it adds as much to its IFT or CC DR (A5.12). A cave or Cave
//! Complex has its own limits (G11.4). Not modelled: A5.1's "up to four SMC" (no penalty is
//! counted for a fifth SMC), A5.13's penalties to units fired on (its text is not in our
//! sources), and A5.1's ban on overstacking at setup.

use crate::los::Location;
use crate::model::{Side, Unit};
use crate::rules::orders::common::mmc;
use crate::rules::situation::{Situation, UnitAt};
use crate::rules::{Amount, amount};

/// The rule the attack penalty is counted under.
pub const ATTACK_RULE: &str = "A5.12";

/// The rule the movement penalty is counted under.
pub const MOVEMENT_RULE: &str = "A5.11";

/// A5.5: the squad-equivalents of `units` (a squad 1, a HS or crew one half, SMC none).
pub fn squad_equivalents<'a>(units: impl IntoIterator<Item = &'a Unit>) -> f32 {
    units
        .into_iter()
        .filter_map(mmc)
        .map(|c| c.squad_equivalents())
        .sum()
}

/// A5.1 / A5.12: the whole squad-equivalents (fractions rounded up) by which `se` exceeds the
/// stacking limit `limit` (`Tables::stacking_limit`, not from the seeds); 0 within it.
pub fn excess(se: f32, limit: u8) -> u32 {
    let limit = f32::from(limit);
    if se <= limit {
        0
    } else {
        (se - limit).ceil() as u32
    }
}

/// A5.1: whether A5's stacking limits apply at `at`: an above-ground Location, at its Base
/// Level, another level or in Crest status (a cave or Cave Complex has its own, G11.4; a
/// Climbing unit is on its Climb counter).
pub fn limited(at: &Location) -> bool {
    matches!(
        at,
        Location::Ground(_) | Location::Level(..) | Location::Crest { .. }
    )
}

/// A5.12: by how many squad-equivalents `side` overstacks `at` now (0 where it does not, or
/// where A5 does not apply).
pub fn overstacked_by(s: &Situation, side: Side, at: &Location) -> u32 {
    if !limited(at) {
        return 0;
    }
    excess(
        squad_equivalents(
            s.units_at(at)
                .into_iter()
                .filter(|u| u.unit.side() == side)
                .map(|u| &u.unit),
        ),
        s.tables.stacking_limit,
    )
}

/// A5.12: the DRM an attack by `side` from or within `at` adds to its IFT or CC DR, with its
/// reason; `None` where `side` does not overstack it.
pub fn attack_penalty(s: &Situation, side: Side, at: &Location) -> Option<Amount> {
    let n = overstacked_by(s, side, at);
    (n > 0).then(|| {
        amount(
            n as i32,
            ATTACK_RULE,
            format!(
                "attacking from {}, which its side overstacks by {n} squad-equivalent{} \
                 (A5.1: three a side without penalty)",
                at.display(s.map),
                if n == 1 { "" } else { "s" }
            ),
        )
    })
}

/// A5.11: the MF `u` adds to enter `to`: one for each squad-equivalent its side would
/// overstack `to` by once it is there (even by its own entry).
pub fn entry_mf(s: &Situation, u: &UnitAt, to: &Location) -> u32 {
    if !limited(to) || u.at == *to {
        return 0;
    }
    let side = u.unit.side();
    let there = squad_equivalents(
        s.units_at(to)
            .into_iter()
            .filter(|o| o.unit.side() == side && o.unit.id != u.unit.id)
            .map(|o| &o.unit),
    );
    excess(
        there + squad_equivalents([&u.unit]),
        s.tables.stacking_limit,
    )
}
