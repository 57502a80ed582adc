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
//! - only a regular file is replaced: a folder, a device, a FIFO or a
//!   socket (or a link to one) is refused, since the rename would put a
//!   plain file in its place (`/dev/null` replaced, for a root user);
//! - errors never name the temporary file.
//!
//! [`FileId`] tells whether two paths name one file, so that a command
//! refuses an output that is one of its inputs before it reads or writes.
//!
//! Reading starts with [`open_regular`]: a regular file, or a refusal
//! that says what the path names instead, never a wait (a FIFO is
//! opened without blocking and refused; a device is refused before it
//! is opened).

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
    let existing = std::fs::metadata(&target).ok();
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
    if let Some(meta) = &existing {
        keep_owner(tmp.as_file(), meta);
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(plain)?;
    }
    tmp.as_file().sync_all().map_err(plain)?;
    // Again at the rename: what the path names may have changed while the
    // bytes were written.
    refuse_special(&target)?;
    tmp.persist(&target).map_err(|e| plain(e.error))?;
    sync_dir(&dir);
    Ok(())
}

/// Open `path` (links followed) for reading if it is a regular file; a
/// directory, device, FIFO or socket is refused with what it is, a FIFO
/// without waiting for a writer. The error says why without naming
/// `path`, in words ("no such file", "a loop of symbolic links").
pub fn open_regular(path: &Path) -> io::Result<std::fs::File> {
    let meta = std::fs::metadata(path).map_err(worded)?;
    if let Some(kind) = special_kind(&meta) {
        return Err(not_regular(kind));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Only a FIFO swapped in after the check above would wait here.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(worded)?;
    let meta = file.metadata().map_err(worded)?;
    match special_kind(&meta) {
        Some(kind) => Err(not_regular(kind)),
        None => Ok(file),
    }
}

/// "it is a FIFO (named pipe), not a regular file".
fn not_regular(kind: &str) -> io::Error {
    let kind_of = if kind == "a directory" {
        io::ErrorKind::IsADirectory
    } else {
        io::ErrorKind::InvalidInput
    };
    io::Error::new(kind_of, format!("it is {kind}, not a regular file"))
}

/// An I/O error in words a person reads, without the system's error
/// number: "no such file", "permission denied", "a loop of symbolic
/// links".
pub fn worded(e: io::Error) -> io::Error {
    let words = match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP) => "a loop of symbolic links (or too many of them)".to_string(),
        #[cfg(unix)]
        Some(libc::ENAMETOOLONG) => "the name is too long".to_string(),
        #[cfg(unix)]
        Some(libc::ENOTDIR) => "a part of the path is not a directory".to_string(),
        _ => match e.kind() {
            io::ErrorKind::NotFound => "no such file".to_string(),
            io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            io::ErrorKind::IsADirectory => "it is a directory".to_string(),
            _ if e.raw_os_error().is_some() => {
                let text = e.to_string();
                match text.find(" (os error") {
                    Some(at) => text[..at].to_lowercase(),
                    None => text,
                }
            }
            _ => e.to_string(),
        },
    };
    io::Error::new(e.kind(), words)
}

/// The name of the file `path` names (its last component), as messages,
/// legends and notes show it; the whole path where it has none.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Give the new file the owner and group of the file it replaces, where
/// the system lets this user (a root user replacing another's file); a
/// refusal leaves the new file this user's, as an editor's save does.
fn keep_owner(file: &std::fs::File, was: &std::fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(file, Some(was.uid()), Some(was.gid()));
    }
    #[cfg(not(unix))]
    let _ = (file, was);
}

/// Whether a file can be written at `path`, checked before long work:
/// nothing there or a regular file (links followed; not a folder, device,
/// FIFO or socket), in an existing folder where a file can be created
/// (tried with a temporary file that is removed at once). The error says
/// why without naming `path`.
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
    refuse_special(&target)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((target, dir))
}

/// What `meta` is when it is not a regular file, in words ("a directory",
/// "a character device", ...); `None` for a regular file.
pub fn special_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuse `target` (links already followed) where it exists and is no
/// regular file: writing replaces only files.
fn refuse_special(target: &Path) -> io::Result<()> {
    let Ok(meta) = std::fs::metadata(target) else {
        return Ok(());
    };
    match special_kind(&meta) {
        None => Ok(()),
        Some("a directory") => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        )),
        Some(kind) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {kind}, not a regular file; hetscope writes only regular files"),
        )),
    }
}

/// The identity of a file: two paths with equal ids name one file
/// (links followed; on Unix hard links alike, by device and inode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileId {
    #[cfg(unix)]
    dev: u64,
    #[cfg(unix)]
    ino: u64,
    #[cfg(not(unix))]
    canonical: PathBuf,
}

impl FileId {
    /// The id of the file `path` names (links followed); `None` where
    /// nothing is there.
    pub fn of(path: &Path) -> Option<FileId> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                dev: meta.dev(),
                ino: meta.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            drop(meta);
            Some(FileId {
                canonical: std::fs::canonicalize(path).ok()?,
            })
        }
    }
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

    #[cfg(unix)]
    #[test]
    fn a_device_or_fifo_is_never_replaced() {
        let dev = Path::new("/dev/null");
        let before = std::fs::metadata(dev).unwrap().file_type();
        let e = write_atomic(dev, b"x").unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
        let e = check_writable(dev).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        use std::os::unix::fs::FileTypeExt;
        assert!(before.is_char_device());
        assert!(std::fs::metadata(dev).unwrap().file_type().is_char_device());
        // A link to the device is followed to it and refused too.
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("null.svg");
        std::os::unix::fs::symlink(dev, &link).unwrap();
        let e = write_atomic(&link, b"x").unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let fifo = dir.path().join("pipe.csv");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.expect("mkfifo runs").success());
        let e = write_atomic(&fifo, b"x").unwrap_err();
        assert!(e.to_string().contains("FIFO"), "{e}");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn one_file_by_two_names_has_one_id() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.csv");
        std::fs::write(&a, "x").unwrap();
        let hard = dir.path().join("b.csv");
        std::fs::hard_link(&a, &hard).unwrap();
        let soft = dir.path().join("c.csv");
        std::os::unix::fs::symlink("a.csv", &soft).unwrap();
        let other = dir.path().join("d.csv");
        std::fs::write(&other, "x").unwrap();
        let id = FileId::of(&a).unwrap();
        assert_eq!(FileId::of(&hard), Some(id.clone()));
        assert_eq!(FileId::of(&soft), Some(id.clone()));
        assert_eq!(
            FileId::of(&dir.path().join(".").join("a.csv")),
            Some(id.clone())
        );
        assert_ne!(FileId::of(&other), Some(id));
        assert_eq!(FileId::of(&dir.path().join("none.csv")), None);
    }

    #[cfg(unix)]
    #[test]
    fn reading_opens_only_regular_files_and_never_waits() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.expect("mkfifo runs").success());
        // No writer ever comes: a blocking open would never return.
        let e = open_regular(&fifo).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a FIFO (named pipe), not a regular file"
        );
        let e = open_regular(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a character device, not a regular file"
        );
        let e = open_regular(dir.path()).unwrap_err();
        assert_eq!(e.to_string(), "it is a directory, not a regular file");
        let e = open_regular(&dir.path().join("none.csv")).unwrap_err();
        assert_eq!(e.to_string(), "no such file");
        let looped = dir.path().join("loop.ron");
        std::os::unix::fs::symlink("loop.ron", &looped).unwrap();
        let e = open_regular(&looped).unwrap_err();
        assert!(e.to_string().starts_with("a loop of symbolic links"), "{e}");
        let file = dir.path().join("a.csv");
        std::fs::write(&file, "x,y").unwrap();
        assert!(open_regular(&file).is_ok());
    }
}
