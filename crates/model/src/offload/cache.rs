//! The cache-aware formulation: Hong & Kim's memory term with the GPU's
//! L1 and L2 caches, and the host's memory traffic and TLB misses counted
//! per access; chosen as [`Formulation::CacheAware`](super::Formulation),
//! beside the published model, which stays as it is.
//!
//! Hong & Kim (ISCA 2009) have no caches: a coalesced warp access costs
//! Mem_LD, an uncoalesced one a transaction per thread at DRAM's
//! departure delay. Following the reuse-distance reading of GPU caches
//! (Nugteren et al., HPCA 2014), here a warp's access costs a transaction
//! per distinct line its threads touch, and each transaction is served by
//! the L1, the L2 or DRAM as the reuse distance of its line allows. The
//! resident warps step through the inner loop together (the lock-step
//! assumption of Hong & Kim's MWP), so one trip of every resident warp is
//! the reuse distance of a line that the next trip reads again:
//!
//! - transactions `T` of a warp access: the distinct lines its 32 threads
//!   touch ([`distinct_lines`]): 1 for a broadcast or unit stride, up to
//!   32 for a stride of a line or more;
//! - lines per trip: the distinct lines of all resident threads of an SM
//!   (`D_sm`) and of the GPU (`D_gpu`): threads that share a line (a
//!   broadcast, neighbouring rows of a collapsed loop) count it once;
//! - new lines per trip: a fraction `f` = |inner stride| x element / line
//!   of them (1 without an inner loop), where one trip's lines of every
//!   leading access ([`reuse`](super::reuse)) fit the cache; else all;
//! - shares of a warp access's transactions: L1 misses `D_sm x f` of the
//!   SM's `W_sm x T` transactions, DRAM `D_gpu x f` of the GPU's; the
//!   rest hit. A cache of size 0 (Kepler's L1 does not hold global loads)
//!   passes everything on.
//!
//! A warp access then waits `lat + (T - 1) dd` cycles (Hong & Kim Eq. 8
//! with the shares): `lat` the share-weighted L1, L2 and DRAM latencies,
//! `dd` Departure_del_uncoal for its DRAM share and Departure_del_coal
//! (one request of the SM's memory pipeline) for its hits; it leaves after
//! `T dd` cycles (`dd_coal` when T = 1), and its DRAM share alone loads
//! the DRAM bandwidth of Eq. 5 (a 32-byte sector per transaction, the
//! whole line for a unit stride).
//!
//! The host side (OpenMP model): one thread runs its chunk's iterations in
//! order. A leading access brings per iteration the lines of one inner pass
//! that the previous iteration did not touch, when one pass's lines of
//! every leading access fit the host's cache per thread, else the whole
//! pass again; an access that another of its group touched a few steps
//! earlier brings nothing while the layer condition holds
//! ([`layer`](super::layer)). The same count with pages against the TLB's entries gives the TLB
//! misses. A column walk so pays a TLB miss per element once its pages
//! exceed the TLB, and a loop that re-reads rows it cannot hold streams
//! them from DRAM on every iteration.

use serde::{Deserialize, Serialize};

use super::OffloadError;
use super::hong_kim::{GpuKernel, GpuMachine, GpuPrediction, WARP_SIZE};
use super::host_levels::{HostHierarchy, LevelTerms, LoopShape, predict_levels};
use super::layer::group_hits;
use super::omp_cpu::{CpuLoop, CpuMachine, CpuPrediction};
use super::reuse::{Nest, Reference, distinct_lines, spans_of};
use super::{non_negative, positive};

/// The GPU's caches as the cache-aware term needs them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuCaches {
    /// L1 data cache per SM that global loads use, bytes (0: they bypass it).
    pub l1_bytes_per_sm: f64,
    /// L2 cache, bytes.
    pub l2_bytes: f64,
    /// Cache line, bytes.
    pub line_bytes: f64,
    /// Latency of an L1 hit, cycles.
    pub l1_hit_cycles: f64,
    /// Latency of an L2 hit, cycles.
    pub l2_hit_cycles: f64,
}

/// The host's cache as the cache-aware term needs it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostCache {
    /// Cache line, bytes.
    pub line_bytes: f64,
    /// The private cache one thread has, bytes (a core's L2 over its
    /// hardware threads).
    pub bytes_per_thread: f64,
    /// Every data-cache level with its measured bandwidth and the add
    /// latency, for the hierarchy formulation (see `host_levels.rs`);
    /// none where the platform does not give them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hierarchy: Option<HostHierarchy>,
}

/// Both sides' caches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Caches {
    pub gpu: GpuCaches,
    pub host: HostCache,
}

impl Caches {
    /// Every value in range: sizes zero or more, lines and latencies
    /// positive.
    pub fn check(&self) -> Result<(), OffloadError> {
        let g = &self.gpu;
        non_negative("caches.gpu.l1_bytes_per_sm", "bytes", g.l1_bytes_per_sm)?;
        non_negative("caches.gpu.l2_bytes", "bytes", g.l2_bytes)?;
        positive("caches.gpu.line_bytes", "bytes", g.line_bytes)?;
        positive("caches.gpu.l1_hit_cycles", "cycles", g.l1_hit_cycles)?;
        positive("caches.gpu.l2_hit_cycles", "cycles", g.l2_hit_cycles)?;
        positive("caches.host.line_bytes", "bytes", self.host.line_bytes)?;
        non_negative(
            "caches.host.bytes_per_thread",
            "bytes",
            self.host.bytes_per_thread,
        )?;
        Ok(())
    }
}

/// One access's memory instructions on the GPU, as the cache-aware term
/// charges them.
#[derive(Clone, Debug, PartialEq)]
pub struct MemClass {
    /// The access as written.
    pub text: String,
    /// Memory instructions per thread.
    pub insts: f64,
    /// Transactions of one warp instruction (distinct lines).
    pub transactions: f64,
    /// Shares of the transactions served by the L1, the L2 and DRAM.
    pub l1_share: f64,
    pub l2_share: f64,
    pub dram_share: f64,
    /// Cycles one warp instruction waits.
    pub latency: f64,
    /// Cycles before the next warp instruction may leave.
    pub departure: f64,
    /// Bytes one warp instruction loads from DRAM.
    pub dram_bytes: f64,
}

/// The resident threads of one SM and of the GPU for `k` on `m`, as
/// Hong & Kim's occupancy places its blocks.
fn resident_threads(m: &GpuMachine, k: &GpuKernel) -> (f64, f64) {
    let occ = m.occupancy(k);
    let per_sm = occ.blocks_per_sm * k.threads_per_block;
    (per_sm, per_sm * occ.active_sms)
}

/// Strides of the parallel index and the collapsed loops.
fn thread_strides(r: &Reference) -> Vec<i128> {
    std::iter::once(r.c_parallel)
        .chain(r.c_outer.iter().copied())
        .collect()
}

/// Lines `count` consecutive threads touch at one trip through `r`.
fn lines_of_threads(r: &Reference, nest: &Nest, count: f64, line: f64) -> f64 {
    let spans = spans_of(count, nest, r.c_outer.len());
    distinct_lines(&thread_strides(r), &spans, nest.element_bytes, line)
}

/// The share of a trip's lines that are new: those the inner loop moves
/// on to (all without an inner loop).
fn new_share(r: &Reference, nest: &Nest, line: f64) -> f64 {
    if nest.trips <= 1.0 {
        1.0
    } else if r.c_inner == 0 {
        1.0 / nest.trips
    } else {
        ((r.c_inner as f64).abs() * nest.element_bytes / line).min(1.0)
    }
}

/// The memory classes of the loop `nest` launched as `k` on `m` with
/// `caches`: one per access (see the module notes).
pub fn gpu_classes(
    nest: &Nest,
    k: &GpuKernel,
    m: &GpuMachine,
    caches: &GpuCaches,
) -> Result<Vec<MemClass>, OffloadError> {
    let line = caches.line_bytes;
    let (r_sm, r_gpu) = resident_threads(m, k);
    let (w_sm, w_gpu) = ((r_sm / WARP_SIZE).ceil(), (r_gpu / WARP_SIZE).ceil());
    let per_sm: Vec<f64> = nest
        .refs
        .iter()
        .map(|r| lines_of_threads(r, nest, r_sm, line))
        .collect();
    let per_gpu: Vec<f64> = nest
        .refs
        .iter()
        .map(|r| lines_of_threads(r, nest, r_gpu, line))
        .collect();
    let footprint = |lines: &[f64]| -> f64 {
        nest.refs
            .iter()
            .zip(lines)
            .filter(|(r, _)| r.leader)
            .map(|(_, l)| l * line)
            .sum()
    };
    let fits_l1 = caches.l1_bytes_per_sm > 0.0 && footprint(&per_sm) <= caches.l1_bytes_per_sm;
    let fits_l2 = caches.l2_bytes > 0.0 && footprint(&per_gpu) <= caches.l2_bytes;
    let mut out = Vec::with_capacity(nest.refs.len());
    for (i, r) in nest.refs.iter().enumerate() {
        let t = lines_of_threads(r, nest, WARP_SIZE, line).min(WARP_SIZE);
        let f = new_share(r, nest, line);
        let (sm_tx, gpu_tx) = (w_sm * t, w_gpu * t);
        let l1_miss = if caches.l1_bytes_per_sm <= 0.0 {
            sm_tx
        } else if !r.leader {
            0.0
        } else {
            per_sm[i] * if fits_l1 { f } else { 1.0 }
        };
        let h1 = 1.0 - (l1_miss / sm_tx).min(1.0);
        let dram = if caches.l2_bytes <= 0.0 {
            l1_miss / sm_tx * gpu_tx
        } else if !r.leader {
            0.0
        } else {
            per_gpu[i] * if fits_l2 { f } else { 1.0 }
        };
        let md = (dram / gpu_tx).min(1.0 - h1).max(0.0);
        let h2 = (1.0 - h1 - md).max(0.0);
        let lat = h1 * caches.l1_hit_cycles + h2 * caches.l2_hit_cycles + md * m.mem_ld;
        let dd = md * m.departure_del_uncoal + (1.0 - md) * m.departure_del_coal;
        let sector = if t <= 1.0 && r.c_parallel != 0 {
            line
        } else {
            32.0
        };
        out.push(MemClass {
            text: r.text.clone(),
            insts: r.per_trip * nest.trips,
            transactions: t,
            l1_share: h1,
            l2_share: h2,
            dram_share: md,
            latency: lat + (t - 1.0) * dd,
            departure: if t <= 1.0 {
                m.departure_del_coal
            } else {
                t * dd
            },
            dram_bytes: md * t * sector,
        });
    }
    Ok(out)
}

/// What one iteration of the parallel loop costs the host's memory.
#[derive(Clone, Debug, PartialEq)]
pub struct HostTraffic {
    /// Bytes from DRAM per parallel iteration.
    pub bytes_per_iter: f64,
    /// TLB misses per parallel iteration.
    pub tlb_misses_per_iter: f64,
    /// Bytes of one inner pass of the leading accesses.
    pub pass_bytes: f64,
    /// Whether one pass fits the cache per thread (lines reused by the
    /// next iteration).
    pub pass_fits: bool,
}

/// Iterations over which the new lines per iteration are averaged.
const AVERAGE_OVER: f64 = 1024.0;

/// New units (lines or pages of `unit` bytes) per iteration and units of
/// one pass, for every access: `fits(pass units)` says whether a pass is
/// held. An access whose layer condition holds ([`layer`](super::layer))
/// brings nothing.
fn per_iteration(nest: &Nest, unit: f64, capacity_units: f64) -> (f64, f64, bool) {
    let e = nest.element_bytes;
    let pass = |r: &Reference| distinct_lines(&[r.c_inner], &[nest.trips], e, unit);
    let pass_units: f64 = nest.refs.iter().filter(|r| r.leader).map(pass).sum();
    let fits = pass_units <= capacity_units;
    let span = AVERAGE_OVER.min(nest.iterations).max(2.0);
    let new_of = |r: &Reference| {
        if !fits {
            return pass(r);
        }
        let run = distinct_lines(&[r.c_inner, r.c_parallel], &[nest.trips, span], e, unit);
        (run - pass(r)) / (span - 1.0)
    };
    let hits = group_hits(nest, unit, capacity_units * unit);
    let units = nest
        .refs
        .iter()
        .zip(hits)
        .filter(|(_, hit)| !hit)
        .map(|(r, _)| new_of(r))
        .sum();
    (units, pass_units, fits)
}

/// The host's traffic for `nest` with `cache`, `tlb_entries` pages of
/// `page_bytes` (see the module notes).
pub fn host_traffic(
    nest: &Nest,
    cache: &HostCache,
    tlb_entries: f64,
    page_bytes: f64,
) -> HostTraffic {
    let line = cache.line_bytes;
    let (lines, pass_lines, pass_fits) = per_iteration(nest, line, cache.bytes_per_thread / line);
    let (pages, _, _) = per_iteration(nest, page_bytes, tlb_entries);
    HostTraffic {
        bytes_per_iter: lines * line,
        tlb_misses_per_iter: pages,
        pass_bytes: pass_lines * line,
        pass_fits,
    }
}

/// What the cache-aware term found for one loop at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct CacheTerms {
    /// The GPU's memory classes, one per access.
    pub gpu: Vec<MemClass>,
    /// The host's traffic per iteration.
    pub host: HostTraffic,
    /// The hierarchy formulation's host term (that formulation only).
    pub levels: Option<LevelTerms>,
}

/// Both sides of a loop with the caches: the host loop `lp` (its bytes
/// and TLB misses replaced by the per-access counts) on `cpu`, the GPU
/// kernel `gk` with the memory classes of `nest` on `gpu`. With `shape`
/// (the hierarchy formulation), the host's time is the hierarchy term's
/// (see `host_levels.rs`), which needs `caches.host.hierarchy`.
pub fn sides(
    nest: &Nest,
    mut lp: CpuLoop,
    cpu: &CpuMachine,
    (gk, gpu): (&GpuKernel, &GpuMachine),
    caches: &Caches,
    shape: Option<&LoopShape>,
) -> Result<(CpuPrediction, GpuPrediction, CacheTerms), OffloadError> {
    caches.check()?;
    let host = host_traffic(nest, &caches.host, cpu.tlb_entries, cpu.page_bytes);
    lp.bytes_per_iter = host.bytes_per_iter;
    lp.tlb_misses_per_iter = Some(host.tlb_misses_per_iter);
    let (cpu_p, levels) = match shape {
        Some(shape) => {
            let h = caches
                .host
                .hierarchy
                .as_ref()
                .ok_or(OffloadError::NoHierarchy)?;
            let line = caches.host.line_bytes;
            let misses = |bytes_per_thread: f64| {
                let share = HostCache {
                    line_bytes: line,
                    bytes_per_thread,
                    hierarchy: None,
                };
                host_traffic(nest, &share, cpu.tlb_entries, cpu.page_bytes).bytes_per_iter
            };
            let (p, terms) = predict_levels((nest, &lp, shape), cpu, h, &misses)?;
            (p, Some(terms))
        }
        None => (cpu.predict(&lp)?, None),
    };
    let classes = gpu_classes(nest, gk, gpu, &caches.gpu)?;
    let gpu_p = gpu.predict_cached(gk, &classes)?;
    let terms = CacheTerms {
        gpu: classes,
        host,
        levels,
    };
    Ok((cpu_p, gpu_p, terms))
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
