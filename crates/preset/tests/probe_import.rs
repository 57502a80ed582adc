//! The GPU probe's CSV (probe/gpu/README.md) into a GPU spec sheet: the
//! shipped H100 node's run (`assets/data/h100-node-probe.csv`), and a
//! minimal version of it without the latency, pinned link, memory-system
//! and speed rows, land in the right fields with measured sources; every
//! malformed row is named by line and row, the energy runs give the fit
//! the README quotes, and the spec sheet written loads back. `presets
//! import-probe` is tested with the command line
//! (`tests/cli/probe_import.rs` of the app).

use hetscope_model::platform::{Direction, Fields, Transfers};
use hetscope_preset::hardware::parse_gpu_spec;

#[path = "shared/probe_sample.rs"]
mod sample;
use hetscope_preset::probe::ProbeError;
use sample::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * b.abs().max(1e-300)
}

#[test]
fn the_minimal_run_lands_in_the_spec_fields_with_measured_sources() {
    let imp = parse(&minimal()).unwrap();
    let g = &imp.gpu;
    assert_eq!(g.name, "NVIDIA H100 80GB HBM3");
    assert_eq!((g.sms, g.cores_per_sm), (132.0, 128.0));
    assert_eq!(g.flops_per_cycle, 2.0);
    // The measured FMA roof is the spec's peak: the clock it sustained.
    assert!(
        close(g.peak_gflops(), 65_341.529_44, 1e-12),
        "{}",
        g.peak_gflops()
    );
    assert!(close(
        g.clock_ghz,
        65_341.529_44 / (132.0 * 128.0 * 2.0),
        1e-12
    ));
    assert_eq!(g.mem_bw_gbs, 2824.594764);
    assert_eq!((g.mem_gib, g.tdp_w), (79.17871094, 700.0));
    assert_eq!((g.max_threads_per_sm, g.max_blocks_per_sm), (2048.0, 32.0));
    assert_eq!(g.mem_latency_ns, None);
    // Static power: the free fit's p_s (24.5 W) is below the idle board
    // power, its floor: p_s is held at the idle 130.377 W.
    assert_eq!(g.static_w, Some(130.377));
    assert_eq!(g.source.kind(), "measured");
    assert!(g.source.detail().contains("2026-11-26"), "{}", g.source);
    for field in ["clock_ghz", "mem_bw_gbs", "static_w", "sms", "tdp_w"] {
        let s = g.source_of(field);
        assert_eq!(s.kind(), "measured", "{field}: {s}");
        assert!(s.detail().contains("hetscope-probe 1.0"), "{field}: {s}");
    }
    // A queried row says so in its source.
    assert!(
        g.sources["tdp_w"]
            .detail()
            .contains("queried from the device")
    );
    // No pinned rate and no latency: no link; no speed points.
    assert!(imp.link.is_none());
    assert!(imp.speed.is_none());
    assert!(imp.boathull_gpu(Transfers::Pageable).is_none());
    assert!(imp.hong_kim().is_none());
    assert_eq!(imp.number("bus", "h2d_pageable_gbs"), Some(9.436506046));
    assert_eq!(imp.number("bus", "d2h_pageable_gbs"), Some(15.09487857));
    assert_eq!(imp.energy.idle_w, Some(130.377));
    assert_eq!(imp.energy.method.as_deref(), Some("counter"));
}

#[test]
fn the_energy_runs_give_the_published_fit() {
    let e = parse(SAMPLE).unwrap().energy;
    assert_eq!(e.runs.len(), 8);
    assert_eq!(e.labels.first().map(String::as_str), Some("k0"));
    assert_eq!(e.labels[4], "k64");
    assert_eq!(e.runs[4].energy_j, 1228.183);
    assert_eq!(e.runs[4].n_flops, 5.542225799e13);
    // The README: the free fit e_f 11.2 pJ/flop, e_b 160 pJ/byte, p_s
    // 24.5 W (worst row 8.1 %).
    let f = e.fit(None).unwrap();
    assert!((f.e_f_pj - 11.24).abs() < 0.005, "e_f = {}", f.e_f_pj);
    assert!((f.e_b_pj - 160.3).abs() < 0.05, "e_b = {}", f.e_b_pj);
    assert!((f.p_s_w - 24.5).abs() < 0.05, "p_s = {}", f.p_s_w);
    assert!(f.max_abs_residual() < 0.082);
    // p_s held at the idle power: 8.14 pJ/flop and 120.9 pJ/byte.
    let f = e.fit(e.idle_w).unwrap();
    assert!((f.e_f_pj - 8.14).abs() < 0.005, "e_f = {}", f.e_f_pj);
    assert!((f.e_b_pj - 120.9).abs() < 0.05, "e_b = {}", f.e_b_pj);
}

/// One malformed row: the sample with one line replaced, and what the
/// error must name.
struct Bad {
    prefix: &'static str,
    with: &'static str,
    key: &'static str,
    says: &'static str,
}

/// Each case: the sample with one line replaced.
const BAD: &[Bad] = &[
    Bad {
        prefix: "roof,,fp32_gflops",
        with: "roof,,fp32_gflops,fast,GFLOP/s,,",
        key: "roof.fp32_gflops",
        says: "not a number",
    },
    Bad {
        prefix: "roof,,copy_gbs",
        with: "roof,,copy_gbs,-3009,GB/s,,",
        key: "roof.copy_gbs",
        says: "finite positive",
    },
    Bad {
        prefix: "device,,sm_count",
        with: "device,,sm_count,0,SMs,,",
        key: "device.sm_count",
        says: "finite positive",
    },
    Bad {
        prefix: "energy_run,k64,joules",
        with: "energy_run,k64,joules,NaN,J,,",
        key: "energy_run[k64].joules",
        says: "NaN",
    },
    Bad {
        prefix: "energy_run,k1,seconds",
        with: "energy_run,k1,seconds,inf,s,,",
        key: "energy_run[k1].seconds",
        says: "inf",
    },
    Bad {
        prefix: "energy_run,k4,bytes",
        with: "energy_run,k4,bytes,-1,B,,",
        key: "energy_run[k4].bytes",
        says: "zero or positive",
    },
    Bad {
        prefix: "roof,,copy_gbs",
        with: "roof,,copy_gbs,3009,GB,,",
        key: "roof.copy_gbs",
        says: "unknown unit (expected 'GB/s')",
    },
    Bad {
        prefix: "device,,name",
        with: "device,,name,H100,text,,",
        key: "device.name",
        says: "unknown unit (expected none)",
    },
    Bad {
        prefix: "roof,,copy_gbs",
        with: "roof,,copy_gbs,3009,GB/s,lots,",
        key: "roof.copy_gbs",
        says: "column `spread`",
    },
    Bad {
        prefix: "roof,,copy_gbs",
        with: "roof,,copy_gbs,3009,GB/s,-0.1,",
        key: "roof.copy_gbs",
        says: "column `spread`",
    },
    Bad {
        prefix: "roof,,copy_gbs",
        with: "roof,x,copy_gbs,3009,GB/s,,",
        key: "roof[x].copy_gbs",
        says: "takes no item",
    },
    Bad {
        prefix: "energy_run,k0,joules",
        with: "energy_run,,joules,879.6,J,,",
        key: "energy_run.joules",
        says: "needs an item",
    },
    Bad {
        prefix: "device,,name",
        with: "device,,name,,,,",
        key: "device.name",
        says: "must not be empty",
    },
    Bad {
        prefix: "probe,,format",
        with: "probe,,format,2,,,",
        key: "probe.format",
        says: "format 2 is not supported",
    },
];

#[test]
fn every_malformed_row_is_named_by_line_and_row() {
    for c in BAD {
        let line = line_of(c.prefix);
        let err = parse(&edited(c.prefix, Some(c.with))).unwrap_err();
        let text = err.to_string();
        assert_eq!(err.line(), Some(line), "{}: {text}", c.with);
        assert_eq!(err.key(), Some(c.key), "{}: {text}", c.with);
        assert!(text.starts_with(ORIGIN), "{text}");
        assert!(text.contains(&format!("line {line}")), "{text}");
        assert!(
            text.contains(c.says),
            "{}: {text} should say {}",
            c.with,
            c.says
        );
    }
}

#[test]
fn broken_lines_are_named_by_line() {
    let line = line_of("roof,,copy_gbs");
    for with in ["roof,,copy_gbs,3009", r#"roof,,copy_gbs,3009,GB/s,,"open"#] {
        let err = parse(&edited("roof,,copy_gbs", Some(with))).unwrap_err();
        assert!(matches!(err, ProbeError::Syntax { .. }), "{err}");
        assert_eq!(err.line(), Some(line), "{err}");
    }
    let header = line_of("section,");
    let err = parse(&edited("section,", Some("section,key,value,unit"))).unwrap_err();
    assert!(matches!(err, ProbeError::Header { .. }), "{err}");
    assert_eq!(err.line(), Some(header));
}

#[test]
fn a_duplicated_row_names_both_lines() {
    let first = line_of("roof,,copy_gbs");
    let mut text = SAMPLE.to_string();
    text.push_str("roof,,copy_gbs,3100,GB/s,,\n");
    let last = text.lines().count();
    let err = parse(&text).unwrap_err();
    assert_eq!(
        err,
        ProbeError::Duplicate {
            file: ORIGIN.into(),
            line: last,
            key: "roof.copy_gbs".into(),
            first,
        }
    );
    assert!(err.to_string().contains(&format!("first on line {first}")));
    let mut text = SAMPLE.to_string();
    text.push_str("energy_run,k16,joules,1.0,J,,\n");
    let err = parse(&text).unwrap_err();
    assert_eq!(err.key(), Some("energy_run[k16].joules"), "{err}");
}

#[test]
fn a_missing_required_row_is_named() {
    let err = parse(&edited("roof,,fp32_gflops", None)).unwrap_err();
    assert!(matches!(err, ProbeError::Missing { .. }), "{err}");
    assert_eq!(err.key(), Some("roof.fp32_gflops"));
    assert!(
        err.to_string().contains("roof.fp32_gflops is missing"),
        "{err}"
    );
    // In an item: the item's first line and the row.
    let start = line_of("energy_run,k64,");
    let err = parse(&edited("energy_run,k64,joules", None)).unwrap_err();
    assert_eq!(err.key(), Some("energy_run[k64].joules"), "{err}");
    assert_eq!(err.line(), Some(start), "{err}");
    let err = parse("# nothing but a comment\n").unwrap_err();
    assert!(matches!(err, ProbeError::Header { .. }), "{err}");
}

#[test]
fn the_rows_beyond_the_spec_give_link_hull_hong_kim_and_speed() {
    let imp = parse(&with_probe_rows()).unwrap();
    assert_eq!(imp.gpu.mem_latency_ns, Some(495.0));
    assert!(
        imp.gpu.sources["mem_latency_ns"]
            .detail()
            .contains("spread of the repeats 2.0 %")
    );
    assert_eq!(imp.table.skipped.len(), 1);
    let link = imp.link.clone().unwrap();
    assert_eq!(imp.gpu.link.as_ref(), Some(&link));
    // Each direction its own field; pinned_gbs the slower direction.
    assert_eq!(
        (link.pinned_gbs, link.pageable_gbs, link.latency_us),
        (54.0, None, 8.0)
    );
    assert_eq!(
        (link.h2d_pinned_gbs, link.d2h_pinned_gbs),
        (Some(55.0), Some(54.0))
    );
    assert_eq!(
        (link.h2d_pageable_gbs, link.d2h_pageable_gbs),
        (Some(9.436506046), Some(15.09487857))
    );
    assert_eq!(
        link.rate_to(Direction::FromDevice, Transfers::Pageable),
        (15.09487857, "d2h_pageable_gbs")
    );
    assert_eq!(link.source.kind(), "measured");
    assert_eq!(link.sources["d2h_pageable_gbs"].kind(), "measured");
    // The memory system in its fields.
    let g = &imp.gpu;
    assert_eq!(
        (g.fp64_gflops, g.coalesced_gbs, g.strided_gbs),
        (Some(27000.0), Some(2600.0), Some(190.0))
    );
    assert_eq!(
        (
            g.mem_ld_cycles,
            g.departure_del_coal,
            g.departure_del_uncoal
        ),
        (Some(820.0), Some(3.5), Some(9.0))
    );
    assert!(g.sources["mem_ld_cycles"].detail().contains("1656 MHz"));
    let hull = imp.boathull_gpu(Transfers::Pinned).unwrap();
    assert!(close(hull.p_compute_gflops, 65_341.529_44, 1e-12));
    assert_eq!(
        (hull.p_coalesced_gbs, hull.p_uncoalesced_gbs, hull.b_bus_gbs),
        (2600.0, 190.0, 54.0)
    );
    assert_eq!(
        imp.boathull_gpu(Transfers::Pageable).unwrap().b_bus_gbs,
        9.436506046
    );
    let hk = imp.hong_kim().unwrap();
    assert_eq!(
        (hk.mem_ld, hk.departure_del_coal, hk.departure_del_uncoal),
        (820.0, 3.5, 9.0)
    );
    assert!(close(hk.freq_ghz, 1.656, 1e-12));
    let dev = imp.speed.unwrap();
    assert_eq!(dev.unit, "M elements");
    assert!(close(dev.points[0].size_units, 1.048576, 1e-12));
    assert!(close(
        dev.points[1].speed_units_per_s,
        16.777216 / 1.6e-4,
        1e-12
    ));
    // Three f64 vectors of 24 bytes an element in the board's memory.
    let limit = dev.max_size_units.unwrap();
    assert!(close(
        limit,
        79.17871094 * 1024f64.powi(3) / 24.0 / 1e6,
        1e-12
    ));
    assert!(dev.speed_function().is_ok());
}

#[test]
fn the_written_ron_loads_back_as_the_same_spec() {
    let imp = parse(&with_probe_rows()).unwrap();
    let text = imp.gpu_ron(ORIGIN).unwrap();
    assert!(
        text.starts_with("// NVIDIA H100 80GB HBM3: GPU spec sheet imported"),
        "{text}"
    );
    // Measured values as fields, not comments.
    assert!(text.contains("mem_ld_cycles: Some(820.0)"), "{text}");
    assert!(
        text.contains("h2d_pageable_gbs: Some(9.436506046)"),
        "{text}"
    );
    let comments: Vec<&str> = text.lines().filter(|l| l.starts_with("//")).collect();
    assert_eq!(comments.len(), 2, "{comments:?}");
    assert!(
        !comments.iter().any(|l| l.contains("cycles")),
        "{comments:?}"
    );
    // The energy fit: e_f, e_b, p_s as fields, the fit in their source.
    let g = &imp.gpu;
    // p_s held at the idle power (the free fit's is below it): 8.14
    // pJ/flop and 120.9 pJ/byte (the README); the free fit said beside.
    assert!((g.e_f_pj.unwrap() - 8.14).abs() < 0.005);
    assert!((g.e_b_pj.unwrap() - 120.9).abs() < 0.05);
    let how = g.sources["e_f_pj"].detail();
    assert!(how.contains("p_s held at the idle power"), "{how}");
    assert!(
        how.contains("the free fit (e_f 11.24 pJ/flop, e_b 160.3 pJ/byte, p_s 24.5 W"),
        "{how}"
    );
    assert_eq!(parse_gpu_spec(&text, "written.ron").unwrap(), imp.gpu);
}

#[test]
fn without_energy_runs_only_the_idle_power_is_kept() {
    let no_runs: String = SAMPLE
        .lines()
        .filter(|l| !l.starts_with("energy_run,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let imp = parse(&no_runs).unwrap();
    assert!(imp.energy.runs.is_empty());
    // No fit: no static power, e_f or e_b; the idle power its own field
    // (which PeaPaw's rule takes as p_s where no static power is given).
    assert_eq!(imp.gpu.static_w, None);
    assert_eq!((imp.gpu.e_f_pj, imp.gpu.e_b_pj), (None, None));
    assert_eq!(imp.gpu.idle_w, Some(130.377));
    let s = &imp.gpu.sources["idle_w"];
    assert!(s.detail().starts_with("NVML board power"), "{s}");
    // As a probe without NVML writes it: no energy rows at all.
    let no_energy: String = no_runs
        .lines()
        .filter(|l| !l.starts_with("energy,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let imp = parse(&no_energy).unwrap();
    assert_eq!(imp.gpu.static_w, None);
    assert!(!imp.gpu.sources.contains_key("static_w"));
    assert!(!imp.gpu.sources.contains_key("idle_w"));
    assert_eq!(imp.gpu.idle_w, None);
}
