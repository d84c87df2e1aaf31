//! SMOKE and WP grenades as orders (A24.1; into a cave G11.85-G11.851; G1.17 Japanese
//! Conscripts place none): who may place them, where, at what MF, and for a cave from outside
//! the Thrown-DC dr that decides where the SMOKE lands. A24.1 (not from the seeds: the eASLRB's
//! text) "SMOKE placement may be attempted via inherent SMOKE grenades by any Good Order
//! Infantry squad having a SMOKE Placement Exponent and still capable of movement during its
//! MPh, at a cost of two MF if the attempt is to place SMOKE in an ADJACENT Location, or one MF
//! if the attempt is to place SMOKE in its own Location"; "No unit may attempt to place SMOKE
//! more than once per MPh". The placement dr against the squad's SMOKE Placement Exponent (and
//! its 6 ending the MPh) is not modelled: the counters' exponents are not in our sources.

use super::common::{attacker_in, mmc};
use super::dc::{known_cave, thrower};
use crate::counters::{Class, Kind};
use crate::los::Location;
use crate::model::{Nationality, Phase, SmokeKind};
use crate::rules::caves::attack::{
    AttackKind, Drm, SmokeOutcome, SmokePlacer, dc_throw, smoke_grenade_in_cave, thrown_dc_drm,
    wp_in_cave,
};
use crate::rules::situation::{Refusal, Situation};
use crate::rules::tables::Tables;

/// Where grenades go.
#[derive(Clone, Debug, PartialEq)]
pub enum SmokeTarget {
    /// A24.1: the unit's own or an adjacent above-ground Location; no dr is modelled (the
    /// catalog has no SMOKE Placement Exponents).
    Ground { rule: &'static str, reason: String },
    /// G11.85: a cave, from in it (no dr) or from where a DC could be Thrown into it (the
    /// Thrown-DC dr with `drm`).
    Cave {
        cave: String,
        /// The Location at the Base Level of its Entrance Hex, where a failed attempt's SMOKE
        /// falls.
        entrance: Location,
        placer: SmokePlacer,
        drm: i32,
        /// The drm, item by item (`+1 the cave's level ... (G11.833); ...`); empty with none.
        drm_items: Vec<String>,
        /// The rule the Thrown-DC dr is rolled under, when one is made.
        roll_rule: Option<&'static str>,
    },
}

/// What placing SMOKE (or WP) grenades will do.
#[derive(Clone, Debug, PartialEq)]
pub struct SmokePlan {
    pub placer: String,
    pub at: Location,
    pub kind: SmokeKind,
    pub target: SmokeTarget,
    /// G11.85 (play-aid): WP placed in a cave is a CH there (`None` for SMOKE); its FP and NMC
    /// (A24.3) are not in our sources and are not resolved.
    pub wp_ch: Option<Drm>,
    /// A24.1: the MF the placement costs: one in the unit's own Location, two in an ADJACENT
    /// one (a cave from outside it is ADJACENT to the placer, G11.6).
    pub mf: f32,
    /// A24.1: the grenades go into an ADJACENT Location, not the placer's own (`into_adjacent`).
    pub adjacent: bool,
}

impl SmokePlan {
    /// A24.3: WP grenades, rather than SMOKE grenades.
    pub fn wp(&self) -> bool {
        self.kind.is_wp()
    }

    /// The counter's name in the log: `WP` or `SMOKE`.
    pub fn name(&self) -> &'static str {
        if self.wp() { "WP" } else { "SMOKE" }
    }

    /// A24.1 / G11.85: where the grenades land, on the Thrown-DC dr when the plan asks for one (G11.85: a
    /// Final dr <= 3 puts the SMOKE in the cave, else at the Entrance Hex's Base Level).
    pub fn place(&self, dr: Option<u8>) -> SmokeLanding {
        let name = self.name();
        let (cave, entrance, placer, drm) = match &self.target {
            SmokeTarget::Ground { rule, reason } => {
                return SmokeLanding {
                    lands: Some(self.at.clone()),
                    in_cave: false,
                    rule,
                    text: reason.clone(),
                };
            }
            SmokeTarget::Cave {
                cave,
                entrance,
                placer,
                drm,
                drm_items,
                ..
            } => (cave, entrance, *placer, (*drm, drm_items)),
        };
        let (drm, drm_items) = drm;
        let final_dr = dr.map_or(0, |d| i32::from(d) + drm);
        let p = smoke_grenade_in_cave(placer, final_dr);
        let lands = match p.outcome {
            SmokeOutcome::InCave => Some(self.at.clone()),
            SmokeOutcome::EntranceBaseLevel => Some(entrance.clone()),
            SmokeOutcome::None => None,
        };
        let text = match dr {
            Some(d) => format!(
                "{name} grenade at cave {cave}: Thrown-DC dr {d} {drm:+}{} = {final_dr}: {}",
                if drm_items.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", drm_items.join("; "))
                },
                p.reason
            ),
            None => format!("{name} grenade at cave {cave}: {}", p.reason),
        };
        SmokeLanding {
            lands,
            in_cave: p.outcome == SmokeOutcome::InCave,
            rule: p.rule,
            text,
        }
    }
}

/// Where grenades landed.
#[derive(Clone, Debug, PartialEq)]
pub struct SmokeLanding {
    /// The Location the SMOKE is placed in (`None`: none is placed).
    pub lands: Option<Location>,
    /// It is in the cave aimed at (then WP there is a CH, `SmokePlan::wp_ch`).
    pub in_cave: bool,
    pub rule: &'static str,
    pub text: String,
}

/// A24.1: the MF grenades from `from` into `at` cost: in the unit's own Location, or in an
/// ADJACENT one (a cave from outside it counts as ADJACENT, G11.6), as `t.smoke_grenade_mf`
/// gives them (1 and 2, not from the seeds).
pub fn grenade_mf(t: &Tables, from: &Location, at: &Location) -> f32 {
    let (own, adjacent) = t.smoke_grenade_mf;
    f32::from(if into_adjacent(from, at) {
        adjacent
    } else {
        own
    })
}

/// A24.1: grenades from `from` into `at` go into an ADJACENT Location (at the ADJACENT cost),
/// not the placer's own.
pub fn into_adjacent(from: &Location, at: &Location) -> bool {
    from != at
}

/// A24.1 / G11.85 / G1.17: SMOKE grenades (`kind` Grenade) or WP grenades (WpGrenade) placed by
/// the ATTACKER in its MPh into its own or an adjacent Location, or into a cave: from in it by
/// the normal rules, or from above ground only from where a DC could be Thrown into it (then a
/// Thrown-DC dr <= 3 places it; a hidden cave cannot be the target, G11.81). Japanese Conscripts
/// place none, and of the Japanese only Elite squads place WP (G1.17). Which Allied units carry
/// WP grenades (A24.3) is not in our sources: the walk lets Allied Infantry use them; WP's own
/// attack (its FP and NMC) is not resolved.
pub fn place_smoke(
    s: &Situation,
    id: &str,
    at: &Location,
    kind: SmokeKind,
) -> Result<SmokePlan, Refusal> {
    let u = s.unit_in_play(id)?;
    let wp = kind.is_wp();
    let what = if wp { "WP grenades" } else { "SMOKE grenades" };
    attacker_in(
        s,
        u,
        &[Phase::Movement],
        "A24.1",
        &format!("placing {what}"),
    )?;
    // A24.1: grenades are placed with MF in the MPh (G11.833: "any required SMOKE MF cost"),
    // one attempt a MPh.
    super::common::mf_left(s, u, "A24.1", &format!("to place {what} with"))?;
    super::common::not_prep_fired(u, &format!("placing {what}"))?;
    if s.tallies.smoke_attempted.iter().any(|x| x == id) {
        return Err(Refusal::new(
            "A24.1",
            format!(
                "{id} has placed grenades this MPh: no unit may attempt it more than once a MPh"
            ),
        ));
    }
    // A24.1 / A10.5 / A7.8 (not in our sources; our reading): grenades are placed with MF in
    // the MPh, which a broken unit (it moves only to rout) and a pinned one do not spend.
    if u.unit.broken {
        return Err(Refusal::new(
            "A10.5",
            format!("{id} is broken: it spends no MF in the MPh and places no {what}"),
        ));
    }
    if u.unit.pinned {
        return Err(Refusal::new(
            "A7.8",
            format!("{id} is pinned: it spends no MF in the MPh and places no {what}"),
        ));
    }
    let japanese = u.unit.nationality == Nationality::Japanese;
    // G1.17: "Japanese Elite squads may attempt WP placement as well, as per A24.3".
    if wp
        && japanese
        && mmc(&u.unit).is_none_or(|c| c.class != Class::Elite || c.kind != Kind::Squad)
    {
        return Err(Refusal::new(
            "G1.17",
            "of the Japanese only Elite squads may attempt WP placement (A24.3)",
        ));
    }
    // A24.1: "any Good Order Infantry squad having a SMOKE Placement Exponent": a leader, a
    // hero, a half-squad or a crew places none.
    if mmc(&u.unit).is_none_or(|c| c.kind != Kind::Squad) {
        return Err(Refusal::new(
            "A24.1",
            format!(
                "{id} is not a squad: only a squad, with its SMOKE Placement Exponent, places \
                 {what}"
            ),
        ));
    }
    if japanese && mmc(&u.unit).is_none_or(|c| c.class == Class::Conscript) {
        return Err(Refusal::new(
            "G1.17",
            "only Japanese Elite and 1st-Line squads may place Smoke Grenades",
        ));
    }
    let name = if wp { "WP" } else { "SMOKE" };
    let wp_ch = wp.then(|| {
        let ch = wp_in_cave(AttackKind::Direct);
        Drm {
            reason: format!(
                "{} (the WP attack's FP and its NMC, A24.3, are not in our sources: not \
                 resolved)",
                ch.reason
            ),
            ..ch
        }
    });
    // A24.1: one MF in its own Location, two in an ADJACENT one.
    let mf = grenade_mf(s.tables, &u.at, at);
    let adjacent = into_adjacent(&u.at, at);
    let left = super::common::mf_allotment(s.tables, u) - u.unit.mf_spent;
    if mf > left {
        return Err(Refusal::new(
            "A24.1",
            format!(
                "placing {what} in {} costs {mf} MF ({}); {id} has {left} MF left",
                at.display(s.map),
                if adjacent {
                    "an ADJACENT Location"
                } else {
                    "its own Location"
                }
            ),
        ));
    }
    let plan = |target| SmokePlan {
        placer: id.into(),
        at: at.clone(),
        kind,
        target,
        wp_ch: wp_ch.clone(),
        mf,
        adjacent,
    };
    let Location::Cave(cave_id) = at else {
        let near = match (u.at.hex(), at.hex()) {
            (Some(a), Some(b)) => a == b || a.is_adjacent(b),
            _ => false,
        };
        if !near {
            return Err(Refusal::new(
                "A24.1",
                format!("{what} go into the unit's own or an adjacent Location"),
            ));
        }
        return Ok(plan(SmokeTarget::Ground {
            rule: "A24.1",
            reason: format!("{name} grenade placed in {}", at.display(s.map)),
        }));
    };
    let cave = s
        .caves
        .cave(cave_id)
        .ok_or_else(|| Refusal::new("G11.1", format!("there is no cave {cave_id}")))?;
    let in_cave = u.at == *at;
    if !in_cave {
        known_cave(s, u, cave_id)?;
    }
    let (placer, drm, drm_items) = if in_cave {
        (SmokePlacer::InCave, 0, Vec::new())
    } else {
        let t = thrower(s, u, cave);
        let could_throw_dc = dc_throw(&t, cave.level).allowed;
        let d = thrown_dc_drm(&t, cave.level);
        let items = d
            .items
            .iter()
            .map(|m| format!("{:+} {} ({})", m.drm, m.reason, m.rule))
            .collect();
        (SmokePlacer::AboveGround { could_throw_dc }, d.total, items)
    };
    if placer
        == (SmokePlacer::AboveGround {
            could_throw_dc: false,
        })
    {
        let p = smoke_grenade_in_cave(placer, 0);
        return Err(Refusal::new(
            p.rule,
            format!("{name} grenade at cave {cave_id}: {}", p.reason),
        ));
    }
    Ok(plan(SmokeTarget::Cave {
        cave: cave_id.clone(),
        entrance: Location::Ground(cave.entrance),
        placer,
        drm,
        drm_items,
        roll_rule: matches!(placer, SmokePlacer::AboveGround { .. }).then_some("G11.85"),
    }))
}
