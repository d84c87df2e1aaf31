//! A failure to report (`Failure`: one `error:` line and its exit code), and reading the
//! scenario a subcommand names.

use crate::scenario::Scenario;

/// A failure to report on stderr as one `error:` line, with its exit code.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Bad input: exit code 2.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

pub(crate) fn load(path: &std::path::Path) -> Result<Scenario, Failure> {
    Scenario::load(path).map_err(|e| Failure::input(e.to_string()))
}
