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

/// Where in [`f_low`, `f_high`] the ratio a(f) / b(f), known within a
/// factor `k` either way, may lie on either side of 1: from the first to
/// the last f of the range where 1 / k < a / b < k, as (from, to). The
/// band's edges are the crossings of a with k b and of k a with b, and a
/// range end where the ratio is inside already; `None` where it is
/// nowhere inside, or `k` is not a finite number above 1.
pub fn band(
    f_low: f64,
    f_high: f64,
    a: impl Fn(f64) -> f64,
    b: impl Fn(f64) -> f64,
    k: f64,
) -> Option<(f64, f64)> {
    if !(k.is_finite() && k > 1.0 && f_low.is_finite() && f_high.is_finite() && f_low <= f_high) {
        return None;
    }
    let inside = |f: f64| {
        let r = a(f) / b(f);
        r.is_finite() && r > 1.0 / k && r < k
    };
    let edges = [
        crossover(f_low, f_high, &a, |f| k * b(f)),
        crossover(f_low, f_high, |f| k * a(f), &b),
    ];
    let mut at: Vec<f64> = edges.into_iter().flatten().collect();
    at.extend([f_low, f_high].into_iter().filter(|f| inside(*f)));
    let from = at.iter().copied().reduce(f64::min)?;
    let to = at.iter().copied().reduce(f64::max)?;
    Some((from, to))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_is_where_the_ratio_is_within_its_factor() {
        // a / b = f / 10: 1 at f = 10, within a factor 2 for f in (5, 20).
        let a = |f: f64| f;
        let b = |_: f64| 10.0;
        let (from, to) = band(1.0, 1000.0, a, b, 2.0).expect("a band");
        assert!(
            (from - 5.0).abs() < 1e-9 && (to - 20.0).abs() < 1e-9,
            "{from} {to}"
        );
        // A range starting inside: the band starts at its low end.
        let (from, to) = band(8.0, 1000.0, a, b, 2.0).expect("a band");
        assert!((from - 8.0).abs() < 1e-12 && (to - 20.0).abs() < 1e-9);
        // Far from 1 throughout: none; a factor of 1 or less: none.
        assert_eq!(band(100.0, 1000.0, a, b, 2.0), None);
        assert_eq!(band(1.0, 1000.0, a, b, 1.0), None);
        assert_eq!(band(1.0, 1000.0, a, b, f64::NAN), None);
    }
}
