//! StarPU's regression models (which its shipped examples do not make):
//! `tests/starpu/regression_models.c` registers a history, a linear
//! (a n^b) and a non-linear (a n^b + c) regression model over one CPU
//! kernel; built with the system's C compiler and StarPU's development
//! files (Debian's `libstarpu-dev`, which CI installs) and run under
//! calibration, its files are read here and compared with StarPU's own
//! `starpu_perfmodel_display`. Two files it wrote on the development
//! machine are kept as fixtures.

use crate::common::ROOT;
use hetscope_model::fpm::{FitKind, FittedTime};
use hetscope_preset::fpm::starpu::{PerfModel, parse_perfmodel};
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> String {
    let path = format!("{ROOT}/crates/preset/tests/data/starpu/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The fit of the model's only device.
fn fit_of(m: &PerfModel, symbol: &str) -> FittedTime {
    let d = m.to_devices(symbol, "f");
    assert_eq!(d.devices.len(), 1);
    d.devices[0].fit.expect("a fitted model")
}

#[test]
fn a_linear_regression_model_gives_its_device_the_fit_over_its_sizes() {
    let m = parse_perfmodel(&fixture("hetscope_linear.vm"), "f").unwrap();
    let imp = &m.combinations[0].implementations[0];
    assert!(
        imp.non_linear.0.is_nan(),
        "no non-linear fit in a linear model"
    );
    let f = fit_of(&m, "hetscope_linear");
    assert_eq!(f.kind, FitKind::Linear);
    assert_eq!(
        f.a_s,
        imp.linear.alpha * 1e-6,
        "us in the file, s in the fit"
    );
    assert_eq!((f.b, f.c_s), (imp.linear.beta, 0.0));
    let sizes: Vec<f64> = imp.entries.iter().map(|e| e.size_bytes).collect();
    let (lo, hi) = sizes
        .iter()
        .fold((f64::MAX, 0.0f64), |(l, h), &s| (l.min(s), h.max(s)));
    assert_eq!((f.min_units, f.max_units), (lo, hi), "its valid range");
    assert!(f.valid(), "{f:?}");
    check_fit_follows_history(&m, "hetscope_linear");
}

#[test]
fn a_non_linear_regression_model_gives_its_device_a_x_b_plus_c() {
    let m = parse_perfmodel(&fixture("hetscope_non_linear.vm"), "f").unwrap();
    let (a, b, c) = m.combinations[0].implementations[0].non_linear;
    let f = fit_of(&m, "hetscope_non_linear");
    assert_eq!(f.kind, FitKind::NonLinear);
    assert_eq!((f.a_s, f.b, f.c_s), (a * 1e-6, b, c * 1e-6));
    assert!(f.c_s > 0.0, "a constant term: the task's overhead");
    check_fit_follows_history(&m, "hetscope_non_linear");
}

#[test]
fn a_history_model_has_no_fit() {
    let m = parse_perfmodel(&fixture("chol_model_22.vm"), "f").unwrap();
    let d = m.to_devices("chol_model_22", "f");
    assert!(d.devices[0].fit.is_none());
}

#[test]
fn a_fit_for_a_device_counting_flops_is_moved_to_flop_through_its_power_law() {
    // The linear model's entries given flops = 3 size^1.5.
    let mut m = parse_perfmodel(&fixture("hetscope_linear.vm"), "f").unwrap();
    let bytes = fit_of(&m, "s");
    for e in &mut m.combinations[0].implementations[0].entries {
        e.flops = 3.0 * e.size_bytes.powf(1.5);
    }
    let d = m.to_devices("s", "f");
    assert_eq!(d.devices[0].unit, "flop");
    let f = d.devices[0].fit.unwrap();
    for x in bytes.sizes(5) {
        let w = 3.0 * x.powf(1.5);
        let (tb, tf) = (bytes.time_s(x), f.time_s(w));
        assert!((tb - tf).abs() <= 1e-9 * tb, "{x} B: {tb} s against {tf} s");
    }
    // Flops that follow no power law of the sizes: no fit drawn.
    for (k, e) in m.combinations[0].implementations[0]
        .entries
        .iter_mut()
        .enumerate()
    {
        e.flops *= if k % 2 == 0 { 1.0 } else { 1.5 };
    }
    assert!(m.to_devices("s", "f").devices[0].fit.is_none());
}

/// The fit describes its runs: at the larger half of the history's
/// sizes the speed along it is within 25 % of the measured one. (Not at
/// every size: StarPU's non-linear fit here puts its constant term at
/// about twice the smallest task's time, so it is far off there.)
fn check_fit_follows_history(m: &PerfModel, symbol: &str) {
    let d = &m.to_devices(symbol, "f").devices[0];
    let f = d.fit.unwrap();
    let points = d.points.to_vec();
    assert!(points.len() >= 4, "{symbol}: sizes enough to judge");
    for p in &points[points.len() / 2..] {
        let along = f.speed(p.size_units).expect("inside its range");
        let ratio = along / p.speed_units_per_s;
        assert!(
            (0.75..1.25).contains(&ratio),
            "{symbol} at {} B: {along} against {}",
            p.size_units,
            p.speed_units_per_s
        );
    }
}

/// StarPU's development files' pkg-config name (1.4, else 1.3).
fn starpu_pkg() -> &'static str {
    ["starpu-1.4", "starpu-1.3"]
        .into_iter()
        .find(|p| {
            Command::new("pkg-config")
                .args(["--exists", p])
                .status()
                .is_ok_and(|s| s.success())
        })
        .expect(
            "StarPU's development files (install Debian's libstarpu-dev and pkg-config; CI does)",
        )
}

/// The program built in `dir`.
fn build(dir: &Path) -> PathBuf {
    let flags = Command::new("pkg-config")
        .args(["--cflags", "--libs", starpu_pkg()])
        .output()
        .expect("pkg-config");
    let flags = String::from_utf8(flags.stdout).unwrap();
    let bin = dir.join("regression_models");
    let out = Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&bin)
        .arg(format!(
            "{ROOT}/crates/preset/tests/starpu/regression_models.c"
        ))
        .args(flags.split_whitespace())
        .output()
        .expect("a C compiler (cc)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    bin
}

/// What `starpu_perfmodel_display` prints of a model's regressions:
/// (samples, alpha, beta, a, b, c), NaN for what it does not print (a
/// history model's regressions, a linear model's non-linear one).
fn displayed_regression(home: &Path, symbol: &str) -> [f64; 6] {
    let out = Command::new("starpu_perfmodel_display")
        .args(["-s", symbol])
        .env("STARPU_HOME", home)
        .env("STARPU_HOSTNAME", "hetscope-ci")
        .output()
        .expect("starpu_perfmodel_display (Debian's starpu-tools)");
    let text = String::from_utf8_lossy(&out.stdout);
    let value = |key: &str| -> f64 {
        text.lines()
            .map(str::trim)
            .find_map(|l| l.strip_prefix(key))
            .map_or(f64::NAN, |v| v.trim().parse().unwrap())
    };
    assert!(text.contains("performance model for"), "{symbol}: {text}");
    [
        value("Regression : #sample ="),
        value("alpha ="),
        value("beta ="),
        value("a ="),
        value("b ="),
        value("c ="),
    ]
}

/// Close to the display tool's six figures.
fn close(ours: f64, shown: f64) -> bool {
    (ours.is_nan() && shown.is_nan()) || (ours - shown).abs() <= 1e-5 * shown.abs()
}

#[test]
fn regression_models_starpu_fits_here_read_as_its_display_tool_shows_them() {
    let home = std::env::temp_dir().join(format!("hetscope-starpu-reg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let bin = build(&home);
    let out = Command::new(&bin)
        .arg("12")
        .env("STARPU_HOME", &home)
        .env("STARPU_CALIBRATE", "1")
        .env("STARPU_HOSTNAME", "hetscope-ci")
        .env("STARPU_NCPU", "1")
        .env("STARPU_NCUDA", "0")
        .env("STARPU_NOPENCL", "0")
        .env("STARPU_SILENT", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let models = home.join(".starpu/sampling/codelets/45");
    for (symbol, kind) in [
        ("hetscope_linear", Some(FitKind::Linear)),
        ("hetscope_non_linear", Some(FitKind::NonLinear)),
        ("hetscope_history", None),
    ] {
        let path = models.join(format!("{symbol}.hetscope-ci"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let m = parse_perfmodel(&text, symbol).unwrap();
        let imp = &m.combinations[0].implementations[0];
        let [n, alpha, beta, a, b, c] = displayed_regression(&home, symbol);
        assert!(n.is_nan() || imp.linear.samples == n, "{symbol}: {n}");
        for (ours, shown) in [
            (imp.linear.alpha, alpha),
            (imp.linear.beta, beta),
            (imp.non_linear.0, a),
            (imp.non_linear.1, b),
            (imp.non_linear.2, c),
        ] {
            assert!(close(ours, shown), "{symbol}: {ours} against {shown}");
        }
        // (How close the fits come to the runs depends on this machine's
        // noise; the fixtures check that.)
        let fit = m.to_devices(symbol, "f").devices[0].fit;
        assert_eq!(fit.map(|f| f.kind), kind, "{symbol}");
        assert!(fit.is_none_or(|f| f.valid()), "{symbol}: {fit:?}");
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_speed_function_file_keeps_a_runtimes_runs_and_fit() {
    use hetscope_preset::fpm::{SpeedCsv, parse_speed_csv};
    let m = parse_perfmodel(&fixture("hetscope_non_linear.vm"), "f").unwrap();
    let device = m.to_devices("hetscope_non_linear", "f").devices.remove(0);
    assert!(device.points.iter().all(|p| p.runs.is_some()));
    let text = SpeedCsv::from_device(&device).to_text();
    assert!(text.contains("size,speed,runs,deviation\n"), "{text}");
    assert!(text.contains("# fit: non-linear a="), "{text}");
    let back = parse_speed_csv(&text, "w.csv")
        .unwrap()
        .file_device(&device.name, "w.csv");
    assert_eq!(
        back.points, device.points,
        "sizes, speeds, runs, deviations"
    );
    assert_eq!(back.fit, device.fit);
    assert_eq!(back.source, device.source);
    // A runs field that is no whole number, or runs without a deviation,
    // is named with its line and column; so is a fit that cannot be read.
    let row = text.lines().position(|l| l.starts_with("size,")).unwrap() + 2;
    let at = |bad: &str| parse_speed_csv(bad, "bad.csv").unwrap_err();
    let lines: Vec<&str> = text.lines().collect();
    let mut cells: Vec<String> = lines[row - 1].split(',').map(String::from).collect();
    cells[2] = "12.5".into();
    let bad = text.replacen(lines[row - 1], &cells.join(","), 1);
    let e = at(&bad);
    assert_eq!(
        (e.line, e.column.as_deref()),
        (Some(row), Some("runs")),
        "{e}"
    );
    cells[2] = "12".into();
    cells[3] = String::new();
    let bad = text.replacen(lines[row - 1], &cells.join(","), 1);
    let e = at(&bad);
    assert_eq!(e.column.as_deref(), Some("deviation"), "{e}");
    let fit_line = text.lines().position(|l| l.starts_with("# fit:")).unwrap() + 1;
    let bad = text.replacen("# fit: non-linear", "# fit: cubic", 1);
    let e = at(&bad);
    assert_eq!(e.line, Some(fit_line), "{e}");
    assert!(e.to_string().contains("linear|non-linear a=S"), "{e}");
    let bad = text.replacen(" from=", " from=-", 1);
    assert!(at(&bad).to_string().contains("fit '"));
}
