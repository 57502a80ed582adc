//! The offload kernel types: one OpenMP parallel loop with its sizes and
//! array accesses, and its model launched on a platform.

use serde::{Deserialize, Serialize};

use super::platform::{OffloadPlatformPreset, check_value};
use crate::error::PresetError;
use hetscope_model::offload::{
    InstructionMix, Launch, OffloadKernel, ParamRule, Platform, Scaling, SubscriptAccess, WARP_SIZE,
};

/// One array access of the loop body: its subscript (`A[i*n + k]`) and
/// how often it runs per inner-loop trip.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccessPreset {
    pub subscript: String,
    pub per_trip: f64,
}

/// An offload kernel preset (`presets/offload-kernels/*.ron`): one OpenMP
/// parallel loop, as [`OffloadKernel`] describes it, with the sizes it is
/// run at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadKernelPreset {
    pub name: String,
    pub source: String,
    /// The loop nests of the benchmark and how this description reduces
    /// them to one parallel loop.
    pub nests: String,
    /// Every loop index the subscripts use; other identifiers are sizes.
    pub loop_indices: Vec<String>,
    /// The loop index of the parallel loop (one GPU thread per iteration).
    pub parallel_index: String,
    /// The size parameter n of the subscripts.
    pub size_name: String,
    /// n of the test run (the offload paper's "test" mode).
    pub test_size: u64,
    /// n of the benchmark run (its "benchmark" mode); the default size.
    pub benchmark_size: u64,
    /// Iterations of the parallel loop.
    pub iterations: Scaling,
    /// Trips of the sequential loop inside one parallel iteration.
    pub inner_trips: Scaling,
    /// Memory accesses per inner trip.
    pub accesses: Vec<AccessPreset>,
    /// GPU computation instructions per inner trip.
    pub gpu_comp_insts: f64,
    /// GPU barriers per parallel iteration.
    #[serde(default)]
    pub gpu_sync_insts: f64,
    /// CPU instructions per inner trip.
    pub cpu_mix: InstructionMix,
    /// DRAM bytes per parallel iteration on the CPU.
    pub cpu_bytes_per_iter: Scaling,
    /// Bytes copied to the GPU before the loop.
    pub bytes_to_device: Scaling,
    /// Bytes copied back after it.
    pub bytes_from_device: Scaling,
    /// Bytes the kernel's data takes in the GPU's memory (every array the
    /// loop touches there), where stated; without it the decision bounds
    /// the footprint by the transfers. Format 2.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub device_bytes: Option<Scaling>,
    /// Bytes it takes in the host's memory, where stated. Format 2.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::file::bare_some"
    )]
    pub host_bytes: Option<Scaling>,
    /// Bytes of one array element; a coalesced warp access loads 32 of them
    /// (Hong & Kim's Load_bytes_per_warp).
    pub element_bytes: f64,
    #[serde(default)]
    pub notes: String,
}

impl OffloadKernelPreset {
    fn label(&self) -> String {
        format!("offload kernel `{}`", self.name)
    }

    /// The loop indices as `&str`.
    pub fn indices(&self) -> Vec<&str> {
        self.loop_indices.iter().map(String::as_str).collect()
    }

    /// The test and benchmark sizes, in that order, with their names.
    pub fn sizes(&self) -> [(&'static str, u64); 2] {
        [("test", self.test_size), ("benchmark", self.benchmark_size)]
    }

    /// The model's kernel launched as `launch` says (see
    /// [`OffloadPlatformPreset::launch`]); an error names the kernel and
    /// the field (a subscript error also the column).
    pub fn to_model(&self, launch: &Launch) -> Result<OffloadKernel, PresetError> {
        let origin = self.label();
        super::load::check_kernel(self, &origin)?;
        check_value(
            &origin,
            "launch.threads_per_block",
            ParamRule::Count,
            launch.threads_per_block,
        )?;
        check_value(
            &origin,
            "launch.max_blocks",
            ParamRule::Count,
            launch.max_blocks,
        )?;
        check_value(
            &origin,
            "launch.active_blocks_per_sm",
            ParamRule::Count,
            launch.active_blocks_per_sm,
        )?;
        let idx = self.indices();
        let mut accesses = Vec::with_capacity(self.accesses.len());
        for (k, a) in self.accesses.iter().enumerate() {
            let acc = SubscriptAccess::parse(&a.subscript, &idx, a.per_trip).map_err(|e| {
                PresetError::invalid(&origin, &format!("accesses[{k}].subscript"), e.to_string())
            })?;
            accesses.push(acc);
        }
        Ok(OffloadKernel {
            size_name: self.size_name.clone(),
            parallel_index: self.parallel_index.clone(),
            iterations: self.iterations,
            inner_trips: self.inner_trips,
            accesses,
            gpu_comp_insts: self.gpu_comp_insts,
            gpu_sync_insts: self.gpu_sync_insts,
            cpu_mix: self.cpu_mix.clone(),
            cpu_bytes_per_iter: self.cpu_bytes_per_iter,
            bytes_to_device: self.bytes_to_device,
            bytes_from_device: self.bytes_from_device,
            device_bytes: self.device_bytes,
            host_bytes: self.host_bytes,
            threads_per_block: launch.threads_per_block,
            max_blocks: launch.max_blocks,
            active_blocks_per_sm: launch.active_blocks_per_sm,
            load_bytes_per_warp: WARP_SIZE * self.element_bytes,
            innermost_index: idx
                .last()
                .map_or_else(|| self.parallel_index.clone(), |s| (*s).to_string()),
            element_bytes: self.element_bytes,
        })
    }
}

/// The model's platform and the kernel launched on it.
pub fn offload_model(
    platform: &OffloadPlatformPreset,
    kernel: &OffloadKernelPreset,
) -> Result<(Platform, OffloadKernel), PresetError> {
    let p = platform.to_model()?;
    let k = kernel.to_model(&platform.launch())?;
    Ok((p, k))
}
