//! G11.8 TEM and fire at caves: the cave's TEM (G11.8), predesignation, Spraying Fire and
//! concealment (G11.81-G11.812), Residual FP and Fire Lanes (G11.82-G11.821), the Area Target
//! Type (G11.831) and Acquisition (G11.832).

use serde::Serialize;

use super::common::{
    AttackKind, CAVE_TEM, CAVE_TEM_VS_OBA_OR_AREA, Check, DcDelivery, Drm, IFT_COLUMNS, Ruling,
    check, ruling, unmet,
};
use super::oba::oba_vs_cave;
use crate::hex::Hexside;
use crate::map::Map;

// --- G11.8 TEM ------------------------------------------------------------------------------

/// G11.8 TEM: the cave's TEM vs an attack: +4, or +6 vs OBA and the Area Target Type (G11.8
/// play-aid, which fills the cut-off EXC). A DC Placed, Thrown or Set into the cave is
/// resolved with its own DRM instead (`dc_attack_drm`, `set_dc_drm`); a DC that fell after
/// an unsuccessful Throw attacks the cave with its +4 TEM (G11.833 result b). Bombardment
/// uses no TEM: the cave takes a NMC (G11.841).
pub fn cave_tem(kind: AttackKind) -> Drm {
    let (drm, rule, reason) = match kind {
        AttackKind::Oba | AttackKind::AreaTargetType => (
            CAVE_TEM_VS_OBA_OR_AREA,
            "G11.8 (play-aid)",
            "a cave's TEM is +6 vs OBA and the Area Target Type".to_string(),
        ),
        AttackKind::Dc(DcDelivery::Fallen) => (
            CAVE_TEM,
            "G11.833",
            "a DC that fell to the Entrance Hex after an unsuccessful Throw attacks the cave \
             with all DRM, the cave's +4 TEM included"
                .to_string(),
        ),
        AttackKind::Dc(d) => (
            0,
            "G11.833",
            format!(
                "a DC {} into a cave ignores the cave's TEM; it uses the DC's own DRM",
                match d {
                    DcDelivery::Placed => "Placed",
                    DcDelivery::Thrown => "Thrown",
                    _ => "Set",
                }
            ),
        ),
        AttackKind::Bombardment => (
            0,
            "G11.841",
            "Bombardment uses no TEM vs a cave: the cave takes a NMC at Morale Level 11"
                .to_string(),
        ),
        _ => (CAVE_TEM, "G11.8", "a cave has a +4 TEM".to_string()),
    };
    Drm { drm, rule, reason }
}

/// G11.8 (play-aid): any unit or weapon firing out of an Overstacked cave suffers Area Fire
/// penalties in addition to the normal Overstacking penalties.
pub fn fire_from_overstacked_cave(overstacked: bool) -> Check {
    if overstacked {
        check(
            true,
            "G11.8 (play-aid)",
            "fire out of an Overstacked cave is Area Fire, on top of the Overstacking penalties",
        )
    } else {
        check(
            false,
            "G11.8 (play-aid)",
            "the cave is not Overstacked: no Area Fire penalty",
        )
    }
}

// --- G11.81-G11.812 predesignation, Spraying Fire, concealment -------------------------------

/// G11.81 predesignation: an attack may name a cave as its predesignated target only if that
/// cave is Known to the firer; a hidden cave (and its contents) can never be predesignated
/// (G11.8 play-aid).
pub fn predesignate(known_to_firer: bool, hidden: bool) -> Ruling {
    if hidden {
        ruling(
            false,
            "G11.81",
            "a hidden cave and its contents cannot be predesignated as a target (G11.8 play-aid)",
        )
    } else if !known_to_firer {
        ruling(
            false,
            "G11.81",
            "only a cave Known to the firer may be predesignated",
        )
    } else {
        ruling(true, "G11.81", "a Known cave may be predesignated")
    }
}

/// G11.81 exceptions: does this kind of attack need to predesignate a Known cave in the hex
/// to possibly affect it? Not Area Target Type, OBA, Aerial bombs, Residual FP or
/// Bombardment.
pub fn needs_predesignation(kind: AttackKind) -> Check {
    match kind {
        AttackKind::AreaTargetType
        | AttackKind::Oba
        | AttackKind::AerialBomb
        | AttackKind::ResidualFp
        | AttackKind::Bombardment => check(
            false,
            "G11.81",
            "Area Target Type, OBA, Aerial bombs, Residual FP and Bombardment need no \
             predesignation",
        ),
        AttackKind::Dc(_) => check(
            false,
            "G11.833",
            "a DC is Placed, Thrown or Set into the cave itself",
        ),
        _ => check(
            true,
            "G11.81",
            "the attack affects a cave only if it predesignated that Known cave",
        ),
    }
}

/// An attack on a hex that holds a cave, as G11.81 needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaveAttack {
    pub kind: AttackKind,
    /// The cave is hidden.
    pub hidden: bool,
    /// The attack predesignated this cave (G11.81); for Residual FP: lies in this cave.
    pub predesignated: bool,
    /// The cave's CA Hexside.
    pub ca: Hexside,
    /// The hexside the LOS/LOF (Area Target Type) or the OBA attack enters the cave's hex
    /// across; `None` if it enters across none (e.g. fired from within the hex).
    pub entered_across: Option<Hexside>,
}

/// G11.81 (NON-)HIDDEN CAVES: can this attack affect the cave and its contents? Hidden caves
/// only by Bombardment (G11.8 play-aid); Area Target Type and OBA only across the CA Hexside
/// (G11.831, G11.84); Residual FP only if it lies in the cave (G11.82); every other attack
/// only if it predesignated the cave. A FT's spill into Accessible caves is `ft_vs_cave`.
pub fn attack_affects_cave(map: &Map, a: &CaveAttack) -> Ruling {
    match a.kind {
        AttackKind::Bombardment => ruling(
            true,
            "G11.841",
            "every cave in a Bombarded hex, even a hidden one, takes a NMC at Morale Level 11",
        ),
        _ if a.hidden => ruling(
            false,
            "G11.8 (play-aid)",
            "a hidden cave and its contents can be affected by no attack other than Bombardment",
        ),
        AttackKind::AreaTargetType => area_target_type(map, false, a.ca, a.entered_across),
        AttackKind::Oba => oba_vs_cave(map, false, a.ca, a.entered_across),
        AttackKind::AerialBomb => ruling(
            true,
            "G11.81",
            "Aerial bombs need no predesignation to affect a non-hidden cave (the rest of \
             G11.86 is cut off in the seed)",
        ),
        AttackKind::ResidualFp => {
            if a.predesignated {
                ruling(true, "G11.82", "the Residual FP lies in the cave")
            } else {
                ruling(
                    false,
                    "G11.82",
                    "Residual FP outside the cave does not attack its occupants",
                )
            }
        }
        AttackKind::Dc(_) => ruling(
            true,
            "G11.833",
            "a DC Placed, Thrown or Set into a cave attacks it (see G11.833 for who may)",
        ),
        _ => {
            if a.predesignated {
                ruling(true, "G11.81", "the attack predesignated this Known cave")
            } else {
                ruling(
                    false,
                    "G11.81",
                    "an attack that did not predesignate the cave attacks only the hex's other \
                     Location(s)",
                )
            }
        }
    }
}

/// A Location a Spraying Fire attack would include.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SprayLocation {
    Cave {
        id: String,
        level: i32,
        ca: Hexside,
        predesignated: bool,
    },
    /// An above-ground (non-cave) Location, e.g. a hex's Level 3 Location or Climbers.
    Other { name: String, level: i32 },
}

impl SprayLocation {
    fn level(&self) -> i32 {
        match self {
            SprayLocation::Cave { level, .. } | SprayLocation::Other { level, .. } => *level,
        }
    }

    fn name(&self) -> String {
        match self {
            SprayLocation::Cave { id, .. } => format!("cave {id}"),
            SprayLocation::Other { name, .. } => name.clone(),
        }
    }
}

/// G11.811 Spraying Fire: may a Spraying Fire attack include these Locations? Two cave
/// Locations only, both predesignated, within one level of each other and sharing a vertex
/// of their CA Hexsides. An attack that includes a non-cave Location may include at most one
/// cave Location, and one that includes two non-cave Locations none ("> one" per the
/// play-aid and the G11.6 EX; the seed prints "≥ one"). The G11.6 EX lists only mixed pairs
/// within one level of each other; that limit is applied to them too. The normal A9.5 limits
/// are the caller's.
pub fn spraying_fire(map: &Map, locs: &[SprayLocation]) -> Ruling {
    const R: &str = "G11.811";
    if locs.len() < 2 {
        return ruling(false, R, "Spraying Fire attacks two Locations");
    }
    let caves: Vec<&SprayLocation> = locs
        .iter()
        .filter(|l| matches!(l, SprayLocation::Cave { .. }))
        .collect();
    let others = locs.len() - caves.len();
    if caves.is_empty() {
        return ruling(
            true,
            R,
            "no cave Location is included: the normal rules apply",
        );
    }
    if let Some(c) = caves.iter().find(|c| {
        matches!(
            c,
            SprayLocation::Cave {
                predesignated: false,
                ..
            }
        )
    }) {
        return ruling(
            false,
            R,
            format!("{} is not a predesignated target (G11.81)", c.name()),
        );
    }
    if caves.len() > 2 {
        return ruling(false, R, "Spraying Fire can affect two cave Locations only");
    }
    if others >= 2 {
        return ruling(
            false,
            R,
            "an attack that includes two non-cave Locations cannot include any cave Location",
        );
    }
    if others == 1 && caves.len() == 2 {
        return ruling(
            false,
            R,
            "an attack that includes a non-cave Location cannot include more than one cave \
             Location",
        );
    }
    let (a, b) = (&locs[0], &locs[1]);
    if (a.level() - b.level()).abs() > 1 {
        return ruling(
            false,
            R,
            format!(
                "{} (Level {}) and {} (Level {}) are not within one level of each other",
                a.name(),
                a.level(),
                b.name(),
                b.level()
            ),
        );
    }
    if let (SprayLocation::Cave { ca: x, .. }, SprayLocation::Cave { ca: y, .. }) = (a, b) {
        let shared = x.vertices().into_iter().find(|v| y.vertices().contains(v));
        return match shared {
            Some(v) => ruling(
                true,
                R,
                format!(
                    "{} and {} are within one level and share CA Hexside vertex {}",
                    a.name(),
                    b.name(),
                    map.vertex_name(v)
                ),
            ),
            None => ruling(
                false,
                R,
                format!("{} and {} share no CA Hexside vertex", a.name(), b.name()),
            ),
        };
    }
    ruling(
        true,
        R,
        format!(
            "one predesignated cave and one non-cave Location within one level: {} and {}",
            a.name(),
            b.name()
        ),
    )
}

/// G11.812 concealment (play-aid fills the cut-off text): hidden or concealed status in a
/// cave neither halves the FP of, nor adds a TH DRM to, attacks vs its occupants. Returns
/// whether the usual concealment penalty applies: never.
pub fn concealment_penalty_vs_cave(occupants_hidden_or_concealed: bool) -> Check {
    check(
        false,
        "G11.812 (play-aid)",
        if occupants_hidden_or_concealed {
            "hidden/concealed status in a cave neither halves the FP of, nor adds a TH DRM \
             to, attacks vs its occupants"
        } else {
            "the occupants are neither hidden nor concealed"
        },
    )
}

// --- G11.82-G11.832 Residual FP, Fire Lanes, Area Target Type, Acquisition --------------------

/// G11.82 Residual FP: may Residual FP be placed in a cave? Only if that cave was the
/// attacker's predesignated target. (The EXC that follows, "if an Aerial-bomb/...", is cut
/// off in the seed and not implemented.)
pub fn residual_fp_in_cave(predesignated: bool) -> Ruling {
    if predesignated {
        ruling(
            true,
            "G11.82",
            "the cave was the attack's predesignated target",
        )
    } else {
        ruling(
            false,
            "G11.82",
            "Residual FP may be placed in a cave only if the cave was the predesignated target",
        )
    }
}

/// A Snap Shot by Residual FP in a cave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SnapShot {
    /// The IFT column it attacks on; `None` if no attack.
    pub fp: Option<u32>,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.82 Residual FP Snap Shot (the rule's sentence is cut off; the EXs fix it): Residual FP
/// in a cave makes a Snap Shot of half its FP (on the next IFT column at or below it) vs a
/// unit moving across (or Climbing along) the cave's CA Hexside; a unit merely Bypassing to
/// a vertex of that hexside is not attacked. Four FP make a two-FP Snap Shot, two FP a
/// one-FP, six FP a two-FP (G11.82 EX).
pub fn residual_snap_shot(residual_fp: u32, crosses_ca_hexside: bool) -> SnapShot {
    if !crosses_ca_hexside {
        return SnapShot {
            fp: None,
            rule: "G11.82",
            reason: "Residual FP in a cave attacks only a unit that moves across (or Climbs \
                     along) its CA Hexside, not one Bypassing to a vertex of it"
                .into(),
        };
    }
    let half = f64::from(residual_fp) / 2.0;
    let column = IFT_COLUMNS
        .iter()
        .rev()
        .find(|c| f64::from(**c) <= half)
        .copied();
    SnapShot {
        fp: column,
        rule: "G11.82",
        reason: match column {
            Some(c) => format!(
                "{residual_fp} Residual FP in the cave make a Snap Shot of half ({half}): the \
                 {c}-FP column"
            ),
            None => format!("{residual_fp} Residual FP halved is below the 1-FP column"),
        },
    }
}

/// G11.821 Fire Lane: a Fire Lane can originate in a cave but cannot enter one.
pub fn fire_lane(enters_a_cave: bool) -> Ruling {
    if enters_a_cave {
        ruling(false, "G11.821", "a Fire Lane cannot enter a cave")
    } else {
        ruling(
            true,
            "G11.821",
            "a Fire Lane may originate in a cave; this one enters none",
        )
    }
}

/// G11.831 Area Target Type: a non-hidden cave and its contents are immune to Area Target Type
/// attacks whose LOS/LOF enters its hex outside its CA Hexside (play-aid fills the cut).
/// A hidden cave is affected by no attack but Bombardment (G11.8 play-aid).
pub fn area_target_type(
    map: &Map,
    hidden: bool,
    ca: Hexside,
    entered_across: Option<Hexside>,
) -> Ruling {
    let ca_name = map.side_name(ca);
    if hidden {
        return ruling(
            false,
            "G11.8 (play-aid)",
            "a hidden cave can be affected by no attack other than Bombardment",
        );
    }
    match entered_across {
        Some(s) if s == ca => ruling(
            true,
            "G11.831 (play-aid)",
            format!(
                "the LOS/LOF enters the hex across the CA Hexside {ca_name}: the cave's TEM is +6"
            ),
        ),
        Some(s) => ruling(
            false,
            "G11.831 (play-aid)",
            format!(
                "the LOS/LOF enters the hex across {}, not the CA Hexside {ca_name}: the cave is \
                 immune",
                map.side_name(s)
            ),
        ),
        None => ruling(
            false,
            "G11.831 (play-aid)",
            format!("the LOS/LOF does not enter the hex across the CA Hexside {ca_name}"),
        ),
    }
}

/// G11.832 Acquisition (play-aid fills the cut): using the Infantry Target Type, Target
/// Acquisition (and ROF) may be gained/retained vs a Known cave even if it holds no Known
/// enemy unit (even when firing SMOKE, G11.85).
pub fn acquisition_vs_cave(infantry_target_type: bool, cave_known: bool) -> Ruling {
    let reqs = [
        (infantry_target_type, "the Infantry Target Type is not used"),
        (cave_known, "the cave is not Known to the firer"),
    ];
    match unmet(&reqs) {
        Some(why) => ruling(false, "G11.832 (play-aid)", why),
        None => ruling(
            true,
            "G11.832 (play-aid)",
            "Acquisition may be gained vs a Known cave even with no Known enemy unit in it",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_residual_snap_shot_columns() {
        assert_eq!(residual_snap_shot(1, true).fp, None);
        assert_eq!(residual_snap_shot(8, true).fp, Some(4));
        assert_eq!(residual_snap_shot(12, true).fp, Some(6));
        assert_eq!(residual_snap_shot(12, false).fp, None);
    }
}
