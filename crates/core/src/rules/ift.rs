//! A7 the Infantry Fire Table, as far as the simulation uses it: the 30-FP column a DC attacks
//! on (A23; G11.833-G11.88), and the column any Fire attack's total FP falls on (A7,
//! `rules::orders::fire`).
//!
//! *NOT FROM THE SEEDS.* The IFT is not among our seeds; docs/asl-facts.md prints it cell by
//! cell as four independent public statements agree. The whole table lives in the data file
//! `assets/tables.ron` (`rules::tables`), correctable without rebuilding.

use crate::rules::tables::{IftColumn, Tables};

pub use crate::rules::tables::IftResult;

/// A7 (30-FP column): the IFT column a DC attacks on, from `tables` (`rules::tables`,
/// `assets/tables.ron`: NOT FROM THE SEEDS).
pub fn dc_column(tables: &Tables) -> IftColumn {
    tables.ift_column(30).clone()
}

/// A7 (30-FP column): the IFT result of a Final DR for a 30-FP attack (a DC).
pub fn dc_result(tables: &Tables, final_dr: i32) -> IftResult {
    tables.ift(30, final_dr)
}

/// A7: the IFT column a total of `fp` FP attacks on: the highest column not above it (fractions
/// kept until the total, which then falls to the column at or below it). A total below the
/// lowest column attacks on the lowest: a reading, the IFT's own text not being in our sources.
pub fn fire_column(tables: &Tables, fp: f32) -> &IftColumn {
    let whole = fp.max(0.0).floor() as u32;
    tables.ift_column(whole)
}

/// A7: the IFT result of a Final DR on the column of `fp` FP (`fire_column`).
pub fn fire_result(tables: &Tables, fp: f32, final_dr: i32) -> IftResult {
    fire_column(tables, fp).result(final_dr)
}

impl IftResult {
    /// The result as printed on the IFT.
    pub fn text(self) -> String {
        match self {
            IftResult::Kia(n) => format!("{n}KIA"),
            IftResult::K(n) => format!("K/{n}"),
            IftResult::Mc(n) => format!("{n}MC"),
            IftResult::Nmc => "NMC".into(),
            IftResult::Ptc => "PTC".into(),
            IftResult::NoEffect => "no effect".into(),
        }
    }

    /// Whether this is a KIA result (G11.88 asks it of a DC attack's DR).
    pub fn is_kia(self) -> bool {
        matches!(self, IftResult::Kia(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a7_the_30_fp_column_worsens_as_the_dr_falls() {
        // Every lower DR is at least as bad: KIA counts rise, MC DRM rise.
        let rank = |r: IftResult| match r {
            IftResult::Kia(n) => 100 + i32::from(n),
            IftResult::K(n) => 50 + i32::from(n),
            IftResult::Mc(n) => 10 + i32::from(n),
            IftResult::Nmc => 5,
            IftResult::Ptc => 1,
            IftResult::NoEffect => 0,
        };
        let t = Tables::builtin();
        for dr in -3..15 {
            assert!(
                rank(dc_result(&t, dr)) >= rank(dc_result(&t, dr + 1)),
                "DR {dr}"
            );
        }
        assert_eq!(dc_result(&t, 14), IftResult::Ptc);
        assert_eq!(dc_result(&t, 15), IftResult::NoEffect);
        assert!(dc_result(&t, -2).is_kia());
    }
}
