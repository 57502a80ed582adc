//! The offload decision: should an OpenMP parallel loop run on the host CPU
//! or be offloaded to the GPU? Both sides are predicted analytically and the
//! faster one wins: the hybrid framework of Chikin, Amaral et al.,
//! IPDPSW 2019, Section IV ("the paper" in this module's documentation;
//! Hong & Kim and Liao & Chapman are named where their own equations are
//! meant).
//!
//! - [`hong_kim`]: the GPU side, the MWP/CWP model of Hong & Kim (ISCA 2009)
//!   with the paper's `#OMP_Rep` factor (the paper's Figure 4 and Figure 5);
//!   [`formulation`]: how its #Rep and execution case are read;
//!   [`cache`], [`reuse`] and [`layer`]: the cache-aware memory term of
//!   both sides;
//!   [`bus`]: the host-device transfers over the bus, each direction at
//!   its own rate.
//! - [`omp_cpu`]: the CPU side, the OpenMP cost model of Liao & Chapman as
//!   used in Section IV-A, with the parameters of Table II, cycles per
//!   iteration from an instruction mix, and a memory-bandwidth floor.
//! - [`subscript`]: affine array subscripts (`A[i*n + j]`), their
//!   inter-thread stride with respect to the parallel index (the IPDA idea
//!   of Section IV-C) and the coalescing class it implies; the parser, with
//!   errors naming the column, in [`subscript_parse`].
//! - [`launch`]: the grid the OpenMP runtime launches; [`param`]: the
//!   platform's adjustable numbers by name.
//! - [`decision`]: CPU time, GPU time, speedup and the offload decision as
//!   functions of the problem size n, and the size where the decision flips.
//! - [`paper_quotes`]: the numbers the paper's text states (speedups,
//!   decisions, the suite's geometric means), with their sections.
//!
//! Units: cycles of the processor named by the field, clock in GHz (10^9
//! cycles per second), bandwidths in GB/s (10^9 bytes per second), bus
//! latency in microseconds, times in seconds.

pub mod bus;
pub mod cache;
pub mod decision;
pub mod formulation;
pub mod hong_kim;
mod hong_kim_cached;
mod hong_kim_param;
pub mod host_levels;
pub mod interval;
pub mod kernel;
pub mod launch;
pub mod layer;
pub mod omp_cpu;
pub mod paper_quotes;
pub mod param;
mod platform_params;
pub mod reuse;
pub mod subscript;
pub mod subscript_parse;

pub use bus::{Bus, NoBusRate, Rates};
pub use cache::{CacheTerms, Caches, GpuCaches, HostCache, HostTraffic, MemClass};
pub use decision::{
    Decision, Footprint, Memory, Platform, crossover, decide, flip_between, flips, sweep,
};
pub use formulation::Formulation;
pub use hong_kim::{ExecCase, GpuKernel, GpuMachine, GpuPrediction, WARP_SIZE};
pub use hong_kim_param::{KERNEL_PARAMS, hong_kim_value, set_hong_kim};
pub use host_levels::{HostHierarchy, HostLevel, LevelTerms, LevelTraffic, LoopShape};
pub use interval::{Call, SpeedupError, SpeedupInterval};
pub use kernel::{HostVectorization, OffloadKernel, Scaling, SubscriptAccess};
pub use launch::{Launch, Runtime, derived_active_blocks};
pub use omp_cpu::{CpuLoop, CpuMachine, CpuPrediction, InstructionMix};
pub use param::{OffloadParam, PROBLEM_SIZE, ParamRule, UnknownParam};
pub use subscript::{Access, Coalescing, NoValue, Subscript, SubscriptError, SubscriptProblem};
pub use subscript_parse::parse_access;

/// A value the offload models cannot use.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OffloadError {
    /// A parameter outside its physical range (the message names it, its
    /// unit and both bounds).
    #[error(transparent)]
    Range(Box<crate::OutOfRange>),
    /// A parameter outside its range: `need` says what is allowed.
    #[error("{name} = {value}{}: must be {need}", crate::with_space(.unit))]
    Param {
        name: &'static str,
        unit: &'static str,
        value: f64,
        need: &'static str,
    },
    /// A kernel with no instructions per thread: nothing to predict.
    #[error(
        "the GPU kernel has no instructions per thread (comp_insts, coal_mem_insts and uncoal_mem_insts are all 0)"
    )]
    NoInstructions,
    /// A size parameter a subscript uses but the runtime sizes do not give.
    #[error("subscript `{}` uses size `{name}`, which has no runtime value", subscript.escape_debug())]
    UnknownSize { subscript: String, name: String },
    /// A subscript that does not parse or is not affine.
    #[error(transparent)]
    Subscript(#[from] SubscriptError),
    /// A size range for the crossover search that is not `0 < lo < hi`.
    #[error("problem size range {lo} .. {hi}: must satisfy 0 < lo < hi, both finite")]
    SizeRange { lo: f64, hi: f64 },
    /// The cache-aware formulation on a platform without caches.
    #[error(
        "the cache-aware formulation needs the platform's caches (caches.gpu and caches.host), and this platform gives none: choose another formulation or add them"
    )]
    NoCaches,
    /// The hierarchy formulation without the host's levels.
    #[error(
        "the hierarchy formulation needs the host's cache levels and add latency (caches.host.hierarchy), and this platform gives none: make the platform from a CPU spec sheet (e.g. one `measure cpu` wrote) or choose another formulation"
    )]
    NoHierarchy,
    /// The cache-aware formulation on instruction counts alone.
    #[error(
        "the cache-aware formulation needs a loop's subscripts to find where its accesses hit; Hong & Kim's model alone reads instruction counts: choose published or whole-waves"
    )]
    NeedsSubscripts,
    /// A block of more threads than an SM holds.
    #[error(
        "threads_per_block = {threads_per_block}: {threads_per_block} threads do not fit an SM of max_threads_per_sm = {max_threads_per_sm}"
    )]
    BlockTooLarge {
        threads_per_block: f64,
        max_threads_per_sm: f64,
    },
}

impl From<crate::OutOfRange> for OffloadError {
    fn from(e: crate::OutOfRange) -> Self {
        OffloadError::Range(Box::new(e))
    }
}

/// Checks that `value` is finite and positive.
pub(crate) fn positive(
    name: &'static str,
    unit: &'static str,
    value: f64,
) -> Result<f64, OffloadError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(OffloadError::Param {
            name,
            unit,
            value,
            need: "a finite positive number",
        })
    }
}

/// Checks that `value` is finite and zero or positive.
pub(crate) fn non_negative(
    name: &'static str,
    unit: &'static str,
    value: f64,
) -> Result<f64, OffloadError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(OffloadError::Param {
            name,
            unit,
            value,
            need: "a finite number, zero or positive",
        })
    }
}

/// Checks that `value` is a whole number of at least 1 (a count of SMs,
/// threads, blocks).
pub(crate) fn count(name: &'static str, value: f64) -> Result<f64, OffloadError> {
    if value.is_finite() && value >= 1.0 && value.fract() == 0.0 {
        Ok(value)
    } else {
        Err(OffloadError::Param {
            name,
            unit: "",
            value,
            need: "a whole number of at least 1",
        })
    }
}
