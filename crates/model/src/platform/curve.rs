//! A rate measured at several thread counts (a CPU's FMA peak or its
//! memory bandwidth), as spec sheets write it: a list of points
//! (t_i, v_i), (threads, value), thread counts increasing. Its value at
//! t threads:
//! - between two measured counts: linear in threads;
//! - below the first count: that count's rate per thread, v_0 t / t_0;
//! - beyond the last count: flat, v_last (threads beyond those measured
//!   add nothing).

/// The names of the two curves, as files and `sources` write them.
pub const FMA_CURVE: &str = "fma_gflops_by_threads";
pub const TRIAD_CURVE: &str = "triad_gbs_by_threads";
/// The name of a CPU's cache levels (and of their read-bandwidth curves)
/// in its `sources`.
pub const CACHES: &str = "caches";

/// A curve that cannot be used: the field, the offending value and what
/// it must be.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{field}: {value}: must be {need}")]
pub struct CurveError {
    pub field: &'static str,
    pub value: f64,
    pub need: &'static str,
}

/// Checks one curve: thread counts from 1, increasing, each value finite
/// and positive. An empty curve is none and passes.
pub fn check_curve(field: &'static str, curve: &[(u32, f64)]) -> Result<(), CurveError> {
    let mut last = 0;
    for &(t, v) in curve {
        let error = |value: f64, need| CurveError { field, value, need };
        if t <= last {
            return Err(error(
                f64::from(t),
                "a thread count of at least 1, above the one before",
            ));
        }
        if !(v.is_finite() && v > 0.0) {
            return Err(error(v, "a finite positive rate"));
        }
        last = t;
    }
    Ok(())
}

/// The curve's value at `threads` by the rule of this module's
/// documentation; `None` for an empty curve or a thread count that is
/// not finite and positive.
pub fn interpolate(curve: &[(u32, f64)], threads: f64) -> Option<f64> {
    if !(threads.is_finite() && threads > 0.0) {
        return None;
    }
    let &(t0, v0) = curve.first()?;
    let t0 = f64::from(t0);
    if threads <= t0 {
        return Some(v0 * threads / t0);
    }
    for w in curve.windows(2) {
        let ((ta, va), (tb, vb)) = ((f64::from(w[0].0), w[0].1), (f64::from(w[1].0), w[1].1));
        if threads <= tb {
            return Some(va + (vb - va) * (threads - ta) / (tb - ta));
        }
    }
    curve.last().map(|&(_, v)| v)
}

/// The curves of a spec, by field name: a CPU's two; none for a GPU or a
/// link. `Fields::check` checks them and takes their names in `sources`.
pub trait Curves {
    fn curves(&self) -> Vec<(&'static str, &[(u32, f64)])> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn a_curve_is_linear_between_points_proportional_below_and_flat_beyond() {
        let c = [(1, 100.0), (2, 180.0), (4, 300.0), (16, 1200.0)];
        for (t, want) in [
            (1.0, 100.0),
            (2.0, 180.0),
            // Halfway from 2 to 4 threads: 180 + (300 - 180) / 2.
            (3.0, 240.0),
            // A third of the way from 4 to 16: 300 + 900 / 3.
            (8.0, 600.0),
            (16.0, 1200.0),
            // Beyond the last count: flat.
            (32.0, 1200.0),
            // Below the first: the first count's rate per thread.
            (0.5, 50.0),
        ] {
            let got = interpolate(&c, t).unwrap();
            assert!(close(got, want), "{t} threads: {got}, want {want}");
        }
        // A curve from 2 threads: one thread gets half of two's rate.
        assert_eq!(interpolate(&[(2, 180.0), (8, 600.0)], 1.0), Some(90.0));
        assert_eq!(interpolate(&[], 4.0), None);
        for t in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(interpolate(&c, t), None, "{t}");
        }
    }

    #[test]
    fn a_curve_needs_increasing_counts_and_positive_rates() {
        assert!(check_curve(FMA_CURVE, &[(1, 174.0), (2, 340.0), (16, 1345.0)]).is_ok());
        assert!(check_curve(FMA_CURVE, &[]).is_ok());
        let e = check_curve(TRIAD_CURVE, &[(1, 12.0), (4, 40.0), (4, 41.0)]).unwrap_err();
        assert_eq!((e.field, e.value), (TRIAD_CURVE, 4.0));
        assert!(
            e.to_string()
                .starts_with("triad_gbs_by_threads: 4: must be"),
            "{e}"
        );
        let e = check_curve(FMA_CURVE, &[(0, 12.0)]).unwrap_err();
        assert_eq!(e.value, 0.0);
        for bad in [f64::NAN, 0.0, -3.0, f64::INFINITY] {
            let e = check_curve(FMA_CURVE, &[(1, 10.0), (2, bad)]).unwrap_err();
            assert_eq!(e.need, "a finite positive rate", "{bad}");
        }
    }
}
