//! Host loop times (`hetscope-loops`' CSV): each loop's best measured
//! time at its size and thread count against the OpenMP host model's
//! time for its kernel preset on the platform's host, under the
//! platform's formulation; the other formulations' accuracy in the
//! notes. Only the host side is compared: no GPU ran.

use super::offload::kernel_model;
use super::table::{Row, Table};
use crate::{CoreError, Session};
use hetscope_model::offload::{Formulation, OffloadParam, Platform, decide};
use hetscope_preset::Catalog;
use hetscope_preset::offload::{HostLoopRow, HostLoopTimes};

/// How far a prediction is from a measurement, as a factor of at least 1
/// (2: twice or half).
pub fn factor(measured: f64, predicted: f64) -> f64 {
    (predicted / measured).max(measured / predicted)
}

/// (median factor, share of rows within 2x) of `rows`; none without rows.
pub fn accuracy(rows: &[Row]) -> Option<(f64, f64)> {
    let mut f: Vec<f64> = rows
        .iter()
        .map(|r| factor(r.measured, r.predicted))
        .filter(|f| f.is_finite())
        .collect();
    if f.is_empty() {
        return None;
    }
    f.sort_by(f64::total_cmp);
    let n = f.len();
    let median = if n % 2 == 1 {
        f[n / 2]
    } else {
        (f[n / 2 - 1] + f[n / 2]) / 2.0
    };
    let within = f.iter().filter(|x| **x <= 2.0).count() as f64 / n as f64;
    Some((median, within))
}

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
    for f in Formulation::ALL {
        let mut p = platform.clone();
        p.formulation = f;
        let line = match rows_on(s, catalog, &p, &times.rows) {
            Ok(rows) => accuracy_line(f, &rows),
            Err(e) => format!("{}: not compared ({e})", f.key()),
        };
        notes.push(line);
    }
    Ok(Table {
        model: "offload",
        quantity: "host loop time".into(),
        unit: "s".into(),
        file: times.origin.clone(),
        rows,
        notes,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors_and_their_median() {
        assert_eq!(factor(2.0, 1.0), 2.0);
        assert_eq!(factor(1.0, 3.0), 3.0);
        let row = |m, p| Row {
            label: String::new(),
            measured: m,
            predicted: p,
            decision_right: None,
        };
        let (median, within) =
            accuracy(&[row(1.0, 1.5), row(1.0, 0.25), row(2.0, 2.0)]).expect("rows");
        assert_eq!((median, within), (1.5, 2.0 / 3.0));
        assert_eq!(accuracy(&[]), None);
    }
}
