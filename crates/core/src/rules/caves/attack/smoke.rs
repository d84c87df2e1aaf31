//! G11.85-G11.851 SMOKE and WP in caves, and what rising WP reveals.

use std::collections::BTreeSet;

use serde::Serialize;

use super::common::{AttackKind, CAVE_TEM, Check, Drm, THROWN_DC_SUCCESS, check, signed};
use super::fire::cave_tem;
use crate::map::Map;
use crate::rules::caves::CaveSystem;
use crate::rules::caves::access::Under;

/// Where an attempt to place SMOKE in a cave puts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SmokeOutcome {
    /// Beneath the Cave counter.
    InCave,
    /// At the Base Level of the cave's Entrance Hex (a failed predesignated attempt).
    EntranceBaseLevel,
    /// No SMOKE is created.
    None,
}

/// An attempt to place SMOKE in a cave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmokePlacement {
    pub outcome: SmokeOutcome,
    /// A WP NMC follows (never from a failed attempt's SMOKE at the Entrance Hex).
    pub wp_nmc_possible: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// Where a unit placing SMOKE grenades into a cave is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SmokePlacer {
    /// In the cave itself (normal SMOKE-grenade rules).
    InCave,
    /// Above-ground; `could_throw_dc`: in a position from which a DC could be Thrown into the
    /// cave (`dc_throw`).
    AboveGround { could_throw_dc: bool },
}

/// G11.85 SMOKE grenades in a cave: from in the cave, normal rules; from above-ground only
/// where a DC could be Thrown into it (G11.833), succeeding on a Final Thrown-DC dr <= 3
/// (`final_dr`). A failed (predesignated) attempt places the SMOKE at the Entrance Hex's Base
/// Level with no WP NMC.
pub fn smoke_grenade_in_cave(from: SmokePlacer, final_dr: i32) -> SmokePlacement {
    match from {
        SmokePlacer::InCave => SmokePlacement {
            outcome: SmokeOutcome::InCave,
            wp_nmc_possible: true,
            rule: "G11.85",
            reason: "a unit in the cave places SMOKE grenades in it by the normal rules".into(),
        },
        SmokePlacer::AboveGround {
            could_throw_dc: false,
        } => SmokePlacement {
            outcome: SmokeOutcome::None,
            wp_nmc_possible: false,
            rule: "G11.85",
            reason: "SMOKE grenades may be placed in a cave from above-ground only from where a \
                     DC could be Thrown into it (G11.833)"
                .into(),
        },
        SmokePlacer::AboveGround {
            could_throw_dc: true,
        } if final_dr <= THROWN_DC_SUCCESS => SmokePlacement {
            outcome: SmokeOutcome::InCave,
            wp_nmc_possible: true,
            rule: "G11.85",
            reason: format!("Final Thrown-DC dr {final_dr} <= 3: the SMOKE is placed in the cave"),
        },
        SmokePlacer::AboveGround { .. } => SmokePlacement {
            outcome: SmokeOutcome::EntranceBaseLevel,
            wp_nmc_possible: false,
            rule: "G11.85",
            reason: format!(
                "Final Thrown-DC dr {final_dr} >= 4: the SMOKE falls to the Entrance Hex's Base \
                 Level, with no WP NMC"
            ),
        },
    }
}

/// A Direct-Fire ordnance attempt to place SMOKE in a cave (G11.85).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrdnanceSmoke {
    /// The Basic TH# (without C4.4's +2 for SMOKE at 5-12 hexes, which is NA here).
    pub th_number: i32,
    /// All TH DRM except the cave's +4 TEM (Case Q), which is added here.
    pub other_drm: i32,
    pub original_dr: u32,
    /// The SMOKE Depletion number.
    pub depletion: u32,
    pub has_los: bool,
    pub infantry_target_type: bool,
}

/// G11.85 Direct-Fire ordnance SMOKE in a cave: needs a LOS and the Infantry Target Type; the
/// cave's +4 TEM (Case Q) applies to the TH DR. A hit with the Original TH DR <= the SMOKE
/// Depletion number places the SMOKE beneath the Cave counter; a miss with the Original TH DR
/// <= the Depletion number places it at the Entrance Hex's Base Level (no WP NMC).
pub fn ordnance_smoke_in_cave(o: &OrdnanceSmoke) -> SmokePlacement {
    let none = |why: String| SmokePlacement {
        outcome: SmokeOutcome::None,
        wp_nmc_possible: false,
        rule: "G11.85",
        reason: why,
    };
    if !o.has_los {
        return none("the firer has no LOS to the cave".into());
    }
    if !o.infantry_target_type {
        return none("SMOKE is fired into a cave only using the Infantry Target Type".into());
    }
    if o.original_dr > o.depletion {
        return none(format!(
            "Original TH DR {} > SMOKE Depletion number {}: no SMOKE",
            o.original_dr, o.depletion
        ));
    }
    let drm = CAVE_TEM + o.other_drm;
    let final_dr = o.original_dr as i32 + drm;
    if final_dr <= o.th_number {
        SmokePlacement {
            outcome: SmokeOutcome::InCave,
            wp_nmc_possible: true,
            rule: "G11.85",
            reason: format!(
                "Final TH DR {final_dr} ({} {} incl. +4 cave TEM) <= TH# {}: SMOKE beneath the \
                 Cave counter",
                o.original_dr,
                signed(drm),
                o.th_number
            ),
        }
    } else {
        SmokePlacement {
            outcome: SmokeOutcome::EntranceBaseLevel,
            wp_nmc_possible: false,
            rule: "G11.85",
            reason: format!(
                "Final TH DR {final_dr} > TH# {}: the SMOKE is placed at the Entrance Hex's \
                 Base Level, with no WP NMC",
                o.th_number
            ),
        }
    }
}

/// The outgoing LOS effect of SMOKE in a cave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaveSmokeLos {
    /// The SMOKE's outgoing LOS DRM (twice its current DRM).
    pub drm: u32,
    /// With the other hindrances of the LOS.
    pub total: u32,
    /// Hindrances of +6 or more block the LOS (B.10).
    pub blocked: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.85 SMOKE's outgoing LOS DRM: contrary to A24.8, SMOKE in a cave hinders the LOS of
/// units in it by twice its current maximum applicable DRM; with the LOS's other hindrances
/// (`other_hindrance`), +6 or more blocks it (B.10). +3 SMOKE alone makes +6.
pub fn cave_smoke_outgoing(smoke_drm: u32, other_hindrance: u32) -> CaveSmokeLos {
    let drm = 2 * smoke_drm;
    let total = drm + other_hindrance;
    let blocked = total >= 6;
    CaveSmokeLos {
        drm,
        total,
        blocked,
        rule: "G11.85",
        reason: format!(
            "+{smoke_drm} SMOKE in the cave hinders outgoing LOS by twice its DRM, +{drm}; +{total} \
             in all {}",
            if blocked {
                "blocks the LOS (B.10)"
            } else {
                "does not block the LOS"
            }
        ),
    }
}

/// G11.85: SMOKE in a cave exists only in that cave, not in the rest of its hex; SMOKE above
/// the Cave counters of a hex does not exist in those caves. Does SMOKE at `smoke_in` (a cave
/// id, or `None` for above-ground) exist at `location` (the same)?
pub fn smoke_exists_at(smoke_in: Option<&str>, location: Option<&str>) -> Check {
    match (smoke_in, location) {
        (Some(s), Some(l)) if s == l => check(true, "G11.85", format!("the SMOKE is in cave {s}")),
        (Some(s), _) => check(
            false,
            "G11.85",
            format!("SMOKE in cave {s} does not exist elsewhere in its hex"),
        ),
        (None, Some(l)) => check(
            false,
            "G11.85",
            format!("SMOKE above the Cave counters does not exist in cave {l}"),
        ),
        (None, None) => check(true, "G11.85", "above-ground SMOKE in the hex"),
    }
}

/// G11.85: is SMOKE placed in a cave during Player Turn `placed_in` removed at the end of
/// Player Turn `ending`? It stays until the end of the Player Turn in which it was placed.
pub fn cave_smoke_removed(placed_in: u32, ending: u32) -> Check {
    if ending >= placed_in {
        check(
            true,
            "G11.85",
            "SMOKE in a cave is removed at the end of the Player Turn in which it was placed",
        )
    } else {
        check(false, "G11.85", "the SMOKE has not yet been placed")
    }
}

/// G11.85 (play-aid): WP successfully placed (by any means) in a cave is automatically a CH
/// there, and uses the reversed TEM applicable to that type of attack.
pub fn wp_in_cave(kind: AttackKind) -> Drm {
    let tem = cave_tem(kind).drm;
    Drm {
        drm: -tem,
        rule: "G11.85 (play-aid)",
        reason: format!(
            "WP placed in a cave is automatically a CH, with the cave's {} TEM reversed: {}",
            signed(tem),
            signed(-tem)
        ),
    }
}

/// A cave as the G11.851 WP reveal needs it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaveNode {
    pub id: String,
    pub level: i32,
    pub hidden: bool,
    /// The Cave Complex whose boundaries hold it.
    pub complex: Option<String>,
}

/// A tunnel's above-ground entrance/exit, for G11.851.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TunnelOpening {
    /// The Cave Complex the tunnel connects to.
    pub complex: String,
    /// Its name (a hex or a pillbox).
    pub at: String,
    pub level: i32,
}

/// What a Dispersed/removed WP in a cave reveals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WpReveal {
    /// Hidden caves placed onboard, sorted.
    pub caves: Vec<String>,
    /// Tunnel openings revealed, sorted.
    pub tunnel_openings: Vec<String>,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.851 WP (play-aid fills the cut; the G11.6 EX fixes the reach): when WP in a cave is
/// Dispersed (5/8") or removed (1/2"), it rises: it reveals every hidden cave reached from
/// the WP's cave through a chain of Accessible caves, each higher than the last; plus every
/// hidden cave within the same Cave Complex's boundaries, and every above-ground opening of
/// a tunnel to that Complex, that is higher than the WP's cave. `accessible` lists the pairs
/// of caves Accessible to each other (G11.6). G11.6 EX: WP in A (Level 0) reveals G and M; in
/// G only M; in M, J, K or L none.
pub fn wp_reveals(
    wp_cave: &str,
    caves: &[CaveNode],
    accessible: &[(&str, &str)],
    tunnel_openings: &[TunnelOpening],
) -> WpReveal {
    let find = |id: &str| caves.iter().find(|c| c.id == id);
    let Some(start) = find(wp_cave) else {
        return WpReveal {
            caves: Vec::new(),
            tunnel_openings: Vec::new(),
            rule: "G11.851",
            reason: format!("no cave {wp_cave}"),
        };
    };
    let mut reached: BTreeSet<&str> = BTreeSet::new();
    let mut frontier = vec![start];
    while let Some(c) = frontier.pop() {
        for (a, b) in accessible {
            let other = if *a == c.id {
                *b
            } else if *b == c.id {
                *a
            } else {
                continue;
            };
            if let Some(o) = find(other)
                && o.level > c.level
                && reached.insert(o.id.as_str())
            {
                frontier.push(o);
            }
        }
    }
    if let Some(x) = &start.complex {
        for c in caves {
            if c.complex.as_ref() == Some(x) && c.level > start.level && c.id != start.id {
                reached.insert(c.id.as_str());
            }
        }
    }
    let revealed: Vec<String> = reached
        .iter()
        .filter(|id| find(id).is_some_and(|c| c.hidden))
        .map(|s| s.to_string())
        .collect();
    let mut openings: Vec<String> = tunnel_openings
        .iter()
        .filter(|t| start.complex.as_ref() == Some(&t.complex) && t.level > start.level)
        .map(|t| t.at.clone())
        .collect();
    openings.sort();
    openings.dedup();
    // "no hidden cave", "cave H", "caves H, I".
    let said = |one: &str, many: &str, v: &[String]| match v.len() {
        0 => format!("no hidden {one}"),
        n => format!("{} {}", crate::words::noun(n, one, many), v.join(", ")),
    };
    WpReveal {
        reason: format!(
            "WP in cave {wp_cave} (Level {}) rises through higher Accessible caves: it reveals \
             {} and {}",
            start.level,
            said("cave", "caves", &revealed),
            said("tunnel opening", "tunnel openings", &openings)
        ),
        caves: revealed,
        tunnel_openings: openings,
        rule: "G11.851 (play-aid)",
    }
}

impl CaveSystem {
    /// G11.6: the caves (not Cave Complexes) Accessible to cave `id`, sorted.
    pub fn accessible_caves(&self, id: &str) -> Vec<String> {
        let me = Under::Cave(id.to_string());
        let mut out: Vec<String> = self
            .caves
            .iter()
            .filter(|c| self.accessible(&me, &Under::Cave(c.id.clone())))
            .map(|c| c.id.clone())
            .collect();
        out.sort();
        out
    }

    /// G11.851: `wp_reveals` for this system; `hidden` names the hidden caves, and tunnel
    /// openings take their hex's Base Level from `map`.
    pub fn wp_reveals(&self, map: &Map, wp_cave: &str, hidden: &[&str]) -> WpReveal {
        let nodes: Vec<CaveNode> = self
            .caves
            .iter()
            .map(|c| CaveNode {
                id: c.id.clone(),
                level: c.level,
                hidden: hidden.contains(&c.id.as_str()),
                complex: c.complex.clone(),
            })
            .collect();
        let pairs: Vec<(String, String)> = self
            .caves
            .iter()
            .flat_map(|c| {
                self.accessible_caves(&c.id)
                    .into_iter()
                    .map(move |o| (c.id.clone(), o))
            })
            .collect();
        let pairs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let openings: Vec<TunnelOpening> = self
            .complexes
            .iter()
            .flat_map(|x| {
                self.tunnel_exits(&x.primary)
                    .into_iter()
                    .map(move |h| (x.primary.clone(), h))
            })
            .map(|(complex, h)| TunnelOpening {
                complex,
                at: map.name(h),
                level: map.get(h).map_or(0, |d| d.level),
            })
            .collect();
        wp_reveals(wp_cave, &nodes, &pairs, &openings)
    }
}
