//! Offload figures: the decision for one kernel against the problem size
//! ([`View::Offload`], `sweep.rs`) and the decision for every kernel of a
//! suite at one size ([`View::OffloadSuite`], `suite.rs`).
//!
//! Both are built from an [`OffloadInput`]: plain model values (the
//! platform with its host threads and bus already in it, kernels with
//! their subscripts parsed) that the GUI state and the command line fill
//! from the offload presets. Every number comes from
//! [`hetscope_model::offload`].
//!
//! The offload view has two panels side by side, sharing the size axis:
//! predicted CPU and GPU times (log-log), and the predicted speedup with
//! the 1x line, the crossover sizes marked and labelled, and the chosen
//! size. Two panels rather than one because times (seconds) and speedup
//! (a ratio) need different y axes. The suite view is one bar panel; with
//! measurements (`measured.rs`) a measured bar stands beside each
//! predicted pair and a second panel sets the predicted host, kernel and
//! transfer times beside the measured ones.

mod measured;
mod suite;
mod sweep;

pub use measured::{
    Comparison, MeasuredRun, MeasuredSuite, RunTimes, Skipped, compare as compare_measured,
    legend as measured_legend,
};
pub(crate) use suite::geomean;
pub use suite::{
    SuiteRow, SuiteSummary, build_at as build_suite_at, suite_summary, summarize as summarize_suite,
};
pub use sweep::{CROSSOVER_STEPS, SWEEP_POINTS, crossovers};

use super::{ChartFigure, View};
use crate::error::FigureError;
use hetscope_model::format::{fmt_num, fmt_tick, fmt_whole};
use hetscope_model::offload::{Coalescing, OffloadError, OffloadKernel, Platform};

/// One kernel: its preset id and name, and the model's kernel (its
/// accesses keep the subscripts' text).
#[derive(Clone, Debug, PartialEq)]
pub struct KernelInput {
    pub id: String,
    pub name: String,
    /// Its subscripts differ from the preset's (edited in the GUI).
    pub edited: bool,
    pub kernel: OffloadKernel,
}

impl KernelInput {
    /// The name, with "(subscripts edited)" when they are.
    pub fn label(&self) -> String {
        if self.edited {
            format!("{} (subscripts edited)", self.name)
        } else {
            self.name.clone()
        }
    }

    /// The name as a suite category: a `*` marks edited subscripts.
    pub fn short_label(&self) -> String {
        if self.edited {
            format!("{}*", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// Everything the offload figures are computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct OffloadInput {
    /// Display name of the platform, e.g. "POWER9 + V100 (NVLink 2)".
    pub platform_name: String,
    /// Host CPU (threads included), GPU and bus (bandwidth included).
    pub platform: Platform,
    /// The kernel of the offload view (boxed: the input stays small).
    pub kernel: Box<KernelInput>,
    /// Every kernel of the suite view, in bar order.
    pub suite: Vec<KernelInput>,
    /// Name of the suite, e.g. "all offload kernels".
    pub suite_name: String,
    /// The chosen problem size n (both views).
    pub size: f64,
    /// The sizes the offload view sweeps: `0 < lo < hi`.
    pub size_lo: f64,
    pub size_hi: f64,
    /// A second platform to compare with, drawn over the offload view.
    pub overlay: Option<Box<OverlayPlatform>>,
    /// Measured runs drawn beside the suite view's predictions.
    pub measured: Option<MeasuredSuite>,
    /// Each suite kernel's own size (kernel k at `suite_sizes[k]`: its
    /// test or benchmark size, say) in place of `size` in the suite view,
    /// where given.
    pub suite_sizes: Option<Vec<f64>>,
}

/// A second platform for the offload view: its name, its model and the
/// kernel as launched on it.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayPlatform {
    pub name: String,
    pub platform: Platform,
    pub kernel: OffloadKernel,
}

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

fn check_sizes(input: &OffloadInput) -> Result<(), FigureError> {
    let (lo, hi, n) = (input.size_lo, input.size_hi, input.size);
    if !(lo.is_finite() && hi.is_finite() && lo >= 1.0 && lo < hi) {
        return Err(FigureError::input(
            format!("size range {} .. {}", fmt_num(lo), fmt_num(hi)),
            "must satisfy 1 <= from < to",
        ));
    }
    if !(n.is_finite() && n >= 1.0) {
        return Err(FigureError::input(
            format!("problem size n = {}", fmt_num(n)),
            "must be a number of at least 1",
        ));
    }
    Ok(())
}

/// Subtitle shared by both views: platform, host threads and bus.
fn subtitle(input: &OffloadInput) -> String {
    let p = &input.platform;
    format!(
        "{} | host: {} at {} GHz | bus: {} GB/s | GPU: {} SMs at {} GHz, {} GB/s",
        input.platform_name,
        threads_text(p.cpu.threads),
        fmt_tick(p.cpu.freq_ghz),
        fmt_tick(p.bus.bw_gbs),
        fmt_whole(p.gpu.sm_count),
        fmt_tick(p.gpu.freq_ghz),
        fmt_tick(p.gpu.mem_bw_gbs),
    )
}

/// "160 OpenMP threads", "1 OpenMP thread".
pub fn threads_text(threads: f64) -> String {
    let s = if threads == 1.0 { "" } else { "s" };
    format!("{} OpenMP thread{s}", fmt_whole(threads))
}

/// One access of a kernel as the access table shows it: the text, the
/// array, the symbolic inter-thread stride and its value at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessRow {
    pub text: String,
    pub array: String,
    /// Stride in elements between neighbouring threads, symbolic in the
    /// size parameters (e.g. `n`).
    pub symbolic: String,
    /// The stride at the size, or why there is none.
    pub stride: Result<i128, OffloadError>,
    /// Coalesced at the size (broadcast or unit stride).
    pub coalesced: Option<bool>,
    /// "unit stride", "broadcast", "stride 9600".
    pub class: String,
}

/// The access table of `kernel` at size `n`.
pub fn access_rows(kernel: &OffloadKernel, n: f64) -> Vec<AccessRow> {
    let size = n.round().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    let sizes = [(kernel.size_name.as_str(), size)];
    let par = kernel.parallel_index.as_str();
    kernel
        .accesses
        .iter()
        .map(|a| {
            let acc = &a.access;
            let stride = acc.stride(par, &sizes);
            let (coalesced, class) = match &stride {
                Ok(s) => {
                    let c = Coalescing::of_stride(*s);
                    (Some(c.is_coalesced()), coalescing_text(c))
                }
                Err(_) => (None, "unknown".to_string()),
            };
            AccessRow {
                text: acc.text.clone(),
                array: acc.array.clone().unwrap_or_default(),
                symbolic: acc.symbolic_stride(par).to_string(),
                stride,
                coalesced,
                class,
            }
        })
        .collect()
}

/// "broadcast", "unit stride" or "stride 9600".
pub fn coalescing_text(c: Coalescing) -> String {
    match c {
        Coalescing::Broadcast => "broadcast".into(),
        Coalescing::Unit => "unit stride".into(),
        Coalescing::Strided(s) => format!("stride {s}"),
    }
}

/// Which reading of Hong & Kim the figure draws.
pub(crate) fn formulation_note(p: &hetscope_model::offload::Platform) -> String {
    format!("GPU model: {}.", p.formulation.describe())
}
