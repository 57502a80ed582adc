//! The hierarchy formulation's host term: the OpenMP loop's time from
//! the host's measured cache levels and the latency of a dependent add,
//! in place of the OpenMP model's cycle counts (Liao & Chapman, with
//! Table II's POWER9 constants) and single DRAM floor.
//!
//! One thread runs its chunk of `ceil(iterations / threads)` iterations;
//! the loop part of the region is the largest of three times (the
//! roofline's max, here over the levels as in the cache-aware roofline
//! of Ilic, Pratas and Sousa, IEEE CAL 2014):
//!
//! - **core**: the chunk's floating-point operations at one thread's
//!   share of the measured FMA rate at this thread count, F(t) / t, times
//!   the lanes the loop uses over the widest vector's (a scalar loop gets
//!   one lane's worth), plus Table II's loop overhead per iteration (per
//!   vector of iterations for a vectorized loop without an inner loop);
//! - **chain**: a loop with an inner loop sums into a register (the
//!   shipped kernels' accumulators), a chain of dependent adds unless the
//!   compiler may reorder float sums (`-ffast-math`: `reassociates`); the
//!   chain costs the measured latency of one add per inner trip, however
//!   many independent accumulators run beside it;
//! - **memory**: for each cache level, the bytes per iteration that miss
//!   it (none when the loop's whole data fits the instances of the level
//!   its threads use, for the repeated runs of a benchmark keep it there;
//!   else the cache-aware count of new lines per iteration with the
//!   level's share per thread as the cache, see `cache.rs`, plus the
//!   write-back of the stored elements), served at the next level's
//!   measured bandwidth at this thread count (DRAM: the triad curve); the
//!   slowest boundary decides.
//!
//! The TLB misses per access (the cache-aware count) and the region's
//! start-up, schedule and barrier (Table II) add to it as in the OpenMP
//! model. Every constant is measured (`measure cpu`), from a datasheet
//! (the capacities) or Table II's; none is chosen from the loops it is
//! judged on.

use serde::{Deserialize, Serialize};

use super::omp_cpu::{CpuLoop, CpuMachine, CpuPrediction};
use super::reuse::Nest;
use super::{OffloadError, non_negative, positive};
use crate::platform::curve::interpolate;

/// One data-cache level of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostLevel {
    /// 1 (the L1 data cache), 2, 3, ...
    pub level: u32,
    /// Capacity of one instance, bytes.
    pub bytes: f64,
    /// Logical CPUs sharing one instance.
    pub shared_by: f64,
    /// Bandwidth the level delivers to the socket's threads at thread
    /// counts, (threads, GB/s); empty where not measured (then the next
    /// level's, ending at DRAM's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gbs_by_threads: Vec<(u32, f64)>,
}

/// The host's hierarchy as the hierarchy formulation needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostHierarchy {
    /// Data-cache levels, innermost first.
    pub levels: Vec<HostLevel>,
    /// Latency of one single-precision add in a dependent chain, ns.
    pub add_latency_ns: f64,
    /// Whether the host's compiler may reorder float sums (`-ffast-math`,
    /// `-fassociative-math`): its reductions then vectorize and wait on
    /// no chain.
    #[serde(default)]
    pub reassociates: bool,
}

impl HostHierarchy {
    /// Every value in range: levels growing outwards, capacities and
    /// sharers positive, bandwidths finite and positive, a positive
    /// latency.
    pub fn check(&self) -> Result<(), OffloadError> {
        positive("add_latency_ns", "ns", self.add_latency_ns)?;
        let mut last = 0.0;
        for l in &self.levels {
            positive("caches.host.hierarchy.levels.bytes", "bytes", l.bytes)?;
            positive("caches.host.hierarchy.levels.shared_by", "", l.shared_by)?;
            if l.bytes < last {
                return Err(OffloadError::Param {
                    name: "caches.host.hierarchy.levels",
                    unit: "bytes",
                    value: l.bytes,
                    need: "each level at least as large as the one inside it",
                });
            }
            last = l.bytes;
            for &(_, v) in &l.gbs_by_threads {
                positive("caches.host.hierarchy.levels.gbs_by_threads", "GB/s", v)?;
            }
        }
        Ok(())
    }
}

/// One boundary of the memory term: the bytes per iteration that miss
/// `level` and the bandwidth that serves them.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTraffic {
    /// The level missed (its misses come from the next level out).
    pub level: u32,
    /// Whether the loop's whole data fits the level's instances.
    pub fits: bool,
    /// Bytes per parallel iteration from beyond it.
    pub bytes_per_iter: f64,
    /// The bandwidth serving them, GB/s.
    pub gbs: f64,
    /// The time of the whole loop at that bandwidth, s.
    pub seconds: f64,
}

/// What the hierarchy term found.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTerms {
    /// The chunk's floating-point work and loop overhead, s.
    pub core_s: f64,
    /// The chunk's chain of dependent adds, s.
    pub chain_s: f64,
    /// Each level's misses (innermost first).
    pub traffic: Vec<LevelTraffic>,
    /// The slowest boundary, s.
    pub memory_s: f64,
    /// "core", "chain" or "L<k> misses".
    pub bound: String,
}

/// The loop as the hierarchy term needs it besides the nest.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopShape {
    /// Whether there is an inner loop (summing into a register).
    pub inner_loop: bool,
    /// Bytes of all the loop's data on the host.
    pub footprint_bytes: f64,
    /// Elements stored per parallel iteration.
    pub stores_per_iter: f64,
    /// Lanes the widest vector holds for the loop's elements.
    pub max_lanes: f64,
}

/// Instances of a level `t` threads use (one thread a logical CPU, the
/// instances filled in turn), at least one.
fn instances(l: &HostLevel, t: f64) -> f64 {
    (t / l.shared_by).ceil().max(1.0)
}

/// The bandwidth at `t` threads of the first measured level from index
/// `from` outwards, else DRAM's `dram_gbs`.
fn serving_gbs(levels: &[HostLevel], from: usize, t: f64, dram_gbs: f64) -> f64 {
    levels
        .iter()
        .skip(from)
        .find_map(|l| interpolate(&l.gbs_by_threads, t))
        .unwrap_or(dram_gbs)
}

/// Bytes per parallel iteration that miss a cache of the given bytes per
/// thread (the cache-aware count of `cache.rs`, `host_traffic`).
pub type MissBytes<'a> = &'a dyn Fn(f64) -> f64;

/// The memory term: each level's misses at the next level's bandwidth.
fn traffic(
    nest: &Nest,
    misses: MissBytes<'_>,
    h: &HostHierarchy,
    shape: &LoopShape,
    t: f64,
    dram_gbs: f64,
) -> Vec<LevelTraffic> {
    h.levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let capacity = l.bytes * instances(l, t);
            let fits = shape.footprint_bytes < capacity;
            let bytes_per_iter = if fits {
                0.0
            } else {
                misses(capacity / t) + shape.stores_per_iter * nest.element_bytes
            };
            let gbs = serving_gbs(&h.levels, i + 1, t, dram_gbs);
            LevelTraffic {
                level: l.level,
                fits,
                bytes_per_iter,
                gbs,
                seconds: nest.iterations * bytes_per_iter / (gbs * 1e9),
            }
        })
        .collect()
}

/// The host's time for `lp` (shaped as `nest` and `shape`) on `cpu` with
/// the hierarchy `h`, a level's misses counted by `misses`, and what
/// decided it.
pub fn predict_levels(
    (nest, lp, shape): (&Nest, &CpuLoop, &LoopShape),
    cpu: &CpuMachine,
    h: &HostHierarchy,
    misses: MissBytes<'_>,
) -> Result<(CpuPrediction, LevelTerms), OffloadError> {
    h.check()?;
    non_negative("footprint", "bytes", shape.footprint_bytes)?;
    // The OpenMP model's checks and its overheads, TLB and rates.
    let base = cpu.predict(lp)?;
    let t = cpu.threads;
    let hz = cpu.freq_ghz * 1e9;
    let thread_gflops = cpu
        .thread_scaling
        .as_ref()
        .and_then(|k| interpolate(&k.fma_gflops_by_threads, t))
        .map_or(cpu.freq_ghz * cpu.ipc, |f| f / t);
    let lanes_share = (lp.vector_lanes / shape.max_lanes.max(1.0)).min(1.0);
    let overhead_per_iter = if shape.inner_loop {
        cpu.loop_overhead_per_iter
    } else {
        cpu.loop_overhead_per_iter / lp.vector_lanes
    };
    let core_s =
        base.chunk * (lp.mix.fp_ops / (thread_gflops * 1e9 * lanes_share) + overhead_per_iter / hz);
    let chain_s = if shape.inner_loop && !h.reassociates {
        base.chunk * nest.trips * h.add_latency_ns * 1e-9
    } else {
        0.0
    };
    let traffic = traffic(nest, misses, h, shape, t, base.mem_bw_gbs);
    let slowest = traffic
        .iter()
        .max_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let memory_s = slowest.map_or(0.0, |l| l.seconds);
    let bound = if memory_s > core_s.max(chain_s) {
        format!("L{} misses", slowest.map_or(0, |l| l.level))
    } else if chain_s > core_s {
        "chain".into()
    } else {
        "core".into()
    };
    let compute_cycles = core_s.max(chain_s) * hz;
    let bandwidth_cycles = memory_s * hz;
    let total_cycles =
        base.overhead_cycles + compute_cycles.max(bandwidth_cycles) + base.tlb_cycles;
    let prediction = CpuPrediction {
        cycles_per_iter: compute_cycles / base.chunk.max(1.0),
        compute_cycles,
        bandwidth_cycles,
        bandwidth_bound: bandwidth_cycles > compute_cycles,
        total_cycles,
        seconds: total_cycles / hz,
        ..base
    };
    let terms = LevelTerms {
        core_s,
        chain_s,
        traffic,
        memory_s,
        bound,
    };
    Ok((prediction, terms))
}

#[cfg(test)]
#[path = "host_levels_tests.rs"]
mod tests;
