//! Writing presets: pretty RON with a header comment naming what the file
//! is, written with the one atomic writer (`hetscope_fsio`).

use std::path::Path;

use serde::Serialize;

use super::error::PresetError;

/// One level of indentation.
const INDENT: &str = "    ";

fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .indentor(INDENT)
        .struct_names(false)
        .separate_tuple_members(false)
        // Structs nested deeper than this (partitions, timing, energy) stay
        // on one line.
        .depth_limit(2)
        // Plain strings; raw strings only where quotes or backslashes need them.
        .escape_strings(false)
}

/// A preset type that can be written as a file: what it is, for the
/// header comment ("platform preset").
pub trait PresetFile: Serialize {
    const WHAT: &'static str;
}

/// `value` as pretty RON under a header comment naming what it is, or the
/// serializer's message. The first field is the format version
/// (`format: 2`, see [`super::version`]).
pub fn try_to_ron<T: PresetFile>(value: &T) -> Result<String, ron::Error> {
    let body = ron::ser::to_string_pretty(value, pretty())?;
    let body = super::version::with_format_field(&body, INDENT);
    Ok(format!(
        "// hetscope {} (RON). Where the numbers come from: see `source` and `notes`.\n{body}\n",
        T::WHAT
    ))
}

/// `value` as pretty RON with a header comment line naming what it is.
/// Preset types always serialize; for a value that cannot, the text is a
/// comment carrying the serializer's message (which does not parse back).
pub fn to_ron<T: PresetFile>(value: &T) -> String {
    try_to_ron(value).unwrap_or_else(|e| format!("// cannot be written as RON: {e}\n"))
}

/// Write `value` as RON to `path` atomically; errors name `path`.
pub fn save_ron<T: PresetFile>(path: &Path, value: &T) -> Result<(), PresetError> {
    let text = try_to_ron(value).map_err(|e| PresetError::io(path, e))?;
    save_atomic(path, &text)
}

/// Write `contents` to `path` atomically (see [`hetscope_fsio::write_atomic`]);
/// the error names `path`.
pub fn save_atomic(path: &Path, contents: &str) -> Result<(), PresetError> {
    hetscope_fsio::write_atomic(path, contents.as_bytes()).map_err(|e| PresetError::io(path, e))
}
