//! The offload platform types: host CPU, GPU, bus and runtime, the launch
//! a platform gives a kernel, the checks of a platform and its model.

use serde::{Deserialize, Serialize};

use super::params::{OFFLOAD_PLATFORM_PARAMS, ParamRule};
use crate::model::offload::{Bus, CpuMachine, GpuMachine, InstructionMix, Platform};
use crate::preset::error::PresetError;

/// Instructions by class: per inner-loop trip in a kernel (`cpu_mix`), or
/// cycles per instruction of each class in a CPU (`class_cycles`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MixPreset {
    pub int_ops: f64,
    pub fp_ops: f64,
    pub loads: f64,
    pub stores: f64,
    pub branches: f64,
}

impl MixPreset {
    /// The model's instruction mix.
    pub fn to_model(&self) -> InstructionMix {
        InstructionMix {
            int_ops: self.int_ops,
            fp_ops: self.fp_ops,
            loads: self.loads,
            stores: self.stores,
            branches: self.branches,
        }
    }

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
}

/// The host CPU and its OpenMP runtime ([`CpuMachine`], the OpenMP cost
/// model with the offload paper's Table II parameters).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadCpuPreset {
    pub name: String,
    /// Core clock, GHz.
    pub freq_ghz: f64,
    /// OpenMP threads of the parallel region.
    pub threads: f64,
    pub tlb_entries: f64,
    /// Cycles per TLB miss.
    pub tlb_miss_penalty: f64,
    pub page_bytes: f64,
    /// Cycles of loop control per parallel iteration.
    pub loop_overhead_per_iter: f64,
    /// Cycles to hand out a static schedule.
    pub schedule_static: f64,
    /// Cycles of the barrier closing the region.
    pub sync_overhead: f64,
    /// Cycles to start the region (fork).
    pub parallel_startup: f64,
    /// Memory bandwidth the threads share, GB/s.
    pub mem_bw_gbs: f64,
    /// Cycles per instruction of each class.
    pub class_cycles: MixPreset,
    /// Instructions per cycle of one OpenMP thread.
    pub ipc: f64,
}

/// The GPU ([`GpuMachine`], Hong & Kim's names) and its occupancy limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadGpuPreset {
    pub name: String,
    pub sm_count: f64,
    /// Core clock, GHz.
    pub freq_ghz: f64,
    /// DRAM bandwidth, GB/s.
    pub mem_bw_gbs: f64,
    /// DRAM latency, cycles.
    pub mem_ld: f64,
    pub departure_del_coal: f64,
    pub departure_del_uncoal: f64,
    pub trans_per_warp_uncoal: f64,
    pub issue_cycles: f64,
    /// Resident threads per SM (occupancy limit).
    pub max_threads_per_sm: f64,
    /// Resident blocks per SM (occupancy limit).
    pub max_blocks_per_sm: f64,
}

/// The host-device bus ([`Bus`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadBusPreset {
    pub name: String,
    /// Transfer rate in one direction, GB/s.
    pub bw_gbs: f64,
    /// Fixed cost of one transfer, microseconds.
    pub latency_us: f64,
}

/// The grid the OpenMP runtime launches for a parallel loop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadRuntimePreset {
    pub threads_per_block: f64,
    /// The largest grid launched; more iterations loop inside each thread
    /// (the offload paper's #OMP_Rep).
    pub max_blocks: f64,
    /// Resident blocks per SM when given; otherwise derived from the GPU's
    /// occupancy limits (see [`OffloadPlatformPreset::launch`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_blocks_per_sm: Option<f64>,
}

/// An offload platform preset (`presets/offload-platforms/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadPlatformPreset {
    pub name: String,
    /// Where the numbers come from (paper table, spec sheet, estimate).
    pub source: String,
    pub cpu: OffloadCpuPreset,
    pub gpu: OffloadGpuPreset,
    pub bus: OffloadBusPreset,
    pub runtime: OffloadRuntimePreset,
    #[serde(default)]
    pub notes: String,
}

/// The launch of a kernel on a platform: the fields of
/// [`OffloadKernel`](crate::model::offload::OffloadKernel)
/// that the platform decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OffloadLaunch {
    pub threads_per_block: f64,
    pub max_blocks: f64,
    pub active_blocks_per_sm: f64,
}

impl OffloadLaunch {
    /// The launch used to check a kernel without a platform: 128 threads
    /// per block, 65535 blocks at most, 16 blocks per SM.
    pub const CHECK: OffloadLaunch = OffloadLaunch {
        threads_per_block: 128.0,
        max_blocks: 65535.0,
        active_blocks_per_sm: 16.0,
    };
}

impl OffloadPlatformPreset {
    /// The label used as the origin of errors of [`Self::to_model`].
    fn label(&self) -> String {
        format!("offload platform `{}`", self.name)
    }

    /// The grid the runtime launches: `runtime.threads_per_block` and
    /// `runtime.max_blocks`, and resident blocks per SM as given or as the
    /// occupancy limits allow, min(max_blocks_per_sm,
    /// floor(max_threads_per_sm / threads_per_block)), at least 1
    /// (registers and shared memory are not modelled).
    pub fn launch(&self) -> OffloadLaunch {
        let r = &self.runtime;
        OffloadLaunch {
            threads_per_block: r.threads_per_block,
            max_blocks: r.max_blocks,
            active_blocks_per_sm: r
                .active_blocks_per_sm
                .unwrap_or_else(|| derived_active_blocks(&self.gpu, r.threads_per_block)),
        }
    }

    /// Check every value; errors name `origin` and the field path.
    pub fn check(&self, origin: &str) -> Result<(), PresetError> {
        nonempty(origin, "name", &self.name)?;
        nonempty(origin, "source", &self.source)?;
        nonempty(origin, "cpu.name", &self.cpu.name)?;
        nonempty(origin, "gpu.name", &self.gpu.name)?;
        nonempty(origin, "bus.name", &self.bus.name)?;
        for p in OFFLOAD_PLATFORM_PARAMS {
            if p.name == "active_blocks_per_sm" {
                if let Some(v) = self.runtime.active_blocks_per_sm {
                    p.rule.check(origin, p.field, v)?;
                }
                continue;
            }
            if let Some(v) = self.get(p.name) {
                p.rule.check(origin, p.field, v)?;
            }
        }
        for (f, v) in self.cpu.class_cycles.fields() {
            ParamRule::NonNegative.check(origin, &format!("cpu.class_cycles.{f}"), v)?;
        }
        if self.runtime.threads_per_block > self.gpu.max_threads_per_sm {
            return Err(PresetError::invalid(
                origin,
                "runtime.threads_per_block",
                format!(
                    "{} threads do not fit an SM of gpu.max_threads_per_sm = {}",
                    self.runtime.threads_per_block, self.gpu.max_threads_per_sm
                ),
            ));
        }
        Ok(())
    }

    /// The model's platform; an error names the platform and the field.
    pub fn to_model(&self) -> Result<Platform, PresetError> {
        self.check(&self.label())?;
        let (c, g, b) = (&self.cpu, &self.gpu, &self.bus);
        Ok(Platform {
            cpu: CpuMachine {
                freq_ghz: c.freq_ghz,
                threads: c.threads,
                tlb_entries: c.tlb_entries,
                tlb_miss_penalty: c.tlb_miss_penalty,
                page_bytes: c.page_bytes,
                loop_overhead_per_iter: c.loop_overhead_per_iter,
                schedule_static: c.schedule_static,
                sync_overhead: c.sync_overhead,
                parallel_startup: c.parallel_startup,
                mem_bw_gbs: c.mem_bw_gbs,
                class_cycles: c.class_cycles.to_model(),
                ipc: c.ipc,
            },
            gpu: GpuMachine {
                sm_count: g.sm_count,
                freq_ghz: g.freq_ghz,
                mem_bw_gbs: g.mem_bw_gbs,
                mem_ld: g.mem_ld,
                departure_del_coal: g.departure_del_coal,
                departure_del_uncoal: g.departure_del_uncoal,
                trans_per_warp_uncoal: g.trans_per_warp_uncoal,
                issue_cycles: g.issue_cycles,
            },
            bus: Bus {
                bw_gbs: b.bw_gbs,
                latency_us: b.latency_us,
            },
        })
    }
}

pub(super) fn derived_active_blocks(g: &OffloadGpuPreset, threads_per_block: f64) -> f64 {
    let by_threads = (g.max_threads_per_sm / threads_per_block).floor();
    let v = g.max_blocks_per_sm.min(by_threads).max(1.0);
    if v.is_finite() { v } else { 1.0 }
}

fn nonempty(origin: &str, field: &str, v: &str) -> Result<(), PresetError> {
    if v.trim().is_empty() {
        Err(PresetError::invalid(origin, field, "must not be empty"))
    } else {
        Ok(())
    }
}
