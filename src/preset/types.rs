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
    /// Parameters of the boat hull model (Section 4.3, Tables 2-3), when
    /// known. Left out of the file when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boathull: Option<BoatHullParams>,
}

/// The boat hull parameters of a processor (see `preset::boathull`).
/// Rates in GFLOP/s (10^9 operations per second), bandwidths in GB/s
/// (10^9 bytes per second), the vector width in bits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoatHullParams {
    /// An accelerator behind a host bus (Section 4.2, Table 2).
    Gpu {
        p_compute_gflops: f64,
        p_coalesced_gbs: f64,
        p_uncoalesced_gbs: f64,
        b_bus_gbs: f64,
    },
    /// A multi-core CPU (Section 4.4, Table 3).
    Cpu {
        p_compute_gflops: f64,
        p_memory_gbs: f64,
        n_threads: u32,
        w_vector_bits: u32,
    },
}

impl BoatHullParams {
    /// The processor kind these parameters describe.
    pub fn kind(&self) -> Side {
        match self {
            BoatHullParams::Gpu { .. } => Side::Gpu,
            BoatHullParams::Cpu { .. } => Side::Cpu,
        }
    }
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

/// One primitive of an application preset: a class name of the boat hull
/// model and the complexity of its operator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrimitivePreset {
    pub name: String,
    /// Class name, e.g. `1024x1024|neighbourhood(7x7) -> 1024x1024|element`.
    pub class: String,
    /// Operator complexity f, operations per element of the operator.
    pub f: f64,
    /// When given, f is a range `f..=f_max`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub f_max: Option<f64>,
}

/// An application preset (`presets/applications/*.ron`): primitives run
/// one after another on one processor (boat hull model, Section 5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplicationPreset {
    pub name: String,
    pub source: String,
    pub primitives: Vec<PrimitivePreset>,
    /// 32-bit elements copied to an accelerator before the first primitive.
    #[serde(default)]
    pub elements_in: f64,
    /// 32-bit elements copied back after the last primitive.
    #[serde(default)]
    pub elements_out: f64,
    #[serde(default)]
    pub notes: String,
}

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
}

impl PresetKind {
    pub fn key(self) -> &'static str {
        match self {
            PresetKind::Processor => "processor",
            PresetKind::Platform => "platform",
            PresetKind::Workload => "workload",
            PresetKind::Application => "application",
            PresetKind::OffloadPlatform => "offload-platform",
            PresetKind::OffloadKernel => "offload-kernel",
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
        }
    }
}
