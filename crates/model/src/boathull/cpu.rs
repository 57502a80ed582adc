//! The boat hull model of a multi-core CPU (Section 4.4) and the two CPUs
//! of Table 3.
//!
//! - c0 = w (f m + o) / P_compute (compute equation, as for the GPU),
//! - m0 = 4 (c + u) / P_memory (memory equation). The paper prints
//!   m0 = c / P_memory: coalescing is no issue on a CPU, so every
//!   compulsory access runs at P_memory. For every class with u = 0
//!   (including the Section 4.4 example) the two agree; for classes with
//!   u > 0 (2D-DCT, neighbourhoods, sum, histogram) c alone would leave
//!   out real accesses (for the histogram all its A·B input reads).
//! - Floors as times, with lanes = W_vector / 32 (32-bit elements): the
//!   paper prints the rates c0 / W_vector, c0 / N_threads and
//!   c0 / (W_vector N_threads); as times they are c1 = lanes c0
//!   (multi-threaded scalar), c2 = N_threads c0 (single-threaded vector)
//!   and c3 = lanes N_threads c0 (single-threaded scalar). Section 4.4
//!   quotes "a factor 4" for scalar code on 128-bit vectors, which is
//!   128 / 32, not 128.
//! - One thread against all: Section 4.4 takes a thread as 1 / N_threads
//!   of the CPU. A CPU derived from a spec sheet carries `thread_speedup`,
//!   its all-thread FMA rate over one thread's (measured curves, or the
//!   rule of [`crate::platform::threads`]: one core of the busy ones), and
//!   c2 = thread_speedup c0, c3 = lanes thread_speedup c0. Without it (the
//!   paper's Table 3 CPUs) the speedup is N_threads. The memory equation
//!   stays m0 for every floor, as in the paper.
//! - A dependent chain (not in the paper): where each element's operations
//!   are one chain of fused multiply-adds, each waiting for the one before
//!   (x = x a + b, f times), no vector unit or second FMA port helps and
//!   every FMA costs its latency: c_chain = w f m / 2 x L_FMA / N_threads,
//!   the N_threads hardware threads each running its share of the
//!   elements' chains one after another (two operations per FMA, as
//!   P_compute counts them; the class offset o, index work outside the
//!   chain, overlaps it). Out-of-order cores overlap the chains of
//!   neighbouring elements where a chain is short enough for the reorder
//!   window, so c_chain bounds short chains from above. Known only for a
//!   CPU with `fma_latency_ns` (measured by `measure cpu`, else 4 cycles
//!   at the clock).

use serde::{Deserialize, Serialize};

use super::class_vars::ClassVars;
use super::gpu::pick;
use super::{Assume, BYTES_PER_ELEMENT, BoatHullError, TimeRange, check_complexity};

/// The four CPU parameters of Section 4.4 / Table 3.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cpu {
    /// Peak compute rate P_compute, GFLOP/s.
    pub p_compute_gflops: f64,
    /// Practical memory bandwidth P_memory (STREAM), GB/s.
    pub p_memory_gbs: f64,
    /// Simultaneous hardware threads N_threads.
    pub n_threads: u32,
    /// Vector register width W_vector, bits.
    pub w_vector_bits: u32,
    /// P_compute over one thread's compute rate; `None`: N_threads
    /// (Section 4.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread_speedup: Option<f64>,
    /// Latency of one fused multiply-add in a dependent chain, ns; `None`
    /// where unknown (the paper's CPUs): no chain floor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fma_latency_ns: Option<f64>,
}

/// Which compute equation of Section 4.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CpuCompute {
    /// c0: multi-threaded vector code.
    Roof,
    /// c1: multi-threaded scalar code.
    Scalar,
    /// c2: single-threaded vector code.
    SingleThread,
    /// c3: single-threaded scalar code.
    SingleThreadScalar,
    /// c_chain: each element's operations one chain of dependent FMAs.
    Chain,
}

impl Cpu {
    /// Core 2 Quad Q8300, Table 3.
    pub const Q8300: Cpu = Cpu {
        p_compute_gflops: 40.0,
        p_memory_gbs: 4.7,
        n_threads: 4,
        w_vector_bits: 128,
        thread_speedup: None,
        fma_latency_ns: None,
    };

    /// Core i7-930, Table 3.
    pub const I7_930: Cpu = Cpu {
        p_compute_gflops: 90.0,
        p_memory_gbs: 12.2,
        n_threads: 8,
        w_vector_bits: 128,
        thread_speedup: None,
        fma_latency_ns: None,
    };

    /// 32-bit lanes per vector: W_vector / 32.
    pub fn lanes(&self) -> u32 {
        self.w_vector_bits / 32
    }

    /// How many times faster all threads compute than one:
    /// `thread_speedup`, else N_threads.
    pub fn speedup(&self) -> f64 {
        self.thread_speedup
            .unwrap_or_else(|| f64::from(self.n_threads))
    }

    /// How many times slower than c0 a compute equation is (the chain's
    /// factor where the FMA latency is known, else 1).
    pub fn slowdown(&self, which: CpuCompute) -> f64 {
        let lanes = f64::from(self.lanes());
        let threads = self.speedup();
        match which {
            CpuCompute::Roof => 1.0,
            CpuCompute::Scalar => lanes,
            CpuCompute::SingleThread => threads,
            CpuCompute::SingleThreadScalar => lanes * threads,
            CpuCompute::Chain => self
                .chain_gflops()
                .map_or(1.0, |g| self.p_compute_gflops / g),
        }
    }

    /// The rate of dependent FMA chains on all threads, GFLOP/s: two
    /// operations per FMA latency and thread.
    pub fn chain_gflops(&self) -> Option<f64> {
        self.fma_latency_ns
            .map(|l| 2.0 * f64::from(self.n_threads) / l)
    }

    /// All equations of Section 4.4 for one class and operator complexity
    /// f (operations per element), after checking both.
    pub fn times(&self, vars: &ClassVars, f: f64) -> Result<CpuTimes, BoatHullError> {
        self.validate()?;
        let f = check_complexity(f)?;
        let c0_s = vars.operations(f) / (self.p_compute_gflops * 1e9);
        Ok(CpuTimes {
            chain_s: self
                .chain_gflops()
                .map(|g| vars.operator_operations(f) / (g * 1e9)),
            c0_s,
            c1_s: c0_s * self.slowdown(CpuCompute::Scalar),
            c2_s: c0_s * self.slowdown(CpuCompute::SingleThread),
            c3_s: c0_s * self.slowdown(CpuCompute::SingleThreadScalar),
            m0_s: (vars.c + vars.u) * BYTES_PER_ELEMENT / (self.p_memory_gbs * 1e9),
            lanes: f64::from(self.lanes()),
            threads: self.speedup(),
        })
    }
}

/// What is assumed about the CPU compute floors (Section 4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CpuAssumptions {
    /// `Roof`: vector code; `Floor`: scalar code; `Unknown`: either.
    pub vector: Assume,
    /// `Roof`: all threads; `Floor`: one thread; `Unknown`: either.
    pub threads: Assume,
}

impl CpuAssumptions {
    /// The hull: multi-threaded vector code.
    pub const HULL: CpuAssumptions = CpuAssumptions {
        vector: Assume::Roof,
        threads: Assume::Roof,
    };
    /// Nothing assumed: from the hull to single-threaded scalar code.
    pub const UNKNOWN: CpuAssumptions = CpuAssumptions {
        vector: Assume::Unknown,
        threads: Assume::Unknown,
    };
}

/// The CPU equations of Section 4.4 for one class and complexity, s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuTimes {
    /// c0: multi-threaded vector, s.
    pub c0_s: f64,
    /// c1: multi-threaded scalar, s.
    pub c1_s: f64,
    /// c2: single-threaded vector, s.
    pub c2_s: f64,
    /// c3: single-threaded scalar, s.
    pub c3_s: f64,
    /// m0: memory equation, s.
    pub m0_s: f64,
    /// c_chain: a dependent FMA chain per element, s, where the FMA
    /// latency is known.
    pub chain_s: Option<f64>,
    lanes: f64,
    threads: f64,
}

impl CpuTimes {
    /// The hull: max(c0, m0), s.
    pub fn hull_s(&self) -> f64 {
        self.c0_s.max(self.m0_s)
    }

    /// The time with one compute equation: max(c_k, m0), s.
    pub fn with_compute_s(&self, which: CpuCompute) -> f64 {
        let c = match which {
            CpuCompute::Roof => self.c0_s,
            CpuCompute::Scalar => self.c1_s,
            CpuCompute::SingleThread => self.c2_s,
            CpuCompute::SingleThreadScalar => self.c3_s,
            CpuCompute::Chain => self.chain_s.unwrap_or(self.c1_s),
        };
        c.max(self.m0_s)
    }

    /// Time under `assume`; a range where something is unknown, s.
    pub fn range(&self, assume: CpuAssumptions) -> TimeRange {
        let (v_lo, v_hi) = pick(1.0, Some(self.lanes), assume.vector);
        let (t_lo, t_hi) = pick(1.0, Some(self.threads), assume.threads);
        TimeRange {
            low_s: (self.c0_s * v_lo * t_lo).max(self.m0_s),
            high_s: (self.c0_s * v_hi * t_hi).max(self.m0_s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::class_vars::Floors;
    use super::super::{BoathullParam, Machine};
    use super::*;

    /// 1e6 elements, one operator application each, no offset.
    fn vars() -> ClassVars {
        ClassVars {
            w: 1e6,
            m: 1.0,
            o: 0.0,
            d: 2e6,
            c: 2e6,
            u: 0.0,
            floors: Floors {
                c1: true,
                m1: false,
            },
        }
    }

    #[test]
    fn one_thread_is_the_measured_share_where_the_cpu_has_one() {
        // Table 3's i7-930: one thread is 1 / N_threads = 1 / 8 of c0's rate.
        let paper = Cpu::I7_930.times(&vars(), 100.0).unwrap();
        assert!((paper.c2_s / paper.c0_s - 8.0).abs() < 1e-12);
        // Its four cores without their hyper-threads: 4 times one thread.
        let cores = Cpu {
            thread_speedup: Some(4.0),
            ..Cpu::I7_930
        };
        let t = cores.times(&vars(), 100.0).unwrap();
        assert!((t.c2_s / t.c0_s - 4.0).abs() < 1e-12);
        // Scalar on one thread: 4 lanes of 128 bits x 4.
        assert!((t.c3_s / t.c0_s - 16.0).abs() < 1e-12);
        let r = t.range(CpuAssumptions::UNKNOWN);
        assert!((r.high_s - t.c3_s.max(t.m0_s)).abs() < 1e-18);
        // Another N_threads drops the speedup: Section 4.4 again.
        let mut m = Machine::Cpu(cores);
        BoathullParam::NThreads.set(&mut m, 8.0).unwrap();
        assert_eq!(m.cpu().unwrap().thread_speedup, Some(4.0));
        BoathullParam::NThreads.set(&mut m, 6.0).unwrap();
        assert_eq!(m.cpu().unwrap().speedup(), 6.0);
        let bad = Cpu {
            thread_speedup: Some(f64::NAN),
            ..Cpu::I7_930
        };
        let e = bad.validate().unwrap_err().to_string();
        assert!(e.contains("thread_speedup = NaN"), "{e}");
    }

    #[test]
    fn a_dependent_chain_waits_each_fma_latency() {
        // 1e6 elements of f = 2048 operations (1024 FMAs) on 16 threads at
        // 2 ns an FMA: 62,500 elements per thread x 1024 x 2 ns = 0.128 s.
        let cpu = Cpu {
            n_threads: 16,
            fma_latency_ns: Some(2.0),
            ..Cpu::I7_930
        };
        let t = cpu.times(&vars(), 2048.0).unwrap();
        let chain = t.chain_s.expect("a latency is known");
        assert!((chain - 0.128).abs() < 1e-12, "{chain}");
        // 16 GFLOP/s of chains against 90 of vectors: 5.625 times c0.
        assert!((cpu.slowdown(CpuCompute::Chain) - 90.0 / 16.0).abs() < 1e-12);
        assert_eq!(t.with_compute_s(CpuCompute::Chain), chain.max(t.m0_s));
        // One element: memory-bound, the chain of 1 FMA far below m0.
        let short = cpu.times(&vars(), 2.0).unwrap();
        assert_eq!(short.with_compute_s(CpuCompute::Chain), short.m0_s);
        // The paper's CPUs have no latency: no chain floor.
        assert!(
            Cpu::I7_930
                .times(&vars(), 2048.0)
                .unwrap()
                .chain_s
                .is_none()
        );
        let bad = Cpu {
            fma_latency_ns: Some(0.0),
            ..cpu
        };
        let e = bad.validate().unwrap_err().to_string();
        assert!(e.contains("fma_latency_ns"), "{e}");
    }
}
