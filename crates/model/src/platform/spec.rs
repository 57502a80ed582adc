//! A processor as its vendor publishes it (a spec sheet), and the link
//! between host and GPU. Every value has a source: the sheet's own
//! citation unless `sources` names another for that field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::PlatformError;
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

/// The field names a spec may name in `sources`, with their units.
pub trait Fields {
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
    /// and every name in `sources` a field.
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
        for key in self.field_sources().keys() {
            if !fields.iter().any(|(f, _, _)| f == key) {
                return Err(PlatformError::UnknownField {
                    part: Self::PART,
                    name: self.name().to_string(),
                    field: key.clone(),
                    known: fields
                        .iter()
                        .map(|(f, _, _)| *f)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        Ok(())
    }
}

impl Fields for CpuSpec {
    const PART: &'static str = "CPU";

    fn fields(&self) -> Vec<(&'static str, &'static str, Option<f64>)> {
        vec![
            ("cores", "cores", Some(self.cores)),
            ("threads_per_core", "threads", Some(self.threads_per_core)),
            ("clock_ghz", "GHz", Some(self.clock_ghz)),
            ("flops_per_cycle", "flop/cycle", Some(self.flops_per_cycle)),
            ("vector_bits", "bits", Some(self.vector_bits)),
            ("mem_bw_gbs", "GB/s", Some(self.mem_bw_gbs)),
            ("mem_gib", "GiB", Some(self.mem_gib)),
            ("mem_latency_ns", "ns", self.mem_latency_ns),
            ("tdp_w", "W", Some(self.tdp_w)),
            ("static_w", "W", self.static_w),
        ]
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

impl Fields for GpuSpec {
    const PART: &'static str = "GPU";

    fn fields(&self) -> Vec<(&'static str, &'static str, Option<f64>)> {
        vec![
            ("sms", "SMs", Some(self.sms)),
            ("cores_per_sm", "cores", Some(self.cores_per_sm)),
            ("clock_ghz", "GHz", Some(self.clock_ghz)),
            ("flops_per_cycle", "flop/cycle", Some(self.flops_per_cycle)),
            ("mem_bw_gbs", "GB/s", Some(self.mem_bw_gbs)),
            ("mem_gib", "GiB", Some(self.mem_gib)),
            ("mem_latency_ns", "ns", self.mem_latency_ns),
            ("tdp_w", "W", Some(self.tdp_w)),
            ("static_w", "W", self.static_w),
            (
                "max_threads_per_sm",
                "threads",
                Some(self.max_threads_per_sm),
            ),
            ("max_blocks_per_sm", "blocks", Some(self.max_blocks_per_sm)),
        ]
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

impl Fields for Link {
    const PART: &'static str = "link";

    fn fields(&self) -> Vec<(&'static str, &'static str, Option<f64>)> {
        vec![
            ("pinned_gbs", "GB/s", Some(self.pinned_gbs)),
            ("pageable_gbs", "GB/s", self.pageable_gbs),
            ("latency_us", "µs", Some(self.latency_us)),
        ]
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
