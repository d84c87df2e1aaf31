//! Stacking limits above ground (A5.1, A5.11, A5.12; not from the seeds: the eASLRB's text;
//! the limit is `stacking_limit` in `assets/tables.ron`): each side may stack up to three squads or their equivalents (A5.5: a
//! HS or crew one half; SMC none) per Location without penalty. Beyond that, entering the
//! Location costs one more MF for each squad-equivalent (FRU) it is overstacked by (A5.11),
//! and every attack from or within it adds as much to its IFT or CC DR (A5.12). A cave or Cave
//! Complex has its own limits (G11.4: one squad-equivalent, twice its caves); an attack out of
//! one Overstacked adds its excess just the same ("normal overstacking penalties", the cave
//! play-aid's G11.8), and its entry is ruled by G11.4 alone (no A5.11 MF). Not modelled: A5.1's "up to four SMC" (no penalty is
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
pub fn excess(se: f32, limit: f32) -> u32 {
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

/// G11.4: a cave's stacking capacity, in squad-equivalents ("one squad-equivalent ...
/// Overstacking can still occur"; the Cave counter's left-hand numeral, one for ours).
pub const CAVE_CAPACITY: f32 = 1.0;

/// A5.1 / G11.4: the stacking limit of one side at `at`, in squad-equivalents, and where it
/// comes from: three above ground (`Tables::stacking_limit`), one in a cave, twice its Cave
/// counters in a Cave Complex; `None` on a Climb counter.
fn limit_at(s: &Situation, at: &Location) -> Option<(f32, String)> {
    match at {
        Location::Cave(_) => Some((
            CAVE_CAPACITY,
            "G11.4: a cave holds one squad-equivalent".into(),
        )),
        Location::Complex(id) => s.caves.complex_stacking_limit(id).map(|n| {
            (
                n as f32,
                format!("G11.4: a Cave Complex holds {n}, twice its caves"),
            )
        }),
        _ if limited(at) => Some((
            f32::from(s.tables.stacking_limit),
            "A5.1: three a side without penalty".into(),
        )),
        _ => None,
    }
}

/// A5.12 / G11.4 / G11.8: by how many squad-equivalents `side` overstacks `at` now, and its
/// limit there in words (0 where it does not, or where no limit applies): a cave or Cave
/// Complex by its own limit ("Overstacking can still occur"; fire out of one suffers "normal
/// overstacking penalties", the cave play-aid's G11.8).
pub fn overstacked_by(s: &Situation, side: Side, at: &Location) -> u32 {
    overstack(s, side, at).0
}

fn overstack(s: &Situation, side: Side, at: &Location) -> (u32, String) {
    let Some((limit, words)) = limit_at(s, at) else {
        return (0, String::new());
    };
    let se = squad_equivalents(
        s.units_at(at)
            .into_iter()
            .filter(|u| u.unit.side() == side)
            .map(|u| &u.unit),
    );
    (excess(se, limit), words)
}

/// A5.1 / G11.4: by how many squad-equivalents `u`'s side would overstack `at` once `u` is
/// there (0 within the limit, or where none applies).
pub fn overstacks_with(s: &Situation, u: &UnitAt, at: &Location) -> u32 {
    let Some((limit, _)) = limit_at(s, at) else {
        return 0;
    };
    let side = u.unit.side();
    let se = squad_equivalents(
        s.units_at(at)
            .into_iter()
            .filter(|o| o.unit.side() == side && o.unit.id != u.unit.id)
            .map(|o| &o.unit)
            .chain([&u.unit]),
    );
    excess(se, limit)
}

/// A5.12: the DRM an attack by `side` from or within `at` adds to its IFT or CC DR, with its
/// reason; `None` where `side` does not overstack it.
pub fn attack_penalty(s: &Situation, side: Side, at: &Location) -> Option<Amount> {
    let (n, limit) = overstack(s, side, at);
    (n > 0).then(|| {
        amount(
            n as i32,
            ATTACK_RULE,
            format!(
                "attacking from {}, which its side overstacks by {n} squad-equivalent{} \
                 ({limit})",
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
        f32::from(s.tables.stacking_limit),
    )
}
