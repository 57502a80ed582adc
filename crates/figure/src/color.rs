//! The colour scale shared by heat maps, surfaces and their colour bars.

/// A linear colour scale over [min, max] with the viridis map.
#[derive(Clone, Debug, PartialEq)]
pub struct ColorScale {
    pub label: String,
    pub unit: String,
    pub min: f64,
    pub max: f64,
}

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
        }
    }

    /// Position of a value in [0, 1].
    pub fn t(&self, v: f64) -> f64 {
        ((v - self.min) / (self.max - self.min)).clamp(0.0, 1.0)
    }

    pub fn rgb(&self, v: f64) -> [u8; 3] {
        map(self.t(v))
    }

    /// "Performance bound (GFLOP/s)".
    pub fn title(&self) -> String {
        format!("{} ({})", self.label, self.unit)
    }
}

/// Viridis at t in [0, 1].
pub fn map(t: f64) -> [u8; 3] {
    let c = colorous::VIRIDIS.eval_continuous(t.clamp(0.0, 1.0));
    [c.r, c.g, c.b]
}

/// `hex` of an RGB triple, `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}
