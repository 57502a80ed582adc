//! PDF export: the SVG converted to vector PDF by svg2pdf. Text stays text
//! (the one embedded font, subset, with its Unicode map), so it can be
//! selected and searched; one pixel of the figure is one point of the page.

use super::{ExportError, ExportSize, render_svg, tree};
use hetscope_figure::{Camera, Figure};

/// Convert an SVG document to the bytes of a one-page PDF.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, ExportError> {
    let tree = tree::parse(svg)?;
    let conversion = svg2pdf::ConversionOptions {
        embed_text: true,
        ..svg2pdf::ConversionOptions::default()
    };
    svg2pdf::to_pdf(&tree, conversion, svg2pdf::PageOptions::default())
        .map_err(|e| ExportError::Render(e.to_string()))
}

/// The figure as a one-page PDF of `size` points (converted from its SVG).
pub fn render_pdf(fig: &Figure, size: ExportSize, camera: &Camera) -> Result<Vec<u8>, ExportError> {
    let size = size.validate()?;
    svg_to_pdf(&render_svg(fig, size, camera))
}
