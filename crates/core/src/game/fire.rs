//! SMOKE grenades (A24.1; into caves G11.85), Starshells (E1.921-E1.922), IR (E1.931) and
//! Kindling (B25.11; E1.94 at night).

use super::context::Game;
use crate::hex::Hex;
use crate::los::Location;
use crate::model::SmokeKind;
use crate::rules::fire::kindle as kindle_rule;
use crate::rules::orders;
use crate::state::Smoke;

/// A24.1 SMOKE grenades (`kind` Grenade) or WP grenades (`kind` WpGrenade), as
/// `rules::orders::smoke::place_smoke` decides (into a cave G11.85, G1.17 no Japanese
/// Conscripts); a Thrown-DC dr is rolled when the plan asks for one. WP placed in a cave is a
/// CH there (G11.85); the WP attack itself (its FP and NMC) is not in our sources and is not
/// resolved. A WP grenade in a cave is removed at the end of the Player Turn and reveals the
/// hidden caves above it (G11.851, `phases`).
pub(super) fn place_smoke(g: &mut Game, id: &str, at: &Location, kind: SmokeKind) {
    let s = g.situation();
    let plan = match orders::smoke::place_smoke(&s, id, at, kind) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    // A24.1: the MF it costs, and the one attempt of the MPh made.
    super::attack::spend_mf(g, id, plan.mf, true);
    g.state.tallies.smoke_attempted.push(id.to_string());
    let roll_rule = match &plan.target {
        orders::smoke::SmokeTarget::Cave { roll_rule, .. } => *roll_rule,
        orders::smoke::SmokeTarget::Ground { .. } => None,
    };
    let d = roll_rule.map(|rule| g.dice.dr(rule));
    let landing = plan.place(d);
    if let Some(l) = &landing.lands {
        g.state.smoke.push(Smoke {
            at: l.clone(),
            kind,
            dispersed: false,
            placed_in: s.turn.number,
        });
    }
    let event = if plan.wp() { "wp" } else { "smoke" };
    // A24.1: what the attempt cost, said with it.
    let text = format!(
        "{} ({} MF: {}, A24.1)",
        landing.text,
        plan.mf,
        if plan.adjacent {
            "into an ADJACENT Location"
        } else {
            "in its own Location"
        }
    );
    match d {
        Some(d) => g.rolled(event, Some(id), landing.rule, vec![d], text),
        None => g.ruled(event, Some(id), landing.rule, text),
    }
    if landing.in_cave
        && let Some(ch) = &plan.wp_ch
    {
        g.ruled("wp_ch", None, ch.rule, ch.reason.clone());
    }
}

/// E1.92/E1.921/E1.922: a Starshell, as `rules::orders::illumination::fire_starshell` decides:
/// the Usage dr, then where the Placement DR brings it down.
pub(super) fn fire_starshell(g: &mut Game, id: &str, at: Hex) {
    let s = g.situation();
    let plan = match orders::illumination::fire_starshell(&s, id, at) {
        Ok(p) => p,
        Err(r) => return g.refused(Some(id), r),
    };
    let d = g.dice.dr(plan.usage_rule);
    let usage = plan.usage(d);
    g.state.tallies.starshell_tried.push(id.to_string());
    g.rolled(
        "starshell_usage",
        Some(id),
        usage.rule,
        vec![d],
        usage.reason,
    );
    if !usage.holds {
        return;
    }
    let (c, w) = g.dice.dr2(plan.placement_rule);
    let p = plan.placement(c, w, g.map());
    g.state.starshells.push(p.hex);
    g.rolled("starshell", Some(id), p.rule, vec![c, w], p.reason);
}

/// E1.931: an IR fired by OBA (no Usage dr), as `rules::orders::illumination::fire_ir`
/// decides. Where it lands (E1.932) is cut off: in `at`.
pub(super) fn fire_ir(g: &mut Game, at: Hex) {
    let s = g.situation();
    let plan = match orders::illumination::fire_ir(&s, at) {
        Ok(p) => p,
        Err(r) => return g.refused(None, r),
    };
    g.state.irs.push(plan.hex);
    g.ruled("ir", None, plan.rule, plan.reason);
}

/// B25.11 Kindling (E1.94 at night): decided by `rules::orders::kindle`; the Kindle DR is
/// rolled here and the Flame placed, the Kindler's concealment removed and a Gunflash placed
/// (E1.94) when the plan says so.
pub(super) fn kindle(g: &mut Game, hex: Hex) {
    let s = g.situation();
    let plan = match orders::kindle::kindle(&s, hex) {
        Ok(p) => p,
        Err(r) => return g.refused(None, r),
    };
    let (c, w) = g.dice.dr2(plan.roll_rule);
    let k = kindle_rule(plan.terrain, c + w);
    if k.holds {
        g.state.flames.push(hex);
    }
    let mut text = k.reason.clone();
    if let Some(l) = &plan.loses_concealment {
        if l.holds
            && let Some(u) = g.unit_mut(&plan.kindler)
        {
            u.concealed = false;
            u.cloaked = false;
        }
        text = format!("{text}; {}: {}", l.rule, l.reason);
    }
    if let Some((at, gf)) = &plan.gunflash {
        g.gunflash(at);
        text = format!("{text}; {}: {}", gf.rule, gf.reason);
    }
    g.rolled("kindle", Some(&plan.kindler), k.rule, vec![c, w], text);
}
