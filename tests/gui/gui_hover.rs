//! The hover of a line chart, driven headlessly: a pointer moved down
//! across the boat hull chart snaps to a point of one of its series, names
//! that series and stays within reach of the pointer.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hetscope::figure::Figure;
use hetscope::gui::chart_view::{SnappedPoint, snapped_id};

#[test]
fn the_hover_snaps_to_the_nearest_series_point_and_names_it() {
    let mut h = super::gui_boathull::harness();
    let Some(Figure::Chart(chart)) = h.state().figure().cloned() else {
        panic!("the boat hull view is a chart");
    };
    let panel = &chart.panels[0];
    // The plot lies under its title: sweep the pointer down through it.
    let title = h.get_by_label(&panel.title).rect();
    let x = title.left() + 500.0;
    let mut snapped = None;
    for step in 0..150 {
        h.hover_at(egui::pos2(x, title.bottom() + 10.0 + 4.0 * step as f32));
        h.run();
        snapped = h.ctx.data(|d| d.get_temp::<SnappedPoint>(snapped_id()));
        if snapped.is_some() {
            break;
        }
    }
    let snapped = snapped.expect("the pointer crossed a curve and the hover snapped to it");
    assert!(snapped.distance_px <= 24.0, "{snapped:?}");
    let series = panel
        .series
        .iter()
        .find(|s| s.name == snapped.series)
        .unwrap_or_else(|| panic!("a series of the chart: {snapped:?}"));
    assert!(
        series.points.contains(&snapped.point),
        "the readout is a point of that series, not the pointer: {snapped:?}"
    );
}

#[test]
fn a_bar_under_the_pointer_is_named_in_a_tooltip() {
    use egui_kittest::kittest::NodeT;
    let mut h = crate::common::window(1500.0, 1100.0);
    h.run();
    // The overview's PerDome panel: sweep across its lower half, where
    // every bar but the CPU's is, until a tooltip names a bar.
    let title = h.get_by_label_contains("PerDome: SA (PerDome)").rect();
    let y = title.bottom() + 200.0;
    let mut named = None;
    for step in 0..120 {
        h.hover_at(egui::pos2(title.left() + 60.0 + 5.0 * step as f32, y));
        h.run();
        named = h
            .query_all_by_label_contains(" · GPU only")
            .next()
            .map(|n| n.accesskit_node().label().unwrap_or_default());
        if named.is_some() {
            break;
        }
    }
    let named = named.expect("the pointer crossed the GPU-only bar and its tooltip named it");
    assert!(
        named.contains("GFLOP/s"),
        "the value with its unit: {named}"
    );
}
