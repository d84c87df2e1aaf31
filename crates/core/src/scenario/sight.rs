//! The scenario's LOS as `los` and `sees` rule it (A6, G11.5, E1.1, E1.101): one environment
//! (the map, SMOKE and Blazes, the NVR at night), the caves, and the E1.101 marks (Illumination
//! as set up, Gunflashes), shared by both, so that the two commands never disagree. And the sky
//! `--night` / `--day` put over a scenario.

use super::definition::{Night, Scenario, lit_in};
use crate::los::{Location, LosEnv, LosError, LosResult};
use crate::model::{Cloud, Moon};
use crate::rules::caves::CaveSystem;
use crate::rules::night::light::{Lighting, illuminate};
use crate::rules::sight::{Seen, Target, field_locations, los_between_marked, visibility_field};
use crate::rules::situation::same_location;

/// Everything a scenario sees from one Location (`Scenario::sees`).
#[derive(Clone, Debug)]
pub struct Field {
    /// The viewing Location.
    pub from: Location,
    /// The NVR in force (E1.1), `None` by day.
    pub nvr: Option<u32>,
    /// Every Location of the map (`rules::sight::field_locations`), in its order.
    pub seen: Vec<Seen>,
}

impl Night {
    /// The night assumed for a daylight scenario shown or asked at night: a clear night under a
    /// Full Moon, its Base NVR derived by E1.11.
    pub fn assumed() -> Night {
        Night {
            base_nvr: None,
            cloud: Cloud::Clear,
            moon: Moon::Full,
            snow: false,
            kindling: false,
        }
    }
}

/// Day or night as the command line asks (`--night`, `--day`), or as the scenario says: one
/// choice for `view`, `sees` and whatever else takes the two flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sky {
    /// The scenario's own: its night, or day.
    Scenario,
    /// `--night`: the scenario's night, or a clear Full-Moon night (E1.11) for a daylight one.
    Night,
    /// `--day`: no NVR.
    Day,
}

impl Sky {
    /// The sky of the `--night` and `--day` flags (at most one is given).
    pub fn of_flags(night: bool, day: bool) -> Sky {
        match (night, day) {
            (true, _) => Sky::Night,
            (_, true) => Sky::Day,
            _ => Sky::Scenario,
        }
    }
}

impl Scenario {
    /// The scenario under `sky`: as it is, `at_night` or `by_day`.
    pub fn with_sky(self, sky: Sky) -> Scenario {
        match sky {
            Sky::Scenario => self,
            Sky::Day => self.by_day(),
            Sky::Night => self.at_night(),
        }
    }

    /// The scenario at night: its own night, or `Night::assumed` for a daylight scenario.
    pub fn at_night(mut self) -> Scenario {
        self.night.get_or_insert_with(Night::assumed);
        self
    }

    /// The scenario by day: no NVR, nothing Illuminated in E1's sense.
    pub fn by_day(mut self) -> Scenario {
        self.night = None;
        self
    }

    /// What `los` and `sees` rule by, built once: to ask many pairs, ask it.
    pub fn los_context(&self) -> LosContext<'_> {
        let dark = LosEnv::new(&self.map).obstacles_only();
        let lighting = illuminate(&dark, &self.light_sources());
        LosContext {
            scenario: self,
            env: self.los_env(),
            caves: self.cave_system().0,
            dark,
            lighting,
        }
    }

    /// A6/G11.5/E1.101: the LOS from `a` to `b` as set up (`asl-pto los`); `b_name` names `b`
    /// in the reason.
    pub fn los(&self, a: &Location, b: &Location, b_name: &str) -> Result<LosResult, LosError> {
        self.los_context().los(a, b, b_name)
    }

    /// A6/G11.5/E1.1/E1.101: every Location of the map as `from` sees it (`asl-pto sees`).
    pub fn sees(&self, from: &Location) -> Result<Field, LosError> {
        self.los_context().sees(from)
    }
}

/// The scenario's LOS environment (map, SMOKE, Blazes, the NVR at night), its caves and its
/// Illumination as set up: everything `los` and `sees` rule by.
pub struct LosContext<'s> {
    scenario: &'s Scenario,
    env: LosEnv<'s>,
    caves: CaveSystem,
    /// The map's obstacles only, as a Blaze sees it (E1.941), and the lighting it gives.
    dark: LosEnv<'s>,
    lighting: Lighting,
}

impl LosContext<'_> {
    /// E1.101: the marks that let `at` be seen beyond the NVR: Illuminated (E1.9, G11.96) and
    /// marked by a Gunflash (E1.8). By day neither counts.
    pub fn marks(&self, at: &Location) -> (bool, bool) {
        let s = self.scenario;
        if s.night.is_none() {
            return (false, false);
        }
        let flash = s.gunflashes.iter().any(|g| same_location(&s.map, g, at));
        (lit_in(&self.dark, &self.lighting, &self.caves, at), flash)
    }

    /// A6/G11.5/E1.101: the LOS from `a` to `b` (`asl-pto los`); `b_name` names `b` in the
    /// reason.
    pub fn los(&self, a: &Location, b: &Location, b_name: &str) -> Result<LosResult, LosError> {
        let (lit, flash) = self.marks(b);
        los_between_marked(self.env.clone(), &self.caves, a, b, lit, flash, b_name)
    }

    /// A6/G11.5/E1.1/E1.101: every Location of the map as `from` sees it (`asl-pto sees`), each
    /// exactly as `los` rules the pair, in one call (`rules::sight::visibility_field`).
    pub fn sees(&self, from: &Location) -> Result<Field, LosError> {
        let targets: Vec<Target> = field_locations(&self.scenario.map, &self.caves)
            .into_iter()
            .map(|at| {
                let (illuminated, gunflash) = self.marks(&at);
                Target {
                    at,
                    illuminated,
                    gunflash,
                }
            })
            .collect();
        Ok(Field {
            from: from.clone(),
            nvr: self.env.nvr,
            seen: visibility_field(&self.env, &self.caves, from, &targets)?,
        })
    }
}
