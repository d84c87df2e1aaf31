//! The attack of a DC's 30 FP (A7 on the IFT, `rules::ift`): what it does to a cave and its
//! contents (G11.833-G11.8332, with G11.88's elimination of the cave) and to an above-ground
//! Location (a DC that fell, G11.833 result b; one Placed on the ground, A23.3). The orders
//! that deliver a DC are `dc` (caves) and `dc_ground` (A23.3).

use super::common::mmc;
use crate::los::Location;
use crate::model::Nationality;
use crate::rules::Check;
use crate::rules::caves::attack::{
    DC_FP, DcDelivery, Eliminator, WhichDr, cave_eliminated, dc_elimination_dr,
};
use crate::rules::ift::{IftResult, dc_column};
use crate::rules::situation::Situation;
use crate::rules::tables::IftColumn;

/// The rule an IFT DR of a DC attack on a cave is rolled under (A7).
const IFT: &str = "A7";

/// G11.833 / G11.88: whether an unconcealed (Known) Good Order Japanese MMC occupies the cave:
/// it decides a Placed or Set DC's DRM and which IFT DR eliminates the cave.
pub fn japanese_mmc_known(s: &Situation, cave: &str) -> bool {
    s.units_at(&Location::Cave(cave.into())).iter().any(|o| {
        o.unit.nationality == Nationality::Japanese
            && o.unit.good_order()
            && !o.concealed
            && !o.hidden
            && mmc(&o.unit).is_some()
    })
}

/// A 30-FP DC attack vs a cave and its contents (A7, G11.833-G11.8332), with G11.88's
/// elimination of the cave.
#[derive(Clone, Debug, PartialEq)]
pub struct DcVsCave {
    pub cave: String,
    pub delivery: DcDelivery,
    /// The IFT DRM and why (`dc_attack_drm`, or a fallen DC's +6).
    pub drm: i32,
    pub why: String,
    /// An unconcealed Good Order Japanese MMC occupies the cave (G11.88 reads it).
    pub known: bool,
    /// The rule the IFT DR is rolled under.
    pub roll_rule: &'static str,
    /// The IFT's 30-FP column (the tables', NOT FROM THE SEEDS).
    pub ift: IftColumn,
}

/// What a DC's IFT DR does to a cave.
#[derive(Clone, Debug, PartialEq)]
pub struct DcCaveOutcome {
    pub final_dr: i32,
    /// The IFT result vs the cave's contents (when the cave stands).
    pub result: IftResult,
    /// The attack as the log tells it, with its rule (`roll_rule`).
    pub text: String,
    /// G11.88: whether the cave and its contents are eliminated; `reason` tells it.
    pub eliminated: Check,
}

/// G11.8332 EX ("no Known Good Order Japanese MMC is in the cave"): a Good Order Japanese MMC
/// not hidden occupies the cave. Our reading: the EX says "Known" where G11.833 and G11.88 say
/// "unconcealed" (`japanese_mmc_known`), so a concealed ("?") one is Known here.
pub fn japanese_mmc_not_hidden(s: &Situation, cave: &str) -> bool {
    s.units_at(&Location::Cave(cave.into())).iter().any(|o| {
        o.unit.nationality == Nationality::Japanese
            && o.unit.good_order()
            && !o.hidden
            && mmc(&o.unit).is_some()
    })
}

impl DcVsCave {
    pub(super) fn new(
        s: &Situation,
        cave: &str,
        delivery: DcDelivery,
        drm: i32,
        why: String,
    ) -> DcVsCave {
        DcVsCave {
            cave: cave.into(),
            delivery,
            drm,
            why,
            known: japanese_mmc_known(s, cave),
            roll_rule: IFT,
            ift: dc_column(s.tables),
        }
    }

    /// A7 / G11.88: the attack's IFT DR (`original_dr`, the two dice) on the 30-FP column,
    /// and whether its Original (or, for a Set DC or one Placed into an undefended cave, its
    /// Final) DR is a KIA that eliminates the cave with all its contents.
    pub fn resolve(&self, original_dr: u8) -> DcCaveOutcome {
        let original = i32::from(original_dr);
        let final_dr = original + self.drm;
        let result = self.ift.result(final_dr);
        let text = format!(
            "DC ({DC_FP} FP) vs cave {}: {}; IFT DR {original} {:+} = {final_dr}: {} (A7's IFT, \
             not from the seeds: assets/tables.ron)",
            self.cave,
            self.why,
            self.drm,
            result.text()
        );
        let mut eliminated = cave_eliminated(
            &Eliminator::Dc {
                delivery: self.delivery,
                unconcealed_good_order_japanese_mmc: self.known,
                original_kia: self.ift.result(original).is_kia(),
                final_kia: result.is_kia(),
            },
            true,
        );
        if eliminated.holds {
            let which: WhichDr = dc_elimination_dr(self.delivery, self.known);
            eliminated.reason = format!(
                "{} ({which:?} DR decides); cave {} and its contents are eliminated",
                eliminated.reason, self.cave
            );
        }
        DcCaveOutcome {
            final_dr,
            result,
            text,
            eliminated,
        }
    }
}

/// A 30-FP attack by a fallen DC on an above-ground Location (G11.833 result b).
#[derive(Clone, Debug, PartialEq)]
pub struct DcVsLocation {
    pub at: Location,
    /// The Location's name in the log.
    pub name: String,
    pub drm: i32,
    pub why: String,
    /// The rule its IFT DR is rolled under and logged with.
    pub rule: &'static str,
    /// The IFT's 30-FP column (the tables', NOT FROM THE SEEDS).
    pub ift: IftColumn,
}

impl DcVsLocation {
    /// A7: the IFT result of the attack's DR (`original_dr`, the two dice) on the 30-FP
    /// column, and the attack as the log tells it.
    pub fn resolve(&self, original_dr: u8) -> (IftResult, String) {
        let final_dr = i32::from(original_dr) + self.drm;
        let result = self.ift.result(final_dr);
        let text = format!(
            "DC ({DC_FP} FP) vs {}: {}; IFT DR {original_dr} {:+} = {final_dr}: {}",
            self.name,
            self.why,
            self.drm,
            result.text()
        );
        (result, text)
    }
}

/// One attack of a DC.
#[derive(Clone, Debug, PartialEq)]
pub enum DcStrike {
    Cave(DcVsCave),
    Location(DcVsLocation),
}
