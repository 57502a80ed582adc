//! Axes: log2 intensity axes with a band for zero, and linear value axes.

/// Width of the zero band and the gap before it, in octaves.
pub const ZERO_BAND: f64 = 0.8;
pub const ZERO_GAP: f64 = 0.4;

/// One axis of a figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// Symbol or name, e.g. `I_C`.
    pub label: String,
    /// Unit, e.g. `flop/byte`.
    pub unit: String,
    /// Range in plot coordinates (log2 of the value for a log2 axis).
    pub lo: f64,
    pub hi: f64,
    pub log2: bool,
    /// A log2 axis that also shows the value 0 in a band below `lo`.
    pub zero_band: bool,
}

impl Axis {
    pub fn log2_intensity(label: &str, lo: f64, hi: f64) -> Axis {
        Axis {
            label: label.into(),
            unit: "flop/byte".into(),
            lo,
            hi,
            log2: true,
            zero_band: true,
        }
    }

    pub fn linear(label: &str, unit: &str, lo: f64, hi: f64) -> Axis {
        Axis {
            label: label.into(),
            unit: unit.into(),
            lo,
            hi,
            log2: false,
            zero_band: false,
        }
    }

    /// "I_C (flop/byte)".
    pub fn title(&self) -> String {
        if self.unit.is_empty() {
            self.label.clone()
        } else {
            format!("{} ({})", self.label, self.unit)
        }
    }

    /// Plot coordinate of the middle of the zero band.
    pub fn zero_pos(&self) -> f64 {
        self.lo - ZERO_GAP - ZERO_BAND / 2.0
    }

    /// Start of the drawn range, including the zero band.
    pub fn full_lo(&self) -> f64 {
        if self.zero_band {
            self.lo - ZERO_GAP - ZERO_BAND
        } else {
            self.lo
        }
    }

    /// Plot coordinate of a value; `None` if it cannot be shown.
    pub fn pos(&self, v: f64) -> Option<f64> {
        if !v.is_finite() {
            return None;
        }
        if self.log2 {
            if v > 0.0 {
                Some(v.log2())
            } else if v == 0.0 && self.zero_band {
                Some(self.zero_pos())
            } else {
                None
            }
        } else {
            Some(v)
        }
    }

    /// Value at a plot coordinate (inverse of [`Axis::pos`]); the zero band
    /// maps to 0, the gap to `None`.
    pub fn value_at(&self, pos: f64) -> Option<f64> {
        if !self.log2 {
            return Some(pos);
        }
        if pos >= self.lo {
            Some(pos.exp2())
        } else if self.zero_band && pos >= self.full_lo() && pos <= self.lo - ZERO_GAP {
            Some(0.0)
        } else {
            None
        }
    }

    /// Tick positions and labels. Log2 axes: integer powers of two written
    /// as `2^k` (thinned to at most ~12), plus `0` in the zero band.
    pub fn ticks(&self) -> Vec<(f64, String)> {
        let mut out = Vec::new();
        if self.log2 {
            if self.zero_band {
                out.push((self.zero_pos(), "0".to_string()));
            }
            let first = self.lo.ceil() as i64;
            let last = self.hi.floor() as i64;
            let n = (last - first + 1).max(1);
            let step = ((n as f64) / 12.0).ceil().max(1.0) as i64;
            let mut k = first;
            while k <= last {
                if k.rem_euclid(step) == 0 {
                    out.push((k as f64, pow2_label(k)));
                }
                k += 1;
            }
        } else {
            for t in nice_ticks(self.lo, self.hi, 6) {
                out.push((t, hetscope_model::format::fmt_tick(t)));
            }
        }
        out
    }
}

/// `2^k` with a superscript-free ASCII caret, e.g. `2^-3`.
pub fn pow2_label(k: i64) -> String {
    format!("2^{k}")
}

/// Round tick values covering [lo, hi], about `n` of them.
pub fn nice_ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return vec![lo];
    }
    let raw = (hi - lo) / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let step = mag
        * if norm < 1.5 {
            1.0
        } else if norm < 3.0 {
            2.0
        } else if norm < 7.0 {
            5.0
        } else {
            10.0
        };
    let mut t = (lo / step).ceil() * step;
    let mut out = Vec::new();
    while t <= hi + step * 1e-9 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}
