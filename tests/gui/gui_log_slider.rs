//! The logarithmic sliders of the parameter rows driven by hand with
//! egui_kittest: a drag of 150 points moves a value by about ten times
//! whatever the slider's range (a PerDome time per flop over five
//! decades, the FPM problem size over its own), Shift makes it much
//! finer, and a double click opens a field where a value is typed,
//! checked against the parameter's range.

use crate::common::drag;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::gui::HetscopeApp;

/// The window on its first start; frames 1/60 s apart, as a screen
/// shows them (a double click is two clicks within 0.3 s).
fn harness() -> Harness<'static, HetscopeApp> {
    crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .with_step_dt(1.0 / 60.0)
        // Frames until a tooltip's delay has passed.
        .with_max_steps(120)
        .build_eframe(|_cc| HetscopeApp::default_state())
}

fn t_fc(h: &Harness<'_, HetscopeApp>) -> f64 {
    h.state().session.perdome.platform.params.cpu.t_f
}

fn fpm_n(h: &Harness<'_, HetscopeApp>) -> f64 {
    h.state().session.fpm.n_units
}

/// Drag the slider labelled `label` by `dx` points (Shift held with
/// `fine`); the factor `value` changed by.
fn drag_factor(
    h: &mut Harness<'static, HetscopeApp>,
    label: &str,
    dx: f32,
    fine: bool,
    value: fn(&Harness<'_, HetscopeApp>) -> f64,
) -> f64 {
    let before = value(h);
    let from = h.get_by_role_and_label(Role::Slider, label).rect().center();
    if fine {
        h.event(egui::Event::ModifiersChanged(egui::Modifiers::SHIFT));
    }
    drag(h, from, from + egui::vec2(dx, 0.0), 10);
    if fine {
        h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
        h.run();
    }
    value(h) / before
}

#[test]
fn a_drag_of_150_points_is_about_one_decade_on_any_slider() {
    let mut h = harness();
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    let up = drag_factor(&mut h, "t_fC (ps)", 150.0, false, t_fc);
    assert!((5.0..20.0).contains(&up), "t_fC times {up}");
    let down = drag_factor(&mut h, "t_fC (ps)", -150.0, false, t_fc);
    assert!((0.05..0.2).contains(&down), "t_fC times {down}");
    // With Shift, ten times finer.
    let fine = drag_factor(&mut h, "t_fC (ps)", 150.0, true, t_fc);
    assert!((1.1..1.5).contains(&fine), "t_fC times {fine} with Shift");

    // The FPM problem size spans another range: the same speed.
    h.get_by_label("FPM partitioning").click();
    h.run();
    h.get_by_label("Times per device").click();
    h.run();
    // (n lies near the top of its range: down first.)
    let down = drag_factor(&mut h, "n (blocks)", -150.0, false, fpm_n);
    assert!((0.05..0.2).contains(&down), "n times {down}");
    assert_eq!(fpm_n(&h).fract(), 0.0, "whole blocks");
    let fine = drag_factor(&mut h, "n (blocks)", 150.0, true, fpm_n);
    assert!((1.1..1.5).contains(&fine), "n times {fine} with Shift");
}

/// Double-click the slider `label`: the typing field opens in its place.
fn double_click(h: &mut Harness<'static, HetscopeApp>, label: &str) {
    // Clicks before it (a tab's) long past: two clicks, not a third.
    h.run_steps(30);
    let slider = h.get_by_role_and_label(Role::Slider, label);
    slider.click();
    slider.click();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, label);
    assert!(field.is_focused(), "the field takes the focus");
}

#[test]
fn a_double_click_types_a_value_checked_against_the_range() {
    let mut h = harness();
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    let before = t_fc(&h);
    // A value out of the parameter's range: refused, said, the field stays.
    double_click(&mut h, "t_fC (ps)");
    h.get_by_role_and_label(Role::TextInput, "t_fC (ps)")
        .type_text("5e9");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(t_fc(&h), before);
    let said = h.get_by_label_contains("5e9: must be between");
    let text = said.value().unwrap_or_default();
    assert!(text.contains("ps"), "{text}");
    // Not a number.
    let field = h.get_by_role_and_label(Role::TextInput, "t_fC (ps)");
    assert!(field.is_focused(), "{:?}", field.value());
    field.type_text("fast");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label_contains("`fast` is not a number")
            .is_some()
    );
    // A valid value (its unit may follow it) lands in the state.
    h.get_by_role_and_label(Role::TextInput, "t_fC (ps)")
        .type_text("2.5 ps");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(t_fc(&h), 2.5);
    assert!(
        h.query_by_role_and_label(Role::TextInput, "t_fC (ps)")
            .is_none()
    );
    assert!(
        h.query_by_role_and_label(Role::Slider, "t_fC (ps)")
            .is_some()
    );
    // Escape keeps the old value.
    double_click(&mut h, "t_fC (ps)");
    h.get_by_role_and_label(Role::TextInput, "t_fC (ps)")
        .type_text("7");
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(t_fc(&h), 2.5);
    assert!(
        h.query_by_role_and_label(Role::Slider, "t_fC (ps)")
            .is_some()
    );
}

/// The number beside a slider: typed nonsense keeps the value and says
/// so under the field; a value outside the range is set to the nearest
/// allowed and says that too; a good value says nothing.
#[test]
fn the_number_field_says_what_it_did_with_a_typed_value() {
    let mut h = harness();
    h.get_by_label("PerDome / PeaPaw").click();
    h.run();
    let before = t_fc(&h);
    let type_in = |h: &mut Harness<'_, HetscopeApp>, text: &str| {
        h.get_by_role_and_label(Role::SpinButton, "t_fC (ps)")
            .click();
        h.run();
        // (Focused, the field edits its text, all of it selected.)
        let field = h.get_by_role_and_label(Role::SpinButton, "t_fC (ps)");
        assert!(field.is_focused());
        field.type_text(text);
        h.key_press(egui::Key::Enter);
        h.run();
    };
    type_in(&mut h, "fast");
    assert_eq!(t_fc(&h), before);
    h.get_by_label_contains("“fast” is not a number: the value is kept");
    type_in(&mut h, "5e9");
    let range = h.get_by_label_contains("5e9 is not between");
    let text = range.value().unwrap_or_default();
    let set = t_fc(&h);
    assert!(
        set < 5e9 && text.ends_with(&format!("set to {}", hetscope_model::format::fmt_edit(set))),
        "{text}"
    );
    type_in(&mut h, "80");
    assert_eq!(t_fc(&h), 80.0);
    assert!(h.query_by_label_contains("is not").is_none());
}
