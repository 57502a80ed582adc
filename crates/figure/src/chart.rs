//! Generic 2-D charts: line series, bars, markers and reference lines on
//! linear or log10 axes, in one or more panels. The boat hull, FPM and
//! offload figures are described with these; the GUI (`gui::chart_view`)
//! and the exporters (`export::svg_chart`, CSV) draw any of them.
//!
//! All coordinates are data values (seconds, GFLOP/s, units...), never
//! log values: the axis' [`Scale`] says how they are placed.

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
        let (a, b) = self.pos_range();
        match self.scale {
            Scale::Linear => super::axis::nice_ticks(a, b, 6)
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
                let plain = a.floor() >= -3.0 && b.ceil() <= 4.0;
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
        }
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
        }
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

    #[test]
    fn fit_range_covers_values() {
        let (lo, hi) = fit_range(Scale::Log10, [0.003, 70.0, -1.0, f64::NAN]);
        assert!(lo <= 0.003 && hi >= 70.0, "{lo} {hi}");
        let (lo, hi) = fit_range(Scale::Linear, [0.0, 5.0]);
        assert_eq!(lo, 0.0);
        assert!(hi > 5.0);
        assert_eq!(fit_range(Scale::Log10, []), (0.1, 10.0));
    }
}

#[cfg(test)]
mod tick_tests {
    use super::{ChartAxis, Scale};

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
