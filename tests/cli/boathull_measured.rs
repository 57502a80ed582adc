//! A measured curve over the boat hull view, in the app: the command line
//! exports and evaluates it, with the relative errors recomputed here from
//! the model and the file, and the window loads it. The shipped file, the
//! figure and bad files are tested in the core crate
//! (`crates/core/tests/boathull_measured.rs`).

use crate::common::{eval, fails, hetscope, stderr};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::boathull::measured::legend;
use hetscope::figure::chart::ChartFigure;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};
use hetscope::model::perdome::Side;

#[path = "../../crates/core/tests/shared/boathull_rows.rs"]
mod rows;
use rows::*;

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
        assert!((model - model_time(gpu, *f)).abs() < 1e-18);
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
