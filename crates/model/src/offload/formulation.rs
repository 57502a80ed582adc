//! How Hong & Kim's model is read: as its public implementations write
//! it, with whole waves of blocks (see the notes of `hong_kim.rs`), or
//! with the caches of both sides (see `cache.rs`).

use serde::{Deserialize, Serialize};

/// How #Rep and the execution case are read (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formulation {
    /// As the public implementations of Hong & Kim write it: #Rep =
    /// #Blocks / (#Active_blocks_per_SM x #Active_SMs); memory-bound when
    /// CWP >= MWP or Comp_cycles > Mem_cycles.
    #[default]
    Published,
    /// #Rep rounded up to whole waves; memory-bound only when CWP >= MWP.
    WholeWaves,
    /// As published, with the cache-aware memory term of
    /// [`cache`](super::cache) on the GPU (L1 and L2 hits per access) and
    /// the host (memory traffic and TLB misses per access).
    CacheAware,
    /// As cache-aware on the GPU; the host's time from its measured
    /// cache levels and add latency (see
    /// [`host_levels`](super::host_levels)).
    Hierarchy,
}

impl Formulation {
    pub const ALL: [Formulation; 4] = [
        Formulation::Published,
        Formulation::WholeWaves,
        Formulation::CacheAware,
        Formulation::Hierarchy,
    ];

    /// Whether the GPU side uses the caches (and the platform must give
    /// them).
    pub fn uses_caches(self) -> bool {
        matches!(self, Formulation::CacheAware | Formulation::Hierarchy)
    }

    /// Name on the command line and in presets and JSON.
    pub fn key(self) -> &'static str {
        match self {
            Formulation::Published => "published",
            Formulation::WholeWaves => "whole-waves",
            Formulation::CacheAware => "cache-aware",
            Formulation::Hierarchy => "hierarchy",
        }
    }

    /// What it does, in a few words (figure notes, tooltips).
    pub fn describe(self) -> &'static str {
        match self {
            Formulation::Published => {
                "Hong & Kim as published: #Rep a plain quotient, memory-bound when CWP >= MWP or Comp_cycles > Mem_cycles"
            }
            Formulation::WholeWaves => {
                "whole waves: #Rep rounded up, memory-bound only when CWP >= MWP"
            }
            Formulation::CacheAware => {
                "with caches: as published, each GPU access served by the L1, the L2 or DRAM as its lines' reuse allows, and the host's memory traffic and TLB misses counted per access"
            }
            Formulation::Hierarchy => {
                "with the host's hierarchy: the GPU as cache-aware; the host loop at the slowest of its flops, its chain of dependent adds and each cache level's misses at the next level's measured bandwidth"
            }
        }
    }
}
