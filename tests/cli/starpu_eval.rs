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

/// `eval fpm` of the shipped `chol_model_22` workers of `host`, n 1e11.
fn shipped_eval(host: &str) -> serde_json::Value {
    crate::common::eval(&[
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
    ])
}

#[test]
fn a_codelets_workers_partition_as_their_imported_files_do() {
    for host in ["attila", "mirage", "sirocco"] {
        let direct = shares(&shipped_eval(host));
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

/// A model of two workers made from the linear-regression fixture: its
/// CPU worker, and a CUDA worker `faster` times as fast at every size
/// (its means and its regression's factor divided).
fn two_worker_model(faster: f64) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/crates/preset/tests/data/starpu/hetscope_linear.vm",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (head, comb) = text.split_once("####################\n# COMB_0").unwrap();
    let head = head.replace(
        "# number of combinations\n1\n",
        "# number of combinations\n2\n",
    );
    let mut second = Vec::new();
    let mut after = "";
    for line in comb.lines() {
        let mut v: Vec<String> = line.split('\t').map(|t| t.trim().to_string()).collect();
        let scale = |v: &mut Vec<String>, k: usize| {
            let x: f64 = v[k].parse().unwrap();
            v[k] = format!("{:e}", x / faster);
        };
        if !line.starts_with('#') && !line.trim().is_empty() {
            match after {
                "type" => v[0] = "1".into(),
                "regression" => scale(&mut v, 4),
                "history" => {
                    scale(&mut v, 3);
                    scale(&mut v, 4);
                }
                _ => {}
            }
        }
        after = match line {
            l if l.starts_with("# device type") => "type",
            l if l.starts_with("# sumlnx") => "regression",
            l if l.starts_with("# hash") => "history",
            l if l.starts_with('#') || l.trim().is_empty() => "",
            _ if after == "history" => "history",
            _ => "",
        };
        second.push(v.join("\t"));
    }
    format!(
        "{head}####################\n# COMB_0{comb}\n####################\n# COMB_1{}\n",
        second.join("\n")
    )
}

#[test]
fn a_model_with_regressions_is_also_partitioned_along_them() {
    let v = eval_written("hetscope_linear.twin", &two_worker_model(3.0), "4e6");
    let history = shares(&v);
    let fitted = shares(&v["with_regressions"]);
    assert_eq!(history.len(), 2, "{v}");
    for (what, s) in [("history", &history), ("regressions", &fitted)] {
        assert!(s[1].0.contains("CUDA 0"), "{what}: {s:?}");
        // Three times as fast at every size: about three times the work
        // (not exactly: the speeds at the two shares' sizes differ).
        let ratio = s[1].1 / s[0].1;
        assert!((2.4..3.6).contains(&ratio), "{what}: {ratio}");
        assert!(
            (s[0].2 - s[1].2).abs() <= 1e-6 * s[0].2,
            "{what}: one finish"
        );
    }
    let from = &v["with_regressions"]["devices"][0]["speeds_from"];
    assert_eq!(from, "regression");
    // Along power laws of one exponent b the times a1 x1^b and a2 x2^b
    // are equal where x2 / x1 = (a1 / a2)^(1/b) = 3^(1/b) (to the
    // sampling of the fit, 24 sizes).
    let b = fixture_beta();
    let along = fitted[1].1 / fitted[0].1;
    let want = 3f64.powf(1.0 / b);
    assert!((along / want - 1.0).abs() < 2e-3, "{along} against {want}");
    // A history-only model has no such part.
    let plain = shipped_eval("mirage");
    assert!(plain.get("with_regressions").is_none());
}

/// The linear fixture's exponent b (the regression row's sixth value).
fn fixture_beta() -> f64 {
    let text = two_worker_model(1.0);
    let mut lines = text.lines().skip_while(|l| !l.starts_with("# sumlnx"));
    lines.next();
    let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    row[5].parse().unwrap()
}

#[test]
fn the_eval_names_each_workers_calibration_health() {
    let flagged = |v: &serde_json::Value| -> Vec<String> {
        v["calibration_health"]
            .as_array()
            .expect("calibration_health")
            .iter()
            .filter(|h| h["looks_miscalibrated"] == true)
            .map(|h| h["name"].as_str().unwrap().to_string())
            .collect()
    };
    let shipped = shipped_eval("mirage");
    assert_eq!(shipped["calibration_health"].as_array().unwrap().len(), 4);
    assert!(flagged(&shipped).is_empty(), "{shipped}");
    let spiked = crate::cli::starpu_import::spiked("mirage", 1, 2.5);
    let v = eval_written("chol_model_22.mirage", &spiked, "1e11");
    assert_eq!(flagged(&v), ["chol_model_22 on CUDA 1"]);
    let cpu = &v["calibration_health"][0];
    assert_eq!(cpu["group"], "chol_model_22 on CPU");
    assert!(cpu["speed_over_group_median"].is_null(), "no peer");
    assert!(cpu["runs"].as_u64().unwrap() > 0);
}

/// `eval fpm --starpu` of `text` written as a model file `name`, n `n`.
fn eval_written(name: &str, text: &str, n: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join(name);
    std::fs::write(&model, text).unwrap();
    crate::common::eval(&["eval", "fpm", "--starpu", model.to_str().unwrap(), "--n", n])
}

#[test]
fn a_fitted_models_figure_is_the_same_from_its_options_and_from_its_session() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("hetscope_linear.twin");
    std::fs::write(&model, two_worker_model(3.0)).unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (m, session) = (model.to_str().unwrap(), path("s.ron"));
    let options = ["--view", "fpm-speed", "--starpu", m, "--n", "4e6"];
    let view_svg = path("v.svg");
    let mut args = vec!["export"];
    args.extend_from_slice(&options);
    args.extend_from_slice(&["--out", &view_svg]);
    crate::common::ok(&args);
    let mut args = vec!["session"];
    args.extend_from_slice(&options);
    args.extend_from_slice(&["--out", &session]);
    crate::common::ok(&args);
    crate::common::ok(&["export", "--session", &session, "--out", &path("s.svg")]);
    let (v, s) = (
        std::fs::read_to_string(path("v.svg")).unwrap(),
        std::fs::read_to_string(path("s.svg")).unwrap(),
    );
    assert!(
        v.contains("the runtime&apos;s linear regression"),
        "the fits drawn"
    );
    assert_eq!(v, s, "the session keeps the fits");
}
