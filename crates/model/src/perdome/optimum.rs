//! Numerical search, for one workload intensity I, of the partition
//! (I_C, I_G) with the highest performance bound and the one with the
//! highest energy efficiency, compared with p-DP, CPU-only and GPU-only.
//!
//! Search: a coarse log2 grid over both valid quadrants (I_C < I < I_G and
//! I_G < I < I_C, `SPAN` octaves each way) and both zero edges, then a
//! pattern search from the best few samples down to 1e-7 octaves. The
//! candidates CO, GO and p-DP are always compared, so the answer is never
//! worse than the best of them.

use super::eval::{self, DpEnergy, WpError, WpEval};
use super::grid::Metric;
use super::machine::Platform;
use super::partition::{Wp, WpKind};

/// Octaves searched above and below I.
pub const SPAN: f64 = 20.0;
const COARSE: usize = 64;
const EDGE: usize = 512;

/// The best partition found for one metric.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Optimum {
    pub eval: WpEval,
    /// GFLOP/s or GFLOP/J, as the metric says.
    pub value: f64,
    /// Its gain over p-DP, as a fraction (0.06 = 6 % better).
    pub gain_over_pdp: f64,
}

/// Search results and the reference partitions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Optima {
    pub i: f64,
    pub best_performance: Optimum,
    pub best_energy: Optimum,
    pub pdp: WpEval,
    pub cpu_only: WpEval,
    pub gpu_only: WpEval,
    pub energy_best_dp: DpEnergy,
}

fn value(e: &WpEval, m: Metric) -> f64 {
    match m {
        Metric::Performance => e.gflops,
        Metric::EnergyEfficiency => e.gflop_per_joule,
    }
}

/// Search both metrics.
pub fn search(p: &Platform, i: f64) -> Result<Optima, WpError> {
    let pdp = eval::evaluate(p, Wp::perfect_dp(i))?;
    let cpu_only = eval::evaluate(p, Wp::cpu_only(i))?;
    let gpu_only = eval::evaluate(p, Wp::gpu_only(i))?;
    let energy_best_dp = eval::energy_best_dp(p, i)?;
    let refs = [pdp, cpu_only, gpu_only];
    // One coarse sampling serves both metrics.
    let samples = coarse_samples(p, i);
    let best_performance = best(p, i, Metric::Performance, &samples, (&refs, &pdp));
    let best_energy = best(p, i, Metric::EnergyEfficiency, &samples, (&refs, &pdp));
    Ok(Optima {
        i,
        best_performance,
        best_energy,
        pdp,
        cpu_only,
        gpu_only,
        energy_best_dp,
    })
}

/// The four samples of the highest value, highest first; of equal values
/// the one sampled first (what a stable sort by value would put first),
/// without sorting them all.
fn best_samples(samples: &[(f64, f64, f64)]) -> Vec<(f64, f64, f64)> {
    let mut top: Vec<(f64, f64, f64)> = Vec::with_capacity(5);
    for s in samples {
        if top.len() == 4 && top[3].2.total_cmp(&s.2).is_ge() {
            continue;
        }
        let at = top
            .iter()
            .position(|t| t.2.total_cmp(&s.2).is_lt())
            .unwrap_or(top.len());
        top.insert(at, *s);
        top.truncate(4);
    }
    top
}

/// A CP partition of `p` at (I_C, I_G) for the workload's `i`: none
/// outside the intensities' range (left out before it is evaluated: the
/// check's error names the value, which allocates, and many samples of a
/// wide span fall outside) or of another kind. `p` and `i` must be valid
/// (`search` checked them with the reference partitions).
fn eval_cp(p: &Platform, i: f64, i_c: f64, i_g: f64) -> Option<WpEval> {
    let range = super::partition::intensity_range(true);
    if !(range.contains(i_c) && range.contains(i_g)) {
        return None;
    }
    eval::evaluate_checked(p, Wp::new(i, i_c, i_g))
        .ok()
        .filter(|e| e.kind == WpKind::Cp)
}

/// The coarse samples in log2 space, (x, y, GFLOP/s, GFLOP/J), over both
/// quadrants and both zero edges (f64::NEG_INFINITY encodes the zero
/// edge on one axis); the grid's step.
struct Samples {
    points: Vec<(f64, f64, f64, f64)>,
    step: f64,
}

fn coarse_samples(p: &Platform, i: f64) -> Samples {
    let c = i.log2();
    let mut points = Vec::with_capacity(2 * COARSE * COARSE + 2 * EDGE);
    let mut push = |x: f64, y: f64, e: Option<WpEval>| {
        if let Some(e) = e {
            points.push((x, y, e.gflops, e.gflop_per_joule));
        }
    };
    let step = SPAN / COARSE as f64;
    for a in 0..COARSE {
        for b in 0..COARSE {
            let below = c - (a as f64 + 0.5) * step;
            let above = c + (b as f64 + 0.5) * step;
            for (x, y) in [(below, above), (above, below)] {
                push(x, y, eval_cp(p, i, x.exp2(), y.exp2()));
            }
        }
    }
    let estep = SPAN / EDGE as f64;
    for k in 0..EDGE {
        let above = c + (k as f64 + 0.5) * estep;
        push(f64::NEG_INFINITY, above, eval_cp(p, i, 0.0, above.exp2()));
        push(above, f64::NEG_INFINITY, eval_cp(p, i, above.exp2(), 0.0));
    }
    Samples { points, step }
}

/// The best partition for metric `m`: the best few coarse samples refined,
/// against the reference partitions `refs` (p-DP among them).
fn best(
    p: &Platform,
    i: f64,
    m: Metric,
    samples: &Samples,
    (refs, pdp): (&[WpEval], &WpEval),
) -> Optimum {
    let of_metric: Vec<(f64, f64, f64)> = samples
        .points
        .iter()
        .map(|&(x, y, perf, energy)| match m {
            Metric::Performance => (x, y, perf),
            Metric::EnergyEfficiency => (x, y, energy),
        })
        .collect();
    let step = samples.step;
    let eval_cp = |i_c: f64, i_g: f64| eval_cp(p, i, i_c, i_g);
    let top = best_samples(&of_metric);
    let to_i = |v: f64| {
        if v == f64::NEG_INFINITY {
            0.0
        } else {
            v.exp2()
        }
    };
    let mut found: Option<WpEval> = None;
    for &(x, y, _) in &top {
        if let Some(e) = refine(x, y, step, &|x, y| {
            eval_cp(to_i(x), to_i(y)).map(|e| (e, value(&e, m)))
        }) && found.is_none_or(|f| value(&e, m) > value(&f, m))
        {
            found = Some(e);
        }
    }
    let mut bestv = found;
    for r in refs {
        // Prefer the named partitions when they tie with a CP point.
        if bestv.is_none_or(|b| value(r, m) >= value(&b, m) * (1.0 - 1e-9)) {
            bestv = Some(*r);
        }
    }
    // refs is never empty, so bestv is set; fall back to p-DP regardless.
    let eval = bestv.unwrap_or(*pdp);
    let v = value(&eval, m);
    Optimum {
        eval,
        value: v,
        gain_over_pdp: v / value(pdp, m) - 1.0,
    }
}

/// Compass search in log2 space; an infinite coordinate (zero edge) stays
/// fixed and only the other one moves.
fn refine(
    x0: f64,
    y0: f64,
    step0: f64,
    f: &dyn Fn(f64, f64) -> Option<(WpEval, f64)>,
) -> Option<WpEval> {
    let (mut x, mut y) = (x0, y0);
    let (mut cur, mut val) = f(x, y)?;
    let mut step = step0;
    let mut budget = 20_000;
    while step > 1e-7 && budget > 0 {
        budget -= 1;
        let mut moved = false;
        for (dx, dy) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
            if (dx != 0.0 && x.is_infinite()) || (dy != 0.0 && y.is_infinite()) {
                continue;
            }
            if let Some((e, v)) = f(x + dx, y + dy)
                && v > val
            {
                x += dx;
                y += dy;
                cur = e;
                val = v;
                moved = true;
                break;
            }
        }
        if !moved {
            step *= 0.5;
        }
    }
    Some(cur)
}

#[cfg(test)]
mod top_tests {
    use super::best_samples;

    #[test]
    fn the_best_four_are_those_a_stable_sort_puts_first() {
        // Values with ties, in a scrambled order.
        let samples: Vec<(f64, f64, f64)> = (0..200)
            .map(|k| (k as f64, 0.0, ((k * 37) % 23) as f64))
            .collect();
        let mut sorted = samples.clone();
        sorted.sort_by(|a, b| b.2.total_cmp(&a.2));
        assert_eq!(best_samples(&samples), sorted[..4].to_vec());
        assert_eq!(best_samples(&samples[..2]), {
            let mut two = samples[..2].to_vec();
            two.sort_by(|a, b| b.2.total_cmp(&a.2));
            two
        });
    }
}
