//! Measuring this machine's CPU: `hetscope measure cpu` writes a processor
//! description and a platform every model takes, its JSON keeps the
//! command-line contract, bad arguments are refused before anything is
//! measured, and the window's "Measure this machine" runs on a thread
//! with a progress bar and Cancel.

use crate::common::{eval, fails, hetscope, num, stderr};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::{HetscopeApp, OverviewUi, StatusKind};
use hetscope::model::platform::Source;
use hetscope::preset::hardware::load_cpu_spec_file;
use serde_json::Value;

fn measure(dir: &std::path::Path) -> Value {
    let o = hetscope(&[
        "measure",
        "cpu",
        "--quick",
        "--threads",
        "1",
        "--spec",
        "i7-2600k",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // One progress line a step on stderr, the JSON on stdout.
    assert!(
        stderr(&o).contains("[13/13] package energy"),
        "{}",
        stderr(&o)
    );
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

#[test]
fn measure_cpu_writes_a_platform_every_model_takes() {
    let dir = tempfile::tempdir().unwrap();
    let v = measure(dir.path());
    for k in [
        "gflops_1t",
        "gflops",
        "triad_gbs",
        "strided_gbs",
        "t_f_ps",
        "t_b_ps",
        "latency_ns",
    ] {
        let x = num(&v, k);
        assert!(x.is_finite() && x > 0.0, "{k} = {x}");
        if k != "t_f_ps" && k != "t_b_ps" {
            let s = num(&v["spread"], k);
            assert!(s.is_finite() && s >= 0.0, "spread of {k}: {s}");
        }
    }
    // t_f and t_b are the roofs' reciprocals (ps per flop, per byte).
    assert!((num(&v, "t_f_ps") * num(&v, "gflops") - 1000.0).abs() < 1e-6);
    assert!((num(&v, "t_b_ps") * num(&v, "triad_gbs") - 1000.0).abs() < 1e-6);
    // Energy: a fit, or null with the reason.
    assert!(
        v["energy"].is_object() || v["energy_note"].is_string(),
        "{v}"
    );
    // The spec sheet compared with: the achieved fractions.
    let f = num(&v["vs_spec"], "fma_fraction");
    assert!((f - num(&v, "gflops") / num(&v["vs_spec"], "peak_gflops")).abs() < 1e-12);
    // The processor description: every measured value says so.
    let cpu_path = v["files"]["cpu"].as_str().expect("cpu file");
    let cpu = load_cpu_spec_file(std::path::Path::new(cpu_path)).expect("a CPU spec sheet");
    assert_eq!(cpu.cores, 1.0);
    assert!((cpu.mem_bw_gbs - num(&v, "triad_gbs")).abs() < 1e-9);
    assert!(matches!(
        cpu.sources.get("mem_bw_gbs"),
        Some(Source::Measured(_))
    ));
    assert!(matches!(cpu.source, Source::Measured(_)));
    // The data caches the system describes, innermost first, each with
    // the read bandwidth of a working set it holds (one thread here).
    let levels: Vec<u32> = cpu.caches.iter().map(|c| c.level).collect();
    assert!(
        !levels.is_empty() && levels.windows(2).all(|w| w[0] < w[1]),
        "{levels:?}"
    );
    let l1 = &cpu.caches[0];
    assert!(l1.kib > 0.0 && l1.shared_by >= 1);
    for curve in [
        &l1.read_gbs_by_threads,
        &l1.triad_gbs_by_threads,
        &l1.strided_gbs_by_threads,
    ] {
        let (k, gbs) = curve[0];
        assert!(k == 1 && gbs.is_finite() && gbs > 0.0, "{k}: {gbs}");
    }
    assert!(matches!(
        cpu.sources.get("caches"),
        Some(Source::Measured(_))
    ));
    assert_eq!(v["caches"][0]["level"], 1);
    // The platform: PerDome derives t_fC from the measured peak (PeaPaw
    // Eq. 6), a measured value, and every model evaluates it.
    let platform = v["files"]["platform"].as_str().expect("platform file");
    assert!(
        platform.ends_with("measured-cpu-h100-sxm5.ron"),
        "{platform}"
    );
    let p = eval(&["eval", "perdome", "--platform", platform]);
    let t_fc = num(&p["params"], "t_fC");
    assert!((t_fc - num(&v, "t_f_ps")).abs() < 1e-9 * t_fc, "{t_fc}");
    assert_eq!(p["sources"]["t_fC"]["kind"], "measured");
    assert_eq!(p["sources"]["t_bC"]["kind"], "measured");
    eval(&["eval", "peapaw", "--platform", platform]);
    eval(&[
        "eval",
        "offload",
        "--platform",
        platform,
        "--kernel",
        "gemm",
    ]);
    eval(&["eval", "fpm", "--platform", platform, "--n", "3600"]);
    eval(&[
        "eval",
        "boathull",
        "--platform",
        platform,
        "--target",
        "cpu",
        "--class",
        "2048x2048|element -> 2048x2048|element",
    ]);
    let o = eval(&["eval", "overview", "--platform", platform]);
    assert!(
        o["platform"]["name"]
            .as_str()
            .unwrap_or("")
            .contains("(measured)")
    );
    // The speed functions load as FPM devices.
    for k in ["gemm", "triad"] {
        let csv = v["files"]["speed"][k].as_str().expect("a speed file");
        let text = std::fs::read_to_string(csv).unwrap();
        assert!(
            text.lines().filter(|l| !l.starts_with('#')).count() >= 5,
            "{text}"
        );
    }
}

#[test]
fn bad_measure_arguments_are_refused_before_measuring() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    fails(
        &["measure", "cpu", "--quick", "--gpu", "nope", "--out-dir", d],
        2,
        "--gpu nope",
    );
    fails(
        &[
            "measure",
            "cpu",
            "--quick",
            "--spec",
            "nope",
            "--out-dir",
            d,
        ],
        2,
        "--spec nope",
    );
    fails(
        &[
            "measure",
            "cpu",
            "--quick",
            "--threads",
            "0",
            "--out-dir",
            d,
        ],
        2,
        "threads 0",
    );
    fails(
        &["measure", "cpu", "--quick", "--out", "cpu.txt"],
        2,
        "--out cpu.txt",
    );
    fails(
        &["measure", "cpu", "--quick", "--out-dir", "/proc/hetscope"],
        1,
        "/proc/hetscope",
    );
    fails(&["measure", "cpu", "--quick"], 2, "--out-dir");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(|_cc| HetscopeApp::default_state())
}

/// The overview set to measure one thread into `dir`.
fn ready(h: &mut Harness<'_, HetscopeApp>, dir: &std::path::Path) {
    let s = &mut h.state_mut().model_mut::<OverviewUi>().measure;
    s.threads = 1;
    s.quick = true;
    s.folder = dir.display().to_string();
    s.spec = Some("xeon-8480plus".into());
    h.run();
}

#[test]
fn the_window_measures_this_machine_and_uses_it_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    ready(&mut h, dir.path());
    h.get_by_label("Measure").click();
    // A spinning progress bar repaints: step frames, never wait to settle.
    h.step();
    h.step();
    assert!(h.state().model::<OverviewUi>().measuring.is_some());
    assert!(
        h.query_by_label_contains("of 13:").is_some(),
        "a progress bar"
    );
    let start = std::time::Instant::now();
    while h.state().model::<OverviewUi>().measuring.is_some() {
        assert!(start.elapsed().as_secs() < 120, "the measurement ends");
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.step();
    }
    h.run();
    h.run();
    let (kind, text) = h.state().status().expect("a message");
    assert_eq!(kind, StatusKind::Info, "{text}");
    assert!(
        text.contains("Platform for every model") && text.contains("(measured)"),
        "{text}"
    );
    let platform = dir.path().join("measured-cpu-h100-sxm5.ron");
    assert!(platform.exists() && dir.path().join("measured-cpu.ron").exists());
    assert_eq!(
        h.state().session.platform.as_deref(),
        Some(platform.to_str().unwrap())
    );
    let app = h.state();
    assert_eq!(app.session.overview.platform, platform.to_str().unwrap());
    let perdome = &app.session.perdome.platform;
    assert!(
        perdome.chosen.name.contains("(measured)"),
        "{}",
        perdome.chosen.name
    );
    assert!(
        h.query_by_label_contains("Last: ").is_some(),
        "the panel names the file"
    );
    let summary = &h.state().model::<OverviewUi>().measure.summary;
    assert!(
        summary.contains("Intel Xeon Platinum 8480+ sheet") && summary.contains("% of its peak"),
        "{summary}"
    );
    assert!(h.query_by_label_contains("% of its bandwidth").is_some());
}

#[test]
fn a_measurement_can_be_cancelled_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    ready(&mut h, dir.path());
    let before = h.state().session.platform.clone();
    h.get_by_label("Measure").click();
    h.step();
    h.step();
    h.get_by_label("Cancel measurement").click();
    let start = std::time::Instant::now();
    while h.state().model::<OverviewUi>().measuring.is_some() {
        assert!(start.elapsed().as_secs() < 60, "the cancel is heard");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    let (_, text) = h.state().status().expect("a message");
    assert!(text.contains("cancelled"), "{text}");
    assert_eq!(h.state().session.platform, before);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A measured CPU with a GPU the probe measured: `presets import-probe`
/// gives the GPU spec sheet (with the link it was measured behind),
/// `measure cpu --gpu FILE.ron` pairs them over that link.
#[test]
fn a_measured_cpu_pairs_with_a_probed_gpu() {
    let dir = tempfile::tempdir().unwrap();
    let gpu = dir.path().join("probed-h100.ron");
    let o = hetscope(&[
        "presets",
        "import-probe",
        "assets/data/h100-node-probe.csv",
        "--out",
        gpu.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.path().join("m");
    let o = hetscope(&[
        "measure",
        "cpu",
        "--quick",
        "--threads",
        "1",
        "--gpu",
        gpu.to_str().unwrap(),
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let platform = v["files"]["platform"].as_str().unwrap();
    assert!(
        platform.ends_with("measured-cpu-probed-h100.ron"),
        "{platform}"
    );
    let text = std::fs::read_to_string(platform).unwrap();
    assert!(
        text.contains("Inline((name: \"NVIDIA H100"),
        "the GPU inline: {text}"
    );
    let p = eval(&["eval", "overview", "--platform", platform]);
    assert!(
        p["platform"]["name"]
            .as_str()
            .unwrap_or("")
            .contains("H100"),
        "{}",
        p["platform"]
    );
    // Both processors measured: the probe's GPU and this CPU.
    let sources = p["platform"]["sources"].to_string();
    assert!(sources.matches("\"measured\"").count() >= 2, "{sources}");
    // The probe's link, not an estimate: each direction's pageable rate.
    assert!(!text.contains("PCIe 4.0"), "{text}");
    let o = eval(&[
        "eval",
        "offload",
        "--platform",
        platform,
        "--kernel",
        "gemm",
    ]);
    assert_eq!(num(&o["params"], "bus_h2d_gbs"), 9.436506046);
    assert_eq!(num(&o["params"], "bus_d2h_gbs"), 15.09487857);
    assert_eq!(o["sources"]["bus_h2d_gbs"]["kind"], "measured");
}
