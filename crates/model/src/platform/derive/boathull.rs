//! Boat hull parameters of one GPU (the node's first) and one CPU socket
//! (the paper models a single processor, Section 4.3-4.4).
//!
//! Rules:
//! - P_compute: the spec's single-precision peak;
//! - P_coalesced, P_memory: the spec's memory bandwidth (the paper uses
//!   measured practical peaks, which are lower);
//! - P_uncoalesced = P_coalesced / 8: a scattered 4-byte access moves a
//!   whole 32-byte memory sector (Table 2's two GPUs measured about 1/16);
//! - B_bus: the link's rate for the chosen [`Transfers`];
//! - N_threads = cores x threads per core; W_vector = the widest vector
//!   register;
//! - thread_speedup = F(N_threads) / F(1), the FMA rates of all threads
//!   and one ([`CpuSpec::rates_at`](crate::platform::CpuSpec::rates_at):
//!   the measured curve, else the busy cores' peaks), for the
//!   single-threaded floors.

use super::Derived;
use crate::boathull::{Cpu, Gpu};
use crate::platform::spec::Fields;
use crate::platform::{Node, PlatformError, Source, Transfers};

/// Bytes one scattered access moves per 4 bytes used (a 32-byte sector).
pub const SECTOR_WASTE: f64 = 8.0;

/// One GPU of `node` as the boat hull model sees it.
pub fn gpu(node: &Node, transfers: Transfers) -> Result<Derived<Gpu>, PlatformError> {
    node.check()?;
    let g = node.gpu();
    let (bus, field) = node.link.rate(transfers);
    let value = Gpu {
        p_compute_gflops: g.peak_gflops(),
        p_coalesced_gbs: g.mem_bw_gbs,
        p_uncoalesced_gbs: g.mem_bw_gbs / SECTOR_WASTE,
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
            Source::derived(format!(
                "peak: {} SMs x {} cores x {} GHz x {} flop/cycle",
                g.sms, g.cores_per_sm, g.clock_ghz, g.flops_per_cycle
            )),
        ),
        ("P_coalesced".to_string(), g.source_of("mem_bw_gbs")),
        (
            "P_uncoalesced".to_string(),
            Source::derived(format!(
                "P_coalesced / {SECTOR_WASTE}: a scattered 4-byte access moves a 32-byte sector"
            )),
        ),
        (
            "B_bus".to_string(),
            Source::derived(format!(
                "{} {field} ({})",
                node.link.name,
                node.link.source_of(field)
            )),
        ),
    ];
    Ok(Derived { value, sources })
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
    };
    value.validate().map_err(|e| PlatformError::Derived {
        model: "boat hull",
        name: c.name.clone(),
        message: e.to_string(),
    })?;
    let sources = vec![
        (
            "P_compute".to_string(),
            Source::derived(format!(
                "peak: {} cores x {} GHz x {} flop/cycle",
                c.cores, c.clock_ghz, c.flops_per_cycle
            )),
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
