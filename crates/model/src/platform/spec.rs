//! A processor as its vendor publishes it (a spec sheet), with optional
//! fields for what only a measurement gives (a GPU's memory system and
//! FP64 roof, the energy of either), and the link between host and GPU.
//! Every value has a source: the sheet's own citation unless `sources`
//! names another for that field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::curve::{Curves, check_curve};
use super::error::PlatformError;
use super::source::Source;
use crate::Range;

/// A CPU socket as published: cores, clock, vector units, memory, power;
/// where measured, its energy per flop and per byte and idle power.
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
    /// Latency of one single-precision add in a dependent chain, ns,
    /// where measured (a loop summing into one register waits this long
    /// per element).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_latency_ns: Option<f64>,
    /// Latency of one single-precision fused multiply-add in a dependent
    /// chain (x = x a + b), ns, where measured: the boat hull's chain
    /// floor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fma_latency_ns: Option<f64>,
    /// Thermal design power, W.
    pub tdp_w: f64,
    /// Static power p_s of PeaPaw's energy model (Eq. 21), W, where
    /// published or measured (an energy fit's intercept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_w: Option<f64>,
    /// Where the values come from unless `sources` says otherwise.
    pub source: Source,
    /// Sources of single fields, by field name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
    /// Measured energy per flop e_f (PeaPaw Eq. 21), pJ/flop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e_f_pj: Option<f64>,
    /// Measured energy per byte e_b (PeaPaw Eq. 21), pJ/byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e_b_pj: Option<f64>,
    /// Measured idle power of the package, W.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_w: Option<f64>,
    /// Private (L2) cache of one core, KiB, where published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l2_kib_per_core: Option<f64>,
    /// Cache line, bytes, where published (64 on x86 and Arm cores, 128
    /// on POWER).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_line_bytes: Option<f64>,
    /// The data caches, innermost first, where known (read from the
    /// operating system by `measure cpu`, with the read bandwidth of a
    /// working set each holds); empty where not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caches: Vec<CacheLevel>,
}

/// One level of a CPU's data-cache hierarchy: the capacity of one
/// instance, how many logical CPUs share it, and the read bandwidth of a
/// working set it holds, where measured (the cache-aware roofline's
/// bandwidth per level: Ilic, Pratas and Sousa, IEEE CAL 2014).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheLevel {
    /// 1 (the L1 data cache), 2, 3, ...
    pub level: u32,
    /// Capacity of one instance, KiB.
    pub kib: f64,
    /// Logical CPUs sharing one instance: those of one core for a core's
    /// own cache, many for a shared last level.
    pub shared_by: u32,
    /// Read bandwidth of the socket from working sets held in this level,
    /// at thread counts: (threads, GB/s), thread counts increasing; empty
    /// where not measured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub read_gbs_by_threads: Vec<(u32, f64)>,
    /// The same for a triad a = b + s c (24 bytes an element).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triad_gbs_by_threads: Vec<(u32, f64)>,
    /// The same for a strided read (8 useful bytes per 128: one word a
    /// line pair, as a column walk of a row-major matrix reads).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strided_gbs_by_threads: Vec<(u32, f64)>,
}

impl CacheLevel {
    /// A level of `kib` KiB an instance shared by `shared_by` logical
    /// CPUs, its bandwidths not measured.
    pub fn new(level: u32, kib: f64, shared_by: u32) -> CacheLevel {
        CacheLevel {
            level,
            kib,
            shared_by,
            read_gbs_by_threads: Vec::new(),
            triad_gbs_by_threads: Vec::new(),
            strided_gbs_by_threads: Vec::new(),
        }
    }
}

/// A GPU board as published: SMs, cores, clock, memory, power, occupancy
/// limits; where measured, its memory system (Hong & Kim's Mem_LD and
/// departure delays, coalesced and strided reads), FP64 roof, energy and
/// the link it was measured behind.
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
    /// Static power p_s of PeaPaw's energy model (Eq. 21), W, where
    /// published or measured (an energy fit's intercept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_w: Option<f64>,
    /// Resident threads per SM (compute capability limit).
    pub max_threads_per_sm: f64,
    /// Resident blocks per SM (compute capability limit).
    pub max_blocks_per_sm: f64,
    /// Measured double-precision roof, GFLOP/s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp64_gflops: Option<f64>,
    /// Measured rate of coalesced 4-byte reads, GB/s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coalesced_gbs: Option<f64>,
    /// Measured rate of strided 4-byte reads (one a 128-byte line, each
    /// thread of a warp its own line), GB/s of bytes used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strided_gbs: Option<f64>,
    /// Measured memory latency in SM cycles (Hong & Kim's Mem_LD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem_ld_cycles: Option<f64>,
    /// Measured cycles between two coalesced memory warps leaving an SM
    /// (Hong & Kim's Departure_del_coal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub departure_del_coal: Option<f64>,
    /// Measured cycles between two transactions of one uncoalesced warp
    /// access (Hong & Kim's Departure_del_uncoal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub departure_del_uncoal: Option<f64>,
    /// Measured energy per flop e_f (PeaPaw Eq. 21), pJ/flop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e_f_pj: Option<f64>,
    /// Measured energy per byte e_b (PeaPaw Eq. 21), pJ/byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e_b_pj: Option<f64>,
    /// Measured idle board power, W.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_w: Option<f64>,
    /// L1 data cache per SM that global loads use, KiB, where published
    /// (0: global loads bypass it, as on Kepler and Maxwell by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l1_kib_per_sm: Option<f64>,
    /// L2 cache, MiB, where published (0: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l2_mib: Option<f64>,
    /// Latency of an L1 hit, SM cycles, where measured or published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l1_hit_cycles: Option<f64>,
    /// Latency of an L2 hit, SM cycles, where measured or published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l2_hit_cycles: Option<f64>,
    /// The host link this board was measured behind (a probe's bus rows),
    /// where known: a platform made around the board takes it as its link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<Link>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
}

/// The host-GPU link. Copies from page-locked (pinned) host memory and
/// from ordinary (pageable) memory run at different rates, and each
/// direction at its own; which one a model uses is named in its sources.
/// A rate given for one direction (`h2d_...`, `d2h_...`) takes precedence
/// over the rate of both (`pinned_gbs`, `pageable_gbs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Link {
    pub name: String,
    /// Transfer rate from pinned host memory, GB/s, each direction (where
    /// the directions differ, the slower).
    pub pinned_gbs: f64,
    /// Transfer rate from pageable host memory, GB/s, each direction,
    /// where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pageable_gbs: Option<f64>,
    /// Fixed cost of one transfer, µs.
    pub latency_us: f64,
    /// Host to device from pinned memory, GB/s, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h2d_pinned_gbs: Option<f64>,
    /// Device to host into pinned memory, GB/s, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d2h_pinned_gbs: Option<f64>,
    /// Host to device from pageable memory, GB/s, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h2d_pageable_gbs: Option<f64>,
    /// Device to host into pageable memory, GB/s, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d2h_pageable_gbs: Option<f64>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sources: BTreeMap<String, Source>,
}

/// The direction of a copy over the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Host to device (before a kernel).
    ToDevice,
    /// Device to host (after it).
    FromDevice,
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

/// One numeric field of a spec: its name, unit and value (`None`: not
/// given), and the range a given value must lie in (`None`: finite and
/// positive, a static power 0 as well).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpecField {
    pub name: &'static str,
    pub unit: &'static str,
    /// What it is, in words ("memory bandwidth").
    pub label: &'static str,
    pub value: Option<f64>,
    pub range: Option<Range>,
}

/// The field names a spec may name in `sources`, with their units (and
/// its curves, [`Curves`]).
pub trait Fields: Curves {
    /// What this is, in messages ("CPU", "GPU", "link").
    const PART: &'static str;
    /// Every numeric field.
    fn fields(&self) -> Vec<SpecField>;
    /// Sets the numeric field `name` (given or not) to `value`; false
    /// where the spec has no such field.
    fn set_field(&mut self, name: &str, value: f64) -> bool;
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

    /// Every given value in its range (finite and positive where the field
    /// names none; a static power may be 0), every curve's thread counts
    /// increasing and its values finite and positive, and every name in
    /// `sources` a field or a curve.
    fn check(&self) -> Result<(), PlatformError> {
        let fields = self.fields();
        for f in &fields {
            let Some(v) = f.value else { continue };
            let zero_ok = f.name == "static_w";
            let (ok, need) = match f.range {
                Some(r) => (r.contains(v), r.need()),
                None if zero_ok => (v.is_finite() && v >= 0.0, "finite and not negative".into()),
                None => (v.is_finite() && v > 0.0, "finite and positive".into()),
            };
            if !ok {
                return Err(PlatformError::Value {
                    part: Self::PART,
                    name: self.name().to_string(),
                    field: f.name,
                    value: v,
                    unit: f.unit,
                    need,
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
            if !curve && !fields.iter().any(|f| f.name == key) {
                return Err(PlatformError::UnknownField {
                    part: Self::PART,
                    name: self.name().to_string(),
                    field: key.clone(),
                    known: fields
                        .iter()
                        .map(|f| f.name)
                        .chain(curves.iter().map(|(f, _)| *f))
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        Ok(())
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

    /// The link measured with the board, checked with it: its values in
    /// range (`Ok` where it has none).
    pub fn check_link(&self) -> Result<(), PlatformError> {
        self.link.as_ref().map_or(Ok(()), Link::check)
    }
}

impl Link {
    /// The rate copies in direction `d` run at under `t`, GB/s, and the
    /// field it comes from: the direction's own rate, else the rate of
    /// both; pageable copies fall back to the pinned rates where no
    /// pageable one is known.
    pub fn rate_to(&self, d: Direction, t: Transfers) -> (f64, &'static str) {
        let (pinned, pageable) = match d {
            Direction::ToDevice => (
                (self.h2d_pinned_gbs, "h2d_pinned_gbs"),
                (self.h2d_pageable_gbs, "h2d_pageable_gbs"),
            ),
            Direction::FromDevice => (
                (self.d2h_pinned_gbs, "d2h_pinned_gbs"),
                (self.d2h_pageable_gbs, "d2h_pageable_gbs"),
            ),
        };
        let chain = [
            (t == Transfers::Pageable).then_some(pageable),
            (t == Transfers::Pageable).then_some((self.pageable_gbs, "pageable_gbs")),
            Some(pinned),
        ];
        chain
            .into_iter()
            .flatten()
            .find_map(|(v, field)| v.map(|v| (v, field)))
            .unwrap_or((self.pinned_gbs, "pinned_gbs"))
    }

    /// One rate for a model with one (the boat hull's B_bus), GB/s, and
    /// its field: the slower direction under `t`.
    pub fn rate(&self, t: Transfers) -> (f64, &'static str) {
        let to = self.rate_to(Direction::ToDevice, t);
        let from = self.rate_to(Direction::FromDevice, t);
        if from.0 < to.0 { from } else { to }
    }
}
