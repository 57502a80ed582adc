//! The suite's predictions: every kernel of a set decided at its size
//! ([`SuiteRow`]) and the geometric-mean speedups of the two policies
//! ([`SuiteSummary`]), which the suite view draws and the measured runs
//! are compared with.

use super::input::{KernelInput, OffloadInput};
use crate::error::FigureError;
use hetscope_model::format::fmt_whole;
use hetscope_model::offload::{Decision, Platform, decide};

/// One kernel's prediction at the suite's size.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteRow {
    pub id: String,
    /// The kernel's name, with `*` when its subscripts are edited.
    pub name: String,
    pub decision: Decision,
}

impl SuiteRow {
    /// The speedup the "always offload" policy gets: the GPU's, or 1 where
    /// the data does not fit the GPU (the loop must stay on the host).
    pub fn always_speedup(&self) -> f64 {
        if self.decision.fits_gpu == Some(false) {
            1.0
        } else {
            self.decision.speedup
        }
    }

    /// The speedup the "offload when predicted profitable" policy gets:
    /// the GPU's when it offloads, 1 when the loop stays on the host.
    pub fn profitable_speedup(&self) -> f64 {
        if self.decision.offload {
            self.decision.speedup
        } else {
            1.0
        }
    }
}

/// Every kernel's prediction and the two policies' geometric means.
#[derive(Clone, Debug, PartialEq)]
pub struct SuiteSummary {
    /// The problem size n of the suite: every kernel's, or the most
    /// kernels' when each runs at its own size (each row's `decision.n`).
    pub size: f64,
    pub rows: Vec<SuiteRow>,
    /// Geometric mean of the predicted speedups when every kernel is
    /// offloaded.
    pub geomean_always: f64,
    /// Geometric mean when only the kernels predicted faster on the GPU
    /// are offloaded.
    pub geomean_profitable: f64,
}

impl SuiteSummary {
    /// How many kernels the model offloads.
    pub fn offloaded(&self) -> usize {
        self.rows.iter().filter(|r| r.decision.offload).count()
    }

    /// The rows whose size is not the suite's.
    pub fn other_sizes(&self) -> impl Iterator<Item = &SuiteRow> {
        self.rows.iter().filter(|r| r.decision.n != self.size)
    }

    /// "n = 9600", with the kernels at another size: "n = 9600 (3DCONV:
    /// n = 452)".
    pub fn size_text(&self) -> String {
        let others: Vec<String> = self
            .other_sizes()
            .map(|r| format!("{}: n = {}", r.name, fmt_whole(r.decision.n)))
            .collect();
        let n = fmt_whole(self.size);
        if others.is_empty() {
            format!("n = {n}")
        } else {
            format!("n = {n} ({})", others.join(", "))
        }
    }
}

/// Geometric mean; NaN without values.
pub(crate) fn geomean(values: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for v in values {
        sum += v.ln();
        count += 1;
    }
    if count == 0 {
        f64::NAN
    } else {
        (sum / count as f64).exp()
    }
}

/// Predict every kernel of the suite as the suite view draws it: each at
/// its own size where the input gives them, else all at the input's size.
pub fn suite_summary(input: &OffloadInput) -> Result<SuiteSummary, FigureError> {
    let items: Vec<(&KernelInput, f64)> = match &input.suite_sizes {
        Some(sizes) if !input.suite.is_empty() => {
            if sizes.len() != input.suite.len() {
                return Err(FigureError::input(
                    format!("{} sizes for {} kernels", sizes.len(), input.suite.len()),
                    "must give one size per kernel",
                ));
            }
            input.suite.iter().zip(sizes.iter().copied()).collect()
        }
        _ => input.suite.iter().map(|k| (k, input.size)).collect(),
    };
    summarize(&input.platform, &items, &input.suite_name)
}

/// Predict each kernel at its own size on `platform`; `set_name` names the
/// set in the error of an empty one.
pub fn summarize(
    platform: &Platform,
    items: &[(&KernelInput, f64)],
    set_name: &str,
) -> Result<SuiteSummary, FigureError> {
    if items.is_empty() {
        return Err(FigureError::input(
            format!("the kernel set '{set_name}'"),
            "is empty: choose at least one kernel",
        ));
    }
    let mut rows = Vec::with_capacity(items.len());
    for (k, n) in items {
        if !(n.is_finite() && *n >= 1.0) {
            return Err(FigureError::input(
                format!("problem size n = {} of {}", fmt_whole(*n), k.name),
                "must be a number of at least 1",
            ));
        }
        let decision =
            decide(&k.kernel, platform, *n).map_err(|e| FigureError::from(e).of(&k.name))?;
        rows.push(SuiteRow {
            id: k.id.clone(),
            name: k.short_label(),
            decision,
        });
    }
    Ok(SuiteSummary {
        size: most_common_size(&rows),
        geomean_always: geomean(rows.iter().map(SuiteRow::always_speedup)),
        geomean_profitable: geomean(rows.iter().map(SuiteRow::profitable_speedup)),
        rows,
    })
}

/// The size most rows share (the first such on a tie).
fn most_common_size(rows: &[SuiteRow]) -> f64 {
    let count = |n: f64| rows.iter().filter(|r| r.decision.n == n).count();
    let mut best = (f64::NAN, 0);
    for r in rows {
        let c = count(r.decision.n);
        if c > best.1 {
            best = (r.decision.n, c);
        }
    }
    best.0
}
