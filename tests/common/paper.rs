//! The paper check's rows as the paper tests read them.

use hetscope::paper_check::{Row, find};

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
