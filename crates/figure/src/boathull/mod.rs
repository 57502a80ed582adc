//! Boat hull figures (`hetscope_model::boathull`), as [`ChartFigure`]s:
//!
//! - [`View::Boathull`]: execution time against operator complexity f for
//!   one class on one processor, with the compute and memory equations,
//!   every floor the class has, the hull and the totals with the transfer
//!   t0 (dashed), as in the paper's Figures 2 and 3 (`hull.rs`);
//! - [`View::BoathullCompare`]: the same class on two processors, with
//!   their crossovers and the speedup of one over the other (`compare.rs`);
//! - [`View::BoathullRoofline`]: the classic roofline of both processors
//!   with the class (and an application's primitives) placed on it, as in
//!   Figure 1 against Figure 7 (`roofline.rs`);
//! - [`View::BoathullApp`]: an application's primitives as stacked bars
//!   per processor, kernels plus transfers, with the total range (Table 5,
//!   `app.rs`).
//!
//! A measured curve
//! ([`MeasuredCurve`](hetscope_model::boathull::MeasuredCurve)) attached
//! to the input is drawn over the boat hull view with the relative error
//! of the model in a second panel (`measured.rs`, which also states how a
//! measured processor is matched with the view's processors).
//!
//! Everything is computed here from a [`BoathullInput`] (`input.rs`); the
//! GUI and the command line only fill the input in. `curves.rs` holds the
//! model's equations of a processor sampled over f, which the views share.

mod app;
mod compare;
mod curves;
mod hull;
mod input;
pub mod measured;
mod roofline;

pub use input::{
    BoathullInput, BoathullProcessor, DEFAULT_F, DEFAULT_F_RANGE, DEFAULT_SAMPLES, F_LIMITS,
    cpu_assumptions_text, gpu_assumptions_text,
};

use super::{ChartFigure, View};
use crate::error::FigureError;

/// Build the figure of one boat hull view.
pub fn build(view: View, input: &BoathullInput) -> Result<ChartFigure, FigureError> {
    input.check()?;
    match view {
        View::Boathull => hull::build(input),
        View::BoathullCompare => compare::build(input),
        View::BoathullRoofline => roofline::build(input),
        View::BoathullApp => app::build(input),
        _ => Err(FigureError::WrongView {
            view: view.key(),
            model: "boat hull",
        }),
    }
}
