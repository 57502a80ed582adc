//! The PerDome / PeaPaw figures, built from an
//! [`Analysis`]: heat maps (`heatmap.rs`), rotatable surfaces
//! (`surface/`, with the 3-D projection), the partition comparison
//! (`compare.rs`), and the subtitle and markers they share
//! (`scenario.rs`); and the energy parameters fitted to measured runs
//! (`energy_fit.rs`, a chart of its own input).

pub mod compare;
pub mod energy_fit;
pub mod heatmap;
mod scenario;
pub mod surface;

pub use compare::{CompareBar, CompareFigure, ComparePanel};
pub use heatmap::HeatmapFigure;
pub use scenario::{Marker, MarkerKind, markers, subtitle};
pub use surface::{Camera, Projected, SurfaceFigure};

use super::{Figure, View};
use hetscope_model::perdome::{Analysis, Metric};

/// Build the figure of a PerDome / PeaPaw view from an analysis; `None`
/// for the views of the other models (see [`boathull::build`],
/// [`fpm::build`], [`offload::build`]).
pub fn build(view: View, a: &Analysis) -> Option<Figure> {
    Some(match view {
        View::PerdomeHeatmap => Figure::Heatmap(heatmap::build(a, Metric::Performance)),
        View::EnergyHeatmap => Figure::Heatmap(heatmap::build(a, Metric::EnergyEfficiency)),
        View::PerdomeSurface => Figure::Surface(surface::build(a, Metric::Performance)),
        View::EnergySurface => Figure::Surface(surface::build(a, Metric::EnergyEfficiency)),
        View::WpCompare => Figure::Compare(compare::build(a)),
        _ => return None,
    })
}

/// The figure of a PerDome / PeaPaw view for the analysis `a` and,
/// where there is one, the analysis `b` of a second platform: heat maps
/// and surfaces side by side on one colour scale; the partition
/// comparison shows `a` alone.
pub fn build_pair(view: View, a: &Analysis, b: Option<&Analysis>) -> Option<Figure> {
    let left = build(view, a)?;
    match (b, &left) {
        (Some(b), Figure::Heatmap(_) | Figure::Surface(_)) => {
            let names = [a, b].map(|x| x.scenario.platform_name.clone());
            Some(Figure::side_by_side(left, build(view, b)?, names))
        }
        _ => Some(left),
    }
}
