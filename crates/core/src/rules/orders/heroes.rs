//! T-H Hero creation as an order (G1.421-G1.424): who may attempt it, against what, the
//! creation dr, and the Hero it creates. His removal at the end of the Player Turn (G1.425) is
//! `super::phase`'s.

use super::common::{attacker_in, mmc, seen_by_good_order};
use crate::counters::{Catalog, Class, Kind, Lookup, Nationality};
use crate::los::Location;
use crate::model::{FireMark, Hero, Phase, Unit, hero_unit_id};
use crate::rules::caves::sight::cave_los;
use crate::rules::japanese::heroes::{
    HeroCreator, HeroDr, th_hero_allowance, th_hero_attempt, th_hero_creation_dr,
};
use crate::rules::situation::{Refusal, Situation};

/// G1.421: the Japanese squads in the OB (only squads count, not HS or crews), from each unit's
/// nationality and counter as set up.
pub fn japanese_squads_in_ob<'a>(ob: impl IntoIterator<Item = (Nationality, &'a str)>) -> u32 {
    ob.into_iter()
        .filter(|(n, counter)| {
            *n == Nationality::Japanese
                && matches!(
                    Catalog::get().lookup(*n, counter),
                    Lookup::Mmc(c) if c.kind == Kind::Squad
                )
        })
        .count() as u32
}

/// What a T-H Hero attempt will do: the creation dr, and the Hero it creates.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroPlan {
    pub creator: String,
    pub half_squad: bool,
    pub conscript: bool,
    /// The creator is making a Banzai Charge (G1.421: then an Original 6 does not pin it).
    pub banzai: bool,
    /// The rule the creation dr is rolled under.
    pub roll_rule: &'static str,
    /// The Hero placed with the creator if the dr creates him: a DC Hero, the creator's DC
    /// Transferred to him (G1.424).
    pub hero: Unit,
    pub at: Location,
    /// G1.421: "A T-H Hero creation attempt is a '?'-loss activity (A12.141)": a hidden or
    /// concealed creator that a Good Order enemy ground unit sees loses HIP and "?"; unseen, a
    /// hidden one loses HIP and keeps "?" (as a firer does, A12.15). `Some((concealed_after,
    /// why))` for a hidden or concealed creator.
    pub creator_veil: Option<(bool, String)>,
}

impl HeroPlan {
    /// G1.421/G1.424: the creation dr: a Final dr <= 3 creates him (-2 for the DC given to a DC
    /// Hero); an Original 6 pins the creator.
    pub fn roll(&self, dr: u8) -> HeroDr {
        th_hero_creation_dr(dr, self.half_squad, self.conscript, true, self.banzai)
    }
}

/// G1.424: a DC detonated by a DC Hero in his Designated Target's Location (or by any unbroken
/// Japanese Infantry with a DC, "in the same manner", G1.424's last paragraph), resolved "as if
/// Placed": our reading of A23.3 (not in our sources) is the IFT's 30 FP DC column with the
/// TEM of the Location's terrain against every unit there; the detonating unit is eliminated
/// (G1.425).
#[derive(Clone, Debug, PartialEq)]
pub struct DetonatePlan {
    pub unit: String,
    pub at: Location,
    /// The Location's terrain TEM (a positive one only; none in Open Ground).
    pub tem: i32,
    pub roll_rule: &'static str,
    pub reason: String,
}

/// G1.424 / G1.425: may `id` detonate its DC now? A Japanese unit in Good Order possessing a
/// DC, in its own MPh, above ground: a DC Hero in the Location of his Designated Target, any
/// other unit in a Location holding a Known (not hidden) enemy unit. (That he survived the
/// Defensive First Fire his last MF drew is so whenever the order is given: the walk resolves
/// each First Fire as the MF are spent.)
pub fn detonate_dc(s: &Situation, id: &str) -> Result<DetonatePlan, Refusal> {
    const RULE: &str = "G1.424";
    let u = s.unit_in_play(id)?;
    let refuse = |why: String| Err(Refusal::new(RULE, why));
    if u.unit.nationality != Nationality::Japanese {
        return refuse(format!(
            "unit {id} is not Japanese: only a Japanese unit detonates its DC this way"
        ));
    }
    if !u.unit.dc {
        return refuse(format!("unit {id} possesses no DC"));
    }
    attacker_in(s, u, &[Phase::Movement], RULE, "detonating a DC")?;
    if !u.unit.good_order() {
        return refuse(format!(
            "unit {id} is broken: only an unbroken unit detonates"
        ));
    }
    if u.at.hex().is_none() || matches!(u.at, Location::Cave(_)) {
        return refuse(format!("unit {id} is in a cave or Cave Complex"));
    }
    let here = |o: &&crate::rules::situation::UnitAt| {
        crate::rules::situation::same_location(s.map, &o.at, &u.at)
    };
    let target = match &u.unit.hero {
        Some(h) => {
            let t = s.units.iter().filter(here).find(|o| o.unit.id == h.target);
            match t {
                Some(t) => t.unit.id.clone(),
                None => {
                    return refuse(format!(
                        "DC Hero {id} detonates only in his Designated Target {}'s Location",
                        h.target
                    ));
                }
            }
        }
        None => match s
            .units
            .iter()
            .filter(here)
            .find(|o| o.unit.side() != u.unit.side() && !o.hidden)
        {
            Some(t) => t.unit.id.clone(),
            None => {
                return refuse(format!(
                    "no Known enemy unit is in {}'s Location to detonate its DC on",
                    id
                ));
            }
        },
    };
    let tem =
        u.at.hex()
            .and_then(|h| s.map.get(h))
            .map_or(0, |d| d.terrain.info().tem.max(0));
    Ok(DetonatePlan {
        unit: id.into(),
        at: u.at.clone(),
        tem,
        roll_rule: "G1.424",
        reason: format!(
            "{id} detonates its DC in {} with {target} there (G1.424: resolved as if Placed, \
             30 FP on the IFT's DC column with the Location's TEM {tem:+}, our reading of A23.3, \
             not in our sources); it is eliminated (G1.425)",
            u.at.display(s.map)
        ),
    })
}

/// G1.423: a T-H Hero's MF allotment.
pub const HERO_MF: f32 = 8.0;

/// G1.421 / G1.424: whether Location `to` is "within eight MF" of `from`: reachable by the
/// movement costs (`moves::field_of_movement`) by a T-H Hero starting in `from` with his whole
/// eight-MF allotment, in the situation's own MPh.
pub fn within_eight_mf(s: &Situation, from: &Location, to: &Location) -> bool {
    if from == to {
        return true;
    }
    let mut probe = s.clone();
    probe.phase = Phase::Movement;
    probe.turn.attacker = crate::model::Side::Japanese;
    let id = "__eight_mf_probe__";
    // The probe's Designated Target is the enemy at `to`, whose Location it may enter (A4.14's
    // exception for a T-H Hero, G1.424).
    let target = s
        .units_at(to)
        .into_iter()
        .find(|o| o.unit.nationality != Nationality::Japanese)
        .map(|o| o.unit.id.clone())
        .unwrap_or_default();
    probe.units.push(crate::rules::situation::UnitAt {
        unit: Unit {
            hero: Some(Hero {
                target,
                created_in: s.turn.number,
                attacked: false,
            }),
            ..Unit::new(id, Nationality::Japanese, "T-H Hero")
        },
        at: from.clone(),
        hidden: false,
        concealed: false,
        cloaked: false,
    });
    crate::rules::moves::field_of_movement(&probe, id).is_ok_and(|field| {
        field
            .iter()
            .any(|r| &r.at == to && !r.climb && r.mf <= HERO_MF)
    })
}

/// G1.421 / G1.424: a DC Hero attempt by a Japanese squad or HS, in its own MPh, vs a
/// Designated Target unit: the creator must possess a DC and the target be an enemy unit
/// within eight MF (by the movement costs, `within_eight_mf`) and in LOS; the Hero starts with
/// two MF fewer for each MF the creator has expended (G1.423); T-H Heroes must remain in
/// the scenario's allowance (`th_hero_allowance` of `squads_in_ob` in its year, 1944 when
/// undated; 20% before 1943 against Soviet units). With no AFV in our scenarios, only a DC Hero can be created.
pub fn create_hero(
    s: &Situation,
    id: &str,
    target: &str,
    squads_in_ob: u32,
) -> Result<HeroPlan, Refusal> {
    let u = s.unit_in_play(id)?;
    let t = s.unit_in_play(target)?;
    if u.unit.nationality != Nationality::Japanese {
        return Err(Refusal::new(
            "G1.421",
            "only Japanese squads and HS create T-H Heroes",
        ));
    }
    attacker_in(s, u, &[Phase::Movement], "G1.424", "a DC Hero attempt")?;
    if u.unit.hero_attempted {
        return Err(Refusal::new(
            "G1.421",
            format!(
                "unit {id} has made its T-H Hero attempt this MPh: an allowed MMC \"may at that \
                 time make one attempt\""
            ),
        ));
    }
    // G1.421: "(20% vs Russians)" before 1943: Soviet units in play are the enemy.
    let vs_russians = s
        .state
        .units
        .iter()
        .any(|o| o.unit.nationality == Nationality::Soviet);
    let allowed = th_hero_allowance(squads_in_ob, s.year.unwrap_or(1944), vs_russians);
    let in_los = cave_los(&s.env(), &s.caves, &u.at, &t.at).is_ok_and(|r| r.clear());
    let near = within_eight_mf(s, &u.at, &t.at);
    let c = mmc(&u.unit);
    let creator = HeroCreator {
        armed: true,
        good_order: u.unit.good_order(),
        squad_or_hs: c.is_some_and(|c| matches!(c.kind, Kind::Squad | Kind::HalfSquad)),
        // G1.421: "no attempt is allowed if that MMC is marked with a Prep/Bounding/First/Final
        // Fire or Pin/TI counter" (an Advancing Fire counter is not named).
        marked_fire_pin_or_ti: u.unit.pinned
            || matches!(
                u.unit.fired,
                Some(
                    FireMark::PrepFire
                        | FireMark::BoundingFire
                        | FireMark::FirstFire
                        | FireMark::FinalFire
                )
            ),
        remaining_allowance: (allowed.value.max(0) as u32).saturating_sub(s.tallies.heroes_created),
        target_ok: u.unit.dc && t.unit.side() != u.unit.side() && in_los && near,
    };
    let r = th_hero_attempt(&creator);
    if !r.allowed {
        return Err(Refusal::new(
            r.rule,
            format!(
                "{} (allowance {}: {}; a DC Hero needs a DC and an enemy unit within eight MF \
                 and in LOS, G1.424)",
                r.reason, allowed.value, allowed.reason
            ),
        ));
    }
    let hero = Unit {
        id: hero_unit_id(id),
        nationality: u.unit.nationality,
        counter: "T-H Hero".into(),
        broken: false,
        dm: false,
        wounded: false,
        pinned: false,
        dc: true,
        hero: Some(Hero {
            target: target.into(),
            created_in: s.turn.number,
            attacked: false,
        }),
        // G1.423: two MF of his eight for each MF his creating MMC has already expended (one
        // if that MMC is conducting a Banzai Charge).
        mf_spent: (if u.unit.banzai.is_some() { 1.0 } else { 2.0 } * u.unit.mf_spent).min(HERO_MF),
        entered_cave: false,
        straying: false,
        movement_dr: u.unit.movement_dr,
        advanced: false,
        rally_attempted: false,
        routed: false,
        cx: false,
        assault_moving: false,
        berserk: false,
        hardened: false,
        banzai: None,
        placed_dc: None,
        fired: None,
        hero_attempted: false,
    };
    Ok(HeroPlan {
        creator: id.into(),
        half_squad: c.is_some_and(|c| c.kind == Kind::HalfSquad),
        conscript: c.is_some_and(|c| c.class == Class::Conscript),
        banzai: u.unit.banzai.is_some(),
        roll_rule: "G1.421",
        hero,
        at: u.at.clone(),
        creator_veil: (u.hidden || u.concealed).then(|| {
            let seen = seen_by_good_order(s, u.unit.side().opponent(), &u.at, !s.night());
            if seen {
                (
                    false,
                    format!(
                        "{id} loses HIP and \"?\": a T-H Hero creation attempt is a \"?\"-loss \
                         activity and a Good Order enemy ground unit sees it (G1.421, A12.141)"
                    ),
                )
            } else {
                (
                    true,
                    format!(
                        "{id} keeps \"?\"{}: no Good Order enemy ground unit sees its T-H Hero \
                         creation attempt (G1.421, A12.141)",
                        if u.hidden { " but loses HIP" } else { "" }
                    ),
                )
            }
        }),
    })
}
