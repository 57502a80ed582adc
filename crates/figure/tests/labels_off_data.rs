//! Labels never over the data: a bar's value too wide for its bar is
//! turned, a reference line's or a marker's label with no free place is
//! named in the legend, and the layout audit finds a label over data.

use hetscope_figure::ChartFigure;
use hetscope_figure::chart::{
    Bar, BarSet, ChartAxis, ChartPanel, LineStyle, Orientation, PointMarker, RefLine, Scale,
};
use hetscope_figure::layout::audit::{Problem, audit_chart};
use hetscope_figure::layout::chart::layout;
use hetscope_figure::layout::scene::TextRole;

/// Twenty-four narrow bars filling the plot, values 1 to 12.6, under a
/// reference line at 6 that crosses half of them.
fn crowded() -> ChartFigure {
    let names: Vec<String> = (0..24).map(|i| format!("kernel {i}")).collect();
    let y = ChartAxis::new("speedup", "x", Scale::Linear, 0.0, 12.5);
    let mut p = ChartPanel::bars("crowded", names, y);
    p.bars.push(BarSet {
        name: "always".into(),
        color: [0, 114, 178],
        width: 0.9,
        offset: 0.0,
        bars: (0..24)
            .map(|i| Bar {
                category: i,
                base: 0.0,
                value: 1.0 + i as f64 * 0.5 + 0.123,
                range: None,
                label: String::new(),
            })
            .collect(),
        value_labels: true,
    });
    p.ref_lines.push(RefLine {
        orientation: Orientation::Horizontal,
        value: 6.0,
        label: "geometric mean of every kernel: 6.00x".into(),
        color: [0, 158, 115],
        style: LineStyle::Dashed,
    });
    ChartFigure {
        title: "t".into(),
        subtitle: String::new(),
        panels: vec![p],
        notes: Vec::new(),
    }
}

#[test]
fn a_reference_label_with_no_free_place_goes_to_the_legend() {
    let fig = crowded();
    let lay = layout(&fig, 500.0, 400.0);
    let label = "geometric mean of every kernel: 6.00x";
    let roles: Vec<TextRole> = lay
        .scene
        .texts()
        .filter(|t| t.text == label)
        .map(|t| t.role)
        .collect();
    assert_eq!(roles, [TextRole::Legend], "written once, in the legend");
    let problems = audit_chart(&fig, &lay);
    assert!(
        !problems
            .iter()
            .any(|p| matches!(p, Problem::LabelOverData { .. })),
        "{problems:?}"
    );
}

#[test]
fn a_value_wider_than_its_bar_is_turned_not_written_over_its_neighbour() {
    let fig = crowded();
    let lay = layout(&fig, 500.0, 400.0);
    let values: Vec<_> = lay
        .scene
        .texts()
        .filter(|t| t.role == TextRole::Label && t.text.ends_with('2'))
        .collect();
    assert!(!values.is_empty());
    assert!(
        values.iter().any(|t| t.rotate == -90.0),
        "narrow bars get turned values: {values:?}"
    );
}

#[test]
fn the_audit_finds_a_label_over_a_bar() {
    let mut fig = crowded();
    let p = &mut fig.panels[0];
    p.ref_lines.clear();
    for b in &mut p.bars {
        b.value_labels = false;
    }
    // A marker in the middle of the tallest bar: its label can only go
    // over bars, and is named in the legend instead.
    p.markers.push(PointMarker {
        label: "inside the bars".into(),
        x: 22.0,
        y: 6.0,
        color: [213, 94, 0],
    });
    let lay = layout(&fig, 500.0, 400.0);
    assert!(
        lay.scene
            .texts()
            .any(|t| t.role == TextRole::Legend && t.text == "inside the bars")
    );
    // The same label forced over the bars is found.
    let mut forced = lay.clone();
    let bar = hetscope_figure::layout::chart::bar_rects(
        &fig.panels[0],
        &lay.panels[0].frame(&fig.panels[0]),
    )[5]
    .0;
    forced.scene.text(hetscope_figure::layout::scene::Text::new(
        bar[0],
        (bar[1] + bar[3]) / 2.0,
        12.0,
        hetscope_figure::layout::scene::Anchor::Start,
        TextRole::Label,
        "over the bars",
    ));
    let problems = audit_chart(&fig, &forced);
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, Problem::LabelOverData { text, .. } if text == "over the bars")),
        "{problems:?}"
    );
}
