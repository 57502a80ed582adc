//! Hong & Kim's model with the cache-aware memory term
//! ([`cache`](super::cache)): the same occupancy, MWP, CWP, execution
//! cases and waves as the published formulation (Eq. 3-24), with each
//! access's latency, departure delay and DRAM bytes from its memory class
//! in place of the two classes (coalesced, uncoalesced) of Eq. 8-13.

use super::OffloadError;
use super::cache::MemClass;
use super::formulation::Formulation;
use super::hong_kim::{
    GpuKernel, GpuMachine, GpuPrediction, Latency, MemoryParallelism, Terms, WarpCycles,
};

impl GpuMachine {
    /// Predicts `kernel` with the memory instructions of `classes` (its
    /// coalesced and uncoalesced counts are not read).
    pub fn predict_cached(
        &self,
        kernel: &GpuKernel,
        classes: &[MemClass],
    ) -> Result<GpuPrediction, OffloadError> {
        self.validate()?;
        kernel.validate()?;
        let k = kernel;
        let occ = self.occupancy(k);
        let mem_insts: f64 = classes.iter().map(|c| c.insts).sum();
        let total_insts = k.comp_insts + mem_insts;
        if total_insts <= 0.0 {
            return Err(OffloadError::NoInstructions);
        }
        let share = |value: fn(&MemClass) -> f64| -> f64 {
            if mem_insts > 0.0 {
                classes.iter().map(|c| c.insts * value(c)).sum::<f64>() / mem_insts
            } else {
                0.0
            }
        };
        let lat = Latency {
            mem_l_coal: self.mem_ld,
            mem_l_uncoal: self.mem_ld,
            mem_l: share(|c| c.latency),
            departure_delay: share(|c| c.departure),
        };
        let dram_bytes = share(|c| c.dram_bytes);
        let par = parallelism(self, occ.n, &lat, dram_bytes, mem_insts, occ.active_sms);
        let mem_cycles: f64 = classes.iter().map(|c| c.insts * c.latency).sum();
        let comp_cycles = self.issue_cycles * total_insts;
        let cyc = WarpCycles {
            mem_cycles,
            comp_cycles,
            cwp: ((mem_cycles + comp_cycles) / comp_cycles).min(occ.n),
        };
        let terms = Terms {
            occ,
            lat,
            par,
            cyc,
            mem_insts,
        };
        Ok(self.waves(k, &terms, Formulation::CacheAware))
    }
}

/// Eq. 3-7 with the DRAM bytes of a warp instruction in place of
/// Load_bytes_per_warp: accesses served by the caches do not load the
/// DRAM's bandwidth (no DRAM bytes: only latency limits MWP).
fn parallelism(
    m: &GpuMachine,
    n: f64,
    lat: &Latency,
    dram_bytes: f64,
    mem_insts: f64,
    active_sms: f64,
) -> MemoryParallelism {
    if mem_insts <= 0.0 || lat.mem_l <= 0.0 {
        return MemoryParallelism {
            mwp_without_bw_full: n,
            mwp_peak_bw: n,
            mwp: n,
        };
    }
    let mwp_without_bw_full = lat.mem_l / lat.departure_delay.max(f64::MIN_POSITIVE);
    let mwp_peak_bw = if dram_bytes > 0.0 {
        let bw_per_warp_gbs = m.freq_ghz * dram_bytes / lat.mem_l;
        m.mem_bw_gbs / (bw_per_warp_gbs * active_sms)
    } else {
        f64::INFINITY
    };
    MemoryParallelism {
        mwp_without_bw_full,
        mwp_peak_bw,
        mwp: mwp_without_bw_full.min(mwp_peak_bw).min(n),
    }
}
