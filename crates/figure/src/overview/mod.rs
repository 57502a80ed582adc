//! The platform overview ([`View::Overview`]): every model's verdict on
//! one CPU+GPU platform (and optionally a second one beside it), each as a
//! sentence and a small panel of one figure.
//!
//! The input holds each model's parameters of the platform as plain model
//! values (the app layer resolves them from the platform preset, with
//! their sources); `verdict.rs` runs the models, `chart.rs` draws the
//! four panels: PerDome's partitions, where the GPU starts to win per
//! boat hull class, the offload decisions, and the FPM makespans.

mod chart;
mod verdict;

pub use verdict::{
    BoathullVerdict, ClassVerdict, Crossing, FpmVerdict, KernelVerdict, MethodResult,
    OffloadVerdict, PerdomeVerdict, SizeMode, SizedDecision,
};

use super::{ChartFigure, View};
use crate::error::FigureError;
use hetscope_model::boathull::{Cpu, Gpu};
use hetscope_model::format::{fmt_sig, fmt_time};
use hetscope_model::fpm::FpmDevice;
use hetscope_model::offload::{OffloadKernel, Platform as OffloadPlatform};
use hetscope_model::perdome::Scenario;
use hetscope_model::platform::Source;

/// One offload kernel with its two sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewKernel {
    pub id: String,
    pub name: String,
    pub kernel: OffloadKernel,
    pub test_size: f64,
    pub benchmark_size: f64,
}

/// Where one model's parameters come from: in words, and per parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelSources {
    /// "perdome", "boathull", "offload" or "fpm".
    pub model: &'static str,
    /// E.g. "derived from the spec sheets", "processor presets i7-930, gtx470".
    pub from: String,
    /// Which processors the model sees of a node with several, e.g.
    /// "one socket and one GPU" ("" for a node of one of each).
    pub uses: String,
    pub params: Vec<(String, Source)>,
}

/// Every model's parameters of one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformInput {
    /// Preset id.
    pub id: String,
    pub name: String,
    /// The machine in words: CPU, GPU, link.
    pub hardware: String,
    /// PerDome/PeaPaw: the platform with the chosen workload.
    pub perdome: Scenario,
    pub boathull: (Cpu, Gpu),
    pub offload: OffloadPlatform,
    pub kernels: Vec<OverviewKernel>,
    /// Memory of the GPU the offload model uses, bytes (its spec sheet),
    /// against which each kernel's data is checked.
    pub gpu_mem_bytes: Option<f64>,
    pub fpm_devices: Vec<FpmDevice>,
    /// The FPM problem size, in the devices' unit.
    pub fpm_n: f64,
    /// Whole units (blocks).
    pub fpm_integer: bool,
    pub sources: Vec<ModelSources>,
}

/// The overview's input: one platform, or two side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct OverviewInput {
    pub first: PlatformInput,
    pub second: Option<PlatformInput>,
}

/// Every model's verdict on one platform.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdicts {
    pub perdome: PerdomeVerdict,
    pub boathull: BoathullVerdict,
    pub offload: OffloadVerdict,
    pub fpm: FpmVerdict,
}

impl Verdicts {
    pub fn compute(p: &PlatformInput) -> Result<Verdicts, FigureError> {
        Ok(Verdicts {
            perdome: PerdomeVerdict::compute(p)?,
            boathull: BoathullVerdict::compute(p)?,
            offload: OffloadVerdict::compute(p),
            fpm: FpmVerdict::compute(p),
        })
    }

    /// One line for a figure's notes: the categories, the best
    /// partition's gain, the offload decisions and the FPM makespan.
    pub fn summary(&self) -> String {
        let c = &self.perdome.classification;
        let o = &self.offload;
        let count = |m: SizeMode| format!("{} of {}", o.offloaded(m).len(), o.decisions(m).count());
        let fpm = match &self.fpm.methods {
            Ok(_) => fmt_time(self.fpm.makespan(hetscope_model::fpm::Method::Fpm)),
            Err(_) => "does not fit".into(),
        };
        format!(
            "P-Paw {}, E-Paw {}; best partition {} % above p-DP; offload {} kernels at test size, {} at benchmark size; FPM makespan {fpm}.",
            c.p_paw.name(),
            c.e_paw.name(),
            fmt_sig(100.0 * self.perdome.optima.best_performance.gain_over_pdp),
            count(SizeMode::Test),
            count(SizeMode::Benchmark),
        )
    }

    /// The five sentences: PerDome, PeaPaw, boat hull, offload, FPM.
    pub fn sentences(&self) -> [String; 5] {
        [
            self.perdome.sentence(),
            self.perdome.energy_sentence(),
            self.boathull.sentence(),
            self.offload.sentence(),
            self.fpm.sentence(),
        ]
    }
}

/// The verdicts of the input's platforms.
#[derive(Clone, Debug, PartialEq)]
pub struct Overview {
    pub first: Verdicts,
    pub second: Option<Verdicts>,
}

impl Overview {
    pub fn compute(input: &OverviewInput) -> Result<Overview, FigureError> {
        Ok(Overview {
            first: Verdicts::compute(&input.first)?,
            second: input.second.as_ref().map(Verdicts::compute).transpose()?,
        })
    }

    /// What changed from the first platform to the second, in sentences
    /// (empty with one platform).
    pub fn differences(&self) -> Vec<String> {
        let Some(b) = &self.second else {
            return Vec::new();
        };
        differences(&self.first, b)
    }
}

/// Categories that moved, crossovers that shifted, decisions that flipped.
pub fn differences(a: &Verdicts, b: &Verdicts) -> Vec<String> {
    let mut out = Vec::new();
    let (ca, cb) = (&a.perdome.classification, &b.perdome.classification);
    for (what, x, y) in [
        ("P-Paw", ca.p_paw.name(), cb.p_paw.name()),
        ("E-Paw", ca.e_paw.name(), cb.e_paw.name()),
    ] {
        if x == y {
            out.push(format!("{what} stays {x}."));
        } else {
            out.push(format!("{what} moves from {x} to {y}."));
        }
    }
    out.extend(boathull_differences(a, b));
    for mode in SizeMode::BOTH {
        let flips: Vec<String> = a
            .offload
            .kernels
            .iter()
            .zip(&b.offload.kernels)
            .filter_map(|(x, y)| {
                let dx = x.at(mode).decision.as_ref().ok()?;
                let dy = y.at(mode).decision.as_ref().ok()?;
                (x.id == y.id && dx.offload != dy.offload).then(|| {
                    let verb = if dy.offload { "offloads" } else { "stays" };
                    format!("{} {verb}", x.name)
                })
            })
            .collect();
        if !flips.is_empty() {
            out.push(format!(
                "Offload at {} size flips: {}.",
                mode.key(),
                flips.join(", ")
            ));
        }
    }
    let (ta, tb) = (
        a.fpm.makespan(hetscope_model::fpm::Method::Fpm),
        b.fpm.makespan(hetscope_model::fpm::Method::Fpm),
    );
    if a.fpm.unit == b.fpm.unit && a.fpm.n == b.fpm.n && ta.is_finite() && tb.is_finite() {
        out.push(format!(
            "FPM makespan: {} against {} ({} times).",
            fmt_time(tb),
            fmt_time(ta),
            fmt_sig(tb / ta)
        ));
    }
    out
}

/// How the boat hull crossovers moved: one line for the classes whose
/// GPU crossover shifted (the range of factors), one per class whose
/// verdict changed kind.
fn boathull_differences(a: &Verdicts, b: &Verdicts) -> Vec<String> {
    let mut factors = Vec::new();
    let mut changed = Vec::new();
    for (x, y) in a.boathull.classes.iter().zip(&b.boathull.classes) {
        match (x.crossing, y.crossing) {
            (Crossing::GpuFrom(f), Crossing::GpuFrom(g)) => factors.push(g / f),
            (p, q) if p != q => {
                changed.push(format!("{}: {} -> {}", x.example, p.text(), q.text()))
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if !factors.is_empty() {
        let lo = factors.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = factors.iter().copied().fold(0.0, f64::max);
        out.push(format!(
            "Boat hull: where the GPU starts to win moves by a factor of {} to {} ({} classes).",
            fmt_sig(lo),
            fmt_sig(hi),
            factors.len()
        ));
    }
    if !changed.is_empty() {
        out.push(format!("Boat hull: {}.", changed.join("; ")));
    }
    if out.is_empty() {
        out.push("Boat hull: every class keeps its verdict.".into());
    }
    out
}

/// The overview figure; `Err` names what could not be evaluated.
pub fn build(view: View, input: &OverviewInput) -> Result<ChartFigure, FigureError> {
    if view != View::Overview {
        return Err(FigureError::WrongView {
            view: view.key(),
            model: "overview",
        });
    }
    let overview = Overview::compute(input)?;
    Ok(build_from(input, &overview))
}

/// The overview figure of verdicts already computed from `input`.
pub fn build_from(input: &OverviewInput, overview: &Overview) -> ChartFigure {
    chart::build(input, overview)
}
