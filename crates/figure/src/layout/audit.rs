//! The placement rules, checked on a laid-out scene: no two texts
//! overlap, no text is cut by the canvas, and every category of a bar
//! chart is named. Used by the layout tests over every view, and
//! available to anyone who builds a new figure.

use std::fmt;

use super::chart::ChartLayout;
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
    let names: Vec<(&str, [f64; 4])> = layout
        .scene
        .texts()
        .filter(|t| t.role == TextRole::Category)
        .map(|t| (t.full.as_deref().unwrap_or(&t.text), t.bounds()))
        .collect();
    for (p, pl) in fig.panels.iter().zip(&layout.panels) {
        let [x0, _, x1, y1] = pl.plot;
        for c in &p.categories {
            let named = names
                .iter()
                .any(|(n, b)| n == c && b[1] >= y1 - 1.0 && b[2] >= x0 - 1.0 && b[0] <= x1 + 1.0);
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
