//! Physical ranges of every model parameter: a value outside its range is
//! refused on the command line (exit 2, one line naming the parameter,
//! its unit and both bounds) and in presets (the file and the field),
//! negative values reach the range check, I_C = I_G = 0 is no partition,
//! and every model evaluates to finite numbers at the corners of every
//! range (each parameter alone at both ends, and combinations).

use crate::common::{eval, hetscope, stderr};

use serde_json::Value;

/// The corners of every range (in `param_ranges/corners.rs`).
#[path = "param_ranges/corners.rs"]
mod corners;

const CLASS: &str = "1024x1024|element -> 1024x1024|element";

/// Expect exit code 2 (a usage error) and one stderr line holding every
/// needle.
fn refused(args: &[&str], needles: &[&str]) -> String {
    fails_with(2, args, needles)
}

/// Expect exit code `code` and one stderr line holding every needle.
fn fails_with(code: i32, args: &[&str], needles: &[&str]) -> String {
    let o = hetscope(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{err}` should name {n}");
    }
    assert!(!err.contains("panicked") && o.stdout.is_empty(), "{err}");
    err
}

/// The JSON paths of the nulls of `v` that have no `reason` beside them.
fn unexplained_nulls(v: &Value, path: &str, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => a
            .iter()
            .for_each(|x| unexplained_nulls(x, &format!("{path}[]"), out)),
        Value::Object(o) => {
            let reason = o.get("reason").is_some_and(|r| r.is_string());
            for (k, x) in o {
                if x.is_null() && k != "reason" && !reason {
                    out.push(format!("{path}.{k}"));
                }
                unexplained_nulls(x, &format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// The command line

#[test]
fn the_issue_examples_are_refused_with_both_bounds() {
    refused(
        &["eval", "perdome", "--set", "t_fC=1e-307"],
        &["--set t_fC=1e-307: t_fC (time per flop on the CPU, ps) must be between 1e-6 and 1e6 ps"],
    );
    refused(
        &["eval", "perdome", "--set", "I=1e-308"],
        &[
            "I (intensity of the workload, flop/byte)",
            "9.5367431640625e-7 (2^-20)",
            "1.048576e6 (2^20) flop/byte",
        ],
    );
    refused(
        &["eval", "boathull", "--class", CLASS, "--set", "f=1e308"],
        &[
            "f (operator complexity, operations per element)",
            "between 0 and 1e12 operations per element",
        ],
    );
    refused(
        &[
            "eval",
            "offload",
            "--platform",
            "h100-node-offload",
            "--kernel",
            "gemm",
            "--set",
            "ipc=1e-308",
        ],
        &["ipc (", "instructions/cycle", "between 0.001 and 1000"],
    );
    refused(
        &[
            "eval",
            "boathull",
            "--target",
            "cpu",
            "--class",
            CLASS,
            "--set",
            "N_threads=1e10",
        ],
        &["N_threads (", "a whole number between 1 and 1e6 threads"],
    );
}

#[test]
fn negative_values_reach_the_range_check() {
    let offload = [
        "eval",
        "offload",
        "--platform",
        "h100-node-offload",
        "--kernel",
        "gemm",
    ];
    let cases: Vec<(Vec<&str>, &str, &[&str])> = vec![
        (
            vec!["eval", "perdome"],
            "t_fC=-1",
            &["t_fC (", "between 1e-6 and 1e6 ps"],
        ),
        (
            vec!["eval", "peapaw"],
            "p_sG=-1",
            &["p_sG (", "between 0 and 1e6 W"],
        ),
        (
            vec!["eval", "perdome"],
            "I_C=-1",
            &["I_C (", "0 or between"],
        ),
        (
            vec!["eval", "boathull", "--class", CLASS],
            "P_compute=-1",
            &["P_compute (", "between 0.001 and 1e9 GFLOP/s"],
        ),
        (
            vec!["eval", "boathull", "--target", "cpu", "--class", CLASS],
            "W_vector=-32",
            &["W_vector (", "between 32 and 65536 (2^16) bits"],
        ),
        (
            offload.to_vec(),
            "threads=-1",
            &["threads (", "between 1 and 1e6 threads"],
        ),
        (
            offload.to_vec(),
            "bus_latency_us=-1",
            &["bus_latency_us (", "between 0 and 1e6 us"],
        ),
        (
            vec!["eval", "hongkim"],
            "comp_insts=-1",
            &["comp_insts (", "between 0 and 1e9"],
        ),
    ];
    for (args, item, needles) in cases {
        let mut all = args.clone();
        all.extend(["--set", item]);
        refused(&all, needles);
    }
    let out = std::env::temp_dir().join("param-ranges-never-written.svg");
    let out = out.display().to_string();
    refused(
        &["export", "--view", "boathull", "--f", "-1", "--out", &out],
        &["f (operator complexity", "between 0 and 1e12"],
    );
    refused(
        &["eval", "overview", "--n", "-1"],
        &["n (problem size, units)", "between 1e-6 and 1e15 units"],
    );
    refused(
        &["eval", "fpm", "--devices", "paper-cpu24", "--n", "-1"],
        &["n (problem size, units)", "between 1e-6 and 1e15 units"],
    );
    refused(
        &[
            "eval",
            "fpm",
            "--devices",
            "paper-cpu24",
            "--n",
            "100",
            "--contention",
            "paper-cpu24=-0.5",
        ],
        &["contention (", "between 0.001 and 1"],
    );
}

#[test]
fn no_intensity_on_either_side_is_no_partition() {
    for model in ["perdome", "peapaw"] {
        let err = refused(
            &["eval", model, "--set", "I_C=0", "--set", "I_G=0"],
            &["I_C = I_G = 0", "neither processor"],
        );
        assert!(err.contains("--set I_C=0 --set I_G=0"), "{err}");
    }
    // One side at 0 is a real partition (PeaPaw's LA case).
    let v = eval(&["eval", "peapaw", "--set", "I_C=0", "--set", "I_G=2"]);
    assert!(v["gflops"].is_number(), "{v}");
}

#[test]
fn the_ends_of_the_ranges_give_numbers() {
    let offload = [
        "eval",
        "offload",
        "--platform",
        "h100-node-offload",
        "--kernel",
        "gemm",
    ];
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["eval", "peapaw"],
            vec!["t_fC=1e-6", "t_bC=1e6", "e_fG=1e6", "p_sG=1e6", "I=1048576"],
        ),
        (
            vec!["eval", "peapaw"],
            vec![
                "t_fG=1e6",
                "t_bG=1e-6",
                "I=9.5367431640625e-7",
                "I_C=0",
                "I_G=1048576",
            ],
        ),
        (
            vec!["eval", "boathull", "--class", CLASS, "--assume", "unknown"],
            vec![
                "f=1e12",
                "P_compute=0.001",
                "P_uncoalesced=0.001",
                "B_bus=0.001",
            ],
        ),
        (
            vec!["eval", "boathull", "--target", "cpu", "--class", CLASS],
            vec![
                "f=1e12",
                "P_compute=0.001",
                "N_threads=1e6",
                "W_vector=65536",
            ],
        ),
        (
            offload.to_vec(),
            vec![
                "ipc=0.001",
                "cpu_freq_ghz=0.001",
                "freq_ghz=0.001",
                "bus_gbs=0.001",
            ],
        ),
        (
            vec!["eval", "hongkim"],
            vec![
                "comp_insts=1e9",
                "blocks=1e12",
                "loop_iterations=1e15",
                "issue_cycles=1e6",
            ],
        ),
    ];
    for (args, items) in cases {
        let mut all = args.clone();
        for item in &items {
            all.extend(["--set", item]);
        }
        let v = eval(&all);
        let mut nulls = Vec::new();
        unexplained_nulls(&v, "", &mut nulls);
        assert!(
            nulls.is_empty(),
            "{all:?}: null without a reason at {nulls:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Presets

/// A built-in preset file's text.
fn preset_text(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect(path)
}

/// `text` with `from` replaced by `to` (which must be there).
fn with(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn presets_out_of_range_name_the_file_and_the_field() {
    let gtx = preset_text("presets/processors/gtx470.ron");
    let cases: Vec<(String, &str, &[&str])> = vec![
        (
            with(&gtx, "t_f_ps: 0.9182736455463728", "t_f_ps: 1e-9"),
            "timing.t_f_ps = 1e-9: t_fG (time per flop on the GPU, ps)",
            &["between 1e-6 and 1e6 ps"],
        ),
        (
            with(&gtx, "p_s_w: 64.5", "p_s_w: -3"),
            "energy.p_s_w = -3: p_sG (static power on the GPU, W)",
            &["between 0 and 1e6 W"],
        ),
        (
            with(&gtx, "p_compute_gflops: 1089.0", "p_compute_gflops: 1e12"),
            "boathull.p_compute_gflops = 1e12: P_compute",
            &["between 0.001 and 1e9 GFLOP/s"],
        ),
    ];
    for (text, field, needles) in cases {
        let e = hetscope::preset::parse_processor(&text, "my/gpu.ron")
            .expect_err(field)
            .to_string();
        assert!(e.starts_with(&format!("my/gpu.ron: {field}")), "{e}");
        for n in needles {
            assert!(e.contains(n), "{e} should name {n}");
        }
    }
    let sa = preset_text("presets/workloads/perdome-sa.ron");
    let e = hetscope::preset::perdome::parse_workload(
        &with(&sa, "(name: \"CP\", i_c: 0.1", "(name: \"CP\", i_c: 1e-9"),
        "my/sa.ron",
    )
    .expect_err("i_c out of range")
    .to_string();
    assert!(
        e.starts_with("my/sa.ron: partitions[3].i_c = 1e-9: I_C ("),
        "{e}"
    );
    assert!(e.contains("flop/byte") && e.contains("(2^-20)"), "{e}");
    let h100 = preset_text("presets/offload-platforms/h100-node-offload.ron");
    let e = hetscope::preset::offload::parse_offload_platform(
        &with(&h100, "ipc: 1.0,", "ipc: 1e-308,"),
        "my/h100.ron",
    )
    .expect_err("ipc out of range")
    .to_string();
    assert!(e.starts_with("my/h100.ron: cpu.ipc = 1e-308: ipc ("), "{e}");
    assert!(
        e.contains("between 0.001 and 1000 instructions/cycle"),
        "{e}"
    );
}

#[test]
fn a_preset_file_out_of_range_is_refused_on_the_command_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("fast.ron");
    let text = with(
        &preset_text("presets/processors/gtx470.ron"),
        "b_bus_gbs: 5.1",
        "b_bus_gbs: 1e300",
    );
    std::fs::write(&path, text).expect("written");
    let file = path.display().to_string();
    // A bad file is a failure (exit 1), as every preset error is.
    fails_with(
        1,
        &["eval", "boathull", "--class", CLASS, "--processor", &file],
        &[&file, "boathull.b_bus_gbs = 1e300", "B_bus (", "1e6 GB/s"],
    );
}
