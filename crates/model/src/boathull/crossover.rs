//! Where two boat hull curves cross: the operator complexity f at which a
//! compute equation meets a memory equation (closed form), or at which two
//! processors' times are equal (bisection).

use super::class_vars::ClassVars;

/// The operator complexity f (operations per element) at which
/// `slowdown` x c0(f) = `memory_s`, with c0 = w (f m + o) / P_compute
/// (Section 4.2 / 4.4): f = (memory_s P_compute / (slowdown w) - o) / m.
///
/// `slowdown` is 1 for c0, 2 for the GPU floor c1, the CPU's lanes and
/// threads for its floors. Below this f the primitive is memory bound,
/// above it compute bound. `None` when the compute equation is above the
/// memory time already at f = 0 (always compute bound) or when the inputs
/// give no finite answer.
pub fn balance_complexity(
    vars: &ClassVars,
    p_compute_gflops: f64,
    slowdown: f64,
    memory_s: f64,
) -> Option<f64> {
    let ops = memory_s * p_compute_gflops * 1e9 / slowdown;
    let f = (ops / vars.w - vars.o) / vars.m;
    (f.is_finite() && f >= 0.0).then_some(f)
}

/// Samples scanned for a sign change before bisecting.
const SCAN: usize = 512;

/// The smallest f in [`f_low`, `f_high`] at which `a(f) = b(f)`: the
/// interval is scanned for the first sign change of a - b (geometric
/// steps when it spans more than two decades above 0, even steps
/// otherwise), which is then bisected to full precision. `None` when the
/// curves do not cross in the interval or the bounds are not finite with
/// `f_low <= f_high`.
pub fn crossover(
    f_low: f64,
    f_high: f64,
    a: impl Fn(f64) -> f64,
    b: impl Fn(f64) -> f64,
) -> Option<f64> {
    if !(f_low.is_finite() && f_high.is_finite() && f_low <= f_high) {
        return None;
    }
    let diff = |f: f64| a(f) - b(f);
    let geometric = f_low > 0.0 && f_high / f_low > 100.0;
    let at = |i: usize| {
        let t = i as f64 / SCAN as f64;
        if i == SCAN {
            f_high
        } else if geometric {
            f_low * (f_high / f_low).powf(t)
        } else {
            f_low + (f_high - f_low) * t
        }
    };
    let mut lo = f_low;
    let mut d_lo = diff(lo);
    if d_lo == 0.0 {
        return Some(lo);
    }
    for i in 1..=SCAN {
        let hi = at(i);
        let d_hi = diff(hi);
        if d_hi == 0.0 {
            return Some(hi);
        }
        if d_lo.is_finite() && d_hi.is_finite() && (d_lo < 0.0) != (d_hi < 0.0) {
            return Some(bisect(lo, hi, d_lo, &diff));
        }
        lo = hi;
        d_lo = d_hi;
    }
    None
}

fn bisect(mut lo: f64, mut hi: f64, d_lo: f64, diff: &impl Fn(f64) -> f64) -> f64 {
    let negative_low = d_lo < 0.0;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let d = diff(mid);
        if d == 0.0 {
            return mid;
        }
        if (d < 0.0) == negative_low {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}
