//! Figure descriptions: axes, grids, markers, bars and labels, built once
//! from a model's results and drawn alike by the GUI (`crate::gui`) and the
//! exporters (`hetscope_export`).
//!
//! Shared: `view.rs` (the models and their views), `chart/` (the generic
//! line and bar chart of the boat hull, FPM and offload views), `axis.rs`
//! (log2 axes with a zero band, tick placement), `color.rs` (viridis and
//! the colour options), `text.rs` (text measured with the font's advance
//! widths), `labels.rs` (label spots, repeats, grouped device names),
//! `layout/` (the one layout pass: a figure at a pixel size as positioned
//! primitives, and its audit).
//! One folder per model turns that model's input into its figures.

pub mod axis;
pub mod boathull;
pub mod chart;
pub mod color;
pub mod error;
pub mod fpm;
pub mod hover;
pub mod labels;
pub mod layout;
pub mod offload;
pub mod overview;
pub mod perdome;
pub mod text;
pub mod view;

pub use axis::Axis;
pub use chart::{ChartAxis, ChartFigure, ChartPanel, Scale};
pub use color::ColorScale;
pub use error::FigureError;
pub use hetscope_model::ModelId;
pub use perdome::{
    Camera, CompareBar, CompareFigure, ComparePanel, HeatmapFigure, Marker, MarkerKind, Projected,
    SurfaceFigure,
};
pub use view::View;

/// A figure, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    Heatmap(HeatmapFigure),
    Surface(SurfaceFigure),
    Compare(CompareFigure),
    /// Line and bar charts (boat hull, FPM, offload).
    Chart(ChartFigure),
    /// One view of two platforms side by side.
    Pair(Box<FigurePair>),
}

/// One view of two platforms side by side, on common scales (built by
/// [`Figure::side_by_side`]), so that a colour, a height or a bar length
/// means the same on both sides.
#[derive(Clone, Debug, PartialEq)]
pub struct FigurePair {
    /// The platform chosen.
    pub left: Figure,
    /// The platform it is compared with.
    pub right: Figure,
    /// The two platforms' names, left first.
    pub names: [String; 2],
}

impl Figure {
    pub fn title(&self) -> &str {
        match self {
            Figure::Heatmap(f) => &f.title,
            Figure::Surface(f) => &f.title,
            Figure::Compare(f) => &f.title,
            Figure::Chart(f) => &f.title,
            Figure::Pair(p) => p.left.title(),
        }
    }

    /// Two figures of one view side by side, their colour scales, value
    /// axes and chart axes widened to cover both.
    pub fn side_by_side(mut left: Figure, mut right: Figure, names: [String; 2]) -> Figure {
        share_scales(&mut left, &mut right);
        Figure::Pair(Box::new(FigurePair { left, right, names }))
    }
}

/// Widen both figures' scales to the union of their ranges (charts: each
/// pair of panels whose axes measure the same thing in the same unit, on
/// a log scale or within ten times of each other; an axis kept apart is
/// said in both figures' notes).
fn share_scales(a: &mut Figure, b: &mut Figure) {
    match (a, b) {
        (Figure::Heatmap(x), Figure::Heatmap(y)) => share_colors(&mut x.color, &mut y.color),
        (Figure::Surface(x), Figure::Surface(y)) => {
            let hi = x.z.hi.max(y.z.hi);
            (x.z.hi, y.z.hi) = (hi, hi);
            share_colors(&mut x.color, &mut y.color);
        }
        (Figure::Chart(x), Figure::Chart(y)) => {
            let mut apart = Vec::new();
            for (p, q) in x.panels.iter_mut().zip(y.panels.iter_mut()) {
                let y_apart = !share_axis(&mut p.y, &mut q.y);
                let lines = !p.is_bar_panel() && !q.is_bar_panel();
                let x_apart = lines && !share_axis(&mut p.x, &mut q.x);
                if y_apart || x_apart {
                    apart.push(p.title.clone());
                }
            }
            if !apart.is_empty() {
                let note = own_scale_note(&apart);
                x.notes.push(note.clone());
                y.notes.push(note);
            }
        }
        _ => {}
    }
}

/// How many times wider the wider of two linear axes may be and still be
/// shared: beyond, the narrower one's values would be too small to see.
pub const SHARED_SPAN: f64 = 10.0;

/// The note of two figures side by side whose panels `apart` keep each
/// platform's own scale.
pub fn own_scale_note(apart: &[String]) -> String {
    format!(
        "{}: each platform on its own scale (over {SHARED_SPAN} times apart).",
        apart.join(", ")
    )
}

fn share_colors(a: &mut ColorScale, b: &mut ColorScale) {
    let (lo, hi) = (a.min.min(b.min), a.max.max(b.max));
    (a.min, a.max, b.min, b.max) = (lo, hi, lo, hi);
}

/// Share two axes of the same quantity; `false` where they are kept
/// apart (linear spans more than [`SHARED_SPAN`] times apart).
fn share_axis(a: &mut ChartAxis, b: &mut ChartAxis) -> bool {
    if !(a.label == b.label && a.unit == b.unit && a.scale == b.scale) {
        return true;
    }
    let (sa, sb) = (a.hi - a.lo, b.hi - b.lo);
    let linear = a.scale == chart::Scale::Linear;
    if linear && sa.max(sb) > SHARED_SPAN * sa.min(sb) {
        return false;
    }
    let (lo, hi) = (a.lo.min(b.lo), a.hi.max(b.hi));
    (a.lo, a.hi, b.lo, b.hi) = (lo, hi, lo, hi);
    true
}
