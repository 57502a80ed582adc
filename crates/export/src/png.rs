//! PNG export: the SVG rasterized by resvg with one embedded font.

use resvg::tiny_skia;

use super::{ExportError, ExportSize, render_svg, tree};
use hetscope_figure::{Camera, Figure};

/// Rasterize an SVG document to PNG bytes of exactly `size`.
pub fn svg_to_png(svg: &str, size: ExportSize) -> Result<Vec<u8>, ExportError> {
    let tree = tree::parse(svg)?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width, size.height).ok_or_else(|| {
        ExportError::Render(format!(
            "cannot allocate {} x {} px",
            size.width, size.height
        ))
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let ts = tree.size();
    let transform = tiny_skia::Transform::from_scale(
        size.width as f32 / ts.width(),
        size.height as f32 / ts.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| ExportError::Render(e.to_string()))
}

/// The figure as a PNG image of `size` pixels (rendered from its SVG).
pub fn render_png(fig: &Figure, size: ExportSize, camera: &Camera) -> Result<Vec<u8>, ExportError> {
    let size = size.validate()?;
    svg_to_png(&render_svg(fig, size, camera), size)
}
