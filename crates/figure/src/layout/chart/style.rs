//! The sizes a chart is laid out with: font sizes and spacings at the
//! export's scale, and the parts of a panel that do not depend on its
//! height.

use crate::layout::scene::font;
use crate::text::text_width;

/// Sizes of one panel's parts that do not depend on the plot height.
pub(super) struct Metrics {
    /// The panel's width.
    pub(super) width: f64,
    /// The y axis title in lines (rotated, the first outermost).
    pub(super) y_title: Vec<String>,
    /// The y axis title written level at the right end of the panel's
    /// title line, where the plot is lower than one of its words.
    pub(super) y_title_level: Option<String>,
    pub(super) left: f64,
    pub(super) right: f64,
    pub(super) x_ticks_h: f64,
    pub(super) x_title_h: f64,
    /// Width of the category names left of a horizontal bar panel's plot
    /// (a longer name wraps); 0 for other panels.
    pub(super) names_w: f64,
    /// How the category names are written.
    pub(super) names: CategoryNames,
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
    /// Log axes write their ticks as powers of ten (one panel needs them).
    pub(super) powers: bool,
}

impl Style {
    pub(super) fn new(k: f64) -> Style {
        Style {
            k,
            tick: font(12.0 * k),
            axis_title: font(13.5 * k),
            panel_title: font(15.0 * k),
            note: font(11.5 * k),
            legend: font(11.5 * k),
            marker: font(12.0 * k),
            powers: false,
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

/// How the names under a bar panel are written: upright when they fit
/// their slots, else turned (35, 60 or 90 degrees, the least that keeps
/// neighbours apart), else upright-turned and smaller. Never skipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct CategoryNames {
    /// Degrees, counter-clockwise (0: upright).
    pub(super) angle: f64,
    /// Font size, px.
    pub(super) size: f64,
}

impl CategoryNames {
    pub(super) fn for_slot(names: &[String], slot: f64, st: &Style) -> CategoryNames {
        let size = st.tick;
        let longest = names
            .iter()
            .map(|c| text_width(c, size))
            .fold(0.0, f64::max);
        if longest <= slot * 0.95 {
            return CategoryNames { angle: 0.0, size };
        }
        // Turned names a slot apart are slot * sin(angle) apart across
        // their lines; a line needs 1.1 em.
        for angle in [35.0f64, 60.0, 90.0] {
            if slot * angle.to_radians().sin() >= size * 1.1 {
                return CategoryNames { angle, size };
            }
        }
        CategoryNames {
            angle: 90.0,
            size: font(slot / 1.1),
        }
    }
}
