//! PNG export: the SVG rasterized by resvg with one embedded font.

use resvg::tiny_skia;

use super::{ExportError, ExportSize, render_svg, tree};
use hetscope_figure::{Camera, Figure};

/// Rasterize an SVG document to PNG bytes of exactly `size`.
pub fn svg_to_png(svg: &str, size: ExportSize) -> Result<Vec<u8>, ExportError> {
    rasterize(svg, size, Some(tiny_skia::Color::WHITE))
}

/// An icon: the SVG document at `side` x `side` px on a transparent
/// ground (the desktop's icon sizes, 16 to 512).
pub fn icon_png(svg: &str, side: u32) -> Result<Vec<u8>, ExportError> {
    let size = ExportSize {
        width: side,
        height: side,
    };
    rasterize(svg, size, None)
}

fn rasterize(
    svg: &str,
    size: ExportSize,
    ground: Option<tiny_skia::Color>,
) -> Result<Vec<u8>, ExportError> {
    let tree = tree::parse(svg)?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width, size.height).ok_or_else(|| {
        ExportError::Render(format!(
            "cannot allocate {} x {} px",
            size.width, size.height
        ))
    })?;
    if let Some(c) = ground {
        pixmap.fill(c);
    }
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
