//! SVG export: one layout per kind of figure.

use super::ExportSize;
use super::svg_util::Svg;
use crate::figure::{Camera, Figure};

/// The figure as an SVG document of `size` pixels.
///
/// Heat maps embed their grid as one PNG image (drawn pixelated); surfaces
/// are vector polygons; text is real text in the `sans-serif` family.
pub fn render_svg(fig: &Figure, size: ExportSize, camera: &Camera) -> String {
    let mut svg = Svg::new(size.width, size.height);
    match fig {
        Figure::Heatmap(h) => super::perdome::heatmap::draw(&mut svg, h),
        Figure::Surface(s) => super::perdome::surface::draw(&mut svg, s, camera),
        Figure::Compare(c) => super::perdome::compare::draw(&mut svg, c),
        Figure::Chart(c) => super::chart::draw(&mut svg, c),
    }
    svg.finish()
}
