//! The boat hull views driven headlessly with egui_kittest: switch to the
//! model, type a class and see the curves change, an invalid class keeps
//! the last figure, processor and size sliders, the Table 1 picker, the
//! other three views.

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hetscope::figure::chart::{ChartFigure, Series};
use hetscope::figure::{Figure, View};
use hetscope::gui::{HetscopeApp, Tab};
use hetscope::model::boathull::{Gpu, Machine};

const SECTION_4_4: &str = "2048x2048|element -> 2048x2048|element";
const X_PROJECTION: &str = "1024x1024|tile(1x1024) -> 1024|element";

/// The app on the "Boat hull" model, its first view.
pub(crate) fn harness() -> Harness<'static, HetscopeApp> {
    let mut h = crate::common::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_eframe(|_cc| crate::common::on_papers_presets());
    h.get_by_label("Boat hull").click();
    h.run();
    assert_eq!(h.state().session.tab, Tab::Figure(View::Boathull));
    h
}

fn chart(h: &Harness<'_, HetscopeApp>) -> ChartFigure {
    match h.state().figure() {
        Some(Figure::Chart(c)) => c.clone(),
        other => panic!("no chart figure: {other:?}"),
    }
}

fn series<'a>(fig: &'a ChartFigure, name: &str) -> Option<&'a Series> {
    fig.panels[0]
        .series
        .iter()
        .find(|s| s.name.starts_with(name))
}

fn has_text(h: &Harness<'_, HetscopeApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn type_class(h: &mut Harness<'_, HetscopeApp>, text: &str) {
    h.get_by_role_and_label(Role::TextInput, "Class")
        .set_text_value_accesskit(text);
    h.run();
}

#[test]
fn the_boat_hull_tab_shows_the_section_4_4_class_on_the_gtx470() {
    let h = harness();
    let app = h.state();
    assert!(app.param_error().is_none(), "{:?}", app.param_error());
    assert_eq!(app.session.boathull.class_text, SECTION_4_4);
    let fig = chart(&h);
    assert!(fig.title.starts_with("Boat hull"), "{}", fig.title);
    assert!(fig.subtitle.contains("GTX470"), "{}", fig.subtitle);
    for name in [
        "hull",
        "c0 compute",
        "m0 memory",
        "c1 floor",
        "total with transfers",
    ] {
        assert!(series(&fig, name).is_some(), "{name}");
    }
    let picker = |label: &str| h.get_by_role_and_label(Role::ComboBox, label).value();
    assert_eq!(
        picker("Processor preset").as_deref(),
        Some("GeForce GTX470 (boat hull Table 2)")
    );
    assert_eq!(
        picker("Second processor").as_deref(),
        Some("Core i7-930 (boat hull Table 3)")
    );
    // The class's row of Table 1 is named under the field.
    assert!(has_text(&h, "Table 1 row 1"));
}

#[test]
fn typing_a_class_changes_the_curves() {
    let mut h = harness();
    let before = chart(&h);
    assert!(series(&before, "m1 floor").is_none());
    type_class(&mut h, X_PROJECTION);
    assert_eq!(h.state().session.boathull.class_text, X_PROJECTION);
    assert!(h.state().param_error().is_none());
    let after = chart(&h);
    assert_ne!(after, before);
    assert!(after.subtitle.contains(X_PROJECTION), "{}", after.subtitle);
    // The x-projection has the scattered-access floor, and a smaller d.
    assert!(series(&after, "m1 floor: scattered accesses").is_some());
    let m0 = |f: &ChartFigure| series(f, "m0 memory").expect("m0").points[0][1];
    assert!(m0(&after) < m0(&before));
    assert!(has_text(&h, "Table 1 row 3"));
}

#[test]
fn an_invalid_class_shows_its_error_and_keeps_the_last_figure() {
    let mut h = harness();
    type_class(&mut h, X_PROJECTION);
    let valid = chart(&h);
    type_class(&mut h, "1024x1024|tile(1x1024) -> 1024|elemnt");
    let err = h.state().param_error().expect("an error").to_string();
    assert!(err.contains("column 32"), "{err}");
    assert!(err.contains("`elemnt`"), "{err}");
    // The last valid figure stays on screen, the error is shown next to
    // the field (with the offending part) and above the chart.
    assert_eq!(chart(&h), valid);
    assert!(has_text(&h, "column 32: expected"));
    assert!(has_text(&h, "showing the last valid figure"));
    assert!(has_text(&h, "Fix the class to edit its sizes"));
    // A well-formed class outside Table 1 is named too.
    type_class(&mut h, "1024x1024|element -> 512x1024|element");
    let err = h.state().param_error().expect("an error").to_string();
    assert!(err.contains("not one of the 11 modelled classes"), "{err}");
    assert_eq!(chart(&h), valid);
    // Fixing it clears the error and rebuilds the figure.
    type_class(&mut h, SECTION_4_4);
    assert!(h.state().param_error().is_none());
    assert_ne!(chart(&h), valid);
}

#[test]
fn dragging_a_processor_slider_changes_the_figure() {
    let mut h = harness();
    let hull = |h: &Harness<'_, HetscopeApp>| series(&chart(h), "hull").expect("hull").points[0][1];
    let before = hull(&h);
    // Twice the coalesced bandwidth halves the memory-bound hull.
    h.get_by_role_and_label(Role::Slider, "P_coalesced (GB/s)")
        .set_value_accesskit(190.0);
    h.run();
    let p = h.state().session.boathull.processor.params;
    assert!(matches!(p, Machine::Gpu(g) if g.p_coalesced_gbs == 190.0));
    let after = hull(&h);
    assert!(
        (after - before / 2.0).abs() < 1e-9 * before,
        "{after} vs {before}"
    );
    // Reset brings the preset back.
    h.get_by_label("Reset gtx470").click();
    h.run();
    assert_eq!(
        h.state().session.boathull.processor.params,
        Gpu::GTX470.into()
    );
    assert_eq!(hull(&h), before);
    // A value out of range stops at the end of the range (B_bus does not
    // change the hull).
    h.get_by_role_and_label(Role::SpinButton, "B_bus (GB/s)")
        .set_value_accesskit(-1.0);
    h.run();
    assert!(h.state().param_error().is_none());
    let p = h.state().session.boathull.processor.params;
    assert!(
        matches!(p, Machine::Gpu(g) if g.b_bus_gbs == 0.001),
        "{p:?}"
    );
    assert_eq!(hull(&h), before);
}

#[test]
fn class_sizes_and_the_table1_picker_edit_the_class() {
    let mut h = harness();
    h.get_by_role_and_label(Role::Slider, "A (rows)")
        .set_value_accesskit(1024.0);
    h.run();
    assert_eq!(
        h.state().session.boathull.class_text,
        "1024x2048|element -> 1024x2048|element"
    );
    h.get_by_role_and_label(Role::ComboBox, "Table 1 class")
        .click();
    h.run();
    h.get_by_label_contains("10. histogram").click_accesskit();
    h.run();
    assert_eq!(
        h.state().session.boathull.class_text,
        "2048x2048|element -> 256|shared"
    );
    assert!(chart(&h).subtitle.contains("histogram"));
    h.get_by_role_and_label(Role::Slider, "C (bins)")
        .set_value_accesskit(64.0);
    h.run();
    assert_eq!(
        h.state().session.boathull.class_text,
        "2048x2048|element -> 64|shared"
    );
}

#[test]
fn the_cpu_kind_shows_the_cpu_floors() {
    let mut h = harness();
    h.get_by_label("CPU").click();
    h.run();
    let bh = &h.state().session.boathull;
    assert_eq!(
        (bh.processor.id.as_str(), bh.partner.id.as_str()),
        ("i7-930", "gtx470")
    );
    let fig = chart(&h);
    assert!(series(&fig, "c3 floor: one thread, scalar (32 x c0)").is_some());
    assert!(series(&fig, "total with transfers").is_none());
    h.get_by_role_and_label(Role::Slider, "N_threads (threads)")
        .set_value_accesskit(4.0);
    h.run();
    assert!(series(&chart(&h), "c2 floor: one thread (4 x c0)").is_some());
}

#[test]
fn every_boat_hull_view_shows_its_figure() {
    let mut h = harness();
    for (tab, view, title) in [
        (
            "Two processors",
            View::BoathullCompare,
            "which processor wins",
        ),
        ("Roofline", View::BoathullRoofline, "Roofline and boat hull"),
        ("Application", View::BoathullApp, "Application: Fast focus"),
    ] {
        h.get_by_label(tab).click();
        h.run();
        assert_eq!(h.state().session.tab, Tab::Figure(view));
        let fig = chart(&h);
        assert!(fig.title.contains(title), "{}", fig.title);
        assert!(h.state().param_error().is_none());
    }
    // The application view: one stacked bar per processor.
    let fig = chart(&h);
    assert_eq!(fig.panels[0].categories.len(), 2);
    assert_eq!(fig.panels[0].bars.len(), 7);
    // Picking no application leaves the view with a message.
    h.get_by_role_and_label(Role::ComboBox, "Application preset")
        .click();
    h.run();
    h.get_by_label("none").click_accesskit();
    h.run();
    let err = h.state().param_error().expect("no application").to_string();
    assert!(err.contains("no application"), "{err}");
    // The comparison names its crossover.
    h.get_by_label("Two processors").click();
    h.run();
    let fig = chart(&h);
    assert!(
        fig.panels[0]
            .markers
            .iter()
            .any(|m| m.label.starts_with("crossover with transfers: f = "))
    );
}
