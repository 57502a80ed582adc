//! "Model against measurement" ([`View::Validation`]): one panel per
//! measured file, each row a point at (measured, predicted) on log axes,
//! with the line where the two agree; offload speedups also show the
//! decision lines (1x on each axis): a point in the upper-left or
//! lower-right quarter is a wrong decision.

use crate::chart::palette::{BLUE, GREY, VERMILION};
use crate::chart::{ChartAxis, ChartFigure, ChartPanel, Orientation, RefLine, Scale, Series};

/// What the core's validation gives the figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValidationInput {
    /// The platform's name.
    pub platform: String,
    pub tables: Vec<ValidationTable>,
    /// Files that could not be compared, with why.
    pub problems: Vec<String>,
    /// The models compared as their tabs hold them, not as the platform
    /// gives them (e.g. "PerDome / PeaPaw").
    pub edited: Vec<String>,
}

/// One measured file against one model.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationTable {
    /// The model's title, e.g. "Offload decision".
    pub model: String,
    /// What is compared, e.g. "speedup".
    pub quantity: String,
    pub unit: String,
    /// The file's name.
    pub file: String,
    /// One per row.
    pub points: Vec<ValidationPoint>,
    /// One line: median and largest error, decisions right.
    pub summary: String,
    /// Whether the rows are decisions at 1 (offload speedups).
    pub decides_at_one: bool,
}

/// One measured value and its prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationPoint {
    /// What was measured (a kernel, a point, a run): named on hover.
    pub label: String,
    pub measured: f64,
    pub predicted: f64,
    /// Whether the model's decision for it is the measured one, where the
    /// model decides.
    pub decision_right: Option<bool>,
}

/// The figure of `input`.
pub fn build(input: &ValidationInput) -> ChartFigure {
    let mut panels: Vec<ChartPanel> = input.tables.iter().map(panel).collect();
    if panels.is_empty() {
        // The axes every file will be drawn on, and where model and
        // measurement agree.
        panels.push(panel(&ValidationTable {
            model: "No measured files".into(),
            quantity: "value".into(),
            unit: String::new(),
            file: "add them in the side panel".into(),
            points: Vec::new(),
            summary: String::new(),
            decides_at_one: false,
        }));
    }
    let mut notes: Vec<String> = input
        .tables
        .iter()
        .map(|t| format!("{} ({}): {}", t.model, t.file, t.summary))
        .collect();
    notes.extend(input.problems.iter().cloned());
    notes.extend(edited_note(&input.platform, &input.edited));
    if input.tables.is_empty() {
        notes.push(
            "No measured files yet: add them in the side panel (Measured files to compare \
             with), or name them to `hetscope validate`."
                .into(),
        );
    }
    ChartFigure {
        title: format!("Model against measurement: {}", input.platform),
        subtitle: "each point a measured value (x) and the model's prediction of it (y); on the \
                   dashed line they agree"
            .into(),
        panels,
        notes,
    }
}

/// One file's panel: log axes spanning every point and the line y = x.
fn panel(t: &ValidationTable) -> ChartPanel {
    let values = t
        .points
        .iter()
        .flat_map(|p| [p.measured, p.predicted])
        .filter(|v| v.is_finite() && *v > 0.0);
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (lo, hi) = if lo.is_finite() && hi > 0.0 {
        (lo / 2.0, hi * 2.0)
    } else {
        (0.1, 10.0)
    };
    let axis = |label: &str| ChartAxis::new(label, &t.unit, Scale::Log10, lo, hi);
    let measured = format!("measured {}", t.quantity);
    let predicted = format!("predicted {}", t.quantity);
    let mut p = ChartPanel::new(
        &format!("{}: {}", t.model, t.file),
        axis(&measured),
        axis(&predicted),
    );
    p.series
        .push(Series::line("predicted = measured", GREY, vec![[lo, lo], [hi, hi]]).dashed());
    let (right, wrong): (Vec<&ValidationPoint>, Vec<&ValidationPoint>) = t
        .points
        .iter()
        .partition(|p| p.decision_right != Some(false));
    let series = |name: &str, color, v: Vec<&ValidationPoint>| {
        let points = v.iter().map(|p| [p.measured, p.predicted]).collect();
        let labels = v.iter().map(|p| p.label.clone()).collect();
        Series::line(name, color, points)
            .points_only()
            .labelled(labels)
    };
    let name = if t.decides_at_one {
        "decision right"
    } else {
        "rows"
    };
    if !right.is_empty() {
        p.series.push(series(name, BLUE, right));
    }
    if !wrong.is_empty() {
        p.series.push(series("decision wrong", VERMILION, wrong));
    }
    if t.points.is_empty() && !t.summary.is_empty() {
        // An empty panel says why (no row of the file compares).
        p.notes.push(t.summary.clone());
    }
    if t.decides_at_one && lo < 1.0 && hi > 1.0 {
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            p.ref_lines.push(RefLine {
                orientation,
                value: 1.0,
                label: String::new(),
                color: GREY,
                style: crate::chart::LineStyle::Dotted,
            });
        }
    }
    p
}

/// "P: PerDome / PeaPaw, offload as edited in their tabs (...)": the
/// models evaluated with their tabs' values rather than the platform's.
pub(super) fn edited_note(platform: &str, edited: &[String]) -> Option<String> {
    let (whose, tabs) = match edited.len() {
        0 => return None,
        1 => ("its", "tab"),
        _ => ("their", "tabs"),
    };
    Some(format!(
        "{platform}: {} as edited in {whose} {tabs} (Reset platform gives the platform's own values).",
        edited.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(label: &str, measured: f64, predicted: f64, d: Option<bool>) -> ValidationPoint {
        ValidationPoint {
            label: label.into(),
            measured,
            predicted,
            decision_right: d,
        }
    }

    #[test]
    fn wrong_decisions_are_a_series_of_their_own_and_the_axes_hold_every_point() {
        let t = ValidationTable {
            model: "Offload decision".into(),
            quantity: "speedup".into(),
            unit: "x".into(),
            file: "m.csv".into(),
            points: vec![
                point("GEMM", 20.0, 3.0, Some(true)),
                point("ATAX", 0.5, 4.0, Some(false)),
            ],
            summary: "1 of 2 right".into(),
            decides_at_one: true,
        };
        let f = build(&ValidationInput {
            platform: "node".into(),
            tables: vec![t],
            problems: vec!["x.csv: unreadable".into()],
            edited: Vec::new(),
        });
        let p = &f.panels[0];
        assert_eq!(p.series.len(), 3);
        assert_eq!(p.series[2].name, "decision wrong");
        assert_eq!(p.series[2].points, vec![[0.5, 4.0]]);
        assert_eq!(
            p.series[2].point_labels,
            vec!["ATAX".to_string()],
            "named on hover"
        );
        assert!(p.x.lo <= 0.5 && p.x.hi >= 20.0 && p.y.lo <= 0.5);
        assert_eq!(p.ref_lines.len(), 2, "the decision lines at 1x");
        assert!(f.notes.iter().any(|n| n.contains("unreadable")));
        let empty = build(&ValidationInput::default());
        assert_eq!(empty.panels.len(), 1, "the axes to come");
        assert!(empty.notes[0].contains("No measured files"));
    }
}
