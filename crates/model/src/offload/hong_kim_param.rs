//! The numbers of Hong & Kim's GPU model that `eval hongkim` sets by
//! name: the GPU's (as [`OffloadParam`]s) and the kernel's
//! ([`KERNEL_PARAMS`]), each checked against its range, and the GPU's
//! check as a whole.

use super::OffloadError;
use super::hong_kim::{GpuKernel, GpuMachine};
use super::param::OffloadParam;
use crate::Range;

use OffloadParam as P;

/// The numbers of a Hong & Kim GPU kernel that `eval hongkim` adjusts
/// besides the GPU's: name, what it is, physical range.
pub const KERNEL_PARAMS: [(&str, &str, Range); 9] = [
    (
        "comp_insts",
        "computation instructions per thread",
        per_thread("instructions"),
    ),
    (
        "coal_mem_insts",
        "coalesced memory instructions per thread",
        per_thread("instructions"),
    ),
    (
        "uncoal_mem_insts",
        "uncoalesced memory instructions per thread",
        per_thread("instructions"),
    ),
    ("sync_insts", "barriers per thread", per_thread("barriers")),
    (
        "threads_per_block",
        "threads per block",
        Range::new(1.0, 1e6, "threads").whole(),
    ),
    (
        "blocks",
        "blocks of the grid",
        Range::new(1.0, 1e12, "blocks").whole(),
    ),
    (
        "active_blocks_per_sm",
        "resident blocks per SM",
        Range::new(1.0, 1e6, "blocks").whole(),
    ),
    (
        "load_bytes_per_warp",
        "bytes a warp loads per memory instruction",
        Range::new(1.0, 1e6, "bytes"),
    ),
    (
        "loop_iterations",
        "iterations of the parallel loop",
        Range::new(0.0, 1e15, "iterations"),
    ),
];

/// 0 to 1e9 `unit` per thread.
const fn per_thread(unit: &'static str) -> Range {
    Range::new(0.0, 1e9, unit)
}

/// Set the value of `name` (a GPU parameter by its `--set` name or one of
/// [`KERNEL_PARAMS`]) on Hong & Kim's machine and kernel after checking its
/// range; `Ok(false)` for a name that is neither.
pub fn set_hong_kim(
    m: &mut GpuMachine,
    k: &mut GpuKernel,
    name: &str,
    v: f64,
) -> Result<bool, OffloadError> {
    if let Some((_, what, range)) = KERNEL_PARAMS.iter().find(|p| p.0 == name) {
        range.check(name, what, v)?;
    } else if let Some(p) = OffloadParam::from_name(name) {
        p.check(v)?;
    }
    match hong_kim_slot(m, k, name) {
        Some(slot) => {
            *slot = v;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// The value of `name` on Hong & Kim's machine and kernel (as
/// [`set_hong_kim`] names them); `loop_iterations` not given is one per
/// launched thread.
pub fn hong_kim_value(m: &GpuMachine, k: &GpuKernel, name: &str) -> Option<f64> {
    if name == "loop_iterations" {
        return Some(k.loop_iterations.unwrap_or(k.blocks * k.threads_per_block));
    }
    let (mut m, mut k) = (m.clone(), k.clone());
    hong_kim_slot(&mut m, &mut k, name).map(|v| *v)
}

fn hong_kim_slot<'a>(
    m: &'a mut GpuMachine,
    k: &'a mut GpuKernel,
    name: &str,
) -> Option<&'a mut f64> {
    Some(match name {
        "sm_count" => &mut m.sm_count,
        "freq_ghz" => &mut m.freq_ghz,
        "mem_bw_gbs" => &mut m.mem_bw_gbs,
        "mem_ld" => &mut m.mem_ld,
        "departure_del_coal" => &mut m.departure_del_coal,
        "departure_del_uncoal" => &mut m.departure_del_uncoal,
        "trans_per_warp_uncoal" => &mut m.trans_per_warp_uncoal,
        "issue_cycles" => &mut m.issue_cycles,
        "comp_insts" => &mut k.comp_insts,
        "coal_mem_insts" => &mut k.coal_mem_insts,
        "uncoal_mem_insts" => &mut k.uncoal_mem_insts,
        "sync_insts" => &mut k.sync_insts,
        "threads_per_block" => &mut k.threads_per_block,
        "blocks" => &mut k.blocks,
        "active_blocks_per_sm" => &mut k.active_blocks_per_sm,
        "load_bytes_per_warp" => &mut k.load_bytes_per_warp,
        "loop_iterations" => k.loop_iterations.get_or_insert(0.0),
        _ => return None,
    })
}

/// Every GPU parameter of `m` in its range (the ones Hong & Kim's model
/// reads and the occupancy limits).
impl GpuMachine {
    /// `Ok` when every parameter lies in its range ([`check_gpu`]).
    pub(crate) fn validate(&self) -> Result<(), OffloadError> {
        check_gpu(self)
    }
}

pub(crate) fn check_gpu(m: &GpuMachine) -> Result<(), OffloadError> {
    for (p, v) in [
        (P::SmCount, m.sm_count),
        (P::FreqGhz, m.freq_ghz),
        (P::MemBwGbs, m.mem_bw_gbs),
        (P::MemLd, m.mem_ld),
        (P::DepartureDelCoal, m.departure_del_coal),
        (P::DepartureDelUncoal, m.departure_del_uncoal),
        (P::TransPerWarpUncoal, m.trans_per_warp_uncoal),
        (P::IssueCycles, m.issue_cycles),
        (P::MaxThreadsPerSm, m.max_threads_per_sm),
        (P::MaxBlocksPerSm, m.max_blocks_per_sm),
    ] {
        p.check(v)?;
    }
    Ok(())
}
