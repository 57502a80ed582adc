//! The rows a probe CSV may hold: section, key, whether the row belongs
//! to an item (one energy run, one speed point), its kind (text or a
//! number in one unit), whether zero is a valid number, and whether the
//! row is required. The table is the format's definition; the README of
//! `probe/gpu/` describes every row in words.

/// Text or a number in one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Free text: the unit and spread columns stay empty.
    Text,
    /// A finite number in `unit` (`""`: a plain number), positive unless
    /// `zero_ok`.
    Number { unit: &'static str, zero_ok: bool },
}

/// Whether a row must be present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Required,
    Optional,
}

/// One known row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeySpec {
    pub section: &'static str,
    pub key: &'static str,
    /// Rows of an item (`item` column filled) or of the section itself.
    pub item: bool,
    pub kind: Kind,
    /// For an item's row: required in every item of the section.
    pub need: Need,
}

const fn text(section: &'static str, key: &'static str, need: Need) -> KeySpec {
    KeySpec {
        section,
        key,
        item: false,
        kind: Kind::Text,
        need,
    }
}

const fn num(section: &'static str, key: &'static str, unit: &'static str, need: Need) -> KeySpec {
    KeySpec {
        section,
        key,
        item: false,
        kind: Kind::Number {
            unit,
            zero_ok: false,
        },
        need,
    }
}

/// A number of an item; `zero_ok` for counts that may be zero.
const fn item(
    section: &'static str,
    key: &'static str,
    unit: &'static str,
    zero_ok: bool,
    need: Need,
) -> KeySpec {
    KeySpec {
        section,
        key,
        item: true,
        kind: Kind::Number { unit, zero_ok },
        need,
    }
}

use Need::{Optional as Opt, Required as Req};

/// The format version this importer reads (`probe,,format`).
pub const FORMAT: f64 = 1.0;

/// The header line: the seven columns in this order.
pub const HEADER: [&str; 7] = ["section", "item", "key", "value", "unit", "spread", "note"];

/// Every row the importer knows.
pub const KEYS: &[KeySpec] = &[
    num("probe", "format", "", Req),
    text("probe", "generator", Req),
    text("probe", "date", Req),
    text("probe", "host", Req),
    text("probe", "mode", Opt),
    KeySpec {
        kind: Kind::Number {
            unit: "",
            zero_ok: true,
        },
        ..num("device", "index", "", Opt)
    },
    text("device", "name", Req),
    text("device", "compute_capability", Opt),
    num("device", "sm_count", "SMs", Req),
    num("device", "cores_per_sm", "cores", Req),
    num("device", "clock_max_mhz", "MHz", Opt),
    num("device", "memory_gib", "GiB", Req),
    num("device", "l2_cache_bytes", "B", Opt),
    num("device", "max_threads_per_sm", "threads", Req),
    num("device", "max_blocks_per_sm", "blocks", Req),
    num("device", "power_limit_w", "W", Req),
    num("roof", "fp32_gflops", "GFLOP/s", Req),
    num("roof", "fp64_gflops", "GFLOP/s", Opt),
    num("roof", "copy_gbs", "GB/s", Req),
    num("roof", "coalesced_gbs", "GB/s", Opt),
    num("roof", "strided_gbs", "GB/s", Opt),
    num("latency", "mem_ld_cycles", "cycles", Opt),
    num("latency", "mem_ld_ns", "ns", Opt),
    num("latency", "sm_clock_mhz", "MHz", Opt),
    num("latency", "departure_del_coal", "cycles", Opt),
    num("latency", "departure_del_uncoal", "cycles", Opt),
    num("bus", "h2d_pinned_gbs", "GB/s", Opt),
    num("bus", "d2h_pinned_gbs", "GB/s", Opt),
    num("bus", "h2d_pageable_gbs", "GB/s", Opt),
    num("bus", "d2h_pageable_gbs", "GB/s", Opt),
    num("bus", "latency_us", "us", Opt),
    num("energy", "idle_w", "W", Opt),
    text("energy", "method", Opt),
    item("energy_run", "flops", "flop", true, Req),
    item("energy_run", "bytes", "B", true, Req),
    item("energy_run", "seconds", "s", false, Req),
    item("energy_run", "joules", "J", false, Req),
    item("energy_run", "fma_per_element", "", true, Opt),
    item("energy_run", "launches", "", false, Opt),
    text("speed", "kernel", Opt),
    num("speed", "flops_per_element", "flop", Opt),
    num("speed", "bytes_per_element", "B", Opt),
    item("speed", "n", "elements", false, Req),
    item("speed", "seconds", "s", false, Req),
    item("speed", "gflops", "GFLOP/s", false, Opt),
];

/// The known row of `section` and `key`, first among rows of the same
/// item-ness as `item`, else of the other (to say that the item column is
/// wrong); `None` for a row the importer does not know.
pub fn lookup(section: &str, key: &str, item: bool) -> Option<&'static KeySpec> {
    let same = |s: &&KeySpec| s.section == section && s.key == key;
    KEYS.iter()
        .filter(same)
        .find(|s| s.item == item)
        .or_else(|| KEYS.iter().find(same))
}

/// Whether `unit` as written names `expected` (case aside; `µs` for `us`).
pub fn unit_matches(unit: &str, expected: &str) -> bool {
    unit.eq_ignore_ascii_case(expected) || (expected == "us" && (unit == "µs" || unit == "μs"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_units_match_their_spelling() {
        for (i, a) in KEYS.iter().enumerate() {
            for b in &KEYS[i + 1..] {
                assert!(
                    !(a.section == b.section && a.key == b.key && a.item == b.item),
                    "{}.{} twice",
                    a.section,
                    a.key
                );
            }
        }
        assert!(unit_matches("gb/s", "GB/s"));
        assert!(unit_matches("µs", "us"));
        assert!(!unit_matches("GB", "GB/s"));
        assert_eq!(lookup("speed", "seconds", true).map(|s| s.item), Some(true));
        assert_eq!(
            lookup("roof", "copy_gbs", true).map(|s| s.item),
            Some(false)
        );
        assert!(lookup("roof", "tensor_tflops", false).is_none());
    }
}
