//! Offload presets from text and files: parsing (RON, unknown fields
//! rejected, `Some(...)` optional), validation with the file and the field
//! path in every message, and saving.

use std::path::Path;

use super::kernel::{OffloadKernelPreset, check_kernel, offload_model};
use super::platform::OffloadPlatformPreset;
use crate::error::PresetError;
use crate::file::{parse_ron, read_preset_text};
use crate::save::save_ron;
use hetscope_model::offload::{Launch, decide};

/// Check an offload platform: every value by its rule (see
/// [`OffloadParam`](hetscope_model::offload::OffloadParam)),
/// the names, and a block that fits an SM.
pub fn validate_offload_platform(
    p: &OffloadPlatformPreset,
    origin: &str,
) -> Result<(), PresetError> {
    p.check(origin)
}

/// Check an offload kernel: its names and loop indices, every subscript
/// (parsed, affine, using no size but `size_name`), every count and
/// scaling, the sizes; then the model's kernel at both sizes.
pub fn validate_offload_kernel(k: &OffloadKernelPreset, origin: &str) -> Result<(), PresetError> {
    check_kernel(k, origin)?;
    let model = k
        .to_model(&Launch::CHECK)
        .map_err(|e| PresetError::invalid(origin, "", e.to_string()))?;
    for (mode, n) in k.sizes() {
        let n = n as f64;
        let field = format!("{mode}_size");
        model
            .gpu_kernel(n)
            .and_then(|_| model.cpu_loop(n, 512.0))
            .map_err(|e| PresetError::invalid(origin, &field, format!("at n = {n}: {e}")))?;
        check_footprints(k, origin, n)?;
    }
    Ok(())
}

/// The stated footprints at size n: finite, and at least the larger
/// transfer (what is copied lives in both memories while the loop runs).
fn check_footprints(k: &OffloadKernelPreset, origin: &str, n: f64) -> Result<(), PresetError> {
    let copied = k.bytes_to_device.at(n).max(k.bytes_from_device.at(n));
    for (field, stated) in [
        ("device_bytes", k.device_bytes),
        ("host_bytes", k.host_bytes),
    ] {
        let Some(bytes) = stated.map(|s| s.at(n)) else {
            continue;
        };
        if !bytes.is_finite() {
            return Err(PresetError::invalid(
                origin,
                field,
                format!("at n = {n}: {bytes} bytes is not a finite number"),
            ));
        }
        if bytes < copied {
            return Err(PresetError::invalid(
                origin,
                field,
                format!(
                    "at n = {n}: {bytes} bytes is less than the larger transfer, {copied} bytes (the data copied must fit)"
                ),
            ));
        }
    }
    Ok(())
}

/// Parse and validate an offload platform preset.
pub fn parse_offload_platform(
    text: &str,
    origin: &str,
) -> Result<OffloadPlatformPreset, PresetError> {
    let p: OffloadPlatformPreset = parse_ron(text, origin)?;
    validate_offload_platform(&p, origin)?;
    Ok(p)
}

/// Parse and validate an offload kernel preset.
pub fn parse_offload_kernel(text: &str, origin: &str) -> Result<OffloadKernelPreset, PresetError> {
    let k: OffloadKernelPreset = parse_ron(text, origin)?;
    validate_offload_kernel(&k, origin)?;
    Ok(k)
}

/// Read, parse and validate an offload platform file.
pub fn load_offload_platform_file(path: &Path) -> Result<OffloadPlatformPreset, PresetError> {
    parse_offload_platform(&read_preset_text(path)?, &path.display().to_string())
}

/// Read, parse and validate an offload kernel file.
pub fn load_offload_kernel_file(path: &Path) -> Result<OffloadKernelPreset, PresetError> {
    parse_offload_kernel(&read_preset_text(path)?, &path.display().to_string())
}

/// Validate, then save an offload platform preset atomically.
pub fn save_offload_platform(path: &Path, p: &OffloadPlatformPreset) -> Result<(), PresetError> {
    validate_offload_platform(p, &path.display().to_string())?;
    save_ron(path, p)
}

/// Validate, then save an offload kernel preset atomically.
pub fn save_offload_kernel(path: &Path, k: &OffloadKernelPreset) -> Result<(), PresetError> {
    validate_offload_kernel(k, &path.display().to_string())?;
    save_ron(path, k)
}

/// Check that `kernel` gives a finite decision on `platform` at both of its
/// sizes (used by the catalog for every shipped pair).
pub fn check_pair(
    platform: &OffloadPlatformPreset,
    kernel: &OffloadKernelPreset,
    origin: &str,
) -> Result<(), PresetError> {
    let (p, k) = offload_model(platform, kernel)?;
    for (mode, n) in kernel.sizes() {
        let d = decide(&k, &p, n as f64).map_err(|e| {
            PresetError::invalid(
                origin,
                "",
                format!("{} at the {mode} size {n}: {e}", platform.name),
            )
        })?;
        if !(d.speedup.is_finite() && d.speedup > 0.0) {
            return Err(PresetError::invalid(
                origin,
                "",
                format!(
                    "{} at the {mode} size {n}: speedup {} is not a finite positive number",
                    platform.name, d.speedup
                ),
            ));
        }
    }
    Ok(())
}
