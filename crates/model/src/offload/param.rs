//! The adjustable numbers of an offload platform: each with its `--set`
//! name (Hong & Kim's for the GPU), its field path in a platform file, its
//! unit, the values it takes, and getting or setting it on a
//! [`Platform`].

use serde::{Deserialize, Serialize};

use super::OffloadError;
use crate::Range;

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamRule {
    /// Finite and > 0.
    Positive,
    /// Finite and >= 0.
    NonNegative,
    /// A whole number >= 1.
    Count,
    /// Finite and >= 1.
    AtLeastOne,
}

impl ParamRule {
    /// What the rule asks for, for messages.
    pub fn need(self) -> &'static str {
        match self {
            ParamRule::Positive => "a finite positive number",
            ParamRule::NonNegative => "a finite number, zero or positive",
            ParamRule::Count => "a whole number of at least 1",
            ParamRule::AtLeastOne => "a finite number of at least 1",
        }
    }

    pub fn allows(self, v: f64) -> bool {
        v.is_finite()
            && match self {
                ParamRule::Positive => v > 0.0,
                ParamRule::NonNegative => v >= 0.0,
                ParamRule::Count => v >= 1.0 && v.fract() == 0.0,
                ParamRule::AtLeastOne => v >= 1.0,
            }
    }
}

/// One adjustable number of an offload platform. Saved by its `--set`
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum OffloadParam {
    SmCount,
    FreqGhz,
    MemBwGbs,
    MemLd,
    DepartureDelCoal,
    DepartureDelUncoal,
    TransPerWarpUncoal,
    IssueCycles,
    MaxThreadsPerSm,
    MaxBlocksPerSm,
    ThreadsPerBlock,
    MaxBlocks,
    ActiveBlocksPerSm,
    Threads,
    CpuFreqGhz,
    Ipc,
    CpuMemBwGbs,
    TlbEntries,
    TlbMissPenalty,
    PageBytes,
    LoopOverheadPerIter,
    ScheduleStatic,
    SyncOverhead,
    ParallelStartup,
    BusGbs,
    BusH2dGbs,
    BusD2hGbs,
    BusLatencyUs,
}

use OffloadParam as P;

/// (parameter, `--set` name, field path, unit, rule, label, description).
type Info = (
    OffloadParam,
    &'static str,
    &'static str,
    &'static str,
    ParamRule,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
const INFO: [Info; 28] = [
    (P::SmCount, "sm_count", "gpu.sm_count", "SMs", ParamRule::Count, "SM count", "Streaming multiprocessors of the GPU (#SM)"),
    (P::FreqGhz, "freq_ghz", "gpu.freq_ghz", "GHz", ParamRule::Positive, "GPU clock", "Core clock of the GPU (Freq)"),
    (P::MemBwGbs, "mem_bw_gbs", "gpu.mem_bw_gbs", "GB/s", ParamRule::Positive, "GPU memory bandwidth", "DRAM bandwidth of the GPU (Mem_Bandwidth); bounds MWP"),
    (P::MemLd, "mem_ld", "gpu.mem_ld", "cycles", ParamRule::Positive, "memory latency Mem_LD", "Cycles from a warp's memory request to its data (Mem_LD)"),
    (P::DepartureDelCoal, "departure_del_coal", "gpu.departure_del_coal", "cycles", ParamRule::Positive, "departure delay, coalesced", "Cycles between two coalesced memory warps leaving an SM (Departure_del_coal)"),
    (P::DepartureDelUncoal, "departure_del_uncoal", "gpu.departure_del_uncoal", "cycles", ParamRule::Positive, "departure delay, uncoalesced", "Cycles between two transactions of one uncoalesced warp access (Departure_del_uncoal)"),
    (P::TransPerWarpUncoal, "trans_per_warp_uncoal", "gpu.trans_per_warp_uncoal", "transactions", ParamRule::AtLeastOne, "uncoalesced transactions", "Memory transactions one uncoalesced warp access makes (#Uncoal_per_mw); 32 = one per thread"),
    (P::IssueCycles, "issue_cycles", "gpu.issue_cycles", "cycles", ParamRule::Positive, "issue cycles", "Cycles to issue one instruction of one warp (#Issue_cycles)"),
    (P::MaxThreadsPerSm, "max_threads_per_sm", "gpu.max_threads_per_sm", "threads", ParamRule::Count, "resident threads per SM", "Threads an SM holds at once (occupancy limit)"),
    (P::MaxBlocksPerSm, "max_blocks_per_sm", "gpu.max_blocks_per_sm", "blocks", ParamRule::Count, "resident blocks limit", "Blocks an SM holds at most (occupancy limit)"),
    (P::ThreadsPerBlock, "threads_per_block", "runtime.threads_per_block", "threads", ParamRule::Count, "threads per block", "Threads of each block the OpenMP runtime launches"),
    (P::MaxBlocks, "max_blocks", "runtime.max_blocks", "blocks", ParamRule::Count, "largest grid", "Most blocks the runtime launches; more iterations loop inside each thread (#OMP_Rep)"),
    (P::ActiveBlocksPerSm, "active_blocks_per_sm", "runtime.active_blocks_per_sm", "blocks", ParamRule::Count, "resident blocks per SM", "Blocks an SM holds at once (occupancy); derived from the GPU's limits unless set"),
    (P::Threads, "threads", "cpu.threads", "threads", ParamRule::Count, "host threads", "OpenMP threads of the host's parallel region (the paper uses 160 and 4)"),
    (P::CpuFreqGhz, "cpu_freq_ghz", "cpu.freq_ghz", "GHz", ParamRule::Positive, "CPU clock", "Core clock of the host CPU"),
    (P::Ipc, "ipc", "cpu.ipc", "instructions/cycle", ParamRule::Positive, "instructions per cycle", "Instructions one OpenMP thread completes per cycle"),
    (P::CpuMemBwGbs, "cpu_mem_bw_gbs", "cpu.mem_bw_gbs", "GB/s", ParamRule::Positive, "CPU memory bandwidth", "DRAM bandwidth all host threads share; a floor under streaming loops"),
    (P::TlbEntries, "tlb_entries", "cpu.tlb_entries", "entries", ParamRule::Count, "TLB entries", "Entries of the TLB"),
    (P::TlbMissPenalty, "tlb_miss_penalty", "cpu.tlb_miss_penalty", "cycles", ParamRule::NonNegative, "TLB miss penalty", "Cycles lost per TLB miss"),
    (P::PageBytes, "page_bytes", "cpu.page_bytes", "bytes", ParamRule::Positive, "page size", "Bytes of one memory page"),
    (P::LoopOverheadPerIter, "loop_overhead_per_iter", "cpu.loop_overhead_per_iter", "cycles", ParamRule::NonNegative, "loop overhead", "Cycles of loop control per parallel iteration"),
    (P::ScheduleStatic, "schedule_static", "cpu.schedule_static", "cycles", ParamRule::NonNegative, "static schedule", "Cycles to hand out a static schedule"),
    (P::SyncOverhead, "sync_overhead", "cpu.sync_overhead", "cycles", ParamRule::NonNegative, "synchronization", "Cycles of the barrier closing the region"),
    (P::ParallelStartup, "parallel_startup", "cpu.parallel_startup", "cycles", ParamRule::NonNegative, "parallel start-up", "Cycles to start the parallel region (fork)"),
    (P::BusGbs, "bus_gbs", "bus.bw_gbs", "GB/s", ParamRule::Positive, "bus bandwidth", "Host-device transfer rate of both directions (PCIe, NVLink); set, it sets both; read, the slower"),
    (P::BusH2dGbs, "bus_h2d_gbs", "bus.h2d_gbs", "GB/s", ParamRule::Positive, "bus rate to the device", "Host-to-device transfer rate (copies before the kernel)"),
    (P::BusD2hGbs, "bus_d2h_gbs", "bus.d2h_gbs", "GB/s", ParamRule::Positive, "bus rate from the device", "Device-to-host transfer rate (copies after the kernel)"),
    (P::BusLatencyUs, "bus_latency_us", "bus.latency_us", "us", ParamRule::NonNegative, "bus latency", "Fixed cost of one transfer over the bus"),
];

impl OffloadParam {
    /// The GPU's own parameters in Hong & Kim's model (the fields of
    /// [`GpuMachine`](super::GpuMachine) the model reads): what `eval
    /// hongkim` takes besides the kernel's.
    pub const HONG_KIM_GPU: [OffloadParam; 8] = [
        OffloadParam::SmCount,
        OffloadParam::FreqGhz,
        OffloadParam::MemBwGbs,
        OffloadParam::MemLd,
        OffloadParam::DepartureDelCoal,
        OffloadParam::DepartureDelUncoal,
        OffloadParam::TransPerWarpUncoal,
        OffloadParam::IssueCycles,
    ];

    /// Every parameter: the GPU's, the launch's, the CPU's, the bus's
    /// (`bus_gbs`, both directions, before each direction's own).
    pub fn all() -> impl Iterator<Item = OffloadParam> {
        INFO.iter().map(|i| i.0)
    }

    fn info(self) -> &'static Info {
        // INFO lists the variants in declaration order.
        &INFO[self as usize]
    }

    /// The `--set` name (Hong & Kim's for the GPU, `cpu_` for the host's
    /// clock and bandwidth).
    pub fn name(self) -> &'static str {
        self.info().1
    }

    /// The field path in a platform file, e.g. `gpu.mem_ld`.
    pub fn path(self) -> &'static str {
        self.info().2
    }

    pub fn unit(self) -> &'static str {
        self.info().3
    }

    pub fn rule(self) -> ParamRule {
        self.info().4
    }

    /// The physical range (within the rule): clocks 1e-3 to 1e3 GHz,
    /// bandwidths 1e-3 to 1e6 GB/s, latencies and delays 1e-3 to 1e6
    /// cycles, overheads 0 to 1e9 cycles, counts from 1 to 1e4 SMs, 1e6
    /// threads or blocks per SM, 1e12 blocks.
    pub fn range(self) -> Range {
        let unit = self.unit();
        let r = |min: f64, max: f64| Range::new(min, max, unit);
        match self {
            P::SmCount => r(1.0, 1e4).whole(),
            P::FreqGhz | P::CpuFreqGhz => r(1e-3, 1e3),
            P::MemBwGbs | P::CpuMemBwGbs | P::BusGbs | P::BusH2dGbs | P::BusD2hGbs => r(1e-3, 1e6),
            P::MemLd | P::DepartureDelCoal | P::DepartureDelUncoal | P::IssueCycles => r(1e-3, 1e6),
            P::TransPerWarpUncoal => r(1.0, 1e4),
            P::MaxThreadsPerSm
            | P::MaxBlocksPerSm
            | P::ThreadsPerBlock
            | P::ActiveBlocksPerSm
            | P::Threads => r(1.0, 1e6).whole(),
            P::MaxBlocks => r(1.0, 1e12).whole(),
            P::Ipc => r(1e-3, 1e3),
            P::TlbEntries => r(1.0, 1e9).whole(),
            P::PageBytes => r(1.0, 1e12),
            P::TlbMissPenalty | P::LoopOverheadPerIter | P::BusLatencyUs => r(0.0, 1e6),
            P::ScheduleStatic | P::SyncOverhead | P::ParallelStartup => r(0.0, 1e9),
        }
    }

    /// A short label for the GUI.
    pub fn label(self) -> &'static str {
        self.info().5
    }

    pub fn description(self) -> &'static str {
        self.info().6
    }

    /// The parameter of a `--set` name.
    pub fn from_name(name: &str) -> Option<OffloadParam> {
        INFO.iter().find(|i| i.1 == name).map(|i| i.0)
    }

    /// The `--set` names, space separated, for messages.
    pub fn names() -> String {
        INFO.iter().map(|i| i.1).collect::<Vec<_>>().join(" ")
    }

    /// `Ok` when `value` lies in the range, else the error naming the
    /// parameter, its unit and both bounds.
    pub fn check(self, value: f64) -> Result<(), OffloadError> {
        Ok(self.range().check(self.name(), self.label(), value)?)
    }
}

/// The range of a kernel's problem size n: a whole number from 1 to 1e15
/// (elements per dimension).
pub const PROBLEM_SIZE: Range = Range::new(1.0, 1e15, "").whole();

/// A name that is no offload parameter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown offload parameter '{0}'; known: {names}", names = OffloadParam::names())]
pub struct UnknownParam(pub String);

impl TryFrom<String> for OffloadParam {
    type Error = UnknownParam;

    fn try_from(name: String) -> Result<Self, UnknownParam> {
        OffloadParam::from_name(&name).ok_or(UnknownParam(name))
    }
}

impl From<OffloadParam> for String {
    fn from(p: OffloadParam) -> String {
        p.name().to_string()
    }
}

impl std::fmt::Display for OffloadParam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_parameter_in_order() {
        for (k, p) in OffloadParam::all().enumerate() {
            assert_eq!(p as usize, k, "{p:?}");
            assert_eq!(OffloadParam::from_name(p.name()), Some(p));
        }
        assert_eq!(OffloadParam::all().count(), 28);
    }

    #[test]
    fn names_round_trip_through_strings() {
        let s: String = OffloadParam::MemLd.into();
        assert_eq!(s, "mem_ld");
        assert_eq!(OffloadParam::try_from(s), Ok(OffloadParam::MemLd));
        let e = OffloadParam::try_from("warp".to_string()).unwrap_err();
        assert_eq!(e, UnknownParam("warp".into()));
        assert!(e.to_string().contains("mem_ld"), "{e}");
    }
}
