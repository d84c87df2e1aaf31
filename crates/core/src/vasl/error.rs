//! Why a VASL file could not be read (`ImportError`).

/// Why a VASL file could not be read: `FILE: what is wrong`, on one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {what}")]
pub struct ImportError {
    /// The file (an archive, or an XML file; `archive/BoardMetadata.xml` for that entry).
    pub file: String,
    /// What is wrong.
    pub what: String,
}

impl ImportError {
    pub fn new(file: &str, what: impl Into<String>) -> ImportError {
        // One line, whatever a dependency's message holds.
        let what: String = what.into();
        ImportError {
            file: file.to_string(),
            what: what.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}
