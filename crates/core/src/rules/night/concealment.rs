//! E1.3-E1.43 Concealment and Cloaking at night, and E1.7 the Night Low Visibility DRM.
//!
//! "?" loss (E1.31) and gain (E1.32); Cloaking (E1.4): who uses it, its contents (E1.41,
//! E1.411), its MF and SW (E1.42, E1.421), its loss (E1.43, E1.423, E1.72); the +1 Night LV
//! DRM and its exceptions (E1.7). Small pure functions; every result carries its rule number
//! and a reason sentence.

use serde::Serialize;

use super::movement::{Amount, Check, amount, check};
use crate::map::LEVEL;

// --- E1.31 / E1.32 "?" ----------------------------------------------------------------------

/// What an Infantry unit with Cloaking/"?" does at night, as E1.31 (and E1.94) see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NightAction {
    /// Expends MF in a Location. `already_illuminated`: the Location is Illuminated when the
    /// unit expends MF in it.
    ExpendsMf {
        non_assault_movement: bool,
        already_illuminated: bool,
    },
    /// Enters an enemy-occupied Location; `in_mph`: during the MPh.
    EntersEnemyLocation { in_mph: bool },
    /// Attempts to Kindle a Fire (E1.94).
    Kindles {
        in_los_of_good_order_enemy_ground_unit: bool,
    },
}

/// E1.31 (and E1.94): does an Infantry unit lose Cloaking/"?" at night by this action? It
/// does if it uses Non-Assault Movement in a Location already Illuminated when it expends MF
/// there, or enters an enemy-occupied Location during the MPh; "Otherwise, it does not lose
/// Cloaking/" (the rest is cut off: read as "by moving"). E1.94: an attempt to Kindle loses
/// the Kindler's concealment if within the LOS of any Good Order enemy ground unit,
/// regardless of range.
pub fn loses_concealment(action: NightAction) -> Check {
    match action {
        NightAction::ExpendsMf {
            non_assault_movement: true,
            already_illuminated: true,
        } => check(
            true,
            "E1.31",
            "Non-Assault Movement in a Location already Illuminated loses Cloaking/\"?\" at \
             night",
        ),
        NightAction::ExpendsMf {
            non_assault_movement,
            ..
        } => check(
            false,
            "E1.31",
            if non_assault_movement {
                "the Location is not already Illuminated: moving keeps Cloaking/\"?\" at night"
            } else {
                "Assault Movement keeps Cloaking/\"?\" at night"
            },
        ),
        NightAction::EntersEnemyLocation { in_mph: true } => check(
            true,
            "E1.31",
            "entering an enemy-occupied Location during the MPh loses Cloaking/\"?\" at night",
        ),
        NightAction::EntersEnemyLocation { in_mph: false } => check(
            false,
            "E1.31",
            "only entry during the MPh loses Cloaking/\"?\"; otherwise it is not lost by moving",
        ),
        NightAction::Kindles {
            in_los_of_good_order_enemy_ground_unit,
        } => check(
            in_los_of_good_order_enemy_ground_unit,
            "E1.94",
            if in_los_of_good_order_enemy_ground_unit {
                "a Kindle attempt within the LOS of a Good Order enemy ground unit loses the \
                 Kindler's concealment (and makes a Gunflash), regardless of range"
            } else {
                "no Good Order enemy ground unit has a LOS to the Kindler: concealment kept"
            },
        ),
    }
}

/// How a daylight scenario lets a unit gain "?" in some situation (A12.12x).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Gain {
    /// Gained automatically.
    Automatic,
    /// Gained on a successful "?" dr (A12.122).
    ByDr,
    /// Not gained.
    NotGained,
}

/// The outcome of E1.32.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GainAtNight {
    pub gain: Gain,
    pub rule: &'static str,
    pub reason: String,
}

/// E1.32: how a unit gains "?" at night, given how it would in daylight. A situation that
/// requires a "?" dr (A12.122) in daylight gains "?" automatically at night; the other
/// situations are as in daylight (E1.3 is cut off after "gained/"). What is gained is "?",
/// never Cloaking: once removed, Cloaking counters cannot be regained (E1.43).
pub fn gain_at_night(daylight: Gain) -> GainAtNight {
    let (gain, reason) = match daylight {
        Gain::ByDr => (
            Gain::Automatic,
            "a situation requiring a \"?\" dr in daylight gains \"?\" automatically at night",
        ),
        Gain::Automatic => (
            Gain::Automatic,
            "gained automatically in daylight, so also at night",
        ),
        Gain::NotGained => (
            Gain::NotGained,
            "no \"?\" gain in daylight: E1.32 gives none at night either",
        ),
    };
    GainAtNight {
        gain,
        rule: "E1.32",
        reason: reason.into(),
    }
}

// --- E1.4 Cloaking --------------------------------------------------------------------------

/// E1.4/E1.41: may this unit be Cloaked? Only the Scenario Attacker uses Cloaking, and only for
/// Infantry (E1.41: "The Scenario Attacker's Infantry (only)").
pub fn may_cloak(scenario_attacker: bool, infantry: bool) -> Check {
    match (scenario_attacker, infantry) {
        (false, _) => check(false, "E1.4", "only the Scenario Attacker uses Cloaking"),
        (true, false) => check(
            false,
            "E1.41",
            "only the Scenario Attacker's Infantry use Cloaking counters",
        ),
        (true, true) => check(
            true,
            "E1.41",
            "the Scenario Attacker's Infantry always enter the board as Cloaking counters \
             (except Aerial landings)",
        ),
    }
}

/// E1.411: the Cloaking counters the Scenario Attacker is allotted: one per squad (or its
/// equivalent) in his starting OB. `squad_equivalents` counts a squad (or equivalent) as one;
/// what makes an equivalent is A5.1's, not in our sources.
pub fn cloaking_counters_allotted(squad_equivalents: u32) -> Amount {
    amount(
        squad_equivalents as i32,
        "E1.411",
        format!(
            "one Cloaking counter per squad (or equivalent) in the starting OB: \
             {squad_equivalents}"
        ),
    )
}

/// What a Cloaking counter holds (E1.41).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CloakingContents {
    /// Units that are not Infantry (must be none).
    pub non_infantry: u32,
    /// The Infantry's stacking, in half-squads (a squad 2, a HS or crew 1).
    pub half_squads: u32,
    /// The Location's normal stacking limit in half-squads (A5.1; not in our sources, so the
    /// caller gives it).
    pub limit_half_squads: u32,
}

/// E1.41: may a Cloaking counter hold these contents? Any number of Infantry and their
/// portaged SW up to the normal stacking limits of a Location (A5.1), or no units at all (a
/// Dummy, which its owner may eliminate at any time).
pub fn cloaking_contents(c: &CloakingContents) -> Check {
    if c.non_infantry > 0 {
        return check(
            false,
            "E1.41",
            format!(
                "a Cloaking counter holds only Infantry (and their SW), not {} other unit(s)",
                c.non_infantry
            ),
        );
    }
    if c.half_squads > c.limit_half_squads {
        return check(
            false,
            "E1.41",
            format!(
                "{} half-squads exceed the Location's normal stacking limit of {} (A5.1)",
                c.half_squads, c.limit_half_squads
            ),
        );
    }
    if c.half_squads == 0 {
        return check(
            true,
            "E1.41",
            "an empty Cloaking counter is a Dummy, which its owner may eliminate at any time",
        );
    }
    check(
        true,
        "E1.41",
        "Infantry within the normal stacking limits of a Location",
    )
}

/// E1.42: a Cloaking counter's MF.
pub const CLOAKING_MF: i32 = 6;

/// A way to increase a unit's MF.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MfBonus {
    /// The road bonus (B3.4).
    Road,
    /// The downhill ski bonus (E4.31).
    DownhillSki,
    /// Any other (a leader's, ...).
    Other,
}

/// E1.42: a Cloaking counter has six MF regardless of its contents.
pub fn cloaking_mf() -> Amount {
    amount(
        CLOAKING_MF,
        "E1.42",
        "a Cloaking counter has six MF, regardless of its contents",
    )
}

/// E1.42: may a Cloaking counter's six MF be increased this way? Only by the road (B3.4) or
/// downhill ski (E4.31) bonus.
pub fn cloaking_mf_increase(bonus: MfBonus) -> Check {
    match bonus {
        MfBonus::Road => check(true, "E1.42", "the road bonus (B3.4) may increase it"),
        MfBonus::DownhillSki => check(
            true,
            "E1.42",
            "the downhill ski bonus (E4.31) may increase it",
        ),
        MfBonus::Other => check(
            false,
            "E1.42",
            "a Cloaking counter's MF cannot be increased except by road or downhill ski bonus",
        ),
    }
}

/// E1.42: the PP a Cloaking counter counts for a SW: a four- or five-PP SW is portaged as if
/// it were three PP (the counter must still include enough MMC to carry it).
pub fn cloaked_sw_pp(pp: u32) -> Amount {
    if matches!(pp, 4 | 5) {
        amount(
            3,
            "E1.42",
            format!("a Cloaking counter portages a {pp}-PP SW as if it were a three-PP SW"),
        )
    } else {
        amount(pp as i32, "E1.42", format!("a {pp}-PP SW counts its PP"))
    }
}

/// E1.42: may a SW fire? A SW of four or more PP cannot be fired in the Player Turn its
/// Cloaked status is lost.
pub fn cloaked_sw_may_fire(pp: u32, cloaking_lost_this_player_turn: bool) -> Check {
    if pp >= 4 && cloaking_lost_this_player_turn {
        check(
            false,
            "E1.42",
            format!("a {pp}-PP SW cannot fire in the Player Turn it loses its Cloaked status"),
        )
    } else {
        check(true, "E1.42", "no Cloaking restriction on firing this SW")
    }
}

/// E1.421: the MF left to units involuntarily revealed from a Cloaking counter: their normal MF
/// allotment minus the MF already expended in that MPh, never below 0 (no extra penalty if
/// they already exceeded it).
pub fn mf_left_when_revealed(normal_mf: i32, expended: i32) -> Amount {
    let left = (normal_mf - expended).max(0);
    amount(
        left,
        "E1.421",
        format!(
            "revealed: normal {normal_mf} MF - {expended} MF already expended = {left} MF left{}",
            if expended > normal_mf {
                " (no extra penalty for having exceeded it)"
            } else {
                ""
            }
        ),
    )
}

/// What may strip a Cloaking counter (E1.43).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum CloakEvent {
    /// A night action that might lose concealment (E1.31, E1.94).
    Night(NightAction),
    /// A Sniper attack on the counter with this dr (E1.72: effective on 1 or 2).
    Sniper { dr: u8 },
    /// An attack by the counter's units; `successful_ambush`: made as a successful Ambush.
    Attack { successful_ambush: bool },
    /// A Human Wave (E1.423).
    HumanWave,
}

/// E1.43: is Cloaked status lost? It is lost (and replaced by the unconcealed actual contents)
/// for any situation that would cause one of its units to lose concealment at night (E1.31,
/// E1.72), for any attack other than a successful Ambush, and (E1.423) by all elements of a
/// Human Wave. Once removed, a Cloaking counter cannot be regained.
pub fn cloaking_lost(event: CloakEvent) -> Check {
    match event {
        CloakEvent::Night(a) => {
            let c = loses_concealment(a);
            check(
                c.holds,
                "E1.43",
                format!(
                    "{} ({}: {})",
                    if c.holds {
                        "Cloaked status is lost"
                    } else {
                        "Cloaked status is kept"
                    },
                    c.rule,
                    c.reason
                ),
            )
        }
        CloakEvent::Sniper { dr } => check(
            matches!(dr, 1 | 2),
            "E1.72",
            if matches!(dr, 1 | 2) {
                format!(
                    "an effective Sniper attack (dr {dr}) removes the Cloaking counter and places \
                     its contents onboard unconcealed"
                )
            } else {
                format!("Sniper dr {dr} is not effective (only 1 or 2)")
            },
        ),
        CloakEvent::Attack {
            successful_ambush: true,
        } => check(
            false,
            "E1.43",
            "a successful Ambush attack keeps Cloaked status",
        ),
        CloakEvent::Attack {
            successful_ambush: false,
        } => check(
            true,
            "E1.43",
            "any attack other than a successful Ambush loses Cloaked status",
        ),
        CloakEvent::HumanWave => check(
            true,
            "E1.423",
            "all elements of a Human Wave attack lose Cloaked status",
        ),
    }
}

// --- E1.7 Night LV DRM ------------------------------------------------------------------------

/// E1.7: the Night Low Visibility DRM.
pub const NIGHT_LV_DRM: i32 = 1;

/// The kind of a night attack, as E1.7 tells them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NightAttackKind {
    /// Any attack not excepted below.
    Ordinary,
    FireLane,
    Mine,
    Sniper,
    Dc,
    SpecificCollateral,
    ResidualFp,
    Cc,
    Oba,
}

/// A night attack, for E1.7. Heights are in half-levels (`crate::map::LEVEL` per level).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct NightAttack {
    pub kind: NightAttackKind,
    /// The target has a positive TEM due to HA (Height Advantage).
    pub positive_ha_tem: bool,
    /// The firer's height (its Location's level).
    pub firer_height: i32,
    /// The topmost height of the terrain in the target hex, hills included, or `None` if the
    /// target hex holds no terrain of height.
    pub target_terrain_top: Option<i32>,
}

/// E1.7: the +1 Night LV DRM. Not for Fire Lanes, mines, Snipers, DC, Specific Collateral
/// attacks, Residual FP, CC and OBA; never with a positive TEM due to HA; never if the target
/// hex holds terrain whose topmost height is at least one full level above the firer (the
/// sentence is cut off after "inclusive of hills/"; the "full level higher" test is the EX's).
/// It does not nullify a FFMO DRM (E3.1).
pub fn night_lv_drm(a: &NightAttack) -> Amount {
    if a.kind != NightAttackKind::Ordinary {
        return amount(
            0,
            "E1.7",
            format!("{:?} attacks are not subject to the Night LV DRM", a.kind),
        );
    }
    if a.positive_ha_tem {
        return amount(
            0,
            "E1.7",
            "the Night LV DRM never applies in combination with a positive TEM due to HA",
        );
    }
    if let Some(top) = a.target_terrain_top
        && top - a.firer_height >= LEVEL
    {
        return amount(
            0,
            "E1.7",
            format!(
                "the target hex's terrain tops out at Level {}, a full level or more above the \
                 firer at Level {}: no Night LV DRM",
                fmt_level(top),
                fmt_level(a.firer_height)
            ),
        );
    }
    amount(
        NIGHT_LV_DRM,
        "E1.7",
        "the Night Low Visibility Hindrance DRM (it does not nullify a FFMO DRM)",
    )
}

fn fmt_level(half_levels: i32) -> String {
    if half_levels % LEVEL == 0 {
        (half_levels / LEVEL).to_string()
    } else {
        format!("{}", f64::from(half_levels) / f64::from(LEVEL))
    }
}
