//! The adjustable numbers of an offload platform: their `--set` names,
//! field paths, units and rules, and getting or setting them by name.

use super::platform::{OffloadPlatformPreset, derived_active_blocks};
use crate::preset::error::PresetError;

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

    /// `Ok` when `v` is allowed; otherwise an error naming `origin` and
    /// `field`.
    pub fn check(self, origin: &str, field: &str, v: f64) -> Result<(), PresetError> {
        if self.allows(v) {
            return Ok(());
        }
        match self {
            ParamRule::Positive | ParamRule::NonNegative => Err(PresetError::Value {
                origin: origin.to_string(),
                field: field.to_string(),
                value: v,
                allows_zero: self == ParamRule::NonNegative,
            }),
            _ => Err(PresetError::invalid(
                origin,
                field,
                format!("{v}: must be {}", self.need()),
            )),
        }
    }
}

/// One adjustable number of an offload platform, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffloadParam {
    /// The `--set` name (Hong & Kim's where it is a GPU parameter).
    pub name: &'static str,
    /// The field path in the platform file.
    pub field: &'static str,
    pub unit: &'static str,
    pub rule: ParamRule,
}

const fn param(
    name: &'static str,
    field: &'static str,
    unit: &'static str,
    rule: ParamRule,
) -> OffloadParam {
    OffloadParam {
        name,
        field,
        unit,
        rule,
    }
}

/// Every adjustable number of an offload platform: the GPU's under Hong &
/// Kim's names, the CPU's (clock, memory bandwidth prefixed `cpu_`), the
/// bus and the launch. `active_blocks_per_sm` overrides the occupancy
/// derived from the GPU's limits.
pub const OFFLOAD_PLATFORM_PARAMS: &[OffloadParam] = &[
    param("sm_count", "gpu.sm_count", "SMs", ParamRule::Count),
    param("freq_ghz", "gpu.freq_ghz", "GHz", ParamRule::Positive),
    param("mem_bw_gbs", "gpu.mem_bw_gbs", "GB/s", ParamRule::Positive),
    param("mem_ld", "gpu.mem_ld", "cycles", ParamRule::NonNegative),
    param(
        "departure_del_coal",
        "gpu.departure_del_coal",
        "cycles",
        ParamRule::Positive,
    ),
    param(
        "departure_del_uncoal",
        "gpu.departure_del_uncoal",
        "cycles",
        ParamRule::Positive,
    ),
    param(
        "trans_per_warp_uncoal",
        "gpu.trans_per_warp_uncoal",
        "transactions",
        ParamRule::AtLeastOne,
    ),
    param(
        "issue_cycles",
        "gpu.issue_cycles",
        "cycles",
        ParamRule::Positive,
    ),
    param(
        "max_threads_per_sm",
        "gpu.max_threads_per_sm",
        "threads",
        ParamRule::Count,
    ),
    param(
        "max_blocks_per_sm",
        "gpu.max_blocks_per_sm",
        "blocks",
        ParamRule::Count,
    ),
    param(
        "threads_per_block",
        "runtime.threads_per_block",
        "threads",
        ParamRule::Count,
    ),
    param(
        "max_blocks",
        "runtime.max_blocks",
        "blocks",
        ParamRule::Count,
    ),
    param(
        "active_blocks_per_sm",
        "runtime.active_blocks_per_sm",
        "blocks",
        ParamRule::Count,
    ),
    param("threads", "cpu.threads", "threads", ParamRule::Count),
    param("cpu_freq_ghz", "cpu.freq_ghz", "GHz", ParamRule::Positive),
    param("ipc", "cpu.ipc", "instructions/cycle", ParamRule::Positive),
    param(
        "cpu_mem_bw_gbs",
        "cpu.mem_bw_gbs",
        "GB/s",
        ParamRule::Positive,
    ),
    param(
        "tlb_entries",
        "cpu.tlb_entries",
        "entries",
        ParamRule::Count,
    ),
    param(
        "tlb_miss_penalty",
        "cpu.tlb_miss_penalty",
        "cycles",
        ParamRule::NonNegative,
    ),
    param("page_bytes", "cpu.page_bytes", "bytes", ParamRule::Positive),
    param(
        "loop_overhead_per_iter",
        "cpu.loop_overhead_per_iter",
        "cycles",
        ParamRule::NonNegative,
    ),
    param(
        "schedule_static",
        "cpu.schedule_static",
        "cycles",
        ParamRule::NonNegative,
    ),
    param(
        "sync_overhead",
        "cpu.sync_overhead",
        "cycles",
        ParamRule::NonNegative,
    ),
    param(
        "parallel_startup",
        "cpu.parallel_startup",
        "cycles",
        ParamRule::NonNegative,
    ),
    param("bus_gbs", "bus.bw_gbs", "GB/s", ParamRule::Positive),
    param(
        "bus_latency_us",
        "bus.latency_us",
        "us",
        ParamRule::NonNegative,
    ),
];

/// The parameter named `name` (its `--set` name), if any.
pub fn offload_param(name: &str) -> Option<&'static OffloadParam> {
    OFFLOAD_PLATFORM_PARAMS.iter().find(|p| p.name == name)
}

impl OffloadPlatformPreset {
    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        let (c, g, b, r) = (
            &mut self.cpu,
            &mut self.gpu,
            &mut self.bus,
            &mut self.runtime,
        );
        Some(match name {
            "sm_count" => &mut g.sm_count,
            "freq_ghz" => &mut g.freq_ghz,
            "mem_bw_gbs" => &mut g.mem_bw_gbs,
            "mem_ld" => &mut g.mem_ld,
            "departure_del_coal" => &mut g.departure_del_coal,
            "departure_del_uncoal" => &mut g.departure_del_uncoal,
            "trans_per_warp_uncoal" => &mut g.trans_per_warp_uncoal,
            "issue_cycles" => &mut g.issue_cycles,
            "max_threads_per_sm" => &mut g.max_threads_per_sm,
            "max_blocks_per_sm" => &mut g.max_blocks_per_sm,
            "threads_per_block" => &mut r.threads_per_block,
            "max_blocks" => &mut r.max_blocks,
            "active_blocks_per_sm" => {
                let derived = derived_active_blocks(g, r.threads_per_block);
                r.active_blocks_per_sm.get_or_insert(derived)
            }
            "threads" => &mut c.threads,
            "cpu_freq_ghz" => &mut c.freq_ghz,
            "ipc" => &mut c.ipc,
            "cpu_mem_bw_gbs" => &mut c.mem_bw_gbs,
            "tlb_entries" => &mut c.tlb_entries,
            "tlb_miss_penalty" => &mut c.tlb_miss_penalty,
            "page_bytes" => &mut c.page_bytes,
            "loop_overhead_per_iter" => &mut c.loop_overhead_per_iter,
            "schedule_static" => &mut c.schedule_static,
            "sync_overhead" => &mut c.sync_overhead,
            "parallel_startup" => &mut c.parallel_startup,
            "bus_gbs" => &mut b.bw_gbs,
            "bus_latency_us" => &mut b.latency_us,
            _ => return None,
        })
    }

    /// The value of the parameter named `name` (see
    /// [`OFFLOAD_PLATFORM_PARAMS`]); `active_blocks_per_sm` is the launch's
    /// (given or derived).
    pub fn get(&self, name: &str) -> Option<f64> {
        if name == "active_blocks_per_sm" {
            return Some(self.launch().active_blocks_per_sm);
        }
        self.clone().slot(name).map(|v| *v)
    }

    /// Set the parameter named `name` after checking `value` against its
    /// rule. The error says which names exist or what the value must be.
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let Some(p) = offload_param(name) else {
            let known: Vec<&str> = OFFLOAD_PLATFORM_PARAMS.iter().map(|p| p.name).collect();
            return Err(format!(
                "unknown parameter '{name}'; known: {}",
                known.join(" ")
            ));
        };
        if !p.rule.allows(value) {
            return Err(format!(
                "{name} = {value}: must be {} ({})",
                p.rule.need(),
                p.unit
            ));
        }
        if let Some(slot) = self.slot(name) {
            *slot = value;
        }
        Ok(())
    }
}
