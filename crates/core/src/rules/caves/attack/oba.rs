//! G11.84-G11.841 OBA and Bombardment vs caves.

use serde::Serialize;

use super::common::{BOMBARDMENT_MORALE_LEVEL, Ruling, ruling};
use crate::hex::Hexside;
use crate::map::Map;

/// G11.84 OBA: a non-hidden cave and its contents are immune to OBA unless the attack vs its
/// hex crosses that cave's CA Hexside (`crossed`, as traced by the caller; the rest of the
/// tracing rule is cut off). A hidden cave: only Bombardment affects it (G11.8 play-aid).
pub fn oba_vs_cave(map: &Map, hidden: bool, ca: Hexside, crossed: Option<Hexside>) -> Ruling {
    let ca_name = map.side_name(ca);
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
            format!("the OBA crosses the CA Hexside {ca_name}: it affects the cave (TEM +6)"),
        ),
        Some(s) => ruling(
            false,
            "G11.84",
            format!(
                "the OBA crosses {}, not the CA Hexside {ca_name}: the cave is immune",
                map.side_name(s)
            ),
        ),
        None => ruling(
            false,
            "G11.84",
            format!("the OBA does not cross the CA Hexside {ca_name}: the cave is immune"),
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
