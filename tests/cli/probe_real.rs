//! The shipped real measurements (assets/data: the GPU probe's CSVs of an
//! H100 and an H200 node, and `measure cpu`'s description of the H100
//! node's host): every measured number lands in a field with a measured
//! source, `presets import-probe --cpu` pairs the probed GPU with the
//! measured CPU over the probe's link, every model that uses a measured
//! field says so in its `sources`, and the measured link brings the
//! offload model's GPU side of 2DCONV near the measured time.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{eval, fails, hetscope, num, stderr};

use hetscope::model::platform::{Direction, Fields, GpuSpec, Link, Transfers};
use hetscope::preset::hardware::{load_cpu_spec_file, parse_gpu_spec};
use hetscope::preset::probe::{ProbeImport, load_probe_file};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/data")
        .join(name)
}

fn import(name: &str) -> ProbeImport {
    load_probe_file(&data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// A measured field: its value, and its source a measurement.
fn measured(g: &GpuSpec, field: &str, value: Option<f64>) -> f64 {
    let v = value.unwrap_or_else(|| panic!("{}: {field} not given", g.name));
    let s = g.source_of(field);
    assert_eq!(s.kind(), "measured", "{field}: {s}");
    v
}

fn link_rate(l: &Link, field: &str, value: Option<f64>) -> f64 {
    let v = value.unwrap_or_else(|| panic!("link: {field} not given"));
    assert_eq!(l.source_of(field).kind(), "measured", "{field}");
    v
}

#[test]
fn the_h100_probe_fills_every_measured_field() {
    let imp = import("h100-node-probe.csv");
    let g = &imp.gpu;
    assert_eq!(g.name, "NVIDIA H100 80GB HBM3");
    // The numbers of the run (README, Presets), each in its field.
    assert!(close(g.peak_gflops(), 65_341.529_44, 1e-12));
    let expect = [
        ("fp64_gflops", g.fp64_gflops, 33_429.637_94),
        ("coalesced_gbs", g.coalesced_gbs, 3_020.729_222),
        ("strided_gbs", g.strided_gbs, 180.113_860_5),
        ("mem_ld_cycles", g.mem_ld_cycles, 328.850_69),
        ("departure_del_coal", g.departure_del_coal, 2.350_209_961),
        ("departure_del_uncoal", g.departure_del_uncoal, 22.929_637_1),
        ("idle_w", g.idle_w, 130.377),
    ];
    for (field, value, want) in expect {
        assert_eq!(measured(g, field, value), want, "{field}");
    }
    // The energy fit of the eight runs (PeaPaw 6.2) put p_s at 24.5 W,
    // below the idle 130 W: the runs all sit near full power and do not
    // pin it. The idle power is its floor: p_s held there, e_f 8.14
    // pJ/flop and e_b 120.9 pJ/byte; the free fit is said beside.
    assert!((measured(g, "e_f_pj", g.e_f_pj) - 8.14).abs() < 0.01);
    assert!((measured(g, "e_b_pj", g.e_b_pj) - 120.9).abs() < 0.1);
    assert_eq!(measured(g, "static_w", g.static_w), 130.377);
    let how = g.sources["static_w"].detail();
    assert!(
        how.contains("free fit (e_f 11.24 pJ/flop, e_b 160.3 pJ/byte, p_s 24.5 W"),
        "{how}"
    );
    // The link: each direction pinned and pageable, and the latency.
    let l = g.link.as_ref().expect("the probe measured the link");
    assert_eq!(imp.link.as_ref(), Some(l));
    let rates = [
        ("h2d_pinned_gbs", l.h2d_pinned_gbs, 55.262_890_42),
        ("d2h_pinned_gbs", l.d2h_pinned_gbs, 55.217_181_38),
        ("h2d_pageable_gbs", l.h2d_pageable_gbs, 9.436_506_046),
        ("d2h_pageable_gbs", l.d2h_pageable_gbs, 15.094_878_57),
    ];
    for (field, value, want) in rates {
        assert_eq!(link_rate(l, field, value), want, "{field}");
    }
    assert_eq!(
        link_rate(l, "latency_us", Some(l.latency_us)),
        7.683_999_996
    );
    assert_eq!(
        l.rate_to(Direction::ToDevice, Transfers::Pageable),
        (9.436_506_046, "h2d_pageable_gbs")
    );
    assert_eq!(
        l.rate_to(Direction::FromDevice, Transfers::Pinned),
        (55.217_181_38, "d2h_pinned_gbs")
    );
    // Written as fields (no measured value in a comment) and read back.
    let text = imp.gpu_ron("h100-node-probe.csv").unwrap();
    let comments = text.lines().filter(|l| l.starts_with("//")).count();
    assert_eq!(comments, 2, "{text}");
    assert_eq!(parse_gpu_spec(&text, "h100.ron").unwrap(), imp.gpu);
}

#[test]
fn the_quick_run_and_the_h200_import_as_well() {
    let quick = import("h100-node-probe-quick.csv");
    let full = import("h100-node-probe.csv");
    // The quick run measures the same board: the roofs agree within 10 %
    // (its Mem_LD, from fewer repeats, does not: 452 against 329 cycles).
    for (a, b) in [
        (quick.gpu.coalesced_gbs, full.gpu.coalesced_gbs),
        (quick.gpu.strided_gbs, full.gpu.strided_gbs),
        (quick.gpu.fp64_gflops, full.gpu.fp64_gflops),
    ] {
        assert!(close(a.unwrap(), b.unwrap(), 0.1), "{a:?} {b:?}");
    }
    let q = &quick.gpu;
    assert!(measured(q, "mem_ld_cycles", q.mem_ld_cycles) > 300.0);
    let h200 = import("h200-node-probe.csv");
    let g = &h200.gpu;
    assert!(g.name.contains("H200"), "{}", g.name);
    // The run's coalesced 4314 GB/s, strided 240 GB/s, Mem_LD 322
    // cycles, pinned copies 55 GB/s each way.
    assert!((measured(g, "coalesced_gbs", g.coalesced_gbs) - 4314.0).abs() < 1.0);
    assert!((measured(g, "strided_gbs", g.strided_gbs) - 240.0).abs() < 1.0);
    assert!((measured(g, "mem_ld_cycles", g.mem_ld_cycles) - 322.0).abs() < 1.0);
    let l = g.link.as_ref().unwrap();
    for field in ["h2d_pinned_gbs", "d2h_pinned_gbs"] {
        let v = l.rate_to(
            if field.starts_with("h2d") {
                Direction::ToDevice
            } else {
                Direction::FromDevice
            },
            Transfers::Pinned,
        );
        assert_eq!(v.1, field);
        assert!((v.0 - 55.0).abs() < 1.0, "{field}: {}", v.0);
    }
}

/// `presets import-probe` of the H100 probe with the measured CPU into a
/// fresh folder: the paths of the spec sheet and the platform.
fn paired(dir: &Path) -> (PathBuf, PathBuf) {
    let o = hetscope(&[
        "presets",
        "import-probe",
        data("h100-node-probe.csv").to_str().unwrap(),
        "--cpu",
        data("h100-node-cpu-measured.ron").to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let gpu = dir.join("h100-node-probe.ron");
    let platform = dir.join("h100-node-cpu-measured-h100-node-probe.ron");
    let printed = String::from_utf8_lossy(&o.stdout).into_owned();
    for p in [&gpu, &platform] {
        assert!(p.exists(), "{}", p.display());
        assert!(printed.contains(&p.display().to_string()), "{printed}");
    }
    (gpu, platform)
}

#[test]
fn import_probe_pairs_the_probed_gpu_with_the_measured_cpu() {
    let dir = tempfile::tempdir().unwrap();
    let (_, platform) = paired(dir.path());
    let text = std::fs::read_to_string(&platform).unwrap();
    let cpu = load_cpu_spec_file(&data("h100-node-cpu-measured.ron")).unwrap();
    let v = eval(&["eval", "overview", "--platform", platform.to_str().unwrap()]);
    let name = v["platform"]["name"].as_str().unwrap();
    assert!(name.contains(&cpu.name) && name.contains("H100"), "{name}");
    // The probe's link, each direction, is the platform's.
    assert!(
        text.contains("h2d_pageable_gbs: Some(9.436506046)"),
        "{text}"
    );
    assert!(
        text.contains("d2h_pageable_gbs: Some(15.09487857)"),
        "{text}"
    );
    assert!(!text.contains("PCIe 4.0"), "{text}");
    // A catalog CPU by id.
    let other = tempfile::tempdir().unwrap();
    let o = hetscope(&[
        "presets",
        "import-probe",
        data("h200-node-probe.csv").to_str().unwrap(),
        "--cpu",
        "xeon-8480plus",
        "--out-dir",
        other.path().to_str().unwrap(),
        "--id",
        "h200",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = other.path().join("xeon-8480plus-h200.ron");
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains("cpu: Preset(\"xeon-8480plus\")"), "{text}");
    eval(&[
        "eval",
        "offload",
        "--platform",
        p.to_str().unwrap(),
        "--kernel",
        "gemm",
    ]);
}

#[test]
fn import_probe_refuses_a_pairing_it_cannot_make() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // A run without its pinned copies and link latency: no link to pair
    // over (written in another folder: nothing may land in `d`).
    let elsewhere = tempfile::tempdir().unwrap();
    let no_link = elsewhere.path().join("no-link.csv");
    let text = std::fs::read_to_string(data("h100-node-probe.csv")).unwrap();
    let kept: String = text
        .lines()
        .filter(|l| !l.starts_with("bus,,") || l.contains("pageable"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&no_link, kept).unwrap();
    let sample = no_link.to_str().unwrap().to_string();
    fails(
        &[
            "presets",
            "import-probe",
            &sample,
            "--cpu",
            "xeon-8480plus",
            "--out-dir",
            d,
        ],
        2,
        "no bus rows",
    );
    let csv = data("h100-node-probe.csv");
    let csv = csv.to_str().unwrap();
    fails(
        &[
            "presets",
            "import-probe",
            csv,
            "--cpu",
            "nope",
            "--out-dir",
            d,
        ],
        2,
        "--cpu nope",
    );
    // --cpu needs --out-dir.
    let o = hetscope(&["presets", "import-probe", csv, "--cpu", "xeon-8480plus"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// The source kind of `key` in an eval's `sources`.
fn kind(v: &Value, key: &str) -> String {
    v["sources"][key]["kind"]
        .as_str()
        .unwrap_or_else(|| panic!("no source for {key}: {}", v["sources"]))
        .to_string()
}

#[test]
fn every_measured_field_reaches_the_model_that_uses_it() {
    let dir = tempfile::tempdir().unwrap();
    let (gpu, platform) = paired(dir.path());
    let g = hetscope::preset::hardware::load_gpu_spec_file(&gpu).unwrap();
    let l = g.link.clone().unwrap();
    let p = platform.to_str().unwrap();
    // Offload: Mem_LD, the departure delays, the memory bandwidth (the
    // coalesced reads) and each direction of the pageable link.
    let v = eval(&[
        "eval",
        "offload",
        "--platform",
        p,
        "--kernel",
        "2dconv",
        "--size",
        "9600",
    ]);
    let uses = [
        ("mem_ld", g.mem_ld_cycles),
        ("departure_del_coal", g.departure_del_coal),
        ("departure_del_uncoal", g.departure_del_uncoal),
        ("mem_bw_gbs", g.coalesced_gbs),
        ("bus_h2d_gbs", l.h2d_pageable_gbs),
        ("bus_d2h_gbs", l.d2h_pageable_gbs),
        ("bus_latency_us", Some(l.latency_us)),
    ];
    for (key, want) in uses {
        assert_eq!(num(&v["params"], key), want.unwrap(), "{key}");
        assert_eq!(kind(&v, key), "measured", "{key}");
    }
    // The boat hull: P_coalesced and P_uncoalesced from the reads, the
    // compute roof and the bus measured.
    let class = "2048x2048|element -> 2048x2048|element";
    let v = eval(&["eval", "boathull", "--platform", p, "--class", class]);
    for key in ["P_compute", "P_coalesced", "P_uncoalesced", "B_bus"] {
        assert_eq!(kind(&v, key), "measured", "{key}");
    }
    assert_eq!(num(&v["params"], "P_uncoalesced"), g.strided_gbs.unwrap());
    // PeaPaw: the GPU's energy fit and both processors' roofs.
    let v = eval(&["eval", "peapaw", "--platform", p]);
    for key in ["e_fG", "e_bG", "p_sG", "t_fG", "t_bG", "t_fC", "t_bC"] {
        assert_eq!(kind(&v, key), "measured", "{key}");
    }
    assert_eq!(num(&v["params"], "e_fG"), g.e_f_pj.unwrap());
    assert!(close(num(&v["params"], "p_sG"), g.static_w.unwrap(), 1e-12));
    // The CPU description has no energy: its e_f is the rule's estimate.
    assert_eq!(kind(&v, "e_fC"), "estimate");
    // FPM: each device at its measured roof.
    let v = eval(&["eval", "fpm", "--platform", p, "--n", "3600"]);
    assert_eq!(kind(&v, &format!("speed.{}", g.name)), "measured");
}

/// The measured 2DCONV row at n = 9600 (assets/data/h100-offload-measured.csv):
/// kernel, pageable copy up and down, s.
fn measured_2dconv() -> (f64, f64, f64) {
    let text = std::fs::read_to_string(data("h100-offload-measured.csv")).unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("2DCONV,9600,"))
        .expect("the 2DCONV row");
    let f: Vec<f64> = row.split(',').skip(1).map(|x| x.parse().unwrap()).collect();
    (f[3], f[4], f[5])
}

#[test]
fn the_measured_link_puts_2dconv_near_its_measured_time() {
    let (kernel, h2d, d2h) = measured_2dconv();
    let measured = kernel + h2d + d2h;
    assert!((measured - 0.0754).abs() < 0.001, "{measured}");
    let dir = tempfile::tempdir().unwrap();
    let (_, platform) = paired(dir.path());
    let p = platform.to_str().unwrap();
    let args = [
        "eval",
        "offload",
        "--platform",
        p,
        "--kernel",
        "2dconv",
        "--size",
        "9600",
    ];
    let v = eval(&args);
    let gpu_s = num(&v, "gpu_s");
    // Within a factor of 1.5 of the measured kernel plus pageable copies.
    let ratio = measured / gpu_s;
    assert!(
        (1.0 / 1.5..1.5).contains(&ratio),
        "{gpu_s} s vs {measured} s"
    );
    // Each direction at its own rate: up slower than down, as measured.
    let bytes = 4.0 * 9600.0 * 9600.0;
    let up = 7.684e-6 + bytes / 9.436_506_046e9;
    let down = 7.684e-6 + bytes / 15.094_878_57e9;
    assert!(close(num(&v, "transfer_s"), up + down, 1e-6), "{v}");
    // The link `measure cpu` estimated before (PCIe 4.0 x16, 31.5 GB/s
    // both ways) makes every copy three times too fast.
    let mut old = args.to_vec();
    old.extend(["--set", "bus_gbs=31.5"]);
    let before = num(&eval(&old), "gpu_s");
    assert!(measured / before > 2.5, "{before} s vs {measured} s");
}

#[test]
fn the_caches_come_from_the_run_or_its_compute_capability_and_unstable_rates_say_so() {
    use hetscope::preset::probe::parse_probe_csv;
    let text = std::fs::read_to_string(data("h100-node-probe.csv")).expect("the run");
    // This run predates the L2 row: the datasheet L2 of its kind of board.
    let g = parse_probe_csv(&text, "h100-node-probe.csv")
        .expect("parses")
        .gpu;
    assert_eq!((g.l1_kib_per_sm, g.l2_mib), (Some(256.0), Some(50.0)));
    assert!(
        g.sources["l2_mib"].detail().contains("datasheet L2"),
        "{}",
        g.sources["l2_mib"]
    );
    // A run that reports its L2 (probe 1.1): the queried size.
    let with_l2 = text.replacen(
        "device,,memory_gib,",
        "device,,l2_cache_bytes,52428800,B,,cudaDeviceProp::l2CacheSize\ndevice,,memory_gib,",
        1,
    );
    let g = parse_probe_csv(&with_l2, "h100-node-probe.csv")
        .expect("parses")
        .gpu;
    assert_eq!(g.l2_mib, Some(50.0));
    assert_eq!(g.sources["l2_mib"].kind(), "measured");
    // An unknown compute capability: no L1 guessed.
    let other = text.replacen("compute_capability,9.0", "compute_capability,12.7", 1);
    let g = parse_probe_csv(&other, "h100-node-probe.csv")
        .expect("parses")
        .gpu;
    assert_eq!((g.l1_kib_per_sm, g.l2_mib), (None, None));
    // The pageable copy back moved by 19 % between repeats: said so.
    let link = parse_probe_csv(&text, "x.csv")
        .expect("parses")
        .gpu
        .link
        .expect("a link");
    let d2h = link.sources["d2h_pageable_gbs"].detail();
    assert!(d2h.contains("19.4 % (unstable"), "{d2h}");
    assert!(!link.sources["h2d_pinned_gbs"].detail().contains("unstable"));
}
