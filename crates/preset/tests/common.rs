//! Helpers the preset tests share: the repository's root, where the
//! shipped presets, measurements and fixtures lie, and the built-in
//! catalog, read once.

use std::sync::OnceLock;

use hetscope_preset::Catalog;

/// The repository's root (cargo runs a crate's tests in its own folder).
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The built-in presets, read once for every test of the binary.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::builtin().expect("the built-in presets load"))
}
