//! Reading preset files: text read within its kind's limit (`read.rs`),
//! RON text parsed into a preset type with errors
//! that name the origin, line and column; file ids; whether a command-line
//! argument names a file or a built-in preset.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::error::PresetError;
use super::read::{FileLimit, ReadError, read_bounded};

/// Parse RON text into `T` (an optional field may be written without
/// `Some(...)`); errors carry `origin`, line and column.
///
/// The top-level `format: N` field is read first and taken out (see
/// [`super::version`]): a file of a newer format is refused, one without
/// the field is format 1, which reads as format 2 does (the formats
/// differ only in fields format 2 adds, each optional).
pub fn parse_ron<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, PresetError> {
    let (text, _version) = super::version::strip_ron_format(text, origin)?;
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str::<T>(&text)
        .map_err(|e| PresetError::from_ron(origin, &e))
}

/// Read a file of measurements (a CSV) as text, at most
/// [`FileLimit::MEASUREMENTS`]; the error names the path.
pub fn read_text(path: &Path) -> Result<String, PresetError> {
    read_bounded(path, FileLimit::MEASUREMENTS).map_err(|e| read_error(path, e))
}

/// Read a preset file (RON) as text, at most [`FileLimit::PRESET`]; the
/// error names the path.
pub fn read_preset_text(path: &Path) -> Result<String, PresetError> {
    read_bounded(path, FileLimit::PRESET).map_err(|e| read_error(path, e))
}

/// A bounded read's error as a preset error naming `path`.
pub fn read_error(path: &Path, e: ReadError) -> PresetError {
    match e {
        ReadError::Io(e) => PresetError::io(path, e),
        ReadError::TooLarge { size, limit } => PresetError::TooLarge {
            path: path.display().to_string(),
            size,
            limit,
        },
    }
}

/// The id of a preset file: its file stem.
pub fn file_id(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Whether a command-line argument names a preset file (its name ends in
/// `.ron`) rather than a built-in preset.
pub fn is_file_arg(arg: &str) -> bool {
    Path::new(arg)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
}

/// Serializes `Some(x)` as `x` (the files read with implicit `Some`), so
/// an optional field is written as it is typed. Pair it with
/// `skip_serializing_if = "Option::is_none"`.
pub(crate) fn bare_some<S: serde::Serializer, T: serde::Serialize>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(x) => x.serialize(s),
        None => s.serialize_none(),
    }
}
