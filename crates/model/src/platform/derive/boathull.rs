//! Boat hull parameters of one GPU (the node's first) and one CPU socket
//! (the paper models a single processor, Section 4.3-4.4).
//!
//! Rules:
//! - P_compute: the spec's single-precision peak (measured where the
//!   spec's peak was: see [`super::from_inputs`]);
//! - P_coalesced: the measured coalesced read rate (`coalesced_gbs`)
//!   where the spec has one (the paper uses measured practical peaks, as
//!   its Table 2), else the spec's memory bandwidth; P_memory: the CPU's
//!   memory bandwidth;
//! - P_uncoalesced: the measured strided read rate (`strided_gbs`) where
//!   given, else P_coalesced / 8: a scattered 4-byte access moves a whole
//!   32-byte memory sector (Table 2's two GPUs measured about 1/16);
//! - B_bus: the link's rate for the chosen [`Transfers`], the slower
//!   direction where the two differ;
//! - N_threads = cores x threads per core; W_vector = the widest vector
//!   register;
//! - thread_speedup = F(N_threads) / F(1), the FMA rates of all threads
//!   and one ([`CpuSpec::rates_at`](crate::platform::CpuSpec::rates_at):
//!   the measured curve, else the busy cores' peaks), for the
//!   single-threaded floors.

use super::{CPU_PEAK, Derived, GPU_PEAK, from_inputs, peak_inputs};
use crate::boathull::{Cpu, Gpu};
use crate::platform::spec::Fields;
use crate::platform::{CpuSpec, Node, PlatformError, Source, Transfers};

/// Bytes one scattered access moves per 4 bytes used (a 32-byte sector).
pub const SECTOR_WASTE: f64 = 8.0;

/// One GPU of `node` as the boat hull model sees it.
pub fn gpu(node: &Node, transfers: Transfers) -> Result<Derived<Gpu>, PlatformError> {
    node.check()?;
    let g = node.gpu();
    let (bus, field) = node.link.rate(transfers);
    let (coalesced, coalesced_source) = match g.coalesced_gbs {
        Some(v) => (v, g.source_of("coalesced_gbs")),
        None => (g.mem_bw_gbs, g.source_of("mem_bw_gbs")),
    };
    let (uncoalesced, uncoalesced_source) = match g.strided_gbs {
        Some(v) => (v, g.source_of("strided_gbs")),
        None => (
            coalesced / SECTOR_WASTE,
            Source::derived(format!(
                "P_coalesced / {SECTOR_WASTE}: a scattered 4-byte access moves a 32-byte sector"
            )),
        ),
    };
    let value = Gpu {
        p_compute_gflops: g.peak_gflops(),
        p_coalesced_gbs: coalesced,
        p_uncoalesced_gbs: uncoalesced,
        b_bus_gbs: bus,
    };
    value.validate().map_err(|e| PlatformError::Derived {
        model: "boat hull",
        name: g.name.clone(),
        message: e.to_string(),
    })?;
    let sources = vec![
        (
            "P_compute".to_string(),
            from_inputs(
                format!(
                    "peak: {} SMs x {} cores x {} GHz x {} flop/cycle",
                    g.sms, g.cores_per_sm, g.clock_ghz, g.flops_per_cycle
                ),
                &peak_inputs(g, &GPU_PEAK),
            ),
        ),
        ("P_coalesced".to_string(), coalesced_source),
        ("P_uncoalesced".to_string(), uncoalesced_source),
        (
            "B_bus".to_string(),
            node.link
                .source_of(field)
                .map_detail(|d| format!("{field} of {}: {d}", node.link.name)),
        ),
    ];
    Ok(Derived { value, sources })
}

/// Cycles of a dependent fused multiply-add where none was measured:
/// 4 on Intel's cores from Skylake to Sapphire Rapids and AMD's Zen 3 and
/// Zen 4, 5 on Zen 1 and 2 (Agner Fog's instruction tables).
pub const FMA_LATENCY_CYCLES: f64 = 4.0;

fn fma_latency_source(c: &CpuSpec) -> Source {
    match c.fma_latency_ns {
        Some(_) => c.source_of("fma_latency_ns"),
        None => Source::Estimate(format!(
            "not measured: {FMA_LATENCY_CYCLES} cycles at {} GHz (Agner Fog's instruction tables: 4 on current Intel and AMD server cores, 5 on Zen 1 and 2)",
            c.clock_ghz
        )),
    }
}

/// One CPU socket of `node` as the boat hull model sees it.
pub fn cpu(node: &Node) -> Result<Derived<Cpu>, PlatformError> {
    node.check()?;
    let c = &node.cpu;
    let n_threads = c.threads().round() as u32;
    let (all, one) = (c.rates_at(f64::from(n_threads)), c.rates_at(1.0));
    let value = Cpu {
        p_compute_gflops: c.peak_gflops(),
        p_memory_gbs: c.mem_bw_gbs,
        n_threads,
        w_vector_bits: c.vector_bits.round() as u32,
        thread_speedup: Some(all.fma_gflops / one.fma_gflops),
        fma_latency_ns: Some(c.fma_latency_ns.unwrap_or(FMA_LATENCY_CYCLES / c.clock_ghz)),
    };
    value.validate().map_err(|e| PlatformError::Derived {
        model: "boat hull",
        name: c.name.clone(),
        message: e.to_string(),
    })?;
    let sources = vec![
        (
            "P_compute".to_string(),
            from_inputs(
                format!(
                    "peak: {} cores x {} GHz x {} flop/cycle",
                    c.cores, c.clock_ghz, c.flops_per_cycle
                ),
                &peak_inputs(c, &CPU_PEAK),
            ),
        ),
        ("P_memory".to_string(), c.source_of("mem_bw_gbs")),
        (
            "N_threads".to_string(),
            Source::derived(format!(
                "{} cores x {} threads per core",
                c.cores, c.threads_per_core
            )),
        ),
        ("W_vector".to_string(), c.source_of("vector_bits")),
        ("fma_latency_ns".to_string(), fma_latency_source(c)),
        (
            "thread_speedup".to_string(),
            Source::derived(format!(
                "FMA rate of {n_threads} threads / one thread: {:.1} / {:.1} GFLOP/s ({})",
                all.fma_gflops,
                one.fma_gflops,
                c.thread_scaling_sources()[0].1
            )),
        ),
    ];
    Ok(Derived { value, sources })
}
