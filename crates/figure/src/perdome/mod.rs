//! The PerDome / PeaPaw figures, built from an
//! [`Analysis`]: heat maps (`heatmap.rs`), rotatable surfaces
//! (`surface/`, with the 3-D projection), the partition comparison
//! (`compare.rs`), and the subtitle and markers they share
//! (`case.rs`); and the energy parameters fitted to measured runs
//! (`energy_fit.rs`, a chart of its own input).

mod case;
pub mod compare;
pub mod energy_fit;
pub mod heatmap;
pub mod surface;

use crate::color::ColorOptions;
pub use case::{Marker, MarkerKind, markers, subtitle};
pub use compare::{CompareBar, CompareFigure, ComparePanel};
pub use heatmap::HeatmapFigure;
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
pub fn build_pair(
    view: View,
    a: &Analysis,
    b: Option<&Analysis>,
    colors: ColorOptions,
) -> Option<Figure> {
    let left = with_colors(build(view, a)?, colors, b.is_some());
    match (b, &left) {
        (Some(b), Figure::Heatmap(_) | Figure::Surface(_)) => {
            let names = [a, b].map(|x| x.case.platform_name.clone());
            let right = with_colors(build(view, b)?, colors, true);
            Some(if colors.own {
                // Each platform on its own range, said in its colour bar.
                Figure::Pair(Box::new(crate::FigurePair { left, right, names }))
            } else {
                Figure::side_by_side(left, right, names)
            })
        }
        _ => Some(left),
    }
}

/// A heat map's or surface's colour scale set as `o` says (`paired`:
/// beside a second platform).
fn with_colors(mut f: Figure, o: ColorOptions, paired: bool) -> Figure {
    match &mut f {
        Figure::Heatmap(h) => h.color = h.color.clone().with_options(o, paired),
        Figure::Surface(s) => s.color = s.color.clone().with_options(o, paired),
        _ => {}
    }
    f
}
