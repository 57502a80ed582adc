//! The piecewise-linear approximation behind a speed function: validated
//! measured points and the pieces of s(x) between breakpoints.

use super::error::{Curve, SpeedError};
use super::point::SpeedPoint;

/// Validated points, sorted by size: sizes strictly increasing, all
/// sizes and speeds finite and positive, at least one point. `given` maps
/// each sorted point to its index in the list as given, for errors.
#[derive(Clone, Debug)]
pub(super) struct Knots {
    pub(super) x: Vec<f64>,
    pub(super) s: Vec<f64>,
    given: Vec<usize>,
}

impl PartialEq for Knots {
    fn eq(&self, other: &Self) -> bool {
        self.x == other.x && self.s == other.s
    }
}

impl Knots {
    pub(super) fn new(points: &[SpeedPoint], curve: Curve) -> Result<Self, SpeedError> {
        if points.is_empty() {
            return Err(SpeedError::NoPoints { curve });
        }
        for (index, p) in points.iter().enumerate() {
            if !(p.size_units.is_finite() && p.size_units > 0.0) {
                return Err(SpeedError::BadSize {
                    curve,
                    index,
                    size_units: p.size_units,
                });
            }
            if !(p.speed_units_per_s.is_finite() && p.speed_units_per_s > 0.0) {
                return Err(SpeedError::BadSpeed {
                    curve,
                    index,
                    speed_units_per_s: p.speed_units_per_s,
                });
            }
        }
        let mut order: Vec<usize> = (0..points.len()).collect();
        order.sort_by(|&a, &b| {
            points[a]
                .size_units
                .total_cmp(&points[b].size_units)
                .then(a.cmp(&b))
        });
        for w in order.windows(2) {
            if points[w[0]].size_units == points[w[1]].size_units {
                return Err(SpeedError::DuplicateSize {
                    curve,
                    first: w[0].min(w[1]),
                    second: w[0].max(w[1]),
                    size_units: points[w[0]].size_units,
                });
            }
        }
        Ok(Knots {
            x: order.iter().map(|&i| points[i].size_units).collect(),
            s: order.iter().map(|&i| points[i].speed_units_per_s).collect(),
            given: order,
        })
    }

    /// Piecewise linear, constant beyond both ends.
    pub(super) fn eval(&self, x: f64) -> f64 {
        let k = self.x.partition_point(|&xi| xi <= x);
        let last = self.x.len() - 1;
        if k == 0 {
            self.s[0]
        } else if k > last {
            self.s[last]
        } else {
            let (x0, x1, s0, s1) = (self.x[k - 1], self.x[k], self.s[k - 1], self.s[k]);
            // The fraction first: (s1 - s0) * (x - x0) overflows at huge sizes.
            s0 + (s1 - s0) * ((x - x0) / (x1 - x0))
        }
    }

    pub(super) fn points(&self) -> Vec<SpeedPoint> {
        self.x
            .iter()
            .zip(&self.s)
            .map(|(&x, &s)| SpeedPoint::new(x, s))
            .collect()
    }

    pub(super) fn scale(&mut self, k: f64) {
        self.s.iter_mut().for_each(|s| *s *= k);
    }
}

/// One piece of the speed function: speed linear from (x0, s0) to (x1, s1);
/// x1 may be infinite (then s1 = s0). `open_left`: x0 itself belongs to the
/// piece before (the jump at the memory limit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Piece {
    pub(super) x0: f64,
    pub(super) x1: f64,
    pub(super) s0: f64,
    pub(super) s1: f64,
    pub(super) open_left: bool,
}

impl Piece {
    fn speed_at(&self, x: f64) -> f64 {
        if self.x1.is_infinite() || self.x1 == self.x0 {
            self.s0
        } else {
            self.s0 + (self.s1 - self.s0) * (x - self.x0) / (self.x1 - self.x0)
        }
    }

    /// Largest x in the piece, at most `cap`, with x / s(x) <= t; None if
    /// there is none. Relies on t being monotone on the piece.
    pub(super) fn largest_within(&self, t: f64, cap: f64) -> Option<f64> {
        if cap < self.x0 || (self.open_left && cap == self.x0) {
            return None;
        }
        let x1 = self.x1.min(cap);
        let s1 = self.speed_at(x1);
        let accept = |x: f64| x > self.x0 || (x == self.x0 && !self.open_left);
        if x1.is_finite() && x1 / s1 <= t {
            return accept(x1).then_some(x1);
        }
        if x1.is_infinite() {
            // Constant speed without end: t grows linearly.
            let x = t * self.s0;
            return accept(x).then_some(x);
        }
        // t(x1) > t: the answer, if any, is the root of x / s(x) = t,
        // which exists only if t rises on the piece from at most t.
        if self.x0 / self.s0 > t {
            return None;
        }
        let b = (s1 - self.s0) / (x1 - self.x0);
        let a = self.s0 - b * self.x0;
        let den = 1.0 - b * t;
        let x = a * t / den;
        let x = if den > 0.0 && x.is_finite() {
            x.clamp(self.x0, x1)
        } else {
            self.x0
        };
        accept(x).then_some(x)
    }
}

pub(super) fn check_in_core(k: &Knots, limit: f64) -> Result<(), SpeedError> {
    match k.x.iter().position(|&x| x > limit) {
        None => Ok(()),
        Some(sorted) => Err(SpeedError::PointBeyondLimit {
            index: k.given[sorted],
            size_units: k.x[sorted],
            limit_units: limit,
        }),
    }
}

pub(super) fn check_out_of_core(k: &Knots, limit: f64) -> Result<(), SpeedError> {
    match k.x.iter().position(|&x| x <= limit) {
        None => Ok(()),
        Some(sorted) => Err(SpeedError::OutOfCorePointWithinLimit {
            index: k.given[sorted],
            size_units: k.x[sorted],
            limit_units: limit,
        }),
    }
}
