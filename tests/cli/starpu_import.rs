//! `hetscope import starpu`: StarPU's performance models (files StarPU
//! wrote here, and the models its examples ship) become speed-function
//! CSV files that `fpm eval` partitions with, each speed the model's work
//! over its mean time.

use hetscope::preset::fpm::speed_csv::parse_speed_csv;
use hetscope::preset::fpm::starpu::parse_perfmodel;

const FIXTURES: &str = "crates/preset/tests/data/starpu";

#[test]
fn every_device_of_a_model_folder_becomes_a_speed_function_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let report = crate::common::ok(&["import", "starpu", FIXTURES, "--out-dir", out]);
    assert_eq!(
        report.lines().filter(|l| l.starts_with("wrote ")).count(),
        4,
        "{report}"
    );
    let model_text = std::fs::read_to_string(format!("{FIXTURES}/chol_model_22.vm")).unwrap();
    let model = parse_perfmodel(&model_text, "chol_model_22.vm").unwrap();
    let written = dir.path().join("chol_model_22.vm.1.csv");
    let csv = parse_speed_csv(&std::fs::read_to_string(&written).unwrap(), "w").unwrap();
    let entries = &model.combinations[0].implementations[0].entries;
    assert_eq!(csv.rows.len(), entries.len());
    for e in entries {
        let row = csv
            .rows
            .iter()
            .find(|r| r.size_units == e.flops)
            .expect("a row");
        let want = e.flops / (e.mean_us * 1e-6);
        assert!(
            (row.speed_units_per_s - want).abs() <= 1e-9 * want,
            "{row:?}"
        );
    }
    assert!(
        csv.comments
            .iter()
            .any(|c| c.contains("StarPU performance model"))
    );
    // The symbol chooses; a folder with none of it says so.
    let report = crate::common::ok(&[
        "import",
        "starpu",
        FIXTURES,
        "--symbol",
        "chol_model_11",
        "--out-dir",
        out,
    ]);
    let wrote: Vec<&str> = report.lines().filter(|l| l.starts_with("wrote ")).collect();
    assert_eq!(wrote.len(), 1, "{report}");
    assert!(wrote[0].contains("chol_model_11.vm.1.csv"), "{report}");
    crate::common::fails(
        &[
            "import",
            "starpu",
            FIXTURES,
            "--symbol",
            "gemm",
            "--out-dir",
            out,
        ],
        2,
        "no StarPU model file of symbol gemm",
    );
}

/// A CPU and three GPUs of a machine StarPU's examples ship (Debian's
/// starpu-examples, which CI installs), partitioned by `fpm eval`: every
/// device finishes at one time, the GPUs take most of the work.
#[test]
fn a_shipped_cpu_and_cuda_model_partitions_over_its_devices() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    import_shipped_cholesky(out, &[]);
    let devices: Vec<String> = (1..=4)
        .map(|k| format!("{out}/chol_model_22.attila.{k}.csv"))
        .collect();
    let v = crate::common::eval(&[
        "fpm",
        "eval",
        "--devices",
        &devices.join(","),
        "--n",
        "1e11",
    ]);
    let shares: Vec<(f64, f64)> = v["devices"]
        .as_array()
        .expect("devices")
        .iter()
        .map(|d| (d["size"].as_f64().unwrap(), d["time_s"].as_f64().unwrap()))
        .collect();
    assert_eq!(shares.len(), 4);
    let t0 = shares[0].1;
    assert!(
        shares.iter().all(|s| (s.1 - t0).abs() <= 1e-6 * t0),
        "{shares:?}"
    );
    let gpus: f64 = shares[1..].iter().map(|s| s.0).sum();
    assert!(gpus > 10.0 * shares[0].0, "the GPUs take most: {shares:?}");
}

/// A sampling folder with a bus calibration: each host's CUDA links
/// written beside the speed functions, as platform links.
#[test]
fn a_sampling_folders_bus_calibration_is_written_as_links() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let report = import_shipped_cholesky(out, &[]);
    let line = report
        .lines()
        .find(|l| l.contains("mirage.links.ron"))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(
        line.contains("bus of mirage: CUDA 0 6.031 GB/s to, 6.518 GB/s from"),
        "{line}"
    );
    let text = std::fs::read_to_string(dir.path().join("mirage.links.ron")).unwrap();
    let links: Vec<hetscope::model::platform::Link> = ron::from_str(&text).unwrap();
    assert_eq!(links.len(), 3);
    assert!(
        links[0]
            .source
            .to_string()
            .contains("StarPU bus calibration of mirage")
    );
    // A single model file has no bus folder beside it: no links.
    let one = tempfile::tempdir().unwrap();
    let report = crate::common::ok(&[
        "import",
        "starpu",
        &format!("{FIXTURES}/chol_model_22.vm"),
        "--out-dir",
        one.path().to_str().unwrap(),
    ]);
    assert!(!report.contains("links.ron"), "{report}");
}

/// The shipped model of `host`'s `chol_model_22` with CUDA `slow`'s
/// mean times multiplied by `factor` (its history spiked).
pub(crate) fn spiked(host: &str, slow: usize, factor: f64) -> String {
    let text = std::fs::read_to_string(format!(
        "/usr/share/starpu/perfmodels/sampling/codelets/45/chol_model_22.{host}"
    ))
    .unwrap();
    let (mut kind, mut id, mut expect) = (usize::MAX, usize::MAX, "");
    let mut in_history = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let mut v: Vec<String> = line.split_whitespace().map(String::from).collect();
        if line.starts_with('#') || v.is_empty() {
            expect = match line {
                l if l.starts_with("# device type") => "type",
                l if l.starts_with("# device id") => "id",
                _ => "",
            };
            in_history = line.starts_with("# hash");
            out.push(line.to_string());
            continue;
        }
        match expect {
            "type" => kind = v[0].parse().unwrap(),
            "id" => id = v[0].parse().unwrap(),
            _ => {}
        }
        expect = "";
        if in_history && v.len() == 8 && (kind, id) == (1, slow) {
            let mean: f64 = v[3].parse().unwrap();
            v[3] = format!("{:e}", mean * factor);
        }
        out.push(v.join("\t"));
    }
    out.join("\n")
}

#[test]
fn the_import_reports_each_devices_calibration_health_and_flags_a_gpu_off_its_peers() {
    // StarPU's shipped CPU + CUDA models: every GPU within 5 % of its
    // peers, none flagged.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let report = import_shipped_cholesky(out, &[]);
    let rows: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("  chol_model_22 on CUDA"))
        .collect();
    assert!(rows.len() >= 15, "{report}");
    for row in &rows {
        let ratio: f64 = row.split_whitespace().last().unwrap().parse().unwrap();
        assert!((0.95..1.05).contains(&ratio), "{row}");
    }
    assert!(!report.contains("miscalibrated"), "{report}");
    // One of mirage's three GPUs timed 2.5 times slower: flagged alone.
    let model = dir.path().join("chol_model_22.mirage");
    std::fs::write(&model, spiked("mirage", 1, 2.5)).unwrap();
    let report = crate::common::ok(&[
        "import",
        "starpu",
        model.to_str().unwrap(),
        "--out-dir",
        out,
    ]);
    let flagged: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("miscalibrated"))
        .collect();
    assert_eq!(flagged.len(), 1, "{report}");
    assert!(
        flagged[0]
            .trim_start()
            .starts_with("chol_model_22 on CUDA 1 "),
        "{report}"
    );
    // Its speed over its group's median (a healthy GPU's): about 1 / 2.5;
    // the two healthy ones at 1.
    for healthy in ["chol_model_22 on CUDA 0 ", "chol_model_22 on CUDA 2 "] {
        let row = report
            .lines()
            .rev()
            .find(|l| l.trim_start().starts_with(healthy))
            .unwrap();
        let r: f64 = row.split_whitespace().last().unwrap().parse().unwrap();
        assert!((r - 1.0).abs() < 0.05, "{row}");
    }
    let ratio: f64 = flagged[0]
        .split_whitespace()
        .rev()
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    assert!((0.35..0.45).contains(&ratio), "{ratio}");
    assert!(report.contains("calibration health"), "{report}");
}

#[test]
fn a_platform_takes_each_hosts_bus_as_starpu_measured_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let report = import_shipped_cholesky(out, &["--platform", "i7-gtx750-perdome"]);
    let written = dir.path().join("i7-gtx750-perdome-with-mirage-bus.ron");
    assert!(report.contains(&written.display().to_string()), "{report}");
    let cat = crate::common::catalog();
    let p = hetscope::preset::platform::platform_choice(written.to_str().unwrap(), cat).unwrap();
    let link = p.preset.hardware.expect("hardware").link;
    // CUDA 0 of mirage: the link StarPU measured (the links file's first).
    let links = std::fs::read_to_string(dir.path().join("mirage.links.ron")).unwrap();
    assert!(
        links.contains(&format!("pinned_gbs: {}", link.pinned_gbs)),
        "{link:?}"
    );
    assert!(link.name.contains("CUDA 0 of mirage"), "{}", link.name);
    assert!(p.preset.name.contains("with the bus of mirage"));
    // The platform works in every model's evaluation.
    let v = crate::common::eval(&["eval", "perdome", "--platform", written.to_str().unwrap()]);
    assert!(v.get("platform").is_some(), "{v}");
    // Without a bus beside the models, nothing is written and it says so.
    let report = crate::common::ok(&[
        "import",
        "starpu",
        &format!("{FIXTURES}/chol_model_22.vm"),
        "--out-dir",
        out,
        "--platform",
        "i7-gtx750-perdome",
    ]);
    assert!(report.contains("no bus calibration"), "{report}");
}

/// `import starpu` of the shipped sampling folder's `chol_model_22`
/// (every host) into `out`, with `more` options: its report.
fn import_shipped_cholesky(out: &str, more: &[&str]) -> String {
    let shipped = "/usr/share/starpu/perfmodels/sampling";
    let mut args = vec![
        "import",
        "starpu",
        shipped,
        "--symbol",
        "chol_model_22",
        "--out-dir",
        out,
    ];
    args.extend_from_slice(more);
    crate::common::ok(&args)
}

#[test]
fn an_imported_file_keeps_its_runs_and_fit_for_the_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let model = format!("{FIXTURES}/hetscope_linear.vm");
    crate::common::ok(&["import", "starpu", &model, "--out-dir", out]);
    let csv = dir.path().join("hetscope_linear.vm.1.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains("# fit: linear a="), "{text}");
    // The speed view of the file draws the fit and rings nothing (every
    // size timed at least 10 times here) exactly as of the model itself.
    let svg = |args: &[&str], name: &str| {
        let path = dir.path().join(name);
        let mut all = vec!["export", "--view", "fpm-speed", "--n", "2e6", "--out"];
        all.push(path.to_str().unwrap());
        all.extend_from_slice(args);
        crate::common::ok(&all);
        std::fs::read_to_string(path).unwrap()
    };
    let from_file = svg(&["--devices", csv.to_str().unwrap()], "file.svg");
    let from_model = svg(&["--starpu", &model], "model.svg");
    for svg in [&from_file, &from_model] {
        assert!(svg.contains(": the runtime&apos;s linear regression a x^b"));
        assert!(svg.contains("fitted to 108 runs from 16384 to 4.194e6 bytes"));
        assert!(
            svg.contains("Thin dotted lines around a device"),
            "the runs' spread"
        );
    }
}
