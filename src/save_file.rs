//! Writing a save so that nothing is lost when the write fails: the new save goes to a
//! temporary file in the same directory, is flushed to the disk, and only then renamed over the
//! old one (a rename within a directory is atomic). A failed write leaves the old save as it
//! was and removes the temporary file. A save goes only to a regular file or a new path: a
//! FIFO, a device or a directory at the path is refused; a symbolic link is written through,
//! its target replaced atomically and the link kept.

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

/// Where a save to `path` goes: `path` itself when nothing is there or a regular file is, the
/// final target of a symbolic link (followed link by link, at most 40); an error for anything
/// else (a FIFO, a device, a socket, a directory), so that a save never replaces or blocks on
/// what is not a file.
pub fn save_target(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        let meta = match std::fs::symlink_metadata(&at) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(at),
            Err(e) => return Err(e),
            Ok(m) => m,
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let next = std::fs::read_link(&at)?;
            at = match at.parent() {
                Some(dir) if next.is_relative() => dir.join(next),
                _ => next,
            };
            continue;
        }
        if kind.is_file() {
            return Ok(at);
        }
        let what = if kind.is_dir() {
            "a directory"
        } else {
            "not a regular file (a FIFO, a device or a socket)"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is {what}: a save is written only to a regular file or a new path",
                at.display()
            ),
        ));
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many symbolic links to follow",
    ))
}

/// Like [`write_atomically`], with the writing done by `write` (tests inject failures here).
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let target = save_target(path)?;
    let path = target.as_path();
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
    #[cfg(unix)]
    fn g25_6_a_save_writes_through_a_symlink_and_refuses_a_fifo_or_a_device() {
        let d = dir().join("kinds");
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        // Through a symlink: the target gets the save, the link stays a link.
        let target = d.join("real.ron");
        std::fs::write(&target, "old").unwrap();
        let link = d.join("link.ron");
        std::os::unix::fs::symlink("real.ron", &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        // A FIFO (no writer would block forever) and a device are refused, left as they are.
        let fifo = d.join("fifo");
        let ok = std::process::Command::new("mkfifo").arg(&fifo).status();
        if ok.is_ok_and(|s| s.success()) {
            let e = write_atomically(&fifo, b"x").unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
            assert!(!std::fs::symlink_metadata(&fifo).unwrap().is_file());
        }
        let e = write_atomically(Path::new("/dev/null"), b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = write_atomically(&d, b"x").unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        // A link to a device is refused too.
        let dev = d.join("dev.ron");
        std::os::unix::fs::symlink("/dev/null", &dev).unwrap();
        assert!(write_atomically(&dev, b"x").is_err());
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
