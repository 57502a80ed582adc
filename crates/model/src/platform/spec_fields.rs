//! The numeric fields of the spec sheets by name (`impl Fields`): each
//! with its unit and the range a given value must lie in, and a setter by
//! name, so that checks, `sources` and a parameter varied by name (the
//! sensitivity of the models) read one list.

use std::collections::BTreeMap;

use super::Source;
use super::spec::{CpuSpec, Fields, GpuSpec, Link, SpecField};
use crate::range::Range;

/// Bandwidths of the memory system and the link, GB/s.
const GBS: Range = Range::new(1e-3, 1e6, "GB/s");
/// A double-precision roof, GFLOP/s.
const GFLOPS: Range = Range::new(1e-3, 1e9, "GFLOP/s");
/// Latencies and departure delays, cycles (as the offload model's).
const CYCLES: Range = Range::new(1e-3, 1e6, "cycles");
/// Energy per flop (as PeaPaw's e_f).
const PJ_FLOP: Range = Range::new(1e-6, 1e6, "pJ/flop");
/// Energy per byte (as PeaPaw's e_b).
const PJ_BYTE: Range = Range::new(1e-6, 1e6, "pJ/byte");
/// A measured power (as PeaPaw's p_s).
const WATTS: Range = Range::new(0.0, 1e6, "W");
/// A cache size (0: none), KiB.
const KIB: Range = Range::new(0.0, 1e9, "KiB");
/// A cache size (0: none), MiB.
const MIB: Range = Range::new(0.0, 1e6, "MiB");
/// A cache line, bytes.
const LINE: Range = Range::new(8.0, 4096.0, "bytes");
/// Cores of a socket, SMs of a GPU, cores of an SM: whole numbers.
const COUNT: Range = Range::new(1.0, 1e6, "").whole();
/// Hardware threads of a core.
const THREADS_PER_CORE: Range = Range::new(1.0, 64.0, "threads").whole();
/// A clock, GHz.
const GHZ: Range = Range::new(1e-3, 1e3, "GHz");
/// Flops per cycle of a core.
const FLOP_CYCLE: Range = Range::new(1e-3, 1e6, "flop/cycle");
/// A memory size, GiB.
const GIB: Range = Range::new(1e-6, 1e9, "GiB");
/// A board's or socket's power, W.
const TDP: Range = Range::new(1e-3, 1e7, "W");
/// A latency of memory, ns, or of the link, µs.
const NS: Range = Range::new(1e-3, 1e9, "ns");
const US: Range = Range::new(1e-6, 1e6, "µs");

/// A numeric field of a spec: always given (`f64`) or where given
/// (`Option<f64>`).
trait FieldValue {
    fn set(&mut self, value: f64);
}

impl FieldValue for f64 {
    fn set(&mut self, value: f64) {
        *self = value;
    }
}

impl FieldValue for Option<f64> {
    fn set(&mut self, value: f64) {
        *self = Some(value);
    }
}

/// `impl Fields` for a spec with `name`, `source` and `sources` fields:
/// the part as messages name it, then every numeric field with its unit
/// and, where it has one, its range, in order (an `f64` field is always
/// given, an `Option<f64>` field where it is `Some`).
macro_rules! impl_fields {
    (@range) => { None };
    (@range $range:expr) => { Some($range) };
    ($spec:ty, $part:literal, [$(($field:ident, $unit:literal, $label:literal $(, $range:expr)?)),+ $(,)?]) => {
        impl Fields for $spec {
            const PART: &'static str = $part;

            fn fields(&self) -> Vec<SpecField> {
                vec![$(SpecField {
                    name: stringify!($field),
                    unit: $unit,
                    label: $label,
                    value: Option::<f64>::from(self.$field),
                    range: impl_fields!(@range $($range)?),
                }),+]
            }

            fn set_field(&mut self, name: &str, value: f64) -> bool {
                match name {
                    $(stringify!($field) => {
                        FieldValue::set(&mut self.$field, value);
                        true
                    })+
                    _ => false,
                }
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
        (cores, "cores", "cores", COUNT),
        (
            threads_per_core,
            "threads",
            "threads per core",
            THREADS_PER_CORE
        ),
        (clock_ghz, "GHz", "clock", GHZ),
        (
            flops_per_cycle,
            "flop/cycle",
            "flops per cycle and core",
            FLOP_CYCLE
        ),
        (vector_bits, "bits", "vector width"),
        (mem_bw_gbs, "GB/s", "memory bandwidth", GBS),
        (mem_gib, "GiB", "memory size", GIB),
        (mem_latency_ns, "ns", "memory latency", NS),
        (add_latency_ns, "ns", "add latency", NS),
        (fma_latency_ns, "ns", "FMA latency", NS),
        (tdp_w, "W", "TDP", TDP),
        (static_w, "W", "static power"),
        (e_f_pj, "pJ/flop", "energy per flop", PJ_FLOP),
        (e_b_pj, "pJ/byte", "energy per byte", PJ_BYTE),
        (idle_w, "W", "idle power", WATTS),
        (l2_kib_per_core, "KiB", "L2 per core", KIB),
        (cache_line_bytes, "bytes", "cache line", LINE),
    ]
);

impl_fields!(
    GpuSpec,
    "GPU",
    [
        (sms, "SMs", "SMs", COUNT),
        (cores_per_sm, "cores", "cores per SM", COUNT),
        (clock_ghz, "GHz", "clock", GHZ),
        (
            flops_per_cycle,
            "flop/cycle",
            "flops per cycle and core",
            FLOP_CYCLE
        ),
        (mem_bw_gbs, "GB/s", "memory bandwidth", GBS),
        (mem_gib, "GiB", "memory size", GIB),
        (mem_latency_ns, "ns", "memory latency", NS),
        (tdp_w, "W", "TDP", TDP),
        (static_w, "W", "static power"),
        (max_threads_per_sm, "threads", "threads per SM", COUNT),
        (max_blocks_per_sm, "blocks", "blocks per SM", COUNT),
        (fp64_gflops, "GFLOP/s", "FP64 peak", GFLOPS),
        (coalesced_gbs, "GB/s", "coalesced read bandwidth", GBS),
        (strided_gbs, "GB/s", "strided read bandwidth", GBS),
        (
            mem_ld_cycles,
            "cycles",
            "memory load latency (Mem_LD)",
            CYCLES
        ),
        (
            departure_del_coal,
            "cycles",
            "coalesced departure delay",
            CYCLES
        ),
        (
            departure_del_uncoal,
            "cycles",
            "uncoalesced departure delay",
            CYCLES
        ),
        (e_f_pj, "pJ/flop", "energy per flop", PJ_FLOP),
        (e_b_pj, "pJ/byte", "energy per byte", PJ_BYTE),
        (idle_w, "W", "idle power", WATTS),
        (l1_kib_per_sm, "KiB", "L1 per SM", KIB),
        (l2_mib, "MiB", "L2 size", MIB),
        (l1_hit_cycles, "cycles", "L1 hit latency", CYCLES),
        (l2_hit_cycles, "cycles", "L2 hit latency", CYCLES),
    ]
);

impl_fields!(
    Link,
    "link",
    [
        (pinned_gbs, "GB/s", "pinned rate", GBS),
        (pageable_gbs, "GB/s", "pageable rate", GBS),
        (latency_us, "µs", "latency", US),
        (h2d_pinned_gbs, "GB/s", "host-to-device pinned rate", GBS),
        (d2h_pinned_gbs, "GB/s", "device-to-host pinned rate", GBS),
        (
            h2d_pageable_gbs,
            "GB/s",
            "host-to-device pageable rate",
            GBS
        ),
        (
            d2h_pageable_gbs,
            "GB/s",
            "device-to-host pageable rate",
            GBS
        ),
    ]
);
