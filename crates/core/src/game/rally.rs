//! A10.6 Rally attempts (`rules::orders::rally` decides): the Rally DR is rolled, a unit that
//! passes is in Good Order again (its DM gone), its side's one MMC self-rally is spent, and an
//! Original 12 is a Casualty Reduction (A10.61).

use super::context::Game;
use super::units::casualty_reduced;
use crate::rules::orders::rally::rally;

/// Unit `id`'s Rally attempt.
pub(super) fn do_rally(g: &mut Game, id: &str) {
    let s = g.situation();
    let plan = match rally(&s, id) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let Some(before) = s.unit(id).map(|u| u.unit.clone()) else {
        return;
    };
    drop(s);
    let (c, w) = g.dice.dr2(plan.roll_rule);
    let out = plan.resolve(c, w);
    if let Some(u) = g.unit_mut(id) {
        u.unit.rally_attempted = true;
        if out.rallied {
            u.unit.broken = false;
            u.unit.dm = false;
        }
    }
    if plan.mmc_self_rally {
        let side = before.side();
        let used = &mut g.state.tallies.mmc_self_rallied;
        if !used.contains(&side) {
            used.push(side);
        }
    }
    g.rolled("rally", Some(id), out.rule, vec![c, w], out.text);
    if out.casualty {
        casualty_reduced(g, &before, &plan.casualty);
    }
}
