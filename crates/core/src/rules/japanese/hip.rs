//! G1.631 Japanese HIP: the share of MMC squad-equivalents that may set up hidden, by day and
//! at night, and the night Scenario Defender's Dummy counters.

use crate::rules::night::movement::{Amount, amount};

/// G1.631: the HIP share by day (<= 10%, FRU).
pub const HIP_DAY_PERCENT: u32 = 10;
/// G1.631: the HIP share at night (<= 25%; FRU, as the EX rounds 25% of 11 up to 3).
pub const HIP_NIGHT_PERCENT: u32 = 25;

/// G1.631: how many MMC squad-equivalents may use HIP: <= 10% FRU by day, <= 25% FRU at night
/// (leaders do not count; crews are half a squad-equivalent, A5.5).
///
/// `squads` and `half_squads_and_crews` are the MMC of the onboard-setup OB (a crew manning a
/// Gun still counts as half a squad-equivalent for HIP). The result is in whole
/// squad-equivalents: 2 may be two squads, or one squad and two crews. The night text says
/// "<= 25%" without "FRU"; the EX (eleven squad-equivalents -> three squads) rounds up, so FRU
/// is used at night too. SMC/SW stacked with the hidden MMC go hidden with them, and HIP from
/// other sources (A12.34, SSR, DYO purchase) is in addition.
pub fn hip_allowance(squads: u32, half_squads_and_crews: u32, night: bool) -> Amount {
    let halves = 2 * squads + half_squads_and_crews;
    let pct = if night {
        HIP_NIGHT_PERCENT
    } else {
        HIP_DAY_PERCENT
    };
    let allowed = (halves * pct).div_ceil(200);
    let se = if halves.is_multiple_of(2) {
        format!("{}", halves / 2)
    } else {
        format!("{}.5", halves / 2)
    };
    amount(
        i32::try_from(allowed).unwrap_or(i32::MAX),
        "G1.631",
        format!(
            "{} + {} = {se} MMC squad-equivalent{}; {pct}% ({}) FRU: HIP for {}",
            crate::words::count(squads, "squad", "squads"),
            crate::words::count(half_squads_and_crews, "HS/crew", "HS/crews"),
            if halves == 2 { "" } else { "s" },
            if night { "night" } else { "day" },
            crate::words::count(allowed, "squad-equivalent", "squad-equivalents")
        ),
    )
}

/// G1.631: at night, a Japanese Scenario Defender also receives Dummy counters equal to the
/// number of MMC squad-equivalents in his OB (otherwise E1.2 applies unchanged, and he gets
/// none from this rule). A half squad-equivalent left over is rounded down (the text does not
/// say; an assumption).
pub fn night_defender_dummies(
    squads: u32,
    half_squads_and_crews: u32,
    night: bool,
    scenario_defender: bool,
) -> Amount {
    if !night || !scenario_defender {
        return amount(
            0,
            "G1.631",
            "only a Japanese Scenario Defender in a night scenario receives these Dummy counters",
        );
    }
    let n = squads + half_squads_and_crews / 2;
    amount(
        i32::try_from(n).unwrap_or(i32::MAX),
        "G1.631",
        format!(
            "a night Scenario Defender receives Dummy counters equal to his {n} MMC \
             squad-equivalents"
        ),
    )
}
