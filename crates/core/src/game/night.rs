//! Night at the phases' edges and during movement: the NVR Change DR at the start of each RPh
//! after the opening Player Turn (E1.12), the Movement DR a unit makes before its first move
//! (E1.53) with the Jitter Fire its Doubles may set off (E1.55), and "?" gained at the end of
//! the CCPh (E1.32).

use super::context::Game;
use crate::rules::night::movement::movement_dr;
use crate::rules::orders::phase::{Straying, night_concealment, nvr_change_due};

/// E1.12: at the start of each RPh after the opening Player Turn of a night scenario, the NVR
/// Change DR (part of the Wind Change DR), as `rules::orders::phase::nvr_change_due` plans it.
pub(super) fn nvr_change_at_rph(g: &mut Game) {
    let night = g.state.night.clone();
    let Some(plan) = nvr_change_due(night.nvr, night.cloud, night.moon, g.state.turn.number) else {
        return;
    };
    let (colored, white) = g.dice.dr2(plan.roll_rule);
    let mut sub = None;
    let change = {
        let dice = &mut *g.dice;
        plan.change(colored, white, || {
            let d = dice.dr(plan.roll_rule);
            sub = Some(d);
            d
        })
    };
    g.state.night.nvr = Some(change.after);
    let mut dice = vec![colored, white];
    dice.extend(sub);
    g.rolled("nvr_change", None, change.rule, dice, change.reason);
}

/// Records an E1.53 exemption, or makes the Movement DR: a colored 6 makes the unit a Straying
/// Mover, doubles may bring Jitter Fire (E1.55); either way the unit has made its DR this MPh.
pub(super) fn stray_or_not(g: &mut Game, stray: Straying) {
    match stray {
        Straying::Exempt { unit, check } => {
            g.ruled("straying", Some(&unit), check.rule, check.reason);
        }
        Straying::Roll { unit, roll_rule } => {
            let (c, w) = g.dice.dr2(roll_rule);
            let r = movement_dr(c, w);
            if let Some(u) = g.unit_mut(&unit) {
                u.unit.movement_dr = true;
                if r.straying {
                    u.unit.straying = true;
                }
            }
            g.rolled("straying", Some(&unit), r.rule, vec![c, w], r.reason);
            if r.doubles {
                super::fire_attack::jitter_fire(g, &unit, c, w);
                super::aftermath::heroes_without_target(g);
            }
        }
    }
}

/// E1.32 (A12.122): at the end of the CCPh of a night scenario, the units
/// `rules::orders::phase::night_concealment` names gain "?".
pub(super) fn gain_concealment_at_night(g: &mut Game) {
    if !g.state.night.night() {
        return;
    }
    let s = g.situation();
    for gained in night_concealment(&s) {
        if let Some(u) = g.unit_mut(&gained.unit) {
            u.concealed = true;
        }
        g.ruled(
            "concealment",
            Some(&gained.unit),
            gained.rule,
            gained.reason,
        );
    }
}
