//! The platform preset's file types: the hardware (spec sheets by id or
//! inline, counts, the link) and the presets a paper prints per model.

use serde::{Deserialize, Serialize};

use crate::processor::ProcessorRef;
use hetscope_model::offload::Formulation;
use hetscope_model::platform::{CpuSpec, GpuSpec, Link, Transfers};

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
    /// The formulation of the offload model this platform's derived
    /// offload parameters are read with (none: the published one); a
    /// named offload preset carries its own.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub offload_formulation: Option<Formulation>,
    /// Which of the link's rates the derived offload bus copies at by
    /// default (none: pageable, what unmodified code gets); a kernel that
    /// names its host memory copies at that memory's rates.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub offload_transfers: Option<Transfers>,
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
            offload_formulation: None,
            offload_transfers: None,
            fpm: Vec::new(),
            notes: notes.to_string(),
        }
    }
}

impl crate::save::PresetFile for PlatformPreset {
    const WHAT: &'static str = "platform preset";
}
