//! The model's equations of one processor for one class: their times at
//! one f ([`times`]) and sampled over the input's f range ([`curves`]),
//! and the f axis and chosen-f line of the charts that draw them. Shared
//! by the boat hull, two-processor, roofline and measured views.

use super::input::{BoathullInput, BoathullProcessor};
use crate::chart::{ChartAxis, LineStyle, Orientation, RefLine, Scale, palette};
use crate::error::FigureError;
use hetscope_model::boathull::{ClassVars, CpuCompute, Target, TimeRange};
use hetscope_model::format::fmt_tick;

/// One equation of the model drawn as a line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Equation {
    /// "c0", "c1", "m0", ...
    pub key: &'static str,
    /// Legend name, e.g. "c1 floor: no FMA (2 x c0)".
    pub name: String,
    pub color: [u8; 3],
}

fn eq(key: &'static str, name: String, color: [u8; 3]) -> Equation {
    Equation { key, name, color }
}

/// The equations of a processor for a class, in drawing order: compute,
/// compute floors, memory, memory floors. Only the floors the class has.
pub(super) fn equations(p: &BoathullProcessor, vars: &ClassVars) -> Vec<Equation> {
    use palette::*;
    match p.target {
        Target::Gpu { .. } => {
            let mut v = vec![eq("c0", "c0 compute".into(), BLUE)];
            if vars.floors.c1 {
                v.push(eq("c1", "c1 floor: no FMA (2 x c0)".into(), SKY));
            }
            v.push(eq("m0", "m0 memory".into(), VERMILION));
            if vars.floors.m1 {
                v.push(eq("m1", "m1 floor: scattered accesses".into(), ORANGE));
            }
            v
        }
        Target::Cpu { cpu, .. } => {
            // The factors the model uses (`Cpu::slowdown`): one thread is
            // the measured thread speedup slower, else N_threads.
            let slow = |w| fmt_tick(cpu.slowdown(w));
            let mut v = vec![
                eq("c0", "c0 compute".into(), BLUE),
                eq(
                    "c1",
                    format!("c1 floor: scalar ({} x c0)", slow(CpuCompute::Scalar)),
                    SKY,
                ),
                eq(
                    "c2",
                    format!(
                        "c2 floor: one thread ({} x c0)",
                        slow(CpuCompute::SingleThread)
                    ),
                    GREEN,
                ),
                eq(
                    "c3",
                    format!(
                        "c3 floor: one thread, scalar ({} x c0)",
                        slow(CpuCompute::SingleThreadScalar)
                    ),
                    PURPLE,
                ),
            ];
            if let Some(l) = cpu.fma_latency_ns {
                v.push(eq(
                    "c_chain",
                    format!(
                        "chain floor: dependent FMAs, {} ns each ({} x c0)",
                        fmt_tick(l),
                        slow(CpuCompute::Chain)
                    ),
                    ORANGE,
                ));
            }
            v.push(eq("m0", "m0 memory".into(), VERMILION));
            v
        }
    }
}

/// Every equation of a processor at one f, s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Times {
    /// In the order of [`equations`]; the first `n` are used.
    values: [f64; 6],
    n: usize,
    pub m0: f64,
    pub hull: f64,
    /// Host-accelerator transfer t0 (0 on a CPU).
    pub t0: f64,
    /// Kernel time under the processor's assumptions.
    pub range: TimeRange,
    /// A CPU's time with each element's operations one dependent FMA
    /// chain, max(c_chain, m0), where its FMA latency is known.
    pub chained: Option<f64>,
}

impl Times {
    /// The equations' times in the order of [`equations`], s.
    pub fn values(&self) -> &[f64] {
        &self.values[..self.n]
    }
}

/// The equations of `p` for `vars` at `f` (no allocation: this runs for
/// every sample of every curve).
pub(super) fn times(p: &BoathullProcessor, vars: &ClassVars, f: f64) -> Result<Times, FigureError> {
    let err = |e: hetscope_model::boathull::BoatHullError| FigureError::from(e).of(p.short_name());
    match p.target {
        Target::Gpu { gpu, assume } => {
            let t = gpu.times(vars, f).map_err(err)?;
            let mut values = [0.0; 6];
            let mut n = 0;
            for v in [Some(t.c0_s), t.c1_s, Some(t.m0_s), t.m1_s]
                .into_iter()
                .flatten()
            {
                values[n] = v;
                n += 1;
            }
            Ok(Times {
                values,
                n,
                m0: t.m0_s,
                hull: t.hull_s(),
                t0: t.t0_s,
                range: t.range(assume),
                chained: None,
            })
        }
        Target::Cpu { cpu, assume } => {
            let t = cpu.times(vars, f).map_err(err)?;
            let mut values = [t.c0_s, t.c1_s, t.c2_s, t.c3_s, t.m0_s, 0.0];
            let n = match t.chain_s {
                Some(chain) => {
                    values[4..].copy_from_slice(&[chain, t.m0_s]);
                    6
                }
                None => 5,
            };
            Ok(Times {
                values,
                n,
                m0: t.m0_s,
                hull: t.hull_s(),
                t0: 0.0,
                range: t.range(assume),
                chained: t.chain_s.map(|c| c.max(t.m0_s)),
            })
        }
    }
}

/// The sampled curves of one processor: the equations, the hull and t0.
pub(super) struct Curves {
    pub equations: Vec<Equation>,
    pub f: Vec<f64>,
    /// One vector per equation.
    pub lines: Vec<Vec<f64>>,
    pub hull: Vec<f64>,
    pub t0: f64,
}

/// Sample every equation of `p` over the input's f range.
pub(super) fn curves(input: &BoathullInput, p: &BoathullProcessor) -> Result<Curves, FigureError> {
    let vars = p.vars(&input.class, &input.options);
    let equations = equations(p, &vars);
    let f = input.f_samples();
    let mut lines = vec![Vec::with_capacity(f.len()); equations.len()];
    let mut hull = Vec::with_capacity(f.len());
    let mut t0 = 0.0;
    for &x in &f {
        let t = times(p, &vars, x)?;
        for (line, v) in lines.iter_mut().zip(t.values()) {
            line.push(*v);
        }
        hull.push(t.hull);
        t0 = t.t0;
    }
    Ok(Curves {
        equations,
        f,
        lines,
        hull,
        t0,
    })
}

/// The f axis of the boat hull charts.
pub(super) fn f_axis(input: &BoathullInput) -> ChartAxis {
    let (lo, hi) = input.f_range();
    ChartAxis::new("operator complexity f", "ops/element", Scale::Log10, lo, hi)
}

/// A vertical line at the chosen f.
pub(super) fn f_line(f: f64) -> RefLine {
    RefLine {
        orientation: Orientation::Vertical,
        value: f,
        label: format!("chosen f = {}", fmt_tick(f)),
        color: palette::GREY,
        style: LineStyle::Dotted,
    }
}
