//! What the doctrine plays for, by name, and the game as it stands against the victory
//! conditions (A26): whether its side's Casualty VP are already won (then it stops risking
//! units), whether this is the last Game Turn, and what each unit is worth to the enemy.

use crate::hex::Hex;
use crate::los::Location;
use crate::model::Side;
use crate::rules::situation::{Situation, UnitAt};
use crate::rules::victory::{VictoryCondition, casualty_vp};

use crate::opponent::player::Posture;
use crate::opponent::plays_for::known_entrance;
use crate::opponent::weights::DoctrineWeights;

/// The side's stakes now (A26).
#[derive(Clone, Copy, Debug)]
pub struct Stakes {
    /// A Casualty VP condition of its own already holds: it has won, whatever it does next.
    pub won: bool,
    /// The scenario's last Game Turn.
    pub last_turn: bool,
    /// It wins by conditions of its own (it attacks).
    pub attacks: bool,
}

impl Stakes {
    /// The stakes of `side` on the view `s`.
    pub fn of(s: &Situation, posture: &Posture, side: Side) -> Stakes {
        // A26: the first condition that holds names the winner, so the side has won only by
        // a CVP condition of its own that holds with no condition of the enemy's before it.
        let mut won = false;
        for c in posture.victory {
            match c {
                VictoryCondition::CasualtyVp {
                    side: who,
                    at_least,
                } if *who == side && s.scoring.cvp(side) >= *at_least => {
                    won = true;
                    break;
                }
                VictoryCondition::Otherwise { .. } => break,
                VictoryCondition::Control { side: who, .. }
                | VictoryCondition::CasualtyVp { side: who, .. }
                    if *who != side =>
                {
                    break;
                }
                _ => {}
            }
        }
        let game_turn = s.turn.number.div_ceil(2);
        Stakes {
            won,
            last_turn: posture.turns.is_some_and(|t| game_turn >= t),
            attacks: posture.attacks(side),
        }
    }

    /// The price of one unit of value the enemy's reply is expected to take: a side holding
    /// out pays more (every unit it loses counts), a side that has won pays most, a side
    /// still behind in the last Game Turn least.
    pub fn risk(&self, w: &DoctrineWeights) -> f32 {
        if self.won {
            w.risk_won
        } else if !self.attacks {
            w.risk_holding
        } else if self.last_turn {
            w.risk_last_turn
        } else {
            w.risk
        }
    }
}

/// A26: whether `side` should play for the Locations its Control condition names rather than
/// hunt Casualty VP: it has a Control condition whose Locations it knows (a hidden cave is not
/// there for it), and either the Known enemy units outside caves are not worth the Casualty VP
/// it still needs (the hunt cannot win it), or the scenario's last Game Turn has come with the
/// Casualty VP not won; or it has no Casualty VP condition at all. The conditions without its
/// own Casualty VP one when it does (what the doctrine's moves then play for), `None` when the
/// hunt still pays.
pub fn control_pays(
    s: &Situation,
    posture: &Posture,
    side: Side,
    stakes: &Stakes,
    w: &DoctrineWeights,
) -> Option<Vec<VictoryCondition>> {
    if stakes.won || posture.plan.is_some_and(|p| !p.objectives.is_empty()) {
        return None;
    }
    let control_known = posture.victory.iter().any(|c| match c {
        VictoryCondition::Control {
            side: who,
            locations,
        } if *who == side => locations.iter().all(|l| goal_hex(s, side, l).is_some()),
        _ => false,
    });
    if !control_known {
        return None;
    }
    // With no Casualty VP condition of its own, Control is its only way to win.
    let Some(need) = cvp_missing(s, posture, side) else {
        return Some(posture.victory.to_vec());
    };
    let quarry = quarry(s, side);
    // Or from `w.control_turns` Game Turns before the last when a Location to Control lies
    // more than `w.control_reach` hexes from its nearest Good Order MMC: a hunt that has not
    // won by then leaves too little time to reach them all.
    let game_turn = s.turn.number.div_ceil(2);
    let near_end = posture
        .turns
        .is_some_and(|t| game_turn + w.control_turns >= t)
        && control_far(s, posture, side, w.control_reach);
    (quarry < need || stakes.last_turn || near_end).then(|| {
        posture
            .victory
            .iter()
            .filter(
                |c| !matches!(c, VictoryCondition::CasualtyVp { side: who, .. } if *who == side),
            )
            .cloned()
            .collect()
    })
}

/// A26.2: the Casualty VP `side` still needs to win by its Casualty VP condition, `None`
/// when it has none.
fn cvp_missing(s: &Situation, posture: &Posture, side: Side) -> Option<u32> {
    posture.victory.iter().find_map(|c| match c {
        VictoryCondition::CasualtyVp {
            side: who,
            at_least,
        } if *who == side => Some(at_least.saturating_sub(s.scoring.cvp(side))),
        _ => None,
    })
}

/// A26.2: whether the enemy of `side` has a Casualty VP condition it has not won yet (every
/// unit `side` loses counts toward it).
pub fn enemy_needs_cvp(s: &Situation, posture: &Posture, side: Side) -> bool {
    cvp_missing(s, posture, side.opponent()).is_some_and(|need| need > 0)
}

/// A26.2: whether the loss of the enemy unit `u` alone would win `side` the Casualty VP it
/// still needs (it attacks with a Casualty VP condition not yet won).
pub fn decides(s: &Situation, posture: &Posture, side: Side, u: &UnitAt) -> bool {
    u.unit.side() != side
        && cvp_missing(s, posture, side)
            .is_some_and(|need| need > 0 && casualty_vp(&u.unit, &s.tables.casualty_vp).0 >= need)
}

/// A26.2: whether `side` may still win by Casualty VP on the Known enemy units outside caves
/// alone (`quarry`): they are worth at least the Casualty VP it still needs.
pub fn hunt_suffices(s: &Situation, posture: &Posture, side: Side) -> bool {
    cvp_missing(s, posture, side).is_some_and(|need| need > 0 && quarry(s, side) >= need)
}

/// A26.2 / G11.33: whether the Known enemy outside caves within `reach` hexes of one of its
/// Good Order MMC (what its hunt can get at: before the game ends in the last Game Turn, within
/// a Player Turn before it) is worth the Casualty VP `side` still needs.
pub fn hunt_reaches(s: &Situation, posture: &Posture, side: Side, reach: u32) -> bool {
    let ours: Vec<Hex> = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.good_order())
        .filter(|u| crate::rules::orders::common::mmc(&u.unit).is_some())
        .filter_map(|u| s.hex_of(&u.at))
        .collect();
    let near: u32 = s
        .units
        .iter()
        .filter(|u| u.unit.side() != side)
        .filter(|u| !matches!(u.at, Location::Cave(_) | Location::Complex(_)))
        .filter(|u| {
            s.hex_of(&u.at)
                .is_some_and(|h| ours.iter().any(|o| o.distance(h) <= reach))
        })
        .map(|u| casualty_vp(&u.unit, &s.tables.casualty_vp).0)
        .sum();
    cvp_missing(s, posture, side).is_some_and(|need| need > 0 && near >= need)
}

/// A26.2: what the enemy units `side` sees outside caves and Cave Complexes are worth to it in
/// Casualty VP (those its hunt can reach; a cave's are reached by DCs, G11.8).
fn quarry(s: &Situation, side: Side) -> u32 {
    s.units
        .iter()
        .filter(|u| u.unit.side() != side)
        .filter(|u| !matches!(u.at, Location::Cave(_) | Location::Complex(_)))
        .map(|u| casualty_vp(&u.unit, &s.tables.casualty_vp).0)
        .sum()
}

/// A26.1 / G11.33: whether one cave `side` has not found (`unknown`, from `unknown_caves`) is
/// all its Control condition still lacks (it Controls every other Location the condition
/// names) while the hunt cannot win: the Known enemy outside caves is not worth the Casualty
/// VP it still needs (`hunt_suffices`), or it has no Casualty VP condition. Then finding that
/// cave may win the game, and the doctrine's units nearer the hexes it may be in go to Search
/// them while the others hunt. Not for a side that holds out, has won, or follows a scenario's
/// plan; nor with two caves or more still to find (a hunt for several splits its force for
/// long: on the assault, where caves A and G are both hidden, the Allied doctrine then won 57
/// games of 200 against itself instead of 123, and 157 against random Japanese instead of
/// 173).
pub fn one_cave_to_find(
    s: &Situation,
    posture: &Posture,
    side: Side,
    stakes: &Stakes,
    unknown: &[String],
) -> bool {
    if !stakes.attacks
        || stakes.won
        || unknown.len() != 1
        || posture.plan.is_some_and(|p| !p.objectives.is_empty())
    {
        return false;
    }
    let lacking = control_locations(posture, side)
        .filter(|l| crate::rules::victory::controller(s, l).0 != Some(side))
        .count();
    lacking == 1 && !hunt_suffices(s, posture, side)
}

/// A26.1: the Locations `side`'s Control conditions name.
pub fn control_locations<'a>(
    posture: &'a Posture,
    side: Side,
) -> impl Iterator<Item = &'a Location> + 'a {
    posture
        .victory
        .iter()
        .filter_map(move |c| match c {
            VictoryCondition::Control {
                side: who,
                locations,
            } if *who == side => Some(locations.iter()),
            _ => None,
        })
        .flatten()
}

/// A26.1 / G11.94: the hex `side` plays for to Control `l`: a cave's Entrance Hex if the side
/// knows the cave (`plays_for::known_entrance`), else the Location's hex.
pub(super) fn goal_hex(s: &Situation, side: Side, l: &Location) -> Option<Hex> {
    match l {
        Location::Cave(id) => known_entrance(s, side, id),
        other => s.hex_of(other),
    }
}

/// A26.1: some Location its side must Control (a known cave by its Entrance Hex) lies more than
/// `reach` hexes from the nearest of its Good Order MMC.
///
/// In the MPh only the units that have not moved yet count: what was far when the phase began
/// stays far while its units move (a unit stepping toward a Location would otherwise make it
/// "near", turn the others back to the hunt, and the hunt make it far again).
fn control_far(s: &Situation, posture: &Posture, side: Side, reach: u32) -> bool {
    let moving = s.phase == crate::model::Phase::Movement;
    let ours: Vec<Hex> = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.good_order())
        .filter(|u| crate::rules::orders::common::mmc(&u.unit).is_some())
        .filter(|u| !(moving && u.unit.mf_spent > 0.0))
        .filter_map(|u| s.hex_of(&u.at))
        .collect();
    control_locations(posture, side)
        .filter_map(|l| goal_hex(s, side, l))
        .any(|h| {
            ours.iter()
                .map(|o| o.distance(h))
                .min()
                .is_none_or(|d| d > reach)
        })
}

/// A26 / G11.8: the hexes the doctrine's moves play for: with `control` (Control pays,
/// `control_pays`) the Locations its Control conditions name (a cave by its Entrance Hex);
/// else `plays_for::objectives`, but an enemy unit in a cave its side knows is hunted at the
/// cave's Entrance Hex, where fire and DCs reach it (G11.8), not at the hex above it.
pub fn objectives(s: &Situation, posture: &Posture, side: Side, control: bool) -> Vec<Hex> {
    let mut v = posture.objectives(s, side);
    if posture.plan.is_some_and(|p| !p.objectives.is_empty()) {
        return v;
    }
    if control {
        // A26.1 / G11.94: a Location its side Controls already is no longer a goal (Control
        // stays with the side that was last to hold it), nor one a Good Order MMC of its side
        // stands in (it takes it): its other units go on to the others.
        let held: Vec<Hex> = control_locations(posture, side)
            .filter(|l| {
                crate::rules::victory::controller(s, l).0 == Some(side)
                    || s.units.iter().any(|u| {
                        u.unit.side() == side
                            && u.unit.good_order()
                            && crate::rules::orders::mmc(&u.unit).is_some()
                            && u.at == **l
                    })
            })
            .filter_map(|l| goal_hex(s, side, l))
            .collect();
        let open: Vec<Hex> = v.iter().copied().filter(|h| !held.contains(h)).collect();
        if !open.is_empty() {
            v = open;
        }
        return v;
    }
    let entrance_of = |h: Hex| -> Option<Hex> {
        s.units
            .iter()
            .filter(|u| u.unit.side() != side && !u.hidden)
            .find_map(|u| match &u.at {
                Location::Cave(id) if s.hex_of(&u.at) == Some(h) => known_entrance(s, side, id),
                _ => None,
            })
    };
    // A hex whose only Known enemy units are in caves stands for their Entrance Hex.
    for h in v.iter_mut() {
        let outside = s.units.iter().any(|u| {
            u.unit.side() != side
                && !u.hidden
                && !matches!(u.at, Location::Cave(_) | Location::Complex(_))
                && s.hex_of(&u.at) == Some(*h)
        });
        if !outside && let Some(e) = entrance_of(*h) {
            *h = e;
        }
    }
    v.sort();
    v.dedup();
    // Concentration is for a hunt (a Casualty VP condition of its own): a side holding the
    // Locations the enemy must Control keeps them all in view.
    let hunts = posture
        .victory
        .iter()
        .any(|c| matches!(c, VictoryCondition::CasualtyVp { side: who, .. } if *who == side));
    if hunts { concentrate(s, side, v) } else { v }
}

/// Concentration of force: of several goals of a hunt, the one the side's Good Order units
/// stand nearest all together (their summed distance, the nearer goal on a tie), so that they
/// close in on one enemy together instead of one by one on each.
fn concentrate(s: &Situation, side: Side, goals: Vec<Hex>) -> Vec<Hex> {
    if goals.len() < 2 {
        return goals;
    }
    let ours: Vec<Hex> = s
        .units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.good_order())
        .filter_map(|u| s.hex_of(&u.at))
        .collect();
    if ours.is_empty() {
        return goals;
    }
    let best = goals
        .iter()
        .copied()
        .min_by_key(|g| (ours.iter().map(|o| o.distance(*g)).sum::<u32>(), *g));
    best.into_iter().collect()
}

/// G11.88 / G11.94 / A26.2: whether a DC into cave `cave` keeps its side's chances: a DC's KIA
/// eliminates the cave with its contents, and an eliminated cave is Controlled by nobody, so a
/// cave its Control condition names is attacked only while Known enemy units are in it (an
/// empty one the DC would only risk), and, where the side may also win by Casualty VP, only
/// if that KIA would leave the Casualty VP within reach: the contents' Casualty VP win them,
/// or the Known enemy units outside caves are worth what would still be missing (else the KIA
/// trades the Control it plays for for Casualty VP it cannot complete).
pub fn dc_spares_control(s: &Situation, posture: &Posture, side: Side, cave: &str) -> bool {
    let here = Location::Cave(cave.to_string());
    let must_control = posture.victory.iter().any(|c| {
        matches!(c, VictoryCondition::Control { side: who, locations }
            if *who == side && locations.contains(&here))
    });
    if !must_control {
        return true;
    }
    let inside: Vec<&UnitAt> = s
        .units
        .iter()
        .filter(|u| u.unit.side() != side && !u.hidden && u.at == here)
        .collect();
    if inside.is_empty() {
        return false;
    }
    let Some(need) = cvp_missing(s, posture, side) else {
        return true;
    };
    let worth: u32 = inside
        .iter()
        .map(|u| casualty_vp(&u.unit, &s.tables.casualty_vp).0)
        .sum();
    let missing = need.saturating_sub(worth);
    missing == 0 || quarry(s, side) >= missing
}

/// A26.2: what losing `u` is worth to its side, a squad counting 1: its Casualty VP over a
/// squad's, more for a DC carrier, most for one holding a Placed DC (breaking it cancels the
/// DC, G11.833), a little more for a lit target at night (E1.92: the enemy sees it).
pub fn value(s: &Situation, u: &UnitAt, w: &DoctrineWeights) -> f32 {
    let (cvp, _, _) = casualty_vp(&u.unit, &s.tables.casualty_vp);
    let mut v = (cvp as f32 / w.squad_cvp).max(0.25);
    if u.unit.dc {
        v += w.dc_carrier;
    }
    if u.unit.placed_dc.as_ref().is_some_and(|p| !p.operable) {
        v += w.placer;
    }
    if s.night() && s.lit(&u.at) {
        v += w.lit_target;
    }
    v
}

/// The goal nearest `h` among `goals`, by name: "cave G's Entrance Hex T4, which the Allies
/// must Control (G11.94)", "jp3 in T5, worth 2 Casualty VP to the Allies (A26.2)".
pub fn goal_name(s: &Situation, posture: &Posture, side: Side, goals: &[Hex], h: Hex) -> String {
    let Some(g) = goals.iter().min_by_key(|g| (g.distance(h), **g)).copied() else {
        return s.map.name(h);
    };
    let hex = s.map.name(g);
    for c in posture.victory {
        if let VictoryCondition::Control {
            side: who,
            locations,
        } = c
        {
            for l in locations {
                let named = match l {
                    Location::Cave(id) => (known_entrance(s, side, id) == Some(g))
                        .then(|| format!("cave {id}'s Entrance Hex {hex}")),
                    other => (s.hex_of(other) == Some(g)).then(|| hex.clone()),
                };
                if let Some(n) = named {
                    let rule = if matches!(l, Location::Cave(_)) {
                        "G11.94"
                    } else {
                        "A26.1"
                    };
                    return format!("{n}, which the {} must Control ({rule})", side_name(*who));
                }
            }
        }
    }
    let quarry: Vec<&UnitAt> = s
        .units
        .iter()
        .filter(|u| u.unit.side() != side && s.hex_of(&u.at) == Some(g))
        .collect();
    if !quarry.is_empty() {
        let vp: u32 = quarry
            .iter()
            .map(|u| casualty_vp(&u.unit, &s.tables.casualty_vp).0)
            .sum();
        let ids: Vec<&str> = quarry
            .iter()
            .map(|u| crate::opponent::view::shown(&u.unit.id))
            .collect();
        return format!(
            "{} in {hex}, worth {vp} Casualty VP to the {} (A26.2)",
            ids.join(", "),
            side_name(side)
        );
    }
    // An enemy unit in a cave is hunted at the cave's Entrance Hex (G11.8, G11.833).
    let in_cave: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.unit.side() != side)
        .filter_map(|u| match &u.at {
            Location::Cave(id) if known_entrance(s, side, id) == Some(g) => {
                Some(format!("{} in cave {id}", u.unit.id))
            }
            _ => None,
        })
        .collect();
    if !in_cave.is_empty() {
        return format!(
            "{hex}, the Entrance Hex from which fire and DCs reach {} (G11.8, G11.833)",
            in_cave.join(", ")
        );
    }
    // A hex a cave it must Control and has not found may be in (`cave_search_goals`, which
    // also serves a plan whose objectives it cannot see).
    let unknown = unknown_caves(s, posture, side);
    let planned = posture
        .plan
        .is_some_and(|p| !p.objectives.is_empty() && posture.objectives(s, side).contains(&g));
    if !unknown.is_empty() && cave_site(s, g) && !planned {
        return format!(
            "{hex}, to Search it for cave {}, which the {} must Control and have not found \
             (G11.33)",
            unknown.join(", "),
            side_name(side)
        );
    }
    if posture.plan.is_some() {
        return format!("{hex}, the {}' objective in this scenario", side_name(side));
    }
    hex
}

/// The side's name in a sentence.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Allied => "Allies",
        Side::Japanese => "Japanese",
    }
}

/// A26 / G11.94: the caves its side must Control whose place it does not know (hidden from it:
/// not there for it, `plays_for::known_entrance`), none eliminated.
pub fn unknown_caves(s: &Situation, posture: &Posture, side: Side) -> Vec<String> {
    control_locations(posture, side)
        .filter_map(|l| match l {
            Location::Cave(id)
                if known_entrance(s, side, id).is_none() && !s.eliminated_caves.contains(id) =>
            {
                Some(id.clone())
            }
            _ => None,
        })
        .collect()
}

/// G11.1: a hex a cave may be in: higher than one of its neighbours (a hill's slope or a
/// cliff's top), where a cave's Covered Arc can face lower ground.
pub fn cave_site(s: &Situation, h: Hex) -> bool {
    let level = |x: Hex| s.map.get(x).map(|d| d.level);
    let Some(here) = level(h) else { return false };
    h.neighbors()
        .iter()
        .any(|n| level(*n).is_some_and(|l| l < here))
}

/// G11.33 / A26.1: where a side that must Control caves it has not found (`unknown`, from
/// `unknown_caves`) goes to Search for them when nothing else is there to move on: of the
/// hexes a cave may be in (`cave_site`) that it has not Searched, the one its Good Order units
/// stand nearest all together (`concentrate`). No peeking: the sites are read from the map's levels, and what
/// it searched is all it knows.
pub fn cave_search_goals(
    s: &Situation,
    side: Side,
    unknown: &[String],
    searched: &[Hex],
) -> Vec<Hex> {
    if unknown.is_empty() {
        return Vec::new();
    }
    let sites: Vec<Hex> = s
        .map
        .hexes()
        .map(|d| d.hex)
        .filter(|h| !searched.contains(h) && cave_site(s, *h))
        .collect();
    concentrate(s, side, sites)
}
