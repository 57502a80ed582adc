//! The rules that turn one platform description into every model's
//! parameters, checked against values computed by hand (in the comments)
//! and against the estimates the existing presets wrote down by the same
//! rules.

use std::collections::BTreeMap;

use hetscope_model::platform::derive::{boathull, fpm, offload, perdome};
use hetscope_model::platform::{
    CpuSpec, GpuGroup, GpuSpec, Link, Node, PlatformError, Source, Transfers,
};

fn spec(text: &str) -> Source {
    Source::Spec(text.into())
}

/// One Xeon Platinum 8480+ socket and one H100 SXM5, with a PCIe 5 link.
fn xeon_h100() -> Node {
    Node {
        name: "Xeon 8480+ + H100".into(),
        cpu: CpuSpec {
            name: "Xeon Platinum 8480+".into(),
            cores: 56.0,
            threads_per_core: 2.0,
            clock_ghz: 2.0,
            flops_per_cycle: 64.0,
            vector_bits: 512.0,
            mem_bw_gbs: 307.2,
            fma_gflops_by_threads: Vec::new(),
            triad_gbs_by_threads: Vec::new(),
            mem_gib: 512.0,
            mem_latency_ns: None,
            add_latency_ns: None,
            fma_latency_ns: None,
            tdp_w: 350.0,
            static_w: None,
            source: spec("Intel ARK"),
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
                name: "H100 SXM5".into(),
                sms: 132.0,
                cores_per_sm: 128.0,
                clock_ghz: 1.98,
                flops_per_cycle: 2.0,
                mem_bw_gbs: 3350.0,
                mem_gib: 80.0,
                mem_latency_ns: None,
                tdp_w: 700.0,
                static_w: Some(63.0),
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
                source: spec("NVIDIA H100 datasheet"),
                sources: BTreeMap::from([(
                    "static_w".to_string(),
                    Source::Measured("board energy fit".into()),
                )]),
                l1_kib_per_sm: None,
                l2_mib: None,
                l1_hit_cycles: None,
                l2_hit_cycles: None,
            },
        }],
        link: Link {
            name: "PCIe 5.0 x16".into(),
            pinned_gbs: 55.0,
            pageable_gbs: Some(7.7),
            latency_us: 10.0,
            h2d_pinned_gbs: None,
            d2h_pinned_gbs: None,
            h2d_pageable_gbs: None,
            d2h_pageable_gbs: None,
            source: Source::Measured("shipped H100 node".into()),
            sources: BTreeMap::new(),
        },
    }
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn peapaw_parameters_follow_eq_6_and_the_energy_estimates() {
    let d = perdome::platform(&xeon_h100()).unwrap();
    let (c, g) = (d.value.cpu, d.value.gpu);
    // CPU: 56 x 2.0 x 64 = 7168 GFLOP/s; t_f = 1000 / 7168 ps.
    assert!(close(c.t_f, 1000.0 / 7168.0, 1e-12));
    assert!(close(c.t_b, 1000.0 / 307.2, 1e-12));
    // p_s = 30 % of 350 W = 105 W; e_f = 1000 x 245 / 7168 = 34.18 pJ;
    // e_b = 500 x 245 / 307.2 = 398.8 pJ: the values the Xeon 8480+
    // preset wrote down (34.2, 399, 105).
    assert!(close(c.p_s, 105.0, 1e-12));
    assert!(close(c.e_f, 34.18, 1e-3), "{}", c.e_f);
    assert!(close(c.e_b, 398.76, 1e-4), "{}", c.e_b);
    // GPU: 132 x 128 x 1.98 x 2 = 66908.16 GFLOP/s.
    assert!(close(g.t_f, 1000.0 / 66908.16, 1e-12));
    assert!(close(g.t_b, 1000.0 / 3350.0, 1e-12));
    // The measured static power is used as given, with its source.
    assert_eq!(g.p_s, 63.0);
    assert_eq!(
        d.source("p_sG"),
        Some(&Source::Measured("board energy fit".into()))
    );
    assert_eq!(d.source("p_sC").map(Source::kind), Some("estimate"));
    assert_eq!(d.source("t_fC").map(Source::kind), Some("derived"));
    assert!(
        d.source("t_fG").unwrap().detail().contains("Eq. 6"),
        "{:?}",
        d.source("t_fG")
    );
}

#[test]
fn groups_add_peaks_bandwidths_and_static_power_not_energy_per_op() {
    let one = perdome::platform(&xeon_h100()).unwrap().value;
    let mut node = xeon_h100();
    node.cpus = 2;
    node.gpus[0].count = 4;
    let d = perdome::platform(&node).unwrap();
    let four = d.value;
    assert!(close(four.cpu.t_f, one.cpu.t_f / 2.0, 1e-12));
    assert!(close(four.cpu.t_b, one.cpu.t_b / 2.0, 1e-12));
    assert!(close(four.cpu.p_s, 2.0 * one.cpu.p_s, 1e-12));
    assert_eq!(four.cpu.e_f, one.cpu.e_f);
    assert!(close(four.gpu.t_f, one.gpu.t_f / 4.0, 1e-12));
    assert!(close(four.gpu.p_s, 4.0 * 63.0, 1e-12));
    assert_eq!(four.gpu.e_b, one.gpu.e_b);
    assert!(d.source("t_fG").unwrap().detail().contains("PeaPaw 3.3"));
    assert_eq!(node.gpu_label(), "4 x H100 SXM5");
}

#[test]
fn a_static_power_at_the_tdp_is_refused_by_name() {
    let mut node = xeon_h100();
    node.gpus[0].spec.static_w = Some(700.0);
    let e = perdome::platform(&node).unwrap_err();
    assert!(matches!(e, PlatformError::Derived { .. }), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("H100 SXM5") && text.contains("700"), "{text}");
}

#[test]
fn boat_hull_parameters_of_one_gpu_and_one_socket() {
    let node = xeon_h100();
    let g = boathull::gpu(&node, Transfers::Pageable).unwrap();
    assert!(close(g.value.p_compute_gflops, 66908.16, 1e-12));
    assert_eq!(g.value.p_coalesced_gbs, 3350.0);
    // 3350 / 8 = 418.75 GB/s, as the H100 preset wrote down.
    assert_eq!(g.value.p_uncoalesced_gbs, 418.75);
    assert_eq!(g.value.b_bus_gbs, 7.7);
    assert!(g.source("B_bus").unwrap().detail().contains("pageable_gbs"));
    let pinned = boathull::gpu(&node, Transfers::Pinned).unwrap();
    assert_eq!(pinned.value.b_bus_gbs, 55.0);
    let c = boathull::cpu(&node).unwrap().value;
    assert_eq!(c.p_compute_gflops, 7168.0);
    assert_eq!(c.p_memory_gbs, 307.2);
    assert_eq!((c.n_threads, c.w_vector_bits), (112, 512));
    // Without a pageable rate the pinned one is used, and said.
    let mut no_pageable = node.clone();
    no_pageable.link.pageable_gbs = None;
    let g = boathull::gpu(&no_pageable, Transfers::Pageable).unwrap();
    assert_eq!(g.value.b_bus_gbs, 55.0);
    assert!(g.source("B_bus").unwrap().detail().contains("pinned_gbs"));
}

#[test]
fn offload_platform_carries_table_ii_times_and_the_v100_latency() {
    let mut node = xeon_h100();
    node.gpus[0].spec.sms = 114.0;
    node.gpus[0].spec.clock_ghz = 1.755;
    let d = offload::platform(&node, Transfers::Pinned).unwrap();
    let p = &d.value;
    // 1029 cycles / 1.53 GHz = 672.5 ns; x 1.755 GHz = 1180 cycles (the
    // Xeon 8480+ + H100 PCIe offload preset's estimate).
    assert_eq!(p.gpu.mem_ld, 1180.0);
    assert_eq!(d.source("mem_ld").map(Source::kind), Some("derived"));
    assert!(d.source("mem_ld").unwrap().detail().contains("estimate"));
    // Table II's 10154 / 4000 / 3000 cycles at 3 GHz, at 2.0 GHz.
    assert_eq!(p.cpu.schedule_static, 6769.0);
    assert_eq!(p.cpu.sync_overhead, 2667.0);
    assert_eq!(p.cpu.parallel_startup, 2000.0);
    assert_eq!(p.cpu.threads, 112.0);
    assert_eq!(
        (p.bus.h2d_gbs, p.bus.d2h_gbs, p.bus.latency_us),
        (55.0, 55.0, 10.0)
    );
    // A published latency is used instead: 500 ns x 1.755 GHz.
    node.gpus[0].spec.mem_latency_ns = Some(500.0);
    let d = offload::platform(&node, Transfers::Pinned).unwrap();
    assert_eq!(d.value.gpu.mem_ld, 878.0);
    // Every parameter named by the model has a source.
    for p in hetscope_model::offload::OffloadParam::all() {
        if p.name() != "active_blocks_per_sm" {
            assert!(d.source(p.name()).is_some(), "{}", p.name());
        }
    }
}

#[test]
fn fpm_devices_run_at_their_roofs_up_to_their_memory() {
    let mut node = xeon_h100();
    node.gpus[0].count = 2;
    let d = fpm::devices(&node);
    let names: Vec<&str> = d.value.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(
        names,
        ["Xeon Platinum 8480+", "H100 SXM5 #1", "H100 SXM5 #2"]
    );
    let gpu = d.value[1].speed_function().unwrap();
    // 66908.16e9 / (2 x 640^3) = 127617.19 block updates/s.
    assert!(close(gpu.speed(100.0).unwrap(), 127_617.19, 1e-6));
    // 80 GiB / (3 x 4 x 640^2 bytes) = 17476.3 blocks.
    assert!(close(gpu.max_size_units(), 17_476.27, 1e-6));
    assert_eq!(gpu.speed(17_477.0), None);
}

#[test]
fn bad_values_and_unknown_source_fields_are_named() {
    let mut node = xeon_h100();
    node.cpu.clock_ghz = 0.0;
    let e = node.check().unwrap_err().to_string();
    assert!(
        e.contains("Xeon Platinum 8480+") && e.contains("clock_ghz"),
        "{e}"
    );
    let mut node = xeon_h100();
    node.link.sources.insert("bandwidth".into(), Source::Edited);
    let e = node.check().unwrap_err().to_string();
    assert!(e.contains("'bandwidth'") && e.contains("pinned_gbs"), "{e}");
    let mut node = xeon_h100();
    node.gpus.clear();
    assert!(node.check().unwrap_err().to_string().contains("GPU"));
    assert!(perdome::platform(&node).is_err());
    assert!(boathull::gpu(&node, Transfers::Pinned).is_err());
    assert!(xeon_h100().check().is_ok());
}

#[test]
fn gpus_of_two_kinds_add_up_and_say_energy_grouping_is_outside_peapaw() {
    let mut node = xeon_h100();
    let mut small = node.gpus[0].spec.clone();
    small.name = "small GPU".into();
    small.sms = 66.0; // half the peak: 33454.08 GFLOP/s
    small.mem_bw_gbs = 1000.0;
    small.tdp_w = 300.0;
    small.static_w = None; // estimated: 90 W
    node.gpus.push(GpuGroup {
        spec: small,
        count: 1,
    });
    let d = perdome::platform(&node).unwrap();
    let g = d.value.gpu;
    let peak = 66908.16 + 33454.08;
    assert!(close(g.t_f, 1000.0 / peak, 1e-12));
    assert!(close(g.t_b, 1000.0 / 4350.0, 1e-12));
    // Static: 63 W given + 30 % of 300 W; dynamic: (700 - 63) + (300 - 90).
    assert!(close(g.p_s, 63.0 + 90.0, 1e-12));
    assert!(close(g.e_f, 1000.0 * 847.0 / peak, 1e-12));
    assert!(close(g.e_b, 500.0 * 847.0 / 4350.0, 1e-12));
    assert!(d.source("e_fG").unwrap().detail().contains("identical"));
    assert_eq!(d.source("p_sG").map(Source::kind), Some("estimate"));
    assert_eq!(node.gpu_label(), "H100 SXM5 + small GPU");
    // The FPM devices are every GPU; single-GPU models use the first.
    assert_eq!(fpm::devices(&node).value.len(), 3);
    let b = boathull::gpu(&node, Transfers::Pinned).unwrap().value;
    assert!(close(b.p_compute_gflops, 66908.16, 1e-12));
}
