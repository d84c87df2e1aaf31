//! A scenario file written back out with another script: what Play mode records (the steps a
//! player ordered, as script steps) becomes a scenario that `asl-pto walk` replays to the same
//! events. The file is the scenario's own text parsed and written again (RON, comments lost),
//! with its `script` replaced and its `seed` set.

use ron::ser::PrettyConfig;

use super::definition::{Scenario, Step};
use super::error::ScenarioError;
use super::raw::{self, ActionSpec, StepSpec};
use crate::map::Map;
use crate::rules::orders::Order;

/// The order as a script writes it (`Move("us1", "T4")`): its own text (`Order::script`, the one
/// writer of an order's script form) read back as the script's syntax.
pub fn order_spec(order: &Order, map: &Map) -> Result<ActionSpec, String> {
    let text = order.script(map);
    ron::from_str(&text).map_err(|e| format!("the order {text} could not be written out: {e}"))
}

impl Step {
    /// The step as a script writes it.
    pub fn spec(&self, map: &Map) -> Result<StepSpec, String> {
        Ok(StepSpec {
            say: self.say.clone(),
            phase: self.phase,
            act: self.act.as_ref().map(|a| order_spec(a, map)).transpose()?,
            opponent: self.opponent,
        })
    }
}

impl Scenario {
    /// This scenario's file with `steps` as its script and `seed` as its seed: a scenario that
    /// `asl-pto walk` replays step by step. Errors only if the scenario's own text no longer
    /// parses (it always does: it was loaded from it).
    pub fn with_script(&self, steps: &[Step], seed: u64) -> Result<String, ScenarioError> {
        let specs = steps
            .iter()
            .map(|s| s.spec(&self.map))
            .collect::<Result<Vec<_>, String>>()
            .map_err(|message| ScenarioError {
                file: self.file.clone(),
                at: None,
                message,
            })?;
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
