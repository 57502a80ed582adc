//! The grid the OpenMP runtime launches for a parallel loop: threads per
//! block, the largest grid (more iterations loop inside each thread: the
//! offload paper's `#OMP_Rep`), and the blocks resident on one SM.

use serde::{Deserialize, Serialize};

use super::hong_kim::GpuMachine;

/// What a platform's runtime launches. Offload platform presets write
/// these fields under `runtime`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Runtime {
    pub threads_per_block: f64,
    /// The largest grid launched, blocks.
    pub max_blocks: f64,
    /// Resident blocks per SM when given; otherwise derived from the GPU's
    /// occupancy limits (see [`Runtime::launch`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_blocks_per_sm: Option<f64>,
}

/// The launch of a kernel on a platform: the fields of
/// [`OffloadKernel`](super::OffloadKernel) that the platform decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Launch {
    pub threads_per_block: f64,
    pub max_blocks: f64,
    pub active_blocks_per_sm: f64,
}

impl Launch {
    /// The launch used to check a kernel without a platform: 128 threads
    /// per block, 65535 blocks at most, 16 blocks per SM.
    pub const CHECK: Launch = Launch {
        threads_per_block: 128.0,
        max_blocks: 65535.0,
        active_blocks_per_sm: 16.0,
    };
}

impl Runtime {
    /// The grid on `gpu`: resident blocks per SM as given or as the
    /// occupancy limits allow, min(max_blocks_per_sm, floor(max_threads_per_sm
    /// / threads_per_block)), at least 1 (registers and shared memory are
    /// not modelled).
    pub fn launch(&self, gpu: &GpuMachine) -> Launch {
        Launch {
            threads_per_block: self.threads_per_block,
            max_blocks: self.max_blocks,
            active_blocks_per_sm: self
                .active_blocks_per_sm
                .unwrap_or_else(|| derived_active_blocks(gpu, self.threads_per_block)),
        }
    }
}

/// Resident blocks per SM from the GPU's occupancy limits.
pub fn derived_active_blocks(g: &GpuMachine, threads_per_block: f64) -> f64 {
    let by_threads = (g.max_threads_per_sm / threads_per_block).floor();
    let v = g.max_blocks_per_sm.min(by_threads).max(1.0);
    if v.is_finite() { v } else { 1.0 }
}
