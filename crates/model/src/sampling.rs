//! Values spaced evenly on a log axis: the one sampler of every curve
//! drawn against a log axis and of every scan for a crossover.

/// `count` values from `lo` to `hi` spaced evenly in log(x) (at least
/// two: a `count` below 2 counts as 2). The first is `lo` and the last
/// `hi`, exactly; value `k` in between is `lo * exp(ln(hi / lo) * k /
/// (count - 1))`, computed in that order, so the same arguments give the
/// same bits wherever they are sampled. Meant for `0 < lo <= hi`, both
/// finite; other bounds give what the formula gives between the exact
/// ends.
pub fn log_spaced(lo: f64, hi: f64, count: usize) -> LogSpaced {
    LogSpaced {
        lo,
        hi,
        ratio: (hi / lo).ln(),
        count: count.max(2),
        next: 0,
    }
}

/// The values of [`log_spaced`], in increasing order of their index.
#[derive(Clone, Debug)]
pub struct LogSpaced {
    lo: f64,
    hi: f64,
    /// ln(hi / lo).
    ratio: f64,
    count: usize,
    /// Index of the next value.
    next: usize,
}

impl LogSpaced {
    /// Value `k` of `count` (`k < count`).
    fn at(&self, k: usize) -> f64 {
        let last = self.count - 1;
        if k == 0 {
            self.lo
        } else if k == last {
            self.hi
        } else {
            self.lo * (self.ratio * k as f64 / last as f64).exp()
        }
    }
}

impl Iterator for LogSpaced {
    type Item = f64;

    fn next(&mut self) -> Option<f64> {
        if self.next >= self.count {
            return None;
        }
        let v = self.at(self.next);
        self.next += 1;
        Some(v)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for LogSpaced {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_exact_and_steps_even_in_log() {
        let v: Vec<f64> = log_spaced(1.0, 1e4, 5).collect();
        assert_eq!(v.len(), 5);
        assert_eq!((v[0], v[4]), (1.0, 1e4));
        for (k, x) in v.iter().enumerate() {
            assert!((x.log10() - k as f64).abs() < 1e-12, "{k}: {x}");
        }
    }

    #[test]
    fn at_least_two_values() {
        assert_eq!(log_spaced(2.0, 8.0, 0).collect::<Vec<_>>(), [2.0, 8.0]);
        assert_eq!(log_spaced(2.0, 8.0, 1).len(), 2);
    }

    #[test]
    fn interior_values_follow_the_formula_bit_for_bit() {
        let (lo, hi, n): (f64, f64, usize) = (3.7, 91_234.5, 241);
        let ratio = (hi / lo).ln();
        for (k, x) in log_spaced(lo, hi, n).enumerate().skip(1).take(n - 2) {
            let want = lo * (ratio * k as f64 / (n - 1) as f64).exp();
            assert_eq!(x.to_bits(), want.to_bits(), "{k}");
        }
    }
}
