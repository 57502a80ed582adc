//! The GPU side: the analytical model of Hong & Kim (ISCA 2009, "An analytical
//! model for a GPU architecture with memory-level and thread-level
//! parallelism awareness"), equation numbers theirs, with the `#OMP_Rep`
//! factor of Chikin et al. (IPDPSW 2019, "the paper" below: its Figure 4) and
//! the bus transfer of its Section IV-B.
//!
//! Per SM, N warps are active. A memory warp waits `Mem_L` cycles for its
//! data; warps can leave for memory only every `Departure_delay` cycles, so
//! at most MWP of them overlap their memory periods (memory warp
//! parallelism). While one warp waits, CWP warps can compute (computation
//! warp parallelism). Which of the two is smaller decides the execution case.
//!
//! The paper's Figure 4 prints the case conditions garbled: it puts
//! `MWP > CWP` next to the memory-bound formula and `CWP > WWP` next to the
//! compute-bound one. Two readings are offered ([`Formulation`]):
//!
//! - `Published` (the default), as Hong & Kim's model is written in its
//!   public implementations: #Rep the plain quotient of Eq. 22, and the
//!   memory-bound formula when `CWP >= MWP or Comp_cycles > Mem_cycles`,
//!   the compute-bound one otherwise.
//! - `WholeWaves`, a refinement: a partial last wave of blocks still takes
//!   a wave's time (#Rep rounded up), and the `Comp_cycles > Mem_cycles`
//!   clause is dropped, since Eq. 20 then charges a compute-heavy kernel
//!   with its memory cycles only and loses most of its computation.
//!
//! In both, MWP - 1 is never negative (see `warps_ahead`) and #OMP_Rep
//! counts whole loop iterations per thread.

use serde::{Deserialize, Serialize};

use super::formulation::Formulation;
use super::{OffloadError, count, non_negative, positive};

/// Threads per warp.
pub const WARP_SIZE: f64 = 32.0;

/// The GPU machine parameters (named as in Hong & Kim; the paper's Table III
/// gives them for a V100) and its occupancy limits. Offload platform
/// presets write these fields under `gpu`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuMachine {
    pub name: String,
    /// Number of streaming multiprocessors.
    pub sm_count: f64,
    /// Core clock in GHz (Freq).
    pub freq_ghz: f64,
    /// DRAM bandwidth in GB/s (Mem_Bandwidth).
    pub mem_bw_gbs: f64,
    /// DRAM access latency in cycles (Mem_LD).
    pub mem_ld: f64,
    /// Cycles between two consecutive coalesced memory warps leaving an SM
    /// (Departure_del_coal).
    pub departure_del_coal: f64,
    /// Cycles between two transactions of one uncoalesced warp access
    /// (Departure_del_uncoal).
    pub departure_del_uncoal: f64,
    /// Memory transactions one uncoalesced warp access makes (#Uncoal_per_mw).
    pub trans_per_warp_uncoal: f64,
    /// Cycles to issue one instruction of one warp (#Issue_cycles).
    pub issue_cycles: f64,
    /// Resident threads per SM (occupancy limit).
    pub max_threads_per_sm: f64,
    /// Resident blocks per SM (occupancy limit).
    pub max_blocks_per_sm: f64,
}

/// A GPU kernel: dynamic instruction counts per thread and the launch.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuKernel {
    /// Computation instructions per thread (#Comp_insts).
    pub comp_insts: f64,
    /// Coalesced memory instructions per thread (#Coal_Mem_insts).
    pub coal_mem_insts: f64,
    /// Uncoalesced memory instructions per thread (#Uncoal_Mem_insts).
    pub uncoal_mem_insts: f64,
    /// Barrier synchronizations per thread (#Synch_insts).
    pub sync_insts: f64,
    /// Threads per block.
    pub threads_per_block: f64,
    /// Blocks in the grid (#Blocks).
    pub blocks: f64,
    /// Blocks resident on one SM at a time (#Active_blocks_per_SM), as the
    /// occupancy limits allow.
    pub active_blocks_per_sm: f64,
    /// Bytes one warp loads per memory instruction (Load_bytes_per_warp,
    /// Hong & Kim Eq. 4); 128 for 32 threads reading 4 bytes each.
    pub load_bytes_per_warp: f64,
    /// Iterations of the original parallel loop. When they exceed the
    /// launched threads, each thread runs several (the paper's `#OMP_Rep`);
    /// `None` means one iteration per thread.
    pub loop_iterations: Option<f64>,
}

/// Which formula of Hong & Kim Eq. 19-21 applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExecCase {
    /// MWP = N = CWP: too few warps to hide latency (Eq. 19).
    NotEnoughWarps,
    /// CWP >= MWP: memory bandwidth or latency bounds the run (Eq. 20).
    MemoryBound,
    /// MWP > CWP: computation bounds the run (Eq. 21).
    ComputeBound,
}

impl std::fmt::Display for ExecCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ExecCase::NotEnoughWarps => "MWP = N = CWP (not enough warps)",
            ExecCase::MemoryBound => {
                "memory-bound (CWP >= MWP, or Comp_cycles > Mem_cycles as published)"
            }
            ExecCase::ComputeBound => "compute-bound (MWP > CWP)",
        })
    }
}

/// Every intermediate of the model and the predicted time.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuPrediction {
    /// Active warps per SM (N).
    pub n: f64,
    /// SMs that receive blocks (#Active_SMs).
    pub active_sms: f64,
    /// Latency of an uncoalesced memory warp in cycles (Eq. 8).
    pub mem_l_uncoal: f64,
    /// Average memory latency in cycles (Eq. 12).
    pub mem_l: f64,
    /// Average departure delay in cycles (Eq. 13).
    pub departure_delay: f64,
    /// MWP from latency alone, Mem_L / Departure_delay (Eq. 6).
    pub mwp_without_bw_full: f64,
    /// MWP the DRAM bandwidth allows (Eq. 5).
    pub mwp_peak_bw: f64,
    /// Memory warp parallelism (Eq. 3).
    pub mwp: f64,
    /// Computation warp parallelism (Eq. 17).
    pub cwp: f64,
    /// Memory cycles of one warp (Eq. 14).
    pub mem_cycles: f64,
    /// Computation cycles of one warp (Eq. 15).
    pub comp_cycles: f64,
    /// Waves of blocks over the SMs (#Rep, Eq. 22, rounded up).
    pub rep: f64,
    /// Loop iterations per thread (the paper's #OMP_Rep).
    pub omp_rep: f64,
    /// The execution case.
    pub case: ExecCase,
    /// Cycles without synchronization (Eq. 19-21, x #Rep x #OMP_Rep).
    pub exec_cycles: f64,
    /// Cycles of barrier synchronization (Eq. 23, x #OMP_Rep).
    pub sync_cycles: f64,
    /// exec_cycles + sync_cycles (Eq. 24).
    pub total_cycles: f64,
    /// total_cycles at freq_ghz, in seconds.
    pub seconds: f64,
}

impl GpuMachine {
    /// The machine of Hong & Kim's worked example: 16 SMs at 1 GHz, 80
    /// GB/s, Mem_LD 420 cycles, 10 cycles between the 32 transactions of
    /// an uncoalesced warp, 4 issue cycles. Its coalesced departure delay
    /// (4 cycles) and occupancy limits are not used by the example.
    pub fn hong_kim_example() -> GpuMachine {
        GpuMachine {
            name: "Hong & Kim's worked example".into(),
            sm_count: 16.0,
            freq_ghz: 1.0,
            mem_bw_gbs: 80.0,
            mem_ld: 420.0,
            departure_del_coal: 4.0,
            departure_del_uncoal: 10.0,
            trans_per_warp_uncoal: 32.0,
            issue_cycles: 4.0,
            max_threads_per_sm: 1024.0,
            max_blocks_per_sm: 8.0,
        }
    }
}

impl GpuKernel {
    /// The kernel of Hong & Kim's worked example: 27 computation and 6
    /// uncoalesced memory instructions and 6 barriers per thread, 80
    /// blocks of 128 threads, 5 blocks resident per SM.
    pub fn hong_kim_example() -> GpuKernel {
        GpuKernel {
            comp_insts: 27.0,
            coal_mem_insts: 0.0,
            uncoal_mem_insts: 6.0,
            sync_insts: 6.0,
            threads_per_block: 128.0,
            blocks: 80.0,
            active_blocks_per_sm: 5.0,
            load_bytes_per_warp: 128.0,
            loop_iterations: None,
        }
    }
}

impl GpuMachine {
    /// Predicts the run time of `kernel` on this GPU in the published
    /// formulation (see [`GpuMachine::predict_with`]).
    pub fn predict(&self, kernel: &GpuKernel) -> Result<GpuPrediction, OffloadError> {
        self.predict_with(kernel, Formulation::Published)
    }

    /// Predicts the run time of `kernel` on this GPU (Hong & Kim Section 4,
    /// Eq. 3-24, and the paper's Figure 4 with `#OMP_Rep`), #Rep and the
    /// case read as `f` says.
    pub fn predict_with(
        &self,
        kernel: &GpuKernel,
        f: Formulation,
    ) -> Result<GpuPrediction, OffloadError> {
        self.validate()?;
        kernel.validate()?;
        if f.uses_caches() {
            return Err(OffloadError::NeedsSubscripts);
        }
        let k = kernel;
        let occ = self.occupancy(k);
        let mem_insts = k.coal_mem_insts + k.uncoal_mem_insts;
        let total_insts = k.comp_insts + mem_insts;
        if total_insts <= 0.0 {
            return Err(OffloadError::NoInstructions);
        }
        let lat = self.latency(k, mem_insts);
        let par = self.memory_parallelism(&occ, &lat, k.load_bytes_per_warp, mem_insts);
        let cyc = self.warp_cycles(k, &lat, total_insts, occ.n);
        let terms = Terms {
            occ,
            lat,
            par,
            cyc,
            mem_insts,
        };
        Ok(self.waves(k, &terms, f))
    }

    /// Eq. 19-24 once the memory and computation terms are known: the
    /// case, the cycles of a wave, the waves and #OMP_Rep, the barriers,
    /// the time (both the two-class and the cache-aware memory terms end
    /// here).
    pub(super) fn waves(&self, k: &GpuKernel, t: &Terms, f: Formulation) -> GpuPrediction {
        let (occ, lat, par, cyc, mem_insts) = (&t.occ, &t.lat, &t.par, &t.cyc, t.mem_insts);
        let (rep, omp_rep) = repetitions(k, occ, f);
        let case = exec_case(par.mwp, cyc, occ.n, f);
        let per_wave = per_wave_cycles(case, occ, lat, par, cyc, mem_insts);
        let exec_cycles = per_wave * rep * omp_rep;
        // Eq. 23: each barrier waits for the MWP - 1 memory warps ahead
        // (none when MWP < 1: see `warps_ahead`).
        let sync_cycles = lat.departure_delay
            * warps_ahead(par.mwp)
            * k.sync_insts
            * occ.blocks_per_sm
            * rep
            * omp_rep;
        let total_cycles = exec_cycles + sync_cycles;
        GpuPrediction {
            n: occ.n,
            active_sms: occ.active_sms,
            mem_l_uncoal: lat.mem_l_uncoal,
            mem_l: lat.mem_l,
            departure_delay: lat.departure_delay,
            mwp_without_bw_full: par.mwp_without_bw_full,
            mwp_peak_bw: par.mwp_peak_bw,
            mwp: par.mwp,
            cwp: cyc.cwp,
            mem_cycles: cyc.mem_cycles,
            comp_cycles: cyc.comp_cycles,
            rep,
            omp_rep,
            case,
            exec_cycles,
            sync_cycles,
            total_cycles,
            seconds: total_cycles / (self.freq_ghz * 1e9),
        }
    }

    /// SMs and resident blocks actually used: a small grid does not fill
    /// every SM, nor every block slot of an SM; N is the warps of the
    /// resident blocks.
    pub(super) fn occupancy(&self, k: &GpuKernel) -> Occupancy {
        let active_sms = self.sm_count.min(k.blocks);
        let blocks_per_sm = k.active_blocks_per_sm.min((k.blocks / active_sms).ceil());
        let warps_per_block = (k.threads_per_block / WARP_SIZE).ceil();
        Occupancy {
            active_sms,
            blocks_per_sm,
            n: blocks_per_sm * warps_per_block,
        }
    }

    /// Eq. 8-13: latency and departure delay, weighted by the share of
    /// coalesced and uncoalesced memory instructions.
    fn latency(&self, k: &GpuKernel, mem_insts: f64) -> Latency {
        let mem_l_coal = self.mem_ld;
        let mem_l_uncoal =
            self.mem_ld + (self.trans_per_warp_uncoal - 1.0) * self.departure_del_uncoal;
        let (w_coal, w_uncoal) = if mem_insts > 0.0 {
            (k.coal_mem_insts / mem_insts, k.uncoal_mem_insts / mem_insts)
        } else {
            (0.0, 0.0)
        };
        let mem_l = mem_l_uncoal * w_uncoal + mem_l_coal * w_coal;
        let departure_delay = self.departure_del_uncoal * self.trans_per_warp_uncoal * w_uncoal
            + self.departure_del_coal * w_coal;
        Latency {
            mem_l_coal,
            mem_l_uncoal,
            mem_l,
            departure_delay,
        }
    }

    /// Eq. 3-7: MWP. Without memory instructions nothing waits on memory
    /// and every warp counts as overlapped (MWP = N).
    pub(super) fn memory_parallelism(
        &self,
        occ: &Occupancy,
        lat: &Latency,
        load_bytes_per_warp: f64,
        mem_insts: f64,
    ) -> MemoryParallelism {
        let n = occ.n;
        let mem_l = lat.mem_l;
        let (mwp_without_bw_full, mwp_peak_bw) = if mem_insts > 0.0 && mem_l > 0.0 {
            // A warp that loads no DRAM bytes (every access a cache hit,
            // cache-aware term) leaves only the latency to limit MWP.
            let peak = if load_bytes_per_warp > 0.0 {
                let bw_per_warp_gbs = self.freq_ghz * load_bytes_per_warp / mem_l;
                self.mem_bw_gbs / (bw_per_warp_gbs * occ.active_sms)
            } else {
                f64::INFINITY
            };
            (mem_l / lat.departure_delay, peak)
        } else {
            (n, n)
        };
        MemoryParallelism {
            mwp_without_bw_full,
            mwp_peak_bw,
            mwp: mwp_without_bw_full.min(mwp_peak_bw).min(n),
        }
    }

    /// Eq. 14-17: cycles of one warp and CWP. Synchronizations are not
    /// issued work here; Eq. 23 charges them.
    fn warp_cycles(&self, k: &GpuKernel, lat: &Latency, total_insts: f64, n: f64) -> WarpCycles {
        let mem_cycles = lat.mem_l_uncoal * k.uncoal_mem_insts + lat.mem_l_coal * k.coal_mem_insts;
        let comp_cycles = self.issue_cycles * total_insts;
        WarpCycles {
            mem_cycles,
            comp_cycles,
            cwp: ((mem_cycles + comp_cycles) / comp_cycles).min(n),
        }
    }
}

impl GpuKernel {
    /// Every count and the launch in range.
    pub(super) fn validate(&self) -> Result<(), OffloadError> {
        non_negative("comp_insts", "instructions", self.comp_insts)?;
        non_negative("coal_mem_insts", "instructions", self.coal_mem_insts)?;
        non_negative("uncoal_mem_insts", "instructions", self.uncoal_mem_insts)?;
        non_negative("sync_insts", "instructions", self.sync_insts)?;
        count("threads_per_block", self.threads_per_block)?;
        count("blocks", self.blocks)?;
        count("active_blocks_per_sm", self.active_blocks_per_sm)?;
        positive("load_bytes_per_warp", "bytes", self.load_bytes_per_warp)?;
        if let Some(it) = self.loop_iterations {
            non_negative("loop_iterations", "iterations", it)?;
        }
        Ok(())
    }
}

/// Everything Eq. 19-24 read: the occupancy, the memory and computation
/// terms, and the memory instructions of a thread.
pub(super) struct Terms {
    pub(super) occ: Occupancy,
    pub(super) lat: Latency,
    pub(super) par: MemoryParallelism,
    pub(super) cyc: WarpCycles,
    pub(super) mem_insts: f64,
}

/// Where a kernel's blocks sit on the SMs.
pub(super) struct Occupancy {
    /// SMs that receive blocks (#Active_SMs).
    pub(super) active_sms: f64,
    /// Blocks resident on one SM at a time.
    pub(super) blocks_per_sm: f64,
    /// Active warps per SM (N).
    pub(super) n: f64,
}

/// Memory latencies and the departure delay (Eq. 8-13).
pub(super) struct Latency {
    /// Latency of a coalesced memory warp: Mem_LD.
    pub(super) mem_l_coal: f64,
    /// Latency of an uncoalesced memory warp (Eq. 8).
    pub(super) mem_l_uncoal: f64,
    /// Average memory latency (Eq. 12).
    pub(super) mem_l: f64,
    /// Average departure delay (Eq. 13).
    pub(super) departure_delay: f64,
}

/// Memory warp parallelism and its two limits (Eq. 3-7).
pub(super) struct MemoryParallelism {
    /// Mem_L / Departure_delay (Eq. 6).
    pub(super) mwp_without_bw_full: f64,
    /// What the DRAM bandwidth allows (Eq. 5).
    pub(super) mwp_peak_bw: f64,
    /// The smallest of the two and N (Eq. 3).
    pub(super) mwp: f64,
}

/// Cycles of one warp and the computation warp parallelism (Eq. 14-17).
pub(super) struct WarpCycles {
    /// Memory cycles (Eq. 14).
    pub(super) mem_cycles: f64,
    /// Computation cycles (Eq. 15).
    pub(super) comp_cycles: f64,
    /// CWP (Eq. 17).
    pub(super) cwp: f64,
}

/// Eq. 22 and #OMP_Rep: waves of blocks (a plain quotient as Hong & Kim
/// write it, or whole waves: a partial last wave still takes a wave's
/// time), whole loop iterations per thread.
pub(super) fn repetitions(k: &GpuKernel, occ: &Occupancy, f: Formulation) -> (f64, f64) {
    let waves = k.blocks / (occ.blocks_per_sm * occ.active_sms);
    let rep = match f {
        Formulation::Published | Formulation::CacheAware | Formulation::Hierarchy => waves,
        Formulation::WholeWaves => waves.ceil(),
    };
    let threads = k.blocks * k.threads_per_block;
    let omp_rep = match k.loop_iterations {
        Some(it) => (it / threads).ceil().max(1.0),
        None => 1.0,
    };
    (rep, omp_rep)
}

/// Which of Eq. 19-21 applies (see the module notes on the conditions).
pub(super) fn exec_case(mwp: f64, cyc: &WarpCycles, n: f64, f: Formulation) -> ExecCase {
    let cwp = cyc.cwp;
    let compute_heavy = f != Formulation::WholeWaves && cyc.comp_cycles > cyc.mem_cycles;
    if mwp >= n && cwp >= n {
        ExecCase::NotEnoughWarps
    } else if cwp >= mwp || compute_heavy {
        ExecCase::MemoryBound
    } else {
        ExecCase::ComputeBound
    }
}

/// Cycles of one wave of blocks by Eq. 19, 20 or 21.
/// MWP - 1, the memory warps ahead of the last one (Eq. 19, 20, 23), and
/// never negative: when the bandwidth allows less than one warp in flight
/// (MWP_peak_BW < 1, Eq. 5), Eq. 20's Mem_cycles x N / MWP already charges
/// the slow memory, and no warp is ahead to overlap with or wait for. Taken
/// as printed, MWP - 1 < 0 would subtract cycles, so a slower memory would
/// predict a faster kernel.
pub(super) fn warps_ahead(mwp: f64) -> f64 {
    (mwp - 1.0).max(0.0)
}

pub(super) fn per_wave_cycles(
    case: ExecCase,
    occ: &Occupancy,
    lat: &Latency,
    par: &MemoryParallelism,
    cyc: &WarpCycles,
    mem_insts: f64,
) -> f64 {
    let (n, mwp) = (occ.n, par.mwp);
    let (mem_cycles, comp_cycles) = (cyc.mem_cycles, cyc.comp_cycles);
    // Comp_cycles / #Mem_insts x (MWP - 1): the computation of the last
    // warps, after the final memory period (zero without memory).
    let tail = if mem_insts > 0.0 {
        comp_cycles / mem_insts * warps_ahead(mwp)
    } else {
        0.0
    };
    match case {
        ExecCase::NotEnoughWarps => mem_cycles + comp_cycles + tail, // Eq. 19
        ExecCase::MemoryBound => mem_cycles * n / mwp + tail,        // Eq. 20
        ExecCase::ComputeBound => lat.mem_l + comp_cycles * n,       // Eq. 21
    }
}
