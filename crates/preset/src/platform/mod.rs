//! Platforms (`presets/platforms/*.ron`): one CPU+GPU machine for every
//! model. A platform names its hardware (CPU and GPU spec sheets, how many
//! of each, the link), from which every model's parameters follow by the
//! rules of `model::platform::derive`; where a paper prints a model's
//! values (or a measurement gives them), the platform names the model's
//! own presets instead, and those values are used as printed.
//!
//! - this file: parsing, loading and saving;
//! - `preset.rs`: the file types;
//! - `choice.rs`: a platform named on the command line or in a view (a
//!   catalog id or a file), regrouped by count;
//! - `validate.rs`: every value checked, errors naming the field;
//! - `what_if.rs`: a platform made from another with parameters scaled,
//!   named by a key of its own;
//! - `resolve.rs`: spec sheets and model presets looked up, the node and
//!   each model's parameters with their sources.
//!
//! A file of the first format (a CPU and a GPU for PerDome/PeaPaw only,
//! no `hardware`) still reads, as a platform of those two models.

mod choice;
mod measured;
mod preset;
pub mod resolve;
pub mod validate;
pub mod what_if;

use std::path::Path;

use super::error::PresetError;
use super::file::{parse_ron, read_preset_text};
use super::save::save_ron;

pub use choice::{MAX_ARG_BYTES, PlatformChoice, platform_choice};
pub use measured::{MeasuredFiles, write_measured};
pub use preset::{FpmDeviceRef, GpuRef, HardwarePreset, PlatformPreset, ProcessorPair, SpecRef};
pub use resolve::{BoathullSide, ModelSource, PlatformModels, Resolved};
pub use validate::validate_platform;

/// Parse and validate a platform preset (inline parts included; preset
/// references are checked by resolving).
pub fn parse_platform(text: &str, origin: &str) -> Result<PlatformPreset, PresetError> {
    let p: PlatformPreset = parse_ron(text, origin)?;
    validate_platform(&p, origin)?;
    Ok(p)
}

pub fn load_platform_file(path: &Path) -> Result<PlatformPreset, PresetError> {
    parse_platform(&read_preset_text(path)?, &path.display().to_string())
}

/// Validate, then save a platform preset.
pub fn save_platform(path: &Path, p: &PlatformPreset) -> Result<(), PresetError> {
    validate_platform(p, &path.display().to_string())?;
    save_ron(path, p)
}
