//! Host loop times (`hetscope-loops`' CSV): each loop's best measured
//! time at its size and thread count against the OpenMP host model's
//! time for its kernel preset on the platform's host, under the
//! platform's formulation; the other formulations' accuracy in the
//! notes. Only the host side is compared: no GPU ran.

use super::holdout::{Readings, RowKey, holdout_all};
use super::score::{accuracy, kernel_model};
use super::table::{Row, Table};
use crate::{CoreError, Session};
use hetscope_model::offload::{Formulation, OffloadParam, Platform, decide};
use hetscope_preset::Catalog;
use hetscope_preset::offload::{HostLoopRow, HostLoopTimes};

/// The table of a host loop times file.
pub fn host_loops(
    s: &Session,
    times: &HostLoopTimes,
    catalog: &Catalog,
) -> Result<Table, CoreError> {
    let (_, platform) = s.offload.platform(catalog)?;
    let rows = rows_on(s, catalog, &platform, &times.rows)?;
    let r = &times.record;
    let mut notes = vec![
        format!(
            "host loops timed by hetscope-loops on {} ({} logical CPUs), built with {} {}",
            or_unknown(&r.cpu),
            r.logical_cpus.map_or("?".into(), |n| n.to_string()),
            or_unknown(&r.compiler),
            r.cflags
        ),
        "each loop's best run at its size and thread count; the host model on the platform's host at that thread count".into(),
    ];
    let mut readings: Readings = Vec::new();
    for f in Formulation::ALL {
        let mut p = platform.clone();
        p.formulation = f;
        // The platform's own reading is `rows`: not worked out again.
        let read = if f == platform.formulation {
            Ok(rows.clone())
        } else {
            rows_on(s, catalog, &p, &times.rows)
        };
        match read {
            Ok(rows) => {
                notes.push(accuracy_line(f, &rows));
                readings.push((f, rows));
            }
            Err(e) => notes.push(format!("{}: not compared ({e})", f.key())),
        }
    }
    let keys: Vec<RowKey> = times
        .rows
        .iter()
        .map(|r| RowKey::new(&r.kernel_id, r.n, r.threads))
        .collect();
    let held_out = holdout_all(&keys, &readings);
    notes.extend(held_out.iter().map(|h| h.line("host time")));
    Ok(Table {
        model: "offload",
        quantity: "host loop time".into(),
        unit: "s".into(),
        file: times.origin.clone(),
        rows,
        notes,
        held_out,
    })
}

fn or_unknown(s: &str) -> &str {
    if s.is_empty() {
        "an unnamed machine"
    } else {
        s
    }
}

/// "<formulation>: median factor F, P % within 2x".
fn accuracy_line(f: Formulation, rows: &[Row]) -> String {
    match accuracy(rows) {
        Some((median, within)) => format!(
            "{}: host time off by a median factor of {median:.2}, {:.0} % of {} loops within 2x",
            f.key(),
            within * 100.0,
            rows.len()
        ),
        None => format!("{}: no loops compared", f.key()),
    }
}

fn rows_on(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    loops: &[HostLoopRow],
) -> Result<Vec<Row>, CoreError> {
    loops
        .iter()
        .map(|l| {
            let kernel = kernel_model(s, catalog, platform, &l.kernel_id)?;
            let mut p = platform.clone();
            p.set_param(OffloadParam::Threads, l.threads)?;
            let d = decide(&kernel, &p, l.n)?;
            Ok(Row {
                label: format!("{} n={} threads={}", l.kernel, l.n, l.threads),
                measured: l.seconds,
                predicted: d.cpu_seconds,
                decision_right: None,
            })
        })
        .collect()
}
