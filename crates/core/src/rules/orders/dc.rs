//! DC attacks on caves as orders: Thrown (G11.833, in a fire phase), Placed (G11.833 ADJACENT,
//! G11.8331 by a Climber, in the MPh) and Set (G11.8332, the whole MPh), decided over the
//! `Situation`. What the DC's 30-FP attack does to a cave and its contents (G11.88) or, for a
//! DC that fell, to an above-ground Location is `dc_attack`'s (its types re-exported here).
//! The plans wire the facts into the pure functions of `rules::caves::attack` and name the
//! dice; the simulation rolls them and applies what the outcome functions return.

use super::common::{attacker_in, mf_allotment, unit_mf};
use crate::los::Location;
use crate::model::{Phase, Side};
use crate::rules::Ruling;
use crate::rules::caves::Cave;
use crate::rules::caves::attack::{
    Climber, DcDelivery, DcTarget, DrmTotal, FailedThrow, SetDcUnit, Thrower, ThrownDr,
    climbing_placement, climbing_placement_dr, dc_attack_drm, dc_placement, dc_throw, predesignate,
    set_dc, thrown_dc_dr, thrown_dc_drm, thrown_dc_failure_attacks,
};
use crate::rules::caves::sight::cave_los;
use crate::rules::ift::dc_column;
use crate::rules::situation::{Refusal, Situation, UnitAt, require};

pub use super::dc_attack::{
    DcCaveOutcome, DcStrike, DcVsCave, DcVsLocation, japanese_mmc_known, japanese_mmc_not_hidden,
};

/// G11.833: the Thrower (Placer, Setter) as `rules::caves::attack` needs it: its level, whether
/// it is Climbing, adjacent (A.6) and ADJACENT (G11.6) to the cave, with a LOS to it now.
pub fn thrower(s: &Situation, u: &UnitAt, cave: &Cave) -> Thrower {
    let map = s.map;
    let level = u.at.level(map).unwrap_or(0);
    let vertex = climbing_vertex(&u.at);
    let adjacent =
        u.at.hex()
            .is_some_and(|h| h == cave.hex || h.is_adjacent(cave.hex));
    let adjacent_g11_6 = s.adjacent_to_cave(&u.at, &cave.id);
    let has_los = cave_los(&s.env(), &s.caves, &u.at, &Location::Cave(cave.id.clone()))
        .is_ok_and(|r| r.clear());
    Thrower {
        level,
        infantry: true,
        pinned: u.unit.pinned,
        good_order: u.unit.good_order(),
        climbing: vertex.is_some(),
        adjacent,
        adjacent_g11_6,
        has_los,
        in_moving: false,
        heroic_or_fanatic: u.unit.hero.is_some(),
    }
}

/// G11.833 EX / G11.8332 EX: Crest status in the cave's Entrance Hex along its CA Hexside ("from
/// Crest status on cave E's side of Z5"; "on a Crest counter centered on hexside W9-W10") counts
/// as ADJACENT for Placing, Throwing and Setting a DC. Reading: "cave E's side" is the CA
/// Hexside itself.
pub fn crest_at_ca(at: &Location, cave: &Cave) -> bool {
    matches!(at, Location::Crest { hex, side } if *hex == cave.entrance && *side == cave.ca)
}

/// G11.833 EX: from Crest status in a cave's Entrance Hex a DC reaches the cave only from "cave
/// E's side" of that hex, its CA Hexside.
fn crest_on_cave_side(s: &Situation, u: &UnitAt, cave: &Cave) -> Result<(), Refusal> {
    match &u.at {
        Location::Crest { hex, side } if *hex == cave.entrance && *side != cave.ca => {
            Err(Refusal::new(
                "G11.833",
                format!(
                    "unit {} is in Crest status along {}: from Crest status in {} a DC \
                     reaches cave {} only from the cave's side, along its CA Hexside {} (EX)",
                    u.unit.id,
                    s.map.side_name(*side),
                    s.map.name(*hex),
                    cave.id,
                    s.map.side_name(cave.ca)
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// The vertex a Climbing unit's Climb counter points at (B11.4), `None` for any other Location.
fn climbing_vertex(at: &Location) -> Option<crate::hex::Vertex> {
    match at {
        Location::Climbing { vertex, .. } => Some(*vertex),
        _ => None,
    }
}

/// G11.88 / G11.81 (G11.8 play-aid): a DC (or SMOKE from outside) goes only into a cave still
/// on the map, and not by the Allies into a cave still hidden from them: it cannot be their
/// predesignated target. The Japanese know their own caves.
pub fn known_cave(s: &Situation, u: &UnitAt, cave: &str) -> Result<(), Refusal> {
    if !s.cave_stands(cave) {
        return Err(Refusal::new(
            "G11.88",
            format!("cave {cave} has been eliminated, with all its contents"),
        ));
    }
    let hidden = u.unit.side() == Side::Allied && s.hidden_caves.iter().any(|c| c == cave);
    let r = predesignate(true, hidden);
    require(Ruling {
        reason: format!("cave {cave} is still hidden: {}", r.reason),
        ..r
    })
}

/// The cave an order names, as set up (scripts name only caves of the scenario).
fn cave_named<'s>(s: &'s Situation, id: &str) -> Result<&'s Cave, Refusal> {
    s.caves
        .cave(id)
        .ok_or_else(|| Refusal::new("G11.1", format!("there is no cave {id}")))
}

/// The unit must possess a DC and use it in the normal manner: not a DC Hero (G1.424: he "may
/// not Place/Throw a DC in the normal manner"; he detonates it, `heroes::detonate_dc`); else
/// refused with `rule` (G1.424 for a Hero).
pub(crate) fn with_dc(u: &UnitAt, rule: &'static str) -> Result<(), Refusal> {
    if u.unit.hero.is_some() {
        return Err(Refusal::new(
            "G1.424",
            format!(
                "{} is a T-H Hero: a DC Hero may not Place/Throw a DC in the normal manner \
                 (G1.424); he detonates it in his Designated Target's Location",
                u.unit.id
            ),
        ));
    }
    if u.unit.dc {
        Ok(())
    } else {
        Err(Refusal::new(
            rule,
            format!("unit {} possesses no DC", u.unit.id),
        ))
    }
}

// --- G11.833 Thrown -------------------------------------------------------------------------

/// What a DC Throw will do: the Thrower, the Thrown-DC dr's drm, and the attacks that follow a
/// success (result a) or a failure (result b).
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowPlan {
    pub thrower: String,
    pub cave: String,
    pub drm: DrmTotal,
    /// The rule the Thrown-DC dr is rolled under.
    pub roll_rule: &'static str,
    /// Result a: the DC attacks the cave with no DRM of any kind.
    pub on_success: DcVsCave,
    /// Result b: whether the fallen DC attacks the cave (NA at another level), and its attacks.
    pub falls: Ruling,
    pub on_failure: Vec<DcStrike>,
    /// The fire counter the Thrower gets: a Throw is its fire for the phase (A23.6, G11.833:
    /// "a DC is Thrown as fire").
    pub mark: crate::model::FireMark,
}

impl ThrowPlan {
    /// G11.833: the Thrown-DC dr: a Final dr <= 3 succeeds. The reason tells the drm too.
    pub fn throw(&self, dr: u8) -> ThrownDr {
        let mut t = thrown_dc_dr(u32::from(dr), &self.drm);
        let drms: Vec<String> = self
            .drm
            .items
            .iter()
            .map(|m| format!("{:+} {} ({})", m.drm, m.reason, m.rule))
            .collect();
        t.reason = format!(
            "DC Thrown at cave {}: drm [{}]; {}",
            self.cave,
            drms.join("; "),
            t.reason
        );
        t
    }
}

/// G11.833 Throw: a DC is Thrown as fire, in the Thrower's side's PFPh/AFPh (ATTACKER) or
/// DFPh (DEFENDER), by a unit possessing one that may Throw it (`dc_throw`: adjacent, unpinned,
/// Good Order, not Climbing, at most one level lower, with a LOS) into a cave it knows
/// (`known_cave`). On a failure the DC falls to the Entrance Hex's Base Level and attacks
/// there (`thrown_dc_failure_attacks`).
pub fn throw_dc(s: &Situation, id: &str, cave_id: &str) -> Result<ThrowPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    let fire_phase = match s.phase {
        Phase::PrepFire | Phase::AdvancingFire => u.unit.side() == s.turn.attacker,
        Phase::DefensiveFire => u.unit.side() != s.turn.attacker,
        _ => false,
    };
    if !fire_phase {
        return Err(Refusal::new(
            "G11.833",
            format!(
                "a DC is Thrown as fire: in its side's PFPh/AFPh (ATTACKER) or DFPh \
                 (DEFENDER), not the {}",
                s.phase.abbrev()
            ),
        ));
    }
    with_dc(u, "G11.833")?;
    // A Throw is the unit's fire for the phase: a unit that fired may not Throw, and Throwing
    // marks it (A7/A8 as `fire::fire_mark` reads them).
    let mark =
        super::fire_phase::fire_mark(s, u.unit.side(), u.unit.fired).map_err(|r| Refusal {
            reason: format!("unit {id}: {} (a DC is Thrown as fire, G11.833)", r.reason),
            ..r
        })?;
    // A15.43: a berserk unit with an enemy to charge Throws no DC in its PFPh.
    super::banzai::no_prep_fire(s, u)?;
    let cave = cave_named(s, cave_id)?;
    crest_on_cave_side(s, u, cave)?;
    let t = thrower(s, u, cave);
    require(dc_throw(&t, cave.level))?;
    known_cave(s, u, cave_id)?;
    let map = s.map;
    let tem = |h: Option<crate::hex::Hex>| {
        h.and_then(|h| map.get(h))
            .map_or(0, |d| d.terrain.info().tem)
    };
    let fallen = thrown_dc_failure_attacks(&FailedThrow {
        cave_level: cave.level,
        entrance_base_level: map.get(cave.entrance).map_or(0, |d| d.level),
        thrower_in_entrance_hex: u.at.hex() == Some(cave.entrance),
        entrance_tem: tem(Some(cave.entrance)),
        thrower_tem: tem(u.at.hex()),
    });
    let on_failure = fallen
        .attacks
        .into_iter()
        .map(|a| {
            let at = match a.target {
                DcTarget::Cave => {
                    return DcStrike::Cave(DcVsCave::new(
                        s,
                        cave_id,
                        DcDelivery::Fallen,
                        a.drm,
                        a.reason,
                    ));
                }
                DcTarget::EntranceHex { .. } => Location::Ground(cave.entrance),
                DcTarget::ThrowerLocation => u.at.clone(),
            };
            DcStrike::Location(DcVsLocation {
                name: at.display(map).to_string(),
                at,
                drm: a.drm,
                why: a.reason,
                rule: a.rule,
                ift: dc_column(s.tables),
            })
        })
        .collect();
    let success = dc_attack_drm(DcDelivery::Thrown, japanese_mmc_known(s, cave_id));
    Ok(ThrowPlan {
        thrower: id.into(),
        cave: cave_id.into(),
        drm: thrown_dc_drm(&t, cave.level),
        roll_rule: "G11.833",
        on_success: DcVsCave::new(s, cave_id, DcDelivery::Thrown, success.drm, success.reason),
        falls: fallen.cave,
        on_failure,
        mark,
    })
}

// --- G11.833 / G11.8331 Placed --------------------------------------------------------------

/// How a DC is Placed.
#[derive(Clone, Debug, PartialEq)]
pub enum Placing {
    /// G11.833: by a unit ADJACENT (G11.6) to the cave, for `mf` MF (two, plus SMOKE MF).
    Adjacent { mf: f32, ruling: Ruling },
    /// G11.8331: by a Climber, on a dr made as if Throwing (`climbing_placement_dr`); a
    /// failure eliminates the DC without detonating.
    Climbing {
        drm: DrmTotal,
        /// The rule the Placement dr is rolled under.
        roll_rule: &'static str,
    },
}

/// What Placing a DC will do: the Placer, how, and its attack on the cave.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaceDcPlan {
    pub placer: String,
    pub cave: String,
    pub placing: Placing,
    pub attack: DcVsCave,
}

impl PlaceDcPlan {
    /// G11.8331: the Climber's Placement dr (`None` for a Placement from ADJACENT).
    pub fn placement_dr(&self, dr: u8) -> Option<ThrownDr> {
        match &self.placing {
            Placing::Climbing { drm, .. } => Some(climbing_placement_dr(u32::from(dr), drm)),
            Placing::Adjacent { .. } => None,
        }
    }
}

/// The ATTACKER's unit that would Place or Set a DC in its MPh: in play, in its MPh, with a DC
/// (each refused with `rule` otherwise); and the cave.
fn mph_dc_user<'s>(
    s: &'s Situation,
    id: &str,
    cave_id: &str,
    rule: &'static str,
    what: &str,
) -> Result<(&'s UnitAt, &'s Cave), Refusal> {
    let u = s.unit_in_play(id)?;
    attacker_in(s, u, &[Phase::Movement], rule, what)?;
    super::common::not_prep_fired(u, what)?;
    super::common::not_in_melee(s, u, what)?;
    with_dc(u, rule)?;
    Ok((u, cave_named(s, cave_id)?))
}

/// G11.833 Place (the ATTACKER's MPh; two MF plus one SMOKE MF when the cave holds SMOKE, the
/// SMOKE MF of A24 not being in our sources) or G11.8331 by a Climber (`climbing_placement`,
/// then a dr). The DC attacks the cave with no DRM, or -4 with no Known Good Order Japanese
/// MMC in it (`dc_attack_drm`). A unit that has already moved must have the MF left.
pub fn place_dc(s: &Situation, id: &str, cave_id: &str) -> Result<PlaceDcPlan, Refusal> {
    let (u, cave) = mph_dc_user(s, id, cave_id, "G11.833", "Placing a DC")?;
    let drm = dc_attack_drm(DcDelivery::Placed, japanese_mmc_known(s, cave_id));
    let attack = DcVsCave::new(s, cave_id, DcDelivery::Placed, drm.drm, drm.reason);
    let plan = |placing| PlaceDcPlan {
        placer: id.into(),
        cave: cave_id.into(),
        placing,
        attack,
    };
    if let Location::Climbing { vertex, .. } = u.at {
        let c = Climber {
            level: u.at.level(s.map).unwrap_or(0),
            infantry: true,
            pinned: u.unit.pinned,
            good_order: u.unit.good_order(),
            in_ca: false,
            arrow_vertex: vertex,
        };
        require(climbing_placement(s.map, &c, cave))?;
        known_cave(s, u, cave_id)?;
        let t = thrower(s, u, cave);
        return Ok(plan(Placing::Climbing {
            drm: thrown_dc_drm(&t, cave.level),
            roll_rule: "G11.8331",
        }));
    }
    crest_on_cave_side(s, u, cave)?;
    let t = thrower(s, u, cave);
    let smoke_mf = u32::from(s.caves.smoke_drm(cave_id) > 0);
    let p = dc_placement(&t, smoke_mf);
    require(p.ruling.clone())?;
    known_cave(s, u, cave_id)?;
    let mf = p.mf.unwrap_or(2) as f32;
    let left = unit_mf(s.tables, &u.unit) - u.unit.mf_spent;
    if u.unit.mf_spent > 0.0 && mf > left {
        return Err(Refusal::new(
            "G11.833",
            format!("Placing costs {mf} MF; unit {id} has {left} left"),
        ));
    }
    Ok(plan(Placing::Adjacent {
        mf,
        ruling: p.ruling,
    }))
}

// --- G11.8332 Set ---------------------------------------------------------------------------

/// What Setting a DC will do: the Setter spends its whole MPh, and the DC attacks the cave.
#[derive(Clone, Debug, PartialEq)]
pub struct SetDcPlan {
    pub setter: String,
    pub cave: String,
    /// G11.8332's ruling, its reason saying when the DC detonates.
    pub ruling: Ruling,
    /// The MF the Setter has spent after (its whole allotment).
    pub mf_spent: f32,
    /// G11.8332 EX: no Known Good Order Japanese MMC is in the cave as the DC is Set (-7).
    pub undefended: bool,
    /// The attack it will make as the AFPh begins, the cave as it is now.
    pub attack: DcVsCave,
}

/// What the log says of a Set DC's detonation: A23.7 is not in our sources; read as A23.3's
/// Placed DC.
pub const SET_DETONATES: &str = "when a Set DC detonates (A23.7) is not in our sources: as a \
     Placed DC (A23.3), it detonates as the AFPh begins if the Setter survives unbroken and \
     unpinned the Defensive First Fire at it (G11.8332 EX)";

/// G11.8332 EX: a unit that starts its MPh at the cave's own level beside its CA Hexside, on a
/// Crest counter centered on it ("declares at that time that it is at the W9-X9-W10 or W9-W10
/// V9 vertex") or, our reading of the same EX, on the ground of the Entrance Hex of a cave at
/// that hex's Base Level (cave A below S4's cliff), declares itself at a vertex of it. A cave
/// at another level (Upper-Cliff cave G, G11.6 EX) is reached only by Climbing.
pub fn declares_ca_vertex(s: &Situation, u: &UnitAt, cave: &Cave) -> bool {
    crest_at_ca(&u.at, cave)
        || (u.at == Location::Ground(cave.entrance)
            && !cave.in_depression
            && u.at.level(s.map) == Some(cave.level))
}

/// G11.8332 Set DC: an Allied unit that has not moved this MPh, ADJACENT (G11.6) to the cave
/// (at a vertex of a CA Hexside that is a Crest Line), Sets a DC in a cave it knows, spending
/// its whole MF allotment. When a Set DC detonates (A23.7) is not in our sources: as a Placed
/// one (A23.3, `SET_DETONATES`), -7 with no Known Good Order Japanese MMC in the cave as it is
/// Set (`set_dc_drm`; Known: not hidden, a "?" included, `japanese_mmc_not_hidden`).
pub fn set_dc_order(s: &Situation, id: &str, cave_id: &str) -> Result<SetDcPlan, Refusal> {
    let (u, cave) = mph_dc_user(s, id, cave_id, "G11.8332", "Setting a DC")?;
    // G11.8332: the unit "must spend its entire MPh" Setting it: a broken or pinned unit has no
    // MPh to spend (A10.5, A7.8), as it has none to Place one (G11.833: unpinned, Good Order).
    if !u.unit.good_order() || u.unit.pinned {
        return Err(Refusal::new(
            "G11.8332",
            format!(
                "unit {id} is {}: Setting a DC takes the unit's entire MPh (G11.8332), which a \
                 broken or pinned unit does not have (A10.5, A7.8)",
                if u.unit.pinned {
                    "pinned"
                } else {
                    "not in Good Order"
                }
            ),
        ));
    }
    let t = thrower(s, u, cave);
    // G11.8332 EX: a unit that starts its MPh on a Crest counter centered on the CA Hexside
    // declares itself at one of that hexside's vertices (the walk takes the first); so does
    // one at the cave's own level in its Entrance Hex (`declares_ca_vertex`).
    let declares = declares_ca_vertex(s, u, cave);
    let at_ca_vertex =
        declares || climbing_vertex(&u.at).is_some_and(|v| cave.ca.vertices().contains(&v));
    let r = set_dc(&SetDcUnit {
        allied: u.unit.side() == Side::Allied,
        spends_entire_mph: u.unit.mf_spent == 0.0,
        adjacent_g11_6: t.adjacent_g11_6,
        ca_hexside_is_crest: s.map.crest_line(cave.ca).is_some(),
        at_ca_vertex,
    });
    require(r.clone())?;
    known_cave(s, u, cave_id)?;
    let undefended = !japanese_mmc_not_hidden(s, cave_id);
    let drm = dc_attack_drm(DcDelivery::Set, !undefended);
    Ok(SetDcPlan {
        setter: id.into(),
        cave: cave_id.into(),
        ruling: Ruling {
            reason: format!(
                "{}{}; {SET_DETONATES}",
                r.reason,
                if declares {
                    format!(
                        ", {} declaring itself at vertex {} (in the Open Ground there for \
                         Defensive First Fire, G11.8332 EX)",
                        if crest_at_ca(&u.at, cave) {
                            format!("from its Crest counter on {}", s.map.side_name(cave.ca))
                        } else {
                            format!(
                                "from {} beside {}",
                                s.map.name(cave.entrance),
                                s.map.side_name(cave.ca)
                            )
                        },
                        s.map.vertex_name(cave.ca.vertices()[0])
                    )
                } else {
                    String::new()
                }
            ),
            ..r
        },
        undefended,
        mf_spent: mf_allotment(s.tables, u),
        attack: DcVsCave::new(s, cave_id, DcDelivery::Set, drm.drm, drm.reason),
    })
}

// --- A23.3 a Placed DC detonates in the AFPh ------------------------------------------------

/// A23.3: whether the Placer `u` of a DC Placed from `from` survived, unbroken and unpinned,
/// the First Fire in its Placement Location: broken or pinned there, it did not (`Err`, with
/// what befell it); one that moved on did so unbroken and unpinned (neither moves in the MPh),
/// and "may move away or suffer adverse results with no effect to the DC".
/// Shared by the DCs Placed on the ground (`rules::orders::dc_ground`).
pub fn placer_survived(u: &UnitAt, from: &Location) -> Result<(), &'static str> {
    let stayed = u.at == *from;
    if stayed && !u.unit.good_order() {
        Err("broke")
    } else if stayed && u.unit.pinned {
        Err("was pinned")
    } else {
        Ok(())
    }
}

/// A23.3 (the eASLRB's text, not from the seeds; G11.8331 EX: "Defensive First Fire then
/// follows" the Placement): a DC Placed in the MPh detonates as the ATTACKER's AFPh begins
/// (when: our reading), provided its Placer is in play and survived unbroken and unpinned the
/// First Fire in the Location it Placed it from (it is there in Good Order and unpinned, or it
/// moved on), and the cave stands; its DRM is read then (-4 with no unconcealed Good Order
/// Japanese MMC in the cave, G11.833). Otherwise the DC does not detonate.
pub fn placed_dc_detonation(s: &Situation, id: &str) -> Result<DcVsCave, Refusal> {
    let u = s.unit_in_play(id)?;
    let Some(p) = &u.unit.placed_dc else {
        return Err(Refusal::new("A23.3", format!("unit {id} has Placed no DC")));
    };
    // A23.3: settled as the DFPh began (`PlacedDc::operable`), else judged now: broken or
    // pinned where it Placed it, the Placer did not survive the First Fire its Placement drew.
    let failed = if p.operable {
        None
    } else {
        placer_survived(u, &p.from).err()
    };
    if let Some(what) = failed {
        return Err(Refusal::new(
            "A23.3",
            format!(
                "unit {id} {what} in {} before the AFPh: its DC {} in cave {} was not \
                 operably Placed and does not detonate (A23.3)",
                p.from.display(s.map),
                p.verb(),
                p.cave
            ),
        ));
    }
    if !s.cave_stands(&p.cave) {
        return Err(Refusal::new(
            "G11.88",
            format!("cave {} has been eliminated: the DC went with it", p.cave),
        ));
    }
    // G11.8332 EX: a Set DC's DRM is read as it was Set; a Placed one's now.
    let (delivery, known) = match p.set {
        Some(set) => (DcDelivery::Set, !set.undefended),
        None => (DcDelivery::Placed, japanese_mmc_known(s, &p.cave)),
    };
    let drm = dc_attack_drm(delivery, known);
    Ok(DcVsCave::new(s, &p.cave, delivery, drm.drm, drm.reason))
}
