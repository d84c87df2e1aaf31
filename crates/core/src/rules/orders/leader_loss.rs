//! A10.2 Leader Loss (chapter A, not from the seeds: the eASLRB's text; G1.4 and G1.62 are the
//! seeds'): the leaders an attack found (`LeaderBefore`), the Leader Loss MC or TC each one it
//! eliminated or broke asks of the other units of his Location (`leader_loss`), and a LLTC's
//! resolution (`lltc`).

use super::units::{McPlan, mc, takes_ptc};
use crate::model::{Nationality, Side};
use crate::rules::situation::Situation;

/// A leader as an attack found him: what a Leader Loss check needs of him afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderBefore {
    pub id: String,
    pub side: Side,
    pub at: crate::los::Location,
    /// His Morale Level then (G1.41, A10.1).
    pub morale: i32,
    /// His leadership modifier (`common::leadership`: -1 for a 9-1).
    pub leadership: i32,
    pub good_order: bool,
}

/// What his loss asks of one unit of his Location (A10.2).
#[derive(Clone, Debug, PartialEq)]
pub enum LeaderLoss {
    /// A Leader Loss MC: a MC with `drm` (his negative leadership reversed), failed as any MC.
    Llmc { unit: String, drm: i32, why: String },
    /// A Leader Loss TC: failed, the unit is pinned instead (an unbroken leader broke; G1.62:
    /// unbroken Japanese treat a LLMC as a LLTC).
    Lltc { unit: String, drm: i32, why: String },
}

/// A10.2 (chapter A, not from the seeds: the eASLRB's text; G1.4 and G1.62 are the seeds'): after
/// an attack, each leader of `before` it eliminated (he is no longer in play) makes every other
/// friendly unit of his Location with a lower Morale Level take a LLMC, his negative leadership
/// modifier reversed as its DRM ("Normal, un-reversed leadership DRM are NA"); one it broke
/// (unbroken before, broken now) makes every unbroken such unit take a LLTC, failed by a pin,
/// unless it is exempt from pinning (`takes_ptc`; a T-H Hero, a Climber). Unbroken Japanese
/// treat a LLMC as a LLTC (G1.62) and a Japanese SMC takes no LLTC (G1.4). Climbers neither take
/// nor cause them (B11.42). Not in the MPh: a leader First Fired at causes them only to units
/// moving with him as one stack, and ours move one at a time (A10.2); nor in CC (A11.141),
/// which does not come here.
pub fn leader_loss(s: &Situation, before: &[LeaderBefore]) -> Vec<LeaderLoss> {
    use crate::los::Location;
    let mut out = Vec::new();
    if s.phase == crate::model::Phase::Movement {
        return out;
    }
    for l in before {
        if matches!(l.at, Location::Climbing { .. }) {
            continue;
        }
        let now = s.unit(&l.id);
        let eliminated = now.is_none();
        let broke = l.good_order && now.is_some_and(|u| u.unit.broken);
        if !eliminated && !broke {
            continue;
        }
        let drm = (-l.leadership).max(0);
        let what = if eliminated { "eliminated" } else { "broken" };
        for u in s.units_at(&l.at) {
            if u.unit.id == l.id
                || u.unit.side() != l.side
                || matches!(u.at, Location::Climbing { .. })
            {
                continue;
            }
            let level = mc(s, u, 0, |_| 0, "").level.value;
            if level >= l.morale {
                continue;
            }
            let japanese = u.unit.nationality == Nationality::Japanese;
            let tc = !eliminated || (japanese && !u.unit.broken);
            if tc && (u.unit.broken || !takes_ptc(&u.unit) || u.unit.hero.is_some()) {
                continue;
            }
            let why = format!(
                "a {} for {} {what} (A10.2, not from the seeds{}{})",
                if tc { "LLTC" } else { "LLMC" },
                l.id,
                if drm > 0 {
                    format!(": his leadership reversed, {drm:+}")
                } else {
                    String::new()
                },
                if eliminated && tc {
                    "; unbroken Japanese treat a LLMC as a LLTC, G1.62"
                } else {
                    ""
                }
            );
            out.push(if tc {
                LeaderLoss::Lltc {
                    unit: u.unit.id.clone(),
                    drm,
                    why,
                }
            } else {
                LeaderLoss::Llmc {
                    unit: u.unit.id.clone(),
                    drm,
                    why,
                }
            });
        }
    }
    out
}

/// A10.2: a LLTC's DR (coloured, white) plus its DRM against the unit's Morale Level (`plan`):
/// above it, failed: the unit is pinned. Whether it failed, and the words for the log.
pub fn lltc(plan: &McPlan, colored: u8, white: u8) -> (bool, String) {
    let dr = i32::from(colored + white);
    let total = dr + plan.drm;
    let failed = total > plan.level.value;
    let text = format!(
        "{}: Morale Level {} ({}: {}); TC DR {dr} {:+} = {total}: {}",
        plan.why,
        plan.level.value,
        plan.level.rule,
        plan.level.reason,
        plan.drm,
        if failed {
            "above it: pinned (A10.2)"
        } else {
            "passed"
        }
    );
    (failed, text)
}
