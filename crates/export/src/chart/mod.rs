//! Chart layout: any [`ChartFigure`] (boat hull, FPM, offload) as panels
//! side by side sharing the width. Each panel has its axes (log axes placed
//! by log10), light grid lines, its lines, points, bars, markers and
//! reference lines clipped to the plot area, a legend (inside the plot in a
//! corner where it hides no data, else under the plot) and its notes;
//! the figure notes go at the bottom.
//!
//! - `geom.rs`: pixel rectangles, the data-to-pixel `Frame` and segment
//!   clipping;
//! - `axes.rs`: ticks, tick and category labels;
//! - `panel.rs`: one panel drawn in order (grid, data, frame, labels);
//! - `lines.rs`: line series, dots and reference lines;
//! - `bars.rs`: bar rectangles and their value labels;
//! - `labels.rs`: placement of marker and reference-line labels;
//! - `legend.rs`: legend entries, placement and drawing.

mod axes;
mod bars;
mod geom;
mod labels;
mod legend;
mod lines;
mod panel;
mod style;

use self::axes::{ROT_SIN, axis_ticks, max_rotated_len};
use self::geom::Frame;
use self::legend::{LegendPlace, entry_w, legend_entries, legend_place};
use self::panel::draw_panel;
use self::style::{Metrics, Style};
use crate::layout::{text_width, wrap};
use crate::svg_util::{Align, Svg};
use hetscope_figure::ChartFigure;
use hetscope_figure::chart::ChartPanel;

pub fn draw(svg: &mut Svg, fig: &ChartFigure) {
    let st = Style::new(svg.k);
    let k = st.k;
    svg.header(&fig.title, &fig.subtitle);
    let (margin, gap) = (20.0 * k, 30.0 * k);
    let full_w = (svg.width - 2.0 * margin).max(10.0);
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
    let mut ny = svg.height - fig_notes_h + 8.0 * k + st.note;
    for line in &fig_notes {
        svg.text(margin, ny, st.note, Align::Start, "#444444", line);
        ny += st.line_h();
    }
    let rows = fig.rows();
    let (top, bottom) = (70.0 * k, svg.height - fig_notes_h);
    let band = (bottom - top) / rows.len().max(1) as f64;
    let mut first = 0;
    for (r, row) in rows.iter().enumerate() {
        let band_top = top + r as f64 * band;
        let bounds = [margin, band_top, gap, band_top + band];
        draw_row(svg, &st, row, first, bounds);
        first += row.len();
    }
}

/// One row of panels side by side between `top` and `bottom`
/// (`bounds`: margin, top, gap, bottom); `first` is the index of its
/// first panel in the figure.
fn draw_row(svg: &mut Svg, st: &Style, panels: &[ChartPanel], first: usize, bounds: [f64; 4]) {
    let k = st.k;
    let [margin, top, gap, bottom] = bounds;
    let n = panels.len() as f64;
    let pw = ((svg.width - 2.0 * margin - gap * (n - 1.0)) / n).max(10.0);
    let has_title = panels.iter().any(|p| !p.title.trim().is_empty());
    let plot_top = top + if has_title { 26.0 * k } else { 6.0 * k };
    let metrics: Vec<Metrics> = panels.iter().map(|p| metrics(p, st, pw)).collect();
    let xs: Vec<f64> = (0..panels.len())
        .map(|i| margin + i as f64 * (pw + gap))
        .collect();

    // Plot rectangles sharing top and bottom; legends under the plot push
    // the bottom up for every panel. Two passes: a legend that finds no
    // free corner goes below, which shrinks the plots.
    let mut places = vec![LegendPlace::None; panels.len()];
    let mut below = vec![false; panels.len()];
    let mut frames = Vec::new();
    // `below` only grows, so this ends after at most one pass a panel.
    for pass in 0..=panels.len() {
        let reserve = metrics
            .iter()
            .zip(&below)
            .map(|(m, b)| under_plot_h(m, *b, st))
            .fold(0.0, f64::max);
        let plot_bottom = (bottom - reserve).max(plot_top + 20.0 * k);
        frames = panels
            .iter()
            .zip(&metrics)
            .zip(&xs)
            .map(|((p, m), x)| {
                let x0 = x + m.left;
                let x1 = (x + pw - m.right).max(x0 + 10.0 * k);
                Frame::new([x0, plot_top, x1, plot_bottom], &p.x, &p.y)
            })
            .collect();
        let mut changed = false;
        for (i, p) in panels.iter().enumerate() {
            places[i] = if below[i] {
                LegendPlace::Below
            } else {
                legend_place(p, &frames[i], st, pass > 0)
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
    for (i, p) in panels.iter().enumerate() {
        draw_panel(
            svg,
            st,
            p,
            &frames[i],
            &metrics[i],
            places[i],
            first + i,
            xs[i],
        );
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

fn metrics(p: &ChartPanel, st: &Style, pw: f64) -> Metrics {
    let k = st.k;
    let y_ticks = axis_ticks(&p.y);
    let y_tick_w = y_ticks
        .iter()
        .map(|t| text_width(&t.1, st.tick))
        .fold(0.0, f64::max);
    let y_title_w = if p.y.title().trim().is_empty() {
        0.0
    } else {
        st.axis_title * 1.3
    };
    let left = y_tick_w + 10.0 * k + y_title_w + 4.0 * k;
    let x_ticks = axis_ticks(&p.x);
    let last_w = if p.categories.is_empty() {
        x_ticks
            .last()
            .map(|t| text_width(&t.1, st.tick) / 2.0)
            .unwrap_or(0.0)
    } else {
        0.0
    };
    let right = (last_w + 2.0 * k).max(12.0 * k);
    let plot_w = (pw - left - right).max(10.0);
    let (x_ticks_h, cat_rotate) = if p.categories.is_empty() {
        (st.tick + 10.0 * k, false)
    } else {
        let slot = plot_w / p.categories.len().max(1) as f64;
        let longest = p
            .categories
            .iter()
            .map(|c| text_width(c, st.tick))
            .fold(0.0, f64::max);
        if longest > slot * 0.95 {
            let l = longest.min(max_rotated_len(k));
            (l * ROT_SIN + st.tick * 1.2 + 12.0 * k, true)
        } else {
            (st.tick + 10.0 * k, false)
        }
    };
    let x_title_h = if p.x.title().trim().is_empty() {
        0.0
    } else {
        st.axis_title + 10.0 * k
    };
    let notes = p.notes.iter().flat_map(|n| wrap(n, st.note, pw)).collect();
    // Legend rows when the legend goes under the plot.
    let entries = legend_entries(p);
    let mut legend_rows: Vec<Vec<usize>> = Vec::new();
    let mut row_w = f64::INFINITY;
    for (i, e) in entries.iter().enumerate() {
        let w = entry_w(e, st);
        if row_w + w > pw {
            legend_rows.push(Vec::new());
            row_w = 0.0;
        }
        if let Some(r) = legend_rows.last_mut() {
            r.push(i);
        }
        row_w += w;
    }
    Metrics {
        left,
        right,
        x_ticks_h,
        x_title_h,
        cat_rotate,
        notes,
        legend_rows,
    }
}
