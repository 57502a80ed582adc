//! Undo and redo in the window, as a person uses them: a slider drag is
//! one step, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y walk the steps across every
//! model and a platform change, tab switches are not steps, and the Edit
//! menu names the step.

use eframe::egui::{self, Key, Modifiers};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common::{drag, window};
use hetscope::figure::View;
use hetscope::gui::{HetscopeApp, Tab};

fn undo(h: &mut Harness<'_, HetscopeApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

fn redo(h: &mut Harness<'_, HetscopeApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
}

#[test]
fn a_slider_drag_is_one_step_that_ctrl_z_undoes_and_ctrl_shift_z_redoes() {
    let mut h = window(1920.0, 1080.0);
    h.state_mut().session.tab = Tab::Figure(View::PerdomeHeatmap);
    h.run();
    let before = h.state().session.perdome.platform.params.cpu.t_f;
    let rect = h.get_by_role_and_label(Role::Slider, "t_fC (ps)").rect();
    drag(
        &mut h,
        rect.center(),
        rect.center() + egui::vec2(60.0, 0.0),
        12,
    );
    let after = h.state().session.perdome.platform.params.cpu.t_f;
    assert!(after != before, "the drag moved t_fC");
    let label = h.state().undo_label().expect("one step").to_string();
    assert!(
        label.starts_with("t_fC ") && label.ends_with(" ps"),
        "{label}"
    );
    undo(&mut h);
    assert_eq!(h.state().session.perdome.platform.params.cpu.t_f, before);
    assert!(
        h.state().undo_label().is_none(),
        "twelve frames of drag, one step"
    );
    redo(&mut h);
    assert_eq!(h.state().session.perdome.platform.params.cpu.t_f, after);
    undo(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(
        h.state().session.perdome.platform.params.cpu.t_f,
        after,
        "Ctrl+Y redoes"
    );
}

/// An edit of the session; the value it set.
type Edit = fn(&mut HetscopeApp) -> f64;

/// One edit of each model, made between frames as its panel would make
/// it, on the tab of that model.
fn edit_every_model(h: &mut Harness<'_, HetscopeApp>) -> Vec<(&'static str, f64)> {
    let mut done = Vec::new();
    let edits: [(&str, usize, Edit); 5] = [
        ("overview n", 0, |a| {
            a.session.overview.fpm_n = 7200.0;
            7200.0
        }),
        ("PerDome t_bG", 1, |a| {
            a.session.perdome.platform.params.gpu.t_b *= 2.0;
            a.session.perdome.platform.params.gpu.t_b
        }),
        ("boat hull f", 2, |a| {
            a.session.boathull.f = 77.0;
            77.0
        }),
        ("FPM n", 3, |a| {
            a.session.fpm.n_units = 12345.0;
            12345.0
        }),
        ("offload size", 4, |a| {
            a.session.offload.size = 4321.0;
            4321.0
        }),
    ];
    for (name, tab, edit) in edits {
        h.key_press_modifiers(Modifiers::COMMAND, TAB_KEYS[tab]);
        h.run();
        let v = edit(h.state_mut());
        h.run();
        done.push((name, v));
    }
    done
}

const TAB_KEYS: [Key; 5] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5];

fn values(a: &HetscopeApp) -> [f64; 5] {
    let s = &a.session;
    [
        s.overview.fpm_n,
        s.perdome.platform.params.gpu.t_b,
        s.boathull.f,
        s.fpm.n_units,
        s.offload.size,
    ]
}

#[test]
fn undo_and_redo_walk_back_through_every_model_and_a_platform_change() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    let start = values(h.state());
    let start_platform = h.state().session.platform.clone();
    edit_every_model(&mut h);
    let edited = values(h.state());
    assert!(h.state_mut().use_platform("xeon-8480-h100"));
    h.run();
    assert_eq!(
        h.state().undo_label(),
        Some("Platform i7 2600K + GTX 750 (PerDome) -> Xeon Platinum 8480+ + H100 SXM5")
    );
    // Undo the platform: every model's edited values come back.
    undo(&mut h);
    assert_eq!(h.state().session.platform, start_platform);
    assert_eq!(values(h.state()), edited);
    // Then each model's edit, the last first; the page on screen stays.
    let tab = h.state().session.tab;
    for k in (0..5).rev() {
        undo(&mut h);
        let v = values(h.state());
        assert_eq!(v[k], start[k], "step {k} undone");
        assert_eq!(&v[..k], &edited[..k], "earlier steps kept");
        assert_eq!(h.state().session.tab, tab, "undo does not move around");
    }
    assert!(
        h.state().undo_label().is_none(),
        "tab switches were no steps"
    );
    for _ in 0..6 {
        redo(&mut h);
    }
    assert_eq!(
        h.state().session.platform.as_deref(),
        Some("xeon-8480-h100")
    );
    assert!(h.state().redo_label().is_none());
}

#[test]
fn the_edit_menu_names_the_step_and_undoes_it() {
    let mut h = window(1920.0, 1080.0);
    h.run();
    h.state_mut().session.fpm.n_units = 9000.0;
    h.run();
    h.get_by_label("Edit").click();
    h.run();
    let item = h.get_by_label_contains("Undo: n units 3600 -> 9000");
    item.click();
    h.run();
    assert_eq!(h.state().session.fpm.n_units, 3600.0);
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Redo: n units 3600 -> 9000");
}

#[test]
fn typing_is_one_step_when_the_field_is_left() {
    let mut h = window(1920.0, 1080.0);
    h.state_mut().session.tab = Tab::Figure(View::Boathull);
    h.run();
    let before = h.state().session.boathull.class_text.clone();
    let field = h.get_by_role_and_label(Role::TextInput, "Class");
    field.click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Class")
        .type_text(" x");
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Class")
        .type_text("y");
    h.run();
    let typed = h.state().session.boathull.class_text.clone();
    assert_ne!(typed, before);
    assert!(
        h.state().undo_label().is_none(),
        "no step while the field has the keyboard"
    );
    h.key_press(Key::Escape);
    h.run();
    h.run();
    let label = h
        .state()
        .undo_label()
        .expect("one step for the typing")
        .to_string();
    assert!(label.starts_with("class text "), "{label}");
    undo(&mut h);
    assert_eq!(h.state().session.boathull.class_text, before);
    assert!(h.state().undo_label().is_none());
}
