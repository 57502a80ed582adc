//! The built-in catalog, read once per process: the presets embedded in
//! the binary never change while it runs, so the scenarios' defaults and
//! the session files share one reading of them.

use std::sync::OnceLock;

use hetscope_preset::Catalog;

/// The built-in presets (an empty catalog where they cannot be read,
/// which a test of the preset crate rules out).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::builtin().unwrap_or_default())
}
