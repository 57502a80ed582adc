//! The partition comparison on a log value axis: small bars stay visible
//! beside large ones, in the window (a checkbox) and in the export
//! (`--log-bars`).

use crate::common::{fails, hetscope};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::{CompareBar, ComparePanel, Figure, View};
use hetscope::gui::{HetscopeApp, Tab};

fn panel(values: &[f64]) -> ComparePanel {
    ComparePanel {
        title: "Performance bound".into(),
        unit: "GFLOP/s".into(),
        bars: values
            .iter()
            .map(|v| CompareBar {
                label: format!("{v}"),
                model: Some(*v),
                measured: None,
                note: String::new(),
            })
            .collect(),
        footnote: String::new(),
    }
}

#[test]
fn a_50_gflops_bar_beside_16000_is_a_sliver_linear_and_a_sixth_of_the_axis_log() {
    let p = panel(&[50.0, 16_000.0]);
    let top = p.max_value();
    assert!(p.fraction(50.0, false, top) < 0.01);
    // Decades 10 .. 100,000: 50 sits at log10(5) / 4 of the way up.
    assert_eq!(p.log_range(), (10.0, 100_000.0));
    let f = p.fraction(50.0, true, top);
    assert!((f - 5f64.log10() / 4.0).abs() < 1e-12, "{f}");
    assert_eq!(
        p.log_ticks(),
        vec![10.0, 100.0, 1000.0, 10_000.0, 100_000.0]
    );
    // A value of 0 sits at the bottom of a log axis, not below it.
    assert_eq!(p.fraction(0.0, true, top), 0.0);
}

#[test]
fn the_export_draws_decades_with_log_bars_and_refuses_the_flag_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let lin = dir.path().join("lin.svg");
    let log = dir.path().join("log.svg");
    for (out, extra) in [(&lin, None), (&log, Some("--log-bars"))] {
        let mut args = vec![
            "export",
            "--view",
            "wp-compare",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let o = hetscope(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (lin, log) = (
        std::fs::read_to_string(lin).unwrap(),
        std::fs::read_to_string(log).unwrap(),
    );
    assert!(log.contains("(GFLOP/s, log scale)") && !lin.contains("log scale"));
    assert_ne!(lin, log);
    let out = dir.path().join("x.svg");
    fails(
        &[
            "export",
            "--view",
            "perdome-heatmap",
            "--log-bars",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
        "--log-bars: only for --view wp-compare",
    );
    assert!(!out.exists());
}

#[test]
fn the_log_scale_checkbox_switches_the_shown_figure_and_is_saved() {
    let mut h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| {
            let mut app = HetscopeApp::default_state();
            app.session.tab = Tab::Figure(View::WpCompare);
            app
        });
    h.run();
    let log = |h: &Harness<'_, HetscopeApp>| match h.state().figure() {
        Some(Figure::Compare(c)) => c.log_scale,
        other => panic!("not the comparison: {other:?}"),
    };
    assert!(!log(&h));
    h.get_by_label("Log scale").click();
    for _ in 0..20 {
        h.run();
        if log(&h) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(log(&h));
    assert!(h.state().session.perdome.log_bars);
    h.get_by_label("Performance bound (GFLOP/s, log scale)");
}
