//! What the sequence of play does by itself, phase by phase, decided over the `Situation`: a
//! phase begins (A3) and what lasts one phase ends with it; the NVR Change DR in the RPh
//! (E1.12); the Movement DR of units about to move at night (E1.53); and at the end of the CCPh
//! "?" gained at night (E1.32), then Starshells and IR removed (E1.923/E1.933), SMOKE placed in
//! a cave this Player Turn removed with what a removed WP reveals (G11.85/G11.851), and T-H
//! Heroes who made no attack removed (G1.425). Each function returns what changes; the
//! simulation's phase systems apply it.

use super::common::in_melee;
use crate::hex::Hex;
use crate::los::Location;
use crate::model::{Cloud, Moon, Phase, Side, SmokeKind, Unit};
use crate::rules::Check;
use crate::rules::caves::attack::{WpReveal, cave_smoke_removed};
use crate::rules::caves::sight::cave_los;
use crate::rules::japanese::heroes::th_hero_removed_at_end_of_player_turn;
use crate::rules::night::concealment::{Gain, gain_at_night};
use crate::rules::night::illumination_fire::removed_at_end_of;
use crate::rules::night::light::SourceKind;
use crate::rules::night::movement::{StrayStart, movement_dr_required};
use crate::rules::night::nvr::{NvrChange, nvr_change};
use crate::rules::situation::{Situation, Smoke};

// --- A3 a phase begins ----------------------------------------------------------------------

/// Something the sequence of play announces, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// The log's event: `player_turn` or `phase`.
    pub event: &'static str,
    pub rule: &'static str,
    pub text: String,
}

/// A3: what the start of `phase` announces: at the RPh, the ATTACKER's Player Turn of Game Turn
/// `game_turn` (`player_turn` counts Player Turns from 1: odd is the first of its Game Turn),
/// named by Game Turn and side as the walk's header (`T2 Allied`) and narration name it; then the
/// phase itself.
pub fn phase_begins(
    phase: Phase,
    player_turn: u32,
    game_turn: u32,
    attacker: Side,
) -> Vec<Announcement> {
    let mut out = Vec::new();
    if phase == Phase::Rally {
        out.push(Announcement {
            event: "player_turn",
            rule: "A3",
            text: format!(
                "Game Turn {game_turn}, the {attacker:?} Player Turn (the {} of the Game Turn): \
                 the {attacker:?} side is the ATTACKER",
                if player_turn % 2 == 1 {
                    "first"
                } else {
                    "second"
                }
            ),
        });
    }
    out.push(Announcement {
        event: "phase",
        rule: "A3",
        text: format!("{} begins", phase.abbrev()),
    });
    out
}

/// A4 / G11.74 / E1.53: what a unit carries through one phase only, cleared as each phase
/// begins: the MF it has expended, its entry into a cave or Cave Complex, Straying, its
/// advance (A4.7), its Rally attempt (A10.6), its T-H Hero attempt (G1.421) and its Assault
/// Movement (A4.61).
pub fn unit_at_phase_start(u: &mut Unit) {
    u.mf_spent = 0.0;
    u.assault_moving = false;
    u.entered_cave = false;
    u.straying = false;
    u.movement_dr = false;
    u.advanced = false;
    u.rally_attempted = false;
    u.routed = false;
    u.hero_attempted = false;
}

// --- E1.12 NVR change -----------------------------------------------------------------------

/// An NVR Change DR to make: the Base NVR and the night's cloud and moon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NvrChangePlan {
    pub base: i32,
    pub cloud: Cloud,
    pub moon: Moon,
    /// The rule the NVR Change DR (and any subsequent dr) is rolled under.
    pub roll_rule: &'static str,
}

impl NvrChangePlan {
    /// E1.12: the NVR after the DR (coloured, white); `subsequent_dr` is asked for only with
    /// Scattered clouds and a Half or Full Moon.
    pub fn change(&self, colored: u8, white: u8, subsequent_dr: impl FnOnce() -> u8) -> NvrChange {
        nvr_change(
            self.base,
            self.cloud,
            self.moon,
            colored,
            white,
            subsequent_dr,
        )
    }
}

/// E1.12: an NVR Change DR is made at the start of each RPh after the opening Player Turn of a
/// night scenario (`nvr`: the NVR now, `None` by day).
pub fn nvr_change_due(
    nvr: Option<i32>,
    cloud: Cloud,
    moon: Moon,
    player_turn: u32,
) -> Option<NvrChangePlan> {
    let base = nvr?;
    (player_turn > 1).then_some(NvrChangePlan {
        base,
        cloud,
        moon,
        roll_rule: "E1.12",
    })
}

// --- E1.53 Straying -------------------------------------------------------------------------

/// A unit's Movement DR at the start of the MPh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Straying {
    /// It makes none, as the rule says.
    Exempt { unit: String, check: Check },
    /// It makes a Movement DR (`rules::night::movement::movement_dr`) under `roll_rule`.
    Roll {
        unit: String,
        roll_rule: &'static str,
    },
}

/// E1.53 (G11.96): at the start of the MPh at night, each Good Order ATTACKER ground unit about
/// to move to a new hex (`movers`, in order: the script's next moves) makes a Movement DR, but
/// not while it moves in a cave or Cave Complex, nor a berserk unit (E1.533). Nothing by day.
pub fn straying(s: &Situation, movers: &[String]) -> Vec<Straying> {
    if !s.night() {
        return Vec::new();
    }
    movers
        .iter()
        .filter_map(|id| s.unit(id))
        .filter(|u| u.unit.side() == s.turn.attacker && u.unit.good_order())
        .map(|u| {
            let required = movement_dr_required(&StrayStart {
                ground_unit: true,
                moves_to_new_hex: true,
                enters_sewer: false,
                berserk: u.unit.berserk,
                in_cave_or_complex: matches!(u.at, Location::Cave(_) | Location::Complex(_)),
            });
            let unit = u.unit.id.clone();
            if required.holds {
                Straying::Roll {
                    unit,
                    roll_rule: "E1.53",
                }
            } else {
                Straying::Exempt {
                    unit,
                    check: required,
                }
            }
        })
        .collect()
}

/// E1.53 / G11.96: "a unit moving in a cave or Cave Complex is not subject to Straying until it
/// moves above-ground": the Movement DR a unit must make before its move from a cave or Cave
/// Complex to `to` above ground in the MPh at night, when it has not made one this MPh (it was
/// in a cave as the MPh began). `None` when no DR is due.
pub fn straying_above_ground(s: &Situation, id: &str, to: &Location) -> Option<Straying> {
    let u = s.unit(id)?;
    let leaving = matches!(u.at, Location::Cave(_) | Location::Complex(_))
        && !matches!(to, Location::Cave(_) | Location::Complex(_));
    (s.night()
        && s.phase == Phase::Movement
        && leaving
        && !u.unit.movement_dr
        && u.unit.side() == s.turn.attacker
        && u.unit.good_order())
    .then(|| Straying::Roll {
        unit: id.to_string(),
        roll_rule: "E1.53",
    })
}

/// E1.53 / G11.96 (issue 27.1): the Movement DR a unit makes just before its first move to a
/// new hex in its MPh at night ("each ground unit or stack wishing to move to a new hex ...
/// must first make a Movement DR"), in a walk and in Play mode alike: a Good Order ATTACKER
/// unit that has made none this MPh. A unit moving from a cave or Cave Complex into another is
/// exempt (G11.96: "not subject to Straying until it moves above-ground"), said at its first
/// move of the MPh; it rolls when it first moves above ground (`straying_above_ground`).
pub fn straying_before_move(s: &Situation, id: &str, to: &Location) -> Option<Straying> {
    let u = s.unit(id)?;
    if !(s.night()
        && s.phase == Phase::Movement
        && !u.unit.movement_dr
        && u.unit.side() == s.turn.attacker
        && u.unit.good_order())
    {
        return None;
    }
    if let Some(roll) = straying_above_ground(s, id, to) {
        return Some(roll);
    }
    let in_cave = |l: &Location| matches!(l, Location::Cave(_) | Location::Complex(_));
    if in_cave(&u.at) && in_cave(to) {
        return (u.unit.mf_spent == 0.0).then(|| {
            straying(s, &[id.to_string()])
                .into_iter()
                .next()
                .expect("a Good Order ATTACKER unit at night")
        });
    }
    let new_hex = match (u.at.hex(), to.hex()) {
        (Some(a), Some(b)) => a != b,
        _ => true,
    };
    new_hex
        .then(|| straying(s, &[id.to_string()]).into_iter().next())
        .flatten()
}

// --- E1.32 "?" at night ---------------------------------------------------------------------

/// E1.1/E1.101: can a unit `range` hexes away be seen at all at night: within the NVR, or
/// Illuminated (then the NVR does not limit the LOS to it)? A LOS beyond the NVR to an unlit
/// target is blocked whatever lies between, so it need not be traced.
pub fn within_sight(range: u32, nvr: Option<u32>, lit: bool) -> bool {
    lit || nvr.is_none_or(|n| range <= n)
}

/// A unit gains "?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gained {
    pub unit: String,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.32 (A12.122): at the end of the CCPh of a night scenario, a Good Order unconcealed
/// Infantry unit in Concealment Terrain (a cave always is, G11.3) that no Good Order enemy
/// ground unit sees (one in a cave sees through its CA, G11.5; beyond the NVR only a unit
/// Illuminated, E1.101) would need a "?" dr
/// in daylight, so it gains "?" automatically. (A12.122's full list of situations is not in our
/// sources; this is the one the walk models. T-H Heroes, hidden and Cloaked units gain none.)
pub fn night_concealment(s: &Situation) -> Vec<Gained> {
    if !s.night() {
        return Vec::new();
    }
    let env = s.env();
    // E1.101: an Illuminated unit is seen beyond the NVR.
    let lit_env = s.env().with_nvr(None);
    let nvr = env.nvr;
    // The Good Order ground units that could see, with their hexes (none for a unit in a
    // cave, whose LOS G11.5 traces from its mouth; nor in a Cave Complex, which sees nothing
    // above ground), found once.
    let watchers: Vec<(&crate::rules::situation::UnitAt, Option<Hex>)> = s
        .units
        .iter()
        .filter(|w| w.unit.good_order() && !matches!(w.at, Location::Complex(_)))
        .map(|w| (w, w.at.hex()))
        .collect();
    let mut gained = Vec::new();
    for u in &s.units {
        if u.concealed || u.hidden || u.cloaked || !u.unit.good_order() || u.unit.hero.is_some() {
            continue;
        }
        let concealment_terrain = match &u.at {
            Location::Cave(_) | Location::Complex(_) => true,
            other => other
                .hex()
                .and_then(|h| s.map.get(h))
                .is_some_and(|d| d.terrain.info().concealment),
        };
        if !concealment_terrain {
            continue;
        }
        let lit = s.lit(&u.at);
        let env = if lit { &lit_env } else { &env };
        let target = s.hex_of(&u.at);
        let seen = watchers.iter().any(|(w, from)| {
            w.unit.side() != u.unit.side()
                && target
                    .zip(*from)
                    .is_none_or(|(to, from)| within_sight(from.distance(to), nvr, lit))
                && cave_los(env, &s.caves, &w.at, &u.at).is_ok_and(|r| r.clear())
        });
        if seen {
            continue;
        }
        let g = gain_at_night(Gain::ByDr);
        if g.gain == Gain::Automatic {
            gained.push(Gained {
                unit: u.unit.id.clone(),
                rule: g.rule,
                reason: format!(
                    "in Concealment Terrain and out of every Good Order enemy's LOS: {}; it \
                     gains \"?\"",
                    g.reason
                ),
            });
        }
    }
    gained
}

// --- the end of the CCPh: removals ----------------------------------------------------------

/// A Starshell or IR removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightRemoved {
    pub kind: SourceKind,
    pub hex: Hex,
    pub rule: &'static str,
    pub text: String,
}

/// E1.923 / E1.933: the Starshells and IR removed at the end of `ending` (each CCPh, after the
/// placement of "?"), in the order of their names.
pub fn illumination_removed(s: &Situation, ending: Phase) -> Vec<LightRemoved> {
    let rule = removed_at_end_of(ending);
    if !rule.holds {
        return Vec::new();
    }
    let item = |kind, what: &str, hex: Hex| LightRemoved {
        kind,
        hex,
        rule: rule.rule,
        text: format!("{what} {} removed: {}", s.map.place(hex), rule.reason),
    };
    let mut out: Vec<LightRemoved> = s
        .starshells
        .iter()
        .map(|h| item(SourceKind::Starshell, "Starshell", *h))
        .chain(s.irs.iter().map(|h| item(SourceKind::Ir, "IR", *h)))
        .chain(
            s.trip_flare_counters
                .iter()
                .map(|h| item(SourceKind::TripFlare, "Trip Flare counter", *h)),
        )
        .collect();
    out.sort_by(|a, b| a.text.cmp(&b.text));
    out
}

/// SMOKE removed from a cave, and what a removed WP reveals.
#[derive(Clone, Debug, PartialEq)]
pub struct SmokeRemoved {
    /// The cave (empty for grenade SMOKE outside caves, A24.1).
    pub cave: String,
    pub rule: &'static str,
    pub text: String,
    /// G11.851: the hidden caves and tunnel openings a removed WP rises to.
    pub reveal: Option<WpReveal>,
}

/// G11.85 / G11.851: is this SMOKE counter removed at the end of the Player Turn now ending?
/// SMOKE placed in a cave stays only until the end of the Player Turn it was placed in (SMOKE
/// set up with the scenario stays); a removed WP rises and reveals the caves still hidden and
/// the tunnel openings above it.
pub fn cave_smoke_removed_now(s: &Situation, smoke: &Smoke) -> Option<SmokeRemoved> {
    let Location::Cave(id) = &smoke.at else {
        return grenade_smoke_removed_now(s, smoke);
    };
    if smoke.placed_in == 0 {
        return None;
    }
    let rule = cave_smoke_removed(smoke.placed_in, s.turn.number);
    if !rule.holds {
        return None;
    }
    let reveal = matches!(
        smoke.kind,
        SmokeKind::WhitePhosphorus | SmokeKind::WpGrenade
    )
    .then(|| {
        let hidden: Vec<&str> = s.hidden_caves.iter().map(String::as_str).collect();
        s.caves.wp_reveals(s.map, id, &hidden)
    });
    Some(SmokeRemoved {
        cave: id.clone(),
        rule: rule.rule,
        text: format!(
            "{} in cave {id} removed: {}",
            smoke.kind.name(),
            rule.reason
        ),
        reveal,
    })
}

/// A24.1 (not from the seeds: chapter A is not among our sources): SMOKE and WP grenades placed
/// outside a cave are removed at the end of the Player Turn in which they were placed (SMOKE
/// set up with the scenario stays). Before, grenade SMOKE stayed on the map for the rest of the
/// game, hindering both sides' fire in every later Player Turn.
pub fn grenade_smoke_removed_now(s: &Situation, smoke: &Smoke) -> Option<SmokeRemoved> {
    if matches!(smoke.at, Location::Cave(_))
        || smoke.placed_in == 0
        || !matches!(smoke.kind, SmokeKind::Grenade | SmokeKind::WpGrenade)
        || s.turn.number < smoke.placed_in
    {
        return None;
    }
    Some(SmokeRemoved {
        cave: String::new(),
        rule: "A24.1",
        text: format!(
            "{} in {} removed: grenade SMOKE is removed at the end of the Player Turn in which \
             it was placed (A24.1, not in our sources)",
            smoke.kind.name(),
            smoke.at.display(s.map)
        ),
        reveal: None,
    })
}

/// G1.425: the T-H Heroes removed at the end of the Player Turn in which they were created,
/// having made no attack, unless in Melee then (they stay until no longer in Melee,
/// `heroes_out_of_melee`); a Hero kept so and still in Melee at a later Player Turn's end
/// stays too. With the rule's reason.
pub fn heroes_removed(s: &Situation) -> Vec<(String, Check)> {
    s.units
        .iter()
        .filter_map(|u| {
            let h = u.unit.hero.as_ref()?;
            if h.created_in > s.turn.number {
                return None;
            }
            let r = th_hero_removed_at_end_of_player_turn(h.attacked, in_melee(s, u));
            r.holds.then(|| (u.unit.id.clone(), r))
        })
        .collect()
}

/// G1.425: the T-H Heroes kept past the end of the Player Turn they were created in because
/// they were in Melee then, and who are no longer in Melee: each is removed at once.
pub fn heroes_out_of_melee(s: &Situation) -> Vec<(String, Check)> {
    s.units
        .iter()
        .filter_map(|u| {
            let h = u.unit.hero.as_ref()?;
            if h.created_in >= s.turn.number || h.attacked || in_melee(s, u) {
                return None;
            }
            Some((
                u.unit.id.clone(),
                crate::rules::check(
                    true,
                    "G1.425",
                    format!(
                        "T-H Hero {}, kept in play while in Melee past the end of the Player \
                         Turn he was created in, is no longer in Melee: he is removed",
                        u.unit.id
                    ),
                ),
            ))
        })
        .collect()
}

/// G1.425: "If a T-H Hero's Designated Target is eliminated before he can reach/attack it, he
/// is immediately eliminated": the Heroes whose Designated Target is no longer in play, and who
/// have not attacked it, with the rule's reason.
pub fn heroes_without_target(s: &Situation) -> Vec<(String, Check)> {
    s.units
        .iter()
        .filter_map(|u| {
            let h = u.unit.hero.as_ref()?;
            if h.attacked || s.unit(&h.target).is_some() {
                return None;
            }
            Some((
                u.unit.id.clone(),
                crate::rules::check(
                    true,
                    "G1.425",
                    format!(
                        "T-H Hero {}'s Designated Target {} has been eliminated before he could \
                         reach or attack it: he is eliminated at once",
                        u.unit.id, h.target
                    ),
                ),
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::within_sight;

    #[test]
    fn e1_1_a_unit_beyond_the_nvr_and_unlit_is_not_considered() {
        assert!(within_sight(2, Some(2), false), "at the NVR: traced");
        assert!(
            !within_sight(3, Some(2), false),
            "beyond the NVR, unlit: not considered"
        );
        assert!(
            within_sight(3, Some(2), true),
            "E1.101: Illuminated, seen beyond the NVR"
        );
        assert!(within_sight(40, None, false), "by day no range cut");
        assert!(!within_sight(1, Some(0), false), "NVR 0: only the same hex");
    }
}
