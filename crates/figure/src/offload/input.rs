//! What the offload figures are computed from ([`OffloadInput`]: the
//! platform, the kernel of the offload view, the suite, the sizes, a
//! second platform and measured runs), its check, and the texts both
//! views take from it.

use super::measured_runs::MeasuredSuite;
use crate::error::FigureError;
use hetscope_model::Range;
use hetscope_model::format::{fmt_num, fmt_tick, fmt_whole};
use hetscope_model::offload::{OffloadKernel, PROBLEM_SIZE, Platform};
use hetscope_model::platform::Transfers;

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

/// Where the ends of the sizes swept lie: the problem sizes' range
/// ([`PROBLEM_SIZE`]), any number in it.
pub const SWEEP: Range = Range::new(PROBLEM_SIZE.min, PROBLEM_SIZE.max, "");

/// The size range and the chosen size: both ends in [`SWEEP`], the first
/// below the second, and n in [`PROBLEM_SIZE`] (the messages say their
/// bounds, which `tests/cli/hostile_inputs.rs` compares with the ranges').
pub fn check_sizes(input: &OffloadInput) -> Result<(), FigureError> {
    let (lo, hi, n) = (input.size_lo, input.size_hi, input.size);
    if !(SWEEP.contains(lo) && SWEEP.contains(hi) && lo < hi) {
        return Err(FigureError::input(
            format!("size range {} .. {}", fmt_num(lo), fmt_num(hi)),
            "both ends must be between 1 and 1e15, the first below the second",
        ));
    }
    if !PROBLEM_SIZE.contains(n) {
        return Err(FigureError::input(
            format!("problem size n = {}", fmt_num(n)),
            "must be a whole number between 1 and 1e15",
        ));
    }
    Ok(())
}

/// Subtitle shared by both views: platform, host threads and bus.
pub(super) fn subtitle(input: &OffloadInput) -> String {
    let p = &input.platform;
    // The copies of the view's kernel: from the memory it names, where
    // the link gives that memory's rates.
    let memory = input.kernel.kernel.host_memory;
    let bus = p.bus.for_memory(memory);
    let from = match memory {
        Some(t) if bus != p.bus => match t {
            Transfers::Pinned => " (pinned)",
            Transfers::Pageable => " (pageable)",
        },
        _ => "",
    };
    format!(
        "{} | host: {} at {} GHz | bus: {}{from} | GPU: {} SMs at {} GHz, {} GB/s",
        input.platform_name,
        threads_text(p.cpu.threads),
        fmt_tick(p.cpu.freq_ghz),
        bus_text(&bus),
        fmt_whole(p.gpu.sm_count),
        fmt_tick(p.gpu.freq_ghz),
        fmt_tick(p.gpu.mem_bw_gbs),
    )
}

/// The bus's rates: "25 GB/s" for one both ways, "9.4 GB/s up, 15 down"
/// for one each.
pub fn bus_text(bus: &hetscope_model::offload::Bus) -> String {
    if bus.is_symmetric() {
        format!("{} GB/s", fmt_tick(bus.h2d_gbs))
    } else {
        format!(
            "{} GB/s up, {} down",
            fmt_tick(bus.h2d_gbs),
            fmt_tick(bus.d2h_gbs)
        )
    }
}

/// "160 OpenMP threads", "1 OpenMP thread".
pub fn threads_text(threads: f64) -> String {
    let s = if threads == 1.0 { "" } else { "s" };
    format!("{} OpenMP thread{s}", fmt_whole(threads))
}

/// Which reading of Hong & Kim the figure draws.
pub(super) fn formulation_note(p: &Platform) -> String {
    format!("GPU model: {}.", p.formulation.describe())
}
