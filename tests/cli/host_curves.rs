//! The host's rates over thread counts: `measure cpu` times the FMA peak
//! and the memory triad on 1, 2, 4, ... threads and writes both curves
//! into the CPU description; the models that run the CPU with fewer
//! threads than it has (the offload host, the boat hull's single-thread
//! floors) then follow the curve, not the thread count. A catalog CPU
//! without a curve follows the stated rule (busy cores, 20 GB/s a core),
//! and the offload paper's own host (Table II) stays linear.

use std::path::Path;

use crate::common::{catalog, eval, hetscope, num, stderr};
use hetscope::model::platform::curve::{FMA_CURVE, TRIAD_CURVE};
use hetscope::model::platform::{CpuSpec, Source};
use hetscope::preset::hardware::{load_cpu_spec_file, parse_cpu_spec};
use hetscope::preset::platform::{PlatformPreset, save_platform};
use serde_json::Value;

/// `eval offload` of GEMM on `platform`, its host at `threads` (none:
/// the platform's own).
fn gemm(platform: &str, threads: Option<u32>) -> Value {
    let set = threads.map(|t| format!("threads={t}"));
    let mut args = vec![
        "eval",
        "offload",
        "--platform",
        platform,
        "--kernel",
        "gemm",
    ];
    if let Some(s) = &set {
        args.extend(["--set", s.as_str()]);
    }
    eval(&args)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs()
}

/// The boat hull's speedup of all threads over one on `platform`.
fn boathull_speedup(platform: &str) -> f64 {
    let v = eval(&[
        "eval",
        "boathull",
        "--platform",
        platform,
        "--target",
        "cpu",
        "--class",
        "2048x2048|element -> 2048x2048|element",
    ]);
    num(&v["params"], "thread_speedup")
}

/// [threads, value, spread] rows of a curve in `measure cpu`'s JSON.
fn curve(v: &Value, key: &str) -> Vec<(u32, f64)> {
    let rows = v[key].as_array().unwrap_or_else(|| panic!("{key}: {v}"));
    rows.iter()
        .map(|r| (r[0].as_u64().unwrap() as u32, r[1].as_f64().unwrap()))
        .collect()
}

#[test]
fn a_measure_cpu_run_gives_curves_the_offload_host_then_follows() {
    let dir = tempfile::tempdir().unwrap();
    let o = hetscope(&[
        "measure",
        "cpu",
        "--quick",
        "--threads",
        "2",
        "--out-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let (fma, triad) = (curve(&v, FMA_CURVE), curve(&v, TRIAD_CURVE));
    assert_eq!(fma.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(triad.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2]);
    // The ends of the curves are the one- and all-thread roofs.
    assert_eq!(fma[0].1, num(&v, "gflops_1t"));
    assert_eq!(fma[1].1, num(&v, "gflops"));
    assert_eq!(triad[1].1, num(&v, "triad_gbs"));
    // The CPU file holds both curves, tagged measured.
    let cpu = load_cpu_spec_file(Path::new(v["files"]["cpu"].as_str().unwrap())).unwrap();
    for (got, want) in [
        (&cpu.fma_gflops_by_threads, &fma),
        (&cpu.triad_gbs_by_threads, &triad),
    ] {
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert!(g.0 == w.0 && close(g.1, w.1), "{got:?} {want:?}");
        }
    }
    for field in [FMA_CURVE, TRIAD_CURVE] {
        assert!(matches!(cpu.sources.get(field), Some(Source::Measured(_))));
    }
    // The offload host: one thread alone runs F(1) / (F(2) / 2) as fast
    // as one of two, so the loop part on one thread over that on two is
    // the measured F(2) / F(1), not 2.
    let platform = v["files"]["platform"].as_str().unwrap();
    let (all, one) = (gemm(platform, None), gemm(platform, Some(1)));
    assert_eq!(num(&all["cpu"], "thread_speed"), 1.0);
    let speed = num(&one["cpu"], "thread_speed");
    assert!(close(speed, 2.0 * fma[0].1 / fma[1].1), "{speed}");
    assert_eq!(num(&one["cpu"], "chunk"), 2.0 * num(&all["cpu"], "chunk"));
    let ratio = num(&one["cpu"], "compute_cycles") / num(&all["cpu"], "compute_cycles");
    assert!(close(ratio, fma[1].1 / fma[0].1), "{ratio}");
    // One thread streams what the triad on one thread did.
    assert!(close(num(&one["cpu"], "mem_bw_gbs"), triad[0].1));
    assert_eq!(one["sources"][FMA_CURVE]["kind"], "measured");
    // The boat hull's single-thread floor: the same measured ratio.
    assert!(close(boathull_speedup(platform), fma[1].1 / fma[0].1));
}

/// The shipped H100 node's host as `measure cpu` described it, with the
/// FMA curve of its run: 174 GFLOP/s on one thread (what the run
/// reported), the file's peak on all 16.
fn node_host() -> CpuSpec {
    let path = format!(
        "{}/assets/data/h100-node-cpu-measured.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut cpu = load_cpu_spec_file(Path::new(&path)).expect("the shipped CPU description");
    // A file written before the curves reads, without them.
    assert!(cpu.fma_gflops_by_threads.is_empty() && cpu.triad_gbs_by_threads.is_empty());
    assert!((1340.0..1350.0).contains(&cpu.peak_gflops()) && cpu.threads() == 16.0);
    cpu.fma_gflops_by_threads = vec![(1, 174.0), (16, cpu.peak_gflops())];
    cpu.sources.insert(
        FMA_CURVE.into(),
        Source::Measured("FMA f32 on 1 and 16 threads, the node's measure cpu run".into()),
    );
    cpu
}

/// `cpu` with an H100 SXM5 as a platform file in `dir`.
fn platform_file(dir: &Path, name: &str, cpu: CpuSpec) -> String {
    let cat = catalog();
    let p = PlatformPreset::of_measured_cpu(cpu, "h100-sxm5", cat).unwrap();
    let path = dir.join(name);
    save_platform(&path, &p).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn the_shipped_node_host_runs_one_thread_at_a_seventh_not_a_sixteenth() {
    let cpu = node_host();
    let peak = cpu.peak_gflops();
    // 8 threads: 7/15 of the way from 174 to the peak.
    let r = cpu.rates_at(8.0);
    assert!(close(r.fma_gflops, 174.0 + (peak - 174.0) * 7.0 / 15.0));
    assert_eq!(r.fma_source.kind(), "measured");
    // No triad curve: the rule, 20 GB/s for one core.
    assert_eq!(cpu.rates_at(1.0).mem_bw_gbs, 20.0);
    let dir = tempfile::tempdir().unwrap();
    let without = {
        let mut c = cpu.clone();
        c.fma_gflops_by_threads.clear();
        platform_file(dir.path(), "rule.ron", c)
    };
    let with = platform_file(dir.path(), "curve.ron", cpu);
    let text = std::fs::read_to_string(&with).unwrap();
    assert!(text.contains(FMA_CURVE), "{text}");
    let ratio = |platform: &str| {
        let (one, all) = (gemm(platform, Some(1)), gemm(platform, None));
        assert_eq!(num(&all["cpu"], "chunk") * 16.0, num(&one["cpu"], "chunk"));
        num(&one["cpu"], "compute_cycles") / num(&all["cpu"], "compute_cycles")
    };
    // Without the curve, 16 cores of one thread each: linear, 16.
    assert!(close(ratio(&without), 16.0));
    // With it: 1345 / 174 = 7.7.
    let r = ratio(&with);
    assert!(close(r, peak / 174.0) && r < 8.0, "{r}");
    let v = gemm(&with, Some(1));
    assert_eq!(v["sources"][FMA_CURVE]["kind"], "measured");
    assert_eq!(v["sources"][TRIAD_CURVE]["kind"], "estimate");
    assert!(close(num(&v["cpu"], "mem_bw_gbs"), 20.0));
    assert!(close(boathull_speedup(&with), peak / 174.0));
    assert!(close(boathull_speedup(&without), 16.0));
}

#[test]
fn a_catalog_cpu_follows_the_rule_and_the_papers_host_stays_linear() {
    // Xeon 8480+: 56 cores x 2 threads, 128 GFLOP/s a core, 307.2 GB/s.
    // Four threads on four cores: each twice as fast as one of all 112
    // (7168 / 112 = 64 GFLOP/s), and 4 x 20 = 80 GB/s.
    let four = gemm("xeon-8480-h100", Some(4));
    assert_eq!(num(&four["cpu"], "thread_speed"), 2.0);
    assert!(close(num(&four["cpu"], "mem_bw_gbs"), 80.0));
    assert_eq!(four["sources"][FMA_CURVE]["kind"], "derived");
    let triad = &four["sources"][TRIAD_CURVE];
    assert_eq!(triad["kind"], "estimate");
    assert!(
        triad["detail"].as_str().unwrap().contains("20 GB/s"),
        "{triad}"
    );
    let all = gemm("xeon-8480-h100", None);
    assert_eq!(num(&all["params"], "threads"), 112.0);
    assert_eq!(num(&all["cpu"], "thread_speed"), 1.0);
    assert!(close(num(&all["cpu"], "mem_bw_gbs"), 307.2));
    // Twice the socket's threads: its peak shared by 224.
    let twice = gemm("xeon-8480-h100", Some(224));
    assert_eq!(num(&twice["cpu"], "thread_speed"), 0.5);
    // The offload paper's POWER9 (Table II, its own numbers): linear.
    let paper = gemm("power9-v100-nvlink2", Some(4));
    assert_eq!(num(&paper["cpu"], "thread_speed"), 1.0);
    assert!(paper["sources"].get(FMA_CURVE).is_none());
}

#[test]
fn a_cpu_file_with_a_broken_curve_is_refused_naming_the_field() {
    let path = format!(
        "{}/assets/data/h100-node-cpu-measured.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let with =
        |curve: &str| text.replacen("    mem_gib:", &format!("    {curve}\n    mem_gib:"), 1);
    let good = with("triad_gbs_by_threads: [(1, 14.5), (8, 90.0), (16, 113.3)],");
    let cpu = parse_cpu_spec(&good, "node.ron").expect("a file with a curve reads");
    assert_eq!(cpu.triad_gbs_by_threads[1], (8, 90.0));
    for (curve, needle) in [
        (
            "triad_gbs_by_threads: [(1, 14.5), (8, 90.0), (8, 113.3)],",
            "triad_gbs_by_threads: 8: must be a thread count",
        ),
        (
            "fma_gflops_by_threads: [(1, 174.0), (16, -1.0)],",
            "fma_gflops_by_threads: -1: must be a finite positive rate",
        ),
        (
            "fma_gflops_by_threads: [(0, 174.0)],",
            "fma_gflops_by_threads: 0: must be a thread count",
        ),
    ] {
        let e = parse_cpu_spec(&with(curve), "node.ron")
            .unwrap_err()
            .to_string();
        assert!(e.contains("node.ron") && e.contains(needle), "{curve}: {e}");
    }
}
