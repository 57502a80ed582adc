//! The offload model on the command line: `eval hongkim` (the GPU model
//! alone, defaulting to Hong & Kim's worked example), `eval offload` (the
//! decision for an offload platform and kernel preset) and the offload
//! presets in `presets list --all`, with their error messages and exit
//! codes.

use crate::common::{eval, hetscope, num, stderr};

use serde_json::Value;

/// Expect failure with exit code 2 and one stderr line containing every
/// needle.
fn fails(args: &[&str], needles: &[&str]) -> String {
    let o = hetscope(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err} should name {n}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.stdout.is_empty(), "{args:?}: no output on error");
    err
}

fn hongkim(sets: &[&str]) -> Value {
    let mut args = vec!["eval", "hongkim"];
    for s in sets {
        args.push("--set");
        args.push(s);
    }
    eval(&args)
}

#[test]
fn hongkim_defaults_are_the_worked_example() {
    let v = hongkim(&[]);
    assert_eq!(v["model"], "hongkim");
    // MWP = 730 / 320 = 2.28, CWP = min((4380 + 132) / 132, 20) = 20,
    // memory-bound: 38,428.19 + synchronization 12,300 = 50,728.19 cycles
    // (Hong & Kim quote 50,738 with MWP rounded to 2.28).
    assert!((num(&v, "mwp") - 2.28).abs() < 0.005, "{v}");
    assert_eq!(num(&v, "cwp"), 20.0);
    let total = num(&v, "total_cycles");
    assert!((50_700.0..50_800.0).contains(&total), "{total}");
    assert!((total - 50_728.187_5).abs() < 1e-6, "{total}");
    assert!((num(&v, "exec_cycles") - 38_428.187_5).abs() < 1e-6);
    assert_eq!(v["case_key"], "memory_bound");
    assert!(v["case"].as_str().unwrap().contains("memory-bound"));
    assert_eq!(num(&v, "n"), 20.0);
    // The parameters used, under the paper's names.
    let p = &v["params"];
    for (k, x) in [
        ("sm_count", 16.0),
        ("freq_ghz", 1.0),
        ("mem_bw_gbs", 80.0),
        ("mem_ld", 420.0),
        ("departure_del_uncoal", 10.0),
        ("trans_per_warp_uncoal", 32.0),
        ("issue_cycles", 4.0),
        ("comp_insts", 27.0),
        ("coal_mem_insts", 0.0),
        ("uncoal_mem_insts", 6.0),
        ("sync_insts", 6.0),
        ("threads_per_block", 128.0),
        ("blocks", 80.0),
        ("active_blocks_per_sm", 5.0),
    ] {
        assert_eq!(p[k].as_f64(), Some(x), "{k}: {p}");
    }
    assert!(p["departure_del_coal"].as_f64().is_some());
}

#[test]
fn hongkim_set_moves_the_result_the_expected_way() {
    let base = hongkim(&[]);
    let t0 = num(&base, "total_cycles");
    // A longer memory latency: more cycles (and more MWP, latency over the
    // same departure delay).
    let v = hongkim(&["mem_ld=840"]);
    assert!(num(&v, "total_cycles") > t0);
    assert!(num(&v, "mwp") > num(&base, "mwp"));
    // A shorter uncoalesced departure delay: more warps overlap, fewer cycles.
    let v = hongkim(&["departure_del_uncoal=5"]);
    assert!(num(&v, "mwp") > num(&base, "mwp"));
    assert!(num(&v, "total_cycles") < t0);
    // Starved of bandwidth: MWP drops below the latency bound (Eq. 5).
    let v = hongkim(&["mem_bw_gbs=1"]);
    assert!(num(&v, "mwp") < num(&base, "mwp"));
    assert!(num(&v, "total_cycles") > t0);
    // No barriers: the synchronization cycles go.
    let v = hongkim(&["sync_insts=0"]);
    assert_eq!(num(&v, "sync_cycles"), 0.0);
    assert!((num(&v, "total_cycles") - 38_428.187_5).abs() < 1e-6);
    // Much computation, coalesced memory: MWP > CWP. As published,
    // Comp_cycles > Mem_cycles still takes the memory-bound formula; with
    // whole waves it is compute-bound (Eq. 21).
    let heavy = [
        "--set",
        "comp_insts=2000",
        "--set",
        "uncoal_mem_insts=0",
        "--set",
        "coal_mem_insts=6",
        "--set",
        "sync_insts=0",
    ];
    let run = |f: &str| {
        let mut args = vec!["eval", "hongkim", "--formulation", f];
        args.extend(heavy);
        eval(&args)
    };
    let (v, w) = (run("published"), run("whole-waves"));
    assert_eq!(
        (&v["formulation"], &w["formulation"]),
        (&"published".into(), &"whole-waves".into())
    );
    assert!(num(&v, "mwp") > num(&v, "cwp"));
    assert_eq!(v["case_key"], "memory_bound");
    assert_eq!(w["case_key"], "compute_bound");
    assert!(num(&w, "total_cycles") > 6.0 * num(&v, "total_cycles"));
    // Twice the blocks: a second wave, twice the cycles.
    let v = hongkim(&["blocks=160"]);
    assert_eq!(num(&v, "rep"), 2.0);
    assert!((num(&v, "total_cycles") - 2.0 * t0).abs() < 1e-6);
    // Loop iterations beyond the launched threads: #OMP_Rep.
    let v = hongkim(&["loop_iterations=40960"]);
    assert_eq!(num(&v, "omp_rep"), 4.0);
    // The last value of a name wins.
    let v = hongkim(&["mem_ld=840", "mem_ld=420"]);
    assert_eq!(num(&v, "total_cycles"), t0);
}

#[test]
fn hongkim_errors() {
    let e = fails(
        &["eval", "hongkim", "--set", "warp_size=64"],
        &[
            "unknown parameter 'warp_size'",
            "sm_count",
            "departure_del_uncoal",
            "active_blocks_per_sm",
        ],
    );
    assert!(e.starts_with("hetscope: "), "{e}");
    fails(
        &["eval", "hongkim", "--set", "sm_count=0"],
        &["sm_count", "whole number"],
    );
    fails(
        &["eval", "hongkim", "--set", "freq_ghz=-1"],
        &["freq_ghz", "between 0.001 and 1000 GHz"],
    );
    fails(
        &["eval", "hongkim", "--set", "mem_bw_gbs=NaN"],
        &["mem_bw_gbs", "between 0.001 and 1e6 GB/s"],
    );
    fails(
        &["eval", "hongkim", "--set", "mem_ld=fast"],
        &["mem_ld", "not a number"],
    );
    fails(&["eval", "hongkim", "--set", "mem_ld"], &["NAME=VALUE"]);
    fails(
        &[
            "eval",
            "hongkim",
            "--set",
            "comp_insts=0",
            "--set",
            "uncoal_mem_insts=0",
        ],
        &["no instructions"],
    );
}

const KEYS: [&str; 9] = [
    "cpu_s",
    "gpu_kernel_s",
    "transfer_s",
    "gpu_s",
    "speedup",
    "mwp",
    "cwp",
    "gpu_cycles",
    "n",
];

fn offload(platform: &str, kernel: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "eval",
        "offload",
        "--platform",
        platform,
        "--kernel",
        kernel,
    ];
    args.extend_from_slice(extra);
    eval(&args)
}

fn check_json(v: &Value) {
    assert_eq!(v["model"], "offload");
    for k in KEYS {
        let x = num(v, k);
        assert!(x.is_finite() && x > 0.0, "{k} = {x}: {v}");
    }
    let offload = v["offload"].as_bool().expect("offload is true or false");
    assert_eq!(offload, num(v, "speedup") > 1.0);
    let gpu_s = num(v, "gpu_s");
    assert!((gpu_s - num(v, "gpu_kernel_s") - num(v, "transfer_s")).abs() <= 1e-12 * gpu_s);
    let s = num(v, "cpu_s") / gpu_s;
    assert!((num(v, "speedup") - s).abs() <= 1e-12 * s);
    let list = v["coalescing"].as_array().expect("a coalescing list");
    assert!(!list.is_empty());
    for a in list {
        assert!(a["array"].is_string(), "{a}");
        assert!(
            a["subscript"].as_str().is_some_and(|t| t.contains('[')),
            "{a}"
        );
        assert!(a["stride"].is_i64(), "{a}");
        let coalesced = a["coalesced"].as_bool().expect("coalesced");
        let stride = a["stride"].as_i64().unwrap();
        assert_eq!(coalesced, stride.abs() <= 1, "{a}");
    }
}

/// The decision reads Hong & Kim as published unless told otherwise:
/// GEMM at test size on POWER9 + V100 launches 7.03 waves of blocks
/// (#Rep a plain quotient) or 8 whole waves, and only the GPU side moves.
#[test]
fn the_offload_decision_takes_a_formulation() {
    let p9 = "power9-v100-nvlink2";
    let test = ["--size", "test"];
    let default = offload(p9, "gemm", &test);
    let published = offload(
        p9,
        "gemm",
        &["--size", "test", "--formulation", "published"],
    );
    let whole = offload(
        p9,
        "gemm",
        &["--size", "test", "--formulation", "whole-waves"],
    );
    assert_eq!(default["formulation"], "published");
    assert_eq!(whole["formulation"], "whole-waves");
    assert_eq!(num(&default, "speedup"), num(&published, "speedup"));
    let (rp, rw) = (num(&published["gpu"], "rep"), num(&whole["gpu"], "rep"));
    assert!(rp.fract() != 0.0 && rw == rp.ceil(), "{rp} {rw}");
    let ratio = num(&whole, "gpu_kernel_s") / num(&published, "gpu_kernel_s");
    assert!(
        (ratio - rw / rp).abs() < 1e-9,
        "kernel time scales with #Rep: {ratio}"
    );
    assert_eq!(num(&whole, "cpu_s"), num(&published, "cpu_s"));
    // The suite names its formulation; a preset file may choose one.
    let suite = eval(&[
        "eval",
        "offload",
        "--platform",
        p9,
        "--suite",
        "--formulation",
        "whole-waves",
    ]);
    assert_eq!(suite["formulation"], "whole-waves");
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string("presets/offload-platforms/power9-v100-nvlink2.ron").unwrap();
    let at = text.rfind("notes:").expect("a notes field");
    let file = dir.path().join("p9-whole.ron");
    std::fs::write(
        &file,
        format!(
            "{}formulation: WholeWaves,\n    {}",
            &text[..at],
            &text[at..]
        ),
    )
    .unwrap();
    let from_file = offload(file.to_str().unwrap(), "gemm", &test);
    assert_eq!(from_file["formulation"], "whole-waves");
    assert_eq!(num(&from_file, "speedup"), num(&whole, "speedup"));
}

#[test]
fn eval_offload_json_has_every_key() {
    let v = offload("power9-v100-nvlink2", "gemm", &[]);
    check_json(&v);
    // Default size: the kernel's benchmark size; GEMM is offloaded there.
    assert_eq!(num(&v, "n"), 9600.0);
    assert_eq!(v["size"], "benchmark");
    assert_eq!(v["offload"], true);
    assert_eq!(v["kernel"], "GEMM");
    assert_eq!(v["kernel_id"], "gemm");
    assert_eq!(v["platform_id"], "power9-v100-nvlink2");
    // A size of neither preset is "custom", with no reason given for it.
    let custom = offload("power9-v100-nvlink2", "gemm", &["--size", "4000"]);
    assert_eq!(
        (num(&custom, "n"), &custom["size"]),
        (4000.0, &serde_json::json!("custom"))
    );
    assert!(
        custom.get("reason").is_none_or(|r| r.is_null()),
        "{}",
        custom["reason"]
    );
    let list = v["coalescing"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["array"], "A");
    assert_eq!(list[0]["subscript"], "A[i*n + k]");
    assert_eq!(list[0]["stride"], 0);
    assert_eq!(list[0]["class"], "broadcast");
    assert_eq!(list[1]["stride"], 1);
    assert_eq!(list[1]["coalesced"], true);
    // The effective parameters, by their --set names.
    assert_eq!(v["params"]["threads"].as_f64(), Some(160.0));
    assert_eq!(v["params"]["mem_ld"].as_f64(), Some(1029.0));
    assert_eq!(v["params"]["bus_gbs"].as_f64(), Some(25.0));
    // SYRK from its file: the transposed operand is strided by n.
    let v = offload(
        "power9-v100-nvlink2",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/presets/offload-kernels/syrk.ron"
        ),
        &["--size", "test"],
    );
    check_json(&v);
    assert_eq!(num(&v, "n"), 1100.0);
    assert_eq!(v["size"], "test");
    let list = v["coalescing"].as_array().unwrap();
    assert_eq!(list[1]["stride"], 1100);
    assert_eq!(list[1]["symbolic_stride"], "n");
    assert_eq!(list[1]["coalesced"], false);
}

#[test]
fn every_kernel_on_every_platform() {
    let o = hetscope(&["presets", "list", "--all"]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let ids = |kind: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(&format!("{kind}\t")))
            .map(|l| {
                let path = l.split('\t').nth(2).expect("three fields");
                std::path::Path::new(path)
                    .file_stem()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    };
    let platforms = ids("offload-platform");
    let kernels = ids("offload-kernel");
    assert!(platforms.len() >= 4 && kernels.len() >= 13, "{text}");
    for p in &platforms {
        for k in &kernels {
            for size in ["test", "benchmark"] {
                check_json(&offload(p, k, &["--size", size]));
            }
        }
    }
}

#[test]
fn eval_offload_set_and_size() {
    let base = offload("power9-v100-nvlink2", "gemm", &["--size", "1100"]);
    assert_eq!(base["size"], "test");
    // Fewer host threads: a longer CPU time, a higher speedup.
    let v = offload(
        "power9-v100-nvlink2",
        "gemm",
        &["--size", "1100", "--set", "threads=4"],
    );
    assert!(num(&v, "cpu_s") > num(&base, "cpu_s"));
    assert!(num(&v, "speedup") > num(&base, "speedup"));
    assert_eq!(num(&v, "gpu_s"), num(&base, "gpu_s"));
    // A faster bus: shorter transfers only.
    let v = offload(
        "power9-v100-nvlink2",
        "gemm",
        &["--size", "1100", "--set", "bus_gbs=250"],
    );
    assert!(num(&v, "transfer_s") < num(&base, "transfer_s"));
    assert_eq!(num(&v, "gpu_kernel_s"), num(&base, "gpu_kernel_s"));
    // A longer DRAM latency and a slower CPU clock.
    let v = offload(
        "power9-v100-nvlink2",
        "gemm",
        &[
            "--size",
            "1100",
            "--set",
            "mem_ld=2000",
            "--set",
            "cpu_freq_ghz=1.5",
        ],
    );
    assert!(num(&v, "gpu_kernel_s") > num(&base, "gpu_kernel_s"));
    assert!(num(&v, "cpu_s") > num(&base, "cpu_s"));
    assert_eq!(v["params"]["mem_ld"].as_f64(), Some(2000.0));
    // Higher IPC and memory bandwidth on the host: no slower.
    let v = offload(
        "power9-v100-nvlink2",
        "gemm",
        &[
            "--size",
            "1100",
            "--set",
            "ipc=2",
            "--set",
            "cpu_mem_bw_gbs=1000",
        ],
    );
    assert!(num(&v, "cpu_s") < num(&base, "cpu_s"));
    // Any whole size; not one of the kernel's own.
    let v = offload("grace-h100-c2c", "atax", &["--size", "2000"]);
    check_json(&v);
    assert_eq!(num(&v, "n"), 2000.0);
    assert_eq!(v["size"], "custom");
}

#[test]
fn eval_offload_errors() {
    fails(
        &[
            "eval",
            "offload",
            "--platform",
            "power7-fermi",
            "--kernel",
            "gemm",
        ],
        &["power7-fermi", "offload-platform", "power9-v100-nvlink2"],
    );
    fails(
        &[
            "eval",
            "offload",
            "--platform",
            "power9-v100-nvlink2",
            "--kernel",
            "lu",
        ],
        &["`lu`", "offload-kernel", "gemm", "3dconv"],
    );
    fails(
        &[
            "eval",
            "offload",
            "--platform",
            "power9-v100-nvlink2",
            "--kernel",
            "gemm",
            "--set",
            "cores=8",
        ],
        &[
            "unknown parameter 'cores'",
            "threads",
            "bus_gbs",
            "cpu_freq_ghz",
            "ipc",
            "mem_ld",
        ],
    );
    for (set, needle) in [
        ("threads=0", "threads"),
        ("bus_gbs=-1", "bus_gbs"),
        ("mem_bw_gbs=nan", "mem_bw_gbs"),
        ("cpu_mem_bw_gbs=0", "cpu_mem_bw_gbs"),
        ("ipc=-0.5", "ipc"),
        ("sm_count=1.5", "sm_count"),
        ("parallel_startup=-3", "parallel_startup"),
    ] {
        fails(
            &[
                "eval",
                "offload",
                "--platform",
                "power9-v100-nvlink2",
                "--kernel",
                "gemm",
                "--set",
                set,
            ],
            &[&format!("--set {set}"), needle, "must be"],
        );
    }
    fails(
        &[
            "eval",
            "offload",
            "--platform",
            "power9-v100-nvlink2",
            "--kernel",
            "gemm",
            "--set",
            "threads_per_block=4096",
        ],
        &["threads_per_block", "max_threads_per_sm"],
    );
    for size in ["0", "-5", "2.5", "huge"] {
        fails(
            &[
                "eval",
                "offload",
                "--platform",
                "power9-v100-nvlink2",
                "--kernel",
                "gemm",
                "--size",
                size,
            ],
            &["--size", "whole number"],
        );
    }
    // --kernel is required (a clap error, also exit code 2).
    fails(
        &["eval", "offload", "--platform", "power9-v100-nvlink2"],
        &["--kernel"],
    );
}

#[test]
fn presets_list_all_has_the_offload_presets() {
    let o = hetscope(&["presets", "list", "--all"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    for (kind, folder, example) in [
        (
            "offload-platform",
            "presets/offload-platforms/",
            "power9-v100-nvlink2.ron",
        ),
        ("offload-kernel", "presets/offload-kernels/", "gemm.ron"),
    ] {
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(&format!("{kind}\t")))
            .collect();
        assert!(!lines.is_empty(), "{text}");
        for l in &lines {
            let path = l.split('\t').nth(2).expect("three fields");
            assert!(path.starts_with(folder), "{l}");
        }
        assert!(text.contains(&format!("{folder}{example}")), "{text}");
    }
    let o = hetscope(&["presets", "list"]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(!text.contains("offload-"), "{text}");
}

#[test]
fn eval_help_lists_offload_and_hongkim() {
    let o = hetscope(&["eval", "--help"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        text.contains("offload") && text.contains("hongkim"),
        "{text}"
    );
}

/// The decision checks the kernel's data against the GPU's and the host's
/// memory: GEMM at n = 100000 needs at least 120 GB (A, B and C of
/// floats), more than the V100's 16 GB: no speedup, not offloaded, and
/// the reason says so; at the benchmark size it fits.
#[test]
fn a_kernel_whose_data_exceeds_the_gpu_is_not_offloaded() {
    let p9 = "power9-v100-nvlink2";
    let big = offload(p9, "gemm", &["--size", "100000"]);
    assert_eq!(big["fits_gpu"], false);
    assert_eq!(big["fits_host"], true);
    assert_eq!(big["offload"], false);
    assert!(big["speedup"].is_null());
    let reason = big["reason"].as_str().unwrap_or("");
    assert!(
        reason.contains("GPU's memory") && reason.contains("16.000 GB"),
        "{reason}"
    );
    assert_eq!(num(&big["footprint_bytes"], "at_least"), 12.0 * 1e10);
    let fits = offload(p9, "gemm", &[]);
    assert_eq!(fits["fits_gpu"], true);
    assert!(fits["reason"].is_null() && fits["speedup"].is_number());
    // Beyond the host's memory too (256 GiB): the host cannot run it either.
    let huge = offload(p9, "gemm", &["--size", "1000000"]);
    assert_eq!(huge["fits_host"], false);
    assert!(
        huge["reason"]
            .as_str()
            .unwrap_or("")
            .contains("host's memory")
    );
    // A platform derived from spec sheets knows its memory (H100 SXM5: 80 GiB).
    let x = offload("xeon-8480-h100", "gemm", &["--size", "100000"]);
    assert_eq!(x["fits_gpu"], false);
}
