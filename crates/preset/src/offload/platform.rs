//! The offload platform preset: a host CPU with its OpenMP runtime, a GPU
//! with Hong & Kim's parameters and its occupancy limits, the bus and the
//! grid the runtime launches, all as the model's types; its checks and
//! its model.

use hetscope_model::range::fmt_value;
use serde::{Deserialize, Serialize};

use crate::error::PresetError;
use hetscope_model::offload::{
    Bus, Caches, CpuMachine, Formulation, GpuMachine, Launch, Memory, OffloadParam, Platform,
    Runtime,
};

/// An offload platform preset (`presets/offload-platforms/*.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffloadPlatformPreset {
    pub name: String,
    /// Where the numbers come from (paper table, spec sheet, estimate).
    pub source: String,
    pub cpu: CpuMachine,
    pub gpu: GpuMachine,
    pub bus: Bus,
    pub runtime: Runtime,
    /// How Hong & Kim's #Rep and execution case are read (default:
    /// `Published`).
    #[serde(default, skip_serializing_if = "is_published")]
    pub formulation: Formulation,
    /// The GPU's and the host's memory, bytes (where known: a kernel whose
    /// data exceeds them is not offloaded, or cannot run).
    #[serde(default)]
    pub memory: Memory,
    /// The caches of both sides (the cache-aware formulation needs them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caches: Option<Caches>,
    #[serde(default)]
    pub notes: String,
}

fn is_published(f: &Formulation) -> bool {
    *f == Formulation::Published
}

impl OffloadPlatformPreset {
    /// The label used as the origin of errors of [`Self::to_model`].
    fn label(&self) -> String {
        format!("offload platform `{}`", self.name)
    }

    /// The grid the runtime launches (see [`Runtime::launch`]).
    pub fn launch(&self) -> Launch {
        self.runtime.launch(&self.gpu)
    }

    /// The model's platform as given, unchecked.
    fn platform(&self) -> Platform {
        Platform {
            cpu: self.cpu.clone(),
            gpu: self.gpu.clone(),
            bus: self.bus.clone(),
            runtime: self.runtime.clone(),
            formulation: self.formulation,
            memory: self.memory,
            caches: self.caches.clone(),
            speedup_error: None,
        }
    }

    /// Check every value; errors name `origin` and the field path.
    pub fn check(&self, origin: &str) -> Result<(), PresetError> {
        nonempty(origin, "name", &self.name)?;
        nonempty(origin, "source", &self.source)?;
        nonempty(origin, "cpu.name", &self.cpu.name)?;
        nonempty(origin, "gpu.name", &self.gpu.name)?;
        nonempty(origin, "bus.name", &self.bus.name)?;
        let platform = self.platform();
        for p in platform.checked_params() {
            let given =
                p != OffloadParam::ActiveBlocksPerSm || self.runtime.active_blocks_per_sm.is_some();
            if given {
                check_rule(origin, p, platform.param(p))?;
            }
        }
        for (f, v) in self.cpu.class_cycles.fields() {
            if !(v.is_finite() && v >= 0.0) {
                return Err(PresetError::Value {
                    origin: origin.to_string(),
                    field: format!("cpu.class_cycles.{f}"),
                    value: v,
                    allows_zero: true,
                });
            }
        }
        let memory = [
            ("memory.gpu_bytes", self.memory.gpu_bytes),
            ("memory.host_bytes", self.memory.host_bytes),
        ];
        for (field, v) in memory {
            if let Some(v) = v.filter(|v| !(v.is_finite() && *v > 0.0)) {
                return Err(PresetError::Value {
                    origin: origin.to_string(),
                    field: field.into(),
                    value: v,
                    allows_zero: false,
                });
            }
        }
        self.check_later_fields(origin)?;
        let bits = self.cpu.vector_bits;
        if !(bits.is_finite() && bits >= 0.0) {
            return Err(PresetError::Value {
                origin: origin.to_string(),
                field: "cpu.vector_bits".into(),
                value: bits,
                allows_zero: true,
            });
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

    /// The fields added after the first format: the bus's rates from each
    /// kind of host memory, the host's curves, the caches and the
    /// formulation that needs them.
    fn check_later_fields(&self, origin: &str) -> Result<(), PresetError> {
        for (field, rates) in [
            ("bus.pinned", self.bus.pinned),
            ("bus.pageable", self.bus.pageable),
        ] {
            let Some(r) = rates else { continue };
            for (dir, v) in [("h2d_gbs", r.h2d_gbs), ("d2h_gbs", r.d2h_gbs)] {
                if !(v.is_finite() && v > 0.0) {
                    return Err(PresetError::Value {
                        origin: origin.to_string(),
                        field: format!("{field}.{dir}"),
                        value: v,
                        allows_zero: false,
                    });
                }
            }
        }
        if let Some(k) = &self.cpu.thread_scaling {
            k.check().map_err(|e| {
                PresetError::invalid(
                    origin,
                    &format!("cpu.thread_scaling.{}", e.field),
                    format!("{}: must be {}", fmt_value(e.value), e.need),
                )
            })?;
        }
        if let Some(c) = &self.caches {
            c.check()
                .map_err(|e| PresetError::invalid(origin, "caches", e.to_string()))?;
        }
        if self.formulation.uses_caches() && self.caches.is_none() {
            return Err(PresetError::invalid(
                origin,
                "formulation",
                self.formulation.key().to_string()
                    + " needs `caches` (gpu and host), which this platform does not give",
            ));
        }
        let no_levels = self
            .caches
            .as_ref()
            .is_none_or(|c| c.host.hierarchy.is_none());
        if self.formulation == Formulation::Hierarchy && no_levels {
            return Err(PresetError::invalid(
                origin,
                "formulation",
                "hierarchy needs `caches.host.hierarchy` (the host's cache levels and add latency), which this platform does not give",
            ));
        }
        Ok(())
    }

    /// The model's platform; an error names the platform and the field.
    pub fn to_model(&self) -> Result<Platform, PresetError> {
        self.check(&self.label())?;
        Ok(self.platform())
    }
}

/// `Ok` when `value` lies in the range of `p`; otherwise an error naming
/// `origin`, the parameter's field path, its unit and both bounds.
pub(super) fn check_rule(origin: &str, p: OffloadParam, value: f64) -> Result<(), PresetError> {
    p.range()
        .check(p.name(), p.label(), value)
        .map_err(|e| PresetError::range(origin, p.path(), e))
}

/// `Ok` when `value` follows `rule`; otherwise an error naming `origin`
/// and `field`.
pub(super) fn check_value(
    origin: &str,
    field: &str,
    rule: hetscope_model::offload::ParamRule,
    value: f64,
) -> Result<(), PresetError> {
    use hetscope_model::offload::ParamRule;
    if rule.allows(value) {
        return Ok(());
    }
    match rule {
        ParamRule::Positive | ParamRule::NonNegative => Err(PresetError::Value {
            origin: origin.to_string(),
            field: field.to_string(),
            value,
            allows_zero: rule == ParamRule::NonNegative,
        }),
        _ => Err(PresetError::invalid(
            origin,
            field,
            format!("{}: must be {}", fmt_value(value), rule.need()),
        )),
    }
}

fn nonempty(origin: &str, field: &str, v: &str) -> Result<(), PresetError> {
    if v.trim().is_empty() {
        Err(PresetError::invalid(origin, field, "must not be empty"))
    } else {
        Ok(())
    }
}
