//! A measured curve over the boat hull view, in the app: the command line
//! exports and evaluates it, with the relative errors recomputed here from
//! the model and the file, and the window loads it. The shipped file, the
//! figure and bad files are tested in the core crate
//! (`crates/core/tests/boathull_measured.rs`).

use crate::common::{catalog, eval, fails, hetscope, stderr};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::boathull::measured::legend;
use hetscope::figure::chart::ChartFigure;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};
use hetscope::model::boathull::{Class, ClassOptions, ClassVars, Machine};
use hetscope::model::perdome::Side;
use hetscope::model::platform::Transfers;

const CLASS: &str = "2048x2048|element -> 2048x2048|element";
const FILE: &str = "h100-boathull-measured.csv";
const GPU_NAME: &str = "H100 80GB HBM3";
const CPU_NAME: &str = "Xeon (16 threads of the node)";

fn shipped_path() -> String {
    format!("{}/assets/data/{FILE}", env!("CARGO_MANIFEST_DIR"))
}

fn shipped() -> String {
    std::fs::read_to_string(shipped_path()).expect("the shipped file")
}

/// The file's rows read here without the crate's reader:
/// (processor, f, time_s). The variant may hold a quoted comma, so f and
/// time are the last two fields and the processor the second.
fn rows_by_hand() -> Vec<(String, f64, f64)> {
    shipped()
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut back = l.rsplitn(3, ',');
            let t: f64 = back.next().and_then(|v| v.parse().ok()).expect("time");
            let f: f64 = back.next().and_then(|v| v.parse().ok()).expect("f");
            let processor = l.split(',').nth(1).expect("processor").to_string();
            (processor, f, t)
        })
        .collect()
}

/// The `h100-node-measured` platform's processor of `side`.
fn h100_node(side: Side) -> (String, Machine) {
    let cat = catalog();
    let (_, p) = cat.platform("h100-node-measured").expect("the platform");
    let b = p
        .boathull_side(cat, "h100-node-measured", Transfers::Pageable, side)
        .expect("boat hull parameters");
    (b.name, b.machine)
}

/// The model's hull at f, computed with the model alone.
fn model_hull(machine: Machine, f: f64) -> f64 {
    let class = Class::parse(CLASS).expect("class");
    let opts = ClassOptions::default();
    match machine {
        Machine::Gpu(g) => g
            .times(&ClassVars::gpu(class.shape(), &opts), f)
            .expect("times")
            .hull_s(),
        Machine::Cpu(c) => c
            .times(&ClassVars::cpu(class.shape(), &opts), f)
            .expect("times")
            .hull_s(),
    }
}

/// Relative errors of one processor's rows against `machine`, recomputed.
fn errors_by_hand(processor: &str, machine: Machine) -> Vec<(f64, f64)> {
    rows_by_hand()
        .into_iter()
        .filter(|(p, _, _)| p == processor)
        .map(|(_, f, t)| (f, (model_hull(machine, f) - t) / t))
        .collect()
}

/// (median, max) of |e|, and the f of the max.
fn median_max(errs: &[(f64, f64)]) -> (f64, f64, f64) {
    let mut abs: Vec<f64> = errs.iter().map(|e| e.1.abs()).collect();
    abs.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let n = abs.len();
    let median = if n % 2 == 1 {
        abs[n / 2]
    } else {
        0.5 * (abs[n / 2 - 1] + abs[n / 2])
    };
    let (f_max, max) = errs
        .iter()
        .map(|e| (e.0, e.1.abs()))
        .fold((0.0, -1.0), |a, b| if b.1 > a.1 { b } else { a });
    (median, max, f_max)
}

#[test]
fn export_draws_the_measured_points_in_svg_and_csv() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = shipped_path();
    for ext in ["svg", "csv", "png"] {
        let out = dir.path().join(format!("hull.{ext}"));
        let out = out.to_str().expect("utf-8");
        let o = hetscope(&[
            "export",
            "--view",
            "boathull",
            "--platform",
            "h100-node-measured",
            "--class",
            CLASS,
            "--measured",
            &path,
            "--out",
            out,
        ]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        let bytes = std::fs::read(out).expect("written");
        if ext != "png" {
            let text = String::from_utf8(bytes).expect("utf-8");
            assert!(text.contains("measured"), "{ext}");
            assert!(text.contains(&legend(GPU_NAME, FILE)), "{ext}");
        }
    }
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, shipped().replacen("1.5712e-05", "x", 1)).expect("write");
    let bad = bad.to_str().expect("utf-8");
    fails(
        &[
            "export",
            "--view",
            "boathull",
            "--measured",
            bad,
            "--out",
            "x.svg",
        ],
        1,
        "(line 2), column `time_s`",
    );
    fails(
        &[
            "export",
            "--view",
            "boathull-compare",
            "--measured",
            &path,
            "--out",
            "x.svg",
        ],
        2,
        "only --view boathull",
    );
    fails(
        &[
            "export",
            "--view",
            "fpm-speed",
            "--measured",
            &path,
            "--out",
            "x.svg",
        ],
        2,
        "--measured",
    );
}

#[test]
fn eval_adds_the_model_time_and_the_error_per_point() {
    let path = shipped_path();
    let (_, gpu) = h100_node(Side::Gpu);
    let v = eval(&[
        "eval",
        "boathull",
        "--platform",
        "h100-node-measured",
        "--target",
        "gpu",
        "--class",
        CLASS,
        "--measured",
        &path,
    ]);
    let m = &v["measured"];
    let points = m["points"].as_array().expect("points");
    let errs = errors_by_hand(GPU_NAME, gpu);
    assert_eq!(points.len(), errs.len());
    for (p, (f, e)) in points.iter().zip(&errs) {
        assert_eq!(p["processor"], GPU_NAME);
        assert_eq!(p["f"].as_f64(), Some(*f));
        let got = p["relative_error"].as_f64().expect("error");
        assert!((got - e).abs() < 1e-12, "f = {f}: {got} against {e}");
        let model = p["model_s"].as_f64().expect("model");
        assert!((model - model_hull(gpu, *f)).abs() < 1e-18);
    }
    let (median, max, f_max) = median_max(&errs);
    let s = &m["processors"][0];
    assert!((s["median_abs_relative_error"].as_f64().expect("median") - median).abs() < 1e-12);
    assert!((s["max_abs_relative_error"].as_f64().expect("max") - max).abs() < 1e-12);
    assert_eq!(s["max_at_f"].as_f64(), Some(f_max));
    // The host's rows are of the other kind: named, not compared.
    assert_eq!(m["not_compared"][0]["processor"], CPU_NAME);
    fails(
        &[
            "eval",
            "boathull",
            "--application",
            "fast-focus-on-structures",
            "--measured",
            &path,
        ],
        2,
        "--measured",
    );
}

/// The window on the measured H100 node, boat hull tab: type the path,
/// Load, and the measured points are in the figure; a bad path is named
/// in red and the loaded curve stays.
#[test]
fn the_window_loads_a_measured_curve_by_its_path() {
    let mut h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| HetscopeApp::default_state());
    h.get_by_role_and_label(Role::ComboBox, "Platform for every model")
        .click();
    h.run();
    h.get_by_label("H100 node (measured)").scroll_to_me();
    h.run();
    h.get_by_label("H100 node (measured)").click();
    h.run();
    h.get_by_label("Boat hull").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Boathull));

    type_path(&mut h, &shipped_path());
    h.run();
    h.get_by_label("Load").scroll_to_me();
    h.run();
    h.get_by_label("Load").click();
    h.run();
    h.run();
    let fig = chart(&h);
    assert!(
        fig.panels[0]
            .series
            .iter()
            .any(|s| s.name == legend(GPU_NAME, FILE) && s.points_only),
        "{:?}",
        fig.panels[0]
            .series
            .iter()
            .map(|s| &s.name)
            .collect::<Vec<_>>()
    );
    assert_eq!(fig.panels.len(), 2);
    let loaded = h.state().session.boathull.measured.clone();
    assert_eq!(loaded.as_ref().map(|c| c.data().points.len()), Some(22));
    // A file that is not there: the error in the panel, the curve kept.
    type_path(&mut h, "no/such/measured.csv");
    h.run();
    h.get_by_label("Load").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Could not load the measured curve")
            .next()
            .is_some()
    );
    assert_eq!(h.state().session.boathull.measured, loaded);
    // Clear takes it off the figure.
    h.get_by_label("Clear").click();
    h.run();
    h.run();
    assert_eq!(chart(&h).panels.len(), 1);
}

fn type_path(h: &mut Harness<'_, HetscopeApp>, path: &str) {
    h.get_by_role_and_label(Role::TextInput, "Measured curve")
        .set_text_value_accesskit(path);
}

fn chart(h: &Harness<'_, HetscopeApp>) -> ChartFigure {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.clone(),
        other => panic!("no chart figure: {other:?}"),
    }
}
