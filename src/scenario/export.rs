//! A scenario file written back out with another script: what Play mode records (the steps a
//! player ordered, as script steps) becomes a scenario that `asl-pto walk` replays to the same
//! events. The file is the scenario's own text parsed and written again (RON, comments lost),
//! with its `script` replaced and its `seed` set.

use ron::ser::PrettyConfig;

use super::raw::{self, ActionSpec, StepSpec};
use super::{Action, Scenario, ScenarioError, Step};
use crate::map::Map;

impl Action {
    /// The action as a script writes it (`Move("us1", "T4")`).
    pub fn spec(&self, map: &Map) -> ActionSpec {
        let l = |l: &crate::los::Location| l.display(map).to_string();
        let h = |h: &crate::hex::Hex| map.name(*h);
        let s = |s: &String| s.clone();
        match self {
            Action::Move(u, to) => ActionSpec::Move(s(u), l(to)),
            Action::Climb(u, level, v) => ActionSpec::Climb(s(u), *level, map.vertex_name(*v)),
            Action::ClimbToPlaceDc(u, c, level, v) => {
                ActionSpec::ClimbToPlaceDc(s(u), s(c), *level, map.vertex_name(*v))
            }
            Action::EnterCave(u, c) => ActionSpec::EnterCave(s(u), s(c)),
            Action::ExitCave(u, to) => ActionSpec::ExitCave(s(u), l(to)),
            Action::ThrowDc(u, c) => ActionSpec::ThrowDc(s(u), s(c)),
            Action::PlaceDc(u, c) => ActionSpec::PlaceDc(s(u), s(c)),
            Action::SetDc(u, c) => ActionSpec::SetDc(s(u), s(c)),
            Action::PlaceSmoke(u, at) => ActionSpec::PlaceSmoke(s(u), l(at)),
            Action::FireStarshell(u, x) => ActionSpec::FireStarshell(s(u), h(x)),
            Action::FireIr(x) => ActionSpec::FireIr(h(x)),
            Action::Kindle(x) => ActionSpec::Kindle(h(x)),
            Action::MoraleCheck(u, drm) => ActionSpec::MoraleCheck(s(u), *drm),
            Action::Search(u, x) => ActionSpec::Search(s(u), h(x)),
            Action::NextPlayerTurn => ActionSpec::NextPlayerTurn,
            Action::CreateHero(u, t) => ActionSpec::CreateHero(s(u), s(t)),
            Action::PlaceWp(u, at) => ActionSpec::PlaceWp(s(u), l(at)),
            Action::Los(a, b) => ActionSpec::Los(l(a), l(b)),
            Action::Light(at) => ActionSpec::Light(l(at)),
            Action::Control(c) => ActionSpec::Control(s(c)),
            Action::Fire(us, at) => ActionSpec::Fire(us.clone(), l(at)),
        }
    }
}

impl Step {
    /// The step as a script writes it.
    pub fn spec(&self, map: &Map) -> StepSpec {
        StepSpec {
            say: self.say.clone(),
            phase: self.phase,
            act: self.act.as_ref().map(|a| a.spec(map)),
        }
    }
}

impl Scenario {
    /// This scenario's file with `steps` as its script and `seed` as its seed: a scenario that
    /// `asl-pto walk` replays step by step. Errors only if the scenario's own text no longer
    /// parses (it always does: it was loaded from it).
    pub fn with_script(&self, steps: &[Step], seed: u64) -> Result<String, ScenarioError> {
        let specs = steps.iter().map(|s| s.spec(&self.map)).collect();
        self.with_script_specs(specs, seed)
    }

    /// As `with_script`, with the steps as a script writes them.
    pub fn with_script_specs(
        &self,
        specs: Vec<StepSpec>,
        seed: u64,
    ) -> Result<String, ScenarioError> {
        let mut file = raw::parse(&self.source).map_err(|e| ScenarioError {
            file: self.file.clone(),
            at: Some((e.line, e.col)),
            message: e.message,
        })?;
        file.script = specs;
        file.seed = Some(seed);
        let config = PrettyConfig::new()
            .struct_names(true)
            .depth_limit(4)
            .indentor("    ".to_string());
        let body = ron::ser::to_string_pretty(&file, config).map_err(|e| ScenarioError {
            file: self.file.clone(),
            at: None,
            message: format!("the scenario could not be written out: {e}"),
        })?;
        Ok(format!(
            "// {}: exported by asl-pto (Play mode); `asl-pto walk FILE` replays it with seed {seed}.\n{body}\n",
            self.title.replace('\n', " ")
        ))
    }
}
