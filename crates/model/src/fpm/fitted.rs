//! A time function a task runtime fitted to a device's runs: StarPU's
//! linear regression t = a x^b (a straight line in log-log) and its
//! non-linear one t = a x^b + c, each valid over the sizes it was fitted
//! to. The speed function does not use it; it is drawn beside the
//! measured points and partitioned with as an alternative device.

use serde::{Deserialize, Serialize};

use super::point::CALIBRATION_MINIMUM;

/// Sizes a fitted device's speed function is sampled at.
pub const FITTED_POINTS: usize = 24;

/// Which of a runtime's fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FitKind {
    /// t = a x^b (StarPU's `STARPU_REGRESSION_BASED`).
    Linear,
    /// t = a x^b + c (StarPU's `STARPU_NL_REGRESSION_BASED`).
    NonLinear,
}

impl FitKind {
    pub fn name(self) -> &'static str {
        match self {
            FitKind::Linear => "linear regression a x^b",
            FitKind::NonLinear => "non-linear regression a x^b + c",
        }
    }
}

/// t(x) = a x^b + c seconds for a task of x work units (c = 0 for the
/// linear fit), fitted over [min, max] units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FittedTime {
    pub kind: FitKind,
    pub a_s: f64,
    pub b: f64,
    pub c_s: f64,
    /// The smallest and largest task sizes it was fitted to, units.
    pub min_units: f64,
    pub max_units: f64,
    /// Timings it was fitted to.
    pub samples: u64,
}

impl FittedTime {
    /// The time of a task of `x` units, seconds.
    pub fn time_s(&self, x: f64) -> f64 {
        self.a_s * x.powf(self.b) + self.c_s
    }

    /// The speed at `x` (units per second) where `x` lies in the fitted
    /// range and the time there is positive and finite.
    pub fn speed(&self, x: f64) -> Option<f64> {
        let t = self.time_s(x);
        let inside = x >= self.min_units && x <= self.max_units;
        (inside && t.is_finite() && t > 0.0 && x > 0.0).then(|| x / t)
    }

    /// Whether the runtime trusts it: every coefficient a number, enough
    /// timings ([`CALIBRATION_MINIMUM`]) and sizes spread enough (the
    /// smallest under nine tenths of the largest; StarPU's
    /// `VALID_REGRESSION`).
    pub fn valid(&self) -> bool {
        [self.a_s, self.b, self.c_s, self.min_units, self.max_units]
            .iter()
            .all(|v| v.is_finite())
            && self.samples >= CALIBRATION_MINIMUM
            && self.min_units > 0.0
            && self.min_units < 0.9 * self.max_units
    }

    /// The same fit in another work unit w = k x^p (flop from bytes, for
    /// a kernel whose flops are a power of its data size): a power law
    /// in x is one in w, x = (w / k)^(1/p).
    pub fn in_unit(&self, k: f64, p: f64) -> FittedTime {
        let to_w = |x: f64| k * x.powf(p);
        FittedTime {
            a_s: self.a_s * k.powf(-self.b / p),
            b: self.b / p,
            min_units: to_w(self.min_units),
            max_units: to_w(self.max_units),
            ..*self
        }
    }

    /// `n` sizes spread evenly in log over the fitted range.
    pub fn sizes(&self, n: usize) -> Vec<f64> {
        let (lo, hi) = (self.min_units.ln(), self.max_units.ln());
        let steps = n.max(2) - 1;
        (0..=steps)
            .map(|i| (lo + (hi - lo) * i as f64 / steps as f64).exp())
            // The ends exactly the range's (exp of ln rounds).
            .map(|x| x.clamp(self.min_units, self.max_units))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fit(kind: FitKind, a: f64, b: f64, c: f64) -> FittedTime {
        FittedTime {
            kind,
            a_s: a,
            b,
            c_s: c,
            min_units: 1e3,
            max_units: 1e6,
            samples: 40,
        }
    }

    #[test]
    fn the_speed_is_the_size_over_the_fitted_time_inside_its_range_only() {
        let f = fit(FitKind::NonLinear, 1e-9, 1.0, 1e-5);
        // 1e4 units: 1e-5 + 1e-5 s.
        assert!((f.speed(1e4).unwrap() - 1e4 / 2e-5).abs() < 1e-3);
        assert_eq!(f.speed(999.0), None);
        assert_eq!(f.speed(1.1e6), None);
        let negative = fit(FitKind::NonLinear, 1e-9, 1.0, -1.0);
        assert_eq!(negative.speed(1e4), None, "no speed from a negative time");
    }

    #[test]
    fn a_fit_is_valid_with_enough_timings_over_spread_sizes() {
        let f = fit(FitKind::Linear, 1e-9, 1.0, 0.0);
        assert!(f.valid());
        assert!(!FittedTime { samples: 9, ..f }.valid());
        assert!(
            !FittedTime {
                min_units: 0.95e6,
                ..f
            }
            .valid()
        );
        assert!(!FittedTime { a_s: f64::NAN, ..f }.valid());
    }

    #[test]
    fn a_fit_in_another_unit_gives_the_same_time_for_the_same_task() {
        let f = fit(FitKind::NonLinear, 3e-10, 1.2, 2e-5);
        // Flops = 2 x^1.5 (a matrix product's flops from its bytes).
        let (k, p) = (2.0, 1.5);
        let g = f.in_unit(k, p);
        for x in f.sizes(7) {
            let w = k * x.powf(p);
            let (tf, tg) = (f.time_s(x), g.time_s(w));
            assert!((tf - tg).abs() <= 1e-12 * tf, "{x}: {tf} against {tg}");
        }
        assert!((g.min_units - k * 1e3f64.powf(p)).abs() < 1e-6 * g.min_units);
        let s = f.sizes(4);
        assert_eq!(s.len(), 4);
        assert!((s[0] - 1e3).abs() < 1e-9 && (s[3] - 1e6).abs() < 1e-6);
    }
}
