//! Platforms (`presets/platforms/*.ron`): one CPU+GPU machine for every
//! model. A platform names its hardware (CPU and GPU spec sheets, how many
//! of each, the link), from which every model's parameters follow by the
//! rules of `model::platform::derive`; where a paper prints a model's
//! values (or a measurement gives them), the platform names the model's
//! own presets instead, and those values are used as printed.
//!
//! - this file: the file types, parsing, loading and saving;
//! - `validate.rs`: every value checked, errors naming the field;
//! - `resolve.rs`: spec sheets and model presets looked up, the node and
//!   each model's parameters with their sources.
//!
//! A file of the first format (a CPU and a GPU for PerDome/PeaPaw only,
//! no `hardware`) still reads, as a platform of those two models.

mod measured;
pub mod resolve;
pub mod validate;

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::catalog::{Catalog, PresetKind};
use super::error::PresetError;
use super::file::{file_id, is_file_arg, parse_ron, read_text};
use super::perdome::ProcessorRef;
use super::save::save_ron;
use hetscope_model::platform::{CpuSpec, GpuSpec, Link};

pub use measured::{MeasuredFiles, write_measured};
pub use resolve::{BoathullSide, ModelSource, PlatformModels, Resolved};
pub use validate::validate_platform;

/// A spec sheet named by preset id or given in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SpecRef<T> {
    Preset(String),
    Inline(T),
}

/// `count` identical GPUs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuRef {
    pub spec: SpecRef<GpuSpec>,
    #[serde(default = "one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

/// The machine: CPU sockets, GPUs by kind, the link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HardwarePreset {
    pub cpu: SpecRef<CpuSpec>,
    /// CPU sockets.
    #[serde(default = "one")]
    pub cpus: u32,
    pub gpus: Vec<GpuRef>,
    pub link: Link,
}

/// A CPU and a GPU processor preset of the boat hull model (presets with
/// boat hull parameters), by id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessorPair {
    pub cpu: String,
    pub gpu: String,
}

/// One FPM device of a platform: a built-in speed function under a name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FpmDeviceRef {
    /// Name in legends and tables.
    pub name: String,
    /// The device preset (`presets/devices/<id>.csv`).
    pub device: String,
    /// Devices with one socket number share it; none: alone.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub socket: Option<u32>,
}

/// A platform preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlatformPreset {
    pub name: String,
    /// Where the platform's numbers come from.
    pub source: String,
    /// The machine, from which every model's parameters are derived where
    /// no model preset below is named.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub hardware: Option<HardwarePreset>,
    /// PerDome/PeaPaw processors as a paper or a measurement gives them
    /// (both or neither).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub cpu: Option<ProcessorRef>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub gpu: Option<ProcessorRef>,
    /// Boat hull processors as a paper gives them.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub boathull: Option<ProcessorPair>,
    /// The offload platform as a paper gives it (an offload-platform id).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub offload: Option<String>,
    /// FPM devices with measured speed functions; none: one per socket
    /// and GPU from the spec sheets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fpm: Vec<FpmDeviceRef>,
    #[serde(default)]
    pub notes: String,
}

impl PlatformPreset {
    /// A platform of the PerDome/PeaPaw model only: two processors.
    pub fn of_processors(
        name: &str,
        source: &str,
        cpu: ProcessorRef,
        gpu: ProcessorRef,
        notes: &str,
    ) -> PlatformPreset {
        PlatformPreset {
            name: name.to_string(),
            source: source.to_string(),
            hardware: None,
            cpu: Some(cpu),
            gpu: Some(gpu),
            boathull: None,
            offload: None,
            fpm: Vec::new(),
            notes: notes.to_string(),
        }
    }
}

/// Parse and validate a platform preset (inline parts included; preset
/// references are checked by resolving).
pub fn parse_platform(text: &str, origin: &str) -> Result<PlatformPreset, PresetError> {
    let p: PlatformPreset = parse_ron(text, origin)?;
    validate_platform(&p, origin)?;
    Ok(p)
}

pub fn load_platform_file(path: &Path) -> Result<PlatformPreset, PresetError> {
    parse_platform(&read_text(path)?, &path.display().to_string())
}

/// Validate, then save a platform preset.
pub fn save_platform(path: &Path, p: &PlatformPreset) -> Result<(), PresetError> {
    validate_platform(p, &path.display().to_string())?;
    save_ron(path, p)
}

/// A platform named on the command line or in a view.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformChoice {
    /// Preset id (file stem).
    pub id: String,
    /// What names it again: the catalog id, or the path of its file.
    pub key: String,
    /// Where it was read, for messages.
    pub origin: String,
    pub preset: PlatformPreset,
}

impl PlatformChoice {
    /// The platform with `cpus` sockets and `gpus` GPUs counted in its two
    /// groups (PeaPaw 3.3) in place of its own counts; an error names a
    /// count out of range or a platform that cannot be regrouped.
    pub fn regrouped(
        &self,
        cpus: Option<u32>,
        gpus: Option<u32>,
    ) -> Result<PlatformChoice, PresetError> {
        let mut c = self.clone();
        if cpus.is_none() && gpus.is_none() {
            return Ok(c);
        }
        let origin = c.origin.clone();
        let h = c.preset.hardware.as_mut().ok_or_else(|| {
            PresetError::invalid(
                &origin,
                "hardware",
                "a platform without hardware cannot be regrouped",
            )
        })?;
        if let Some(n) = cpus {
            if !(1..=h.cpus).contains(&n) {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.cpus",
                    format!("{n} CPU sockets: the platform has 1 to {}", h.cpus),
                ));
            }
            h.cpus = n;
        }
        if let Some(m) = gpus {
            let [g] = h.gpus.as_mut_slice() else {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.gpus",
                    "GPUs of several kinds cannot be regrouped by count",
                ));
            };
            if !(1..=g.count).contains(&m) {
                return Err(PresetError::invalid(
                    &origin,
                    "hardware.gpus",
                    format!("{m} GPUs: the platform has 1 to {}", g.count),
                ));
            }
            g.count = m;
        }
        Ok(c)
    }
}

/// A platform given as a catalog id or name, or as a path ending in `.ron`.
pub fn platform_choice(arg: &str, cat: &Catalog) -> Result<PlatformChoice, PresetError> {
    if is_file_arg(arg) {
        let path = Path::new(arg);
        return Ok(PlatformChoice {
            id: file_id(path),
            key: arg.to_string(),
            origin: arg.to_string(),
            preset: load_platform_file(path)?,
        });
    }
    match cat.platform(arg) {
        Some((e, p)) => Ok(PlatformChoice {
            id: e.id.clone(),
            key: e.id.clone(),
            origin: e.path.clone(),
            preset: p.clone(),
        }),
        None => Err(PresetError::Unknown {
            origin: "platform argument".to_string(),
            kind: PresetKind::Platform,
            key: arg.to_string(),
            known: cat.ids(PresetKind::Platform),
        }),
    }
}

impl crate::save::PresetFile for PlatformPreset {
    const WHAT: &'static str = "platform preset";
}
