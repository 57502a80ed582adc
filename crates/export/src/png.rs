//! PNG export: the SVG rasterized by resvg with one embedded font.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb};

use super::{ExportError, ExportSize, render_svg};
use hetscope_figure::{Camera, Figure};

/// The font database (egui's default proportional font only) and the
/// family name it registers. Loaded once per process.
fn fonts() -> &'static (Arc<fontdb::Database>, String) {
    static FONTS: OnceLock<(Arc<fontdb::Database>, String)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let mut db = fontdb::Database::new();
        let data: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(epaint_default_fonts::UBUNTU_LIGHT);
        db.load_font_source(fontdb::Source::Binary(data));
        let family = db
            .faces()
            .next()
            .and_then(|face| face.families.first())
            .map(|(name, _)| name.clone())
            .unwrap_or_else(|| "Ubuntu".to_string());
        // Every generic family resolves to the one loaded font.
        db.set_sans_serif_family(family.clone());
        db.set_serif_family(family.clone());
        db.set_monospace_family(family.clone());
        (Arc::new(db), family)
    })
}

/// Rasterize an SVG document to PNG bytes of exactly `size`.
pub fn svg_to_png(svg: &str, size: ExportSize) -> Result<Vec<u8>, ExportError> {
    let (db, family) = fonts();
    let opts = usvg::Options {
        font_family: family.clone(),
        fontdb: db.clone(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opts).map_err(|e| ExportError::Render(e.to_string()))?;
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
