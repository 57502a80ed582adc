//! Parsing preset text (RON) and files, with validation.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::error::PresetError;
use super::types::{PlatformPreset, ProcessorPreset, WorkloadPreset};
use super::validate::{validate_platform, validate_processor, validate_workload};

/// Parse RON text into `T`; errors carry `origin`, line and column.
fn parse<T: DeserializeOwned>(text: &str, origin: &str) -> Result<T, PresetError> {
    ron::Options::default()
        .from_str::<T>(text)
        .map_err(|e| PresetError::from_ron(origin, &e))
}

/// Parse and validate a processor preset.
pub fn parse_processor(text: &str, origin: &str) -> Result<ProcessorPreset, PresetError> {
    let p: ProcessorPreset = parse(text, origin)?;
    validate_processor(&p, origin)?;
    Ok(p)
}

/// Parse and validate a platform preset (inline processors included;
/// preset references are checked by [`PlatformPreset::resolve`]).
pub fn parse_platform(text: &str, origin: &str) -> Result<PlatformPreset, PresetError> {
    let p: PlatformPreset = parse(text, origin)?;
    validate_platform(&p, origin)?;
    Ok(p)
}

/// Parse and validate a workload preset.
pub fn parse_workload(text: &str, origin: &str) -> Result<WorkloadPreset, PresetError> {
    let w: WorkloadPreset = parse(text, origin)?;
    validate_workload(&w, origin)?;
    Ok(w)
}

/// Read a file as text; the error names the path.
pub fn read_text(path: &Path) -> Result<String, PresetError> {
    std::fs::read_to_string(path).map_err(|e| PresetError::io(path, e))
}

pub fn load_processor_file(path: &Path) -> Result<ProcessorPreset, PresetError> {
    parse_processor(&read_text(path)?, &path.display().to_string())
}

pub fn load_platform_file(path: &Path) -> Result<PlatformPreset, PresetError> {
    parse_platform(&read_text(path)?, &path.display().to_string())
}

pub fn load_workload_file(path: &Path) -> Result<WorkloadPreset, PresetError> {
    parse_workload(&read_text(path)?, &path.display().to_string())
}

/// The id of a preset file: its file stem.
pub fn file_id(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
