//! G11.87-G11.97 effects on caves: CC (G11.87), elimination (G11.88), Control (G11.94), night
//! (G11.96) and Heat of Battle (G11.97).

use serde::Serialize;

use crate::rules::night::light::SourceKind;

use super::common::{BATTLE_HARDENED_HOB, Check, DcDelivery, Ruling, check, ruling, unmet};

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
/// IN a Depression they are one hex), and only by a light that reaches a subterranean Location
/// (G11.1): a Blaze, which Illuminates its hexes at all levels (E1.94). A Starshell or IR
/// Illuminates only non-subterranean Locations (E1.923, E1.933), a Flame only its own (E1.942)
/// and a Trip Flare counter (G.8, read as a Flame) its own hex above ground, so a cave whose hex
/// only they light stays dark. `hex_lit_at_all_levels`: a Blaze Illuminates the cave's hex;
/// `hex_light`: what lights the hex, if anything does.
pub fn cave_illuminated(
    hex_lit_at_all_levels: bool,
    hex_light: Option<SourceKind>,
    entrance_lit: bool,
) -> Check {
    if !(hex_lit_at_all_levels || hex_light.is_some()) || !entrance_lit {
        return check(
            false,
            "G11.96",
            "a cave is Illuminated only if both its hex and its Entrance Hex are",
        );
    }
    if hex_lit_at_all_levels {
        return check(
            true,
            "G11.96",
            "a cave is Illuminated when a Blaze lights its hex at all levels (E1.94) and its \
             Entrance Hex is Illuminated",
        );
    }
    let (rule, what) = match hex_light {
        Some(SourceKind::Ir) => (
            "E1.933",
            "an IR Illuminates only non-subterranean Locations",
        ),
        Some(SourceKind::Flame) => ("E1.942", "a Flame Illuminates only its own Location"),
        Some(SourceKind::TripFlare) => (
            "G.8",
            "a Trip Flare counter lights only its own hex above ground (read as a Flame, E1.942)",
        ),
        _ => (
            "E1.923",
            "a Starshell Illuminates only non-subterranean Locations",
        ),
    };
    check(
        false,
        rule,
        format!(
            "the light on its hex does not reach the cave: {what}; only a Blaze lights a hex at \
             all levels (E1.94)"
        ),
    )
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
