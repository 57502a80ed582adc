//! Helpers the core's tests share: the repository's root, where the
//! shipped presets and measurements lie, the built-in catalog, read once,
//! and the paper check's rows as the paper tests read them.

use std::sync::OnceLock;

use hetscope_preset::Catalog;

/// The repository's root (cargo runs a crate's tests in its own folder).
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The built-in presets, read once for every test of the binary.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::builtin().expect("the built-in presets load"))
}

/// The paper check's rows as the paper tests read them.
pub mod paper {
    use hetscope_core::paper_check::{Row, find};

    /// The row `id` (the test fails naming it when there is none).
    pub fn row<'a>(rows: &'a [Row], id: &str) -> &'a Row {
        find(rows, id).unwrap_or_else(|| panic!("no paper-check row {id}"))
    }

    /// hetscope's number of the row `id`.
    pub fn value(rows: &[Row], id: &str) -> f64 {
        let r = row(rows, id);
        r.computed_value()
            .unwrap_or_else(|| panic!("{id}: no number ({r:?})"))
    }
}
