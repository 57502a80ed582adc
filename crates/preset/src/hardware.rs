//! Spec sheets (`presets/cpus/*.ron`, `presets/gpus/*.ron`): one file per
//! processor as its vendor publishes it, the model's [`CpuSpec`] and
//! [`GpuSpec`] as they are. Platforms name them by id.

use std::path::Path;

use super::error::PresetError;
use super::file::{parse_ron, read_preset_text};
use hetscope_model::platform::{CpuSpec, Fields, GpuSpec, PlatformError};

/// Parse and check a CPU spec sheet.
pub fn parse_cpu_spec(text: &str, origin: &str) -> Result<CpuSpec, PresetError> {
    let s: CpuSpec = parse_ron(text, origin)?;
    check_spec(&s, origin, "")?;
    Ok(s)
}

/// Parse and check a GPU spec sheet.
pub fn parse_gpu_spec(text: &str, origin: &str) -> Result<GpuSpec, PresetError> {
    let s: GpuSpec = parse_ron(text, origin)?;
    check_gpu_spec(&s, origin, "")?;
    Ok(s)
}

/// A GPU spec sheet checked with the link measured with it (`link`).
pub fn check_gpu_spec(s: &GpuSpec, origin: &str, prefix: &str) -> Result<(), PresetError> {
    check_spec(s, origin, prefix)?;
    match &s.link {
        Some(link) => check_spec(link, origin, &super::check::join(prefix, "link")),
        None => Ok(()),
    }
}

pub fn load_cpu_spec_file(path: &Path) -> Result<CpuSpec, PresetError> {
    parse_cpu_spec(&read_preset_text(path)?, &path.display().to_string())
}

pub fn load_gpu_spec_file(path: &Path) -> Result<GpuSpec, PresetError> {
    parse_gpu_spec(&read_preset_text(path)?, &path.display().to_string())
}

/// A spec's values and source names checked; errors name the field under
/// `prefix` (e.g. `hardware.link`).
pub fn check_spec<S: Fields>(s: &S, origin: &str, prefix: &str) -> Result<(), PresetError> {
    if s.name().trim().is_empty() {
        return Err(PresetError::invalid(
            origin,
            &super::check::join(prefix, "name"),
            "must not be empty",
        ));
    }
    s.check().map_err(|e| platform_error(e, origin, prefix))
}

/// A platform error as a preset error of `origin`, at the field it names.
pub fn platform_error(e: PlatformError, origin: &str, prefix: &str) -> PresetError {
    let field = match &e {
        PlatformError::Value { field, .. } => super::check::join(prefix, field),
        PlatformError::Curve { error, .. } => super::check::join(prefix, error.field),
        PlatformError::UnknownField { .. } => super::check::join(prefix, "sources"),
        _ => prefix.to_string(),
    };
    PresetError::invalid(origin, &field, e.to_string())
}

impl super::save::PresetFile for GpuSpec {
    const WHAT: &'static str = "GPU spec sheet";
}
