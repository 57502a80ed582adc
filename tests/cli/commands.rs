//! The command line, run as a separate process.

use crate::common::{eval, fails, hetscope, num, stderr, stdout};

use std::path::Path;
use std::process::Command;

#[test]
fn presets_list_is_kind_name_path() {
    let o = hetscope(&["presets", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let mut kinds = std::collections::HashSet::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line:?}");
        let [kind, name, path] = [fields[0], fields[1], fields[2]];
        assert!(
            ["processor", "platform", "workload"].contains(&kind),
            "{line:?}"
        );
        assert!(!name.trim().is_empty(), "{line:?}");
        assert!(path.ends_with(".ron"), "{line:?}");
        assert!(root.join(path).is_file(), "{path} does not exist");
        kinds.insert(kind.to_string());
    }
    assert_eq!(kinds.len(), 3, "{text}");
    assert!(text.contains("presets/platforms/i7-gtx750-perdome.ron"));
}

#[test]
fn eval_perdome_defaults_give_pdp_128_gflops() {
    let v = eval(&["eval", "perdome"]);
    assert!((num(&v, "gflops") - 128.0).abs() < 1.0, "{v}");
    assert_eq!(v["kind"], "p-DP");
    assert!((num(&v, "I") - 1.7).abs() < 1e-12);
    assert_eq!(num(&v, "I_C"), num(&v, "I"));
    assert_eq!(num(&v, "I_G"), num(&v, "I"));
    assert_eq!(v["units"]["gflops"], "GFLOP/s");
    assert_eq!(v["units"]["I_C"], "flop/byte");
    // PerDome reports no energy.
    assert!(v.get("gflop_per_joule").is_none());
}

#[test]
fn eval_perdome_cp_gives_136_gflops() {
    let v = eval(&["eval", "perdome", "--set", "I_C=0.1", "--set", "I_G=2.0"]);
    assert!((num(&v, "gflops") - 136.0).abs() < 1.0, "{v}");
    assert_eq!(v["kind"], "CP");
    assert_eq!(num(&v, "I_C"), 0.1);
    assert_eq!(num(&v, "I_G"), 2.0);
}

#[test]
fn eval_outside_the_valid_region_gives_null() {
    let v = eval(&["eval", "perdome", "--set", "I_C=4", "--set", "I_G=8"]);
    assert!(v["gflops"].is_null(), "{v}");
    assert!(v["kind"].is_null());
    let reason = v["reason"].as_str().expect("reason");
    assert!(reason.contains("no such partition"), "{reason}");
    let v = eval(&["eval", "peapaw", "--set", "I_C=0.5", "--set", "I_G=1"]);
    assert!(
        v["gflops"].is_null() && v["gflop_per_joule"].is_null(),
        "{v}"
    );
}

#[test]
fn set_overrides_change_the_result() {
    let base = num(&eval(&["eval", "perdome"]), "gflops");
    // Twice the GPU's time per flop and per byte: a slower platform.
    let slower = eval(&["eval", "perdome", "--set", "t_fG=3.8", "--set", "t_bG=29.6"]);
    assert!(num(&slower, "gflops") < base * 0.7, "{slower}");
    assert_eq!(slower["params"]["t_fG"], 3.8);
    // Another I moves the evaluated p-DP point.
    let other = eval(&["eval", "perdome", "--set", "I=8"]);
    assert_eq!(num(&other, "I_C"), 8.0);
    assert!(num(&other, "gflops") > base, "{other}");
}

#[test]
fn eval_peapaw_classifies_i3_gtx750_as_gpu_only() {
    let v = eval(&["eval", "peapaw", "--platform", "i3-gtx750-peapaw"]);
    assert_eq!(v["e_paw"], "GPU-only", "{v}");
    assert_eq!(v["p_paw"], "CPU_MEM-GPU_COMP", "{v}");
    assert!(num(&v, "gflop_per_joule") > 0.0);
    assert!(num(&v, "gflops") > 0.0);
    for key in ["bl_c", "bl_g", "dgp_f", "dgp_b"] {
        assert!(num(&v, key).is_finite(), "{key}");
    }
    assert!(
        num(&v, "bl_c") < num(&v, "bl_g"),
        "CPU_MEM-GPU_COMP means BL_C < BL_G"
    );
    assert_eq!(v["units"]["gflop_per_joule"], "GFLOP/J");
    assert_eq!(v["units"]["dgp_f"], "pJ");
    assert_eq!(v["platform_id"], "i3-gtx750-peapaw");
}

#[test]
fn invalid_parameters_exit_non_zero_naming_them() {
    fails(&["eval", "perdome", "--set", "t_fC=0"], 2, "t_fC");
    fails(&["eval", "perdome", "--set", "bogus=1"], 2, "bogus");
    fails(&["eval", "peapaw", "--set", "e_bG=abc"], 2, "e_bG");
    fails(&["eval", "perdome", "--set", "t_bG=NaN"], 2, "t_bG");
    fails(&["eval", "perdome", "--set", "p_sC=-1"], 2, "p_sC");
    fails(&["eval", "perdome", "--set", "I=0"], 2, "I=0");
    fails(
        &["eval", "perdome", "--set", "I_C=-0.5", "--set", "I_G=2"],
        2,
        "I_C",
    );
    fails(&["eval", "perdome", "--set", "I_C=0.1"], 2, "I_G");
    fails(&["eval", "perdome", "--set", "t_fC"], 2, "NAME=VALUE");
    // Zero static power is allowed.
    eval(&["eval", "peapaw", "--set", "p_sC=0"]);
}

#[test]
fn unknown_names_are_usage_errors() {
    fails(
        &["eval", "perdome", "--platform", "no-such-box"],
        2,
        "no-such-box",
    );
    fails(
        &["eval", "perdome", "--workload", "no-such-load"],
        2,
        "no-such-load",
    );
    fails(&["eval", "roofline"], 2, "roofline");
    fails(&["frobnicate"], 2, "frobnicate");
    fails(
        &["export", "--view", "pie-chart", "--out", "x.png"],
        2,
        "pie-chart",
    );
    fails(
        &["eval", "perdome", "--platform", "missing-file.ron"],
        1,
        "missing-file.ron",
    );
}

#[test]
fn export_writes_png_svg_pdf_and_csv() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        ("perdome-heatmap", "h.png"),
        ("energy-surface", "s.svg"),
        ("energy-surface", "s.pdf"),
        ("wp-compare", "c.csv"),
        ("perdome-surface", "s.png"),
    ];
    for (view, name) in cases {
        let path = dir.path().join(name);
        let p = path.to_str().expect("utf-8 path");
        let o = hetscope(&[
            "export", "--view", view, "--width", "640", "--height", "400", "--yaw", "-60",
            "--pitch", "40", "--out", p,
        ]);
        assert!(o.status.success(), "{view}: {}", stderr(&o));
        let bytes = std::fs::read(&path).expect("written");
        match name.rsplit('.').next() {
            Some("png") => {
                assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
                // IHDR: width and height, big-endian.
                assert_eq!(&bytes[16..24], &[0, 0, 2, 128, 0, 0, 1, 144]);
            }
            Some("svg") => {
                let s = String::from_utf8(bytes).expect("utf-8");
                assert!(s.contains(r#"width="640" height="400""#));
                assert!(s.contains("<polygon"));
            }
            Some("pdf") => {
                assert!(bytes.starts_with(b"%PDF-"));
                let text = String::from_utf8_lossy(&bytes);
                assert!(text.contains("/MediaBox [0 0 640 400]"), "640 x 400 points");
            }
            _ => {
                let s = String::from_utf8(bytes).expect("utf-8");
                assert!(s.starts_with("panel,partition,model,measured,unit,note"));
                assert!(s.lines().count() > 4);
            }
        }
    }
}

#[test]
fn export_with_overrides_and_a_point() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.csv");
    let o = hetscope(&[
        "export",
        "--view",
        "perdome-heatmap",
        "--platform",
        "i3-gtx750-perdome",
        "--set",
        "I_C=0.2",
        "--set",
        "I_G=3",
        "--out",
        path.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read_to_string(&path).expect("written");
    assert!(csv.contains("0.2,3,"), "the --set point is a marker");
}

#[test]
fn export_failures_are_clean() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("nope").join("x.png");
    let m = missing.to_str().expect("utf-8");
    fails(
        &["export", "--view", "perdome-heatmap", "--out", m],
        1,
        "x.png",
    );
    assert!(!missing.exists());
    let bad = dir.path().join("x.gif");
    let b = bad.to_str().expect("utf-8");
    fails(
        &["export", "--view", "perdome-heatmap", "--out", b],
        2,
        "x.gif",
    );
    let ok = dir.path().join("x.png");
    let k = ok.to_str().expect("utf-8");
    fails(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--width",
            "100",
            "--out",
            k,
        ],
        2,
        "200 to 8000",
    );
    fails(
        &[
            "export",
            "--view",
            "perdome-surface",
            "--pitch",
            "120",
            "--out",
            k,
        ],
        2,
        "--pitch",
    );
    fails(
        &[
            "export",
            "--view",
            "perdome-surface",
            "--zoom",
            "nan",
            "--out",
            k,
        ],
        2,
        "nan",
    );
    fails(&["export", "--view", "perdome-heatmap"], 2, "--out");
    assert!(
        std::fs::read_dir(dir.path())
            .expect("list")
            .next()
            .is_none(),
        "nothing written"
    );
}

#[test]
fn no_arguments_without_a_display_fails_with_one_line() {
    let o = Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert!(last.starts_with("hetscope: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn help_lists_the_subcommands() {
    let o = hetscope(&["--help"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for sub in ["presets", "eval", "export"] {
        assert!(out.contains(sub), "{out}");
    }
}

#[test]
fn import_measured_writes_presets_that_load() {
    let dir = tempfile::tempdir().unwrap();
    let csv = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/data/h100-node-sa-measured.csv"
    );
    let out = hetscope(&[
        "presets",
        "import-measured",
        csv,
        "--id",
        "my-node",
        "--name",
        "My node",
        "--out-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let platform = dir.path().join("platforms/my-node.ron");
    let workload = dir.path().join("workloads/my-node-k64.ron");
    assert!(stdout(&out).contains("my-node-k64.ron"));
    // The written files are usable presets: eval reads them by path.
    let v = eval(&[
        "eval",
        "perdome",
        "--platform",
        platform.to_str().unwrap(),
        "--workload",
        workload.to_str().unwrap(),
    ]);
    assert!(num(&v, "gflops") > 10_000.0, "{v}");
    // A CSV with a bad row names the row and writes nothing.
    let bad = dir.path().join("bad.csv");
    let text = std::fs::read_to_string(csv)
        .unwrap()
        .replace("2168.4", "fast");
    std::fs::write(&bad, text).unwrap();
    let empty = dir.path().join("nothing");
    let msg = fails(
        &[
            "presets",
            "import-measured",
            bad.to_str().unwrap(),
            "--out-dir",
            empty.to_str().unwrap(),
        ],
        2,
        "row 2",
    );
    assert!(msg.contains("bad.csv"), "{msg}");
    assert!(!empty.exists());
}

#[test]
fn options_of_another_models_views_are_refused() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("x.png");
    let out = out.to_str().expect("a UTF-8 path");
    fails(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--class",
            "16|element",
            "--out",
            out,
        ],
        2,
        "--class does not apply to --view perdome-heatmap",
    );
    fails(
        &["export", "--view", "offload", "--n", "5", "--out", out],
        2,
        "--n does not apply to --view offload",
    );
    fails(
        &[
            "export",
            "--view",
            "fpm-sweep",
            "--kernel",
            "gemm",
            "--out",
            out,
        ],
        2,
        "--kernel does not apply to --view fpm-sweep",
    );
    // Nothing was written.
    assert!(!Path::new(out).exists());
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    use std::process::Stdio;
    // The reader closes the pipe before the binary (which takes some
    // milliseconds to start) writes: the write fails with a broken pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hetscope"))
        .args(["presets", "list", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("it ends");
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_negative_zoom_gets_the_range_in_its_message() {
    fails(
        &[
            "export",
            "--view",
            "perdome-surface",
            "--zoom",
            "-1",
            "--out",
            "z.svg",
        ],
        2,
        "between 0.2 and 8",
    );
}
