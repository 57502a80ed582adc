//! The platform overview ([`View::Overview`]): every model's verdict on
//! one CPU+GPU platform (and optionally a second one beside it), each as a
//! sentence and a small panel of one figure.
//!
//! The input holds each model's parameters of the platform as plain model
//! values (the app layer resolves them from the platform preset, with
//! their sources; `input.rs`); `verdict.rs` runs the models (the
//! offload model over the kernel suite in `kernels.rs`),
//! `platforms.rs` gathers their verdicts per platform and compares two
//! platforms, `chart.rs` draws the four panels: PerDome's partitions,
//! where the GPU starts to win per boat hull class, the offload
//! decisions, and the FPM makespans.

mod chart;
mod input;
mod kernels;
mod platforms;
pub mod sensitivity;
pub mod validation;
mod verdict;

pub use input::{ModelSources, OverviewInput, OverviewKernel, PlatformInput};
pub use kernels::{DecisionError, KernelVerdict, OffloadVerdict, SizeMode, SizedDecision};
pub use platforms::{OverviewVerdicts, Verdicts, differences};
pub use verdict::{
    BoathullVerdict, ClassVerdict, Crossing, FpmVerdict, MethodResult, PerdomeVerdict,
};

use super::{ChartFigure, View};
use crate::error::FigureError;

/// The overview figure; `Err` names what could not be evaluated.
pub fn build(view: View, input: &OverviewInput) -> Result<ChartFigure, FigureError> {
    if view != View::Overview {
        return Err(FigureError::WrongView {
            view: view.key(),
            model: "overview",
        });
    }
    let overview = OverviewVerdicts::compute(input)?;
    Ok(build_from(input, &overview))
}

/// The overview figure of verdicts already computed from `input`.
pub fn build_from(input: &OverviewInput, overview: &OverviewVerdicts) -> ChartFigure {
    chart::build(input, overview)
}
