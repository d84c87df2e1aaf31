//! Script steps that look without acting: `Los(from, to)` (A6, G11.5, G11.85, E1.1/E1.101),
//! `Light(at)` (E1.9-E1.941, G11.96) and `Control(cave)` (G11.94). Each reports what
//! `rules::orders::look` says about the situation as it stands, so a walkthrough can show the
//! effect of what came before (SMOKE in a cave, a Starshell, a cleared cave); none rolls, and
//! only `Control` changes the state (the cave's Control).

use super::context::Game;
use crate::los::Location;
use crate::rules::orders::look;

/// Script `Los(from, to)`: `rules::orders::look::los`.
pub(super) fn los(g: &mut Game, from: &Location, to: &Location) {
    let s = g.situation();
    match look::los(&s, from, to) {
        Ok(c) => g.ruled("los", None, c.rule, c.reason),
        Err(r) => g.refused(None, r),
    }
}

/// Script `Light(at)`: `rules::orders::look::light`.
pub(super) fn light(g: &mut Game, at: &Location) {
    let s = g.situation();
    let c = look::light(&s, at);
    g.ruled("light", None, c.rule, c.reason);
}

/// Script `Control(cave)`: `rules::orders::look::control`; a cave still standing takes the
/// Control the ruling finds (G11.94).
pub(super) fn control(g: &mut Game, id: &str) {
    let s = g.situation();
    let c = look::control(&s, id);
    drop(s);
    let standing = g.setting.caves.caves.iter().any(|k| k.id == id)
        && !g.state.eliminated_caves.iter().any(|k| k == id);
    if standing {
        let controlled = &mut g.state.allied_controlled;
        controlled.retain(|k| k != id);
        if c.holds {
            controlled.push(id.to_string());
        }
    }
    g.ruled("control", None, c.rule, c.reason);
}
