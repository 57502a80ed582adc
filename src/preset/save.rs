//! Writing presets: pretty RON with a header comment, written atomically
//! (a temporary file in the target directory, then a rename).

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::error::PresetError;
use super::types::{PlatformPreset, ProcessorPreset, WorkloadPreset};
use super::validate::{validate_platform, validate_processor, validate_workload};

fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .indentor("    ")
        .struct_names(false)
        .separate_tuple_members(false)
        // Structs nested deeper than this (partitions, timing, energy) stay
        // on one line.
        .depth_limit(2)
        // Plain strings; raw strings only where quotes or backslashes need them.
        .escape_strings(false)
}

/// What a value of type `T` is, for the header comment.
fn what<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    match full.rsplit("::").next().unwrap_or(full) {
        "ProcessorPreset" => "processor preset",
        "PlatformPreset" => "platform preset",
        "WorkloadPreset" => "workload preset",
        _ => "preset",
    }
}

/// `value` as pretty RON, or the serializer's message.
pub fn try_to_ron<T: Serialize>(value: &T) -> Result<String, String> {
    let body = ron::ser::to_string_pretty(value, pretty()).map_err(|e| e.to_string())?;
    Ok(format!(
        "// hetscope {} (RON). Where the numbers come from: see `source` and `notes`.\n{body}\n",
        what::<T>()
    ))
}

/// `value` as pretty RON with a header comment line naming what it is.
/// Preset types always serialize; for a value that cannot, the text is a
/// comment carrying the serializer's message (which does not parse back).
pub fn to_ron<T: Serialize>(value: &T) -> String {
    try_to_ron(value).unwrap_or_else(|e| format!("// cannot be written as RON: {e}\n"))
}

/// Write `contents` to `path` atomically: a temporary file in the same
/// directory, flushed, then renamed over `path`. On any error nothing is
/// left behind, and the message names `path`.
pub fn save_atomic(path: &Path, contents: &str) -> Result<(), PresetError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if path.file_name().is_none() {
        return Err(PresetError::io(path, "not a file path"));
    }
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| {
        // tempfile's message names the temporary file; name the directory.
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "no such directory".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            k => k.to_string(),
        };
        PresetError::io(path, format!("cannot write in {}: {why}", dir.display()))
    })?;
    tmp.write_all(contents.as_bytes())
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| PresetError::io(path, e))?;
    // On failure the temporary file is dropped, which deletes it.
    tmp.persist(path)
        .map_err(|e| PresetError::io(path, e.error))?;
    Ok(())
}

/// Validate, then save a platform preset.
pub fn save_platform(path: &Path, p: &PlatformPreset) -> Result<(), PresetError> {
    validate_platform(p, &path.display().to_string())?;
    let text = try_to_ron(p).map_err(|e| PresetError::io(path, e))?;
    save_atomic(path, &text)
}

/// Validate, then save a workload preset.
pub fn save_workload(path: &Path, w: &WorkloadPreset) -> Result<(), PresetError> {
    validate_workload(w, &path.display().to_string())?;
    let text = try_to_ron(w).map_err(|e| PresetError::io(path, e))?;
    save_atomic(path, &text)
}

/// Validate, then save a processor preset.
pub fn save_processor(path: &Path, p: &ProcessorPreset) -> Result<(), PresetError> {
    validate_processor(p, &path.display().to_string())?;
    let text = try_to_ron(p).map_err(|e| PresetError::io(path, e))?;
    save_atomic(path, &text)
}
