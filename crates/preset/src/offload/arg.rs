//! Offload presets named on the command line: a catalog id or name, or a
//! `.ron` file.

use std::path::Path;

use super::kernel::OffloadKernelPreset;
use super::load::{load_offload_kernel_file, load_offload_platform_file};
use super::platform::OffloadPlatformPreset;
use crate::catalog::Catalog;
use crate::error::PresetError;
use crate::file::{file_id, is_file_arg};
use crate::kind::PresetKind;

/// An offload platform given as a catalog id or name, or as a path ending
/// in `.ron`: its id (the file stem) and the preset.
pub fn offload_platform_arg(
    arg: &str,
    cat: &Catalog,
) -> Result<(String, OffloadPlatformPreset), PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok((file_id(path), load_offload_platform_file(path)?));
    }
    match cat.offload_platform(arg) {
        Some((e, p)) => Ok((e.id.clone(), p.clone())),
        None => Err(PresetError::Unknown {
            origin: "offload platform argument".to_string(),
            kind: PresetKind::OffloadPlatform,
            key: arg.to_string(),
            known: cat.ids(PresetKind::OffloadPlatform),
        }),
    }
}

/// An offload kernel given as a catalog id or name, or as a path ending in
/// `.ron`: its id (the file stem) and the preset.
pub fn offload_kernel_arg(
    arg: &str,
    cat: &Catalog,
) -> Result<(String, OffloadKernelPreset), PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok((file_id(path), load_offload_kernel_file(path)?));
    }
    match cat.offload_kernel(arg) {
        Some((e, k)) => Ok((e.id.clone(), k.clone())),
        None => Err(PresetError::Unknown {
            origin: "offload kernel argument".to_string(),
            kind: PresetKind::OffloadKernel,
            key: arg.to_string(),
            known: cat.ids(PresetKind::OffloadKernel),
        }),
    }
}
