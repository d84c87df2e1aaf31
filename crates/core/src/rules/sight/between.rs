//! LOS between two Locations as the rulings rule it (A6, G11.5, E1.1): the cave's own sight
//! where one end is underground, the night's NVR, the marks that show a Location (E1.101).

use super::basics::{seen_by_mark, sees_itself, underground};
use crate::los::{Location, LosEnv, LosError, LosResult};
use crate::rules::caves::CaveSystem;
use crate::rules::caves::sight::cave_los;
use crate::rules::night::visibility::nvr_limits;

/// A6/G11.5/E1.101: the LOS from `a` to `b`. `env` holds the situation (SMOKE, Blazes, the
/// NVR); `target_lit` says whether `b` is Illuminated (E1.9), which lets it be seen beyond the
/// NVR; `b_name` names it in the reason.
pub fn los_between(
    env: LosEnv,
    caves: &CaveSystem,
    a: &Location,
    b: &Location,
    target_lit: bool,
    b_name: &str,
) -> Result<LosResult, LosError> {
    los_between_marked(env, caves, a, b, target_lit, false, b_name)
}

/// A6/G11.5/E1.101: `los_between`, where `target_gunflash` says whether `b` is marked by a
/// Gunflash (E1.8), which also lets it be seen beyond the NVR.
pub fn los_between_marked(
    env: LosEnv,
    caves: &CaveSystem,
    a: &Location,
    b: &Location,
    target_lit: bool,
    target_gunflash: bool,
    b_name: &str,
) -> Result<LosResult, LosError> {
    let nvr = env.nvr;
    let env = if nvr_limits(target_lit, target_gunflash) {
        env
    } else {
        env.with_nvr(None)
    };
    ruled(
        &env,
        nvr,
        caves,
        a,
        b,
        (target_lit, target_gunflash),
        b_name,
    )
}

/// The ruling of `los_between_marked` once the NVR is lifted from `env` for a marked target;
/// `nvr` is the situation's NVR, `(lit, gunflash)` the target's marks.
pub(crate) fn ruled(
    env: &LosEnv,
    nvr: Option<u32>,
    caves: &CaveSystem,
    a: &Location,
    b: &Location,
    (target_lit, target_gunflash): (bool, bool),
    b_name: &str,
) -> Result<LosResult, LosError> {
    if sees_itself(env, a, b) {
        return Ok(LosResult::own_location(
            0,
            None,
            format!("{b_name} is the viewer's own Location: nothing lies between"),
        ));
    }
    let r = if underground(a) || underground(b) {
        cave_los(env, caves, a, b)
    } else {
        env.check(a, b)
    }?;
    let lit = seen_by_mark(env, nvr, a, b, target_lit || target_gunflash, &r.sight);
    Ok(match nvr {
        Some(nvr) if lit => LosResult {
            rule: r.rule.or(Some("E1.101")),
            reason: format!(
                "{b_name} is {}, so it is seen beyond the NVR of {nvr} (E1.101); {}",
                if target_lit {
                    "Illuminated"
                } else {
                    "marked by a Gunflash (E1.8)"
                },
                r.reason
            ),
            lit_beyond_nvr: true,
            ..r
        },
        _ => r,
    })
}
