//! An OpenMP parallel loop as the offload models need it: how its
//! iteration counts, accesses and bytes grow with the problem size n,
//! the accesses' subscripts, and whether the host vectorizes it. The
//! decision (`decision.rs`) and the cache-aware term (`reuse.rs`,
//! `cache.rs`) read it.

use super::omp_cpu::InstructionMix;
use super::subscript::{Access, SubscriptError};
use super::subscript_parse::parse_access;
use crate::platform::Transfers;

/// coef x n^exp: how a quantity grows with the problem size n. In files
/// `(coef: 4.0, exp: 2.0)` is 4 n^2.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scaling {
    pub coef: f64,
    pub exp: f64,
}

impl Scaling {
    /// The same value at every n.
    pub const fn constant(coef: f64) -> Scaling {
        Scaling { coef, exp: 0.0 }
    }

    /// coef x n.
    pub const fn linear(coef: f64) -> Scaling {
        Scaling { coef, exp: 1.0 }
    }

    /// coef x n^2.
    pub const fn quadratic(coef: f64) -> Scaling {
        Scaling { coef, exp: 2.0 }
    }

    /// The value at size n.
    pub fn at(&self, n: f64) -> f64 {
        self.coef * n.powf(self.exp)
    }
}

/// One memory access of the loop body and how often it runs per trip of the
/// body's inner sequential loop.
#[derive(Clone, Debug, PartialEq)]
pub struct SubscriptAccess {
    pub access: Access,
    pub per_trip: f64,
}

impl SubscriptAccess {
    /// Parses `text` (e.g. `A[i*n + j]`) with the loop indices named.
    pub fn parse(
        text: &str,
        loop_indices: &[&str],
        per_trip: f64,
    ) -> Result<SubscriptAccess, SubscriptError> {
        Ok(SubscriptAccess {
            access: parse_access(text, loop_indices)?,
            per_trip,
        })
    }
}

/// An OpenMP parallel loop as both models need it, as a function of n.
#[derive(Clone, Debug, PartialEq)]
pub struct OffloadKernel {
    /// The size parameter the subscripts use for n.
    pub size_name: String,
    /// The loop index the parallel loop runs over (one GPU thread each).
    pub parallel_index: String,
    /// Iterations of the parallel loop.
    pub iterations: Scaling,
    /// Trips of the sequential loop inside one parallel iteration (1 when
    /// there is none).
    pub inner_trips: Scaling,
    /// Memory accesses per inner trip.
    pub accesses: Vec<SubscriptAccess>,
    /// GPU computation instructions per inner trip.
    pub gpu_comp_insts: f64,
    /// GPU barriers per parallel iteration.
    pub gpu_sync_insts: f64,
    /// CPU instructions per inner trip.
    pub cpu_mix: InstructionMix,
    /// DRAM bytes per parallel iteration on the CPU.
    pub cpu_bytes_per_iter: Scaling,
    /// Bytes copied to the device before the kernel.
    pub bytes_to_device: Scaling,
    /// Bytes copied back after it.
    pub bytes_from_device: Scaling,
    /// Bytes the kernel's data takes in the GPU's memory, where the kernel
    /// states it; `None`: bounded by the transfers (see `decision::Footprint`).
    pub device_bytes: Option<Scaling>,
    /// Bytes it takes in the host's memory, where stated; `None`: bounded
    /// by the transfers.
    pub host_bytes: Option<Scaling>,
    pub threads_per_block: f64,
    /// The largest grid the runtime launches; more iterations are looped
    /// over (#OMP_Rep).
    pub max_blocks: f64,
    pub active_blocks_per_sm: f64,
    pub load_bytes_per_warp: f64,
    /// The index of the innermost loop the host runs (the one its compiler
    /// vectorizes, if any).
    pub innermost_index: String,
    /// The loops collapsed into the parallel one, nearest first (the
    /// cache-aware term's thread order: the parallel index fastest).
    pub outer_indices: Vec<String>,
    /// Bytes of one array element (4 for float).
    pub element_bytes: f64,
    /// Where the host keeps the arrays the loop copies (None: the
    /// platform's choice; see `Bus::for_memory`).
    pub host_memory: Option<Transfers>,
}

/// Whether the host's compiler vectorizes a loop, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct HostVectorization {
    pub vectorized: bool,
    /// Elements per vector instruction (1 when not vectorized).
    pub lanes: f64,
    /// The rule's reason in a few words.
    pub reason: String,
}
