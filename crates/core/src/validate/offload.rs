//! Offload: each measured kernel's speedup against the predicted one, and
//! whether the model's decision (offload where the predicted speedup is
//! above 1) is the measured one, at the size and host thread count of the
//! block that matches the most measured runs.

use serde_json::Value;

use super::table::{Row, Table};
use crate::offload::{Offload, OffloadQuery};
use crate::{CoreError, Model, Session};
use hetscope_preset::Catalog;

/// Measured speedups below this and above its inverse are clear
/// decisions; between them the host's run-to-run spread decides.
pub const CLEAR: f64 = 1.5;

/// The table of a file of measured speedups (already in `s`).
pub fn speedups(s: &Session, file: &str, catalog: &Catalog) -> Result<Table, CoreError> {
    let query = OffloadQuery::Suite { size: None };
    let v = Offload::eval(&s.offload, &query, catalog)?;
    let compared = |b: &&Value| b["measured"]["compared"].as_u64().unwrap_or(0);
    let block = v["blocks"]
        .as_array()
        .and_then(|b| b.iter().filter(|b| compared(b) > 0).max_by_key(compared));
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    if let Some(b) = block {
        notes.push(format!(
            "{} size, {} host threads (the measured runs' setting)",
            b["size"].as_str().unwrap_or("?"),
            b["threads"]
        ));
        rows = b["kernels"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(kernel_row)
            .collect();
    }
    let clear = rows
        .iter()
        .filter(|r: &&Row| !(1.0 / CLEAR..=CLEAR).contains(&r.measured));
    let (n, right) = (
        clear.clone().count(),
        clear.filter(|r| r.decision_right == Some(true)).count(),
    );
    notes.push(format!(
        "decisions right where the measured speedup is outside 1/{CLEAR} to {CLEAR}: {right} of {n}"
    ));
    Ok(Table {
        model: "offload",
        quantity: "speedup".into(),
        unit: "x".into(),
        file: file.to_string(),
        rows,
        notes,
    })
}

fn kernel_row(k: &Value) -> Option<Row> {
    let m = k.get("measured").filter(|m| !m.is_null())?;
    Some(Row {
        label: format!(
            "{} n={}",
            k["kernel"].as_str().unwrap_or("?"),
            k["n"].as_f64().unwrap_or(0.0)
        ),
        measured: m["speedup"].as_f64()?,
        predicted: k["speedup"].as_f64()?,
        decision_right: m["decision_right"].as_bool(),
    })
}
