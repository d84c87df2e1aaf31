//! Reading a scenario: its text parsed (`raw::parse`) and resolved (`resolve`), from a file
//! (capped at `MAX_INPUT_BYTES`) or the one built in.

use super::definition::{BUILTIN, BUILTIN_NAME, Scenario};
use super::error::ScenarioError;
use super::input::{self, MAX_INPUT_BYTES};
use super::{raw, resolve};

impl Scenario {
    /// Loads a scenario from its text; `file` names it in error messages.
    pub fn from_str(text: &str, file: &str) -> Result<Scenario, ScenarioError> {
        let parsed = raw::parse(text).map_err(|e| ScenarioError {
            file: file.to_string(),
            at: Some((e.line, e.col)),
            message: e.message,
        })?;
        resolve::resolve(parsed, text, file)
    }

    /// Loads a scenario file (at most `MAX_INPUT_BYTES`).
    pub fn load(path: &std::path::Path) -> Result<Scenario, ScenarioError> {
        let text = input::read_text(path, MAX_INPUT_BYTES)?;
        Scenario::from_str(&text, &path.display().to_string())
    }

    /// The built-in default scenario.
    pub fn builtin() -> Scenario {
        Scenario::from_str(BUILTIN, BUILTIN_NAME).expect("the built-in scenario loads")
    }
}
