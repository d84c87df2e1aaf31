//! What an attack is worth, from the tables the rules use: the chance of each Final DR, the
//! IFT column's results (A7, `assets/tables.ron`) and the chance a Morale Check fails (A10.1).
//! A unit eliminated counts 1, one broken (or Step-Reduced) 1/2, one pinned 1/10.

use crate::rules::ift::IftResult;
use crate::rules::orders::fire::FirePlan;
use crate::rules::orders::units::printed_morale;
use crate::rules::situation::Situation;

/// The chance of each 2d6 total 2..=12 (A.1 dice), as thirty-sixths.
pub(crate) const WAYS: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Every Original 2d6 DR as (total, thirty-sixths, whether Doubles): each total's non-Doubles
/// ways, and each Doubles apart (A7.9 Cowering reads them).
pub(crate) const ROLLS: [(i32, u32, bool); 15] = [
    (2, 1, true),
    (3, 2, false),
    (4, 2, false),
    (4, 1, true),
    (5, 4, false),
    (6, 4, false),
    (6, 1, true),
    (7, 6, false),
    (8, 4, false),
    (8, 1, true),
    (9, 4, false),
    (10, 2, false),
    (10, 1, true),
    (11, 2, false),
    (12, 1, true),
];

/// A10.1: the chance a MC (Morale Level `ml`, DRM `drm`) fails: a Final DR above the Morale
/// Level, or an Original 12.
pub fn mc_fails(ml: i32, drm: i32) -> f32 {
    let mut fail = 0;
    for (i, w) in WAYS.iter().enumerate() {
        let dr = i as i32 + 2;
        if dr == 12 || dr + drm > ml {
            fail += w;
        }
    }
    fail as f32 / 36.0
}

/// A10.53: the chance a broken unit `u` routing along `path` (its own Location first) fails at
/// least one Interdiction NMC on the way (`rules::orders::rout::interdiction` on the view: the
/// Interdictors its side knows of), each at its Morale Level as the view prints it.
pub fn interdiction_risk(
    s: &Situation,
    u: &crate::rules::situation::UnitAt,
    path: &[crate::los::Location],
) -> f32 {
    let fails = mc_fails(printed_morale(&u.unit), 0);
    let n = path
        .iter()
        .skip(1)
        .filter(|l| crate::rules::orders::rout::interdiction(s, u, l).is_some())
        .count();
    1.0 - (1.0 - fails).powi(n as i32)
}

/// A10.53 / A10.52: the chance `u` routing to `to` under `plan` fails an Interdiction NMC:
/// on the way to a destination (none on a Low Crawl of one Location); for a Low Crawl
/// Location, on the rest of the path it crawls the first step of (the rout it still owes, as
/// the view stands: the least of such paths).
pub fn rout_risk(
    s: &Situation,
    u: &crate::rules::situation::UnitAt,
    plan: &crate::rules::orders::rout::RoutPlan,
    to: &crate::los::Location,
) -> f32 {
    if let Some(r) = plan.destinations.iter().find(|r| &r.at == to) {
        return if plan.crawls_to(to) {
            0.0
        } else {
            interdiction_risk(s, u, &r.path)
        };
    }
    plan.destinations
        .iter()
        .filter(|d| d.path.get(1) == Some(to))
        .map(|d| interdiction_risk(s, u, &d.path[1..]))
        .fold(None, |m: Option<f32>, x| Some(m.map_or(x, |m| m.min(x))))
        .unwrap_or(0.0)
}

/// The worth of one IFT result against `n` units of Morale Level `ml`.
pub fn result_worth(r: IftResult, n: usize, ml: i32) -> f32 {
    let n_f = n as f32;
    match r {
        IftResult::Kia(k) => {
            let killed = (k as usize).min(n) as f32;
            killed + (n_f - killed) * 0.5
        }
        IftResult::K(k) => 0.5 + n_f * mc_fails(ml, i32::from(k)) * 0.5,
        IftResult::Mc(k) => n_f * mc_fails(ml, i32::from(k)) * 0.5,
        IftResult::Nmc => n_f * mc_fails(ml, 0) * 0.5,
        IftResult::Ptc => n_f * mc_fails(ml, 0) * 0.1,
        IftResult::NoEffect => 0.0,
    }
}

/// A7: the expected worth of a planned attack (its IFT column and total DRM) against the
/// units it would affect, as the view shows them (their mean printed morale).
pub fn fire_worth(s: &Situation, plan: &FirePlan) -> f32 {
    let targets: Vec<i32> = plan
        .targets
        .iter()
        .filter_map(|id| s.unit(id))
        .filter(|u| u.unit.good_order())
        .map(|u| printed_morale(&u.unit))
        .collect();
    if targets.is_empty() {
        return 0.0;
    }
    let ml = targets.iter().sum::<i32>() / targets.len() as i32;
    ROLLS
        .iter()
        .map(|&(dr, w, doubles)| {
            let r = plan.result_for(dr, doubles);
            w as f32 / 36.0 * result_worth(r, targets.len(), ml)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rolls_are_the_36_original_drs_each_doubles_apart() {
        assert_eq!(ROLLS.iter().map(|r| r.1).sum::<u32>(), 36);
        for (i, w) in WAYS.iter().enumerate() {
            let total = i as i32 + 2;
            let ways: u32 = ROLLS.iter().filter(|r| r.0 == total).map(|r| r.1).sum();
            assert_eq!(ways, *w, "total {total}");
            let doubles = ROLLS.iter().filter(|r| r.0 == total && r.2).count();
            assert_eq!(doubles, usize::from(total % 2 == 0), "total {total}");
        }
    }

    #[test]
    fn a10_1_a_mc_fails_above_the_morale_level_or_on_an_original_12() {
        // Morale 7, no DRM: 8..12 fail = 15/36.
        assert!((mc_fails(7, 0) - 15.0 / 36.0).abs() < 1e-6);
        // Morale 12: only the Original 12.
        assert!((mc_fails(12, 0) - 1.0 / 36.0).abs() < 1e-6);
        assert!(mc_fails(7, 2) > mc_fails(7, 0));
    }

    #[test]
    fn a7_a_kia_outweighs_a_mc_and_no_effect_is_nothing() {
        assert!(result_worth(IftResult::Kia(1), 1, 7) > result_worth(IftResult::Mc(2), 1, 7));
        assert_eq!(result_worth(IftResult::NoEffect, 3, 7), 0.0);
        assert!(result_worth(IftResult::Nmc, 2, 7) > result_worth(IftResult::Nmc, 1, 7));
    }
}
