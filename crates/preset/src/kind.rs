//! The kinds of preset: what a key, a folder and a file extension of
//! `presets/` name. Shared by the catalog, the errors that name an unknown
//! preset, and the lookups of every model.

use serde::{Deserialize, Serialize};

/// The kinds of preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PresetKind {
    Processor,
    Platform,
    Workload,
    /// Boat hull applications (listed by `presets list --all`).
    Application,
    /// Offload decision platforms (listed by `presets list --all`).
    OffloadPlatform,
    /// Offload decision kernels (listed by `presets list --all`).
    OffloadKernel,
    /// FPM device speed functions, CSV (listed by `fpm devices`).
    Device,
    /// CPU spec sheets (listed by `presets list --all`).
    Cpu,
    /// GPU spec sheets (listed by `presets list --all`).
    Gpu,
}

impl PresetKind {
    /// The word for the kind in messages and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            PresetKind::Processor => "processor",
            PresetKind::Platform => "platform",
            PresetKind::Workload => "workload",
            PresetKind::Application => "application",
            PresetKind::OffloadPlatform => "offload-platform",
            PresetKind::OffloadKernel => "offload-kernel",
            PresetKind::Device => "device",
            PresetKind::Cpu => "cpu",
            PresetKind::Gpu => "gpu",
        }
    }

    /// Folder under `presets/`.
    pub fn folder(self) -> &'static str {
        match self {
            PresetKind::Processor => "processors",
            PresetKind::Platform => "platforms",
            PresetKind::Workload => "workloads",
            PresetKind::Application => "applications",
            PresetKind::OffloadPlatform => "offload-platforms",
            PresetKind::OffloadKernel => "offload-kernels",
            PresetKind::Device => "devices",
            PresetKind::Cpu => "cpus",
            PresetKind::Gpu => "gpus",
        }
    }

    /// File extension of this kind's files.
    pub fn extension(self) -> &'static str {
        match self {
            PresetKind::Device => "csv",
            _ => "ron",
        }
    }
}
