//! The SVG parsed by usvg with one embedded font: what the PNG and the PDF
//! are both drawn from, so that they show the text the SVG places.

use std::sync::{Arc, OnceLock};

use resvg::usvg::{self, fontdb};

use super::ExportError;

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

/// `svg` parsed, its text resolved to the embedded font.
pub(crate) fn parse(svg: &str) -> Result<usvg::Tree, ExportError> {
    let (db, family) = fonts();
    let opts = usvg::Options {
        font_family: family.clone(),
        fontdb: db.clone(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &opts).map_err(|e| ExportError::Render(e.to_string()))
}
