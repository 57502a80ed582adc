//! The physical range of an adjustable model parameter: both bounds and
//! the unit, defined once next to each parameter (`Param::range`,
//! `OffloadParam::range`, the boat hull's `BoathullParam::range`, ...) and
//! used by the model's checks, hence by the command line, the presets and
//! the GUI's sliders alike.
//!
//! The ranges are generous but physical, and chosen so that no result of
//! a model overflows (to infinity, so to `null` in JSON) or underflows to
//! a division by zero anywhere inside them: tests evaluate every model at
//! the corners of every range.

use std::ops::RangeInclusive;

/// The number formats of the messages below, from `format.rs`.
pub use crate::format::{fmt_bound, fmt_value};

/// Where a parameter's value may lie: `min ..= max` in `unit`, and 0 as
/// well where `zero` is set (an unused processor, no latency); whole
/// numbers only where `whole` is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    pub min: f64,
    pub max: f64,
    pub unit: &'static str,
    /// 0 is allowed besides `min ..= max` (meaning none or unused).
    pub zero: bool,
    /// Whole numbers only.
    pub whole: bool,
}

impl Range {
    /// `min ..= max` in `unit`.
    pub const fn new(min: f64, max: f64, unit: &'static str) -> Range {
        Range {
            min,
            max,
            unit,
            zero: false,
            whole: false,
        }
    }

    /// The same range with 0 allowed as well.
    pub const fn or_zero(self) -> Range {
        Range { zero: true, ..self }
    }

    /// The same range with whole numbers only.
    pub const fn whole(self) -> Range {
        Range {
            whole: true,
            ..self
        }
    }

    /// Whether `v` lies in the range (NaN and infinities never do).
    pub fn contains(&self, v: f64) -> bool {
        if !v.is_finite() {
            return false;
        }
        let inside = (self.min..=self.max).contains(&v) || (self.zero && v == 0.0);
        inside && (!self.whole || v.fract() == 0.0)
    }

    /// The lowest value allowed: 0 where allowed, else `min`.
    pub fn lowest(&self) -> f64 {
        if self.zero {
            self.min.min(0.0)
        } else {
            self.min
        }
    }

    /// `v` moved into the range (NaN goes to the lowest value; whole
    /// ranges round).
    pub fn clamp(&self, v: f64) -> f64 {
        if v.is_nan() {
            return self.lowest();
        }
        let v = if self.whole { v.round() } else { v };
        if self.zero && v <= 0.0 {
            return 0.0;
        }
        if self.zero && v < self.min {
            // Nearer to 0 or to min.
            return if v < self.min / 2.0 { 0.0 } else { self.min };
        }
        v.clamp(self.min, self.max)
    }

    /// From the lowest allowed value to `max`, for a GUI widget.
    pub fn inclusive(&self) -> RangeInclusive<f64> {
        self.lowest()..=self.max
    }

    /// What the range asks for: `between 1e-6 and 1e6 ps`, `0 or between
    /// ...`, `a whole number between 1 and 1e6 threads`.
    pub fn need(&self) -> String {
        let unit = crate::with_space(self.unit);
        let between = format!(
            "between {} and {}{unit}",
            fmt_bound(self.min),
            fmt_bound(self.max)
        );
        match (self.zero, self.whole) {
            (false, false) => between,
            (false, true) => format!("a whole number {between}"),
            (true, false) => format!("0 or {between}"),
            (true, true) => format!("0 or a whole number {between}"),
        }
    }

    /// `Ok` when `v` lies in the range, else the error naming the
    /// parameter (`name`, the symbol users type) and what it is.
    pub fn check(&self, name: &str, what: &str, v: f64) -> Result<(), OutOfRange> {
        if self.contains(v) {
            Ok(())
        } else {
            Err(OutOfRange {
                name: name.to_string(),
                what: what.to_string(),
                value: v,
                range: *self,
            })
        }
    }
}

/// A value outside its parameter's range. The message names the
/// parameter, what it is, its unit and both bounds; the value itself is
/// left to the caller, which shows it where it was given (`--set t_fC=..`,
/// `field = value` of a preset).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{name} ({what}{}) must be {}", unit_part(.range.unit), .range.need())]
pub struct OutOfRange {
    /// The parameter as users type it (`t_fC`, `bus_gbs`, `N_threads`).
    pub name: String,
    /// What it is (`time per flop on the CPU`).
    pub what: String,
    pub value: f64,
    pub range: Range,
}

fn unit_part(unit: &str) -> String {
    if unit.is_empty() {
        String::new()
    } else {
        format!(", {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_both_bounds_and_the_unit() {
        let r = Range::new(1e-6, 1e6, "ps");
        let e = r
            .check("t_fC", "time per flop on the CPU", 1e-307)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "t_fC (time per flop on the CPU, ps) must be between 1e-6 and 1e6 ps"
        );
        let i = Range::new(2f64.powi(-20), 2f64.powi(20), "flop/byte").or_zero();
        assert_eq!(
            i.need(),
            "0 or between 9.5367431640625e-7 (2^-20) and 1.048576e6 (2^20) flop/byte"
        );
        let t = Range::new(1.0, 1e6, "threads").whole();
        assert_eq!(t.need(), "a whole number between 1 and 1e6 threads");
    }

    #[test]
    fn contains_and_clamp() {
        let r = Range::new(1.0, 10.0, "x").whole();
        assert!(r.contains(1.0) && r.contains(10.0) && !r.contains(1.5));
        assert!(!r.contains(f64::NAN) && !r.contains(f64::INFINITY));
        assert_eq!(r.clamp(0.2), 1.0);
        assert_eq!(r.clamp(1e300), 10.0);
        let z = Range::new(1.0, 10.0, "x").or_zero();
        assert!(z.contains(0.0) && !z.contains(0.5) && !z.contains(-0.5));
        assert_eq!(z.clamp(0.2), 0.0);
        assert_eq!(z.clamp(0.7), 1.0);
        assert_eq!(z.clamp(-3.0), 0.0);
        assert_eq!(z.inclusive(), 0.0..=10.0);
    }
}
