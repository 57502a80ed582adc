//! A platform's values read and set by the names `--set` and the presets
//! use ([`OffloadParam`]), each checked against its range.

use super::OffloadError;
use super::decision::Platform;
use super::launch::derived_active_blocks;
use super::param::OffloadParam;
use OffloadParam as P;

impl Platform {
    /// The field behind `p`; `active_blocks_per_sm` is set to its derived
    /// value first when the runtime does not give it. `bus_gbs` stands for
    /// both directions: [`Self::param`] and [`Self::set_param`] read and
    /// set it themselves (its slot here is the host-to-device rate).
    fn slot(&mut self, p: OffloadParam) -> &mut f64 {
        let (c, g, b, r) = (
            &mut self.cpu,
            &mut self.gpu,
            &mut self.bus,
            &mut self.runtime,
        );
        match p {
            P::SmCount => &mut g.sm_count,
            P::FreqGhz => &mut g.freq_ghz,
            P::MemBwGbs => &mut g.mem_bw_gbs,
            P::MemLd => &mut g.mem_ld,
            P::DepartureDelCoal => &mut g.departure_del_coal,
            P::DepartureDelUncoal => &mut g.departure_del_uncoal,
            P::TransPerWarpUncoal => &mut g.trans_per_warp_uncoal,
            P::IssueCycles => &mut g.issue_cycles,
            P::MaxThreadsPerSm => &mut g.max_threads_per_sm,
            P::MaxBlocksPerSm => &mut g.max_blocks_per_sm,
            P::ThreadsPerBlock => &mut r.threads_per_block,
            P::MaxBlocks => &mut r.max_blocks,
            P::ActiveBlocksPerSm => {
                let derived = derived_active_blocks(g, r.threads_per_block);
                r.active_blocks_per_sm.get_or_insert(derived)
            }
            P::Threads => &mut c.threads,
            P::CpuFreqGhz => &mut c.freq_ghz,
            P::Ipc => &mut c.ipc,
            P::CpuMemBwGbs => &mut c.mem_bw_gbs,
            P::TlbEntries => &mut c.tlb_entries,
            P::TlbMissPenalty => &mut c.tlb_miss_penalty,
            P::PageBytes => &mut c.page_bytes,
            P::LoopOverheadPerIter => &mut c.loop_overhead_per_iter,
            P::ScheduleStatic => &mut c.schedule_static,
            P::SyncOverhead => &mut c.sync_overhead,
            P::ParallelStartup => &mut c.parallel_startup,
            P::BusGbs | P::BusH2dGbs => &mut b.h2d_gbs,
            P::BusD2hGbs => &mut b.d2h_gbs,
            P::BusLatencyUs => &mut b.latency_us,
        }
    }

    /// The value of `p`; `active_blocks_per_sm` is the launch's (given or
    /// derived), `bus_gbs` the slower direction's rate.
    pub fn param(&self, p: OffloadParam) -> f64 {
        match p {
            P::ActiveBlocksPerSm => self.runtime.launch(&self.gpu).active_blocks_per_sm,
            P::BusGbs => self.bus.slower_gbs(),
            _ => *self.clone().slot(p),
        }
    }

    /// The parameters a check of this platform reads: every one, the bus
    /// as a file gives it (`bus_gbs` where both directions have one rate,
    /// else each direction's own), so that a message names the field.
    pub fn checked_params(&self) -> impl Iterator<Item = OffloadParam> {
        let one = self.bus.is_symmetric();
        OffloadParam::all().filter(move |p| match p {
            P::BusGbs => one,
            P::BusH2dGbs | P::BusD2hGbs => !one,
            _ => true,
        })
    }

    /// Every parameter by its rule, and a block that fits an SM.
    pub fn check(&self) -> Result<(), OffloadError> {
        for p in self.checked_params() {
            p.check(self.param(p))?;
        }
        if self.runtime.threads_per_block > self.gpu.max_threads_per_sm {
            return Err(OffloadError::BlockTooLarge {
                threads_per_block: self.runtime.threads_per_block,
                max_threads_per_sm: self.gpu.max_threads_per_sm,
            });
        }
        Ok(())
    }

    /// Set `p` after checking `value` against its rule (`bus_gbs`: both
    /// directions).
    pub fn set_param(&mut self, p: OffloadParam, value: f64) -> Result<(), OffloadError> {
        p.check(value)?;
        if p == P::BusGbs {
            (self.bus.h2d_gbs, self.bus.d2h_gbs) = (value, value);
        } else {
            *self.slot(p) = value;
        }
        Ok(())
    }
}
