//! A10.5 Rout, with what the seeds add: Infantry may not rout from a Cave Complex (G11.73); a
//! broken unit in a cave or Cave Complex need not rout to the nearest woods/building, and a
//! broken Japanese unit may rout to a cave at least as close (in MF) as the nearest
//! woods/building (G11.77); a broken unit entering a cave or Complex may become hidden (G11.75,
//! as the movement ruling hides it); at night a broken unit does not rout normally and is not
//! eliminated for Failure to Rout (E1.54).
//!
//! *Chapter A, NOT FROM THE SEEDS, as we read it (docs/asl-facts.md names the public sources):*
//! in the RtPh (both sides rout in it) a broken unit must rout when a Known (neither hidden nor
//! concealed) Good Order enemy unit is in its Location or ADJACENT to it (A10.5; G11.6 to or
//! from a cave), or when it is in Open Ground in the LOS and within the Normal Range of one, or
//! in a Blaze; it routs once, with the 6 MF every routing unit has (`tables.rout_mf`), by the
//! movement costs
//! `moves` counts (a rout is a move: the same ruling, step by step), along a path whose every
//! Location after its own neither holds nor is ADJACENT to a Known enemy unit, broken or not
//! (A10.51; the cheapest such path, `moves::field_entering`) — but for its first step out of
//! a Location it shares with a Known enemy unit before any Close Combat there ("unless in
//! doing so it is leaving that enemy unit's Location": a path that comes back beside that unit
//! after its first step is dropped once found, so a longer path around it is not looked for,
//! where hexside costs make one) — ending no closer in hexes to any
//! Known enemy unit than it started (A10.51), to the nearest (in MF) woods or building (jungle
//! read as woods), or anywhere so allowed when none is in reach. A unit that must rout and has
//! nowhere to go is eliminated for Failure to Rout (A10.5); one locked in Melee (A11.7) does
//! not rout, nor fail to (a published rout flowchart; Withdrawal, A11.2, is not modelled).
//!
//! Interdiction (A10.53, NOT FROM THE SEEDS: the eASLRB's own text; `interdiction`): a routing
//! unit entering an Open Ground hex in the LOS and Normal Range of an unbroken enemy unit that
//! could fire on it there with no LOS Hindrance takes a NMC; failed, it suffers Casualty
//! Reduction (a surviving HS routs on); passed with the highest DR that passes it, it is pinned
//! and routs no further (`interdiction_pin`).
//!
//! Low Crawl (A10.52, NOT FROM THE SEEDS: our reading of the public sources, A10.53's own "an
//! Open Ground hex without Low Crawl" and a published rout flowchart): instead of its whole
//! rout a broken unit may move one Location, the first of a legal rout's path, and is then not
//! subject to Interdiction; not when it has routed this RtPh or shares its Location with an
//! enemy unit. A rout order names where it goes: a destination, or a Low Crawl Location
//! (`RoutPlan::low_crawl`); a rout of one Location is a Low Crawl wherever one is allowed.

use crate::hex::Hex;
use crate::los::Location;
use crate::map::Terrain;
use crate::model::{Nationality, Phase, Side};
use crate::rules::morale::McResult;
use crate::rules::moves::{Reach, field_entering};
use crate::rules::situation::{Refusal, Situation, UnitAt, same_location};
use crate::rules::{Check, check};

/// The rule a rout is ruled under.
pub const ROUT: &str = "A10.5";

/// Where a broken unit may rout now, and whether it must.
#[derive(Clone, Debug, PartialEq)]
pub struct RoutPlan {
    pub unit: String,
    /// Must it rout (A10.5; never at night, E1.54)?
    pub must: Check,
    /// The legal destinations, each with its MF and path (the unit's own Location excluded).
    pub destinations: Vec<Reach>,
    /// A10.52: the Locations it may Low Crawl into that are not destinations themselves (the
    /// first Location of a destination's path), each with its one-step path; none where Low
    /// Crawl is not allowed (`low_crawl_allowed`).
    pub low_crawl: Vec<Reach>,
    /// A10.52: may it Low Crawl at all (`low_crawl_allowed`)?
    pub crawl_allowed: bool,
    /// Why these are the destinations.
    pub why: String,
}

impl RoutPlan {
    /// Every Location a rout order may name: the destinations, then the Low Crawl Locations.
    pub fn options(&self) -> impl Iterator<Item = &Reach> {
        self.destinations.iter().chain(self.low_crawl.iter())
    }

    /// A10.52: is a rout to `to` a Low Crawl? One of one Location where Low Crawl is allowed
    /// (a Low Crawl Location, or a destination one Location away).
    pub fn crawls_to(&self, to: &Location) -> bool {
        self.crawl_allowed && self.options().any(|r| &r.at == to && r.path.len() == 2)
    }
}

/// The rule Low Crawl is ruled under.
pub const LOW_CRAWL: &str = "A10.52";

/// A10.52 (NOT FROM THE SEEDS, our reading): may unit `u` Low Crawl? Not when an enemy unit
/// (not hidden) shares its Location.
fn low_crawl_allowed(s: &Situation, u: &UnitAt) -> bool {
    !s.units
        .iter()
        .any(|e| e.unit.side() != u.unit.side() && !e.hidden && e.at == u.at)
}

/// A Known (neither hidden nor concealed) Good Order unit of the enemy of `side`.
pub(crate) fn known_enemy(e: &UnitAt, side: Side) -> bool {
    e.unit.good_order() && known(e, side)
}

/// A Known (neither hidden nor concealed) unit of the enemy of `side`, broken or not: what a
/// rout may not end closer to nor pass ADJACENT to (A10.51: "even if that enemy unit is
/// broken").
fn known(e: &UnitAt, side: Side) -> bool {
    e.unit.side() != side && !e.hidden && !e.concealed
}

/// Are Locations `a` and `b` the same or ADJACENT (A10.5; to or from a cave as G11.6 says)?
pub(crate) fn same_or_adjacent(s: &Situation, a: &Location, b: &Location) -> bool {
    if a == b {
        return true;
    }
    match (a, b) {
        (Location::Cave(c), other) | (other, Location::Cave(c)) => {
            if matches!(other, Location::Cave(_) | Location::Complex(_)) {
                return false;
            }
            s.adjacent_to_cave(other, c)
        }
        (Location::Complex(_), _) | (_, Location::Complex(_)) => false,
        _ => match (a.hex(), b.hex()) {
            (Some(x), Some(y)) => x.distance(y) <= 1,
            _ => false,
        },
    }
}

/// The hexes holding or ADJACENT to a Known unit of the enemy of `side` (A10.51, broken or
/// not) that `keep` selects; for one in a cave, the hex of its Entrance Hex Location (G11.6).
fn threatened(s: &Situation, side: Side, keep: impl Fn(&UnitAt) -> bool) -> Vec<Hex> {
    let mut out = Vec::new();
    for e in s.units.iter().filter(|e| known(e, side) && keep(e)) {
        if let Location::Cave(id) = &e.at {
            if let Some(c) = s.caves.cave(id) {
                out.push(c.entrance);
            }
            continue;
        }
        let Some(h) = e.at.hex() else { continue };
        out.push(h);
        out.extend(h.neighbors());
    }
    out
}

/// Woods or a building (jungle read as woods): where A10.51 sends a routing unit.
fn cover(s: &Situation, l: &Location) -> bool {
    !matches!(l, Location::Cave(_) | Location::Complex(_))
        && l.hex().and_then(|h| s.map.get(h)).is_some_and(|d| {
            matches!(
                d.terrain,
                Terrain::Woods | Terrain::Building(..) | Terrain::Jungle | Terrain::DenseJungle
            )
        })
}

/// The unit as a mover: its state for the movement ruling, as if in Good Order in its side's
/// MPh with no MF spent, so `field_of_movement` counts a rout by the movement costs.
fn as_mover<'a>(s: &Situation<'a>, u: &UnitAt) -> Situation<'a> {
    let mut m = s.clone();
    m.state.phase = Phase::Movement;
    m.state.turn.attacker = u.unit.side();
    if let Some(x) = m.state.units.iter_mut().find(|x| x.unit.id == u.unit.id) {
        x.unit.broken = false;
        x.unit.mf_spent = 0.0;
        x.unit.fired = None;
        x.unit.entered_cave = false;
        // A7.8 (not in our sources): a Pin stops a unit moving in the MPh and advancing in the
        // APh; a rout is neither (a unit pinned, then broken, in the same Player Turn routs).
        x.unit.pinned = false;
        // On the mover's copy only: it is routing, with the rout's MF (`mf_allotment`).
        x.unit.routed = true;
    }
    m
}

/// The situation a routing unit's steps are ruled in (`as_mover`): the same movement costs
/// and hiding as a move (G11.75).
pub fn rout_situation<'a>(s: &Situation<'a>, id: &str) -> Option<Situation<'a>> {
    s.unit(id).map(|u| as_mover(s, u))
}

/// A10.5 / E1.54 / A11.7: must the broken unit rout now? Never when locked in Melee (A11.7: a
/// CC left its Location so and an enemy is still there), nor at night. When an unbroken, armed, Known enemy unit is in
/// or ADJACENT to its Location (G11.6 to or from a cave; a T-H Hero is Unarmed for rout, G1.4231),
/// or it is in Open Ground in the LOS and within the Normal Range of a Known Good Order enemy
/// unit, or in a Blaze (A10.5, NOT FROM THE SEEDS); never at night (E1.54).
fn must_rout(s: &Situation, u: &UnitAt) -> Check {
    if super::common::melee_recorded(s, &u.at) && super::common::in_melee(s, u) {
        return check(
            false,
            "A11.7",
            "it is locked in Melee: it does not rout, nor is it eliminated for Failure to Rout \
             (A11.7, our reading of a published rout flowchart; Withdrawal, A11.2, is not \
             modelled)",
        );
    }
    if s.night.night() {
        return check(
            false,
            "E1.54",
            "a broken unit does not rout normally at night (nor is it eliminated for Failure to \
             Rout)",
        );
    }
    let armed = |e: &&UnitAt| known_enemy(e, u.unit.side()) && e.unit.hero.is_none();
    let near: Vec<String> = s
        .units
        .iter()
        .filter(armed)
        .filter(|e| same_or_adjacent(s, &e.at, &u.at))
        .map(|e| e.unit.id.clone())
        .collect();
    if !near.is_empty() {
        return check(
            true,
            ROUT,
            format!(
                "a Known Good Order enemy unit ({}) is in or ADJACENT to its Location: it must \
                 rout",
                near.join(", ")
            ),
        );
    }
    if let Some(h) = s.hex_of(&u.at)
        && s.blazes.iter().any(|(b, _)| *b == h)
        && !matches!(u.at, Location::Cave(_) | Location::Complex(_))
    {
        return check(true, ROUT, "it is in a Blaze: it must rout");
    }
    if s.open_ground(&u.at) {
        let watching: Vec<String> = s
            .units
            .iter()
            .filter(armed)
            .filter(|e| in_los_and_normal_range(s, e, &u.at))
            .map(|e| e.unit.id.clone())
            .collect();
        if !watching.is_empty() {
            return check(
                true,
                ROUT,
                format!(
                    "it is in Open Ground in the LOS and within the Normal Range of a Known Good \
                     Order enemy unit ({}): it must rout",
                    watching.join(", ")
                ),
            );
        }
    }
    check(
        false,
        ROUT,
        "no Known Good Order enemy unit is in or ADJACENT to its Location, nor sees it in Open \
         Ground within its Normal Range: it may rout, but need not",
    )
}

/// The rule Interdiction is ruled under.
pub const INTERDICTION: &str = "A10.53";

/// A10.532: no unit Interdicts beyond its Normal Range or 16 hexes, whichever is less.
const INTERDICTION_RANGE: u32 = 16;

/// A10.53 Interdiction (chapter A, NOT FROM THE SEEDS: the eASLRB's "A routing unit which enters
/// an Open Ground hex without Low Crawl, in both the LOS and Normal Range of an unbroken enemy
/// unit capable of fire on it in that hex with at least one FP without any form of LOS
/// Hindrance, is subject to a NMC"): is routing unit `routing` Interdicted as it enters
/// `entered`? The hex must be Open Ground (A10.531: no TEM the routing unit can claim, no
/// hindrance in it, as for FFMO; a cave never is); an Interdictor is an enemy unit, unbroken,
/// whose FP is not halved (not pinned, A10.532), not CX, not in Melee, a MMC (a leader or a
/// T-H Hero has no Normal Range: A10.532, G1.4231), with a LOS free of any Hindrance to the hex
/// (at night within its NVR unless the hex is Illuminated, E1.101) within its Normal Range and
/// 16 hexes; it need not have fire left (A10.53). A hidden unit does not Interdict (our reading:
/// A10.53 does not say what Interdicting would do to its HIP); a concealed or Cloaked one does
/// and keeps its "?" or Cloaking counter, and the words name it as a "?" only. `None`: not Interdicted.
pub fn interdiction(s: &Situation, routing: &UnitAt, entered: &Location) -> Option<Check> {
    if entered.hex().is_none() || !s.open_ground(entered) {
        return None;
    }
    let side = routing.unit.side();
    let mut by: Vec<String> = s
        .units
        .iter()
        .filter(|e| e.unit.side() != side && e.unit.good_order() && !e.hidden)
        .filter(|e| !e.unit.pinned && !e.unit.cx && e.unit.hero.is_none())
        .filter(|e| !super::common::in_melee(s, e))
        .filter(|e| normal_range_sight(s, e, entered, INTERDICTION_RANGE) == Some(0))
        .map(|e| {
            if e.concealed || e.cloaked {
                format!("a \"?\" in {}", e.at.display(s.map))
            } else {
                format!("{} in {}", e.unit.id, e.at.display(s.map))
            }
        })
        .collect();
    if by.is_empty() {
        return None;
    }
    by.sort();
    by.dedup();
    Some(check(
        true,
        INTERDICTION,
        format!(
            "{} routs into Open Ground in {} in the LOS and Normal Range of {} with no LOS \
             Hindrance: Interdicted, it takes a NMC; failed, it suffers Casualty Reduction \
             (A10.53, not from the seeds)",
            routing.unit.id,
            entered.display(s.map),
            by.join(", ")
        ),
    ))
}

/// A10.53 / A7.8 (NOT FROM THE SEEDS: the eASLRB's "An Interdicted unit is also subject to
/// pinning (7.8), to the extent that if pinned, it may not rout further during that RtPh"): an
/// Interdiction NMC `r` passed with the highest DR that passes it (a Final DR equal to the
/// Morale Level, or an Original 11 where even that passes) pins the routing unit `id`.
pub fn interdiction_pin(id: &str, r: &McResult) -> Option<Check> {
    r.passed_at_highest().then(|| {
        check(
            true,
            "A7.8",
            format!(
                "{id} passed its Interdiction NMC with the highest DR that passes it (Final DR \
                 {} vs Morale Level {}): pinned, it routs no further this RtPh (A10.53, A7.8, \
                 not from the seeds)",
                r.final_dr, r.morale
            ),
        )
    })
}

/// A10.5: is Location `at` in the LOS of enemy unit `e` and within its Normal Range (a MMC's
/// printed range; a leader or Hero has none)?
fn in_los_and_normal_range(s: &Situation, e: &UnitAt, at: &Location) -> bool {
    normal_range_sight(s, e, at, u32::MAX).is_some()
}

/// The LOS hindrance from enemy unit `e` to Location `at` when `at` is in its clear LOS within
/// its Normal Range and `cap` hexes (a MMC's printed range; a leader or Hero has none, A10.5,
/// A10.532); `None` otherwise.
fn normal_range_sight(s: &Situation, e: &UnitAt, at: &Location, cap: u32) -> Option<u32> {
    let c = super::common::mmc(&e.unit)?;
    let r = crate::rules::caves::sight::cave_los(&s.env_seeing(at), &s.caves, &e.at, at).ok()?;
    (r.clear() && r.sight.range <= u32::from(c.range).min(cap)).then_some(r.sight.hindrance)
}

/// A10.5 / G11.73 / G11.77: where broken unit `id` may rout now.
pub fn rout_destinations(s: &Situation, id: &str) -> Result<RoutPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    super::common::game_running(s)?;
    if s.phase != Phase::Rout {
        return Err(Refusal::new(
            ROUT,
            format!(
                "broken units rout in the RtPh, not the {}",
                s.phase.abbrev()
            ),
        ));
    }
    if u.unit.good_order() {
        return Err(Refusal::new(
            ROUT,
            format!("{id} is in Good Order: only a broken unit routs"),
        ));
    }
    if u.unit.routed {
        return Err(Refusal::new(ROUT, format!("{id} has routed this RtPh")));
    }
    if matches!(u.at, Location::Complex(_)) {
        return Err(Refusal::new(
            "G11.73",
            "Infantry may not Rout from a Cave Complex",
        ));
    }
    let must = must_rout(s, u);
    // A11.7: locked in Melee, it goes nowhere (`must_rout` says why).
    if must.rule == "A11.7" {
        return Ok(RoutPlan {
            unit: id.into(),
            why: must.reason.clone(),
            must,
            destinations: Vec::new(),
            low_crawl: Vec::new(),
            crawl_allowed: false,
        });
    }
    let mover = as_mover(s, u);
    // A10.51: its path passes no Location holding or ADJACENT to a Known enemy: the cheapest
    // path among those that do not (not the cheapest path, kept only if it does not); "unless
    // in doing so it is leaving that enemy unit's Location": the first step out of a Location
    // it shares with a Known enemy unit (no Melee there yet) may be ADJACENT to that unit.
    let shares = |e: &UnitAt| same_location(s.map, &e.at, &u.at);
    let danger = threatened(s, u.unit.side(), |e| !shares(e));
    let left = threatened(s, u.unit.side(), shares);
    let safe = |l: &Location| l.hex().is_none_or(|h| !danger.contains(&h));
    let reaches = field_entering(&mover, id, &safe)?;
    let all: Vec<Reach> = reaches
        .into_iter()
        .filter(|r| !r.climb)
        .filter(|r| {
            r.path
                .iter()
                .skip(2)
                .all(|l| l.hex().is_none_or(|h| !left.contains(&h)))
        })
        .collect();
    let safe: Vec<Reach> = all
        .iter()
        .filter(|r| not_closer(s, u, &r.at))
        .cloned()
        .collect();
    let in_cave = matches!(u.at, Location::Cave(_));
    let japanese = u.unit.nationality == Nationality::Japanese;
    let nearest = safe
        .iter()
        .filter(|r| cover(s, &r.at))
        .map(|r| r.mf)
        .fold(None, |m: Option<f32>, x| Some(m.map_or(x, |m| m.min(x))));
    let (destinations, why): (Vec<Reach>, String) = if in_cave {
        (
            safe,
            "G11.77: a broken unit in a cave need not rout to the nearest woods/building; any \
             Location not holding or ADJACENT to a Known enemy (A10.51)"
                .into(),
        )
    } else if let Some(n) = nearest {
        let cave_ok = |r: &Reach| japanese && matches!(r.at, Location::Cave(_)) && r.mf <= n;
        let caves = japanese && safe.iter().any(|r| matches!(r.at, Location::Cave(_)));
        let d: Vec<Reach> = safe
            .into_iter()
            .filter(|r| (cover(s, &r.at) && r.mf <= n) || cave_ok(r))
            .collect();
        (
            d,
            format!(
                "A10.51: the nearest woods/building, {n} MF away{}",
                if caves {
                    ", or a cave at least as close (G11.77)"
                } else {
                    ""
                }
            ),
        )
    } else if japanese && safe.iter().any(|r| matches!(r.at, Location::Cave(_))) {
        (
            safe.into_iter()
                .filter(|r| matches!(r.at, Location::Cave(_)))
                .collect(),
            "G11.77: no woods/building in reach; a broken Japanese unit may rout to a cave".into(),
        )
    } else {
        (
            safe,
            "A10.51: no woods/building in reach: any Location not holding or ADJACENT to a Known \
             enemy"
                .into(),
        )
    };
    // A10.52: the first Location of each destination's path, by Low Crawl.
    let mut low_crawl: Vec<Reach> = Vec::new();
    let crawl_allowed = low_crawl_allowed(s, u);
    if crawl_allowed {
        for d in &destinations {
            let Some(first) = d.path.get(1) else { continue };
            if destinations.iter().any(|r| &r.at == first)
                || low_crawl.iter().any(|r| &r.at == first)
                || !not_closer(s, u, first)
            {
                continue;
            }
            if let Some(r) = all.iter().find(|r| &r.at == first && r.path.len() == 2) {
                low_crawl.push(r.clone());
            }
        }
    }
    Ok(RoutPlan {
        unit: id.into(),
        must,
        destinations,
        low_crawl,
        crawl_allowed,
        why,
    })
}

/// A10.51 (our reading): a rout may not end closer, in hexes, to any Known enemy unit (broken
/// or not) than the Location it starts from (a cave counts as its hex).
fn not_closer(s: &Situation, u: &UnitAt, to: &Location) -> bool {
    let (Some(from), Some(dest)) = (s.hex_of(&u.at), s.hex_of(to)) else {
        return true;
    };
    s.units
        .iter()
        .filter(|e| known(e, u.unit.side()))
        .filter_map(|e| s.hex_of(&e.at))
        .all(|e| dest.distance(e) >= from.distance(e))
}

/// A10.5: the rout of unit `id` to `to`: the destination's reach (MF and path), or why not.
pub fn rout_to(s: &Situation, id: &str, to: &Location) -> Result<Reach, Refusal> {
    rout_step(s, id, to).map(|(r, _)| r)
}

/// A10.5 / A10.52: the rout of unit `id` to `to` and whether it is a Low Crawl (one Location,
/// Low Crawl allowed: not subject to Interdiction), or why it is refused.
pub fn rout_step(s: &Situation, id: &str, to: &Location) -> Result<(Reach, bool), Refusal> {
    let plan = rout_destinations(s, id)?;
    if plan.must.rule == "A11.7" {
        return Err(Refusal::new("A11.7", plan.must.reason));
    }
    plan.options()
        .find(|r| &r.at == to)
        .map(|r| (r.clone(), plan.crawls_to(to)))
        .ok_or_else(|| {
            let crawls: Vec<String> = plan
                .low_crawl
                .iter()
                .map(|r| r.at.display(s.map).to_string())
                .collect();
            Refusal::new(
                ROUT,
                format!(
                    "{} is not a rout destination of {id} ({}){}",
                    to.display(s.map),
                    plan.why,
                    if crawls.is_empty() {
                        String::new()
                    } else {
                        format!(
                            ", nor a Location it may Low Crawl into ({}: {}, A10.52)",
                            if crawls.len() == 1 { "only" } else { "one of" },
                            crawls.join(", ")
                        )
                    }
                ),
            )
        })
}

/// A10.5 (NOT FROM THE SEEDS: docs/asl-facts.md) / G11.77: whether a unit that has routed to
/// `at` becomes DM: a routing unit becomes DM if it is not already, but not one that routed
/// into a Cave Complex, where Infantry may not remain DM. `None` where it does not.
pub fn rout_makes_dm(routed: &UnitAt, at: &Location) -> Option<Check> {
    (!routed.unit.dm && !matches!(at, Location::Complex(_))).then(|| {
        check(
            true,
            ROUT,
            "a routing unit becomes DM if not already (A10.5, not from the seeds)",
        )
    })
}

/// A10.5 / E1.54: at the end of the RtPh, a broken unit that had to rout and has not (it had
/// nowhere to go, or was not routed) is eliminated for Failure to Rout; never at night.
pub fn failure_to_rout(s: &Situation, id: &str) -> Option<Check> {
    let u = s.unit(id)?;
    if u.unit.good_order() || u.unit.routed || matches!(u.at, Location::Complex(_)) {
        return None;
    }
    let must = must_rout(s, u);
    must.holds.then(|| {
        check(
            true,
            ROUT,
            format!(
                "{id} had to rout ({}) and did not: eliminated for Failure to Rout",
                must.reason
            ),
        )
    })
}

/// A10.5: the broken units of `side` not yet routed that must rout and have somewhere to go:
/// left so, each would be eliminated for Failure to Rout as the RtPh ends (`failure_to_rout`).
/// Play mode tells a player who ends the RtPh with some left before it ends it.
pub fn must_rout_still(s: &Situation, side: Side) -> Vec<String> {
    s.units
        .iter()
        .filter(|u| u.unit.side() == side && u.unit.broken)
        .map(|u| u.unit.id.clone())
        .filter(|id| failure_to_rout(s, id).is_some())
        .filter(|id| rout_destinations(s, id).is_ok_and(|p| p.options().next().is_some()))
        .collect()
}
