//! Figure descriptions: axes, grids, markers, bars and labels, built once
//! from a model's results and drawn alike by the GUI (`crate::gui`) and the
//! exporters (`crate::export`).
//!
//! Shared: `view.rs` (the models and their views), `chart.rs` (the generic
//! line and bar chart of the boat hull, FPM and offload views), `axis.rs`
//! (log2 axes with a zero band, tick placement), `color.rs` (viridis).
//! One folder per model turns that model's input into its figures.

pub mod axis;
pub mod boathull;
pub mod chart;
pub mod color;
pub mod error;
pub mod fpm;
pub mod offload;
pub mod overview;
pub mod perdome;
pub mod view;

pub use axis::Axis;
pub use chart::{ChartAxis, ChartFigure, ChartPanel, Scale};
pub use color::ColorScale;
pub use error::FigureError;
pub use perdome::{
    Camera, CompareBar, CompareFigure, ComparePanel, HeatmapFigure, Marker, MarkerKind, Projected,
    SurfaceFigure,
};
pub use view::{ModelGroup, View};

/// A figure, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    Heatmap(HeatmapFigure),
    Surface(SurfaceFigure),
    Compare(CompareFigure),
    /// Line and bar charts (boat hull, FPM, offload).
    Chart(ChartFigure),
}

impl Figure {
    pub fn title(&self) -> &str {
        match self {
            Figure::Heatmap(f) => &f.title,
            Figure::Surface(f) => &f.title,
            Figure::Compare(f) => &f.title,
            Figure::Chart(f) => &f.title,
        }
    }
}
