//! Hong & Kim's model with the cache-aware memory term
//! ([`cache`](super::cache)): the same occupancy, MWP, CWP, execution
//! cases and waves as the published formulation (Eq. 3-24), with each
//! access's latency, departure delay and DRAM bytes from its memory class
//! in place of the two classes (coalesced, uncoalesced) of Eq. 8-13,
//! and the DRAM bytes of a warp instruction in place of
//! Load_bytes_per_warp in Eq. 5 (hits load no DRAM bandwidth).

use super::OffloadError;
use super::cache::MemClass;
use super::formulation::Formulation;
use super::hong_kim::{GpuKernel, GpuMachine, GpuPrediction, Latency, Terms, WarpCycles};

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
        let par = self.memory_parallelism(&occ, &lat, dram_bytes, mem_insts);
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
