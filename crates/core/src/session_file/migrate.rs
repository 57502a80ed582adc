//! Older session formats: how a file of a format before [`FORMAT`]
//! becomes the current one. Each older format this version reads has a
//! reader that parses the file with that format's own types and returns
//! the current [`SessionFile`]; opening a file of an older format goes
//! through its reader and notes the migration. A format older than every
//! reader is refused, naming the formats read.
//!
//! Format 1 is the first, so [`OLDER`] is empty; the next format adds
//! format 1's reader here (the format 1 types kept beside it).

use super::layout::{FORMAT, SessionFile};
use crate::CoreError;
use crate::file_error::FileError;

/// Reads the text of a file (the second argument names it) of one older
/// format into the current layout.
pub type Reader = fn(&str, &str) -> Result<SessionFile, CoreError>;

/// Every older format this version reads, oldest first, with its reader.
pub const OLDER: &[(u32, Reader)] = &[];

/// The oldest format `older` lets this version read.
pub fn oldest(older: &[(u32, Reader)]) -> u32 {
    older.first().map_or(FORMAT, |(v, _)| *v)
}

/// The file `text` (named `file`) of format `found`, older than
/// [`FORMAT`], read by its reader in `older` as the current layout.
pub fn read_older(
    older: &[(u32, Reader)],
    found: u64,
    text: &str,
    file: &str,
) -> Result<SessionFile, CoreError> {
    match older.iter().find(|(v, _)| u64::from(*v) == found) {
        Some((_, reader)) => reader(text, file),
        None => Err(FileError::Older {
            file: file.to_string(),
            found,
            oldest: oldest(older),
            newest: FORMAT,
        }
        .into()),
    }
}
