//! How a prediction is scored against a measurement, for every table:
//! the factor between them, the median factor and share within 2x of a
//! set of rows, which measured speedups are clear decisions and how many
//! of those a model gets right; and the offload kernel a measured row
//! names, as a model.

use super::row::Row;
use crate::{CoreError, Session};
use hetscope_model::offload::{OffloadKernel, Platform};
use hetscope_preset::Catalog;

/// Measured speedups below this and above its inverse are clear
/// decisions; between them the host's run-to-run spread decides.
pub const CLEAR: f64 = 1.5;

/// Whether a measured speedup is a clear decision (see [`CLEAR`]).
pub fn is_clear(measured: f64) -> bool {
    !(1.0 / CLEAR..=CLEAR).contains(&measured)
}

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

/// (clear decisions, right among them) of `rows`.
pub fn clear_right<'a>(rows: impl Iterator<Item = &'a Row>) -> (usize, usize) {
    let clear: Vec<Option<bool>> = rows
        .filter(|r| r.decision_right.is_some() && is_clear(r.measured))
        .map(|r| r.decision_right)
        .collect();
    let right = clear.iter().filter(|r| **r == Some(true)).count();
    (clear.len(), right)
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
