//! Measured offload speedups beside the predictions, in the app: the
//! export and eval command lines, and the offload panel's Load row. The
//! shipped file, the reader's errors and the suite figure are tested in
//! the core crate (`crates/core/tests/offload_measured.rs`).

use crate::common::{eval, fails, hetscope, stderr};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::chart::ChartFigure;
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};

#[path = "../../crates/core/tests/shared/offload_rows.rs"]
mod rows;
use rows::*;

#[test]
fn export_and_eval_take_measured() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite.svg");
    let args = [
        "export",
        "--view",
        "offload-suite",
        "--platform",
        "h100-node-offload",
        "--size",
        "benchmark",
        "--measured",
        FILE,
        "--out",
        out.to_str().unwrap(),
    ];
    let o = hetscope(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("measured (h100-offload-measured.csv)"));
    assert!(svg.contains("Times, predicted beside measured"));
    fails(
        &[
            "export",
            "--view",
            "offload",
            "--measured",
            FILE,
            "--out",
            "x.svg",
        ],
        2,
        "--view offload-suite (measured speedups)",
    );
    let v = eval(&[
        "eval",
        "offload",
        "--suite",
        "--platform",
        "h100-node-offload",
        "--measured",
        FILE,
    ]);
    let block = v["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["size"] == "benchmark" && b["threads"] == 16)
        .expect("a 16-thread block");
    // Count from the JSON's predictions and the CSV's speedups.
    let mut right = 0;
    for k in block["kernels"].as_array().unwrap() {
        let name = k["kernel"].as_str().unwrap();
        let n = k["n"].as_f64().unwrap();
        let row = csv_rows()
            .into_iter()
            .find(|r| r.0 == name && r.1 == n && r.2 == 16.0);
        match row {
            Some(r) => {
                assert_eq!(k["measured"]["speedup"].as_f64(), Some(r.3));
                right += usize::from(k["offload"].as_bool().unwrap() == (r.3 > 1.0));
            }
            None => assert!(k["measured"].is_null(), "{k}"),
        }
    }
    assert_eq!(block["decisions_right"].as_u64(), Some(right as u64));
    assert_eq!(
        v["measured"]["decisions_right"].as_u64(),
        Some(right as u64)
    );
    assert_eq!(v["measured"]["rows"].as_u64(), Some(24));
    fails(
        &[
            "eval",
            "offload",
            "--suite",
            "--platform",
            "h100-node-offload",
            "--measured",
            "no.csv",
        ],
        // An unreadable file is a failure (1), not a usage error.
        1,
        "no.csv",
    );
}

fn chart(h: &Harness<'_, HetscopeApp>) -> ChartFigure {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.clone(),
        other => panic!("no chart figure: {other:?}"),
    }
}

#[test]
fn the_offload_panel_loads_measured_speedups() {
    let mut h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 1400.0))
        .build_eframe(|_cc| HetscopeApp::default_state());
    h.get_by_label("Offload decision").click();
    h.run();
    h.get_by_label("Kernel suite").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::OffloadSuite));
    let s = &mut h.state_mut().session.offload;
    s.select_platform("h100-node-offload");
    s.size = 9600.0;
    h.run();
    // A file that does not exist: the error in the panel, no measured bars.
    h.get_by_label("CSV file")
        .set_text_value_accesskit("missing.csv");
    h.run();
    h.get_by_label("Load").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("missing.csv:")
            .next()
            .is_some()
    );
    assert!(!chart(&h).panels[0].bars.iter().any(|b| b.name == LEGEND));
    // The shipped file.
    h.get_by_label("CSV file").set_text_value_accesskit(&path());
    h.run();
    h.get_by_label("Load").click();
    h.run();
    let fig = chart(&h);
    assert!(fig.panels[0].bars.iter().any(|b| b.name == LEGEND));
    assert_eq!(fig.panels.len(), 2);
    assert!(
        h.query_by_label_contains("Drawn in the kernel suite view")
            .is_some()
    );
    let loaded = &h.state().session.offload.measured;
    assert_eq!(loaded.as_ref().map(|m| m.path().to_string()), Some(path()));
    // Clear: the predictions alone.
    h.get_by_label("Clear").click();
    h.run();
    assert_eq!(chart(&h).panels.len(), 1);
}
