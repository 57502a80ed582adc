//! Offload: each measured run's speedup against the one predicted for
//! its kernel at its size and host thread count, and whether the model's
//! decision (offload where the predicted speedup is above 1) is the
//! measured one; every formulation of the offload model read again over
//! the same runs (decisions right, and where the file gives times, how
//! far the host, kernel and transfer times are), and the formulation's
//! choice held out by kernel, size and thread count (`holdout.rs`).

use super::holdout::{Readings, RowKey, holdout_all};
use super::score::{CLEAR, accuracy, clear_right, kernel_model};
use super::table::{Row, Table};
use crate::{CoreError, Session};
use hetscope_figure::offload::MeasuredRun;
use hetscope_model::format::fmt_sig;
use hetscope_model::offload::{Decision, Formulation, OffloadParam, Platform, decide};
use hetscope_preset::Catalog;

/// The table of a file of measured speedups (already in `s`).
pub fn speedups(s: &Session, file: &str, catalog: &Catalog) -> Result<Table, CoreError> {
    let sc = &s.offload;
    let (_, platform) = sc.platform(catalog)?;
    let runs: Vec<MeasuredRun> = sc
        .measured
        .as_ref()
        .map(|m| m.data().runs.clone())
        .unwrap_or_default();
    let decisions = decisions_on(s, catalog, &platform, &runs)?;
    let rows = rows_of(&runs, &decisions);
    let mut notes = vec![
        "each run at its own size and host thread count".to_string(),
        format!(
            "formulation: {} ({})",
            platform.formulation.key(),
            platform.formulation.describe()
        ),
    ];
    let (n, right) = clear_right(rows.iter());
    notes.push(format!(
        "decisions right where the measured speedup is outside 1/{CLEAR} to {CLEAR}: {right} of {n}"
    ));
    if let Some(e) = &platform.speedup_error {
        let close = decisions
            .iter()
            .filter(|d| d.call() == hetscope_model::offload::Call::TooClose)
            .count();
        notes.push(format!(
            "too close to call (the {:.0} % interval, x / {} to x {}, straddles 1): {close} of {} runs",
            100.0 * e.confidence,
            fmt_sig(e.factor),
            fmt_sig(e.factor),
            runs.len()
        ));
    }
    let mut readings: Readings = Vec::new();
    for f in Formulation::ALL {
        // The platform's own reading is `decisions`: not worked out again.
        let mut other = platform.clone();
        other.formulation = f;
        let found;
        let d = if f == platform.formulation {
            &decisions
        } else {
            match decisions_on(s, catalog, &other, &runs) {
                Ok(d) => {
                    found = d;
                    &found
                }
                Err(_) => continue,
            }
        };
        let rows = rows_of(&runs, d);
        if f != platform.formulation {
            let (n, right) = clear_right(rows.iter());
            notes.push(format!(
                "with the {} formulation: decisions right {right} of {n}",
                f.key()
            ));
        }
        if let Some(line) = times_line(f, &runs, d) {
            notes.push(line);
        }
        readings.push((f, rows));
    }
    let keys: Vec<RowKey> = runs
        .iter()
        .map(|r| RowKey::new(&r.kernel, r.n, r.threads))
        .collect();
    let held_out = holdout_all(&keys, &readings);
    notes.extend(held_out.iter().map(|h| h.line("speedup")));
    Ok(Table {
        model: "offload",
        quantity: "speedup".into(),
        unit: "x".into(),
        file: file.to_string(),
        rows,
        notes,
        held_out,
    })
}

/// The decision for each run on `platform`.
fn decisions_on(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    runs: &[MeasuredRun],
) -> Result<Vec<Decision>, CoreError> {
    runs.iter()
        .map(|r| run_decision(s, catalog, platform, r))
        .collect()
}

fn rows_of(runs: &[MeasuredRun], decisions: &[Decision]) -> Vec<Row> {
    runs.iter()
        .zip(decisions)
        .map(|(run, d)| Row {
            label: format!("{} n={}", run.kernel, run.n),
            measured: run.speedup,
            predicted: d.speedup,
            decision_right: Some(d.offload == (run.speedup > 1.0)),
        })
        .collect()
}

/// "<f>: host time off by a median factor of .., GPU kernel .., transfers
/// .." where the runs give times.
fn times_line(f: Formulation, runs: &[MeasuredRun], decisions: &[Decision]) -> Option<String> {
    let part = |of: fn(&hetscope_figure::offload::RunTimes) -> f64, pred: fn(&Decision) -> f64| {
        let rows: Vec<Row> = runs
            .iter()
            .zip(decisions)
            .filter_map(|(r, d)| {
                r.times.as_ref().map(|t| Row {
                    label: String::new(),
                    measured: of(t),
                    predicted: pred(d),
                    decision_right: None,
                })
            })
            .collect();
        accuracy(&rows)
    };
    let host = part(|t| t.cpu_s, |d| d.cpu_seconds)?;
    let kernel = part(|t| t.kernel_s, |d| d.kernel_seconds)?;
    let transfers = part(|t| t.transfer_s, |d| d.transfer_seconds)?;
    let show =
        |(median, within): (f64, f64)| format!("{median:.2} ({:.0} % within 2x)", within * 100.0);
    Some(format!(
        "{} times off by a median factor of: host {}, GPU kernel {}, transfers {}",
        f.key(),
        show(host),
        show(kernel),
        show(transfers)
    ))
}

/// The decision for one measured run's kernel (matched by id or name),
/// size and threads.
fn run_decision(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    run: &MeasuredRun,
) -> Result<Decision, CoreError> {
    let kernel = kernel_model(s, catalog, platform, &run.kernel)?;
    let mut p = platform.clone();
    p.set_param(OffloadParam::Threads, run.threads)?;
    Ok(decide(&kernel, &p, run.n)?)
}
