//! The chances of a Close Combat as planned (A11.11, A11.4, G1.64): what each side's attack
//! does, counted over the dice from the plan the CC ruling (`close_combat::close_combat`) makes,
//! resolved as the game resolves it (`game::close_combat`): an Ambush dr pair first where the
//! plan has one (A11.4; the side that Ambushes attacks first, and an ambushed side that is
//! eliminated makes no attack), Hand-to-Hand when the Japanese are the ATTACKER or Ambush and
//! not when they are Ambushed (G1.64, with the Japanese attack's -1 DRM), an ambushed side's
//! attack at full FP against an ambusher that lost "?" attacking first (A11.19), a Final DR below the
//! Kill Number eliminating every target, equal to it a Partial Kill: one target, by Random
//! Selection (each tied at the highest dr), Casualty Reduced (A11.11, A.9).
//!
//! One approximation, stated: an ambushed side whose units were only Casualty Reduced attacks
//! back with the FP it had (its reduced units attack with somewhat less). `game::odds` plays the order itself when the exact
//! figure is wanted.

use super::close_combat::{CcAttack, CcPlan};
use crate::model::Side;
use crate::rules::tables::Tables;

/// What one side's CC attack may do to its targets: each 0..1.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct CcBlow {
    /// Every target eliminated (Final DR below the Kill Number).
    pub eliminated: f64,
    /// A Partial Kill (Final DR equal to it): one target, by Random Selection (each tied at the
    /// highest dr, A.9), Casualty Reduced; each of n targets is among them with a chance of
    /// `reduced * units::picked_with_ties(n)`.
    pub reduced: f64,
}

/// The chances of a CC: what the ATTACKER's attack does to the DEFENDER's units it attacks, and
/// what the DEFENDER's does to the ATTACKER's, with the chance the CC is Hand-to-Hand.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CcChances {
    pub attacker: Side,
    /// The ATTACKER's attack on the DEFENDER's units.
    pub by_attacker: CcBlow,
    /// The DEFENDER's attack on the ATTACKER's units.
    pub by_defender: CcBlow,
    pub hand_to_hand: f64,
}

impl CcChances {
    /// What `side`'s attack does to the other's units.
    pub fn by(&self, side: Side) -> CcBlow {
        if side == self.attacker {
            self.by_attacker
        } else {
            self.by_defender
        }
    }
}

/// The chance that 2d6 + `drm` is below `kill`, and that it equals it.
fn dr_chances(kill: i32, drm: i32) -> (f64, f64) {
    let (mut below, mut equal) = (0.0, 0.0);
    for a in 1..=6 {
        for b in 1..=6 {
            let f = a + b + drm;
            if f < kill {
                below += 1.0;
            } else if f == kill {
                equal += 1.0;
            }
        }
    }
    (below / 36.0, equal / 36.0)
}

/// One attack's chances, Hand-to-Hand or not (A11.11, G1.64).
fn blow(t: &Tables, a: &CcAttack, hand_to_hand: bool) -> CcBlow {
    let odds = t.close_combat.odds(a.fp, a.defence, hand_to_hand);
    let mut drm: i32 = a.drm.iter().map(|d| d.value).sum();
    if hand_to_hand && let Some(h) = &a.hand_to_hand_drm {
        drm += h.value;
    }
    let (eliminated, reduced) = dr_chances(odds.kill, drm);
    CcBlow {
        eliminated,
        reduced,
    }
}

/// A11.11 / A11.4 / G1.64: the chances of the CC `plan` (the CC ruling's), resolved as the game
/// resolves it (see the module doc).
pub fn cc_chances(plan: &CcPlan, t: &Tables) -> CcChances {
    let attacker = plan.attacker;
    let find = |side: Side| plan.attacks.iter().find(|a| a.side == side);
    let (att, def) = (find(attacker), find(attacker.opponent()));
    let mut out = CcChances {
        attacker,
        by_attacker: CcBlow::default(),
        by_defender: CcBlow::default(),
        hand_to_hand: 0.0,
    };
    // The Ambush drs: (the side that Ambushes, its chance).
    let mut cases: Vec<(Option<Side>, f64)> = Vec::new();
    match &plan.ambush {
        Some(a) => {
            let mut by: [f64; 3] = [0.0; 3];
            for ad in 1..=6u8 {
                for dd in 1..=6u8 {
                    let i = match super::close_combat::ambush_result(a, ad, dd, attacker) {
                        None => 0,
                        Some(s) if s == attacker => 1,
                        Some(_) => 2,
                    };
                    by[i] += 1.0 / 36.0;
                }
            }
            cases.push((None, by[0]));
            cases.push((Some(attacker), by[1]));
            cases.push((Some(attacker.opponent()), by[2]));
        }
        // An earlier CC order in the Location this CCPh decided its Ambush (A11.4).
        None => cases.push((plan.earlier.as_ref().and_then(|e| e.ambusher), 1.0)),
    }
    for (ambusher, p) in cases {
        if p == 0.0 {
            continue;
        }
        let hth = plan.hand_to_hand(ambusher);
        if hth {
            out.hand_to_hand += p;
        }
        // A11.19: an ambushed side attacks back at full FP when an ambusher lost "?" by
        // attacking first (its FP was halved only against units all concealed).
        let unhalved = |a: &CcAttack, first: Option<&CcAttack>| -> CcAttack {
            let mut a = a.clone();
            if a.halved_vs_concealed && first.is_some_and(|f| f.reveals_itself) {
                a.fp *= 2.0;
            }
            a
        };
        let (att_now, def_now) = match ambusher {
            Some(s) if s == attacker => (att.cloned(), def.map(|d| unhalved(d, att))),
            Some(_) => (att.map(|a| unhalved(a, def)), def.cloned()),
            None => (att.cloned(), def.cloned()),
        };
        let ba = att_now
            .as_ref()
            .map(|a| blow(t, a, hth))
            .unwrap_or_default();
        let bd = def_now
            .as_ref()
            .map(|a| blow(t, a, hth))
            .unwrap_or_default();
        // The ambushed side attacks only if it was not eliminated first.
        let (ba, bd) = match ambusher {
            Some(s) if s == attacker => (ba, scaled(bd, 1.0 - ba.eliminated)),
            Some(_) => (scaled(ba, 1.0 - bd.eliminated), bd),
            None => (ba, bd),
        };
        out.by_attacker.eliminated += p * ba.eliminated;
        out.by_attacker.reduced += p * ba.reduced;
        out.by_defender.eliminated += p * bd.eliminated;
        out.by_defender.reduced += p * bd.reduced;
    }
    out
}

fn scaled(b: CcBlow, k: f64) -> CcBlow {
    CcBlow {
        eliminated: b.eliminated * k,
        reduced: b.reduced * k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a11_11_dr_chances_count_the_36_rolls() {
        // Kill Number 7: a DR of 2..6 (15 of 36) eliminates, a 7 (6 of 36) reduces.
        assert_eq!(dr_chances(7, 0), (15.0 / 36.0, 6.0 / 36.0));
        // A -1 DRM: a DR of 2..7 (21) is below, an 8 (5) equal.
        assert_eq!(dr_chances(7, -1), (21.0 / 36.0, 5.0 / 36.0));
        assert_eq!(dr_chances(2, 0), (0.0, 1.0 / 36.0));
    }
}
