//! Reading a scenario or save file: at most [`MAX_INPUT_BYTES`], UTF-8, and its fingerprint
//! (what binds a save to the scenario it was taken from).

use std::path::Path;

use super::error::{ScenarioError, line_col};

/// The most bytes read from a scenario or save file: 64 MiB. A larger file (or an endless one,
/// like `/dev/zero`) is refused after reading this much.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The text of the file at `path`, read up to `cap` bytes (`files::read_capped`: only a
/// regular file; a longer file is an error). A UTF-8 byte-order mark at its start (as some
/// Windows editors write) is dropped.
pub fn read_text(path: &Path, cap: u64) -> Result<String, ScenarioError> {
    let file = path.display().to_string();
    let err = |at, message: String| ScenarioError {
        file: file.clone(),
        at,
        message,
    };
    let mut bytes = crate::files::read_capped(path, cap, "a scenario or a save").map_err(|e| {
        let e = e.replacen(crate::files::CANNOT_READ, "cannot read the file:", 1);
        err(None, e)
    })?;
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        err(
            Some(line_col(
                &String::from_utf8_lossy(e.as_bytes()),
                e.utf8_error().valid_up_to(),
            )),
            "the file is not UTF-8 text".into(),
        )
    })
}

/// The fingerprint of a scenario's text: FNV-1a (64 bits) over its bytes, as
/// `fnv1a64:<16 hex digits>`. Stable across runs, platforms and versions of the program; any
/// change to the file changes it (with overwhelming likelihood).
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_64_matches_the_reference_vectors() {
        assert_eq!(fingerprint(""), "fnv1a64:cbf29ce484222325");
        assert_eq!(fingerprint("a"), "fnv1a64:af63dc4c8601ec8c");
        assert_eq!(fingerprint("foobar"), "fnv1a64:85944171f73967e8");
    }

    #[test]
    fn a_file_over_the_cap_is_refused_with_one_line() {
        let p = std::env::temp_dir().join(format!("asl-pto-cap-{}.ron", std::process::id()));
        std::fs::write(&p, "x".repeat(101)).unwrap();
        let e = read_text(&p, 100).unwrap_err();
        assert!(e.to_string().contains("larger than 100 bytes"), "{e}");
        assert_eq!(read_text(&p, 101).unwrap().len(), 101);
        std::fs::remove_file(&p).unwrap();
    }
}
