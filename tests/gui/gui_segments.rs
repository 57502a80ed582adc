//! The PerDome workload given as code segments in the window: I and the
//! partition "segments" follow the counts, and bad counts are named.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, PerdomeUi, Tab};

fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 1400.0))
        .build_eframe(|_cc| {
            let mut app = HetscopeApp::default_state();
            app.session.tab = Tab::Figure(View::PerdomeHeatmap);
            app
        })
}

#[test]
fn segments_give_i_and_a_partition() {
    let mut h = harness();
    h.get_by_label("From code segments (flops and bytes)")
        .click();
    h.run();
    h.get_by_label("Add segment").click();
    h.run();
    h.get_by_label("Add segment").click();
    h.run();
    {
        let w = &mut h.state_mut().session.perdome.workload;
        assert_eq!(w.segments.len(), 2);
        // CPU: 0.1 flop/byte; GPU: 2 flop/byte; all: 1.05.
        (w.segments[0].flops, w.segments[0].bytes) = (1e9, 1e10);
        (w.segments[1].flops, w.segments[1].bytes) = (2e10, 1e10);
    }
    h.run();
    h.run();
    let a = h
        .state()
        .computed::<PerdomeUi>()
        .map(|c| &c.analysis)
        .expect("an analysis");
    assert!((a.case.i - 1.05).abs() < 1e-12);
    let q = a
        .case
        .partitions
        .iter()
        .find(|q| q.name == "segments")
        .expect("the segments' partition");
    assert!((q.i_c - 0.1).abs() < 1e-12 && (q.i_g - 2.0).abs() < 1e-12);
    h.get_by_label_contains("I = 1.050, I_C = 0.100, I_G = 2.000");
    // A GPU segment with flops and no bytes: named, the last result kept.
    h.state_mut().session.perdome.workload.segments[1].bytes = 0.0;
    h.run();
    h.run();
    let err = h.state().param_error().expect("an error").to_string();
    assert!(
        err.contains("GPU segments") && err.contains("no bytes"),
        "{err}"
    );
    // Cleared: I is the slider's again.
    h.get_by_label("Clear segments").click();
    h.run();
    h.run();
    assert!(h.state().param_error().is_none());
    let a = h
        .state()
        .computed::<PerdomeUi>()
        .map(|c| &c.analysis)
        .expect("an analysis");
    assert!(a.case.partitions.iter().all(|q| q.name != "segments"));
}
