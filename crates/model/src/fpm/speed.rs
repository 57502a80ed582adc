//! Speed functions s(x) of the functional performance model (FPM paper,
//! Section II; the two groups of functions of Section V) and the time
//! function t(x) = x / s(x).
//!
//! Approximation between measured points: piecewise linear in x. Before the
//! first point the speed is the first point's speed (constant extension down
//! to x = 0, where t(0) = 0). After the last in-core point it is the last
//! point's speed, up to the memory limit if one is set, or without end if
//! none is. Beyond the memory limit the function is undefined, unless an
//! out-of-core curve is given (FPM paper, Section V, Figure 3 versions 2
//! and 3): then the out-of-core points take over right after the limit,
//! again piecewise linear, with constant extension on both sides, so the
//! function is defined for every size.
//!
//! With linear speed s(x) = a + b x on a segment, t(x) = x / (a + b x) has
//! derivative a / (a + b x)^2, so t is monotone on every segment. Hence t is
//! non-decreasing everywhere exactly when it is non-decreasing at the
//! breakpoints (the measured points, the memory limit and the jump to the
//! out-of-core curve): see [`SpeedFunction::time_decrease`].

use super::contention::Contention;
pub use super::error::{Curve, SpeedError};
use super::piecewise::{Knots, Piece, check_in_core, check_out_of_core};
pub use super::point::SpeedPoint;

/// A device's speed as a function of problem size, with its time function.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedFunction {
    in_core: Knots,
    memory_limit_units: Option<f64>,
    out_of_core: Option<Knots>,
    pieces: Vec<Piece>,
}

impl SpeedFunction {
    /// A function through the given points (any order), without memory
    /// limit.
    pub fn new(points: &[SpeedPoint]) -> Result<Self, SpeedError> {
        Ok(Self::assemble(
            Knots::new(points, Curve::InCore)?,
            None,
            None,
        ))
    }

    /// As [`SpeedFunction::new`], from (size units, speed units/s) pairs.
    pub fn from_pairs(pairs: &[(f64, f64)]) -> Result<Self, SpeedError> {
        let points: Vec<SpeedPoint> = pairs.iter().map(|&(x, s)| SpeedPoint::new(x, s)).collect();
        Self::new(&points)
    }

    /// The constant performance model: one speed for every size. Its one
    /// point sits at the smallest positive size, so any memory limit can
    /// be set on it.
    pub fn constant(speed_units_per_s: f64) -> Result<Self, SpeedError> {
        Self::new(&[SpeedPoint::new(f64::MIN_POSITIVE, speed_units_per_s)])
    }

    /// Sets the largest size the device can hold (device memory). Every
    /// in-core point must lie at or below it; between the last point and
    /// the limit the last speed holds.
    pub fn with_memory_limit(self, limit_units: f64) -> Result<Self, SpeedError> {
        if !(limit_units.is_finite() && limit_units > 0.0) {
            return Err(SpeedError::BadMemoryLimit { limit_units });
        }
        check_in_core(&self.in_core, limit_units)?;
        if let Some(ooc) = &self.out_of_core {
            check_out_of_core(ooc, limit_units)?;
        }
        Ok(Self::assemble(
            self.in_core,
            Some(limit_units),
            self.out_of_core,
        ))
    }

    /// Extends the function beyond the memory limit with the speeds of an
    /// out-of-core implementation; every point must lie beyond the limit.
    pub fn with_out_of_core(self, points: &[SpeedPoint]) -> Result<Self, SpeedError> {
        let limit = self
            .memory_limit_units
            .ok_or(SpeedError::OutOfCoreWithoutLimit)?;
        let ooc = Knots::new(points, Curve::OutOfCore)?;
        check_out_of_core(&ooc, limit)?;
        Ok(Self::assemble(self.in_core, Some(limit), Some(ooc)))
    }

    /// The speed scaled by a contention factor (see [`Contention`]).
    pub fn scaled(&self, contention: Contention) -> SpeedFunction {
        self.times(contention.factor())
    }

    /// Every speed multiplied by `k` (above 0), the sizes kept.
    pub fn times(&self, k: f64) -> SpeedFunction {
        let mut in_core = self.in_core.clone();
        in_core.scale(k);
        let ooc = self.out_of_core.clone().map(|mut o| {
            o.scale(k);
            o
        });
        Self::assemble(in_core, self.memory_limit_units, ooc)
    }

    fn assemble(in_core: Knots, limit: Option<f64>, ooc: Option<Knots>) -> Self {
        let mut pieces = Vec::new();
        let mut push = |x0: f64, x1: f64, s0: f64, s1: f64, open_left: bool| {
            if x1 > x0 {
                pieces.push(Piece {
                    x0,
                    x1,
                    s0,
                    s1,
                    open_left,
                });
            }
        };
        let (x, s) = (&in_core.x, &in_core.s);
        let last = x.len() - 1;
        push(0.0, x[0], s[0], s[0], false);
        for k in 0..last {
            push(x[k], x[k + 1], s[k], s[k + 1], false);
        }
        let end = limit.unwrap_or(f64::INFINITY);
        push(x[last], end, s[last], s[last], false);
        if let (Some(l), Some(o)) = (limit, &ooc) {
            let (ox, os) = (&o.x, &o.s);
            let olast = ox.len() - 1;
            push(l, ox[0], os[0], os[0], true);
            for k in 0..olast {
                push(ox[k], ox[k + 1], os[k], os[k + 1], false);
            }
            push(ox[olast], f64::INFINITY, os[olast], os[olast], false);
        }
        SpeedFunction {
            in_core,
            memory_limit_units: limit,
            out_of_core: ooc,
            pieces,
        }
    }

    /// The in-core points, sorted by size.
    pub fn in_core_points(&self) -> Vec<SpeedPoint> {
        self.in_core.points()
    }

    /// The out-of-core points, sorted by size, if any.
    pub fn out_of_core_points(&self) -> Option<Vec<SpeedPoint>> {
        self.out_of_core.as_ref().map(Knots::points)
    }

    /// The device memory limit, units, if one is set.
    pub fn memory_limit_units(&self) -> Option<f64> {
        self.memory_limit_units
    }

    /// The largest size the function is defined for, units: the memory
    /// limit without an out-of-core extension, infinite otherwise.
    pub fn max_size_units(&self) -> f64 {
        match (self.memory_limit_units, &self.out_of_core) {
            (Some(l), None) => l,
            _ => f64::INFINITY,
        }
    }

    /// s(x), units/s; None for a negative or non-finite size or one beyond
    /// [`SpeedFunction::max_size_units`].
    pub fn speed(&self, size_units: f64) -> Option<f64> {
        let x = size_units;
        if !(x.is_finite() && x >= 0.0) {
            return None;
        }
        match (self.memory_limit_units, &self.out_of_core) {
            (Some(l), None) if x > l => None,
            (Some(l), Some(o)) if x > l => Some(o.eval(x)),
            _ => Some(self.in_core.eval(x)),
        }
    }

    /// t(x) = x / s(x), s; None where the speed is undefined.
    pub fn time_s(&self, size_units: f64) -> Option<f64> {
        self.speed(size_units).map(|s| size_units / s)
    }

    /// The largest size whose time is at most `time_s`: x(T) of the FPM
    /// partitioning. Where t is non-decreasing this solves t(x) = T (or is
    /// the maximum size when t never reaches T); where it is not, it is
    /// still the largest such size, so it never decreases as T grows.
    pub fn size_within(&self, time_s: f64) -> f64 {
        self.size_within_capped(time_s, self.max_size_units())
    }

    /// [`SpeedFunction::size_within`] for sizes at most `cap_units`.
    pub(crate) fn size_within_capped(&self, time_s: f64, cap_units: f64) -> f64 {
        if time_s.is_nan() || time_s <= 0.0 {
            return 0.0;
        }
        let cap = cap_units.min(self.max_size_units());
        self.pieces
            .iter()
            .rev()
            .find_map(|p| p.largest_within(time_s, cap))
            .unwrap_or(0.0)
    }

    /// The first pair of neighbouring breakpoints (sizes, units) between
    /// which the time falls, or None when t(x) is non-decreasing
    /// everywhere: the condition under which the FPM partition makes every
    /// device finish at the same time (see the module notes).
    pub fn time_decrease(&self) -> Option<(f64, f64)> {
        let mut prev: Option<(f64, f64)> = None;
        for p in &self.pieces {
            let left = (p.x0, p.x0 / p.s0);
            if let Some((px, pt)) = prev
                && left.1 < pt
            {
                return Some((px, left.0));
            }
            if p.x1.is_infinite() {
                return None;
            }
            let right = (p.x1, p.x1 / p.s1);
            if right.1 < left.1 {
                return Some((left.0, right.0));
            }
            prev = Some(right);
        }
        None
    }
}
