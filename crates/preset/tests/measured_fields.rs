//! The measured fields of a hardware description: each derivation rule
//! uses a measured field where the spec has one and says so in its
//! sources (the spec-sheet rule stays where it has none), the link runs
//! each direction at its own rate, old files still read (one rate for
//! both directions), and a bad value is refused naming file and field.

use std::collections::BTreeMap;

use hetscope_model::offload::{Bus, OffloadParam};
use hetscope_model::platform::derive::{boathull, offload, perdome};
use hetscope_model::platform::{
    CpuSpec, Direction, GpuGroup, GpuSpec, Link, Node, Source, Transfers,
};
use hetscope_preset::hardware::{parse_cpu_spec, parse_gpu_spec};
use hetscope_preset::offload::parse_offload_platform;

fn measured(what: &str) -> Source {
    Source::Measured(what.into())
}

/// An H100-like board and a host, nothing measured but the static power.
fn node() -> Node {
    let spec = |s: &str| Source::Spec(s.into());
    Node {
        name: "node".into(),
        cpu: CpuSpec {
            name: "host".into(),
            cores: 16.0,
            threads_per_core: 1.0,
            clock_ghz: 2.0,
            flops_per_cycle: 64.0,
            vector_bits: 512.0,
            mem_bw_gbs: 100.0,
            fma_gflops_by_threads: Vec::new(),
            triad_gbs_by_threads: Vec::new(),
            mem_gib: 128.0,
            mem_latency_ns: None,
            add_latency_ns: None,
            fma_latency_ns: None,
            tdp_w: 160.0,
            static_w: None,
            source: spec("host sheet"),
            sources: BTreeMap::new(),
            e_f_pj: None,
            e_b_pj: None,
            idle_w: None,
            l2_kib_per_core: None,
            cache_line_bytes: None,
            caches: Vec::new(),
        },
        cpus: 1,
        gpus: vec![GpuGroup {
            count: 1,
            spec: GpuSpec {
                name: "board".into(),
                sms: 132.0,
                cores_per_sm: 128.0,
                clock_ghz: 1.98,
                flops_per_cycle: 2.0,
                mem_bw_gbs: 3350.0,
                mem_gib: 80.0,
                mem_latency_ns: None,
                tdp_w: 700.0,
                static_w: None,
                max_threads_per_sm: 2048.0,
                max_blocks_per_sm: 32.0,
                fp64_gflops: None,
                coalesced_gbs: None,
                strided_gbs: None,
                mem_ld_cycles: None,
                departure_del_coal: None,
                departure_del_uncoal: None,
                e_f_pj: None,
                e_b_pj: None,
                idle_w: None,
                link: None,
                source: spec("board sheet"),
                sources: BTreeMap::new(),
                l1_kib_per_sm: None,
                l2_mib: None,
                l1_hit_cycles: None,
                l2_hit_cycles: None,
            },
        }],
        link: Link {
            name: "PCIe".into(),
            pinned_gbs: 50.0,
            pageable_gbs: Some(10.0),
            latency_us: 8.0,
            h2d_pinned_gbs: None,
            d2h_pinned_gbs: None,
            h2d_pageable_gbs: None,
            d2h_pageable_gbs: None,
            source: spec("PCIe"),
            sources: BTreeMap::new(),
        },
    }
}

/// `node()` with the board's memory system, energy and the link's
/// directions measured.
fn measured_node() -> Node {
    let mut n = node();
    let g = &mut n.gpus[0].spec;
    g.coalesced_gbs = Some(3000.0);
    g.strided_gbs = Some(180.0);
    g.mem_ld_cycles = Some(329.0);
    g.departure_del_coal = Some(2.35);
    g.departure_del_uncoal = Some(22.9);
    g.e_f_pj = Some(11.2);
    g.e_b_pj = Some(160.0);
    g.idle_w = Some(130.0);
    for f in [
        "coalesced_gbs",
        "strided_gbs",
        "mem_ld_cycles",
        "departure_del_coal",
        "departure_del_uncoal",
        "e_f_pj",
        "e_b_pj",
        "idle_w",
    ] {
        g.sources.insert(f.into(), measured(&format!("probe: {f}")));
    }
    let l = &mut n.link;
    l.h2d_pageable_gbs = Some(9.4);
    l.d2h_pageable_gbs = Some(15.1);
    l.h2d_pinned_gbs = Some(55.3);
    for f in ["h2d_pageable_gbs", "d2h_pageable_gbs", "h2d_pinned_gbs"] {
        l.sources.insert(f.into(), measured(&format!("probe: {f}")));
    }
    n
}

#[test]
fn the_offload_rule_takes_the_measured_memory_system_and_each_direction() {
    let before = offload::platform(&node(), Transfers::Pageable).unwrap();
    let p = &before.value;
    // The spec-sheet rule: the sheet's bandwidth, the V100's latency as a
    // time, Hong & Kim's delays, one pageable rate both ways.
    assert_eq!(p.gpu.mem_bw_gbs, 3350.0);
    assert_eq!(
        (p.gpu.departure_del_coal, p.gpu.departure_del_uncoal),
        (4.0, 10.0)
    );
    assert_eq!((p.bus.h2d_gbs, p.bus.d2h_gbs), (10.0, 10.0));
    assert_eq!(before.source("mem_ld").map(Source::kind), Some("derived"));
    let d = offload::platform(&measured_node(), Transfers::Pageable).unwrap();
    let p = &d.value;
    assert_eq!(
        (p.gpu.mem_bw_gbs, p.gpu.mem_ld),
        (3000.0, 329.0),
        "the coalesced reads and the measured Mem_LD"
    );
    assert_eq!(
        (p.gpu.departure_del_coal, p.gpu.departure_del_uncoal),
        (2.35, 22.9)
    );
    assert_eq!(
        (p.bus.h2d_gbs, p.bus.d2h_gbs, p.bus.latency_us),
        (9.4, 15.1, 8.0)
    );
    for key in [
        "mem_bw_gbs",
        "mem_ld",
        "departure_del_coal",
        "departure_del_uncoal",
        "bus_h2d_gbs",
        "bus_d2h_gbs",
    ] {
        assert_eq!(d.source(key).map(Source::kind), Some("measured"), "{key}");
    }
    assert!(
        d.source("bus_h2d_gbs")
            .unwrap()
            .detail()
            .starts_with("h2d_pageable_gbs of PCIe")
    );
    // Both rates read as one: the slower, with both named.
    assert_eq!(p.param(OffloadParam::BusGbs), 9.4);
    assert!(
        d.source("bus_gbs")
            .unwrap()
            .detail()
            .contains("d2h_pageable_gbs")
    );
    // Pinned: the host-to-device rate measured, the other direction the
    // rate of both.
    let pinned = offload::platform(&measured_node(), Transfers::Pinned)
        .unwrap()
        .value;
    assert_eq!((pinned.bus.h2d_gbs, pinned.bus.d2h_gbs), (55.3, 50.0));
}

#[test]
fn the_boat_hull_rule_takes_the_measured_reads() {
    let g = boathull::gpu(&node(), Transfers::Pageable).unwrap();
    assert_eq!(
        (g.value.p_coalesced_gbs, g.value.p_uncoalesced_gbs),
        (3350.0, 3350.0 / 8.0)
    );
    assert_eq!(g.source("P_uncoalesced").map(Source::kind), Some("derived"));
    let g = boathull::gpu(&measured_node(), Transfers::Pageable).unwrap();
    assert_eq!(
        (g.value.p_coalesced_gbs, g.value.p_uncoalesced_gbs),
        (3000.0, 180.0)
    );
    // B_bus, one rate: the slower direction.
    assert_eq!(g.value.b_bus_gbs, 9.4);
    for key in ["P_coalesced", "P_uncoalesced", "B_bus"] {
        assert_eq!(g.source(key).map(Source::kind), Some("measured"), "{key}");
    }
}

#[test]
fn the_peapaw_rule_takes_the_measured_energy() {
    let before = perdome::platform(&node()).unwrap();
    assert_eq!(before.source("e_fG").map(Source::kind), Some("estimate"));
    // 30 % of the TDP without a static power.
    assert_eq!(before.value.gpu.p_s, 210.0);
    let d = perdome::platform(&measured_node()).unwrap();
    let g = d.value.gpu;
    assert_eq!((g.e_f, g.e_b), (11.2, 160.0));
    assert_eq!(d.source("e_fG").map(Source::kind), Some("measured"));
    assert_eq!(d.source("e_bG").map(Source::kind), Some("measured"));
    // No static power given: the measured idle power stands for it.
    assert_eq!(g.p_s, 130.0);
    assert!(d.source("p_sG").unwrap().detail().contains("idle power"));
    // A static power given (an energy fit's) comes first.
    let mut n = measured_node();
    n.gpus[0].spec.static_w = Some(24.5);
    assert_eq!(perdome::platform(&n).unwrap().value.gpu.p_s, 24.5);
    // Two kinds of board: the measured e_f weighted by their peaks.
    let mut other = n.gpus[0].clone();
    other.spec.name = "half board".into();
    other.spec.sms = 66.0;
    other.spec.e_f_pj = Some(20.0);
    n.gpus.push(other);
    let e_f = perdome::platform(&n).unwrap().value.gpu.e_f;
    assert!((e_f - (2.0 * 11.2 + 20.0) / 3.0).abs() < 1e-12, "{e_f}");
}

#[test]
fn the_link_runs_each_direction_at_its_own_rate() {
    let l = measured_node().link;
    assert_eq!(
        l.rate_to(Direction::ToDevice, Transfers::Pageable),
        (9.4, "h2d_pageable_gbs")
    );
    assert_eq!(
        l.rate_to(Direction::FromDevice, Transfers::Pageable),
        (15.1, "d2h_pageable_gbs")
    );
    assert_eq!(l.rate(Transfers::Pageable), (9.4, "h2d_pageable_gbs"));
    // An old link: one rate both ways; no pageable rate: the pinned one.
    let mut old = node().link;
    assert_eq!(
        old.rate_to(Direction::FromDevice, Transfers::Pageable),
        (10.0, "pageable_gbs")
    );
    old.pageable_gbs = None;
    assert_eq!(
        old.rate_to(Direction::ToDevice, Transfers::Pageable),
        (50.0, "pinned_gbs")
    );
    let bus = Bus {
        name: "link".into(),
        h2d_gbs: 9.4,
        d2h_gbs: 15.1,
        latency_us: 0.0,
        pinned: None,
        pageable: None,
    };
    let up = bus.transfer_seconds(Direction::ToDevice, 9.4e9).unwrap();
    let down = bus.transfer_seconds(Direction::FromDevice, 15.1e9).unwrap();
    assert!(
        (up - 1.0).abs() < 1e-12 && (down - 1.0).abs() < 1e-12,
        "{up} {down}"
    );
}

const GPU: &str = r#"(
    name: "board", sms: 132, cores_per_sm: 128, clock_ghz: 1.98, flops_per_cycle: 2,
    mem_bw_gbs: 3350, mem_gib: 80, tdp_w: 700, max_threads_per_sm: 2048, max_blocks_per_sm: 32,
    coalesced_gbs: 3000, mem_ld_cycles: 329, e_f_pj: 11.2,
    link: (name: "PCIe", pinned_gbs: 55, latency_us: 8, d2h_pageable_gbs: 15.1, source: Measured("probe")),
    source: Spec("sheet"),
)"#;

#[test]
fn bad_measured_values_are_refused_naming_file_and_field() {
    let g = parse_gpu_spec(GPU, "gpu.ron").unwrap();
    assert_eq!(
        (g.coalesced_gbs, g.mem_ld_cycles, g.e_f_pj),
        (Some(3000.0), Some(329.0), Some(11.2))
    );
    assert_eq!(g.link.unwrap().d2h_pageable_gbs, Some(15.1));
    for (from, to, field, need) in [
        (
            "coalesced_gbs: 3000",
            "coalesced_gbs: -3",
            "coalesced_gbs",
            "between 0.001 and 1e6 GB/s",
        ),
        (
            "mem_ld_cycles: 329",
            "mem_ld_cycles: 1e9",
            "mem_ld_cycles",
            "1e6 cycles",
        ),
        ("e_f_pj: 11.2", "e_f_pj: 0", "e_f_pj", "pJ/flop"),
        (
            "d2h_pageable_gbs: 15.1",
            "d2h_pageable_gbs: 0",
            "link.d2h_pageable_gbs",
            "GB/s",
        ),
    ] {
        let e = parse_gpu_spec(&GPU.replace(from, to), "my/gpu.ron")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("my/gpu.ron"), "{e}");
        assert!(e.contains(field) && e.contains(need), "{field}: {e}");
    }
    let cpu = r#"(name: "host", cores: 16, threads_per_core: 1, clock_ghz: 2, flops_per_cycle: 64,
        vector_bits: 512, mem_bw_gbs: 100, mem_gib: 128, tdp_w: 160, source: Spec("sheet"),
        e_b_pj: -1)"#;
    let e = parse_cpu_spec(cpu, "cpu.ron").unwrap_err().to_string();
    assert!(e.contains("cpu.ron") && e.contains("e_b_pj"), "{e}");
}

#[test]
fn an_offload_bus_reads_one_rate_or_one_each() {
    let text = std::fs::read_to_string(format!(
        "{}/presets/offload-platforms/power9-v100-nvlink2.ron",
        crate::common::ROOT
    ))
    .unwrap();
    let one = parse_offload_platform(&text, "p9.ron").unwrap();
    assert_eq!((one.bus.h2d_gbs, one.bus.d2h_gbs), (25.0, 25.0));
    let each = text.replacen("bw_gbs: 25.0", "h2d_gbs: 9.4, d2h_gbs: 15.1", 1);
    let p = parse_offload_platform(&each, "each.ron").unwrap();
    assert_eq!((p.bus.h2d_gbs, p.bus.d2h_gbs), (9.4, 15.1));
    let e = parse_offload_platform(
        &text.replacen("bw_gbs: 25.0", "h2d_gbs: 9.4", 1),
        "half.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("half.ron") && e.contains("device to host"),
        "{e}"
    );
    let e = parse_offload_platform(
        &text.replacen("bw_gbs: 25.0", "h2d_gbs: 9.4, d2h_gbs: 0.0", 1),
        "bad.ron",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("bus.d2h_gbs"), "{e}");
    // `bus_gbs` set: both directions.
    let mut m = p.to_model().unwrap();
    m.set_param(OffloadParam::BusGbs, 20.0).unwrap();
    assert_eq!((m.bus.h2d_gbs, m.bus.d2h_gbs), (20.0, 20.0));
    m.set_param(OffloadParam::BusD2hGbs, 30.0).unwrap();
    assert_eq!((m.param(OffloadParam::BusGbs), m.bus.d2h_gbs), (20.0, 30.0));
}
