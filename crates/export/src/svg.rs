//! SVG export: one layout per kind of figure.

use super::ExportSize;
use super::svg_util::Svg;
use hetscope_figure::{Camera, Figure};

/// The figure as an SVG document of `size` pixels.
///
/// Heat maps embed their grid as one PNG image (drawn pixelated); surfaces
/// are vector polygons; text is real text in the `sans-serif` family.
pub fn render_svg(fig: &Figure, size: ExportSize, camera: &Camera) -> String {
    let mut svg = Svg::new(size.width, size.height);
    match fig {
        Figure::Pair(p) => {
            // Each half is a figure of its own, nested at its offset.
            let half = size.width / 2;
            for (x, f) in [(0, &p.left), (half, &p.right)] {
                let inner = render_svg(
                    f,
                    ExportSize {
                        width: half,
                        ..size
                    },
                    camera,
                );
                svg.raw(&nested(&inner, x));
            }
        }
        Figure::Heatmap(h) => super::perdome::heatmap::draw(&mut svg, h),
        Figure::Surface(s) => super::perdome::surface::draw(&mut svg, s, camera),
        // The comparison is a bar chart, laid out as every chart is.
        Figure::Compare(c) => super::chart::draw(&mut svg, &c.chart()),
        Figure::Chart(c) => super::chart::draw(&mut svg, c),
    }
    svg.finish()
}

/// A whole SVG document as an element placed `x` pixels from the left
/// (its XML declaration dropped).
fn nested(doc: &str, x: u32) -> String {
    let body = doc.split_once("?>\n").map_or(doc, |(_, rest)| rest);
    body.replacen("<svg ", &format!("<svg x=\"{x}\" y=\"0\" "), 1)
}
