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
    ($spec:ty, $part:literal, [$(($field:ident, $unit:literal $(, $range:expr)?)),+ $(,)?]) => {
        impl Fields for $spec {
            const PART: &'static str = $part;

            fn fields(&self) -> Vec<SpecField> {
                vec![$(SpecField {
                    name: stringify!($field),
                    unit: $unit,
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
        (e_f_pj, "pJ/flop", PJ_FLOP),
        (e_b_pj, "pJ/byte", PJ_BYTE),
        (idle_w, "W", WATTS),
        (l2_kib_per_core, "KiB", KIB),
        (cache_line_bytes, "bytes", LINE),
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
        (fp64_gflops, "GFLOP/s", GFLOPS),
        (coalesced_gbs, "GB/s", GBS),
        (strided_gbs, "GB/s", GBS),
        (mem_ld_cycles, "cycles", CYCLES),
        (departure_del_coal, "cycles", CYCLES),
        (departure_del_uncoal, "cycles", CYCLES),
        (e_f_pj, "pJ/flop", PJ_FLOP),
        (e_b_pj, "pJ/byte", PJ_BYTE),
        (idle_w, "W", WATTS),
        (l1_kib_per_sm, "KiB", KIB),
        (l2_mib, "MiB", MIB),
        (l1_hit_cycles, "cycles", CYCLES),
        (l2_hit_cycles, "cycles", CYCLES),
    ]
);

impl_fields!(
    Link,
    "link",
    [
        (pinned_gbs, "GB/s"),
        (pageable_gbs, "GB/s"),
        (latency_us, "µs"),
        (h2d_pinned_gbs, "GB/s", GBS),
        (d2h_pinned_gbs, "GB/s", GBS),
        (h2d_pageable_gbs, "GB/s", GBS),
        (d2h_pageable_gbs, "GB/s", GBS),
    ]
);
