//! What a preset file holds. Files are RON; every struct rejects unknown
//! fields, and every number is checked after parsing (see `validate.rs`).

use serde::{Deserialize, Serialize};

use crate::model::{Processor, Side, Specs};

/// How a processor's t_f and t_b are given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Timing {
    /// t_f and t_b given directly, ps.
    Direct { t_f_ps: f64, t_b_ps: f64 },
    /// Derived from specifications (PeaPaw Eq. 5-6).
    FromSpecs(#[serde(with = "SpecsDef")] Specs),
}

/// The file form of [`Specs`]: the same fields, but unknown ones rejected
/// (the model's `Specs` does not deny them).
#[derive(Serialize, Deserialize)]
#[serde(remote = "Specs", rename = "Specs", deny_unknown_fields)]
struct SpecsDef {
    cores: f64,
    clock_ghz: f64,
    issue_width: f64,
    bandwidth_gbs: f64,
}

/// Energy parameters of a processor.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Energy {
    /// Dynamic energy per flop, pJ.
    pub e_f_pj: f64,
    /// Dynamic energy per byte, pJ.
    pub e_b_pj: f64,
    /// Static power, W.
    pub p_s_w: f64,
}

/// A processor preset (`presets/processors/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessorPreset {
    pub name: String,
    pub kind: Side,
    /// Where the numbers come from (paper and table, or spec sheet).
    pub source: String,
    pub timing: Timing,
    pub energy: Energy,
    #[serde(default)]
    pub notes: String,
}

impl ProcessorPreset {
    /// The model's parameters (t_f, t_b derived from specs when needed).
    pub fn processor(&self) -> Processor {
        let (t_f, t_b) = match &self.timing {
            Timing::Direct { t_f_ps, t_b_ps } => (*t_f_ps, *t_b_ps),
            Timing::FromSpecs(s) => (s.t_f_ps(), s.t_b_ps()),
        };
        Processor {
            t_f,
            t_b,
            e_f: self.energy.e_f_pj,
            e_b: self.energy.e_b_pj,
            p_s: self.energy.p_s_w,
        }
    }
}

/// A processor named by preset id (file stem) or given in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ProcessorRef {
    Preset(String),
    Inline(ProcessorPreset),
}

/// A platform preset (`presets/platforms/*.ron`): one CPU and one GPU.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlatformPreset {
    pub name: String,
    pub source: String,
    pub cpu: ProcessorRef,
    pub gpu: ProcessorRef,
    #[serde(default)]
    pub notes: String,
}

/// One named partition of a workload (essential WP parameters, flop/byte).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartitionPreset {
    pub name: String,
    pub i_c: f64,
    pub i_g: f64,
}

/// Measured performance of a workload's partitions on one platform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredSet {
    /// Platform preset id (file stem) the measurements were taken on.
    pub platform: String,
    /// (partition name, measured GFLOP/s).
    pub gflops: Vec<(String, f64)>,
    #[serde(default)]
    pub source: String,
}

/// A workload preset (`presets/workloads/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkloadPreset {
    pub name: String,
    pub source: String,
    /// Intensity of the whole workload I, flop/byte.
    pub intensity: f64,
    pub partitions: Vec<PartitionPreset>,
    #[serde(default)]
    pub measured: Vec<MeasuredSet>,
    #[serde(default)]
    pub notes: String,
}

/// The three kinds of preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PresetKind {
    Processor,
    Platform,
    Workload,
}

impl PresetKind {
    pub fn key(self) -> &'static str {
        match self {
            PresetKind::Processor => "processor",
            PresetKind::Platform => "platform",
            PresetKind::Workload => "workload",
        }
    }
    /// Folder under `presets/`.
    pub fn folder(self) -> &'static str {
        match self {
            PresetKind::Processor => "processors",
            PresetKind::Platform => "platforms",
            PresetKind::Workload => "workloads",
        }
    }
}
