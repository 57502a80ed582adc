//! The colour scale shared by heat maps, surfaces and their colour bars.

/// A colour scale over [min, max] with the viridis map, linear or in
/// powers of ten.
#[derive(Clone, Debug, PartialEq)]
pub struct ColorScale {
    pub label: String,
    pub unit: String,
    pub min: f64,
    pub max: f64,
    /// Colours by the logarithm of the value ([`ColorOptions::log`]).
    pub log: bool,
    /// Beside a second platform, this platform's own range rather than
    /// one shared by both ([`ColorOptions::own`]).
    pub own: bool,
}

/// How the heat maps and surfaces colour their values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColorOptions {
    /// By the logarithm of the value: a range of several powers of ten
    /// (platforms of very different size side by side) keeps its detail.
    #[serde(default)]
    pub log: bool,
    /// Beside a second platform, each platform on its own range.
    #[serde(default)]
    pub own: bool,
}

/// Where a log colour scale starts when its range reaches 0: this share
/// of its top.
const LOG_FLOOR: f64 = 1e-3;

/// Colour of cells with no partition (drawn as empty).
pub const EMPTY: [u8; 4] = [0, 0, 0, 0];

impl ColorScale {
    pub fn new(label: &str, unit: &str, range: Option<(f64, f64)>) -> ColorScale {
        let (mut min, mut max) = range.unwrap_or((0.0, 1.0));
        if max.partial_cmp(&min) != Some(std::cmp::Ordering::Greater) {
            let pad = if max.abs() > 0.0 {
                max.abs() * 0.05
            } else {
                1.0
            };
            min -= pad;
            max += pad;
        }
        ColorScale {
            label: label.into(),
            unit: unit.into(),
            min,
            max,
            log: false,
            own: false,
        }
    }

    /// The bottom of a log scale: the range's minimum, or a thousandth of
    /// its top where the minimum is not above 0.
    fn log_min(&self) -> f64 {
        if self.min > 0.0 {
            self.min
        } else {
            (self.max * LOG_FLOOR).max(f64::MIN_POSITIVE)
        }
    }

    /// Position of a value in [0, 1].
    pub fn t(&self, v: f64) -> f64 {
        if self.log && self.max > 0.0 {
            let lo = self.log_min().ln();
            let hi = self.max.ln();
            if hi > lo {
                return ((v.max(f64::MIN_POSITIVE).ln() - lo) / (hi - lo)).clamp(0.0, 1.0);
            }
        }
        ((v - self.min) / (self.max - self.min)).clamp(0.0, 1.0)
    }

    /// The values a colour bar marks: round values of a linear scale, or
    /// 1, 2 and 5 times the powers of ten of a log one (powers only over a
    /// wide range).
    pub fn ticks(&self) -> Vec<f64> {
        if !(self.log && self.max > 0.0) {
            return crate::axis::nice_ticks(self.min, self.max, 6);
        }
        let (lo, hi) = (self.log_min(), self.max);
        let (a, b) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
        let mantissas: &[f64] = if b - a > 3 { &[1.0] } else { &[1.0, 2.0, 5.0] };
        (a..=b)
            .flat_map(|k| mantissas.iter().map(move |m| m * 10f64.powi(k)))
            .filter(|v| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9))
            .collect()
    }

    pub fn rgb(&self, v: f64) -> [u8; 3] {
        map(self.t(v))
    }

    /// "Performance bound (GFLOP/s)", with what the scale is where it is
    /// not the linear one shared by both platforms: "..., log scale",
    /// "..., this platform's own range".
    pub fn title(&self) -> String {
        format!("{} ({}{})", self.label, self.unit, self.qualifier())
    }

    /// ", log scale; this platform's own range" or the part of it that
    /// applies ("" for a linear shared scale).
    pub fn qualifier(&self) -> String {
        let mut q = String::new();
        if self.log {
            q.push_str(", log scale");
        }
        if self.own {
            q.push_str(if self.log { "; " } else { ", " });
            q.push_str("this platform's own range");
        }
        q
    }

    /// This scale with the options' mapping and range (`own` only marks
    /// it: the pair keeps each side's range by not sharing them).
    pub fn with_options(mut self, o: ColorOptions, paired: bool) -> ColorScale {
        self.log = o.log;
        self.own = o.own && paired;
        self
    }
}

/// Entries of the viridis table: a step of 1/4095 changes no channel by
/// more than one of 255.
const LEVELS: usize = 4096;

/// Viridis at t in [0, 1], from a table made once (colorous' spline per
/// cell was most of a heat map's frame).
pub fn map(t: f64) -> [u8; 3] {
    static TABLE: std::sync::OnceLock<Vec<[u8; 3]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..LEVELS)
            .map(|k| {
                let c = colorous::VIRIDIS.eval_continuous(k as f64 / (LEVELS - 1) as f64);
                [c.r, c.g, c.b]
            })
            .collect()
    });
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    table[(t * (LEVELS - 1) as f64).round() as usize]
}

/// `hex` of an RGB triple, `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

#[cfg(test)]
mod table_tests {
    #[test]
    fn the_viridis_table_is_the_spline_within_one_level() {
        for k in 0..=10_000 {
            let t = k as f64 / 10_000.0;
            let c = colorous::VIRIDIS.eval_continuous(t);
            let m = super::map(t);
            for (a, b) in m.iter().zip([c.r, c.g, c.b]) {
                assert!(a.abs_diff(b) <= 1, "t = {t}: {m:?} against {c:?}");
            }
        }
        assert_eq!(super::map(f64::NAN), super::map(0.0));
    }
}
