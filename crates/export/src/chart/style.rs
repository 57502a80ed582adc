//! The sizes a chart is laid out with: font sizes and spacings at the
//! export's scale, and the parts of a panel that do not depend on its
//! height.

/// Sizes of one panel's parts that do not depend on the plot height.
pub(super) struct Metrics {
    pub(super) left: f64,
    pub(super) right: f64,
    pub(super) x_ticks_h: f64,
    pub(super) x_title_h: f64,
    pub(super) cat_rotate: bool,
    pub(super) notes: Vec<String>,
    pub(super) legend_rows: Vec<Vec<usize>>,
}

/// Font sizes and spacings at the export's scale.
pub(super) struct Style {
    pub(super) k: f64,
    pub(super) tick: f64,
    pub(super) axis_title: f64,
    pub(super) panel_title: f64,
    pub(super) note: f64,
    pub(super) legend: f64,
    pub(super) marker: f64,
}

impl Style {
    pub(super) fn new(k: f64) -> Style {
        Style {
            k,
            tick: 12.0 * k,
            axis_title: 13.5 * k,
            panel_title: 15.0 * k,
            note: 11.5 * k,
            legend: 11.5 * k,
            marker: 12.0 * k,
        }
    }
    pub(super) fn line_h(&self) -> f64 {
        self.note * 1.35
    }
    pub(super) fn legend_row(&self) -> f64 {
        self.legend * 1.55
    }
    pub(super) fn swatch_w(&self) -> f64 {
        24.0 * self.k
    }
}
