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
