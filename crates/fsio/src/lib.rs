//! The one way hetscope writes a file: atomically. Presets, measured speed
//! functions, imports and exports all go through [`write_atomic`].
//! Imports nothing of the crate, so every layer that writes may use it.
//!
//! The policy, as an editor's save:
//! - the bytes go to a temporary file beside the destination (named
//!   `.<name>.hetscope-partial-XXXXXX`), are flushed to disk, and the
//!   temporary file is renamed over the destination: a reader sees the old
//!   file or the new one, never a half-written one; on any failure the
//!   temporary file is removed;
//! - a new file gets the mode a plain file creation gives (0666 less the
//!   umask); an existing file keeps its mode;
//! - a symbolic link is followed: its target is replaced, the link stays;
//! - errors never name the temporary file.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many symbolic links are followed before giving up (as the kernel's
/// `ELOOP`).
const MAX_LINKS: usize = 40;

/// Write `bytes` to `path` atomically (see the module documentation). The
/// error's message says what went wrong without naming `path`, so that the
/// caller can put the path where its messages put it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (target, dir) = file_and_folder(path)?;
    let existing_mode = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".hetscope-partial");
    #[cfg(unix)]
    {
        // A plain file creation: 0666 less the umask.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(&dir)
        .map_err(|e| in_dir_error(&dir, e))?;
    // From here on, dropping `tmp` (on any error) deletes the file.
    tmp.write_all(bytes).map_err(plain)?;
    tmp.flush().map_err(plain)?;
    if let Some(perm) = existing_mode {
        tmp.as_file().set_permissions(perm).map_err(plain)?;
    }
    tmp.as_file().sync_all().map_err(plain)?;
    tmp.persist(&target).map_err(|e| plain(e.error))?;
    sync_dir(&dir);
    Ok(())
}

/// Whether a file can be written at `path`, checked before long work:
/// not a folder, in an existing folder where a file can be created (tried
/// with a temporary file that is removed at once). The error says why
/// without naming `path`.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let (_, dir) = file_and_folder(path)?;
    tempfile::Builder::new()
        .prefix(".hetscope-check-")
        .tempfile_in(&dir)
        .map(drop)
        .map_err(|e| in_dir_error(&dir, e))
}

/// The file a write to `path` lands in (symbolic links followed) and its
/// folder; refused when it is no file path or is a folder.
fn file_and_folder(path: &Path) -> io::Result<(PathBuf, PathBuf)> {
    let target = follow_links(path)?;
    if target.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file path",
        ));
    }
    if target.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((target, dir))
}

/// `path` with every symbolic link along its last component followed (a
/// link to a file that does not exist yet gives that file).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p).map_err(plain)?;
                p = match p.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// An error creating a file in `dir`, saying which directory.
fn in_dir_error(dir: &Path, e: io::Error) -> io::Error {
    let why = match e.kind() {
        io::ErrorKind::NotFound => "no such directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        k => k.to_string(),
    };
    io::Error::new(
        e.kind(),
        format!("cannot write in {}: {why}", dir.display()),
    )
}

/// An I/O error with its kind's words only (the raw error of a temporary
/// file may carry its name).
fn plain(e: io::Error) -> io::Error {
    let text = match e.raw_os_error() {
        Some(_) => e.kind().to_string(),
        None => e.to_string(),
    };
    io::Error::new(e.kind(), text)
}

/// Make the rename itself durable where the system allows it; a failure
/// here loses nothing already written, so it is not reported.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("hetscope-partial"))
            .collect()
    }

    #[test]
    fn writes_replace_the_file_and_leave_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.ron");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn an_existing_file_keeps_its_mode_and_links_are_followed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.ron");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink("real.ron", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn writability_is_checked_before_the_work() {
        let dir = tempfile::tempdir().unwrap();
        assert!(check_writable(&dir.path().join("a.csv")).is_ok());
        assert!(leftovers(dir.path()).is_empty());
        let e = check_writable(&dir.path().join("no").join("a.csv")).unwrap_err();
        assert!(e.to_string().contains("no such directory"), "{e}");
        let e = check_writable(dir.path()).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
    }

    #[test]
    fn a_missing_directory_is_named_and_nothing_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("no").join("a.ron");
        let e = write_atomic(&p, b"x").unwrap_err();
        assert!(e.to_string().contains("no such directory"), "{e}");
        assert!(!e.to_string().contains("hetscope-partial"), "{e}");
        let e = write_atomic(dir.path(), b"x").unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
    }
}
