//! The 3-D surface in the window: a drag turns the surface and it is
//! drawn again from the new side. What the surface hides and where its
//! numbers go are tested in the core crate
//! (`crates/core/tests/surface_3d.rs`).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::{HetscopeApp, Tab};
use hetscope_figure::View;

#[test]
fn dragging_the_surface_turns_it_and_draws_it_again() {
    let mut h = crate::common::window(1500.0, 950.0);
    h.state_mut().session.tab = Tab::Figure(View::PerdomeSurface);
    h.run();
    h.run();
    let before = h.state().session.perdome.camera;
    let canvas = h.get_by_label_contains("3-D surface: drag to turn").rect();
    let from = canvas.center();
    let to = from + egui::vec2(-100.0, 40.0);
    crate::common::drag(&mut h, from, to, 5);
    let after = h.state().session.perdome.camera;
    // 0.4 degree a pixel across, 0.3 down.
    assert!(
        (after.yaw_deg - before.yaw_deg - 40.0).abs() < 2.0,
        "{before:?} -> {after:?}"
    );
    assert!(
        after.pitch_deg > before.pitch_deg,
        "{before:?} -> {after:?}"
    );
    assert!(h.state().param_error().is_none());
    // The surface is still drawn, and the hover still reads it.
    let readout = |h: &Harness<'_, HetscopeApp>| {
        h.query_all_by_label_contains("flop/byte\nI_G = ")
            .next()
            .is_some()
    };
    assert!(
        !readout(&h),
        "no readout before the pointer rests on the surface"
    );
    let mut found = false;
    for k in 0..40 {
        let at = canvas.min
            + egui::vec2(
                canvas.width() * (0.2 + 0.015 * k as f32),
                canvas.height() * 0.6,
            );
        h.hover_at(at);
        h.run();
        if readout(&h) {
            found = true;
            break;
        }
    }
    assert!(
        found,
        "the hover reads the turned surface under the pointer"
    );
}
