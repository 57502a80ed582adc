//! Chart layout: any [`ChartFigure`] (boat hull, FPM, offload) as panels
//! side by side sharing the width, placed for a pixel size. Each panel has
//! its axes (log axes placed by log10), a legend (inside the plot in a
//! corner where it hides no data, else under the plot), its labels and
//! notes; the figure notes go at the bottom. The result is where each plot
//! is, with its ticks, and the positioned texts and marks around and over
//! the data ([`ChartLayout`]); the data itself is drawn by each painter
//! into those plots (the exporter as SVG, the window with egui_plot).
//!
//! - `geom.rs`: pixel rectangles, the data-to-pixel `Frame`, segment
//!   clipping, bar rectangles and line segments;
//! - `axes.rs`: ticks, tick and category labels;
//! - `panel.rs`: one panel's annotations in order (frame, labels, legend);
//! - `bars.rs`: the bars' value labels;
//! - `labels.rs`: placement of marker and reference-line labels;
//! - `legend.rs`: legend entries, placement and drawing.

mod axes;
mod bars;
mod geom;
mod labels;
mod legend;
mod panel;
mod style;

pub use self::axes::{Tick, axis_ticks};
pub use self::geom::{Frame, Pt, bar_rects, clip_segment, dot_radius, ref_px};
pub use self::panel::PanelLayout;

use self::axes::max_rotated_len;
use self::legend::{LegendPlace, entry_w, legend_entries, legend_place};
use self::panel::PanelDraw;
use self::style::{CategoryNames, Metrics, Style};
use crate::ChartFigure;
use crate::chart::{ChartPanel, Series};
use crate::layout::scene::{Anchor, NOTE_INK, Scene, Text, TextRole, header_lines, scale_of};
use crate::layout::wrap;
use crate::text::text_width;

/// A chart placed on a canvas: the plots with their ticks (in the order
/// of the figure's panels) and every text and mark around and over them.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLayout {
    pub scene: Scene,
    pub panels: Vec<PanelLayout>,
    /// The scale of fonts and strokes (1 for a 1200 x 800 canvas).
    pub k: f64,
}

/// Lay out `fig` on a canvas `width` x `height` px.
pub fn layout(fig: &ChartFigure, width: f64, height: f64) -> ChartLayout {
    let first = layout_once(fig, width, height);
    match refs_to_legend(fig, &first) {
        Some(moved) => layout_once(&moved, width, height),
        None => first,
    }
}

/// `fig` with each reference line and marker whose label found no place
/// free of the data and of other labels in `scene` named in its panel's
/// legend instead (a reference line as a line of its colour and style, a
/// marker of a colour of its own as a dot of it), or None where nothing
/// moved.
/// A plot too low to give up a legend row (under 100 px at the
/// reference size) keeps its figure, and such a label is left out.
fn refs_to_legend(fig: &ChartFigure, first: &ChartLayout) -> Option<ChartFigure> {
    let scene = &first.scene;
    let mut moved = fig.clone();
    let mut any = false;
    for ((p, orig), pl) in moved.panels.iter_mut().zip(&fig.panels).zip(&first.panels) {
        if pl.plot[3] - pl.plot[1] < 100.0 * first.k {
            continue;
        }
        // Only what is drawn in the plot: a line or marker off its axes
        // (NaN, <= 0 on a log axis) is not named anywhere.
        let fr = pl.frame(orig);
        // Written in this panel's plot; a marker's label may be written
        // with others at one spot ("a; b").
        let [x0, y0, x1, y1] = pl.plot;
        let placed = |label: &str| {
            scene.texts().any(|t| {
                let b = t.bounds();
                t.role == TextRole::Label
                    && t.text.contains(label)
                    && b[0] >= x0 - 1.0
                    && b[2] <= x1 + 1.0
                    && b[1] >= y0 - 1.0
                    && b[3] <= y1 + 1.0
            })
        };
        for r in &mut p.ref_lines {
            if r.label.trim().is_empty() || placed(&r.label) || ref_px(orig, &fr, r).is_none() {
                continue;
            }
            let mut entry = Series::line(&r.label, r.color, Vec::new());
            entry.style = r.style;
            entry.width = 1.0;
            p.series.push(entry);
            r.label.clear();
            any = true;
        }
        // A dot in the legend names a marker only where no other marker
        // of the panel has its colour; other labels are left to the
        // hover.
        let one_of_its_colour =
            |c: [u8; 3]| orig.markers.iter().filter(|m| m.color == c).count() == 1;
        for m in &mut p.markers {
            if m.label.trim().is_empty()
                || placed(m.label.trim())
                || fr.marker_at(orig, m).is_none()
            {
                continue;
            }
            if !one_of_its_colour(m.color) {
                continue;
            }
            let mut entry = Series::line(m.label.trim(), m.color, Vec::new());
            entry.points_only = true;
            p.series.push(entry);
            m.label.clear();
            any = true;
        }
    }
    any.then_some(moved)
}

fn layout_once(fig: &ChartFigure, width: f64, height: f64) -> ChartLayout {
    let k = scale_of(width, height);
    // One way of writing log ticks in the whole figure: powers of ten in
    // every panel where one panel needs them ("100" beside "1e5" no more).
    let st = Style {
        powers: fig
            .panels
            .iter()
            .any(|p| p.x.uses_powers() || p.y.uses_powers()),
        ..Style::new(k)
    };
    let mut sc = Scene::new(width, height);
    // A subtitle too long for one line takes two; the plots start under it.
    let sub_bottom = header_lines(&mut sc, &fig.title, &fig.subtitle, k, 2);
    let (margin, gap) = (20.0 * k, 30.0 * k);
    let full_w = (width - 2.0 * margin).max(10.0);
    let fig_notes: Vec<String> = fig
        .notes
        .iter()
        .flat_map(|n| wrap(n, st.note, full_w))
        .collect();
    let fig_notes_h = if fig_notes.is_empty() {
        8.0 * k
    } else {
        fig_notes.len() as f64 * st.line_h() + 14.0 * k
    };
    let mut ny = height - fig_notes_h + 8.0 * k + st.note;
    for line in &fig_notes {
        let t = Text::new(margin, ny, st.note, Anchor::Start, TextRole::Note, line);
        sc.text(t.color(NOTE_INK));
        ny += st.line_h();
    }
    let rows = fig.rows();
    let (top, bottom) = ((sub_bottom + 18.0 * k).max(70.0 * k), height - fig_notes_h);
    let band = (bottom - top) / rows.len().max(1) as f64;
    let mut panels = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let band_top = top + r as f64 * band;
        let bounds = [margin, band_top, gap, band_top + band];
        panels.extend(layout_row(&mut sc, &st, row, bounds));
    }
    ChartLayout {
        scene: sc,
        panels,
        k,
    }
}

/// One row of panels side by side between `top` and `bottom`
/// (`bounds`: margin, top, gap, bottom).
fn layout_row(
    sc: &mut Scene,
    st: &Style,
    panels: &[ChartPanel],
    bounds: [f64; 4],
) -> Vec<PanelLayout> {
    let k = st.k;
    let [margin, top, gap, bottom] = bounds;
    let n = panels.len() as f64;
    let pw = ((sc.width - 2.0 * margin - gap * (n - 1.0)) / n).max(10.0);
    let has_title = panels.iter().any(|p| !p.title.trim().is_empty());
    let plot_top = top + if has_title { 26.0 * k } else { 6.0 * k };
    let mut metrics: Vec<Metrics> = panels
        .iter()
        .map(|p| metrics(p, st, pw, bottom - plot_top))
        .collect();
    let xs: Vec<f64> = (0..panels.len())
        .map(|i| margin + i as f64 * (pw + gap))
        .collect();
    let row = Row {
        panels,
        xs: &xs,
        pw,
        span: [plot_top, bottom],
    };
    let (mut frames, mut places) = row.place(&metrics, st);
    // A y title longer than its plot as placed (a legend under the plot
    // took height) gets more lines, and the row is placed again (a few
    // times at most: each pass only adds lines).
    for _ in 0..3 {
        let mut refit = false;
        for ((p, m), fr) in panels.iter().zip(metrics.iter_mut()).zip(&frames) {
            let h = (fr.plot[3] - fr.plot[1]).max(40.0 * k);
            if m.y_title.iter().all(|l| text_width(l, st.axis_title) <= h) {
                continue;
            }
            if let Some(level) = level_y_title(p, st, m, h) {
                m.left -= st.axis_title * (0.1 + 1.2 * m.y_title.len() as f64);
                m.y_title.clear();
                m.y_title_level = Some(level);
                refit = true;
                continue;
            }
            let lines = wrap(&p.y.title(), st.axis_title, h);
            m.left += st.axis_title * 1.2 * lines.len().saturating_sub(m.y_title.len()) as f64;
            refit |= lines.len() > m.y_title.len();
            m.y_title = lines;
        }
        if !refit {
            break;
        }
        (frames, places) = row.place(&metrics, st);
    }
    panels
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let d = PanelDraw {
                st,
                p,
                fr: &frames[i],
                m: &metrics[i],
                panel_x: xs[i],
            };
            d.annotate(sc, places[i])
        })
        .collect()
}

/// A row of panels side by side: their left edges, width and the span
/// (top, bottom) their plots and what is under them share.
struct Row<'a> {
    panels: &'a [ChartPanel],
    xs: &'a [f64],
    pw: f64,
    span: [f64; 2],
}

impl Row<'_> {
    /// The plot rectangles, sharing top and bottom, and where each legend
    /// goes. Legends under the plot push the bottom up for every panel: a
    /// legend that finds no free corner goes below, which shrinks the
    /// plots, so the corners are tried again.
    fn place(&self, metrics: &[Metrics], st: &Style) -> (Vec<Frame>, Vec<LegendPlace>) {
        let k = st.k;
        let [plot_top, bottom] = self.span;
        let n = self.panels.len();
        let mut places = vec![LegendPlace::None; n];
        let mut below = vec![false; n];
        let mut frames = Vec::new();
        // `below` only grows, so this ends after at most one pass a panel.
        for pass in 0..=n {
            let reserve = metrics
                .iter()
                .zip(&below)
                .map(|(m, b)| under_plot_h(m, *b, st))
                .fold(0.0, f64::max);
            let plot_bottom = (bottom - reserve).max(plot_top + 20.0 * k);
            frames = self
                .panels
                .iter()
                .zip(metrics)
                .zip(self.xs)
                .map(|((p, m), x)| {
                    let x0 = x + m.left;
                    let x1 = (x + self.pw - m.right).max(x0 + 10.0 * k);
                    Frame::new([x0, plot_top, x1, plot_bottom], &p.x, &p.y)
                })
                .collect();
            let mut changed = false;
            for (i, p) in self.panels.iter().enumerate() {
                places[i] = if below[i] {
                    LegendPlace::Below
                } else {
                    // After the first pass a legend is kept inside (over
                    // the least data) only where going under the plot
                    // would take more height than the row already gives.
                    let room_below = under_plot_h(&metrics[i], true, st) <= reserve;
                    legend_place(p, &frames[i], st, pass > 0 && !room_below)
                };
                if places[i] == LegendPlace::Below && !below[i] {
                    below[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        (frames, places)
    }
}

/// Height under the plot: x tick labels, x title, legend (if below), notes.
fn under_plot_h(m: &Metrics, legend_below: bool, st: &Style) -> f64 {
    let legend = if legend_below && !m.legend_rows.is_empty() {
        m.legend_rows.len() as f64 * st.legend_row() + 6.0 * st.k
    } else {
        0.0
    };
    let notes = if m.notes.is_empty() {
        0.0
    } else {
        m.notes.len() as f64 * st.line_h() + 6.0 * st.k
    };
    m.x_ticks_h + m.x_title_h + legend + notes + 4.0 * st.k
}

/// The parts of a panel `pw` wide whose plot and what is under it have
/// `avail_h` px.
fn metrics(p: &ChartPanel, st: &Style, pw: f64, avail_h: f64) -> Metrics {
    let k = st.k;
    // A horizontal bar panel names its categories left of the plot, in
    // full, each on lines at most 45 % of the panel wide.
    let names_w = if p.horizontal {
        p.categories
            .iter()
            .map(|c| text_width(c, st.tick))
            .fold(0.0, f64::max)
            .min(pw * 0.45)
    } else {
        0.0
    };
    let y_ticks = if p.horizontal {
        Vec::new()
    } else {
        axis_ticks(&p.y, st.powers)
    };
    let y_tick_w = y_ticks
        .iter()
        .map(|t| text_width(&t.label, st.tick))
        .fold(names_w, f64::max);
    // Room for a y title of one line at first; more lines below, once the
    // height left to the plot is known.
    let title_w = |lines: usize| match lines {
        0 => 0.0,
        n => st.axis_title * (0.1 + 1.2 * n as f64),
    };
    let one = usize::from(!p.y.title().trim().is_empty());
    let mut left = y_tick_w + 10.0 * k + title_w(one) + 4.0 * k;
    let x_ticks = axis_ticks(&p.x, st.powers);
    let last_w = if !p.names_under() {
        x_ticks
            .last()
            .map(|t| text_width(&t.label, st.tick) / 2.0)
            .unwrap_or(0.0)
    } else {
        0.0
    };
    let right = (last_w + 2.0 * k).max(12.0 * k);
    let plot_w = (pw - left - right).max(10.0);
    let slot = plot_w / p.categories.len().max(1) as f64;
    let under: &[String] = if p.names_under() { &p.categories } else { &[] };
    let names = CategoryNames::for_slot(under, slot, st);
    let x_ticks_h = if !p.names_under() || names.angle == 0.0 {
        names.size + 10.0 * k
    } else {
        let longest = p
            .categories
            .iter()
            .map(|c| text_width(c, names.size))
            .fold(0.0, f64::max)
            .min(max_rotated_len(k));
        let (s, c) = names.angle.to_radians().sin_cos();
        longest * s.abs() + names.size * c.abs() + 12.0 * k
    };
    let x_title_h = if p.x.title().trim().is_empty() {
        0.0
    } else {
        st.axis_title + 10.0 * k
    };
    let notes: Vec<String> = p.notes.iter().flat_map(|n| wrap(n, st.note, pw)).collect();
    // The y title in as many lines as the plot's height (what is left
    // above the ticks, axis title and notes) needs.
    let notes_h = notes.len() as f64 * st.line_h();
    let plot_h = avail_h - x_ticks_h - x_title_h - notes_h - 10.0 * k;
    let y_title = wrap(&p.y.title(), st.axis_title, plot_h.max(40.0 * k));
    left += title_w(y_title.len()) - title_w(one);
    Metrics {
        width: pw,
        y_title,
        y_title_level: None,
        left,
        right,
        x_ticks_h,
        x_title_h,
        names_w,
        names,
        notes,
        legend_rows: legend_rows(p, st, pw),
    }
}

/// The y title of a panel whose plot, `h` px high, is lower than one of
/// the title's words, where it fits level beside the panel's title.
fn level_y_title(p: &ChartPanel, st: &Style, m: &Metrics, h: f64) -> Option<String> {
    let title = p.y.title();
    let longest = title
        .split_whitespace()
        .map(|w| text_width(w, st.axis_title))
        .fold(0.0, f64::max);
    let room = m.width - text_width(&p.title, st.panel_title) - 16.0 * st.k;
    (longest > h && text_width(&title, st.axis_title) <= room).then_some(title)
}

/// The legend's entries in rows `pw` wide, for a legend under the plot.
/// An entry wider than a row has a row of its own, its name wrapped over
/// as many rows as it needs (the rows after it left empty).
fn legend_rows(p: &ChartPanel, st: &Style, pw: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut row_w = f64::INFINITY;
    for (i, e) in legend_entries(p).iter().enumerate() {
        let w = entry_w(e, st);
        let lines = legend::entry_lines(e, st, pw).len();
        if lines > 1 {
            rows.push(vec![i]);
            rows.extend((1..lines).map(|_| Vec::new()));
            row_w = f64::INFINITY;
            continue;
        }
        if row_w + w > pw {
            rows.push(Vec::new());
            row_w = 0.0;
        }
        if let Some(r) = rows.last_mut() {
            r.push(i);
        }
        row_w += w;
    }
    rows
}
