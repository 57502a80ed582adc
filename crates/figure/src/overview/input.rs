//! The overview's input: every model's parameters of one platform as
//! plain model values ([`PlatformInput`], resolved by the app layer from
//! the platform preset, with their sources), one platform or two
//! ([`OverviewInput`]).

use hetscope_model::boathull::{Cpu, Gpu};
use hetscope_model::fpm::FpmDevice;
use hetscope_model::offload::{OffloadKernel, Platform as OffloadPlatform, SpeedupError};
use hetscope_model::perdome::Case;
use hetscope_model::platform::Source;

/// One offload kernel with its two sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewKernel {
    pub id: String,
    pub name: String,
    pub kernel: OffloadKernel,
    pub test_size: f64,
    pub benchmark_size: f64,
}

/// Where one model's parameters come from: in words, and per parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelSources {
    /// "perdome", "boathull", "offload" or "fpm".
    pub model: &'static str,
    /// E.g. "derived from its hardware description", "processor presets i7-930, gtx470".
    pub from: String,
    /// Which processors the model sees of a node with several, e.g.
    /// "one socket and one GPU" ("" for a node of one of each).
    pub uses: String,
    pub params: Vec<(String, Source)>,
}

/// Every model's parameters of one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformInput {
    /// Preset id.
    pub id: String,
    pub name: String,
    /// The machine in words: CPU, GPU, link.
    pub hardware: String,
    /// PerDome/PeaPaw: the platform with the chosen workload.
    pub perdome: Case,
    pub boathull: (Cpu, Gpu),
    /// The boat hull model's error on which processor wins (its factor
    /// on the ratio of the two times), where the platform is derived
    /// from hardware the error was measured on.
    pub boathull_error: Option<SpeedupError>,
    pub offload: OffloadPlatform,
    pub kernels: Vec<OverviewKernel>,
    /// Memory of the GPU the offload model uses, bytes (its spec sheet),
    /// against which each kernel's data is checked.
    pub gpu_mem_bytes: Option<f64>,
    pub fpm_devices: Vec<FpmDevice>,
    /// The FPM problem size, in the devices' unit.
    pub fpm_n: f64,
    /// Whole units (blocks).
    pub fpm_integer: bool,
    pub sources: Vec<ModelSources>,
    /// The models whose parameters are those edited in their own tabs
    /// (the overview then says so); empty: every model as the platform
    /// gives it.
    pub edited: Vec<String>,
}

/// The overview's input: one platform, or two side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewInput {
    pub first: PlatformInput,
    pub second: Option<PlatformInput>,
    /// The first platform's models against measured files, where the
    /// scenario names some ([`crate::View::Validation`]).
    pub validation: Option<super::validation::ValidationInput>,
    /// The first platform's sensitivity of one result, where it has been
    /// computed ([`crate::View::Sensitivity`]).
    pub sensitivity: Option<super::sensitivity::TornadoInput>,
}

impl OverviewInput {
    /// Whether `other` differs from this one at most in its sensitivity
    /// (which no verdict reads).
    pub fn same_but_sensitivity(&self, other: &OverviewInput) -> bool {
        let OverviewInput {
            first,
            second,
            validation,
            sensitivity: _,
        } = self;
        *first == other.first && *second == other.second && *validation == other.validation
    }
}
