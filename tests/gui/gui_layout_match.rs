//! What the window shows is what the export writes: at the default zoom,
//! every text of a chart or heat map in the window has its twin in the
//! SVG exported at the size of the window's canvas, within 2 px of the
//! same place, and the export has no text the window lacks.

use egui_kittest::Harness;
use hetscope::figure::{Camera, View};
use hetscope::gui::scene_paint::{ShownScene, shown_scenes_id};
use hetscope::gui::{HetscopeApp, Tab};
use hetscope_export::{ExportSize, render_svg};

/// Every `<text>` of an SVG: its words and its anchor.
fn svg_texts(svg: &str) -> Vec<(String, [f64; 2])> {
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        tag.split_once(&key)
            .and_then(|(_, rest)| rest.split_once('"'))
            .and_then(|(v, _)| v.parse().ok())
            .unwrap_or(f64::NAN)
    };
    svg.split("<text")
        .skip(1)
        .filter_map(|chunk| {
            let (tag, rest) = chunk.split_once('>')?;
            let (words, _) = rest.split_once("</text>")?;
            let words = words
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
            Some((words, [attr(tag, "x"), attr(tag, "y")]))
        })
        .collect()
}

fn shown(h: &Harness<'_, HetscopeApp>) -> Vec<ShownScene> {
    h.ctx
        .data(|d| d.get_temp::<(u64, Vec<ShownScene>)>(shown_scenes_id()))
        .map(|(_, v)| v)
        .unwrap_or_default()
}

fn window_matches_export(view: View) {
    let mut h = crate::common::window(1500.0, 950.0);
    h.state_mut().session.tab = Tab::Figure(view);
    h.run();
    h.run();
    let fig = h.state().figure().cloned().expect("a figure");
    let title = fig.title().to_string();
    assert_eq!(h.state().session.tab, Tab::Figure(view));
    let charts = shown(&h);
    assert!(
        // (A title too long for the canvas is shortened with an ellipsis.)
        charts.iter().any(|c| c
            .texts
            .iter()
            .any(|(t, _)| { t.len() > 10 && title.starts_with(t.trim_end_matches('…')) })),
        "{view:?}: the window shows '{title}'"
    );
    let chart = charts
        .first()
        .unwrap_or_else(|| panic!("{view:?} drew a chart"));
    let size = ExportSize {
        width: chart.canvas.width().round() as u32,
        height: chart.canvas.height().round() as u32,
    };
    let svg = render_svg(&fig, size, &Camera::default());
    let exported = svg_texts(&svg);
    let near = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() <= 2.0 && (a[1] - b[1]).abs() <= 2.0;
    let window: Vec<_> = chart.texts.iter().filter(|(t, _)| !t.is_empty()).collect();
    assert!(window.len() > 15, "{view:?}: the window shows its texts");
    for (text, at) in &window {
        assert!(
            exported.iter().any(|(e, p)| e == text && near(*p, *at)),
            "{view:?}: '{text}' at {at:?} in the window is not where the export writes it"
        );
    }
    for (text, at) in &exported {
        assert!(
            window.iter().any(|(w, p)| w == text && near(*p, *at)),
            "{view:?}: the export writes '{text}' at {at:?}, the window does not show it"
        );
    }
}

#[test]
fn the_boat_hull_chart_in_the_window_is_its_export() {
    window_matches_export(View::Boathull);
}

#[test]
fn the_kernel_suite_in_the_window_is_its_export() {
    window_matches_export(View::OffloadSuite);
}

#[test]
fn the_fpm_speed_functions_in_the_window_are_their_export() {
    window_matches_export(View::FpmSpeed);
}

#[test]
fn the_heat_map_in_the_window_is_its_export() {
    window_matches_export(View::EnergyHeatmap);
}

#[test]
fn the_surface_in_the_window_is_its_export() {
    window_matches_export(View::PerdomeSurface);
}
