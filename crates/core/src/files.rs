//! Reading a file the player names, bounded: only a regular file (a FIFO with no writer would
//! block for ever, a device like `/dev/zero` never ends), and at most a cap of bytes, checked
//! before and while reading (a file may grow). Every file the program reads goes through here:
//! scenarios and saves, VASL board archives, SharedBoardMetadata.xml, the tables file.

use std::io::Read;
use std::path::Path;

/// A size in words: `64 MiB`, `512 KiB`, `100 bytes`.
pub fn size_text(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// The file a setting names: the environment variable `var` if set (an empty value names no
/// file and is refused, as is a value that is not a path), else the player's own copy at
/// `local` if anything is there — a regular file; a folder, a FIFO or a device there is
/// refused, as it would be through `var`, rather than silently passed over — else `None`
/// (the built-in copy).
pub fn named_or_local(var: &str, local: &str) -> Result<Option<std::path::PathBuf>, String> {
    if let Some(p) = std::env::var_os(var) {
        if p.is_empty() {
            return Err(format!(
                "{var} is set but empty: it names no file (name the file, or unset {var} to use \
                 ./{local} or the built-in copy)"
            ));
        }
        return Ok(Some(std::path::PathBuf::from(p)));
    }
    let local = Path::new(local);
    // Anything there is read as the player's copy (`read_capped` refuses what is not a
    // regular file); a dangling link is passed over like nothing there.
    match std::fs::metadata(local) {
        Ok(_) => Ok(Some(local.to_path_buf())),
        Err(_) => Ok(None),
    }
}

/// How an unreadable file's error begins (then the system's reason).
pub const CANNOT_READ: &str = "cannot read it:";

/// The bytes of the regular file at `path` (a symbolic link is followed), at most `cap` of
/// them. The error says why in words: not there, not a regular file (a folder, a FIFO, a
/// device), larger than the cap (`what` names the kind of file the cap is for), unreadable.
pub fn read_capped(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{CANNOT_READ} {e}"))?;
    if meta.is_dir() {
        return Err("it is a folder, not a file".into());
    }
    if !meta.is_file() {
        return Err(
            "it is not a regular file (a FIFO, a device or a socket): only a file is read".into(),
        );
    }
    let too_big = || {
        format!(
            "the file is larger than {}, the most asl-pto reads from {what}",
            size_text(cap)
        )
    };
    if meta.len() > cap {
        return Err(too_big());
    }
    // Opened without blocking (a FIFO swapped in after the check would block an ordinary open)
    // and checked again on the open file itself.
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options
        .open(path)
        .map_err(|e| format!("{CANNOT_READ} {e}"))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(
            "it is not a regular file (a FIFO, a device or a socket): only a file is read".into(),
        );
    }
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{CANNOT_READ} {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(too_big());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g25_7_only_a_regular_file_within_its_cap_is_read() {
        let d = std::env::temp_dir().join(format!("asl-pto-files-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let f = d.join("f");
        std::fs::write(&f, b"12345").unwrap();
        assert_eq!(read_capped(&f, 5, "a test").unwrap(), b"12345");
        let e = read_capped(&f, 4, "a test").unwrap_err();
        assert!(e.contains("larger than 4 bytes"), "{e}");
        assert!(
            read_capped(&d, 10, "a test")
                .unwrap_err()
                .contains("folder")
        );
        assert!(
            read_capped(&d.join("none"), 10, "a test")
                .unwrap_err()
                .starts_with(CANNOT_READ)
        );
        #[cfg(unix)]
        {
            let e = read_capped(Path::new("/dev/zero"), 10, "a test").unwrap_err();
            assert!(e.contains("not a regular file"), "{e}");
            let fifo = d.join("fifo");
            if std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .is_ok_and(|s| s.success())
            {
                // No writer: opening it would block; it is refused first.
                let e = read_capped(&fifo, 10, "a test").unwrap_err();
                assert!(e.contains("not a regular file"), "{e}");
            }
        }
        std::fs::remove_dir_all(&d).ok();
    }
}
