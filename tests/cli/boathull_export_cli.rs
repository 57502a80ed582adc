//! `hetscope export --view boathull|boathull-compare|boathull-roofline|boathull-app`:
//! every view to PNG, SVG and CSV, the values against the model, and the
//! errors naming the argument.

use crate::common::{fails, hetscope, stderr};

use hetscope::model::boathull::{Class, ClassOptions, ClassVars, Gpu};

const SECTION_4_4: &str = "2048x2048|element -> 2048x2048|element";

const VIEWS: [&str; 4] = [
    "boathull",
    "boathull-compare",
    "boathull-roofline",
    "boathull-app",
];

fn export_bytes(dir: &std::path::Path, file: &str, extra: &[&str]) -> Vec<u8> {
    let out = dir.join(file);
    let out_s = out.to_str().expect("utf-8 path").to_string();
    let mut args = vec!["export", "--out", &out_s];
    args.extend_from_slice(extra);
    let o = hetscope(&args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let bytes = std::fs::read(&out).expect("written");
    assert!(!bytes.is_empty());
    bytes
}

fn export(dir: &std::path::Path, file: &str, extra: &[&str]) -> String {
    String::from_utf8(export_bytes(dir, file, extra)).expect("utf-8")
}

#[test]
fn every_boathull_view_exports_to_png_svg_and_csv() {
    let dir = tempfile::tempdir().expect("tempdir");
    for view in VIEWS {
        for ext in ["png", "svg", "csv"] {
            let bytes = export_bytes(
                dir.path(),
                &format!("{view}.{ext}"),
                &["--view", view, "--width", "900", "--height", "600"],
            );
            let text = String::from_utf8_lossy(&bytes);
            match ext {
                "png" => assert!(bytes.starts_with(b"\x89PNG"), "{view}"),
                "svg" => assert!(text.contains("<svg"), "{view}"),
                _ => assert!(text.starts_with("panel,kind,name"), "{view}"),
            }
        }
    }
    let csv = export(dir.path(), "a.csv", &["--view", "boathull"]);
    assert!(csv.contains("c1 floor: no FMA") && csv.contains("total with transfers"));
    let csv = export(dir.path(), "b.csv", &["--view", "boathull-compare"]);
    assert!(csv.contains("crossover with transfers: f = "), "{csv}");
    let csv = export(
        dir.path(),
        "c.csv",
        &["--view", "boathull-app", "--application", "sobel-edges"],
    );
    assert!(csv.contains("grey conversion"));
    let csv = export(
        dir.path(),
        "d.csv",
        &[
            "--view",
            "boathull",
            "--class",
            "1024x1024|tile(1x1024) -> 1024|element",
            "--target",
            "cpu",
            "--f",
            "50",
        ],
    );
    assert!(csv.contains("Core i7-930") && csv.contains("c3 floor"));
    assert!(csv.contains("chosen f = 50"));
}

#[test]
fn export_values_follow_set_and_processor2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let hull = |csv: &str| -> f64 {
        let line = csv
            .lines()
            .find(|l| l.contains("\"hull = max(c0, m0)\""))
            .expect("a hull row");
        line.split(',')
            .nth(7)
            .expect("y")
            .parse()
            .expect("a number")
    };
    let base = export(dir.path(), "a.csv", &["--view", "boathull"]);
    let fast = export(
        dir.path(),
        "b.csv",
        &["--view", "boathull", "--set", "P_coalesced=190"],
    );
    let (h0, h1) = (hull(&base), hull(&fast));
    assert!((h1 - h0 / 2.0).abs() < 1e-12 * h0, "{h0} {h1}");
    let vars = ClassVars::gpu(
        Class::parse(SECTION_4_4).expect("class").shape(),
        &ClassOptions::default(),
    );
    let want = Gpu::GTX470.times(&vars, 1.0).expect("valid").hull_s();
    assert!((h0 - want).abs() < 1e-12 * want);
    let csv = export(
        dir.path(),
        "c.csv",
        &[
            "--view",
            "boathull-compare",
            "--processor2",
            "gts250",
            "--set2",
            "B_bus=4.2",
        ],
    );
    assert!(csv.contains("GeForce GTS250: total with transfers"));
}

#[test]
fn export_errors_name_the_argument() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("x.png");
    let out = out.to_str().expect("utf-8");
    let run = |extra: &[&str], needle: &str| {
        let mut args = vec!["export", "--out", out];
        args.extend_from_slice(extra);
        fails(&args, 2, needle)
    };
    run(
        &[
            "--view",
            "boathull",
            "--platform",
            "i7-gtx750-perdome",
            "--processor",
            "gtx470",
        ],
        "--platform",
    );
    run(
        &[
            "--view",
            "boathull",
            "--class",
            "2048x2048|elemnt -> 2048x2048|element",
        ],
        "column 11",
    );
    run(
        &["--view", "boathull-compare", "--processor2", "nope"],
        "--processor2",
    );
    run(
        &["--view", "boathull-compare", "--set2", "bogus=1"],
        "--set2 bogus=1",
    );
    run(
        &["--view", "boathull", "--set", "P_memory=3"],
        "--target cpu",
    );
    run(&["--view", "boathull", "--f", "0"], "chosen f");
    run(
        &["--view", "boathull", "--f-min", "100", "--f-max", "10"],
        "f range",
    );
    // A range too small for a log axis is named, not reported as NaN.
    let err = run(&["--view", "boathull", "--f-min", "1e-308"], "1e-308");
    assert!(
        err.contains("between 1e-6 and 1e12") && !err.contains("NaN"),
        "{err}"
    );
    run(&["--view", "boathull-app", "--application", "nope"], "nope");
    assert!(!dir.path().join("x.png").exists());
}
