//! A26 Victory Conditions: how a scenario ends and who wins. A scenario may last `turns` Game
//! Turns; at the end of the last Player Turn its `victory` conditions are checked in order and
//! the first that holds names the winner. What the seeds add: Control of a cave (G11.94) and
//! the Casualty VP the Japanese do and do not grant (G1.65). The Casualty VP values and the
//! reading of Control of a hex (A26.1) are chapter A, not in our seeds: the values live in
//! `assets/tables.ron` (`casualty_vp`), the Control reading is stated where it is applied.

use crate::counters::Kind;
use crate::hex::Hex;
use crate::los::Location;
use crate::model::{Side, Unit};
use crate::rules::orders::fire_group::leadership_drm;
use crate::rules::orders::rally::leadership;
use crate::rules::orders::{is_leader, look, mmc};
use crate::rules::situation::Situation;
use crate::rules::tables::CasualtyVp;

pub use crate::state::VictoryCondition;

/// How the game ended: the winner (none when no condition holds), the rule and why.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub winner: Option<Side>,
    pub rule: &'static str,
    pub reason: String,
}

/// A26.2 with G1.65: the Casualty VP the elimination of `u` grants its opponent, and why: a
/// squad `vp.squad`, a half-squad `vp.half_squad`, a crew `vp.crew`, a leader `vp.leader` plus
/// `vp.leader_per_modifier` for each point of a negative leadership modifier (a 9-1 is worth
/// 2), a hero `vp.hero` (the values: `assets/tables.ron`, NOT FROM THE SEEDS). A Japanese hero
/// of any type but a heroic leader grants none, and a Japanese leader counts as its face-up
/// side (G1.65: a wounded leader's modifier is one worse, A17.2).
pub fn casualty_vp(u: &Unit, vp: &CasualtyVp) -> (u32, &'static str, String) {
    let japanese = u.side() == Side::Japanese;
    if u.hero.is_some() || u.counter == "T-H Hero" {
        if japanese {
            return (
                0,
                "G1.65",
                format!(
                    "{} is a Japanese hero: an eliminated hero grants no Casualty VP",
                    u.id
                ),
            );
        }
        return (
            vp.hero,
            "A26.2",
            format!("{} is a hero: {} CVP", u.id, vp.hero),
        );
    }
    if is_leader(u) {
        let modifier = if japanese {
            leadership(u)
        } else {
            leadership_drm(&u.counter)
        };
        let extra = u32::try_from(-modifier.min(0)).unwrap_or(0) * vp.leader_per_modifier;
        let n = vp.leader + extra;
        let (rule, side) = if japanese {
            ("G1.65", " as per its currently face-up side (G1.65)")
        } else {
            ("A26.2", "")
        };
        return (
            n,
            rule,
            format!(
                "{} is a leader with a leadership modifier of {modifier:+}{side}: {} + {extra} = \
                 {n} CVP",
                u.id, vp.leader
            ),
        );
    }
    let (n, what) = match mmc(u).map(|c| c.kind) {
        Some(Kind::Squad) => (vp.squad, "a squad"),
        Some(Kind::HalfSquad) => (vp.half_squad, "a half-squad"),
        Some(Kind::Crew) => (vp.crew, "a crew"),
        _ => (vp.hero, "a SMC"),
    };
    (n, "A26.2", format!("{} is {what}: {n} CVP", u.id))
}

/// A26.2 / G1.65: the Casualty VP the opponent gains when the MMC `before` is exchanged for
/// the counters `after` (an elimination is `casualty_vp`'s): what the exchange loses, a squad's
/// less what replaces it — a squad Casualty Reduced to a HS, a Reduced-Strength Japanese
/// squad Step Reduced to one, 1. Nothing where the value stays: a Japanese Full-Strength
/// squad flipped to its Reduced-Strength side (G1.65: "The opponent does not gain Casualty VP"
/// for it), an ELR Replacement, a squad exchanged for two HS. Nothing for a SMC: a wound is no
/// exchange, and a leader grants Casualty VP as his face-up side when eliminated (G1.65).
pub fn exchange_cvp(before: &Unit, after: &[&str], vp: &CasualtyVp) -> (u32, &'static str, String) {
    if before.hero.is_some() || mmc(before).is_none() {
        return (0, "A26.2", format!("{} is no MMC", before.id));
    }
    let worth = |counter: &str| {
        let mut u = before.clone();
        u.counter = counter.to_string();
        casualty_vp(&u, vp).0
    };
    let (was, now) = (
        casualty_vp(before, vp).0,
        after.iter().map(|c| worth(c)).sum::<u32>(),
    );
    let lost = was.saturating_sub(now);
    let rule = if before.side() == Side::Japanese {
        "G1.65"
    } else {
        "A26.2"
    };
    (
        lost,
        rule,
        format!(
            "{} ({}, {was} CVP) exchanged for {} ({now} CVP): {lost} Casualty VP to its opponent",
            before.id,
            before.counter,
            after.join(" and ")
        ),
    )
}

/// The hexes `conditions` name for Control, each with the side that holds it at the start: the
/// other side of the first condition naming it (the side that must take a Location does not
/// hold it yet: our reading of A26.1's set-up Control, which our sources do not give).
pub fn control_hexes(conditions: &[VictoryCondition]) -> Vec<(Hex, Side)> {
    let mut out: Vec<(Hex, Side)> = Vec::new();
    for c in conditions {
        if let VictoryCondition::Control { side, locations } = c {
            for l in locations {
                if let Some(h) = l.hex().filter(|_| !matches!(l, Location::Cave(_)))
                    && !out.iter().any(|(x, _)| *x == h)
                {
                    out.push((h, side.opponent()));
                }
            }
        }
    }
    out
}

/// A26.1 (our reading): the Control of the hexes the victory conditions name as the game
/// stands before its first phase: `control_hexes`, each passed to the side whose Good Order MMC
/// alone occupy it (`occupier`), as the first RPh records it (`Game::update_control`).
pub fn control_at_start(s: &Situation, conditions: &[VictoryCondition]) -> Vec<(Hex, Side)> {
    let mut out = control_hexes(conditions);
    for (h, side) in out.iter_mut() {
        if let Some(x) = occupier(s, *h) {
            *side = x;
        }
    }
    out
}

/// A26.1 (our reading): the side whose Good Order MMC alone occupy hex `h` (any of its
/// Locations above ground) gains its Control; with both sides or neither there, Control stays.
pub fn occupier(s: &Situation, h: Hex) -> Option<Side> {
    let mut sides = s
        .units
        .iter()
        .filter(|u| u.at.hex() == Some(h) && !matches!(u.at, Location::Cave(_)))
        .filter(|u| u.unit.good_order() && mmc(&u.unit).is_some())
        .map(|u| u.unit.side());
    let first = sides.next()?;
    sides.all(|x| x == first).then_some(first)
}

/// Who Controls `l` now: a cave by G11.94 (the Allies, when `look::control` says so; else the
/// Japanese while it stands; nobody once eliminated, G11.88), a hex as the game has recorded it
/// (`Scoring::control`).
pub fn controller(s: &Situation, l: &Location) -> (Option<Side>, String) {
    let name = l.display(s.map).to_string();
    match l {
        Location::Cave(id) => {
            let c = look::control(s, id);
            if c.holds {
                (
                    Some(Side::Allied),
                    format!("{name}: {} ({})", c.reason, c.rule),
                )
            } else if s.cave_stands(id) {
                (
                    Some(Side::Japanese),
                    format!(
                        "{name}: not Controlled by the Allies ({}: {})",
                        c.rule, c.reason
                    ),
                )
            } else {
                (
                    None,
                    format!("{name}: eliminated, Controlled by nobody (G11.88)"),
                )
            }
        }
        _ => match l.hex() {
            Some(h) => {
                let side = s
                    .scoring
                    .control
                    .iter()
                    .find(|(x, _)| *x == h)
                    .map(|(_, side)| *side);
                let who = side.map_or("nobody".to_string(), |x| format!("the {x:?} side"));
                (side, format!("{name}: Controlled by {who} (A26.1)"))
            }
            None => (None, format!("{name}: not a Location one can Control")),
        },
    }
}

/// A26: the game ends; the first of `conditions` that holds names the winner.
pub fn game_end(s: &Situation, conditions: &[VictoryCondition]) -> GameEnd {
    for c in conditions {
        match c {
            VictoryCondition::Control { side, locations } => {
                let seen: Vec<(Option<Side>, String)> =
                    locations.iter().map(|l| controller(s, l)).collect();
                if seen.iter().all(|(who, _)| *who == Some(*side)) {
                    let why: Vec<String> = seen.into_iter().map(|(_, w)| w).collect();
                    return GameEnd {
                        winner: Some(*side),
                        rule: "A26",
                        reason: format!(
                            "the {side:?} side wins: it Controls every Location its victory \
                             conditions name ({})",
                            why.join("; ")
                        ),
                    };
                }
            }
            VictoryCondition::CasualtyVp { side, at_least } => {
                let have = s.scoring.cvp(*side);
                if have >= *at_least {
                    return GameEnd {
                        winner: Some(*side),
                        rule: "A26.2",
                        reason: format!(
                            "the {side:?} side wins: it has amassed {have} Casualty VP, at least \
                             the {at_least} its victory conditions ask"
                        ),
                    };
                }
            }
            VictoryCondition::Otherwise { side } => {
                let lost: Vec<String> = conditions
                    .iter()
                    .take_while(|x| *x != c)
                    .map(|x| describe(s, x))
                    .collect();
                return GameEnd {
                    winner: Some(*side),
                    rule: "A26",
                    reason: format!(
                        "the {side:?} side wins: no other victory condition holds ({})",
                        lost.join("; ")
                    ),
                };
            }
        }
    }
    GameEnd {
        winner: None,
        rule: "A26",
        reason: "no victory condition holds, and the scenario names no side that wins otherwise"
            .into(),
    }
}

/// A condition and how it stands, for the game end's reason.
fn describe(s: &Situation, c: &VictoryCondition) -> String {
    match c {
        VictoryCondition::Control { side, locations } => {
            let missing: Vec<String> = locations
                .iter()
                .map(|l| controller(s, l))
                .filter(|(who, _)| *who != Some(*side))
                .map(|(_, why)| why)
                .collect();
            format!(
                "the {side:?} side does not Control all it must: {}",
                missing.join(", ")
            )
        }
        VictoryCondition::CasualtyVp { side, at_least } => format!(
            "the {side:?} side has {} Casualty VP of the {at_least} it needs",
            s.scoring.cvp(*side)
        ),
        VictoryCondition::Otherwise { side } => format!("otherwise the {side:?} side"),
    }
}
