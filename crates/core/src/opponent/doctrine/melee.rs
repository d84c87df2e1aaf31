//! The odds of the Close Combat the doctrine advances into (A11), in words for its reasons:
//! its chance to eliminate what it attacks, to be eliminated, to stay in Melee into the
//! enemy's CCPh (A11.7), and to be eliminated by the end of that CCPh, where the Melee is
//! fought again with the enemy as the ATTACKER (Hand-to-Hand when the Japanese are, G1.64),
//! counted from the CC ruling's own plan (`rules::orders::cc_chances`: Ambush, Hand-to-Hand
//! and the Japanese -1 included).
//!
//! What decides the advance is still the odds ratio (`weights.advance`). Weighed as an
//! exchange (the enemy's value expected taken less its own expected lost, the Melee in the
//! enemy's CCPh included), priced in Casualty VP, the CC that wins the game (a squad and a
//! leader in the open kunai are the Casualty VP the side needs) looked no better than a trade,
//! and 200 games of each demo went no better with it deciding, nor with a Melee's lost MPh
//! charged to a side playing for Control (measured on 2026-11-30: the jungle night's Allies
//! then beat the doctrine more, the greedy kind less).

use crate::los::Location;
use crate::model::Phase;
use crate::rules::orders::cc_chances::cc_chances;
use crate::rules::orders::close_combat::close_combat;

use super::ctx::Ctx;

/// The chances of a CC for its side's units: each 0..1.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Outlook {
    /// Its side's first attack eliminates every enemy unit it attacks.
    pub kill: f32,
    /// The enemy's first attack eliminates every unit of its side there.
    pub die: f32,
    /// Both sides remain after the first CCPh: the Location is in Melee (A11.7).
    pub melee: f32,
    /// Its side's units there are eliminated by the end of the enemy's next CCPh: in the first,
    /// or in the Melee fought again there with the enemy as the ATTACKER (A11.7; Hand-to-Hand
    /// when the Japanese are, G1.64).
    pub die_by_next: f32,
    /// That next CCPh's CC would be Hand-to-Hand (G1.64).
    pub next_hand_to_hand: bool,
}

impl Outlook {
    /// The odds in words: "41 % to eliminate them, 17 % to be eliminated, 35 % to stay in
    /// Melee into the next CCPh (A11.7)".
    pub fn words(&self) -> String {
        let mut w = format!(
            "{:.0} % to eliminate them, {:.0} % to be eliminated, {:.0} % to stay in Melee \
             into the next CCPh (A11.7)",
            100.0 * self.kill,
            100.0 * self.die,
            100.0 * self.melee
        );
        if self.melee >= 0.005 {
            let hth = if self.next_hand_to_hand {
                ", Hand-to-Hand (G1.64)"
            } else {
                ""
            };
            w.push_str(&format!(
                "; {:.0} % to be eliminated by the end of the enemy's CCPh{hth}",
                100.0 * self.die_by_next
            ));
        }
        w
    }
}

/// A11 / A11.4 / G1.64: the chances of the CC `ctx.side` would fight at `at` in this Player
/// Turn's CCPh once `id` has advanced into it, from the CC ruling's plan on a copy of its view,
/// and of the Melee fought on there in the enemy's CCPh (A11.7: the enemy then the ATTACKER,
/// no Ambush, A11.4). Estimates: the Melee's chance counts both attacks as independent (with
/// an Ambush only one side may be eliminated), and the Melee is fought by the same units, a
/// first CCPh's Casualty Reduction not counted. `None` when no CC would happen there.
pub fn outlook(ctx: &Ctx, id: &str, at: &Location) -> Option<Outlook> {
    let side = ctx.side;
    let enemy = side.opponent();
    let mut h = ctx.s.clone();
    let u = h.state.units.iter_mut().find(|u| u.unit.id == id)?;
    u.at = at.clone();
    u.unit.advanced = true;
    h.state.phase = Phase::CloseCombat;
    h.state.tallies.cc_attacked.clear();
    h.state.tallies.cc_locations.clear();
    let plan = close_combat(&h, at, &[], &[]).ok()?;
    let c = cc_chances(&plan, h.tables);
    let (by_us, by_them) = (c.by(side), c.by(enemy));
    let melee = ((1.0 - by_us.eliminated) * (1.0 - by_them.eliminated)) as f32;
    // The Melee in the enemy's CCPh: the same units (a Casualty Reduction in the first is not
    // counted: an estimate), none of them just advanced (no Ambush, A11.4), none pinned (pins
    // end with the Player Turn, A7.8), and none concealed or hidden there any more (each
    // attacked, A11.19).
    for x in h.state.units.iter_mut() {
        x.unit.advanced = false;
        if x.at == *at {
            x.unit.pinned = false;
            x.concealed = false;
            x.cloaked = false;
            x.hidden = false;
        }
    }
    h.state.turn.attacker = enemy;
    let (die_next, next_hand_to_hand) = match close_combat(&h, at, &[], &[]) {
        Ok(plan) => {
            let n = cc_chances(&plan, h.tables);
            (n.by(enemy).eliminated as f32, n.hand_to_hand >= 0.5)
        }
        Err(_) => (0.0, false),
    };
    Some(Outlook {
        kill: by_us.eliminated as f32,
        die: by_them.eliminated as f32,
        melee,
        die_by_next: by_them.eliminated as f32 + melee * die_next,
        next_hand_to_hand,
    })
}
