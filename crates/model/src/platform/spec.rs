//! A processor as its vendor publishes it (a spec sheet), and the link
//! between host and GPU. Every value has a source: the sheet's own
//! citation unless `sources` names another for that field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::curve::{Curves, check_curve};
use super::error::PlatformError;
use super::source::Source;

/// A CPU socket as published: cores, clock, vector units, memory, power.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuSpec {
    pub name: String,
    /// Cores of one socket.
    pub cores: f64,
    /// Hardware threads per core.
    pub threads_per_core: f64,
    /// Clock the peak is quoted at, GHz (the base clock unless noted).
    pub clock_ghz: f64,
    /// Single-precision flops per core per cycle at the peak: FMA units x
    /// SIMD lanes x 2 (PeaPaw Eq. 6's issue width).
    pub flops_per_cycle: f64,
    /// Widest vector register, bits.
    pub vector_bits: f64,
    /// Memory bandwidth of one socket, GB/s (1e9 bytes/s).
    pub mem_bw_gbs: f64,
    /// Single-precision FMA rate of the socket at thread counts, as
    /// measured: (threads, GFLOP/s), thread counts increasing; empty where
    /// not measured (the rule of [`super::threads`] applies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fma_gflops_by_threads: Vec<(u32, f64)>,
    /// Triad bandwidth at thread counts, as measured: (threads, GB/s),
    /// thread counts increasing; empty where not measured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triad_gbs_by_threads: Vec<(u32, f64)>,
    /// Memory of one socket, GiB.
    pub mem_gib: f64,
    /// Load-to-use latency of main memory, ns, where published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem_latency_ns: Option<f64>,
    /// Thermal design power, W.
    pub tdp_w: f64,
    /// Static (idle) power, W, where published or measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_w: Option<f64>,
    /// Where the values come from unless `sources` says otherwise.
    pub source: Source,
    /// Sources of single fields, by field name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
}

/// A GPU board as published: SMs, cores, clock, memory, power, occupancy
/// limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuSpec {
    pub name: String,
    /// Streaming multiprocessors (compute units).
    pub sms: f64,
    /// Single-precision cores per SM.
    pub cores_per_sm: f64,
    /// Clock the peak is quoted at, GHz.
    pub clock_ghz: f64,
    /// Single-precision flops per core per cycle (2: one fused
    /// multiply-add).
    pub flops_per_cycle: f64,
    /// Device memory bandwidth, GB/s.
    pub mem_bw_gbs: f64,
    /// Device memory, GiB.
    pub mem_gib: f64,
    /// Device memory latency, ns, where published or measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem_latency_ns: Option<f64>,
    /// Board power limit, W.
    pub tdp_w: f64,
    /// Static (idle) board power, W, where published or measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_w: Option<f64>,
    /// Resident threads per SM (compute capability limit).
    pub max_threads_per_sm: f64,
    /// Resident blocks per SM (compute capability limit).
    pub max_blocks_per_sm: f64,
    pub source: Source,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
}

/// The host-GPU link. Copies from page-locked (pinned) host memory and
/// from ordinary (pageable) memory run at different rates; which one a
/// model uses is named in its sources.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Link {
    pub name: String,
    /// Transfer rate from pinned host memory, GB/s, one direction.
    pub pinned_gbs: f64,
    /// Transfer rate from pageable host memory, GB/s, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pageable_gbs: Option<f64>,
    /// Fixed cost of one transfer, µs.
    pub latency_us: f64,
    pub source: Source,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
}

/// Which of the link's rates a model assumes for its transfers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transfers {
    /// From page-locked host memory (the link's best rate).
    Pinned,
    /// From ordinary host memory (what unmodified code gets), falling back
    /// to the pinned rate where the pageable one is not known.
    #[default]
    Pageable,
}

/// The field names a spec may name in `sources`, with their units (and
/// its curves, [`Curves`]).
pub trait Fields: Curves {
    /// What this is, in messages ("CPU", "GPU", "link").
    const PART: &'static str;
    /// Every numeric field: name, unit, value (None: not given).
    fn fields(&self) -> Vec<(&'static str, &'static str, Option<f64>)>;
    fn name(&self) -> &str;
    fn default_source(&self) -> &Source;
    fn field_sources(&self) -> &BTreeMap<String, Source>;

    /// The source of field `field`.
    fn source_of(&self, field: &str) -> Source {
        self.field_sources()
            .get(field)
            .cloned()
            .unwrap_or_else(|| self.default_source().clone())
    }

    /// Every given value finite and positive (a static power may be 0),
    /// every curve's thread counts increasing and its values finite and
    /// positive, and every name in `sources` a field.
    fn check(&self) -> Result<(), PlatformError> {
        let fields = self.fields();
        for (field, unit, value) in &fields {
            let Some(v) = *value else { continue };
            let zero_ok = *field == "static_w";
            if !(v.is_finite() && (v > 0.0 || (zero_ok && v == 0.0))) {
                return Err(PlatformError::Value {
                    part: Self::PART,
                    name: self.name().to_string(),
                    field,
                    value: v,
                    unit,
                    need: if zero_ok {
                        "finite and not negative"
                    } else {
                        "finite and positive"
                    },
                });
            }
        }
        let curves = self.curves();
        for (field, curve) in &curves {
            check_curve(field, curve).map_err(|error| PlatformError::Curve {
                part: Self::PART,
                name: self.name().to_string(),
                error,
            })?;
        }
        for key in self.field_sources().keys() {
            let curve = curves.iter().any(|(f, _)| f == key);
            if !curve && !fields.iter().any(|(f, _, _)| f == key) {
                return Err(PlatformError::UnknownField {
                    part: Self::PART,
                    name: self.name().to_string(),
                    field: key.clone(),
                    known: fields
                        .iter()
                        .map(|(f, _, _)| *f)
                        .chain(curves.iter().map(|(f, _)| *f))
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        Ok(())
    }
}

/// `impl Fields` for a spec with `name`, `source` and `sources` fields:
/// the part as messages name it, then every numeric field with its unit,
/// in order (an `f64` field is always given, an `Option<f64>` field where
/// it is `Some`).
macro_rules! impl_fields {
    ($spec:ty, $part:literal, [$(($field:ident, $unit:literal)),+ $(,)?]) => {
        impl Fields for $spec {
            const PART: &'static str = $part;

            fn fields(&self) -> Vec<(&'static str, &'static str, Option<f64>)> {
                vec![$((stringify!($field), $unit, Option::<f64>::from(self.$field))),+]
            }

            fn name(&self) -> &str {
                &self.name
            }

            fn default_source(&self) -> &Source {
                &self.source
            }

            fn field_sources(&self) -> &BTreeMap<String, Source> {
                &self.sources
            }
        }
    };
}

impl_fields!(
    CpuSpec,
    "CPU",
    [
        (cores, "cores"),
        (threads_per_core, "threads"),
        (clock_ghz, "GHz"),
        (flops_per_cycle, "flop/cycle"),
        (vector_bits, "bits"),
        (mem_bw_gbs, "GB/s"),
        (mem_gib, "GiB"),
        (mem_latency_ns, "ns"),
        (tdp_w, "W"),
        (static_w, "W"),
    ]
);

impl_fields!(
    GpuSpec,
    "GPU",
    [
        (sms, "SMs"),
        (cores_per_sm, "cores"),
        (clock_ghz, "GHz"),
        (flops_per_cycle, "flop/cycle"),
        (mem_bw_gbs, "GB/s"),
        (mem_gib, "GiB"),
        (mem_latency_ns, "ns"),
        (tdp_w, "W"),
        (static_w, "W"),
        (max_threads_per_sm, "threads"),
        (max_blocks_per_sm, "blocks"),
    ]
);

impl_fields!(
    Link,
    "link",
    [
        (pinned_gbs, "GB/s"),
        (pageable_gbs, "GB/s"),
        (latency_us, "µs"),
    ]
);

impl CpuSpec {
    /// Peak single-precision rate of one socket, GFLOP/s: cores x clock x
    /// flops per cycle (PeaPaw Eq. 6).
    pub fn peak_gflops(&self) -> f64 {
        self.cores * self.clock_ghz * self.flops_per_cycle
    }

    /// Hardware threads of one socket.
    pub fn threads(&self) -> f64 {
        self.cores * self.threads_per_core
    }
}

impl GpuSpec {
    /// Single-precision cores of the board.
    pub fn cores(&self) -> f64 {
        self.sms * self.cores_per_sm
    }

    /// Peak single-precision rate, GFLOP/s: cores x clock x flops per
    /// cycle (PeaPaw Eq. 6).
    pub fn peak_gflops(&self) -> f64 {
        self.cores() * self.clock_ghz * self.flops_per_cycle
    }
}

impl Link {
    /// The rate transfers run at under `t`, GB/s, and the field it comes
    /// from.
    pub fn rate(&self, t: Transfers) -> (f64, &'static str) {
        match (t, self.pageable_gbs) {
            (Transfers::Pageable, Some(r)) => (r, "pageable_gbs"),
            _ => (self.pinned_gbs, "pinned_gbs"),
        }
    }
}
