//! G11.74 restrictions on cave and Cave Complex entry, G11.75 hidden movement and G11.751 its MF.

use super::CaveSystem;
use super::sight::cave_los;
use crate::hex::Hex;
use crate::los::{Location, LosEnv};

pub use crate::rules::Ruling;

/// G11.74: Infantry may enter a cave or Cave Complex only with >= 2 MF available, and enter at
/// most one cave/Complex per phase (a unit that entered one cannot enter another cave,
/// Complex or tunnel in that phase).
pub fn entry_allowed(mf_available: f32, entered_one_this_phase: bool) -> Ruling {
    if entered_one_this_phase {
        return Ruling {
            allowed: false,
            rule: "G11.74",
            reason: "Infantry that entered a cave or Cave Complex this phase cannot enter another \
                     cave, Cave Complex or tunnel in the same phase"
                .into(),
        };
    }
    if mf_available < 2.0 {
        return Ruling {
            allowed: false,
            rule: "G11.74",
            reason: format!(
                "entering a cave or Cave Complex needs >= 2 MF available; this unit has \
                 {mf_available}"
            ),
        };
    }
    Ruling {
        allowed: true,
        rule: "G11.74",
        reason: format!("{mf_available} MF available (>= 2)"),
    }
}

/// An enemy ground unit that might see a move: where it is and whether it is in Good Order.
#[derive(Clone, Debug, PartialEq)]
pub struct Watcher {
    pub at: Location,
    pub good_order: bool,
}

/// G11.75: Infantry entering cave `id` stay (or become) hidden if no Good Order enemy ground unit
/// within 16 hexes currently has a LOS to that cave. The first watcher who sees it is named.
pub fn stays_hidden(env: &LosEnv, caves: &CaveSystem, id: &str, enemies: &[Watcher]) -> Ruling {
    let Some(cave) = caves.cave(id) else {
        return Ruling {
            allowed: false,
            rule: "G11.75",
            reason: format!("there is no cave {id}"),
        };
    };
    let target = Location::Cave(id.to_string());
    for w in enemies.iter().filter(|w| w.good_order) {
        let Some(h) = w.at.hex() else { continue };
        if h.distance(cave.hex) > 16 {
            continue;
        }
        if cave_los(env, caves, &w.at, &target).is_ok_and(|r| r.clear()) {
            return Ruling {
                allowed: false,
                rule: "G11.75",
                reason: format!(
                    "a Good Order enemy unit in {} ({}) has a LOS to cave {id}",
                    w.at.display(env.map()),
                    crate::words::away(h.distance(cave.hex))
                ),
            };
        }
    }
    Ruling {
        allowed: true,
        rule: "G11.75",
        reason: format!(
            "no Good Order enemy ground unit within 16 hexes has a LOS to cave {id}: the \
             Infantry stay hidden"
        ),
    }
}

/// G11.75 EX (hidden Infantry in cave B or D entering W5): hidden Infantry that leave a cave
/// or Cave Complex for an above-ground hex are placed onboard concealed, unless a Good Order
/// enemy ground unit within 16 hexes has a LOS to that hex when they enter it; then normal
/// "?"-loss rules apply. `allowed` here: they are placed concealed.
pub fn emerges_concealed(env: &LosEnv, hex: Hex, enemies: &[Watcher]) -> Ruling {
    let target = Location::Ground(hex);
    let name = env.map().name(hex);
    for w in enemies.iter().filter(|w| w.good_order) {
        let Some(h) = w.at.hex() else { continue };
        if h.distance(hex) > 16 {
            continue;
        }
        if env.check(&w.at, &target).is_ok_and(|r| r.clear()) {
            return Ruling {
                allowed: false,
                rule: "G11.75",
                reason: format!(
                    "a Good Order enemy unit in {} ({}) has a LOS to {name}: normal \
                     \"?\"-loss rules apply",
                    w.at.display(env.map()),
                    crate::words::away(h.distance(hex))
                ),
            };
        }
    }
    Ruling {
        allowed: true,
        rule: "G11.75",
        reason: format!(
            "no Good Order enemy ground unit within 16 hexes has a LOS to {name}: the hidden \
             Infantry are placed onboard concealed"
        ),
    }
}

/// G11.751: the MF a cave entry costs: none when the Infantry remain hidden doing it (and so
/// none into a hidden cave that no one sees them enter, A12.33); otherwise the normal cost (2
/// MF, or as `entry::cost` gives) — even into a hidden cave, which is then revealed: the
/// G11.751 EX's Infantry seen advancing into hidden cave G "will have expended two MF to enter
/// the cave". (Our reading of the text's "Infantry that enter a hidden cave expend no MF" beside
/// that EX: it holds while they stay unseen.)
pub fn hidden_entry_mf(normal: f32, stays_hidden: bool, cave_hidden: bool) -> (f32, &'static str) {
    if stays_hidden {
        (0.0, "G11.751")
    } else if cave_hidden {
        (normal, "G11.751 EX")
    } else {
        (normal, "G11.7")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g11_74_ex_a_squad_with_six_pp_has_one_mf_and_may_not_enter() {
        // "A Japanese squad carrying six PP ... has only one MF to expend".
        assert!(!entry_allowed(1.0, false).allowed);
        // With a leader adding his IPC it has two and may.
        assert!(entry_allowed(2.0, false).allowed);
        assert!(!entry_allowed(4.0, true).allowed);
    }

    #[test]
    fn g11_751_hidden_entry_costs_no_mf() {
        assert_eq!(hidden_entry_mf(2.0, true, false), (0.0, "G11.751"));
        // G11.751 EX: seen entering hidden cave G, they "will have expended two MF".
        assert_eq!(hidden_entry_mf(2.0, false, true), (2.0, "G11.751 EX"));
        assert_eq!(hidden_entry_mf(2.0, false, false), (2.0, "G11.7"));
    }
}
