//! G11.833-G11.8332 DC vs caves: Placed and Thrown (G11.833), Placed by Climbing (G11.8331)
//! and Set (G11.8332).

use serde::Serialize;

use super::common::{
    CAVE_TEM, Check, DC_FP, DcDelivery, Drm, DrmTotal, Ruling, SET_DC_NO_DEFENDER_DRM,
    THROWER_LOCATION_DRM, THROWN_DC_SUCCESS, THROWN_DC_TARGET_DRM, check, ruling, signed, unmet,
};
use crate::hex::{Hexside, Vertex};
use crate::map::Map;
use crate::rules::caves::Cave;

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
        t.push(-1, "G11.6", "the Thrower is ADJACENT to the cave");
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

/// G11.8331: the hexside at which a Placing Climber's counter goes: the cave's CA Hexside, or
/// for a cave IN a Depression the hexside its arrow points directly away from.
pub fn climbing_placement_hexside(cave: &Cave) -> Hexside {
    if cave.in_depression
        && let Some(d) = cave
            .ca
            .other(cave.hex)
            .and_then(|e| cave.hex.direction_to(e))
        && let Some(back) = Hexside::between(cave.hex, cave.hex.neighbor(d.opposite()))
    {
        return back;
    }
    cave.ca
}

/// G11.8331: the vertices a Placing Climber's arrow may touch: those of
/// `climbing_placement_hexside`.
pub fn climbing_placement_vertices(cave: &Cave) -> [Vertex; 2] {
    climbing_placement_hexside(cave).vertices()
}

/// G11.8331 Climbing: may this Climber attempt to Place a DC into the cave? An unpinned, Good
/// Order Infantry unit at a higher elevation than the cave but not in its CA, on a Climb
/// counter whose arrow touches a vertex of the CA Hexside (for a cave IN a Depression, of the
/// hexside its arrow points directly away from), and only when one level above the cave. No
/// LOS is needed and no extra MF is spent; the attempt then needs the G11.833 dr
/// (`climbing_placement_dr`).
pub fn climbing_placement(map: &Map, c: &Climber, cave: &Cave) -> Ruling {
    let vertices = climbing_placement_vertices(cave);
    let higher = format!(
        "the unit (Level {}) is not at a higher elevation than the cave (Level {})",
        c.level, cave.level
    );
    let arrow = format!(
        "the Climb counter's arrow touches {}, not {} or {}",
        map.vertex_name(c.arrow_vertex),
        map.vertex_name(vertices[0]),
        map.vertex_name(vertices[1])
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
                c.level,
                map.vertex_name(c.arrow_vertex),
                cave.id
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
            "the CA Hexside is a Crest Line: the unit must be at a vertex of it, declared at the \
             start of its MPh from the cave's own level or Climbed to (G11.8332 EX)",
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
    fn attack_set_dc_drm_split_matches_the_ex_total() {
        assert_eq!(set_dc_drm(false).drm, -CAVE_TEM - 3);
        assert_eq!(dc_attack_drm(DcDelivery::Set, false).drm, -7);
    }
}
