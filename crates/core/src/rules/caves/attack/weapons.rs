//! G11.834-G11.836 weapons vs caves: FT (G11.834), SCW and HEAT (G11.835) and canister
//! (G11.836).

use serde::Serialize;

use super::common::{Check, Ruling, check, ruling, unmet};

/// One FT attack on a cave's occupants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FtAttack {
    pub cave: String,
    pub fp: f64,
    /// Resolved with the Original IFT DR of the attack on the target cave.
    pub same_original_dr: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.834 FT: a FT attack vs a cave affects only the occupants of that cave, except that in
/// a non-Depression hex it also attacks the occupants of every (even hidden) cave Accessible
/// (G11.6) to it, with the same FP quartered and the same Original IFT DR.
pub fn ft_vs_cave(
    fp: u32,
    target: &str,
    in_depression: bool,
    accessible_caves: &[&str],
) -> Vec<FtAttack> {
    let mut out = vec![FtAttack {
        cave: target.to_string(),
        fp: f64::from(fp),
        same_original_dr: true,
        rule: "G11.834",
        reason: format!("{fp} FP vs the occupants of cave {target} only"),
    }];
    if in_depression {
        return out;
    }
    let quarter = f64::from(fp) / 4.0;
    for c in accessible_caves.iter().filter(|c| **c != target) {
        out.push(FtAttack {
            cave: c.to_string(),
            fp: quarter,
            same_original_dr: true,
            rule: "G11.834",
            reason: format!(
                "cave {c} (even if hidden) is Accessible to cave {target} in a non-Depression \
                 hex: {quarter} FP (quartered), same Original IFT DR"
            ),
        });
    }
    out
}

/// A Shaped-Charge Weapon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Scw {
    Piat,
    /// Any SCW other than a PIAT (bazooka, PSK, PF...).
    Other,
}

/// G11.835 SCW: does a SCW fired from a cave cause a Desperation penalty (C13.81)? Never for
/// a PIAT; always for any other SCW fired from an Upper-Cliff cave; otherwise unless it uses
/// Opportunity Fire or the Case C3 TH DRM.
pub fn scw_desperation(
    scw: Scw,
    upper_cliff: bool,
    opportunity_fire: bool,
    case_c3: bool,
) -> Check {
    match scw {
        Scw::Piat => check(
            false,
            "G11.835",
            "a PIAT fired from a cave causes no Desperation penalty",
        ),
        Scw::Other if upper_cliff => check(
            true,
            "G11.835",
            "a SCW other than a PIAT fired from an Upper-Cliff cave always causes a Desperation \
             penalty",
        ),
        Scw::Other if opportunity_fire || case_c3 => check(
            false,
            "G11.835",
            "no Desperation penalty: the SCW uses Opportunity Fire or the Case C3 TH DRM",
        ),
        Scw::Other => check(
            true,
            "G11.835",
            "a SCW fired from a cave without Opportunity Fire or the Case C3 TH DRM causes a \
             Desperation penalty (C13.81)",
        ),
    }
}

/// What is in a cave, as a HEAT target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum CaveOccupant {
    Infantry,
    Gun,
}

/// G11.835 HEAT (play-aid fills the cut): HEAT may be fired at Infantry or a Gun in a cave.
pub fn heat_vs_cave(target: CaveOccupant) -> Ruling {
    ruling(
        true,
        "G11.835 (play-aid)",
        match target {
            CaveOccupant::Infantry => "HEAT may be fired at Infantry in a cave",
            CaveOccupant::Gun => "HEAT may be fired at a Gun in a cave",
        },
    )
}

/// An FP value with its rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fp {
    pub fp: f64,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.836 canister: canister FP is halved vs a cave, before all other modifications.
pub fn canister_fp_vs_cave(fp: u32) -> Fp {
    let half = f64::from(fp) / 2.0;
    Fp {
        fp: half,
        rule: "G11.836",
        reason: format!(
            "canister FP {fp} is halved vs a cave (before all other modifications): {half}"
        ),
    }
}

/// A Location a canister attack on a cave's hex might affect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CanisterLocation {
    Cave {
        predesignated: bool,
        in_los: bool,
    },
    /// An above-ground Location at `level` in the hex of the cave(s) attacked, at
    /// `attacked_cave_levels`.
    AboveGround {
        level: i32,
        attacked_cave_levels: Vec<i32>,
    },
}

/// G11.836 canister: it affects the occupants of every in-LOS cave its firer predesignated,
/// and each above-ground Location within one level of (and in the same hex as) a cave it
/// attacks.
pub fn canister_affects(loc: &CanisterLocation) -> Ruling {
    match loc {
        CanisterLocation::Cave {
            predesignated,
            in_los,
        } => match unmet(&[
            (*predesignated, "the cave was not predesignated"),
            (*in_los, "the cave is not in the firer's LOS"),
        ]) {
            Some(why) => ruling(false, "G11.836", why),
            None => ruling(
                true,
                "G11.836",
                "canister affects every predesignated in-LOS cave",
            ),
        },
        CanisterLocation::AboveGround {
            level,
            attacked_cave_levels,
        } => {
            if attacked_cave_levels.iter().any(|c| (c - level).abs() <= 1) {
                ruling(
                    true,
                    "G11.836",
                    format!(
                        "the above-ground Location at Level {level} is within one level of an \
                         attacked cave in its hex"
                    ),
                )
            } else {
                ruling(
                    false,
                    "G11.836",
                    format!(
                        "the above-ground Location at Level {level} is not within one level of \
                         any attacked cave in its hex"
                    ),
                )
            }
        }
    }
}
