//! Every model's verdict on one platform ([`Verdicts`]), on each of the
//! overview's platforms ([`OverviewVerdicts`]), and what changed from the first
//! platform to the second ([`differences`]).

use super::input::{OverviewInput, PlatformInput};
use super::kernels::{OffloadVerdict, SizeMode};
use super::verdict::{BoathullVerdict, Crossing, FpmVerdict, PerdomeVerdict};
use crate::error::FigureError;
use hetscope_model::format::{fmt_sig, fmt_speedup, fmt_speedup_sig, fmt_time};

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
        Verdicts::compute_reusing(p, None)
    }

    /// [`Verdicts::compute`], each model's verdict taken from `last`
    /// where the part of the input it reads is the same (the FPM size
    /// dragged: only FPM's verdict again).
    pub fn compute_reusing(
        p: &PlatformInput,
        last: Option<(&PlatformInput, &Verdicts)>,
    ) -> Result<Verdicts, FigureError> {
        let same = |f: &dyn Fn(&PlatformInput) -> bool| last.filter(|(q, _)| f(q)).map(|(_, v)| v);
        let perdome = match same(&|q| q.perdome == p.perdome) {
            Some(v) => v.perdome.clone(),
            None => PerdomeVerdict::compute(p)?,
        };
        let boathull = match same(&|q| q.boathull == p.boathull && q.name == p.name) {
            Some(v) => v.boathull.clone(),
            None => BoathullVerdict::compute(p)?,
        };
        let offload = match same(&|q| {
            (&q.offload, &q.kernels, q.gpu_mem_bytes) == (&p.offload, &p.kernels, p.gpu_mem_bytes)
        }) {
            Some(v) => v.offload.clone(),
            None => OffloadVerdict::compute(p),
        };
        let fpm = match same(&|q| {
            (&q.fpm_devices, q.fpm_n, q.fpm_integer) == (&p.fpm_devices, p.fpm_n, p.fpm_integer)
        }) {
            Some(v) => v.fpm.clone(),
            None => FpmVerdict::compute(p),
        };
        Ok(Verdicts {
            perdome,
            boathull,
            offload,
            fpm,
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
pub struct OverviewVerdicts {
    pub first: Verdicts,
    pub second: Option<Verdicts>,
}

impl OverviewVerdicts {
    pub fn compute(input: &OverviewInput) -> Result<OverviewVerdicts, FigureError> {
        OverviewVerdicts::compute_reusing(input, None)
    }

    /// [`OverviewVerdicts::compute`], reusing `last`'s verdicts of the
    /// models whose inputs did not change ([`Verdicts::compute_reusing`]).
    pub fn compute_reusing(
        input: &OverviewInput,
        last: Option<(&OverviewInput, &OverviewVerdicts)>,
    ) -> Result<OverviewVerdicts, FigureError> {
        let first = last.map(|(i, v)| (&i.first, &v.first));
        let second = last.and_then(|(i, v)| i.second.as_ref().zip(v.second.as_ref()));
        Ok(OverviewVerdicts {
            first: Verdicts::compute_reusing(&input.first, first)?,
            second: input
                .second
                .as_ref()
                .map(|p| Verdicts::compute_reusing(p, second))
                .transpose()?,
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
    out.extend(offload_differences(a, b));
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

/// How the offload decisions moved: the loops that change side at each
/// size, then the geometric means of offloading where profitable, at
/// each size where both platforms decide the same loops.
fn offload_differences(a: &Verdicts, b: &Verdicts) -> Vec<String> {
    let (oa, ob) = (&a.offload, &b.offload);
    let mut out = Vec::new();
    for mode in SizeMode::BOTH {
        let flips: Vec<String> = oa
            .kernels
            .iter()
            .zip(&ob.kernels)
            .filter_map(|(x, y)| {
                let dx = x.at(mode).decision.as_ref().ok()?;
                let dy = y.at(mode).decision.as_ref().ok()?;
                (x.id == y.id && dx.offload != dy.offload).then(|| {
                    let verb = if dy.offload {
                        "is offloaded"
                    } else {
                        "stays on the host"
                    };
                    format!("{} {verb} there", x.name)
                })
            })
            .collect();
        if !flips.is_empty() {
            out.push(format!(
                "Offload at {} size, decided otherwise on the second platform: {}.",
                mode.key(),
                flips.join(", ")
            ));
        }
    }
    // A mean is compared only over the same loops decided on both (a loop
    // whose data fits one GPU's memory and not the other's has no
    // speedup on one).
    let decided = |o: &OffloadVerdict, mode| {
        o.decisions(mode)
            .map(|(k, _)| k.id.clone())
            .collect::<Vec<_>>()
    };
    let means: Vec<String> = SizeMode::BOTH
        .into_iter()
        .filter(|&mode| decided(oa, mode) == decided(ob, mode))
        .filter_map(|mode| {
            let (ga, gb) = (oa.geomean_profitable(mode), ob.geomean_profitable(mode));
            (ga.is_finite() && gb.is_finite() && fmt_speedup(ga) != fmt_speedup(gb)).then(|| {
                // (Both to three figures: "6.00x against 7.92x".)
                format!(
                    "{} against {} at {} size",
                    fmt_speedup_sig(gb),
                    fmt_speedup_sig(ga),
                    mode.key()
                )
            })
        })
        .collect();
    if !means.is_empty() {
        let none = if out.is_empty() {
            "; no loop changes side"
        } else {
            ""
        };
        out.push(format!(
            "Offload geometric mean: {}{none}.",
            means.join(", ")
        ));
    }
    out
}
