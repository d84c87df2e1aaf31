//! B25.11 Kindling (E1.94 at night): who Kindles a Fire in a hex, whether the rules allow it
//! now, and what the Kindle DR decides.

use crate::hex::Hex;
use crate::map::Terrain;
use crate::model::Phase;
use crate::rules::Check;
use crate::rules::fire::kindling_allowed;
use crate::rules::night::concealment::{NightAction, loses_concealment};
use crate::rules::situation::{Refusal, Situation, require_check};

/// What a Kindle attempt will do: the Kindler, the terrain the DR is made against (B25.11),
/// and whether the attempt loses the Kindler's concealment (E1.94; `None` by day or when the
/// Kindler is not concealed).
#[derive(Clone, Debug, PartialEq)]
pub struct KindlePlan {
    pub hex: Hex,
    pub kindler: String,
    pub terrain: Terrain,
    /// The rule the Kindle DR is rolled under.
    pub roll_rule: &'static str,
    pub loses_concealment: Option<Check>,
    /// E1.94: at night, within the LOS of a Good Order enemy ground unit (regardless of range),
    /// the attempt makes a Gunflash in the Kindler's Location (E1.8); `None` otherwise.
    pub gunflash: Option<(crate::los::Location, Check)>,
}

/// B25.11 / E1.94: a Kindle attempt in `hex` by the ATTACKER's Good Order Infantry there, in
/// its PFPh/AFPh; at night only by SSR (E1.94), and then the Kindler loses concealment in the
/// LOS of any Good Order enemy ground unit (the NVR does not cut that LOS: "regardless of
/// range"). The DR itself is `rules::fire::kindle`.
pub fn kindle(s: &Situation, hex: Hex) -> Result<KindlePlan, Refusal> {
    require_check(kindling_allowed(s.night(), s.kindling))?;
    if !matches!(s.phase, Phase::PrepFire | Phase::AdvancingFire) {
        return Err(Refusal::new(
            "B25.11",
            format!(
                "Kindling is done in the PFPh/AFPh, not the {}",
                s.phase.abbrev()
            ),
        ));
    }
    let kindler = s
        .units
        .iter()
        .find(|u| {
            u.unit.side() == s.turn.attacker && u.unit.good_order() && u.at.hex() == Some(hex)
        })
        .ok_or_else(|| {
            Refusal::new(
                "B25.11",
                format!(
                    "no Good Order ATTACKER Infantry in {} to Kindle a Fire",
                    s.map.name(hex)
                ),
            )
        })?;
    let terrain =
        s.map.get(hex).map(|d| d.terrain).ok_or_else(|| {
            Refusal::new("B25.11", format!("{} is not on the map", s.map.name(hex)))
        })?;
    if crate::rules::fire::kindle_number(terrain).is_none() {
        return Err(Refusal::new(
            "B25.11",
            format!(
                "{} does not burn: there is nothing to Kindle in {}",
                terrain.info().name,
                s.map.name(hex)
            ),
        ));
    }
    let seen = s.night()
        && super::common::seen_by_good_order(s, kindler.unit.side().opponent(), &kindler.at, false);
    let loses_concealment = (s.night() && (kindler.concealed || kindler.cloaked)).then(|| {
        loses_concealment(NightAction::Kindles {
            in_los_of_good_order_enemy_ground_unit: seen,
        })
    });
    let gunflash = seen.then(|| {
        (
            kindler.at.clone(),
            crate::rules::check(
                true,
                "E1.94",
                "a Kindle attempt within the LOS of a Good Order enemy ground unit (regardless of \
                 range) causes a Gunflash (E1.8)",
            ),
        )
    });
    Ok(KindlePlan {
        hex,
        kindler: kindler.unit.id.clone(),
        terrain,
        roll_rule: "B25.11",
        loses_concealment,
        gunflash,
    })
}
