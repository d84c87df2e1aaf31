//! G1 Japanese rules (seed 004) as small pure functions: one test per EX and per rule statement.
//!
//! By concept, as `rules::japanese`: `step` (the A10/A19 Morale Check, G1.12x-G1.14 Step
//! Reduction, Other Break and Casualty Reduction, and the non-Japanese A10.3/A19.13 break),
//! `hs_and_crews` (G1.15, G1.16, G1.2 HS, G1.3 crews), `smc` (G1.4/G1.41 SMC and G1.42x
//! Heroes) and `stealth` (G1.6, G1.63, G1.631 HIP). The catalog look-ups they share are here.

mod hs_and_crews;
mod smc;
mod stealth;
mod step;

use asl_pto_core::counters::{Catalog, Counter, Nationality};
use asl_pto_core::rules::japanese::step::{Becomes, StepOutcome};

fn jap(name: &str) -> &'static Counter {
    Catalog::get()
        .counter(Nationality::Japanese, name)
        .unwrap_or_else(|| panic!("no Japanese {name} in the catalog"))
}

fn us(name: &str) -> &'static Counter {
    Catalog::get()
        .counter(Nationality::American, name)
        .unwrap_or_else(|| panic!("no American {name} in the catalog"))
}

/// The counters an outcome leaves, as `name` (unbroken) or `name broken DM`.
fn left(o: &StepOutcome) -> Vec<String> {
    o.becomes
        .iter()
        .map(
            |Becomes {
                 counter,
                 broken,
                 dm,
             }| match (broken, dm) {
                (false, false) => counter.clone(),
                (true, true) => format!("{counter} broken DM"),
                (true, false) => format!("{counter} broken"),
                (false, true) => format!("{counter} DM"),
            },
        )
        .collect()
}
