//! Speed-function CSV files, `hetscope fpm measure` and `hetscope fpm eval`.

use crate::common::{eval, hetscope, stderr};

use std::path::{Path, PathBuf};

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use hetscope::measure::{Kernel, MeasureConfig, MeasureError};
use hetscope::model::fpm::SpeedPoint;
use hetscope::preset::fpm::{SpeedCsv, load_speed_csv, parse_speed_csv, save_speed_csv};
use serde_json::Value;

/// Expect failure with a single stderr line containing every needle.
fn fails(args: &[&str], needles: &[&str]) -> String {
    let o = hetscope(args);
    assert!(!o.status.success(), "{args:?} should fail");
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err} should name {n}");
    }
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write test file");
    p
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

#[test]
fn csv_round_trip_keeps_points_notes_and_limit() {
    let dir = tempfile::tempdir().unwrap();
    let csv = SpeedCsv {
        comments: vec!["source: a test".into(), "unit: blocks".into()],
        max_size_units: Some(5000.0),
        rows: vec![
            SpeedPoint {
                size_units: 1600.0,
                speed_units_per_s: 643.2160804020101,
                spread: Some(0.012),
                runs: None,
            },
            SpeedPoint {
                size_units: 0.065536,
                speed_units_per_s: 1.0 / 3.0,
                spread: Some(0.5),
                runs: None,
            },
        ],
        ..SpeedCsv::default()
    };
    let path = dir.path().join("dev.csv");
    save_speed_csv(&path, &csv).unwrap();
    let back = load_speed_csv(&path).unwrap();
    assert_eq!(back, csv);
    let f = back.to_function().unwrap();
    assert_eq!(f.memory_limit_units(), Some(5000.0));
    // Between the points: linear; beyond the last one: its speed, up to
    // the memory limit.
    let mid = f.speed((0.065536 + 1600.0) / 2.0).unwrap();
    assert!(
        (mid - (1.0 / 3.0 + 643.2160804020101) / 2.0).abs() < 1e-9,
        "{mid}"
    );
    assert_eq!(f.speed(4000.0), Some(643.2160804020101));
    // Without spreads no third column is written.
    let plain = SpeedCsv {
        rows: csv
            .rows
            .iter()
            .map(|r| SpeedPoint { spread: None, ..*r })
            .collect(),
        ..csv.clone()
    };
    assert!(plain.to_text().contains("\nsize,speed\n"));
    assert_eq!(parse_speed_csv(&plain.to_text(), "x").unwrap(), plain);
}

#[test]
fn bad_rows_name_file_line_and_column() {
    let err = |t: &str| parse_speed_csv(t, "dev.csv").unwrap_err();
    let e = err("# note\nsize,speed\n10,5\n20,abc\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(4), Some("speed")));
    let text = e.to_string();
    assert!(text.contains("dev.csv") && text.contains("line 4") && text.contains("speed"));

    let e = err("size,speed\n-1,5\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(2), Some("size")));
    let e = err("size,speed\n1,0\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(2), Some("speed")));
    let e = err("size,speed\n1\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(2), Some("speed")));
    let e = err("size,speed\n1,2\n3,4\n1,5\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(4), Some("size")));
    assert!(e.message.contains("line 2"), "{e}");
    let e = err("# max_size: 10\nsize,speed\n5,1\n11,1\n");
    assert_eq!((e.line, e.column.as_deref()), (Some(4), Some("size")));
    let e = err("# max_size: lots\nsize,speed\n5,1\n");
    assert_eq!(e.line, Some(1));

    assert!(err("").to_string().contains("empty"));
    assert!(err("# only a comment\n").to_string().contains("header"));
    assert!(err("10,5\n20,6\n").to_string().contains("missing header"));
    assert!(err("size,speed\n").to_string().contains("no rows"));
    // Extra columns are ignored; max_size is read.
    let ok = parse_speed_csv("# max_size: 100\nsize,speed,note\n10,5,x\n", "a").unwrap();
    assert_eq!(ok.max_size_units, Some(100.0));
    assert_eq!(ok.rows.len(), 1);
}

#[test]
fn measure_triad_writes_a_loadable_speed_function() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("triad.csv");
    let t = Instant::now();
    let o = hetscope(&[
        "fpm",
        "measure",
        "--kernel",
        "triad",
        "--sizes",
        "1000,20000",
        "--threads",
        "2",
        "--out",
        s(&out),
    ]);
    let took = t.elapsed();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 2, "one progress line a size");
    assert!(took.as_secs_f64() < 5.0, "took {took:?}");
    let csv = load_speed_csv(&out).unwrap();
    assert_eq!(csv.rows.len(), 2);
    assert_eq!(csv.rows[0].size_units, 0.001);
    assert_eq!(csv.rows[1].size_units, 0.02);
    for r in &csv.rows {
        assert!(r.speed_units_per_s > 0.0 && r.speed_units_per_s.is_finite());
        assert!(r.spread.is_some());
    }
    assert!(csv.comments.iter().any(|c| c.contains("M elements")));
    csv.to_function().unwrap();
}

#[test]
fn measure_library_gemm_reports_progress_and_stops_when_cancelled() {
    let mut cfg = MeasureConfig::new(Kernel::Gemm, 2);
    cfg.sizes = vec![16, 48];
    let mut seen = Vec::new();
    let ms = hetscope::measure::measure(&cfg, &mut |m| seen.push(m.size), &AtomicBool::new(false))
        .unwrap();
    assert_eq!(seen, vec![16, 48]);
    assert_eq!(ms[1].units, 2.0 * 48f64.powi(3) / 1e6);
    assert!(
        ms.iter()
            .all(|m| m.speed_units_per_s > 0.0 && m.samples >= 3)
    );
    let cancelled = hetscope::measure::measure(&cfg, &mut |_| {}, &AtomicBool::new(true));
    assert_eq!(cancelled, Err(MeasureError::Cancelled));
    cfg.threads = 0;
    assert!(matches!(
        hetscope::measure::measure(&cfg, &mut |_| {}, &AtomicBool::new(false)),
        Err(MeasureError::Invalid(_))
    ));
}

fn constant_devices(dir: &Path) -> (PathBuf, PathBuf) {
    let fast = write(dir, "fast.csv", "# constant\nsize,speed\n1,300\n1000,300\n");
    let slow = write(dir, "slow.csv", "size,speed\n1,100\n1000,100\n");
    (fast, slow)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn eval_constant_speeds_gives_proportional_sizes_and_equal_times() {
    let dir = tempfile::tempdir().unwrap();
    let (fast, slow) = constant_devices(dir.path());
    let devices = format!("{},{}", s(&fast), s(&slow));
    for method in ["fpm", "cpm"] {
        let v = eval(&[
            "fpm",
            "eval",
            "--devices",
            &devices,
            "--n",
            "100",
            "--method",
            method,
        ]);
        assert_eq!(v["method"], method);
        let d = v["devices"].as_array().unwrap();
        assert_eq!(d[0]["name"], "fast");
        assert_eq!(d[1]["name"], "slow");
        assert!((num(&d[0]["size"]) - 75.0).abs() < 1e-6, "{v}");
        assert!((num(&d[1]["size"]) - 25.0).abs() < 1e-6, "{v}");
        let (t0, t1) = (num(&d[0]["time_s"]), num(&d[1]["time_s"]));
        assert!((t0 - 0.25).abs() < 1e-6 && (t1 - 0.25).abs() < 1e-6, "{v}");
        assert!((num(&v["makespan_s"]) - 0.25).abs() < 1e-6);
        assert!((num(&v["imbalance"]) - 1.0).abs() < 1e-6);
    }
    let v = eval(&[
        "fpm",
        "eval",
        "--devices",
        &devices,
        "--n",
        "100",
        "--method",
        "even",
    ]);
    assert_eq!(num(&v["devices"][0]["size"]), 50.0);
    assert!((num(&v["imbalance"]) - 3.0).abs() < 1e-9);
    // `eval fpm` is the same command as `fpm eval`.
    let alias = eval(&[
        "eval",
        "fpm",
        "--devices",
        &devices,
        "--n",
        "100",
        "--method",
        "even",
    ]);
    assert_eq!(alias, v);
}

#[test]
fn eval_integer_gives_whole_sizes_adding_up_to_n() {
    let dir = tempfile::tempdir().unwrap();
    let (fast, slow) = constant_devices(dir.path());
    let third = write(dir.path(), "third.csv", "size,speed\n1,170\n50,90\n");
    let devices = format!("{},{},{}", s(&fast), s(&slow), s(&third));
    for method in ["fpm", "cpm", "even"] {
        let v = eval(&[
            "fpm",
            "eval",
            "--devices",
            &devices,
            "--n",
            "101",
            "--integer",
            "--method",
            method,
        ]);
        let sizes: Vec<u64> = v["devices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["size"].as_u64().expect("a whole number"))
            .collect();
        assert_eq!(sizes.iter().sum::<u64>(), 101, "{v}");
    }
    fails(
        &[
            "fpm",
            "eval",
            "--devices",
            &devices,
            "--n",
            "10.5",
            "--integer",
        ],
        &["whole"],
    );
}

#[test]
fn builtin_paper_devices_load_and_partition() {
    let o = hetscope(&["fpm", "devices"]);
    assert!(o.status.success());
    let list = String::from_utf8_lossy(&o.stdout).into_owned();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for line in list.lines() {
        let (_, path) = line.split_once('\t').unwrap();
        let csv = load_speed_csv(&root.join(path)).unwrap();
        if !path.contains("paper-") {
            // The measured node's speed functions say how they were made.
            assert!(
                csv.comments
                    .iter()
                    .any(|c| c.contains("hetscope fpm measure") || c.contains("measured")),
                "{path} says how it was measured"
            );
            continue;
        }
        assert!(
            csv.comments.iter().any(|c| c.contains("Table")),
            "{path} names its table"
        );
        assert!(
            csv.comments.iter().any(|c| c.contains("Approximation")),
            "{path} says what is approximate"
        );
    }
    assert!(list.contains("paper-gtx680") && list.contains("paper-cpu24"));
    // Table II: the GTX680 is faster than 24 cores at 40 x 40 blocks and
    // slower at 70 x 70, so FPM gives it more than half of a small problem
    // and less than half of a large one.
    let share = |n: &str| {
        let v = eval(&[
            "fpm",
            "eval",
            "--devices",
            "paper-gtx680,paper-cpu24",
            "--n",
            n,
            "--integer",
        ]);
        num(&v["devices"][0]["size"]) / n.parse::<f64>().unwrap()
    };
    assert!(share("1600") > 0.5);
    assert!(share("9800") < 0.5);
}

#[test]
fn a_platforms_devices_carry_the_source_their_files_name() {
    // The measured node's speed functions say "measured" (the window's
    // tag beside each device reads the same source); the FPM paper's
    // devices say "paper".
    let kinds = |platform: &str| -> Vec<String> {
        let v = eval(&["eval", "fpm", "--platform", platform, "--n", "3600"]);
        v["devices"]
            .as_array()
            .expect("devices")
            .iter()
            .map(|d| d["source"]["kind"].as_str().expect("a kind").to_string())
            .collect()
    };
    assert_eq!(kinds("h100-node-measured"), ["measured", "measured"]);
    let paper = kinds("fpm-hybrid-node");
    assert!(
        !paper.is_empty() && paper.iter().all(|k| k == "paper"),
        "{paper:?}"
    );
    let v = eval(&[
        "eval",
        "fpm",
        "--platform",
        "h100-node-measured",
        "--n",
        "3600",
    ]);
    let host = v["devices"][0]["source"]["detail"].as_str().unwrap();
    assert!(host.contains("16 threads"), "{host}");
}

#[test]
fn errors_exit_non_zero_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.csv", "size,speed\n10,5\n20,-3\n");
    fails(
        &["fpm", "eval", "--devices", s(&bad), "--n", "10"],
        &["bad.csv", "line 3", "speed"],
    );
    let empty = write(dir.path(), "empty.csv", "");
    fails(
        &["fpm", "eval", "--devices", s(&empty), "--n", "10"],
        &["empty"],
    );
    fails(
        &[
            "fpm",
            "eval",
            "--devices",
            "no-such-device.csv",
            "--n",
            "10",
        ],
        &["no-such-device.csv"],
    );
    let (fast, _) = constant_devices(dir.path());
    fails(
        &["fpm", "eval", "--devices", s(&fast), "--n", "-1"],
        &["--n"],
    );
    fails(
        &["fpm", "measure", "--kernel", "fft", "--out", "x.csv"],
        &["fft"],
    );
    fails(
        &[
            "fpm", "measure", "--kernel", "triad", "--sizes", "0", "--out", "x.csv",
        ],
        &["size"],
    );
    fails(
        &[
            "fpm", "measure", "--kernel", "gemm", "--sizes", "100000", "--out", "x.csv",
        ],
        &["100000"],
    );
    let out = dir.path().join("missing-dir").join("x.csv");
    fails(
        &[
            "fpm",
            "measure",
            "--kernel",
            "triad",
            "--sizes",
            "100",
            "--out",
            s(&out),
        ],
        &["x.csv"],
    );
}

/// `export --view VIEW ARGS... --out OUT`, ARGS split at spaces (the
/// temporary paths have none).
fn export_args<'a>(view: &'a str, args: &'a str, out: &'a str) -> Vec<&'a str> {
    let mut v = vec!["export", "--view", view];
    v.extend(args.split_whitespace());
    v.extend(["--out", out]);
    v
}

#[test]
fn export_fpm_views_by_default_and_from_device_files() {
    let dir = tempfile::tempdir().unwrap();
    // Default: the paper's hybrid node at 60 x 60 blocks.
    for (view, needle) in [
        ("fpm-speed", "FPM: s = x / T"),
        ("fpm-times", "Predicted time per device"),
        ("fpm-sweep", "Predicted makespan against n"),
    ] {
        for ext in ["svg", "png", "csv"] {
            let out = dir.path().join(format!("{view}.{ext}"));
            let o = hetscope(&export_args(view, "", s(&out)));
            assert!(o.status.success(), "{view}.{ext}: {}", stderr(&o));
            let bytes = std::fs::read(&out).unwrap();
            match ext {
                "png" => assert_eq!(&bytes[1..4], b"PNG"),
                "svg" => assert!(String::from_utf8_lossy(&bytes).contains("<svg")),
                _ => {
                    let text = String::from_utf8(bytes).unwrap();
                    assert!(text.contains(needle), "{view}: {needle}");
                    assert!(text.contains("blocks"), "{view}: unit");
                }
            }
        }
    }
    // G1's FPM share of 60 x 60 blocks: near the paper's Table III (1627).
    let csv = std::fs::read_to_string(dir.path().join("fpm-times.csv")).unwrap();
    let g1: f64 = csv
        .lines()
        .find(|l| l.starts_with("Share per device,bar,FPM") && l.contains("G1 GTX680"))
        .and_then(|l| l.split(',').nth(6))
        .and_then(|v| v.parse().ok())
        .expect("G1's FPM share");
    assert!((g1 - 1627.0).abs() < 40.0, "{g1}");

    // Device files, n, whole units and linear axes.
    let (fast, slow) = constant_devices(dir.path());
    let devices = format!("--devices {},{} --n 100", s(&fast), s(&slow));
    let out = dir.path().join("two.csv");
    let args = format!("{devices} --integer");
    let o = hetscope(&export_args("fpm-times", &args, s(&out)));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let row =
        |name: &str, v: &str| format!("Share per device,bar,FPM (speed functions),{name},,,{v},");
    assert!(text.contains(&row("fast", "75")), "{text}");
    assert!(text.contains(&row("slow", "25")), "{text}");
    let out = dir.path().join("lin.csv");
    let args = format!("{devices} --linear");
    let o = hetscope(&export_args("fpm-speed", &args, s(&out)));
    assert!(o.status.success(), "{}", stderr(&o));
    // On linear axes the FPM line starts at the origin.
    let text = std::fs::read_to_string(&out).unwrap();
    let origin = |l: &str| l.contains("FPM: s = x / T") && l.contains(",0,units,0,");
    assert!(text.lines().any(origin), "{text}");
}

#[test]
fn export_fpm_errors_are_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.png");
    let o = s(&out);
    let (fast, _) = constant_devices(dir.path());
    let bad = write(dir.path(), "bad.csv", "size,speed\n10,5\n20,abc\n");
    let small = write(
        dir.path(),
        "small.csv",
        "# max_size: 50\nsize,speed\n10,5\n50,5\n",
    );
    let cases = [
        (
            "fpm-speed",
            format!("--platform i7-gtx750-perdome --devices {}", s(&fast)),
            vec!["--platform", "--devices"],
        ),
        (
            "fpm-times",
            "--set I=2".to_string(),
            vec!["--set", "fpm-times"],
        ),
        ("fpm-sweep", format!("--devices {}", s(&fast)), vec!["--n"]),
        (
            "fpm-speed",
            format!("--devices {} --n 10", s(&bad)),
            vec!["bad.csv", "line 3", "speed"],
        ),
        (
            "fpm-times",
            format!("--devices {} --n 80", s(&small)),
            vec!["does not fit"],
        ),
        (
            "fpm-times",
            format!("--devices {} --n 10.5 --integer", s(&fast)),
            vec!["whole number"],
        ),
    ];
    for (view, args, needles) in &cases {
        fails(&export_args(view, args, o), needles);
    }
    assert!(!out.exists(), "no file written on errors");
}

#[test]
fn a_long_speed_csv_reads_in_linear_time() {
    // 200,000 rows: the duplicate check compared every row with every
    // earlier one (minutes); now one pass.
    let mut text = String::from("size,speed\n");
    for k in 1..=200_000 {
        text.push_str(&format!("{k},{}\n", 100.0 + (k % 7) as f64));
    }
    let started = std::time::Instant::now();
    let csv = parse_speed_csv(&text, "long.csv").expect("valid");
    assert_eq!(csv.rows.len(), 200_000);
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
    // A duplicate far down is still found, naming both lines.
    text.push_str("17,5\n");
    let e = parse_speed_csv(&text, "long.csv").unwrap_err().to_string();
    assert!(e.contains("line 200002") && e.contains("line 18"), "{e}");
}

#[test]
fn a_stray_quote_or_a_short_row_is_not_read_silently() {
    // A quote in an ignored column used to open a quoted field that took
    // the rows after it; now it is a character of that column.
    let text = "size,speed,spread\n1,10,\"x\n2,20,0\n3,30,0\n";
    let csv = parse_speed_csv(text, "q.csv").expect("valid");
    assert_eq!(csv.rows.len(), 3);
    // A row with more fields than the header is named by its line; one
    // with fewer names the missing column.
    let e = parse_speed_csv("size,speed\n1,10\n2,20,7\n", "long.csv")
        .unwrap_err()
        .to_string();
    assert!(e.contains("long.csv") && e.contains("line 3"), "{e}");
    let e = parse_speed_csv("size,speed\n1,10\n2\n", "short.csv").unwrap_err();
    assert_eq!((e.line, e.column.as_deref()), (Some(3), Some("speed")));
}

#[test]
fn measuring_into_a_folder_fails_before_measuring() {
    let dir = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let o = hetscope(&[
        "fpm",
        "measure",
        "--kernel",
        "triad",
        "--out",
        &dir.path().display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("directory"), "{}", stderr(&o));
    // The default triad sizes take about a second; a refusal takes none.
    assert!(
        started.elapsed().as_millis() < 900,
        "{:?}",
        started.elapsed()
    );
}

/// Two platforms whose speed functions count different units (a measured
/// triad in M elements, a derived GEMM in blocks): no curve of one is
/// drawn on the other's axis, and the overview's FPM panel says its bars
/// are not one problem; with one unit both are drawn and compared.
#[test]
fn speed_functions_of_different_units_are_never_drawn_on_one_axis() {
    let svg = |view: &str, a: &str, b: &str| {
        crate::common::ok(&[
            "export",
            "--view",
            view,
            "--platform",
            a,
            "--platform2",
            b,
            "--format",
            "svg",
            "--out",
            "-",
        ])
    };
    let apart = svg("fpm-speed", "h100-node-measured", "i7-gtx750-perdome");
    assert!(
        apart.contains("count blocks, these M elements: not drawn"),
        "the note"
    );
    assert!(
        !apart.contains("i7 2600K + GTX 750 (PerDome): Intel Core"),
        "no dotted curve of it"
    );
    let same = svg("fpm-speed", "xeon-8480-h100", "i7-gtx750-perdome");
    assert!(
        same.contains("i7 2600K + GTX 750 (PerDome): Intel Core i7-2600K"),
        "dotted curve"
    );
    let overview = svg("overview", "h100-node-measured", "i7-gtx750-perdome");
    assert!(overview.contains("Not one problem"));
    assert!(!svg("overview", "xeon-8480-h100", "i7-gtx750-perdome").contains("Not one problem"));
}
