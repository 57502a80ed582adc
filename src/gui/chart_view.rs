//! Draws any [`ChartFigure`] with egui_plot: the panels side by side, each
//! a plot whose log axes are log10 positions with ticks and hover read
//! back as data values; then the panel notes and the figure notes.
//!
//! Line charts zoom and pan (double-click resets to the axis ranges); bar
//! charts stay fixed. Everything is rebuilt each frame from the figure:
//! the points are copied once, strings are made only for the few labels
//! and for the hover readout.

mod axes;

use eframe::egui::{Align2, Color32, RichText, Stroke, Ui};
use egui_plot::{
    AxisHints, Bar, BarChart, HLine, Legend, Line, LineStyle as PlotStyle, MarkerShape, Plot,
    PlotBounds, PlotPoint, PlotUi, Points, Text, VLine,
};

use crate::figure::chart::{BarSet, ChartPanel, LineStyle, Orientation, Scale};
use crate::figure::{ChartFigure, Figure, FigurePair};
use crate::format::fmt_tick;
use axes::{
    axis_readout, category_label, category_marks, legend_corner, log_label, log_marks, readout,
};

pub fn chart_ui(ui: &mut Ui, fig: &ChartFigure) {
    ui.heading(&fig.title);
    if !fig.subtitle.is_empty() {
        ui.weak(&fig.subtitle);
    }
    ui.add_space(4.0);
    let note_lines = fig.panels.iter().map(|p| p.notes.len()).max().unwrap_or(0) + fig.notes.len();
    let reserve = 20.0 * note_lines as f32 + 48.0;
    let rows = fig.rows();
    let height = ((ui.available_height() - reserve) * 0.95 / rows.len().max(1) as f32
        - 24.0 * (rows.len().saturating_sub(1)) as f32)
        .max(160.0);
    let mut first = 0;
    for row in rows {
        ui.columns(row.len(), |cols| {
            for (k, (col, p)) in cols.iter_mut().zip(row).enumerate() {
                panel_ui(col, &fig.title, first + k, p, height);
            }
        });
        first += row.len();
    }
    if !fig.notes.is_empty() {
        ui.add_space(4.0);
        for note in &fig.notes {
            ui.label(note);
        }
    }
}

/// The charts of two platforms side by side (a [`Figure::Pair`]).
pub fn chart_pair_ui(ui: &mut Ui, pair: &FigurePair) {
    ui.columns(2, |cols| {
        for (k, (col, fig)) in cols.iter_mut().zip([&pair.left, &pair.right]).enumerate() {
            col.push_id(("chart_pair", k), |ui| match fig {
                Figure::Chart(c) => chart_ui(ui, c),
                _ => {
                    ui.label("Not a chart.");
                }
            });
        }
    });
}

/// A figure colour on screen: near-black becomes the text colour, so that
/// black lines and labels stay visible on a dark background.
fn color(c: [u8; 3], ink: Color32) -> Color32 {
    let luma = 0.3 * c[0] as f32 + 0.59 * c[1] as f32 + 0.11 * c[2] as f32;
    if luma < 40.0 {
        ink
    } else {
        Color32::from_rgb(c[0], c[1], c[2])
    }
}

fn plot_style(s: LineStyle) -> PlotStyle {
    match s {
        LineStyle::Solid => PlotStyle::Solid,
        LineStyle::Dashed => PlotStyle::dashed_loose(),
        LineStyle::Dotted => PlotStyle::dotted_dense(),
    }
}

fn panel_ui(ui: &mut Ui, fig_title: &str, k: usize, p: &ChartPanel, height: f32) {
    if !p.title.is_empty() {
        ui.strong(&p.title);
    }
    let fixed = p.is_bar_panel();
    let (xa, xb) = p.x.pos_range();
    let (ya, yb) = p.y.pos_range();
    let ink = ui.visuals().strong_text_color();
    // The axis ranges are part of the id: egui_plot keeps a plot's bounds
    // by id, so a figure with new ranges starts from them, not from the
    // last zoom.
    let ranges = [p.x.lo, p.x.hi, p.y.lo, p.y.hi].map(f64::to_bits);
    let scales = [p.x.scale == Scale::Log10, p.y.scale == Scale::Log10];
    let mut plot = Plot::new(("chart", fig_title, k, ranges, scales))
        .height(height)
        .default_x_bounds(xa, xb)
        .default_y_bounds(ya, yb)
        .allow_double_click_reset(true)
        .allow_drag(!fixed)
        .allow_zoom(!fixed)
        .allow_scroll(!fixed)
        .allow_boxed_zoom(!fixed)
        .legend(
            Legend::default()
                .follow_insertion_order(true)
                .background_alpha(0.85)
                .position(legend_corner(p)),
        )
        .label_formatter(move |pos| readout(p, pos));
    let x_title = p.x.title();
    if !x_title.is_empty() {
        plot = plot.x_axis_label(x_title);
    }
    let y_title = p.y.title();
    if !y_title.is_empty() {
        plot = plot.y_axis_label(y_title);
    }
    if !p.categories.is_empty() {
        // About 7 px a character; longer names are cut (the hover has them).
        let slot = ui.available_width() / p.categories.len() as f32;
        let max_chars = ((slot / 7.0) as usize).max(3);
        // Every category named, down to narrow slots (egui_plot hides x
        // labels closer than 60 px by default).
        let axis = AxisHints::new_x()
            .label(p.x.title())
            .formatter(move |mark, _| category_label(p, mark.value, max_chars))
            .label_spacing(18.0..=30.0);
        plot = plot
            .show_grid([false, true])
            .x_grid_spacer(move |input| category_marks(p, input))
            .custom_x_axes(vec![axis]);
    } else if p.x.scale == Scale::Log10 {
        plot = plot
            .x_grid_spacer(log_marks)
            .x_axis_formatter(|mark, _| log_label(mark.value));
    }
    if p.y.scale == Scale::Log10 {
        plot = plot
            .y_grid_spacer(log_marks)
            .y_axis_formatter(|mark, _| log_label(mark.value));
    }
    plot.show(ui, |pui| items(pui, p, ink));
    if !p.notes.is_empty() {
        ui.add_space(2.0);
        for note in &p.notes {
            ui.label(note);
        }
    }
}

/// The plot items of a panel, in drawing order: bars with their ranges and
/// values, reference lines, series, markers.
fn items(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) {
    for set in &p.bars {
        bar_set(pui, p, set, ink);
    }
    ref_lines(pui, p, ink);
    series(pui, p, ink);
    markers(pui, p, ink);
}

/// Reference lines with their labels inside the plot.
fn ref_lines(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) {
    let bounds = pui.plot_bounds();
    for r in &p.ref_lines {
        let c = color(r.color, ink);
        let label = RichText::new(&r.label).color(c);
        match r.orientation {
            Orientation::Horizontal => {
                let Some(y) = p.y.pos(r.value) else { continue };
                pui.hline(
                    HLine::new("", y)
                        .color(c)
                        .width(1.3)
                        .style(plot_style(r.style)),
                );
                let at = PlotPoint::new(bounds.max()[0], y);
                pui.text(Text::new("", at, label).anchor(Align2::RIGHT_BOTTOM));
            }
            Orientation::Vertical => {
                let Some(x) = p.x.pos(r.value) else { continue };
                pui.vline(
                    VLine::new("", x)
                        .color(c)
                        .width(1.3)
                        .style(plot_style(r.style)),
                );
                let right = x > bounds.min()[0] + 0.7 * bounds.width();
                let (at, anchor) = if right {
                    (PlotPoint::new(x, bounds.max()[1]), Align2::RIGHT_TOP)
                } else {
                    (PlotPoint::new(x, bounds.max()[1]), Align2::LEFT_TOP)
                };
                let text = if right {
                    format!("{} ", r.label)
                } else {
                    format!(" {}", r.label)
                };
                pui.text(Text::new("", at, RichText::new(text).color(c)).anchor(anchor));
            }
        }
    }
}

/// Lines (one a run of placeable points) and point series.
fn series(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) {
    for s in &p.series {
        let name = if s.hide_in_legend {
            ""
        } else {
            s.name.as_str()
        };
        let c = color(s.color, ink);
        if s.points_only {
            let pts: Vec<[f64; 2]> = s
                .points
                .iter()
                .filter_map(|pt| Some([p.x.pos(pt[0])?, p.y.pos(pt[1])?]))
                .collect();
            pui.points(
                Points::new(name, pts)
                    .color(c)
                    .radius(s.width * 1.6 + 0.5)
                    .filled(true)
                    .shape(MarkerShape::Circle),
            );
            continue;
        }
        // One line a run of placeable points.
        let mut run: Vec<[f64; 2]> = Vec::with_capacity(s.points.len());
        for pt in s.points.iter().map(|pt| p.x.pos(pt[0]).zip(p.y.pos(pt[1]))) {
            match pt {
                Some((x, y)) => run.push([x, y]),
                None if !run.is_empty() => {
                    let line = Line::new(name, std::mem::take(&mut run));
                    pui.line(line.color(c).width(s.width).style(plot_style(s.style)));
                }
                None => {}
            }
        }
        if !run.is_empty() {
            let line = Line::new(name, run);
            pui.line(line.color(c).width(s.width).style(plot_style(s.style)));
        }
    }
}

/// Labelled markers.
fn markers(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) {
    let bounds = pui.plot_bounds();
    for m in &p.markers {
        let (Some(x), Some(y)) = (p.x.pos(m.x), p.y.pos(m.y)) else {
            continue;
        };
        pui.points(
            Points::new("", [x, y])
                .color(color(m.color, ink))
                .radius(5.0)
                .filled(true)
                .shape(MarkerShape::Circle),
        );
        let (anchor, text) = marker_anchor(&bounds, x, y, &m.label);
        pui.text(
            Text::new("", PlotPoint::new(x, y), RichText::new(text).color(ink))
                .anchor(anchor)
                .allow_hover(false),
        );
    }
}

/// Where a marker's label goes so that it stays inside the plot.
fn marker_anchor(b: &PlotBounds, x: f64, y: f64, label: &str) -> (Align2, String) {
    let right = x > b.min()[0] + 0.7 * b.width();
    let top = y > b.min()[1] + 0.85 * b.height();
    let anchor = match (right, top) {
        (false, false) => Align2::LEFT_BOTTOM,
        (true, false) => Align2::RIGHT_BOTTOM,
        (false, true) => Align2::LEFT_TOP,
        (true, true) => Align2::RIGHT_TOP,
    };
    let text = if right {
        format!("{label}  ")
    } else {
        format!("  {label}")
    };
    (anchor, text)
}

/// One bar set: the bars (drawn from their base; on a log axis a base of
/// 0 is the bottom of the range), the error ranges and the value labels.
fn bar_set(pui: &mut PlotUi<'_>, p: &ChartPanel, set: &BarSet, ink: Color32) {
    let c = color(set.color, ink);
    let edge = Color32::from_rgb(
        (set.color[0] as f32 * 0.7) as u8,
        (set.color[1] as f32 * 0.7) as u8,
        (set.color[2] as f32 * 0.7) as u8,
    );
    let mut bars = Vec::with_capacity(set.bars.len());
    // Error ranges and value labels go on top of the bars.
    let mut ranges: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut labels: Vec<Text> = Vec::new();
    for b in &set.bars {
        let centre = b.category as f64 + set.offset;
        let (Some(x), Some(top), Some(xa), Some(xb)) = (
            p.x.pos(centre),
            p.y.pos(b.value),
            p.x.pos(centre - set.width / 2.0),
            p.x.pos(centre + set.width / 2.0),
        ) else {
            continue;
        };
        let base = p.y.base_pos(b.base);
        let cat = p.categories.get(b.category).map_or("", String::as_str);
        let what = if b.label.is_empty() {
            axis_readout(&p.y, b.value)
        } else {
            b.label.clone()
        };
        let mut hover = format!("{} · {cat}\n{what}", set.name);
        let range = b
            .range
            .and_then(|(lo, hi)| Some((p.y.pos(lo)?, p.y.pos(hi)?)));
        if let Some((lo, hi)) = b.range {
            hover.push_str(&format!("\nrange {} to {}", fmt_tick(lo), fmt_tick(hi)));
        }
        bars.push(
            Bar::new(x, top - base)
                .base_offset(base)
                .width((xb - xa).abs())
                .fill(c)
                .stroke(Stroke::new(1.0, edge))
                .name(hover),
        );
        let mut label_at = top;
        if let Some((lo, hi)) = range {
            let cap = (xb - xa).abs() * 0.18;
            ranges.push(vec![
                [x - cap, lo],
                [x + cap, lo],
                [x, lo],
                [x, hi],
                [x - cap, hi],
                [x + cap, hi],
            ]);
            label_at = label_at.max(lo.max(hi));
        }
        if set.value_labels {
            let text = RichText::new(fmt_tick(b.value)).small().color(ink);
            let t = if p.is_stacked_under(set, b) {
                Text::new("", PlotPoint::new(x, (top + base) / 2.0), text)
                    .anchor(Align2::CENTER_CENTER)
            } else {
                Text::new("", PlotPoint::new(x, label_at), text).anchor(Align2::CENTER_BOTTOM)
            };
            labels.push(t.allow_hover(false));
        }
    }
    pui.bar_chart(
        BarChart::new(set.name.as_str(), bars)
            .color(c)
            .element_formatter(Box::new(|bar, _| bar.name.clone())),
    );
    for pts in ranges {
        pui.line(Line::new("", pts).color(ink).width(1.3).allow_hover(false));
    }
    for t in labels {
        pui.text(t);
    }
}
