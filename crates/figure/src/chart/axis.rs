//! A chart's axes: linear or log10 placement of data values, the range a
//! set of values needs, and the ticks (one format a log axis).

/// How values are placed along an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Powers of ten equally spaced; values must be > 0.
    Log10,
}

/// One axis of a chart panel.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartAxis {
    /// Name, e.g. "operator complexity f".
    pub label: String,
    /// Unit, e.g. "s" (empty for a pure number).
    pub unit: String,
    pub scale: Scale,
    /// Shown range in data values (`lo < hi`; both > 0 on a log axis).
    pub lo: f64,
    pub hi: f64,
    /// What the title says after the unit, e.g. ", log scale" (a display
    /// choice the reader should know of; not part of the unit).
    pub qualifier: String,
}

impl ChartAxis {
    pub fn new(label: &str, unit: &str, scale: Scale, lo: f64, hi: f64) -> ChartAxis {
        ChartAxis {
            label: label.into(),
            unit: unit.into(),
            scale,
            lo,
            hi,
            qualifier: String::new(),
        }
    }

    /// "label (unit)", with the qualifier: "label (unit, log scale)".
    pub fn title(&self) -> String {
        if self.unit.is_empty() {
            self.label.clone()
        } else {
            format!("{} ({}{})", self.label, self.unit, self.qualifier)
        }
    }

    /// Position of a data value along the axis (log10 of it on a log axis);
    /// `None` for a value that cannot be placed (not finite, or <= 0 on a
    /// log axis).
    pub fn pos(&self, v: f64) -> Option<f64> {
        if !v.is_finite() {
            return None;
        }
        match self.scale {
            Scale::Linear => Some(v),
            Scale::Log10 => (v > 0.0).then(|| v.log10()),
        }
    }

    /// Data value at a position (inverse of [`ChartAxis::pos`]).
    pub fn value_at(&self, pos: f64) -> f64 {
        match self.scale {
            Scale::Linear => pos,
            Scale::Log10 => 10f64.powf(pos),
        }
    }

    /// The shown range as positions.
    pub fn pos_range(&self) -> (f64, f64) {
        match (self.pos(self.lo), self.pos(self.hi)) {
            (Some(a), Some(b)) if b > a => (a, b),
            (Some(a), _) => (a, a + 1.0),
            _ => (0.0, 1.0),
        }
    }

    /// Position of a bar's base: the base itself where it can be placed,
    /// else (a base of 0 or less on a log axis) the bottom of the range.
    /// The GUI and the exporters draw bars from here.
    pub fn base_pos(&self, base: f64) -> f64 {
        self.pos(base).unwrap_or(self.pos_range().0)
    }

    /// Tick values (data values) with their labels. Log axes: powers of
    /// ten (thinned to at most ~10), plus 2x and 5x when the range is
    /// under three decades. Linear axes: round steps.
    pub fn ticks(&self) -> Vec<(f64, String)> {
        self.ticks_as(false)
    }

    /// Whether this axis writes its ticks as powers of ten ("1e3"): a log
    /// axis reaching below 0.001 or above 10000.
    pub fn uses_powers(&self) -> bool {
        let (a, b) = self.pos_range();
        self.scale == Scale::Log10 && !(a.floor() >= -3.0 && b.ceil() <= 4.0)
    }

    /// [`ChartAxis::ticks`], a log axis's written as powers of ten when
    /// `powers` (so that every panel of a figure writes them one way).
    pub fn ticks_as(&self, powers: bool) -> Vec<(f64, String)> {
        let (a, b) = self.pos_range();
        match self.scale {
            Scale::Linear => crate::axis::nice_ticks(a, b, 6)
                .into_iter()
                .map(|t| (t, hetscope_model::format::fmt_tick(t)))
                .collect(),
            Scale::Log10 => {
                let (first, last) = (a.ceil() as i64, b.floor() as i64);
                let n = (last - first + 1).max(1);
                let step = ((n as f64) / 10.0).ceil().max(1.0) as i64;
                let mut out: Vec<(f64, String)> = Vec::new();
                let minor = b - a < 3.0;
                // One format for the whole axis: plain numbers where every
                // tick is from 0.001 to 10000, else all as powers of ten.
                let plain = !powers && a.floor() >= -3.0 && b.ceil() <= 4.0;
                for k in (a.floor() as i64)..=(b.ceil() as i64) {
                    let mantissas: &[f64] = if minor { &[1.0, 2.0, 5.0] } else { &[1.0] };
                    for &m in mantissas {
                        let v = m * 10f64.powi(k as i32);
                        let p = v.log10();
                        let decade = m == 1.0;
                        let shown = if decade {
                            k >= first && k <= last && k.rem_euclid(step) == 0
                        } else {
                            p >= a && p <= b
                        };
                        if shown {
                            out.push((v, log_tick_label(m, k, plain)));
                        }
                    }
                }
                out.sort_by(|x, y| x.0.total_cmp(&y.0));
                out
            }
        }
    }
}

/// A tick of a log axis, `m` x 10^`k` (m 1, 2 or 5): plain ("0.005",
/// "20", "1000") or as a power of ten ("5e-3", "2e1", "1e3").
fn log_tick_label(m: f64, k: i64, plain: bool) -> String {
    if !plain {
        return format!("{m}e{k}");
    }
    if k >= 0 {
        format!("{}", m * 10f64.powi(k as i32))
    } else {
        let decimals = (-k) as usize;
        format!("{:.decimals$}", m * 10f64.powi(k as i32))
    }
}

/// A range covering `vals` with a margin (log axes: whole or half decades
/// around the values > 0; linear: 5 % each side).
pub fn fit_range(scale: Scale, vals: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let ok: Vec<f64> = vals
        .into_iter()
        .filter(|v| v.is_finite() && (scale == Scale::Linear || *v > 0.0))
        .collect();
    let lo = ok.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ok.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    match scale {
        _ if ok.is_empty() => match scale {
            Scale::Linear => (0.0, 1.0),
            Scale::Log10 => (0.1, 10.0),
        },
        Scale::Linear => {
            let span = (hi - lo).abs().max(hi.abs() * 1e-6).max(1e-300);
            let lo2 = if lo >= 0.0 && lo - 0.05 * span < 0.0 {
                0.0
            } else {
                lo - 0.05 * span
            };
            (lo2, hi + 0.08 * span)
        }
        Scale::Log10 => {
            let (a, b) = (lo.log10(), hi.log10());
            let a2 = (a * 2.0 - 0.15).floor() / 2.0;
            let b2 = (b * 2.0 + 0.15).ceil() / 2.0;
            let b2 = if b2 - a2 < 1.0 { a2 + 1.0 } else { b2 };
            (10f64.powf(a2), 10f64.powf(b2))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_axis_places_positive_values_only() {
        let a = ChartAxis::new("t", "s", Scale::Log10, 1e-3, 10.0);
        assert_eq!(a.pos(100.0), Some(2.0));
        assert_eq!(a.pos(0.0), None);
        assert_eq!(a.pos(f64::NAN), None);
        assert!((a.value_at(-2.0) - 0.01).abs() < 1e-15);
        let ticks: Vec<f64> = a.ticks().into_iter().map(|t| t.0).collect();
        assert!(ticks.contains(&1e-3) && ticks.contains(&10.0));
        assert!(ticks.iter().all(|t| (1e-3..=10.0 + 1e-12).contains(t)));
    }

    #[test]
    fn fit_range_covers_values() {
        let (lo, hi) = fit_range(Scale::Log10, [0.003, 70.0, -1.0, f64::NAN]);
        assert!(lo <= 0.003 && hi >= 70.0, "{lo} {hi}");
        let (lo, hi) = fit_range(Scale::Linear, [0.0, 5.0]);
        assert_eq!(lo, 0.0);
        assert!(hi > 5.0);
        assert_eq!(fit_range(Scale::Log10, []), (0.1, 10.0));
    }
    fn labels(lo: f64, hi: f64) -> Vec<String> {
        let a = ChartAxis::new("speedup", "x", Scale::Log10, lo, hi);
        a.ticks().into_iter().map(|t| t.1).collect()
    }

    #[test]
    fn a_log_axis_writes_its_ticks_in_one_format() {
        assert_eq!(
            labels(0.004, 0.3),
            ["0.005", "0.01", "0.02", "0.05", "0.1", "0.2"]
        );
        assert_eq!(labels(1.0, 1e4), ["1", "10", "100", "1000", "10000"]);
        // Past 0.001 to 10000, every tick is a power of ten.
        assert_eq!(
            labels(2e-4, 0.03),
            ["2e-4", "5e-4", "1e-3", "2e-3", "5e-3", "1e-2", "2e-2"]
        );
        assert_eq!(
            labels(1.0, 1e6),
            ["1e0", "1e1", "1e2", "1e3", "1e4", "1e5", "1e6"]
        );
    }
}
