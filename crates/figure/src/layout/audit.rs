//! The placement rules, checked on a laid-out scene: no two texts
//! overlap, no text is cut by the canvas, and every category of a bar
//! chart is named. Used by the layout tests over every view, and
//! available to anyone who builds a new figure.

use std::fmt;

use super::chart::{ChartLayout, PanelLayout, bar_rects, clip_segment};
use super::scene::{Scene, Text, TextRole};
use crate::ChartFigure;

/// A broken placement rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Two texts cover each other.
    Overlap { a: String, b: String },
    /// A text reaches out of the canvas.
    Cut { text: String, bounds: [f64; 4] },
    /// A category of a bar panel has no label.
    Unnamed { panel: String, category: String },
    /// An axis writes some ticks as powers of ten ("1e-2") and others as
    /// plain numbers ("0.05").
    MixedTicks { panel: String, ticks: Vec<String> },
    /// Two series of the legend drawn alike (colour, line style and
    /// marker): the legend cannot tell them apart.
    Alike { panel: String, a: String, b: String },
    /// The legend's box hides data.
    LegendOverData { panel: String },
    /// A label (a marker's, a reference line's, a bar's value) covers a
    /// bar, a line, a dot or a marker; a value written inside its own bar
    /// is not one.
    LabelOverData { panel: String, text: String },
    /// A title, axis title, legend entry or note shortened for want of
    /// room (a category name may be, its whole name on hover).
    Shortened { full: String },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Overlap { a, b } => write!(f, "'{a}' overlaps '{b}'"),
            Problem::Cut { text, bounds } => write!(
                f,
                "'{text}' is cut by the canvas (box {:.0},{:.0} to {:.0},{:.0})",
                bounds[0], bounds[1], bounds[2], bounds[3]
            ),
            Problem::Unnamed { panel, category } => {
                write!(f, "panel '{panel}': category '{category}' has no label")
            }
            Problem::Shortened { full } => write!(f, "'{full}' is shortened"),
            Problem::LegendOverData { panel } => {
                write!(f, "panel '{panel}': the legend hides data")
            }
            Problem::LabelOverData { panel, text } => {
                write!(f, "panel '{panel}': the label '{text}' covers data")
            }
            Problem::Alike { panel, a, b } => {
                write!(f, "panel '{panel}': '{a}' and '{b}' are drawn alike")
            }
            Problem::MixedTicks { panel, ticks } => {
                write!(f, "panel '{panel}': one axis mixes tick formats {ticks:?}")
            }
        }
    }
}

/// How far (px) two texts may touch, or a text pass the canvas edge,
/// before it counts: the text boxes are estimates.
const SLACK: f64 = 0.5;

/// Whether two convex quadrilaterals overlap (no separating axis among
/// their edges' normals).
fn quads_overlap(a: &[[f64; 2]; 4], b: &[[f64; 2]; 4]) -> bool {
    let separated = |q: &[[f64; 2]; 4]| {
        (0..4).any(|i| {
            let (p, r) = (q[i], q[(i + 1) % 4]);
            let n = [p[1] - r[1], r[0] - p[0]];
            let span = |z: &[[f64; 2]; 4]| {
                z.iter()
                    .map(|v| v[0] * n[0] + v[1] * n[1])
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
                        (lo.min(d), hi.max(d))
                    })
            };
            let ((a0, a1), (b0, b1)) = (span(a), span(b));
            a1 <= b0 || b1 <= a0
        })
    };
    !separated(a) && !separated(b)
}

/// Overlapping and cut texts of a scene.
pub fn audit(scene: &Scene) -> Vec<Problem> {
    let texts: Vec<&Text> = scene
        .texts()
        .filter(|t| !t.text.trim().is_empty())
        .collect();
    let quads: Vec<[[f64; 2]; 4]> = texts.iter().map(|t| t.corners(SLACK)).collect();
    let mut out = Vec::new();
    for (i, (t, q)) in texts.iter().zip(&quads).enumerate() {
        let outside =
            |p: &[f64; 2]| p[0] < 0.0 || p[1] < 0.0 || p[0] > scene.width || p[1] > scene.height;
        if q.iter().any(outside) {
            out.push(Problem::Cut {
                text: t.text.clone(),
                bounds: t.bounds(),
            });
        }
        for (u, c) in texts.iter().zip(&quads).skip(i + 1) {
            if quads_overlap(q, c) {
                out.push(Problem::Overlap {
                    a: t.text.clone(),
                    b: u.text.clone(),
                });
            }
        }
    }
    out
}

/// [`audit`], and every category of every bar panel named under its
/// plot (in full or shortened, [`Text::full`] keeping the whole name).
pub fn audit_chart(fig: &ChartFigure, layout: &ChartLayout) -> Vec<Problem> {
    let mut out = audit(&layout.scene);
    for t in layout
        .scene
        .texts()
        .filter(|t| t.role != TextRole::Category)
    {
        if let Some(full) = &t.full {
            out.push(Problem::Shortened { full: full.clone() });
        }
    }
    let names: Vec<(&str, [f64; 4])> = layout
        .scene
        .texts()
        .filter(|t| t.role == TextRole::Category)
        .map(|t| (t.full.as_deref().unwrap_or(&t.text), t.bounds()))
        .collect();
    for p in &fig.panels {
        out.extend(alike_series(p));
    }
    out.extend(mixed_log_formats(fig, layout));
    for (p, pl) in fig.panels.iter().zip(&layout.panels) {
        for ticks in [&pl.x_ticks, &pl.y_ticks] {
            let powers = ticks.iter().filter(|t| t.label.contains('e')).count();
            if powers > 0 && powers < ticks.len() {
                out.push(Problem::MixedTicks {
                    panel: p.title.clone(),
                    ticks: ticks.iter().map(|t| t.label.clone()).collect(),
                });
            }
        }
        if pl.legend.is_some_and(|b| hides_data(p, pl, b)) {
            out.push(Problem::LegendOverData {
                panel: p.title.clone(),
            });
        }
        out.extend(labels_over_data(p, pl, &layout.scene));
        let [x0, y0, x1, y1] = pl.plot;
        // Under the plot, or left of it in a horizontal bar panel.
        let beside = |b: &[f64; 4]| {
            if p.horizontal {
                b[2] <= x0 + 1.0 && b[3] >= y0 - 1.0 && b[1] <= y1 + 1.0
            } else {
                b[1] >= y1 - 1.0 && b[2] >= x0 - 1.0 && b[0] <= x1 + 1.0
            }
        };
        for c in &p.categories {
            let named = names.iter().any(|(n, b)| n == c && beside(b));
            if !named {
                out.push(Problem::Unnamed {
                    panel: p.title.clone(),
                    category: c.clone(),
                });
            }
        }
    }
    out
}

/// Log axes of one figure written two ways (powers of ten on one, plain
/// numbers on another): one problem naming both.
fn mixed_log_formats(fig: &ChartFigure, layout: &ChartLayout) -> Vec<Problem> {
    let mut powers = None;
    let mut plain = None;
    for (p, pl) in fig.panels.iter().zip(&layout.panels) {
        for (axis, ticks) in [(&p.x, &pl.x_ticks), (&p.y, &pl.y_ticks)] {
            if axis.scale != crate::chart::Scale::Log10 || ticks.is_empty() {
                continue;
            }
            let labels: Vec<String> = ticks.iter().map(|t| t.label.clone()).collect();
            if labels.iter().any(|l| l.contains('e')) {
                powers.get_or_insert((p.title.clone(), labels));
            } else {
                plain.get_or_insert((p.title.clone(), labels));
            }
        }
    }
    match (powers, plain) {
        (Some((a, mut ta)), Some((b, tb))) => {
            ta.extend(tb);
            vec![Problem::MixedTicks {
                panel: format!("{a} / {b}"),
                ticks: ta,
            }]
        }
        _ => Vec::new(),
    }
}

/// Pairs of a panel's series drawn with the same colour, line style and
/// marker where the legend names at least one of them: the legend cannot
/// tell them apart (a series left out of the legend, drawn like a named
/// one, reads as that one).
fn alike_series(p: &crate::chart::ChartPanel) -> Vec<Problem> {
    let drawn: Vec<_> = p
        .series
        .iter()
        .filter(|s| !s.name.trim().is_empty() && !s.points.is_empty())
        .collect();
    let named = |s: &crate::chart::Series| !s.hide_in_legend;
    let mut out = Vec::new();
    for (i, a) in drawn.iter().enumerate() {
        for b in &drawn[i + 1..] {
            let same = a.color == b.color && a.style == b.style && a.points_only == b.points_only;
            if same && a.name != b.name && (named(a) || named(b)) {
                out.push(Problem::Alike {
                    panel: p.title.clone(),
                    a: a.name.clone(),
                    b: b.name.clone(),
                });
            }
        }
    }
    out
}

/// The labels inside the panel's plot that cover its data, except a
/// value written inside its own bar.
fn labels_over_data(p: &crate::chart::ChartPanel, pl: &PanelLayout, scene: &Scene) -> Vec<Problem> {
    let fr = pl.frame(p);
    let bars = bar_rects(p, &fr);
    let [x0, y0, x1, y1] = pl.plot;
    let in_plot =
        |b: &[f64; 4]| b[0] >= x0 - 1.0 && b[2] <= x1 + 1.0 && b[1] >= y0 - 1.0 && b[3] <= y1 + 1.0;
    let in_own_bar = |b: &[f64; 4]| {
        bars.iter().any(|(r, _, _)| {
            b[0] >= r[0] - 1.0 && b[2] <= r[2] + 1.0 && b[1] >= r[1] - 1.0 && b[3] <= r[3] + 1.0
        })
    };
    scene
        .texts()
        .filter(|t| t.role == TextRole::Label && t.rotate == 0.0)
        .filter(|t| {
            let b = t.bounds();
            in_plot(&b) && !in_own_bar(&b) && hides_data(p, pl, b)
        })
        .map(|t| Problem::LabelOverData {
            panel: p.title.clone(),
            text: t.text.clone(),
        })
        .collect()
}

/// Whether the box `b` covers a bar, a line, a dot or a marker of the
/// panel.
fn hides_data(p: &crate::chart::ChartPanel, pl: &PanelLayout, b: [f64; 4]) -> bool {
    use crate::text::boxes_overlap;
    let fr = pl.frame(p);
    let inner = [b[0] + 1.0, b[1] + 1.0, b[2] - 1.0, b[3] - 1.0];
    let inside = |x: f64, y: f64| x > inner[0] && x < inner[2] && y > inner[1] && y < inner[3];
    for (r, si, bi) in bar_rects(p, &fr) {
        if boxes_overlap(&r, &inner) {
            return true;
        }
        // The whisker of the bar's range.
        let range = p.bars[si].bars[bi].range;
        let (_, val) = p.category_and_value_axes();
        let ends = range.and_then(|(lo, hi)| Some((val.pos(lo)?, val.pos(hi)?)));
        if let Some((lo, hi)) = ends {
            let (a, b) = if p.horizontal {
                let cy = (r[1] + r[3]) / 2.0;
                ((fr.px(lo), cy), (fr.px(hi), cy))
            } else {
                let cx = (r[0] + r[2]) / 2.0;
                ((cx, fr.py(lo)), (cx, fr.py(hi)))
            };
            if clip_segment(a, b, &inner).is_some() {
                return true;
            }
        }
    }
    for s in &p.series {
        let pts: Vec<Option<(f64, f64)>> =
            s.points.iter().map(|q| fr.point(p, q[0], q[1])).collect();
        if pts.iter().flatten().any(|(x, y)| inside(*x, *y)) {
            return true;
        }
        let crosses = !s.points_only
            && pts.windows(2).any(|w| match (w[0], w[1]) {
                (Some(a), Some(c)) => clip_segment(a, c, &inner).is_some(),
                _ => false,
            });
        if crosses {
            return true;
        }
    }
    p.markers
        .iter()
        .filter_map(|m| fr.point(p, m.x, m.y))
        .any(|(x, y)| inside(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::{Bar, BarSet, ChartAxis, ChartPanel, Scale};
    use crate::layout::scene::{Anchor, Text};

    fn text(x: f64, y: f64, s: &str) -> Text {
        Text::new(x, y, 12.0, Anchor::Start, TextRole::Label, s)
    }

    #[test]
    fn overlapping_and_cut_texts_are_found() {
        let mut sc = Scene::new(200.0, 100.0);
        sc.text(text(10.0, 20.0, "first label"));
        sc.text(text(30.0, 22.0, "second"));
        sc.text(text(150.0, 60.0, "past the edge"));
        let found = audit(&sc);
        assert!(found.iter().any(|p| matches!(p, Problem::Overlap { .. })));
        assert!(
            found
                .iter()
                .any(|p| matches!(p, Problem::Cut { text, .. } if text == "past the edge"))
        );
        assert_eq!(found.len(), 2, "{found:?}");
    }

    #[test]
    fn turned_names_side_by_side_do_not_overlap() {
        // Two names turned 90 degrees, 14 px apart: their boxes upright
        // would overlap, turned they do not.
        let mut sc = Scene::new(200.0, 200.0);
        for (i, s) in ["a long kernel name", "another kernel name"]
            .iter()
            .enumerate()
        {
            let t = Text::new(
                50.0 + 14.0 * i as f64,
                20.0,
                12.0,
                Anchor::End,
                TextRole::Category,
                s,
            );
            sc.text(t.rotated(-90.0));
        }
        assert!(audit(&sc).is_empty(), "{:?}", audit(&sc));
    }

    #[test]
    fn a_legend_over_a_bar_hides_data() {
        let y = ChartAxis::new("time", "s", Scale::Linear, 0.0, 10.0);
        let mut p = ChartPanel::bars("t", vec!["a".into()], y);
        p.bars.push(BarSet {
            name: "set".into(),
            color: [0, 0, 0],
            width: 0.8,
            offset: 0.0,
            bars: vec![Bar {
                category: 0,
                base: 0.0,
                value: 9.0,
                range: None,
                label: String::new(),
            }],
            value_labels: false,
        });
        let pl = |legend| PanelLayout {
            plot: [0.0, 0.0, 100.0, 100.0],
            x_ticks: Vec::new(),
            y_ticks: Vec::new(),
            marker_r: 5.0,
            legend: Some(legend),
        };
        assert!(hides_data(
            &p,
            &pl([40.0, 40.0, 60.0, 60.0]),
            [40.0, 40.0, 60.0, 60.0]
        ));
        // Above the bar's top (9 of 10: y = 10 px) nothing is hidden.
        assert!(!hides_data(
            &p,
            &pl([0.0, 0.0, 100.0, 8.0]),
            [0.0, 0.0, 100.0, 8.0]
        ));
    }
}
