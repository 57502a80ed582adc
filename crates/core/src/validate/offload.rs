//! Offload: each measured run's speedup against the one predicted for
//! its kernel at its size and host thread count, and whether the model's
//! decision (offload where the predicted speedup is above 1) is the
//! measured one; the decisions right counted again under every other
//! formulation of the offload model, so that the file says what each
//! reading gets right.

use super::table::{Row, Table};
use crate::{CoreError, Session};
use hetscope_figure::offload::MeasuredRun;
use hetscope_model::offload::{Formulation, OffloadKernel, OffloadParam, Platform, decide};
use hetscope_preset::Catalog;

/// Measured speedups below this and above its inverse are clear
/// decisions; between them the host's run-to-run spread decides.
pub const CLEAR: f64 = 1.5;

/// Whether a measured speedup is a clear decision (see [`CLEAR`]).
pub fn is_clear(measured: f64) -> bool {
    !(1.0 / CLEAR..=CLEAR).contains(&measured)
}

/// The table of a file of measured speedups (already in `s`).
pub fn speedups(s: &Session, file: &str, catalog: &Catalog) -> Result<Table, CoreError> {
    let sc = &s.offload;
    let (_, platform) = sc.platform(catalog)?;
    let runs: Vec<MeasuredRun> = sc
        .measured
        .as_ref()
        .map(|m| m.data().runs.clone())
        .unwrap_or_default();
    let rows = runs
        .iter()
        .map(|r| run_row(s, catalog, &platform, r))
        .collect::<Result<Vec<_>, _>>()?;
    let mut notes = vec![
        "each run at its own size and host thread count".to_string(),
        format!(
            "formulation: {} ({})",
            platform.formulation.key(),
            platform.formulation.describe()
        ),
    ];
    let (n, right) = clear_count(rows.iter().map(|r| (r.measured, r.decision_right)));
    notes.push(format!(
        "decisions right where the measured speedup is outside 1/{CLEAR} to {CLEAR}: {right} of {n}"
    ));
    for f in Formulation::ALL
        .into_iter()
        .filter(|f| *f != platform.formulation)
    {
        let mut other = platform.clone();
        other.formulation = f;
        if let Some(line) = other_reading(s, catalog, &other, &runs) {
            notes.push(line);
        }
    }
    Ok(Table {
        model: "offload",
        quantity: "speedup".into(),
        unit: "x".into(),
        file: file.to_string(),
        rows,
        notes,
    })
}

/// (clear decisions, right among them).
fn clear_count(rows: impl Iterator<Item = (f64, Option<bool>)>) -> (usize, usize) {
    let clear: Vec<Option<bool>> = rows.filter(|r| is_clear(r.0)).map(|r| r.1).collect();
    let right = clear.iter().filter(|r| **r == Some(true)).count();
    (clear.len(), right)
}

/// "with the <f> formulation: right k of n" for `platform` read another
/// way, or nothing where that reading cannot run (no caches).
fn other_reading(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    runs: &[MeasuredRun],
) -> Option<String> {
    let rows: Vec<Row> = runs
        .iter()
        .map(|r| run_row(s, catalog, platform, r))
        .collect::<Result<_, _>>()
        .ok()?;
    let (n, right) = clear_count(rows.iter().map(|r| (r.measured, r.decision_right)));
    Some(format!(
        "with the {} formulation: decisions right {right} of {n}",
        platform.formulation.key()
    ))
}

/// The model of the offload kernel named `name` (its id or name, any
/// case), launched as `platform` launches.
pub(super) fn kernel_model(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    name: &str,
) -> Result<OffloadKernel, CoreError> {
    let id = catalog
        .offload_kernel(name)
        .or_else(|| catalog.offload_kernel(&name.to_lowercase()))
        .map(|(e, _)| e.id.clone())
        .ok_or_else(|| CoreError::Unknown {
            kind: "offload kernel",
            key: name.to_string(),
        })?;
    let (preset, _) = s.offload.kernel_preset(catalog, &id)?;
    let launch = platform.runtime.launch(&platform.gpu);
    preset
        .to_model(&launch)
        .map_err(|source| CoreError::OffloadKernel {
            id: id.clone(),
            source: Box::new(source),
        })
}

/// One measured run against the prediction for its kernel (matched by id
/// or name), size and threads.
fn run_row(
    s: &Session,
    catalog: &Catalog,
    platform: &Platform,
    run: &MeasuredRun,
) -> Result<Row, CoreError> {
    let kernel = kernel_model(s, catalog, platform, &run.kernel)?;
    let mut p = platform.clone();
    p.set_param(OffloadParam::Threads, run.threads)?;
    let d = decide(&kernel, &p, run.n)?;
    Ok(Row {
        label: format!("{} n={}", run.kernel, run.n),
        measured: run.speedup,
        predicted: d.speedup,
        decision_right: Some(d.offload == (run.speedup > 1.0)),
    })
}
