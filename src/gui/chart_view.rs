//! Draws any [`ChartFigure`] with egui_plot: the panels side by side, each
//! a plot whose log axes are log10 positions with ticks and hover read
//! back as data values; then the panel notes and the figure notes.
//!
//! Line charts zoom and pan (double-click resets to the axis ranges); bar
//! charts stay fixed. Everything is rebuilt each frame from the figure:
//! the points are copied once, strings are made only for the few labels
//! and for the hover readout.

pub(crate) mod axes;
mod labels;

use eframe::egui::{self, Color32, RichText, Stroke, Ui};
use egui_plot::{
    AxisHints, Bar, BarChart, HLine, Legend, Line, LineStyle as PlotStyle, MarkerShape, Plot,
    PlotPoint, PlotUi, Points, VLine,
};

use axes::{
    axis_readout, category_label, category_marks, legend_corner, log_label, log_marks, readout,
};
use hetscope_figure::chart::{BarSet, ChartPanel, LineStyle, Orientation, Scale};
use hetscope_figure::hover::{Nearest, nearest_point};
use hetscope_figure::labels::{LabelBoxes, marker_spots};
use hetscope_figure::{ChartFigure, Figure, FigurePair};
use hetscope_model::format::fmt_tick;
pub(crate) use labels::spot_text;
use labels::{
    LABEL_SIZE, MARKER_RADIUS, ValueLabel, label_boxes, marker_screen_pos, ref_label, value_labels,
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
        panel_columns_ui(ui, row.len(), |k, col| {
            panel_ui(col, &fig.title, first + k, &row[k], height)
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

/// `count` columns a gap apart wide enough that one panel's y-axis title
/// does not touch the panel beside it; inside a column the spacing is the
/// usual one.
fn panel_columns_ui(ui: &mut Ui, count: usize, mut add: impl FnMut(usize, &mut Ui)) {
    const COLUMN_GAP: f32 = 20.0;
    let inner = ui.spacing().item_spacing.x;
    ui.scope(|ui| {
        ui.spacing_mut().item_spacing.x = COLUMN_GAP;
        ui.columns(count, |cols| {
            for (k, col) in cols.iter_mut().enumerate() {
                col.spacing_mut().item_spacing.x = inner;
                add(k, col);
            }
        });
    });
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

/// Room left at the right of a plot for its last x tick label, px.
const TICK_OVERHANG: f32 = 16.0;

/// How near, in px, the pointer must come to a series point for the hover
/// to snap to it.
const SNAP_PX: f64 = 24.0;

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
    // The point the hover snaps to, found while the items are drawn and
    // read by the hover readout after them.
    let snapped = std::rc::Rc::new(std::cell::RefCell::new(None));
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
        .label_formatter({
            let snapped = snapped.clone();
            move |pos| readout(p, pos, snapped.borrow().as_ref())
        });
    plot = with_axes(plot, p, ui.available_width());
    // Room at the right for half of the last x tick label ("1e4"), which
    // is centred on the plot's right edge (category axes end in a slot).
    let overhang = if p.categories.is_empty() {
        TICK_OVERHANG
    } else {
        0.0
    };
    let size = egui::vec2((ui.available_width() - overhang).max(100.0), height);
    // A child of exactly that size: the columns' justified layout would
    // stretch an allocated one back to the full width.
    let rect = egui::Rect::from_min_size(ui.cursor().min, size);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), |ui| {
        plot.show(ui, |pui| {
            items(pui, p, ink);
            *snapped.borrow_mut() = snap_ui(pui, p, ink);
        })
    });
    if !p.notes.is_empty() {
        ui.add_space(2.0);
        for note in &p.notes {
            ui.label(note);
        }
    }
}

/// `plot` with the axes of `p`: titles, log ticks read back as data
/// values, or one named slot per category (`width`: the plot's, px).
fn with_axes<'a>(mut plot: Plot<'a>, p: &'a ChartPanel, width: f32) -> Plot<'a> {
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
        let slot = width / p.categories.len() as f32;
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
    plot
}

/// The plot items of a panel, in drawing order: bars with their ranges and
/// values, reference lines, series, markers.
fn items(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) {
    let mut values = Vec::new();
    for set in &p.bars {
        values.extend(bar_set(pui, p, set, ink));
    }
    let mut taken = label_boxes(pui, p);
    ref_lines(pui, p, ink, &mut taken);
    series(pui, p, ink);
    markers(pui, p, ink, &mut taken);
    value_labels(pui, values, ink, &mut taken);
}

/// The series point nearest to the pointer, when it is within
/// [`SNAP_PX`], ringed in its series' colour (line charts only).
fn snap_ui(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32) -> Option<Nearest> {
    if p.is_bar_panel() || !pui.response().hovered() {
        return None;
    }
    let at = pui.pointer_coordinate()?;
    let t = pui.transform();
    let px = [t.dpos_dvalue_x().abs(), t.dpos_dvalue_y().abs()];
    let near = nearest_point(p, [at.x, at.y], px).filter(|n| n.distance_px <= SNAP_PX)?;
    let (x, y) = (p.x.pos(near.point[0])?, p.y.pos(near.point[1])?);
    let c = color(p.series[near.series].color, ink);
    pui.points(
        Points::new("", [x, y])
            .shape(MarkerShape::Circle)
            .radius(6.0)
            .filled(false)
            .color(c),
    );
    let shown = SnappedPoint {
        series: p.series[near.series].name.clone(),
        point: near.point,
        distance_px: near.distance_px,
    };
    pui.ctx().data_mut(|d| d.insert_temp(snapped_id(), shown));
    Some(near)
}

/// The point the hover of a line chart last snapped to: its series'
/// name, the point in data values and its distance from the pointer
/// (kept in egui's memory, where a test can read it).
#[derive(Clone, Debug, PartialEq)]
pub struct SnappedPoint {
    pub series: String,
    pub point: [f64; 2],
    pub distance_px: f64,
}

/// Where [`SnappedPoint`] is kept in egui's memory.
pub fn snapped_id() -> eframe::egui::Id {
    eframe::egui::Id::unique("hetscope_chart_snap")
}

/// Reference lines with their labels inside the plot.
fn ref_lines(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32, taken: &mut LabelBoxes) {
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
                let v = pui.screen_from_plot(PlotPoint::new(0.0, y)).y as f64;
                ref_label(pui, r, v, label, taken);
            }
            Orientation::Vertical => {
                let Some(x) = p.x.pos(r.value) else { continue };
                pui.vline(
                    VLine::new("", x)
                        .color(c)
                        .width(1.3)
                        .style(plot_style(r.style)),
                );
                let v = pui.screen_from_plot(PlotPoint::new(x, 0.0)).x as f64;
                ref_label(pui, r, v, label, taken);
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

/// Labelled markers, each label at the first spot around its dot clear of
/// the other labels and dots.
fn markers(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32, taken: &mut LabelBoxes) {
    for m in &p.markers {
        let (Some(x), Some(y)) = (p.x.pos(m.x), p.y.pos(m.y)) else {
            continue;
        };
        pui.points(
            Points::new("", [x, y])
                .color(color(m.color, ink))
                .radius(MARKER_RADIUS)
                .filled(true)
                .shape(MarkerShape::Circle),
        );
        let Some(c) = marker_screen_pos(pui, p, m.x, m.y) else {
            continue;
        };
        if m.label.trim().is_empty() {
            continue;
        }
        let spots = marker_spots(c[0], c[1], MARKER_RADIUS as f64, LABEL_SIZE, 3.0);
        if let Some(s) = taken.choose(&spots, &m.label, LABEL_SIZE) {
            spot_text(pui, s, RichText::new(&m.label).color(ink));
        }
    }
}

/// One bar set: the bars (drawn from their base; on a log axis a base of
/// 0 is the bottom of the range), the error ranges and the value labels.
fn bar_set(pui: &mut PlotUi<'_>, p: &ChartPanel, set: &BarSet, ink: Color32) -> Vec<ValueLabel> {
    let c = color(set.color, ink);
    let edge = Color32::from_rgb(
        (set.color[0] as f32 * 0.7) as u8,
        (set.color[1] as f32 * 0.7) as u8,
        (set.color[2] as f32 * 0.7) as u8,
    );
    let mut bars = Vec::with_capacity(set.bars.len());
    // Error ranges and value labels go on top of the bars.
    let mut ranges: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut labels: Vec<ValueLabel> = Vec::new();
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
            let text = fmt_tick(b.value);
            labels.push(if p.is_stacked_under(set, b) {
                (PlotPoint::new(x, (top + base) / 2.0), text, true)
            } else {
                (PlotPoint::new(x, label_at), text, false)
            });
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
    labels
}
