//! Offload figures: the decision for one kernel against the problem size
//! ([`View::Offload`], `sweep.rs`, its flips found by `crossovers.rs`) and the decision for every kernel of a
//! suite at one size ([`View::OffloadSuite`], `suite.rs`).
//!
//! Both are built from an [`OffloadInput`] (`input.rs`): plain model
//! values (the platform with its host threads and bus already in it,
//! kernels with their subscripts parsed) that the GUI state and the
//! command line fill from the offload presets. Every number comes from
//! [`hetscope_model::offload`]. `summary.rs` decides every kernel of the
//! suite (the suite view draws it, `measured.rs` compares runs with it);
//! `access.rs` is a kernel's access table.
//!
//! The offload view has two panels side by side, sharing the size axis:
//! predicted CPU and GPU times (log-log), and the predicted speedup with
//! the 1x line, the crossover sizes marked and labelled, and the chosen
//! size. Two panels rather than one because times (seconds) and speedup
//! (a ratio) need different y axes. The suite view is one bar panel; with
//! measurements (`measured.rs`) a measured bar stands beside each
//! predicted pair and a second panel sets the predicted host, kernel and
//! transfer times beside the measured ones.

mod access;
mod crossovers;
mod input;
mod measured;
mod measured_runs;
mod suite;
mod summary;
mod sweep;

pub use access::{AccessRow, access_rows, coalescing_text};
pub use crossovers::{CROSSOVER_STEPS, SWEEP_POINTS, crossovers};
pub use input::{KernelInput, OffloadInput, OverlayPlatform, SWEEP, check_sizes, threads_text};
pub use measured::{Comparison, Skipped, compare as compare_measured, legend as measured_legend};
pub use measured_runs::{MeasuredRun, MeasuredSuite, RunTimes};
pub use suite::build_at as build_suite_at;
pub(crate) use summary::geomean;
pub use summary::{SuiteRow, SuiteSummary, suite_summary, summarize as summarize_suite};

use super::{ChartFigure, View};
use crate::error::FigureError;

/// Build the figure of one offload view; `Err` says why the input cannot
/// be drawn (a model error names the parameter).
pub fn build(view: View, input: &OffloadInput) -> Result<ChartFigure, FigureError> {
    check_sizes(input)?;
    match view {
        View::Offload => sweep::build(input),
        View::OffloadSuite => suite::build(input),
        _ => Err(FigureError::WrongView {
            view: view.key(),
            model: "offload",
        }),
    }
}
