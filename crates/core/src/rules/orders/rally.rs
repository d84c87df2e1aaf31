//! A10.6 Rally, with what the seeds add: caves (G11.1) and Cave Complexes (G11.2) are
//! Rally-Bonus Terrain, Infantry in a Cave Complex may not remain DM (G11.77), and a Good Order
//! Japanese leader raises the Morale Level of the broken Japanese units with him (G1.41, whose
//! EX is a Rally attempt).
//!
//! *Chapter A, NOT FROM THE SEEDS* (docs/asl-facts.md names the public sources): a broken unit
//! rallies with a Good Order leader of its side in its Location (his leadership modifier, the
//! best one there), a broken leader may always rally himself (never with his own modifier), and
//! the ATTACKER alone may attempt to self-rally one broken MMC per RPh; a unit makes one Rally
//! attempt per RPh; +4 DRM under DM (which holds for the RPh's Rally attempts and comes off at
//! its end, A10.62; at night only once the unit has made a Rally attempt, E1.54), +1 for any
//! unit rallying itself, leaders included, -1 in Rally-Bonus terrain (the DRM values:
//! `assets/tables.ron`, `rally`); an Original 12 is a Casualty Reduction (A10.61); a Japanese
//! Self-Rally on an Original 2 is automatic (G1.62, from the seed). A broken
//! unit's Morale Level is read from its Good Order side (our catalog has no broken sides; G1.41
//! EX's elite HS keeps its 8).

pub use super::common::leadership;
use super::common::{is_leader, mmc};
use super::units::{McFailure, casualty, mc};
use crate::los::Location;
use crate::map::Terrain;
use crate::model::Phase;
use crate::rules::situation::{Refusal, Situation, UnitAt};
use crate::rules::{Amount, amount};

/// The rule a Rally DR is rolled under.
pub const RALLY: &str = "A10.6";

/// A Rally attempt to make: who rallies the unit, its Morale Level and the DRM.
#[derive(Clone, Debug, PartialEq)]
pub struct RallyPlan {
    pub unit: String,
    /// The Good Order leader who rallies it; `None` when it rallies itself.
    pub leader: Option<String>,
    /// A MMC rallying itself: its side's one self-rally of this RPh (A10.6).
    pub mmc_self_rally: bool,
    pub level: Amount,
    pub drm: Vec<Amount>,
    /// How Casualty Reduction would change it, for an Original 12 (A10.61).
    pub casualty: McFailure,
    /// A Japanese unit rallying itself: an Original 2 rallies it whatever the DRM (G1.62:
    /// "Self-Rally (including automatic rally on an Original 2 DR as per A18.11)").
    pub original_two_rallies: bool,
    pub roll_rule: &'static str,
}

/// What the Rally DR does.
#[derive(Clone, Debug, PartialEq)]
pub struct RallyOutcome {
    pub rallied: bool,
    /// An Original 12: Casualty Reduction (A10.61).
    pub casualty: bool,
    pub rule: &'static str,
    pub text: String,
}

impl RallyPlan {
    /// The total DRM.
    pub fn total_drm(&self) -> i32 {
        self.drm.iter().map(|d| d.value).sum()
    }

    /// A10.6: the Rally DR (coloured, white) plus the DRM against the Morale Level: rallied
    /// at or below it; an Original 12 fails and is a Casualty Reduction (A10.61).
    pub fn resolve(&self, colored: u8, white: u8) -> RallyOutcome {
        let original = i32::from(colored) + i32::from(white);
        let final_dr = original + self.total_drm();
        let drm: Vec<String> = self
            .drm
            .iter()
            .map(|d| format!("{:+} {} ({})", d.value, d.reason, d.rule))
            .collect();
        let who = match &self.leader {
            Some(l) => format!("rallied by {l}"),
            None => "rallying itself".to_string(),
        };
        let head = format!(
            "{} {who}: Rally DR {original}{} = {final_dr} vs Morale Level {} ({}: {})",
            self.unit,
            if drm.is_empty() {
                String::new()
            } else {
                format!(" [{}]", drm.join(", "))
            },
            self.level.value,
            self.level.rule,
            self.level.reason
        );
        if original == 12 {
            return RallyOutcome {
                rallied: false,
                casualty: true,
                rule: "A10.61",
                text: format!("{head}: an Original 12 fails and is a Casualty Reduction"),
            };
        }
        if original == 2 && self.original_two_rallies {
            return RallyOutcome {
                rallied: true,
                casualty: false,
                rule: "G1.62",
                text: format!(
                    "{head}: a Japanese Self-Rally on an Original 2 is automatic (G1.62, \
                     A18.11): rallied, in Good Order again (its DM, if any, removed)"
                ),
            };
        }
        let rallied = final_dr <= self.level.value;
        RallyOutcome {
            rallied,
            casualty: false,
            rule: RALLY,
            text: if rallied {
                format!("{head}: rallied, in Good Order again (its DM, if any, removed)")
            } else {
                format!("{head}: fails, it stays broken")
            },
        }
    }
}

/// A10.61 / G11.1 / G11.2: is the unit's Location Rally-Bonus terrain (a cave, a Cave Complex,
/// woods or jungle, a building)?
fn rally_bonus(s: &Situation, at: &Location) -> Option<&'static str> {
    match at {
        Location::Cave(_) => Some("G11.1"),
        Location::Complex(_) => Some("G11.2"),
        _ => {
            let h = at.hex()?;
            match s.map.get(h)?.terrain {
                Terrain::Woods | Terrain::Building(..) => Some("A10.61"),
                // G.1: "All woods are Jungle" under PTO Terrain; jungle is read as woods (as
                // a rout reads it, A10.51).
                Terrain::Jungle | Terrain::DenseJungle => Some("A10.61, G.1"),
                _ => None,
            }
        }
    }
}

/// A10.6: unit `id` attempts to rally, in its side's RPh turn (both sides rally in the RPh).
pub fn rally(s: &Situation, id: &str) -> Result<RallyPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    if s.phase != Phase::Rally {
        return Err(Refusal::new(
            RALLY,
            format!("units rally in the RPh, not the {}", s.phase.abbrev()),
        ));
    }
    if !u.unit.broken {
        return Err(Refusal::new(
            RALLY,
            format!("{id} is in Good Order: only a broken unit rallies"),
        ));
    }
    if u.unit.rally_attempted {
        return Err(Refusal::new(
            RALLY,
            format!("{id} has already made its Rally attempt this RPh"),
        ));
    }
    let rally_drm = s.tables.rally;
    let leader = best_leader(s, u);
    let self_leader = is_leader(&u.unit) && leader.is_none();
    let mmc_self_rally = leader.is_none() && !self_leader;
    if mmc_self_rally {
        if u.unit.side() != s.turn.attacker {
            return Err(Refusal::new(
                RALLY,
                format!(
                    "{id} has no Good Order leader with it, and the one MMC self-rally attempt of \
                     an RPh is the ATTACKER's only (A10.6, not from the seeds); the {:?} side is \
                     the ATTACKER",
                    s.turn.attacker
                ),
            ));
        }
        if mmc(&u.unit).is_none() {
            return Err(Refusal::new(
                RALLY,
                format!("{id} has no Good Order leader with it to rally it"),
            ));
        }
        if s.tallies.mmc_self_rallied.contains(&u.unit.side()) {
            return Err(Refusal::new(
                RALLY,
                format!(
                    "the {:?} side has made its one MMC self-rally attempt this RPh, and no Good \
                     Order leader is with {id}",
                    u.unit.side()
                ),
            ));
        }
    }
    let mut drm = Vec::new();
    if let Some(l) = leader {
        let m = leadership(&l.unit);
        if m != 0 {
            drm.push(amount(
                m,
                RALLY,
                format!(
                    "{}'s leadership{}",
                    l.unit.id,
                    if l.unit.wounded {
                        ", wounded (A17.2)"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    if mmc_self_rally {
        drm.push(amount(rally_drm.self_rally, RALLY, "a MMC rallying itself"));
    } else if self_leader {
        drm.push(amount(
            rally_drm.self_rally,
            RALLY,
            "a leader rallying himself (never with his own modifier)",
        ));
    }
    if u.unit.dm {
        drm.push(amount(rally_drm.dm, "A10.62", "Desperation Morale"));
    }
    if let Some(rule) = rally_bonus(s, &u.at) {
        drm.push(amount(
            rally_drm.bonus_terrain,
            rule,
            "in Rally-Bonus terrain",
        ));
    }
    Ok(RallyPlan {
        unit: id.into(),
        leader: leader.map(|l| l.unit.id.clone()),
        mmc_self_rally,
        level: rally_morale(s, u),
        drm,
        casualty: casualty(&u.unit),
        original_two_rallies: leader.is_none()
            && u.unit.nationality == crate::counters::Nationality::Japanese,
        roll_rule: RALLY,
    })
}

/// The Good Order leader of the unit's side in its Location with the best modifier, if any.
fn best_leader<'a>(s: &'a Situation, u: &UnitAt) -> Option<&'a UnitAt> {
    s.units_at(&u.at)
        .into_iter()
        .filter(|o| {
            o.unit.id != u.unit.id
                && o.unit.side() == u.unit.side()
                && o.unit.good_order()
                && is_leader(&o.unit)
        })
        .min_by_key(|o| (leadership(&o.unit), o.unit.id.clone()))
}

/// The Morale Level a Rally attempt is made against: a MC's (`units::mc`): a Japanese unit's
/// raised by a Good Order Japanese leader in its Location (G1.41), anyone else's its printed
/// morale.
fn rally_morale(s: &Situation, u: &UnitAt) -> Amount {
    mc(s, u, 0, |_| 0, "").level
}

/// A10.62 (NOT FROM THE SEEDS) / E1.54: as the RPh ends, a broken unit loses its DM (which held
/// for the RPh's Rally attempts) unless a Known (neither hidden nor concealed) Good Order enemy
/// unit is in or ADJACENT to its Location (to or from a cave, ADJACENT as G11.6 says); at night
/// a DM unit keeps DM until it makes a Rally attempt (E1.54): only one that made one this RPh
/// loses it. `None` where it keeps it (or has none).
pub fn dm_removed(s: &Situation, id: &str) -> Option<crate::rules::Check> {
    use super::rout::{known_enemy, same_or_adjacent};
    let u = s.unit(id)?;
    if !u.unit.dm {
        return None;
    }
    if s.night() && !u.unit.rally_attempted {
        return None;
    }
    let near = s
        .units
        .iter()
        .any(|e| known_enemy(e, u.unit.side()) && same_or_adjacent(s, &e.at, &u.at));
    (!near).then(|| {
        let (rule, why) = if s.night() {
            (
                "E1.54",
                "it made a Rally attempt this RPh (at night a DM unit keeps DM until it makes \
                 one, E1.54) and no Known Good Order enemy unit is in or ADJACENT to its Location",
            )
        } else {
            (
                "A10.62",
                "no Known Good Order enemy unit is in or ADJACENT to its Location (A10.62, not \
                 from the seeds)",
            )
        };
        crate::rules::check(
            true,
            rule,
            format!("{why}: its DM counter is removed as the RPh ends"),
        )
    })
}
