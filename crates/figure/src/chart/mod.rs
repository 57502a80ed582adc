//! Generic 2-D charts: line series, bars, markers and reference lines on
//! linear or log10 axes, in one or more panels. The boat hull, FPM and
//! offload figures are described with these; the GUI (`gui::chart_view`)
//! and the exporters (`export::chart`, CSV) draw any of them, through the
//! one layout (`layout::chart`).
//!
//! All coordinates are data values (seconds, GFLOP/s, units...), never
//! log values: the axis' [`Scale`] says how they are placed (`axis.rs`:
//! the axes, their ranges and ticks).

mod axis;

pub use axis::{ChartAxis, Scale, fit_range};

/// Line dash style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    Solid,
    Dashed,
    Dotted,
}

/// A polyline through data points. Points that cannot be placed on the
/// axes (NaN, <= 0 on a log axis) break the line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend name.
    pub name: String,
    pub color: [u8; 3],
    pub style: LineStyle,
    /// Stroke width in points at the reference size.
    pub width: f32,
    /// Draw a dot at each point (measured data).
    pub points_only: bool,
    pub points: Vec<[f64; 2]>,
    /// Leave out of the legend (e.g. a construction line already labelled).
    pub hide_in_legend: bool,
    /// What each point is (e.g. the kernel a measured point is of), named
    /// on hover; empty: the points have no names of their own.
    pub point_labels: Vec<String>,
}

impl Series {
    pub fn line(name: &str, color: [u8; 3], points: Vec<[f64; 2]>) -> Series {
        Series {
            name: name.into(),
            color,
            style: LineStyle::Solid,
            width: 1.8,
            points_only: false,
            points,
            hide_in_legend: false,
            point_labels: Vec::new(),
        }
    }

    /// Name each point (for the hover readout).
    pub fn labelled(mut self, labels: Vec<String>) -> Series {
        self.point_labels = labels;
        self
    }

    pub fn dashed(mut self) -> Series {
        self.style = LineStyle::Dashed;
        self
    }

    pub fn dotted(mut self) -> Series {
        self.style = LineStyle::Dotted;
        self
    }

    pub fn width(mut self, w: f32) -> Series {
        self.width = w;
        self
    }

    pub fn points_only(mut self) -> Series {
        self.points_only = true;
        self
    }
}

/// One bar: in category `category`, from `base` to `value` (stacked bars
/// give the previous top as base). `range` draws an error bar (e.g. the
/// span of an unknown coalescing).
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub category: usize,
    pub base: f64,
    pub value: f64,
    pub range: Option<(f64, f64)>,
    /// Hover / label text, e.g. "resize: 1.2 ms".
    pub label: String,
}

/// Bars of one colour (one legend entry). Several sets in a panel sit side
/// by side in each category by `offset` (in category widths, e.g. -0.2 and
/// +0.2) or stack by their bases.
#[derive(Clone, Debug, PartialEq)]
pub struct BarSet {
    pub name: String,
    pub color: [u8; 3],
    /// Width in category widths (0..1).
    pub width: f64,
    pub offset: f64,
    pub bars: Vec<Bar>,
    /// Write each bar's value above it.
    pub value_labels: bool,
}

/// A labelled point.
#[derive(Clone, Debug, PartialEq)]
pub struct PointMarker {
    pub label: String,
    pub x: f64,
    pub y: f64,
    pub color: [u8; 3],
}

/// Orientation of a reference line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// y = value.
    Horizontal,
    /// x = value.
    Vertical,
}

/// A full-width or full-height line at one value (e.g. the 1x speedup
/// line, the chosen n), labelled.
#[derive(Clone, Debug, PartialEq)]
pub struct RefLine {
    pub orientation: Orientation,
    pub value: f64,
    pub label: String,
    pub color: [u8; 3],
    pub style: LineStyle,
}

/// One plot area with its axes.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPanel {
    pub title: String,
    pub x: ChartAxis,
    pub y: ChartAxis,
    /// Category names for bar charts: category `k` is centred at x = k
    /// (the x axis is then linear from -0.5 to n - 0.5 and labelled with
    /// these names instead of numbers).
    pub categories: Vec<String>,
    pub series: Vec<Series>,
    pub bars: Vec<BarSet>,
    pub markers: Vec<PointMarker>,
    pub ref_lines: Vec<RefLine>,
    /// Lines of text under the panel (readouts, explanations).
    pub notes: Vec<String>,
    /// Bars lie along x (a tornado): `x` is the value axis, the
    /// categories stand one under the other on `y`, the first at the top,
    /// named in full left of the plot.
    pub horizontal: bool,
}

impl ChartPanel {
    pub fn new(title: &str, x: ChartAxis, y: ChartAxis) -> ChartPanel {
        ChartPanel {
            title: title.into(),
            x,
            y,
            categories: Vec::new(),
            series: Vec::new(),
            bars: Vec::new(),
            markers: Vec::new(),
            ref_lines: Vec::new(),
            notes: Vec::new(),
            horizontal: false,
        }
    }

    /// A bar panel whose bars lie along the value axis `x`, one category
    /// under the other (the first at the top): a tornado chart.
    pub fn bars_across(title: &str, categories: Vec<String>, x: ChartAxis) -> ChartPanel {
        let n = categories.len().max(1) as f64;
        let mut p = ChartPanel::new(
            title,
            x,
            ChartAxis::new("", "", Scale::Linear, -0.5, n - 0.5),
        );
        p.categories = categories;
        p.horizontal = true;
        p
    }

    /// Where category `i` stands on its axis (x, or y counted from the
    /// bottom in a horizontal panel, so that the first is at the top).
    pub fn category_at(&self, i: usize) -> f64 {
        if self.horizontal {
            self.categories.len().max(1) as f64 - 1.0 - i as f64
        } else {
            i as f64
        }
    }

    /// The axis along which the categories stand, and the value axis.
    pub fn category_and_value_axes(&self) -> (&ChartAxis, &ChartAxis) {
        if self.horizontal {
            (&self.y, &self.x)
        } else {
            (&self.x, &self.y)
        }
    }

    /// Whether category names go under the plot (a vertical bar panel).
    pub fn names_under(&self) -> bool {
        !self.categories.is_empty() && !self.horizontal
    }

    /// A bar panel over named categories with a value axis `y`.
    pub fn bars(title: &str, categories: Vec<String>, y: ChartAxis) -> ChartPanel {
        let n = categories.len().max(1) as f64;
        let mut p = ChartPanel::new(
            title,
            ChartAxis::new("", "", Scale::Linear, -0.5, n - 0.5),
            y,
        );
        p.categories = categories;
        p
    }

    /// Whether this is a bar panel (named categories or bars): drawn
    /// with category labels and without zoom.
    pub fn is_bar_panel(&self) -> bool {
        !self.categories.is_empty() || !self.bars.is_empty()
    }

    /// Whether another bar of the panel stacks on `bar` of `set` (same
    /// category and offset, its base at this bar's value): a value label
    /// then goes inside the bar rather than above it.
    pub fn is_stacked_under(&self, set: &BarSet, bar: &Bar) -> bool {
        let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1e-300);
        self.bars.iter().any(|s| {
            near(s.offset, set.offset)
                && s.bars.iter().any(|b| {
                    b.category == bar.category && !std::ptr::eq(b, bar) && near(b.base, bar.value)
                })
        })
    }

    /// Set the y range to cover every drawn value (series, bars with their
    /// ranges, markers), with a margin; on a log axis only values > 0
    /// count. `floor`: a value the range must include (e.g. 0 for bars).
    pub fn fit_y(&mut self, floor: Option<f64>) {
        let mut vals: Vec<f64> = Vec::new();
        for s in &self.series {
            vals.extend(s.points.iter().map(|p| p[1]));
        }
        for b in self.bars.iter().flat_map(|s| &s.bars) {
            vals.push(b.value);
            vals.push(b.base);
            if let Some((lo, hi)) = b.range {
                vals.extend([lo, hi]);
            }
        }
        vals.extend(self.markers.iter().map(|m| m.y));
        vals.extend(
            self.ref_lines
                .iter()
                .filter(|r| r.orientation == Orientation::Horizontal)
                .map(|r| r.value),
        );
        vals.extend(floor);
        let (lo, hi) = fit_range(self.y.scale, vals);
        self.y.lo = lo;
        self.y.hi = hi;
    }
}

/// A chart figure: a title and one or more panels side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartFigure {
    pub title: String,
    pub subtitle: String,
    pub panels: Vec<ChartPanel>,
    /// Lines of text under all panels.
    pub notes: Vec<String>,
}

impl ChartFigure {
    /// Most panels side by side in one row.
    pub const MAX_PER_ROW: usize = 3;

    /// The panels in rows, as the GUI and the exporters lay them out: up
    /// to [`Self::MAX_PER_ROW`] in one row, more in rows as even as
    /// possible (four panels: two rows of two).
    pub fn rows(&self) -> Vec<&[ChartPanel]> {
        let n = self.panels.len();
        if n == 0 {
            return Vec::new();
        }
        let per_row = n.div_ceil(n.div_ceil(Self::MAX_PER_ROW));
        self.panels.chunks(per_row).collect()
    }
}

/// Colours shared by the chart figures (Okabe-Ito, readable in print and
/// by colour-blind readers).
pub mod palette {
    pub const BLACK: [u8; 3] = [0, 0, 0];
    pub const ORANGE: [u8; 3] = [230, 159, 0];
    pub const SKY: [u8; 3] = [86, 180, 233];
    pub const GREEN: [u8; 3] = [0, 158, 115];
    pub const YELLOW: [u8; 3] = [240, 228, 66];
    pub const BLUE: [u8; 3] = [0, 114, 178];
    pub const VERMILION: [u8; 3] = [213, 94, 0];
    pub const PURPLE: [u8; 3] = [204, 121, 167];
    pub const GREY: [u8; 3] = [120, 120, 120];
    /// Cycle for series without a fixed meaning.
    pub const CYCLE: [[u8; 3]; 7] = [BLUE, VERMILION, GREEN, ORANGE, PURPLE, SKY, BLACK];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_start_at_their_base_or_the_bottom_of_a_log_axis() {
        let log = ChartAxis::new("speedup", "x", Scale::Log10, 0.1, 100.0);
        assert_eq!(log.base_pos(0.0), -1.0);
        assert_eq!(log.base_pos(10.0), 1.0);
        let lin = ChartAxis::new("t", "s", Scale::Linear, 1.0, 5.0);
        assert_eq!(lin.base_pos(0.0), 0.0);
        let mut p = ChartPanel::bars("t", vec!["a".into(), "b".into()], lin);
        let bar = |category, base, value| Bar {
            category,
            base,
            value,
            range: None,
            label: String::new(),
        };
        for (name, base, value) in [("low", 0.0, 2.0), ("high", 2.0, 5.0)] {
            p.bars.push(BarSet {
                name: name.into(),
                color: palette::BLUE,
                width: 0.5,
                offset: 0.0,
                bars: vec![bar(0, base, value), bar(1, base, value)],
                value_labels: true,
            });
        }
        assert!(p.is_bar_panel());
        assert!(p.is_stacked_under(&p.bars[0], &p.bars[0].bars[1]));
        assert!(!p.is_stacked_under(&p.bars[1], &p.bars[1].bars[0]));
    }
}
