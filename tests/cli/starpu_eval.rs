//! `eval fpm --starpu`: a codelet's StarPU models partitioned directly,
//! one device per worker of one machine; the same partition as through
//! the imported speed-function files; the figures of the same devices;
//! a folder of several codelets or hosts refused with their names.

const SHIPPED: &str = "/usr/share/starpu/perfmodels/sampling";

/// (name, size, time) of each device of an `eval fpm` answer.
fn shares(v: &serde_json::Value) -> Vec<(String, f64, f64)> {
    v["devices"]
        .as_array()
        .expect("devices")
        .iter()
        .map(|d| {
            (
                d["name"].as_str().unwrap().to_string(),
                d["size"].as_f64().unwrap(),
                d["time_s"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_codelets_workers_partition_as_their_imported_files_do() {
    for host in ["attila", "mirage", "sirocco"] {
        let direct = shares(&crate::common::eval(&[
            "eval",
            "fpm",
            "--starpu",
            SHIPPED,
            "--symbol",
            "chol_model_22",
            "--host",
            host,
            "--n",
            "1e11",
        ]));
        assert!(direct.len() >= 2, "{host}: {direct:?}");
        assert!(direct.iter().all(|d| d.0.starts_with("chol_model_22 on ")));
        assert!(direct.iter().any(|d| d.0.contains("CUDA")), "{direct:?}");
        let total: f64 = direct.iter().map(|d| d.1).sum();
        assert!((total - 1e11).abs() <= 1e-9 * 1e11, "{host}: {total}");
        let t0 = direct[0].2;
        assert!(direct.iter().all(|d| (d.2 - t0).abs() <= 1e-6 * t0));
        // Through `import starpu` and `--devices`: the same shares.
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().to_str().unwrap();
        let model = format!("{SHIPPED}/codelets/45/chol_model_22.{host}");
        crate::common::ok(&["import", "starpu", &model, "--out-dir", out]);
        let files: Vec<String> = (1..=direct.len())
            .map(|k| format!("{out}/chol_model_22.{host}.{k}.csv"))
            .collect();
        let imported = shares(&crate::common::eval(&[
            "eval",
            "fpm",
            "--devices",
            &files.join(","),
            "--n",
            "1e11",
        ]));
        assert_eq!(imported.len(), direct.len());
        for (a, b) in direct.iter().zip(&imported) {
            assert!((a.1 - b.1).abs() <= 1e-9 * a.1.max(1.0), "{a:?} {b:?}");
        }
    }
}

/// `eval fpm --starpu` of the shipped folder with `more` options: refused
/// (exit 2) with `needle` in the message, which it returns.
fn refused(more: &[&str], needle: &str) -> String {
    let mut args = vec!["eval", "fpm", "--starpu", SHIPPED, "--n", "1e9"];
    args.extend_from_slice(more);
    crate::common::fails(&args, 2, needle)
}

#[test]
fn a_folder_of_several_codelets_or_hosts_is_refused_with_their_names() {
    refused(&[], "chol_model_11, chol_model_21, chol_model_22");
    let err = refused(&["--symbol", "chol_model_22"], "name one with --host");
    assert!(
        err.contains("attila, hannibal, hannibal-pitch, idgraf, mirage, sirocco"),
        "{err}"
    );
    refused(
        &["--symbol", "chol_model_22", "--host", "nowhere"],
        "no model of chol_model_22 from host nowhere",
    );
    // Devices come from one place.
    refused(&["--platform", "xeon-8480-h100"], "--platform");
    crate::common::fails(
        &[
            "eval",
            "fpm",
            "--symbol",
            "chol_model_22",
            "--n",
            "1e9",
            "--devices",
            "g1",
        ],
        2,
        "--starpu",
    );
}

/// The `fpm-speed` view of the models `models` (the `--starpu` options)
/// at `n`, exported as SVG into `dir`: its text.
fn speed_svg(dir: &std::path::Path, models: &[&str], n: &str) -> String {
    let svg = dir.join("speeds.svg");
    let mut args = vec!["export", "--view", "fpm-speed", "--starpu"];
    args.extend_from_slice(models);
    args.extend(["--n", n, "--out", svg.to_str().unwrap()]);
    crate::common::ok(&args);
    std::fs::read_to_string(&svg).unwrap()
}

/// Mirage's Cholesky update: a CPU and three CUDA workers.
const MIRAGE: [&str; 5] = [SHIPPED, "--symbol", "chol_model_22", "--host", "mirage"];

#[test]
fn the_speed_view_draws_the_workers_of_a_model() {
    let dir = tempfile::tempdir().unwrap();
    let text = speed_svg(dir.path(), &MIRAGE, "1e11");
    for worker in ["CPU 0", "CUDA 0", "CUDA 1", "CUDA 2"] {
        assert!(
            text.contains(&format!("chol_model_22 on {worker}")),
            "{worker}"
        );
    }
    assert!(text.contains("flop"), "the unit named");
}

/// A CPU-only calibration of this machine's kind (each size timed under
/// ten times): its points marked as under calibration, their spread
/// drawn and said.
#[test]
fn points_timed_under_the_calibration_minimum_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let few = ["crates/preset/tests/data/starpu/chol_model_22.vm"];
    let text = speed_svg(dir.path(), &few, "1e9");
    assert!(text.contains("timed fewer than 10 times (under calibration)"));
    assert!(text.contains("plus and minus one standard deviation"));
    // The shipped mirage model ran every size at least ten times.
    let text = speed_svg(dir.path(), &MIRAGE, "1e11");
    assert!(!text.contains("timed fewer than"));
    assert!(text.contains("plus and minus one standard deviation"));
}
