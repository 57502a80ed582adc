//! Reading the files hetscope is given, bounded: only a regular file is
//! read (a directory, device, FIFO or socket is refused by what it is,
//! before it is opened, so nothing waits on a pipe), a file larger than
//! the limit of its kind is refused before anything of it is read (its
//! size as the file system gives it), and the reading itself stops one
//! byte past the limit, so that a file that grows meanwhile cannot
//! exceed it either. The message names the file, its size, the limit
//! and why the limit is enough.

use std::io::Read;
use std::path::Path;

/// The most bytes a kind of file may hold, and why that is enough.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimit {
    /// The largest size read, bytes.
    pub bytes: u64,
    /// The files it is for, as a message names them ("preset files").
    pub what: &'static str,
    /// Why no file of the kind needs more.
    pub why: &'static str,
}

impl FileLimit {
    /// RON presets (platforms, processors, workloads, kernels, ...): the
    /// largest built-in preset holds under 5 kB.
    pub const PRESET: FileLimit = FileLimit {
        bytes: 1_000_000,
        what: "preset files",
        why: "a preset holds a few dozen values",
    };

    /// Measurements as CSV (speed functions, energy runs, measured
    /// curves, speedups and partitions, the GPU probe's table).
    pub const MEASUREMENTS: FileLimit = FileLimit {
        bytes: 16_000_000,
        what: "measurement files",
        why: "a speed function or a table of measurements needs at most a few thousand rows",
    };
}

impl FileLimit {
    /// Session files: the scenario and the measured files embedded in it
    /// (each at most 256 KiB; larger ones are kept by path).
    pub const SESSION: FileLimit = FileLimit {
        bytes: 16_000_000,
        what: "session files",
        why: "a session embeds measured files of at most 256 KiB each and names larger ones",
    };
}

/// Why a bounded read gave no text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be opened or read, or is not UTF-8.
    #[error("{0}")]
    Io(std::io::Error),
    /// The file is larger than the limit of its kind.
    #[error("{}", too_large(*.size, .limit))]
    TooLarge {
        /// Its size in bytes; `None` where the reading went past the
        /// limit (a pipe, a file that grew while read).
        size: Option<u64>,
        limit: FileLimit,
    },
}

/// The text of `path` if it holds at most `limit` bytes of UTF-8 (a
/// byte-order mark at its start, as some editors write, left out).
pub fn read_bounded(path: &Path, limit: FileLimit) -> Result<String, ReadError> {
    let mut bytes = read_bytes_bounded(path, limit)?;
    let bom = bytes.len() - without_bom(&bytes).len();
    bytes.drain(..bom);
    String::from_utf8(bytes).map_err(|_| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "it is not text (not valid UTF-8)",
        ))
    })
}

/// `bytes` without the UTF-8 byte-order mark some editors put first.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

/// The bytes of `path` if it holds at most `limit` of them (a file that
/// may not be text: a file dropped on the window, a session).
pub fn read_bytes_bounded(path: &Path, limit: FileLimit) -> Result<Vec<u8>, ReadError> {
    let file = hetscope_fsio::open_regular(path).map_err(ReadError::Io)?;
    let len = file
        .metadata()
        .map_err(|e| ReadError::Io(hetscope_fsio::worded(e)))?
        .len();
    if len > limit.bytes {
        return Err(ReadError::TooLarge {
            size: Some(len),
            limit,
        });
    }
    // One byte more than the limit tells a file that grew (or a pipe,
    // whose length is 0) from one at the limit.
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).saturating_add(1));
    file.take(limit.bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(hetscope_fsio::worded(e)))?;
    if bytes.len() as u64 > limit.bytes {
        return Err(ReadError::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

/// "the file is 240 MB; hetscope reads measurement files up to 16 MB
/// (why)"; where the exact size is unknown, "more than".
pub(crate) fn too_large(size: Option<u64>, limit: &FileLimit) -> String {
    let (mut size_text, mut limit_text) = (size.map(fmt_bytes), fmt_bytes(limit.bytes));
    if size_text.as_deref() == Some(limit_text.as_str()) {
        // Just over the limit: both to the byte.
        size_text = size.map(|s| format!("{s} bytes"));
        limit_text = format!("{} bytes", limit.bytes);
    }
    let is = match size_text {
        Some(s) => format!("the file is {s}"),
        None => format!("the file holds more than {limit_text}"),
    };
    format!(
        "{is}; hetscope reads {} up to {limit_text} ({})",
        limit.what, limit.why
    )
}

/// A size in bytes as a person reads it: `512 bytes`, `3.2 kB`, `240 MB`,
/// `1.5 GB` (powers of 1000, three significant digits at most).
pub fn fmt_bytes(bytes: u64) -> String {
    const UNITS: [(f64, &str); 4] = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    let b = bytes as f64;
    for (scale, unit) in UNITS {
        if b >= scale {
            let v = b / scale;
            let text = if v >= 100.0 {
                format!("{v:.0}")
            } else if v >= 10.0 {
                format!("{v:.1}")
            } else {
                format!("{v:.2}")
            };
            let text = if text.contains('.') {
                text.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                text
            };
            return format!("{text} {unit}");
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::PresetError;
    use crate::file::{read_preset_text, read_text};
    use std::time::Instant;

    const SMALL: FileLimit = FileLimit {
        bytes: 100,
        what: "test files",
        why: "a test needs no more",
    };

    #[test]
    fn a_huge_sparse_file_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("speeds.csv");
        let f = std::fs::File::create(&path).expect("created");
        // 240 MB of holes: nothing is written, nothing may be read.
        f.set_len(240_000_000).expect("sized");
        let start = Instant::now();
        let e = read_text(&path).expect_err("too large");
        assert!(start.elapsed().as_secs_f64() < 1.0, "{:?}", start.elapsed());
        assert_eq!(
            e.to_string(),
            format!(
                "{}: the file is 240 MB; hetscope reads measurement files up to 16 MB \
                 (a speed function or a table of measurements needs at most a few thousand rows)",
                path.display()
            )
        );
        assert_eq!(e.origin(), path.display().to_string());
    }

    #[test]
    fn a_file_at_the_limit_is_read_and_one_byte_more_is_not() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("f.csv");
        std::fs::write(&path, "x".repeat(100)).expect("written");
        assert_eq!(read_bounded(&path, SMALL).expect("at the limit").len(), 100);
        std::fs::write(&path, "x".repeat(101)).expect("written");
        let e = read_bounded(&path, SMALL).expect_err("one byte over");
        assert_eq!(
            e.to_string(),
            "the file is 101 bytes; hetscope reads test files up to 100 bytes (a test needs no more)"
        );
        // The real limits, at their boundary.
        let limit = FileLimit::PRESET.bytes;
        let f = std::fs::File::create(&path).expect("created");
        f.set_len(limit + 1).expect("sized");
        let e = read_preset_text(&path).expect_err("one byte over");
        assert!(
            e.to_string().contains(
                "the file is 1000001 bytes; hetscope reads preset files up to 1000000 bytes"
            ),
            "{e}"
        );
        f.set_len(limit).expect("sized");
        // Zeros are UTF-8: the file is read whole.
        assert_eq!(
            read_preset_text(&path).expect("at the limit").len() as u64,
            limit
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_by_what_it_is_before_it_is_read() {
        // An endless device was read up to the limit; now it is not opened.
        let e = read_bounded(Path::new("/dev/zero"), SMALL).expect_err("a device");
        assert_eq!(
            e.to_string(),
            "it is a character device, not a regular file"
        );
    }

    #[test]
    fn missing_and_non_utf8_files_name_the_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("none.csv");
        let e = read_text(&path).expect_err("missing");
        assert!(matches!(e, PresetError::Io { .. }), "{e:?}");
        assert!(e.to_string().starts_with(&path.display().to_string()));
        std::fs::write(&path, [0xff, 0xfe, 0x00]).expect("written");
        let e = read_text(&path).expect_err("not UTF-8");
        assert!(e.to_string().contains("valid UTF-8"), "{e}");
    }

    #[test]
    fn sizes_read_as_a_person_says_them() {
        assert_eq!(fmt_bytes(512), "512 bytes");
        assert_eq!(fmt_bytes(3_200), "3.2 kB");
        assert_eq!(fmt_bytes(59_000_000), "59 MB");
        assert_eq!(fmt_bytes(16_000_000), "16 MB");
        assert_eq!(fmt_bytes(240_000_000), "240 MB");
        assert_eq!(fmt_bytes(1_500_000_000), "1.5 GB");
        assert_eq!(fmt_bytes(12_345_678), "12.3 MB");
    }
}
