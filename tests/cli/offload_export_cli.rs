//! `hetscope export --view offload|offload-suite`, run as a separate
//! process: every format, the offload arguments, and clean failures.

use crate::common::{hetscope, stderr};

/// Run an export to `dir/name`, expect success, return the file's bytes.
fn export(dir: &std::path::Path, name: &str, args: &[&str]) -> Vec<u8> {
    let out = dir.join(name);
    let out_s = out.to_str().unwrap();
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out_s]);
    let o = hetscope(&all);
    assert!(o.status.success(), "{all:?}: {}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("wrote"));
    std::fs::read(&out).unwrap()
}

/// Expect failure with `code` and one stderr line containing `needle`.
fn fails(args: &[&str], code: i32, needle: &str) {
    let o = hetscope(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err} should name {needle}");
    assert!(!err.contains("panicked"), "{err}");
}

fn csv_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[test]
fn both_views_export_png_svg_and_csv_with_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    for view in ["offload", "offload-suite"] {
        let png = export(dir.path(), &format!("{view}.png"), &["--view", view]);
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), (1200, 800));
        let svg = csv_text(export(
            dir.path(),
            &format!("{view}.svg"),
            &["--view", view, "--width", "900", "--height", "600"],
        ));
        assert!(svg.contains("<svg"));
        assert!(svg.contains("POWER9 + V100 (NVLink 2)"), "{view}");
        let csv = csv_text(export(
            dir.path(),
            &format!("{view}.csv"),
            &["--view", view],
        ));
        assert!(csv.starts_with("panel,kind,name"));
        if view == "offload" {
            assert!(csv.contains("CPU: OpenMP model, 160 threads"));
            assert!(csv.contains("chosen n = 9600"));
        } else {
            for k in ["GEMM", "2DCONV", "SYRK"] {
                assert!(csv.contains(k), "{k}");
            }
        }
    }
}

#[test]
fn kernel_size_platform_and_set_reach_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let csv = csv_text(export(
        dir.path(),
        "a.csv",
        &[
            "--view",
            "offload",
            "--kernel",
            "2dconv",
            "--size",
            "test",
            "--platform",
            "power8-k80-pcie3",
            "--set",
            "threads=4",
            "--set",
            "bus_gbs=12.5",
            "--size-from",
            "100",
            "--size-to",
            "20000",
        ],
    ));
    assert!(csv.contains("CPU: OpenMP model, 4 threads"), "{csv}");
    assert!(csv.contains("transfers over the bus (12.5 GB/s)"));
    assert!(csv.contains("chosen n = 1100"));
    // The sweep starts and ends at the range given.
    assert!(csv.contains(",100,elements per dimension,"));
    assert!(csv.contains(",20000,elements per dimension,"));
    // The suite of two kernels, by id and by name.
    let csv = csv_text(export(
        dir.path(),
        "s.csv",
        &["--view", "offload-suite", "--kernels", "gemm,ATAX"],
    ));
    assert!(csv.contains("GEMM") && csv.contains("ATAX"));
    assert!(!csv.contains("SYRK"));
    assert!(csv.contains("geomean, always offload"));
}

#[test]
fn bad_offload_arguments_fail_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.png");
    let out = out.to_str().unwrap();
    let base = |extra: &[&'static str]| {
        let mut v: Vec<&str> = vec!["export", "--view", "offload", "--out", out];
        v.extend_from_slice(extra);
        v
    };
    fails(&base(&["--kernel", "nosuch"]), 2, "nosuch");
    fails(&base(&["--platform", "nosuch"]), 2, "nosuch");
    fails(&base(&["--set", "threads=0"]), 2, "threads");
    fails(
        &base(&["--set", "warp_size=4"]),
        2,
        "unknown parameter 'warp_size'",
    );
    fails(&base(&["--set", "threads"]), 2, "NAME=VALUE");
    fails(&base(&["--size", "0"]), 2, "problem size");
    fails(&base(&["--size", "12.5"]), 2, "whole number");
    fails(
        &base(&["--size-from", "500", "--size-to", "50"]),
        2,
        "size range",
    );
    fails(&base(&["--kernels", "gemm,nosuch"]), 2, "nosuch");
    assert!(!std::path::Path::new(out).exists());
}
