//! Writing a save so that nothing is lost when the write fails: the new save goes to a
//! temporary file in the same directory, is flushed to the disk, and only then renamed over the
//! old one (a rename within a directory is atomic). A failed write leaves the old save as it
//! was and removes the temporary file.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary file next to `path` that a save is written to first.
fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` atomically (see the module's documentation).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |f| f.write_all(bytes))
}

/// Like [`write_atomically`], with the writing done by `write` (tests inject failures here).
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temporary(path);
    let result = File::create(&tmp).and_then(|mut f| {
        write(&mut f)?;
        f.flush()?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Do `a` and `b` name the same existing file (through links, `..` or another spelling)?
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("asl-pto-save-file-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_write_that_fails_midway_keeps_the_old_save_and_leaves_no_temporary() {
        let d = dir().join("midway");
        std::fs::create_dir_all(&d).unwrap();
        let path = d.join("walk.ron");
        std::fs::write(&path, "the old save").unwrap();
        let r = write_atomically_with(&path, |f| {
            f.write_all(b"half of a new")?;
            Err(io::Error::from(io::ErrorKind::StorageFull))
        });
        assert!(r.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old save");
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
        assert_eq!(left.len(), 1, "only the old save is left: {left:?}");
        write_atomically(&path, b"the new save").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the new save");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
    }

    #[test]
    fn the_same_file_is_recognised_through_another_spelling() {
        let d = dir();
        let p = d.join("same.ron");
        std::fs::write(&p, "x").unwrap();
        let other = d.join(".").join("same.ron");
        assert!(same_file(&p, &other));
        assert!(!same_file(&p, &d.join("absent.ron")));
    }
}
