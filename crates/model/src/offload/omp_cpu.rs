//! The CPU side: the compile-time OpenMP cost model of Liao & Chapman (the
//! paper's reference 14, Section IV-A) for a statically scheduled parallel
//! loop, with the parameters of the paper's Table II.
//!
//! cycles = Parallel_startup + Schedule_static
//!        + max(ceil(iterations / threads) x (cycles_per_iter + Loop_overhead),
//!              bandwidth floor)
//!        + TLB misses x TLB_miss_penalty + Synchronization
//!
//! The slowest thread decides the time between the fork and the join, so the
//! loop part counts one thread's chunk. `cycles_per_iter` comes from an
//! instruction mix (counts per class x cycles per class / IPC) in place of
//! the LLVM-MCA estimate of Section IV-A-1, or is given directly.
//!
//! Improvement over the paper: the bandwidth floor. Its model has no memory
//! hierarchy (Section IV-A-1 names this as its main limitation), so a
//! streaming loop could be predicted faster than DRAM can feed it. Here the
//! loop part takes at least iterations x bytes_per_iter / mem_bw_gbs.
//!
//! Thread counts: the paper's model scales the loop part linearly with
//! the threads (each thread a whole core at the clock). A host with a
//! [`ThreadScaling`] (from its spec sheet: measured curves or the stated
//! rule of [`crate::platform::threads`]) runs each of t threads at
//! speed (F(t) / t) / (F(T) / T) of the FMA curve F against its reference
//! thread count T (its cycle counts and clock describe a thread when all T
//! run), and the bandwidth floor uses mem_bw_gbs x B(t) / B(T) of the
//! triad curve B. At T both factors are 1: the paper's model; a host
//! without one (the paper's Table II) scales linearly.
//!
//! Vector units: the paper takes its cycles from LLVM-MCA on the compiled
//! loop, which sees vector instructions; an instruction mix does not. A
//! loop the host compiler vectorizes (see
//! [`OffloadKernel::host_vectorized`](super::OffloadKernel::host_vectorized))
//! runs `vector_lanes` elements per instruction: its cycles per iteration
//! are divided by them (the bandwidth floor still holds).

use serde::{Deserialize, Serialize};

use super::{OffloadError, non_negative, positive};
use crate::platform::ThreadScaling;

/// Instructions per loop iteration by class, or cycles per instruction of
/// each class (the same five classes for both uses).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstructionMix {
    pub int_ops: f64,
    pub fp_ops: f64,
    pub loads: f64,
    pub stores: f64,
    pub branches: f64,
}

impl InstructionMix {
    /// (field name, value) of each class.
    pub fn fields(&self) -> [(&'static str, f64); 5] {
        [
            ("int_ops", self.int_ops),
            ("fp_ops", self.fp_ops),
            ("loads", self.loads),
            ("stores", self.stores),
            ("branches", self.branches),
        ]
    }

    /// Sum of count x cycles over the classes.
    pub fn dot(&self, cycles: &InstructionMix) -> f64 {
        self.int_ops * cycles.int_ops
            + self.fp_ops * cycles.fp_ops
            + self.loads * cycles.loads
            + self.stores * cycles.stores
            + self.branches * cycles.branches
    }

    fn validate(&self, what: &'static str) -> Result<(), OffloadError> {
        for v in [
            self.int_ops,
            self.fp_ops,
            self.loads,
            self.stores,
            self.branches,
        ] {
            non_negative(what, "", v)?;
        }
        Ok(())
    }
}

/// The host CPU and its OpenMP runtime. Offload platform presets write
/// these fields under `cpu`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuMachine {
    pub name: String,
    /// Core clock in GHz.
    pub freq_ghz: f64,
    /// OpenMP threads of the parallel region.
    pub threads: f64,
    /// TLB entries.
    pub tlb_entries: f64,
    /// Cycles lost per TLB miss.
    pub tlb_miss_penalty: f64,
    /// Page size in bytes.
    pub page_bytes: f64,
    /// Loop control cycles per iteration (Loop_overhead_per_iter).
    pub loop_overhead_per_iter: f64,
    /// Cycles to hand out a static schedule (Par. Schedule Overhead static).
    pub schedule_static: f64,
    /// Cycles of the barrier at the end of the region.
    pub sync_overhead: f64,
    /// Cycles to start the parallel region (fork).
    pub parallel_startup: f64,
    /// Memory bandwidth all threads share, in GB/s.
    pub mem_bw_gbs: f64,
    /// Cycles per instruction of each class (issue throughput).
    pub class_cycles: InstructionMix,
    /// Instructions per cycle the core overlaps: cycles per iteration are the
    /// class-weighted sum divided by this.
    pub ipc: f64,
    /// Width of the vector registers the compiled loop uses, bits; 0: no
    /// vector unit modelled (every loop scalar, as an instruction mix
    /// without vector instructions counts it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vector_bits: f64,
    /// How the host's rates follow its thread count; none: linearly (the
    /// paper's model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread_scaling: Option<ThreadScaling>,
}

fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

impl CpuMachine {
    /// The paper's Table II (POWER9 at 3 GHz: TLB 1024 entries, 14 cycles per
    /// miss, loop overhead 4, static schedule 10154, synchronization 4000,
    /// parallel start-up 3000 cycles). Not in Table II, chosen here: 64 KiB
    /// pages (the usual POWER Linux page), one cycle per instruction of every
    /// class, IPC 1. `threads` and `mem_bw_gbs` describe the host.
    pub fn table_ii(threads: f64, mem_bw_gbs: f64) -> CpuMachine {
        CpuMachine {
            name: "POWER9 (offload paper Table II)".into(),
            freq_ghz: 3.0,
            threads,
            tlb_entries: 1024.0,
            tlb_miss_penalty: 14.0,
            page_bytes: 65536.0,
            loop_overhead_per_iter: 4.0,
            schedule_static: 10154.0,
            sync_overhead: 4000.0,
            parallel_startup: 3000.0,
            mem_bw_gbs,
            class_cycles: InstructionMix {
                int_ops: 1.0,
                fp_ops: 1.0,
                loads: 1.0,
                stores: 1.0,
                branches: 1.0,
            },
            ipc: 1.0,
            vector_bits: 0.0,
            thread_scaling: None,
        }
    }

    fn validate(&self) -> Result<(), OffloadError> {
        use super::OffloadParam as P;
        for (p, v) in [
            (P::CpuFreqGhz, self.freq_ghz),
            (P::Threads, self.threads),
            (P::TlbEntries, self.tlb_entries),
            (P::TlbMissPenalty, self.tlb_miss_penalty),
            (P::PageBytes, self.page_bytes),
            (P::LoopOverheadPerIter, self.loop_overhead_per_iter),
            (P::ScheduleStatic, self.schedule_static),
            (P::SyncOverhead, self.sync_overhead),
            (P::ParallelStartup, self.parallel_startup),
            (P::CpuMemBwGbs, self.mem_bw_gbs),
            (P::Ipc, self.ipc),
        ] {
            p.check(v)?;
        }
        self.class_cycles.validate("class cycles")?;
        non_negative("vector_bits", "bits", self.vector_bits)?;
        if let Some(k) = &self.thread_scaling {
            k.check().map_err(|e| OffloadError::Param {
                name: e.field,
                unit: "",
                value: e.value,
                need: e.need,
            })?;
        }
        Ok(())
    }

    /// Speed of one thread against the clock's (1 without a scaling) and
    /// the bandwidth the threads share, GB/s, at this machine's threads.
    pub fn at_threads(&self) -> (f64, f64) {
        match &self.thread_scaling {
            Some(k) => (
                k.thread_speed(self.threads),
                self.mem_bw_gbs * k.bandwidth_share(self.threads),
            ),
            None => (1.0, self.mem_bw_gbs),
        }
    }
}

/// One OpenMP parallel loop as the CPU sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuLoop {
    /// Iterations of the parallel loop.
    pub iterations: f64,
    /// Instructions per iteration by class.
    pub mix: InstructionMix,
    /// Cycles per iteration given directly (e.g. from LLVM-MCA); overrides
    /// the mix when set.
    pub cycles_per_iter: Option<f64>,
    /// DRAM bytes one iteration moves (loads and stores that miss cache).
    pub bytes_per_iter: f64,
    /// How often a thread walks its data. More than one walk misses the TLB
    /// again on every walk when its pages exceed the TLB entries.
    pub data_passes: f64,
    /// Elements one instruction handles: 1 for scalar code, the vector
    /// lanes for a loop the compiler vectorizes.
    pub vector_lanes: f64,
    /// TLB misses per iteration where counted per access (the
    /// cache-aware formulation); `None`: the pages of the chunk's bytes,
    /// again on every walk when they exceed the TLB (the paper's model).
    pub tlb_misses_per_iter: Option<f64>,
}

/// The predicted CPU time and its parts, in cycles unless named otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuPrediction {
    /// Cycles one iteration takes (without loop overhead).
    pub cycles_per_iter: f64,
    /// Elements per instruction (1: scalar).
    pub vector_lanes: f64,
    /// Iterations of the slowest thread: ceil(iterations / threads).
    pub chunk: f64,
    /// Speed of one thread among `threads` against the clock's (1: the
    /// paper's linear model).
    pub thread_speed: f64,
    /// Memory bandwidth the threads share, GB/s.
    pub mem_bw_gbs: f64,
    /// chunk x (cycles_per_iter + loop overhead) / thread_speed.
    pub compute_cycles: f64,
    /// All bytes / memory bandwidth, in cycles.
    pub bandwidth_cycles: f64,
    /// True when the bandwidth floor decides the loop part.
    pub bandwidth_bound: bool,
    /// TLB misses of the slowest thread.
    pub tlb_misses: f64,
    /// TLB misses x penalty.
    pub tlb_cycles: f64,
    /// Start-up + schedule + synchronization.
    pub overhead_cycles: f64,
    /// The whole parallel region.
    pub total_cycles: f64,
    /// total_cycles at the clock, in seconds.
    pub seconds: f64,
}

impl CpuMachine {
    /// Predicts the time of the statically scheduled parallel loop `lp`.
    pub fn predict(&self, lp: &CpuLoop) -> Result<CpuPrediction, OffloadError> {
        self.validate()?;
        non_negative("iterations", "iterations", lp.iterations)?;
        lp.mix.validate("instruction count")?;
        non_negative("bytes_per_iter", "bytes", lp.bytes_per_iter)?;
        positive("data_passes", "", lp.data_passes)?;
        let lanes = lp.vector_lanes;
        if !(lanes.is_finite() && lanes >= 1.0) {
            return Err(OffloadError::Param {
                name: "vector_lanes",
                unit: "",
                value: lanes,
                need: "at least 1",
            });
        }
        let cycles_per_iter = match lp.cycles_per_iter {
            Some(c) => non_negative("cycles_per_iter", "cycles", c)?,
            None => lp.mix.dot(&self.class_cycles) / self.ipc / lanes,
        };
        let chunk = (lp.iterations / self.threads).ceil();
        let (thread_speed, mem_bw_gbs) = self.at_threads();
        let compute_cycles = chunk * (cycles_per_iter + self.loop_overhead_per_iter) / thread_speed;
        let bandwidth_cycles =
            lp.iterations * lp.bytes_per_iter / (mem_bw_gbs * 1e9) * self.freq_ghz * 1e9;
        let bandwidth_bound = bandwidth_cycles > compute_cycles;
        let tlb_misses = match lp.tlb_misses_per_iter {
            Some(per_iter) => chunk * non_negative("tlb_misses_per_iter", "", per_iter)?,
            None => {
                let pages = (chunk * lp.bytes_per_iter / self.page_bytes).ceil();
                let walks = if pages > self.tlb_entries {
                    lp.data_passes
                } else {
                    1.0
                };
                pages * walks
            }
        };
        let tlb_cycles = tlb_misses * self.tlb_miss_penalty;
        let overhead_cycles = self.parallel_startup + self.schedule_static + self.sync_overhead;
        let total_cycles = overhead_cycles + compute_cycles.max(bandwidth_cycles) + tlb_cycles;
        Ok(CpuPrediction {
            cycles_per_iter,
            vector_lanes: lanes,
            chunk,
            thread_speed,
            mem_bw_gbs,
            compute_cycles,
            bandwidth_cycles,
            bandwidth_bound,
            tlb_misses,
            tlb_cycles,
            overhead_cycles,
            total_cycles,
            seconds: total_cycles / (self.freq_ghz * 1e9),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped H100 node's host as its measured curves give it: FMA
    /// 174 GFLOP/s on one thread, 1345 on 16; triad 14 and 113 GB/s.
    fn node_host(threads: f64) -> CpuMachine {
        let mut m = CpuMachine::table_ii(threads, 113.0);
        m.thread_scaling = Some(ThreadScaling {
            reference_threads: 16,
            fma_gflops_by_threads: vec![(1, 174.0), (16, 1345.0)],
            triad_gbs_by_threads: vec![(1, 14.0), (16, 113.0)],
        });
        m
    }

    /// 1600 iterations of 10 cycles (14 with the loop overhead) moving
    /// `bytes` each.
    fn lp(bytes: f64) -> CpuLoop {
        CpuLoop {
            iterations: 1600.0,
            mix: InstructionMix {
                int_ops: 0.0,
                fp_ops: 0.0,
                loads: 0.0,
                stores: 0.0,
                branches: 0.0,
            },
            cycles_per_iter: Some(10.0),
            bytes_per_iter: bytes,
            data_passes: 1.0,
            vector_lanes: 1.0,
            tlb_misses_per_iter: None,
        }
    }

    #[test]
    fn the_host_follows_its_measured_curve_not_the_thread_count() {
        let all = node_host(16.0).predict(&lp(0.0)).unwrap();
        let one = node_host(1.0).predict(&lp(0.0)).unwrap();
        // At the reference count the paper's model: 100 x 14 cycles.
        assert_eq!((all.thread_speed, all.compute_cycles), (1.0, 1400.0));
        // One thread alone runs 174 / (1345 / 16) times as fast as one of
        // 16, so 16 threads do 1345 / 174 = 7.73 times the work of one,
        // not 16.
        let ratio = one.compute_cycles / all.compute_cycles;
        assert!((ratio - 1345.0 / 174.0).abs() < 1e-9, "{ratio}");
        let linear = CpuMachine::table_ii(1.0, 113.0).predict(&lp(0.0)).unwrap();
        assert_eq!(linear.compute_cycles, 16.0 * 1400.0);
        // The bandwidth floor: one thread streams 14 of the 113 GB/s.
        let one = node_host(1.0).predict(&lp(8.0)).unwrap();
        assert!((one.mem_bw_gbs - 14.0).abs() < 1e-9);
        let want = 1600.0 * 8.0 / 14e9 * 3e9;
        assert!((one.bandwidth_cycles - want).abs() < 1e-6 * want);
        // An edited bandwidth scales with the curve's share.
        let mut edited = node_host(1.0);
        edited.mem_bw_gbs = 226.0;
        assert!((edited.at_threads().1 - 28.0).abs() < 1e-9);
    }

    #[test]
    fn a_broken_curve_is_refused_by_name() {
        let mut m = node_host(4.0);
        if let Some(k) = &mut m.thread_scaling {
            k.fma_gflops_by_threads.push((32, f64::NAN));
        }
        let e = m.predict(&lp(0.0)).unwrap_err().to_string();
        assert!(e.starts_with("fma_gflops_by_threads = NaN"), "{e}");
    }
}
