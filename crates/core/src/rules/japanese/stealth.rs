//! G1.6 Japanese night classes (Stealthy / Lax) and G1.63 Concealment and Search drm.

use crate::counters::Class;
use crate::rules::night::movement::{Amount, NightClass, amount};

/// G1.6: Good Order Elite and 1st-Line Japanese Infantry are Stealthy, Conscripts Lax; all Lax
/// after a Banzai Charge this Player Turn. Returns the class and rule.
///
/// Crews count by their Class (G1.6 "including crews"). Japanese 2nd-Line/Green units and
/// non-Good-Order Elite/1st-Line units are not named by G1.6: they are given E1.63's Normal
/// (E1.62's list of Lax units is cut off in our source; an assumption for broken units).
pub fn japanese_night_class(
    class: Class,
    good_order: bool,
    banzai_this_player_turn: bool,
) -> (NightClass, &'static str) {
    if banzai_this_player_turn {
        return (NightClass::Lax, "G1.6");
    }
    match class {
        Class::Conscript => (NightClass::Lax, "G1.6"),
        Class::Elite | Class::FirstLine if good_order => (NightClass::Stealthy, "G1.6"),
        _ => (NightClass::Normal, "E1.63"),
    }
}

/// G1.63: Concealment dr drm for Japanese Infantry (-2).
pub fn concealment_drm(japanese: bool) -> Amount {
    if japanese {
        amount(
            -2,
            "G1.63",
            "Japanese Infantry receive a -2 drm to their Concealment dr (A12.122)",
        )
    } else {
        amount(0, "A12.122", "no Japanese Concealment drm")
    }
}

/// G1.63: Search dr drm vs Japanese (+2 unless the only Concealment Terrain searched is
/// building/rubble).
///
/// Building/rubble includes woods-building and woods-rubble.
pub fn search_drm(searching_for_japanese: bool, only_building_or_rubble: bool) -> Amount {
    if !searching_for_japanese {
        return amount(0, "A12.152", "not Searching for Japanese: no drm");
    }
    if only_building_or_rubble {
        return amount(
            0,
            "G1.63",
            "the only Concealment Terrain Searched is building/rubble: no Japanese drm",
        );
    }
    amount(
        2,
        "G1.63",
        "a Search dr by the opponent of the Japanese receives a +2 drm",
    )
}
