//! G11.8-G11.97: attacks on caves and what they do. Cave TEM (G11.8), predesignation and
//! Spraying Fire (G11.81-G11.812), Residual FP and Fire Lanes (G11.82-G11.821), Area Target
//! Type (G11.831), DC Placed, Thrown, Placed by Climbing and Set (G11.833-G11.8332), FT
//! (G11.834), SCW and HEAT (G11.835), canister (G11.836), OBA and Bombardment (G11.84-G11.841),
//! SMOKE and WP (G11.85-G11.851), CC (G11.87), elimination (G11.88), Control (G11.94), night
//! (G11.96) and Heat of Battle (G11.97).
//!
//! Small pure functions of plain inputs. Every result carries its rule number and a reason
//! sentence. Where the seed's rule text is cut off and the cave play-aid fills it, the rule is
//! cited as "G11.x (play-aid)"; where neither source says, the function says so in its doc and
//! leaves the decision to the caller.

use std::collections::BTreeSet;

use serde::Serialize;

use super::access::Under;
use super::{Cave, CaveSystem};
use crate::hex::{Hexside, Vertex};
use crate::map::Map;

/// A DC attacks with 30 FP (A23.1; the G11.833 cave K EX: "with 30 FP").
pub const DC_FP: u32 = 30;
/// G11.8: a cave's TEM.
pub const CAVE_TEM: i32 = 4;
/// G11.8 (play-aid): a cave's TEM vs OBA and vs the Area Target Type.
pub const CAVE_TEM_VS_OBA_OR_AREA: i32 = 6;
/// G11.833 EX: the Thrown-DC target's DRM (A23.6), added to the cave's TEM when a DC that
/// failed to be Thrown attacks the cave (+4 +2 = +6).
pub const THROWN_DC_TARGET_DRM: i32 = 2;
/// G11.833 EX: the DRM of a failed Thrown DC's attack vs the Thrower's Location (A23.6).
pub const THROWER_LOCATION_DRM: i32 = 3;
/// G11.833: a Thrown-DC Final dr of at most this succeeds (also G11.8331 and G11.85).
pub const THROWN_DC_SUCCESS: i32 = 3;
/// G11.841: a cave's Morale Level vs Bombardment.
pub const BOMBARDMENT_MORALE_LEVEL: i32 = 11;
/// G11.97: the Final Heat of Battle DR at or above which Infantry in a cave become Battle
/// Hardened.
pub const BATTLE_HARDENED_HOB: i32 = 9;
/// G11.8332 EX: the total IFT DRM of a DC Set in a cave while no Known Good Order Japanese
/// MMC is in it. Read as -4 (the cave's +4 TEM reversed, G11.8 play-aid) and -3 (the normal
/// Set DC rules, A23.7, which are not in our sources). *Uncertain* in its split; the total
/// is the EX's.
pub const SET_DC_NO_DEFENDER_DRM: i32 = -7;
/// The IFT's FP columns (A7; not in our sources). The G11.82 EX fixes that six Residual FP
/// make a two-FP Snap Shot (half of six is three, which attacks on the 2 column).
pub const IFT_COLUMNS: [u32; 11] = [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36];

/// Whether something may be done, with its rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    pub allowed: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// Whether a fact holds (a penalty applies, a cave is Controlled or Illuminated...), with its
/// rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    pub holds: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// One modifier with its rule and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Drm {
    pub drm: i32,
    pub rule: &'static str,
    pub reason: String,
}

/// A total of modifiers and the modifiers that make it (only those that apply).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DrmTotal {
    pub total: i32,
    pub items: Vec<Drm>,
}

impl DrmTotal {
    fn push(&mut self, drm: i32, rule: &'static str, reason: impl Into<String>) {
        self.total += drm;
        self.items.push(Drm {
            drm,
            rule,
            reason: reason.into(),
        });
    }
}

fn ruling(allowed: bool, rule: &'static str, reason: impl Into<String>) -> Ruling {
    Ruling {
        allowed,
        rule,
        reason: reason.into(),
    }
}

fn check(holds: bool, rule: &'static str, reason: impl Into<String>) -> Check {
    Check {
        holds,
        rule,
        reason: reason.into(),
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A failed requirement list as one sentence, or `None` if all hold.
fn unmet(reqs: &[(bool, &str)]) -> Option<String> {
    let missing: Vec<&str> = reqs.iter().filter(|(ok, _)| !ok).map(|(_, w)| *w).collect();
    (!missing.is_empty()).then(|| missing.join(", "))
}

// --- G11.8 TEM ------------------------------------------------------------------------------

/// How a DC reaches a cave (G11.833-G11.8332).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum DcDelivery {
    /// Placed by an ADJACENT unit (G11.833) or by a Climbing unit (G11.8331).
    Placed,
    /// Successfully Thrown into the cave (G11.833 result a).
    Thrown,
    /// Unsuccessfully Thrown: fallen unpossessed to the Entrance Hex's Base Level (G11.833
    /// result b).
    Fallen,
    /// Set in the cave (G11.8332).
    Set,
}

/// The kind of an attack on a cave, as G11.8-G11.841 tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum AttackKind {
    /// Any attack that none of the kinds below is: small arms, MG, IFE, ordnance using the
    /// Infantry Target Type...
    Direct,
    /// Ordnance using the Area Target Type (G11.831).
    AreaTargetType,
    /// Off-board artillery (G11.84).
    Oba,
    /// Aerial bombs (G11.81 EXC).
    AerialBomb,
    /// Residual FP (G11.82).
    ResidualFp,
    /// Bombardment (G11.841).
    Bombardment,
    /// A flamethrower (G11.834).
    FlameThrower,
    /// Canister (G11.836).
    Canister,
    /// A DC (G11.833).
    Dc(DcDelivery),
}

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
pub fn attack_affects_cave(a: &CaveAttack) -> Ruling {
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
        AttackKind::AreaTargetType => area_target_type(false, a.ca, a.entered_across),
        AttackKind::Oba => oba_vs_cave(false, a.ca, a.entered_across),
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
pub fn spraying_fire(locs: &[SprayLocation]) -> Ruling {
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
                    "{} and {} are within one level and share CA Hexside vertex {v}",
                    a.name(),
                    b.name()
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
pub fn area_target_type(hidden: bool, ca: Hexside, entered_across: Option<Hexside>) -> Ruling {
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
            format!("the LOS/LOF enters the hex across the CA Hexside {ca}: the cave's TEM is +6"),
        ),
        Some(s) => ruling(
            false,
            "G11.831 (play-aid)",
            format!(
                "the LOS/LOF enters the hex across {s}, not the CA Hexside {ca}: the cave is \
                 immune"
            ),
        ),
        None => ruling(
            false,
            "G11.831 (play-aid)",
            format!("the LOS/LOF does not enter the hex across the CA Hexside {ca}"),
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

// --- G11.833 DC -----------------------------------------------------------------------------

/// The unit Placing, Throwing or Setting a DC, as G11.833 needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Thrower {
    /// Its level (its Location's elevation).
    pub level: i32,
    pub infantry: bool,
    pub pinned: bool,
    pub good_order: bool,
    pub climbing: bool,
    /// adjacent to the cave in the normal (A.6) sense, as a Thrower must be.
    pub adjacent: bool,
    /// ADJACENT to the cave as G11.6 defines it (`CaveSystem::adjacent`).
    pub adjacent_g11_6: bool,
    pub has_los: bool,
    /// "the Thrower is in a moving/...": the rest of this drm's condition is cut off in the
    /// seed (and absent from the play-aid); the caller decides whether it holds.
    pub in_moving: bool,
    /// Heroic, or Fanatic (the G11.833 EX: a "non-Fanatic" squad gets only the ADJACENT drm).
    pub heroic_or_fanatic: bool,
}

/// Whether a DC may be Placed, and its MF cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub ruling: Ruling,
    /// MF the Placing unit expends: two (the cave entry cost) plus any SMOKE MF.
    pub mf: Option<u32>,
}

/// G11.833 DC Placed: only an unpinned, Good Order, non-Climbing Infantry unit ADJACENT
/// (G11.6) to the cave, expending two MF (the cave entry cost) plus any required SMOKE MF
/// (`smoke_mf`). A Climbing unit Places only as per G11.8331 (`climbing_placement`).
pub fn dc_placement(unit: &Thrower, smoke_mf: u32) -> Placement {
    let reqs = [
        (unit.infantry, "only Infantry may Place a DC"),
        (!unit.pinned, "the unit is pinned"),
        (unit.good_order, "the unit is not in Good Order"),
        (
            !unit.climbing,
            "a Climbing unit may Place a DC only as per G11.8331",
        ),
        (
            unit.adjacent_g11_6,
            "the unit is not ADJACENT (G11.6) to the cave",
        ),
    ];
    match unmet(&reqs) {
        Some(why) => Placement {
            ruling: ruling(false, "G11.833", format!("no DC Placement: {why}")),
            mf: None,
        },
        None => {
            let mf = 2 + smoke_mf;
            Placement {
                ruling: ruling(
                    true,
                    "G11.833",
                    format!(
                        "an unpinned, Good Order, non-Climbing Infantry unit ADJACENT to the \
                         cave Places the DC for {mf} MF (two for cave entry{})",
                        if smoke_mf > 0 {
                            format!(" plus {smoke_mf} for SMOKE")
                        } else {
                            String::new()
                        }
                    ),
                ),
                mf: Some(mf),
            }
        }
    }
}

/// G11.833 DC Thrown: may this unit Throw a DC into a cave at `cave_level`? Only an adjacent,
/// unpinned, Good Order, non-Climbing Thrower not more than one level lower than the cave and
/// with a LOS to it (and then only on a successful Thrown-DC dr, `thrown_dc_dr`).
pub fn dc_throw(unit: &Thrower, cave_level: i32) -> Ruling {
    let low = format!(
        "the Thrower (Level {}) is more than one level lower than the cave (Level {cave_level})",
        unit.level
    );
    let reqs = [
        (unit.adjacent, "the Thrower is not adjacent to the cave"),
        (!unit.pinned, "the Thrower is pinned"),
        (unit.good_order, "the Thrower is not in Good Order"),
        (!unit.climbing, "a Climbing unit cannot Throw a DC"),
        (unit.level >= cave_level - 1, low.as_str()),
        (unit.has_los, "the Thrower has no LOS to the cave"),
    ];
    match unmet(&reqs) {
        Some(why) => ruling(false, "G11.833", format!("no DC Throw: {why}")),
        None => ruling(
            true,
            "G11.833",
            "an adjacent, unpinned, Good Order, non-Climbing Thrower with a LOS, not more than \
             one level lower, may attempt the Throw (Final dr <= 3)",
        ),
    }
}

/// G11.833 Thrown-DC dr modifiers: +1 if the cave's level is >= the Thrower's; +1 if the
/// Thrower is in a moving/... (cut off); -1 if the Thrower is ADJACENT (G11.6) to the cave;
/// -1 if the Thrower is Heroic/Fanatic (Fanatic per the cave K EX).
pub fn thrown_dc_drm(unit: &Thrower, cave_level: i32) -> DrmTotal {
    let mut t = DrmTotal::default();
    if cave_level >= unit.level {
        t.push(
            1,
            "G11.833",
            format!(
                "the cave's level ({cave_level}) is >= the Thrower's ({})",
                unit.level
            ),
        );
    }
    if unit.in_moving {
        t.push(
            1,
            "G11.833",
            "the Thrower is in a moving/... (the rest of the condition is cut off)",
        );
    }
    if unit.adjacent_g11_6 {
        t.push(-1, "G11.6", "the Thrower is ADJACENT (G11.6) to the cave");
    }
    if unit.heroic_or_fanatic {
        t.push(-1, "G11.833", "the Thrower is Heroic/Fanatic");
    }
    t
}

/// A Thrown-DC (or G11.8331 Placement, or G11.85 SMOKE-grenade) subsequent dr.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThrownDr {
    pub final_dr: i32,
    pub success: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.833 Thrown-DC dr: the Original dr plus the drm; a Final dr <= 3 succeeds (result a:
/// the DC attacks the cave with no DRM), >= 4 fails (result b: the DC falls to the Entrance
/// Hex's Base Level).
pub fn thrown_dc_dr(original_dr: u32, drm: &DrmTotal) -> ThrownDr {
    let final_dr = original_dr as i32 + drm.total;
    let success = final_dr <= THROWN_DC_SUCCESS;
    ThrownDr {
        final_dr,
        success,
        rule: "G11.833",
        reason: format!(
            "Original dr {original_dr} {} = Final dr {final_dr}: {}",
            signed(drm.total),
            if success {
                "<= 3, successful"
            } else {
                ">= 4, unsuccessful"
            }
        ),
    }
}

/// G11.833 the DC attack's DRM vs the cave: a successfully Thrown DC attacks with no DRM of
/// any kind (result a). A Placed DC attacks with no DRM, or -4 if no unconcealed Good Order
/// Japanese MMC occupies the cave (G11.8 play-aid: the cave's TEM reversed; G11.88 names the
/// same case). A fallen DC attacks with +4 TEM +2 Thrown-DC target DRM (result b, EX). A Set
/// DC: see `set_dc_drm`.
pub fn dc_attack_drm(delivery: DcDelivery, unconcealed_good_order_japanese_mmc: bool) -> Drm {
    match delivery {
        DcDelivery::Thrown => Drm {
            drm: 0,
            rule: "G11.833",
            reason: "a successfully Thrown DC attacks the cave and its contents with no DRM of \
                     any kind"
                .into(),
        },
        DcDelivery::Placed if unconcealed_good_order_japanese_mmc => Drm {
            drm: 0,
            rule: "G11.8 (play-aid)",
            reason: "a DC Placed into a cave holding an unconcealed Good Order Japanese MMC \
                     attacks with no DRM"
                .into(),
        },
        DcDelivery::Placed => Drm {
            drm: -CAVE_TEM,
            rule: "G11.8 (play-aid)",
            reason: "a DC Placed into a cave with no unconcealed Good Order Japanese MMC attacks \
                     with -4 (the cave's TEM reversed)"
                .into(),
        },
        DcDelivery::Fallen => Drm {
            drm: CAVE_TEM + THROWN_DC_TARGET_DRM,
            rule: "G11.833",
            reason: "the fallen DC attacks the cave with +6 (+4 cave TEM, +2 Thrown-DC \
                     target's DRM; A23.6)"
                .into(),
        },
        DcDelivery::Set => set_dc_drm(unconcealed_good_order_japanese_mmc),
    }
}

/// What a DC attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum DcTarget {
    /// The cave and its contents.
    Cave,
    /// The Entrance Hex's Base Level Location; `thrower_here` if the Thrower is in it.
    EntranceHex { thrower_here: bool },
    /// The Thrower's Location, when not in the Entrance Hex.
    ThrowerLocation,
}

/// One DC attack: its target, FP and DRM.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DcAttack {
    pub target: DcTarget,
    pub fp: u32,
    pub drm: i32,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.833 result a: a successfully Thrown DC attacks the cave and its contents (30 FP, no
/// DRM of any kind) and nothing else: not the Thrower's Location (cave K EX).
pub fn thrown_dc_success_attack() -> DcAttack {
    DcAttack {
        target: DcTarget::Cave,
        fp: DC_FP,
        drm: dc_attack_drm(DcDelivery::Thrown, true).drm,
        rule: "G11.833",
        reason: "successfully Thrown: 30 FP vs the cave and its contents with no DRM of any \
                 kind, and no attack vs the Thrower's Location"
            .into(),
    }
}

/// The situation when a Thrown DC fails (G11.833 result b).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FailedThrow {
    pub cave_level: i32,
    /// The Base Level of the cave's Entrance Hex, where the DC falls.
    pub entrance_base_level: i32,
    /// The Thrower is in the Entrance Hex.
    pub thrower_in_entrance_hex: bool,
    /// The TEM of the Entrance Hex's Base Level Location.
    pub entrance_tem: i32,
    /// The TEM of the Thrower's Location.
    pub thrower_tem: i32,
}

/// What a fallen DC attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FallenDc {
    /// Whether the fallen DC attacks the cave (NA if it and the cave are at different levels).
    pub cave: Ruling,
    pub attacks: Vec<DcAttack>,
}

/// G11.833 result b: an unsuccessfully Thrown DC falls unpossessed to the Base Level of the
/// Entrance Hex and (if it does not malfunction) attacks the cave and its contents (+4 TEM
/// +2 Thrown-DC target DRM = +6; NA if the DC and the cave are now at different levels), the
/// Entrance Hex (its own DRM), and the Thrower's Location if not in that Entrance Hex (+3,
/// A23.6, plus that Location's TEM). A Thrower in the Entrance Hex is attacked there at +3
/// (cave K EX). Attacks vs other caves in the hex are not made (that EXC is cut off).
pub fn thrown_dc_failure_attacks(f: &FailedThrow) -> FallenDc {
    let mut attacks = Vec::new();
    let same = f.cave_level == f.entrance_base_level;
    let cave = if same {
        let d = dc_attack_drm(DcDelivery::Fallen, true);
        attacks.push(DcAttack {
            target: DcTarget::Cave,
            fp: DC_FP,
            drm: d.drm,
            rule: "G11.833",
            reason: d.reason,
        });
        ruling(
            true,
            "G11.833",
            format!(
                "the DC falls to the Entrance Hex's Base Level ({}), the cave's level: it \
                 attacks the cave",
                f.entrance_base_level
            ),
        )
    } else {
        ruling(
            false,
            "G11.833",
            format!(
                "the DC falls to the Entrance Hex's Base Level ({}) but the cave is at Level \
                 {}: its attack vs the cave is NA",
                f.entrance_base_level, f.cave_level
            ),
        )
    };
    if f.thrower_in_entrance_hex {
        let drm = THROWER_LOCATION_DRM + f.thrower_tem;
        attacks.push(DcAttack {
            target: DcTarget::EntranceHex { thrower_here: true },
            fp: DC_FP,
            drm,
            rule: "G11.833",
            reason: format!(
                "the Entrance Hex, the Thrower's Location: {} (+3 A23.6{})",
                signed(drm),
                tem_text(f.thrower_tem)
            ),
        });
    } else {
        attacks.push(DcAttack {
            target: DcTarget::EntranceHex {
                thrower_here: false,
            },
            fp: DC_FP,
            drm: f.entrance_tem,
            rule: "G11.833",
            reason: format!(
                "the Entrance Hex, with its DRM in the normal manner: {}",
                signed(f.entrance_tem)
            ),
        });
        let drm = THROWER_LOCATION_DRM + f.thrower_tem;
        attacks.push(DcAttack {
            target: DcTarget::ThrowerLocation,
            fp: DC_FP,
            drm,
            rule: "G11.833",
            reason: format!(
                "the Thrower's Location: {} (+3 A23.6{})",
                signed(drm),
                tem_text(f.thrower_tem)
            ),
        });
    }
    FallenDc { cave, attacks }
}

fn tem_text(tem: i32) -> String {
    if tem == 0 {
        String::new()
    } else {
        format!(", {} TEM", signed(tem))
    }
}

// --- G11.8331 Climbing ----------------------------------------------------------------------

/// A unit that would Place a DC by Climbing (G11.8331).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Climber {
    /// The level of its Climb counter (or, before Climbing, its elevation).
    pub level: i32,
    pub infantry: bool,
    pub pinned: bool,
    pub good_order: bool,
    /// It is in the cave's CA.
    pub in_ca: bool,
    /// The vertex its Climb counter's arrow touches.
    pub arrow_vertex: Vertex,
}

/// G11.8331: the vertices a Placing Climber's arrow may touch: those of the cave's CA
/// Hexside, or for a cave IN a Depression those of the hexside its arrow points directly away
/// from.
pub fn climbing_placement_vertices(cave: &Cave) -> [Vertex; 2] {
    if cave.in_depression
        && let Some(d) = cave
            .ca
            .other(cave.hex)
            .and_then(|e| cave.hex.direction_to(e))
        && let Some(back) = Hexside::between(cave.hex, cave.hex.neighbor(d.opposite()))
    {
        return back.vertices();
    }
    cave.ca.vertices()
}

/// G11.8331 Climbing: may this Climber attempt to Place a DC into the cave? An unpinned, Good
/// Order Infantry unit at a higher elevation than the cave but not in its CA, on a Climb
/// counter whose arrow touches a vertex of the CA Hexside (for a cave IN a Depression, of the
/// hexside its arrow points directly away from), and only when one level above the cave. No
/// LOS is needed and no extra MF is spent; the attempt then needs the G11.833 dr
/// (`climbing_placement_dr`).
pub fn climbing_placement(c: &Climber, cave: &Cave) -> Ruling {
    let vertices = climbing_placement_vertices(cave);
    let higher = format!(
        "the unit (Level {}) is not at a higher elevation than the cave (Level {})",
        c.level, cave.level
    );
    let arrow = format!(
        "the Climb counter's arrow touches {}, not {} or {}",
        c.arrow_vertex, vertices[0], vertices[1]
    );
    let one = format!(
        "the Climber is at Level {}, not one level above the cave (Level {})",
        c.level,
        cave.level + 1
    );
    let reqs = [
        (c.infantry, "only Infantry may Place a DC"),
        (!c.pinned, "the unit is pinned"),
        (c.good_order, "the unit is not in Good Order"),
        (c.level > cave.level, higher.as_str()),
        (!c.in_ca, "the unit is in the cave's CA"),
        (vertices.contains(&c.arrow_vertex), arrow.as_str()),
        (c.level == cave.level + 1, one.as_str()),
    ];
    match unmet(&reqs) {
        Some(why) => ruling(
            false,
            "G11.8331",
            format!("no Placement by Climbing: {why}"),
        ),
        None => ruling(
            true,
            "G11.8331",
            format!(
                "the Climber at Level {} touches {} of cave {}: it may attempt the Placement \
                 without a LOS and with no extra MF, making the G11.833 dr",
                c.level, c.arrow_vertex, cave.id
            ),
        ),
    }
}

/// G11.8331: the Placement-by-Climbing dr, made as if Throwing (G11.833): on a Final dr <= 3
/// the DC is Placed; otherwise it is eliminated without detonating.
pub fn climbing_placement_dr(original_dr: u32, drm: &DrmTotal) -> ThrownDr {
    let mut r = thrown_dc_dr(original_dr, drm);
    r.rule = "G11.8331";
    r.reason = format!(
        "{}: {}",
        r.reason,
        if r.success {
            "the DC is Placed"
        } else {
            "the DC is eliminated without detonating"
        }
    );
    r
}

/// G11.8331: does a Climber Placing a DC make a Falling DR? Only if it is actually Climbing a
/// cliff hexside and must change level.
pub fn climbing_falling_dr(climbing_cliff_hexside: bool, changes_level: bool) -> Check {
    match (climbing_cliff_hexside, changes_level) {
        (true, true) => check(
            true,
            "G11.8331",
            "the unit Climbs a cliff hexside and changes level: a Falling DR is made",
        ),
        (false, _) => check(
            false,
            "G11.8331",
            "no Falling DR: the unit is not Climbing a cliff hexside",
        ),
        (true, false) => check(
            false,
            "G11.8331",
            "no Falling DR: the unit does not change level",
        ),
    }
}

// --- G11.8332 Set DC ------------------------------------------------------------------------

/// A unit that would Set a DC in a cave (G11.8332).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SetDcUnit {
    /// An Allied (non-Japanese) unit.
    pub allied: bool,
    /// It spends its entire MPh Setting the DC.
    pub spends_entire_mph: bool,
    /// ADJACENT (G11.6) to the cave throughout.
    pub adjacent_g11_6: bool,
    /// The cave's CA Hexside is also a hill/... Crest Line hexside (the rest is cut off).
    pub ca_hexside_is_crest: bool,
    /// It declared, at the start of its MPh, a vertex of the CA Hexside as its position (on
    /// a Crest counter along that hexside, or the vertex its Climb counter's arrow points to).
    pub at_ca_vertex: bool,
}

/// G11.8332 Set DC: an Allied unit may Set a DC in a cave (though it cannot enter it) by
/// spending its entire MPh while ADJACENT (G11.6) to it; normal Set DC rules apply. If the CA
/// Hexside is also a hill/... hexside (cut off), the unit must be at a vertex of that hexside,
/// as both G11.8332 EXs show.
pub fn set_dc(u: &SetDcUnit) -> Ruling {
    let reqs = [
        (u.allied, "only an Allied unit Sets a DC in a cave"),
        (
            u.spends_entire_mph,
            "the unit must spend its entire MPh Setting the DC",
        ),
        (
            u.adjacent_g11_6,
            "the unit is not ADJACENT (G11.6) to the cave",
        ),
        (
            !u.ca_hexside_is_crest || u.at_ca_vertex,
            "the CA Hexside is a Crest Line: the unit must declare a vertex of it (G11.8332 EX)",
        ),
    ];
    match unmet(&reqs) {
        Some(why) => ruling(false, "G11.8332", format!("no Set DC: {why}")),
        None => ruling(
            true,
            "G11.8332",
            "the Allied unit spends its entire MPh ADJACENT to the cave to Set the DC",
        ),
    }
}

/// G11.8332 Set DC IFT DRM: -7 when no Known Good Order Japanese MMC is in the cave (EX:
/// -4 the cave's TEM reversed, G11.8 play-aid, and -3 from normal Set DC rules, A23.7, not
/// in our sources). With one there the text gives no number: 0 (the cave's TEM is ignored,
/// G11.8 play-aid) is returned and the reason says so.
pub fn set_dc_drm(known_good_order_japanese_mmc: bool) -> Drm {
    if known_good_order_japanese_mmc {
        Drm {
            drm: 0,
            rule: "G11.8332",
            reason: "a Set DC ignores the cave's TEM; the text gives no other DRM while a Known \
                     Good Order Japanese MMC is in the cave (A23.7 is not in our sources)"
                .into(),
        }
    } else {
        Drm {
            drm: SET_DC_NO_DEFENDER_DRM,
            rule: "G11.8332",
            reason: "a DC Set while no Known Good Order Japanese MMC is in the cave attacks with \
                     a total IFT DRM of -7 (EX)"
                .into(),
        }
    }
}

// --- G11.834-G11.836 FT, SCW and HEAT, canister ----------------------------------------------

/// One FT attack on a cave's occupants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FtAttack {
    pub cave: String,
    pub fp: f64,
    /// Resolved with the Original IFT DR of the attack on the target cave.
    pub same_original_dr: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.834 FT: a FT attack vs a cave affects only the occupants of that cave, except that in
/// a non-Depression hex it also attacks the occupants of every (even hidden) cave Accessible
/// (G11.6) to it, with the same FP quartered and the same Original IFT DR.
pub fn ft_vs_cave(
    fp: u32,
    target: &str,
    in_depression: bool,
    accessible_caves: &[&str],
) -> Vec<FtAttack> {
    let mut out = vec![FtAttack {
        cave: target.to_string(),
        fp: f64::from(fp),
        same_original_dr: true,
        rule: "G11.834",
        reason: format!("{fp} FP vs the occupants of cave {target} only"),
    }];
    if in_depression {
        return out;
    }
    let quarter = f64::from(fp) / 4.0;
    for c in accessible_caves.iter().filter(|c| **c != target) {
        out.push(FtAttack {
            cave: c.to_string(),
            fp: quarter,
            same_original_dr: true,
            rule: "G11.834",
            reason: format!(
                "cave {c} (even if hidden) is Accessible to cave {target} in a non-Depression \
                 hex: {quarter} FP (quartered), same Original IFT DR"
            ),
        });
    }
    out
}

/// A Shaped-Charge Weapon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Scw {
    Piat,
    /// Any SCW other than a PIAT (bazooka, PSK, PF...).
    Other,
}

/// G11.835 SCW: does a SCW fired from a cave cause a Desperation penalty (C13.81)? Never for
/// a PIAT; always for any other SCW fired from an Upper-Cliff cave; otherwise unless it uses
/// Opportunity Fire or the Case C3 TH DRM.
pub fn scw_desperation(
    scw: Scw,
    upper_cliff: bool,
    opportunity_fire: bool,
    case_c3: bool,
) -> Check {
    match scw {
        Scw::Piat => check(
            false,
            "G11.835",
            "a PIAT fired from a cave causes no Desperation penalty",
        ),
        Scw::Other if upper_cliff => check(
            true,
            "G11.835",
            "a SCW other than a PIAT fired from an Upper-Cliff cave always causes a Desperation \
             penalty",
        ),
        Scw::Other if opportunity_fire || case_c3 => check(
            false,
            "G11.835",
            "no Desperation penalty: the SCW uses Opportunity Fire or the Case C3 TH DRM",
        ),
        Scw::Other => check(
            true,
            "G11.835",
            "a SCW fired from a cave without Opportunity Fire or the Case C3 TH DRM causes a \
             Desperation penalty (C13.81)",
        ),
    }
}

/// What is in a cave, as a HEAT target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum CaveOccupant {
    Infantry,
    Gun,
}

/// G11.835 HEAT (play-aid fills the cut): HEAT may be fired at Infantry or a Gun in a cave.
pub fn heat_vs_cave(target: CaveOccupant) -> Ruling {
    ruling(
        true,
        "G11.835 (play-aid)",
        match target {
            CaveOccupant::Infantry => "HEAT may be fired at Infantry in a cave",
            CaveOccupant::Gun => "HEAT may be fired at a Gun in a cave",
        },
    )
}

/// An FP value with its rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fp {
    pub fp: f64,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.836 canister: canister FP is halved vs a cave, before all other modifications.
pub fn canister_fp_vs_cave(fp: u32) -> Fp {
    let half = f64::from(fp) / 2.0;
    Fp {
        fp: half,
        rule: "G11.836",
        reason: format!(
            "canister FP {fp} is halved vs a cave (before all other modifications): {half}"
        ),
    }
}

/// A Location a canister attack on a cave's hex might affect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CanisterLocation {
    Cave {
        predesignated: bool,
        in_los: bool,
    },
    /// An above-ground Location at `level` in the hex of the cave(s) attacked, at
    /// `attacked_cave_levels`.
    AboveGround {
        level: i32,
        attacked_cave_levels: Vec<i32>,
    },
}

/// G11.836 canister: it affects the occupants of every in-LOS cave its firer predesignated,
/// and each above-ground Location within one level of (and in the same hex as) a cave it
/// attacks.
pub fn canister_affects(loc: &CanisterLocation) -> Ruling {
    match loc {
        CanisterLocation::Cave {
            predesignated,
            in_los,
        } => match unmet(&[
            (*predesignated, "the cave was not predesignated"),
            (*in_los, "the cave is not in the firer's LOS"),
        ]) {
            Some(why) => ruling(false, "G11.836", why),
            None => ruling(
                true,
                "G11.836",
                "canister affects every predesignated in-LOS cave",
            ),
        },
        CanisterLocation::AboveGround {
            level,
            attacked_cave_levels,
        } => {
            if attacked_cave_levels.iter().any(|c| (c - level).abs() <= 1) {
                ruling(
                    true,
                    "G11.836",
                    format!(
                        "the above-ground Location at Level {level} is within one level of an \
                         attacked cave in its hex"
                    ),
                )
            } else {
                ruling(
                    false,
                    "G11.836",
                    format!(
                        "the above-ground Location at Level {level} is not within one level of \
                         any attacked cave in its hex"
                    ),
                )
            }
        }
    }
}

// --- G11.84-G11.841 OBA, Bombardment ----------------------------------------------------------

/// G11.84 OBA: a non-hidden cave and its contents are immune to OBA unless the attack vs its
/// hex crosses that cave's CA Hexside (`crossed`, as traced by the caller; the rest of the
/// tracing rule is cut off). A hidden cave: only Bombardment affects it (G11.8 play-aid).
pub fn oba_vs_cave(hidden: bool, ca: Hexside, crossed: Option<Hexside>) -> Ruling {
    if hidden {
        return ruling(
            false,
            "G11.8 (play-aid)",
            "a hidden cave can be affected by no attack other than Bombardment",
        );
    }
    match crossed {
        Some(s) if s == ca => ruling(
            true,
            "G11.84",
            format!("the OBA crosses the CA Hexside {ca}: it affects the cave (TEM +6)"),
        ),
        Some(s) => ruling(
            false,
            "G11.84",
            format!("the OBA crosses {s}, not the CA Hexside {ca}: the cave is immune"),
        ),
        None => ruling(
            false,
            "G11.84",
            format!("the OBA does not cross the CA Hexside {ca}: the cave is immune"),
        ),
    }
}

/// The result of a cave's Bombardment NMC.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BombardmentNmc {
    pub passed: bool,
    /// The cave and all its contents are eliminated.
    pub eliminated: bool,
    /// A hidden cave's elimination is done without telling the opponent where or what.
    pub secret: bool,
    pub rule: &'static str,
    pub reason: String,
}

/// G11.841 Bombardment: every cave in a Bombarded hex takes a NMC at Morale Level 11 (pass on
/// a Final DR <= 11). Passed: unaffected, its contents take no Bombardment MC and keep HIP.
/// Failed: the cave and all its contents are eliminated, secretly if hidden.
pub fn bombardment_nmc(final_dr: i32, hidden: bool) -> BombardmentNmc {
    let passed = final_dr <= BOMBARDMENT_MORALE_LEVEL;
    BombardmentNmc {
        passed,
        eliminated: !passed,
        secret: !passed && hidden,
        rule: "G11.841",
        reason: if passed {
            format!(
                "NMC DR {final_dr} <= Morale Level 11: the cave is unaffected, its contents take \
                 no Bombardment MC and keep any HIP"
            )
        } else if hidden {
            format!(
                "NMC DR {final_dr} > Morale Level 11: the hidden cave and its contents are \
                 eliminated without telling the opponent where or what"
            )
        } else {
            format!("NMC DR {final_dr} > Morale Level 11: the cave and its contents are eliminated")
        },
    }
}

// --- G11.85-G11.851 SMOKE, WP ------------------------------------------------------------------

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
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    WpReveal {
        reason: format!(
            "WP in cave {wp_cave} (Level {}) rises through higher Accessible caves: reveals \
             caves {}; tunnel openings {}",
            start.level,
            list(&revealed),
            list(&openings)
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
                at: h.id().map_or_else(|| format!("{h:?}"), |i| i.to_string()),
                level: map.get(h).map_or(0, |d| d.level),
            })
            .collect();
        wp_reveals(wp_cave, &nodes, &pairs, &openings)
    }
}

// --- G11.87-G11.97 CC, elimination, Control, night, Heat of Battle ---------------------------

/// G11.87 CC: no type of CC attack is allowed between a unit in a cave and one outside it.
/// Each unit's cave id, or `None` if above-ground.
pub fn close_combat(a_cave: Option<&str>, b_cave: Option<&str>) -> Ruling {
    if a_cave == b_cave {
        ruling(true, "G11.87", "both units are in the same Location")
    } else {
        ruling(
            false,
            "G11.87",
            "no CC attack is allowed between a unit in a cave and one outside it",
        )
    }
}

/// Which IFT DR of a DC attack decides a cave's elimination (G11.88).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum WhichDr {
    Original,
    Final,
}

/// G11.88: the Original IFT DR decides, but the Final DR for a Set DC, or for one Placed while
/// no unconcealed Good Order Japanese MMC occupies the cave.
pub fn dc_elimination_dr(
    delivery: DcDelivery,
    unconcealed_good_order_japanese_mmc: bool,
) -> WhichDr {
    match delivery {
        DcDelivery::Set => WhichDr::Final,
        DcDelivery::Placed if !unconcealed_good_order_japanese_mmc => WhichDr::Final,
        _ => WhichDr::Original,
    }
}

/// What attacked a cave, for G11.88.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Eliminator {
    /// A DC attack: whether its Original and its Final IFT DR are KIA results.
    Dc {
        delivery: DcDelivery,
        unconcealed_good_order_japanese_mmc: bool,
        original_kia: bool,
        final_kia: bool,
    },
    /// A HE attack.
    He {
        calibre_mm: u32,
        he_equivalency: bool,
        critical_hit: bool,
    },
    /// Anything else (Bombardment: G11.841; dozer: G15.22).
    Other,
}

/// G11.88 Elimination: a cave (and all its contents) is eliminated only by a DC attack or a
/// HE (not HE Equivalency) attack of >= 100mm resolved in that cave: by a DC whose Original
/// IFT DR is a KIA (Final for a Set DC, or one Placed while no unconcealed Good Order
/// Japanese MMC occupies it), or by a HE CH.
pub fn cave_eliminated(by: &Eliminator, resolved_in_cave: bool) -> Check {
    const R: &str = "G11.88";
    match by {
        Eliminator::Other => check(
            false,
            R,
            "only a DC or a HE attack of >= 100mm eliminates a cave (Bombardment: G11.841)",
        ),
        _ if !resolved_in_cave => check(false, R, "the attack was not resolved in the cave"),
        Eliminator::Dc {
            delivery,
            unconcealed_good_order_japanese_mmc,
            original_kia,
            final_kia,
        } => {
            let which = dc_elimination_dr(*delivery, *unconcealed_good_order_japanese_mmc);
            let kia = match which {
                WhichDr::Original => *original_kia,
                WhichDr::Final => *final_kia,
            };
            let name = match which {
                WhichDr::Original => "Original",
                WhichDr::Final => "Final",
            };
            if kia {
                check(
                    true,
                    R,
                    format!(
                        "the DC's {name} IFT DR is a KIA: the cave and its contents are eliminated"
                    ),
                )
            } else {
                check(false, R, format!("the DC's {name} IFT DR is no KIA"))
            }
        }
        Eliminator::He {
            calibre_mm,
            he_equivalency,
            critical_hit,
        } => {
            if *he_equivalency {
                check(false, R, "HE Equivalency cannot eliminate a cave")
            } else if *calibre_mm < 100 {
                check(false, R, format!("{calibre_mm}mm HE is < 100mm"))
            } else if *critical_hit {
                check(
                    true,
                    R,
                    format!("a {calibre_mm}mm HE CH: the cave and its contents are eliminated"),
                )
            } else {
                check(false, R, "only a HE CH eliminates a cave")
            }
        }
    }
}

/// G11.94 Control: an unhidden cave not occupied by a Good Order Japanese MMC is Controlled by
/// any Good Order Allied Infantry MMC ADJACENT (G11.6) to it. (How long that Control lasts is
/// cut off after "regardless of that Allied unit's subsequent status/".)
pub fn allied_control(
    hidden: bool,
    good_order_japanese_mmc_in_cave: bool,
    good_order_allied_infantry_mmc_adjacent: bool,
) -> Check {
    match unmet(&[
        (!hidden, "the cave is hidden"),
        (
            !good_order_japanese_mmc_in_cave,
            "a Good Order Japanese MMC occupies it",
        ),
        (
            good_order_allied_infantry_mmc_adjacent,
            "no Good Order Allied Infantry MMC is ADJACENT (G11.6) to it",
        ),
    ]) {
        Some(why) => check(false, "G11.94", format!("not Allied-Controlled: {why}")),
        None => check(
            true,
            "G11.94",
            "an unhidden cave with no Good Order Japanese MMC is Controlled by the ADJACENT Good \
             Order Allied Infantry MMC",
        ),
    }
}

/// G11.96 Night: a cave is Illuminated only if its hex and its Entrance Hex are (for a cave
/// IN a Depression they are one hex).
pub fn cave_illuminated(hex_lit: bool, entrance_lit: bool) -> Check {
    if hex_lit && entrance_lit {
        check(
            true,
            "G11.96",
            "the cave's hex and its Entrance Hex are Illuminated",
        )
    } else {
        check(
            false,
            "G11.96",
            "a cave is Illuminated only if both its hex and its Entrance Hex are",
        )
    }
}

/// G11.96 Night: no Cave Complex can ever be Illuminated.
pub fn complex_illuminated() -> Check {
    check(false, "G11.96", "no Cave Complex can ever be Illuminated")
}

/// G11.97 Berserk: Infantry in a cave become Battle Hardened (not Berserk) on a Final Heat
/// of Battle DR >= 9.
pub fn battle_hardened_in_cave(final_hob_dr: i32) -> Check {
    if final_hob_dr >= BATTLE_HARDENED_HOB {
        check(
            true,
            "G11.97",
            format!("Final Heat of Battle DR {final_hob_dr} >= 9: Battle Hardened (not Berserk)"),
        )
    } else {
        check(
            false,
            "G11.97",
            format!("Final Heat of Battle DR {final_hob_dr} < 9"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_thrown_dc_drm_sums_every_applicable_item() {
        let t = Thrower {
            level: 0,
            in_moving: true,
            adjacent_g11_6: true,
            heroic_or_fanatic: true,
            ..Thrower::default()
        };
        let d = thrown_dc_drm(&t, 0);
        assert_eq!(d.total, 0);
        assert_eq!(d.items.len(), 4);
        assert_eq!(thrown_dc_drm(&t, -1).total, -1);
    }

    #[test]
    fn attack_residual_snap_shot_columns() {
        assert_eq!(residual_snap_shot(1, true).fp, None);
        assert_eq!(residual_snap_shot(8, true).fp, Some(4));
        assert_eq!(residual_snap_shot(12, true).fp, Some(6));
        assert_eq!(residual_snap_shot(12, false).fp, None);
    }

    #[test]
    fn attack_set_dc_drm_split_matches_the_ex_total() {
        assert_eq!(set_dc_drm(false).drm, -CAVE_TEM - 3);
        assert_eq!(dc_attack_drm(DcDelivery::Set, false).drm, -7);
    }
}
