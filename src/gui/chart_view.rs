//! Draws any [`ChartFigure`] in the place the shared layout gives it
//! (`hetscope_figure::layout::chart`, the layout the exports write): the
//! canvas, each panel's grid at the layout's ticks, the data with
//! egui_plot inside the layout's plot rectangle (pan, zoom and hover),
//! then the layout's texts and marks painted over it (`scene_paint.rs`).
//! egui_plot's own axes, grid and legend are off, so that the window shows
//! the texts the export writes, at the same places.
//!
//! Line charts zoom and pan (double-click resets to the axis ranges): the
//! layout is then made for the zoomed ranges, read from egui_plot's
//! memory. Bar charts stay fixed.

pub(crate) mod axes;

use std::borrow::Cow;

use eframe::egui::{self, Color32, Id, Pos2, Rect, Sense, Stroke, Ui, Vec2};
use egui_plot::{
    Bar, BarChart, HLine, Line, LineStyle as PlotStyle, MarkerShape, Plot, PlotMemory, PlotUi,
    Points, VLine,
};

use crate::gui::scene_paint::scene_ui;
use crate::gui::widgets::rgb;
use axes::{axis_readout, readout};
use hetscope_figure::chart::{BarSet, ChartPanel, LineStyle, Orientation, Scale};
use hetscope_figure::hover::{Nearest, nearest_point};
use hetscope_figure::layout::chart::{ChartLayout, PanelLayout, bar_rects, dot_radius, layout};
use hetscope_figure::{ChartFigure, Figure, FigurePair};
use hetscope_model::format::fmt_tick;

/// The smallest canvas a chart is laid out on, px (a smaller area
/// scrolls, where it sits in a scroll area).
const MIN_CANVAS: Vec2 = Vec2::new(360.0, 300.0);

/// The canvas for a chart: the rest of the area, at least [`MIN_CANVAS`].
fn canvas_ui(ui: &mut Ui) -> Rect {
    let size = ui.available_size().max(MIN_CANVAS);
    ui.allocate_exact_size(size, Sense::hover()).0
}

pub fn chart_ui(ui: &mut Ui, fig: &ChartFigure) {
    let rect = canvas_ui(ui);
    chart_at(ui, fig, rect);
}

/// A chart across the width, `height` px high (in a scroll area, whose
/// height has no end).
pub fn chart_with_height_ui(ui: &mut Ui, fig: &ChartFigure, height: f32) {
    let size = Vec2::new(ui.available_width().max(MIN_CANVAS.x), height);
    let rect = ui.allocate_exact_size(size, Sense::hover()).0;
    chart_at(ui, fig, rect);
    // The plots placed inside the canvas leave the cursor under the last
    // plot: what follows goes under the whole canvas (its notes).
    ui.advance_cursor_after_rect(rect);
}

/// The charts of two platforms side by side (a [`Figure::Pair`]), each on
/// half the canvas, as the export places them.
/// Narrowest half of a pair shown side by side, points: narrower, the two
/// figures stand one under the other (scrolled), each across the width.
const PAIR_MIN_HALF: f32 = 500.0;

/// Whether a pair is shown one under the other in `ui`, and the height
/// each figure then gets (most of the area, never under 440 points).
pub fn stacked_pair(ui: &Ui) -> Option<f32> {
    (ui.available_width() / 2.0 < PAIR_MIN_HALF)
        .then(|| (ui.available_height() * 0.85).max(MIN_CANVAS.y).max(440.0))
}

pub fn chart_pair_ui(ui: &mut Ui, pair: &FigurePair) {
    if let Some(height) = stacked_pair(ui) {
        egui::ScrollArea::vertical()
            .id_salt("chart_pair_stacked")
            .show(ui, |ui| {
                for (k, fig) in [&pair.left, &pair.right].into_iter().enumerate() {
                    ui.push_id(("chart_pair", k), |ui| match fig {
                        Figure::Chart(c) => chart_with_height_ui(ui, c, height),
                        _ => {
                            ui.label("Not a chart.");
                        }
                    });
                }
            });
        return;
    }
    let rect = canvas_ui(ui);
    let half = (rect.width() / 2.0).floor();
    for (k, fig) in [&pair.left, &pair.right].into_iter().enumerate() {
        let r = Rect::from_min_size(
            rect.min + Vec2::new(k as f32 * half, 0.0),
            Vec2::new(half, rect.height()),
        );
        ui.push_id(("chart_pair", k), |ui| match fig {
            Figure::Chart(c) => chart_at(ui, c, r),
            _ => {
                ui.put(r, egui::Label::new("Not a chart."));
            }
        });
    }
}

/// The layout of `fig` on a canvas of `size` px, as the window shows it
/// at the default zoom (what the export of that size writes).
pub fn chart_layout(fig: &ChartFigure, size: Vec2) -> ChartLayout {
    layout(fig, size.x as f64, size.y as f64)
}

/// `fig` laid out on `rect` and drawn there.
fn chart_at(ui: &mut Ui, fig: &ChartFigure, rect: Rect) {
    let ids: Vec<Id> = (0..fig.panels.len())
        .map(|k| plot_id(ui, &fig.title, k, &fig.panels[k]))
        .collect();
    let shown = zoomed(ui.ctx(), fig, &ids);
    let lay = chart_layout(&shown, rect.size());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, crate::gui::scene_paint::paper(&painter));
    for (k, (p, pl)) in shown.panels.iter().zip(&lay.panels).enumerate() {
        paint_grid(&painter, rect.min, p, pl, lay.k);
        plot_ui(ui, &fig.panels[k], pl, ids[k], rect.min, lay.k);
    }
    scene_ui(ui, rect, &lay.scene, ("chart_texts", &fig.title));
}

/// The id of panel `k`'s plot. The axis ranges are part of it: egui_plot
/// keeps a plot's bounds by id, so a figure with new ranges starts from
/// them, not from the last zoom.
fn plot_id(ui: &Ui, title: &str, k: usize, p: &ChartPanel) -> Id {
    let ranges = [p.x.lo, p.x.hi, p.y.lo, p.y.hi].map(f64::to_bits);
    let scales = [p.x.scale == Scale::Log10, p.y.scale == Scale::Log10];
    ui.make_persistent_id(("chart", title, k, ranges, scales))
}

/// `fig` with each line panel's axes at the ranges its plot was zoomed or
/// panned to (the figure itself while nothing is).
fn zoomed<'a>(ctx: &egui::Context, fig: &'a ChartFigure, ids: &[Id]) -> Cow<'a, ChartFigure> {
    let mut out = Cow::Borrowed(fig);
    for (k, (p, id)) in fig.panels.iter().zip(ids).enumerate() {
        if p.is_bar_panel() {
            continue;
        }
        let Some(mem) = PlotMemory::load(ctx, *id) else {
            continue;
        };
        let b = *mem.transform().bounds();
        let (x, y) = ([b.min()[0], b.max()[0]], [b.min()[1], b.max()[1]]);
        let same = |r: (f64, f64), v: [f64; 2]| {
            let tol = 1e-9 * (r.1 - r.0).abs().max(1e-300);
            (r.0 - v[0]).abs() <= tol && (r.1 - v[1]).abs() <= tol
        };
        if same(p.x.pos_range(), x) && same(p.y.pos_range(), y) {
            continue;
        }
        let q = &mut out.to_mut().panels[k];
        (q.x.lo, q.x.hi) = (q.x.value_at(x[0]), q.x.value_at(x[1]));
        (q.y.lo, q.y.hi) = (q.y.value_at(y[0]), q.y.value_at(y[1]));
    }
    out
}

/// Light grid lines at the layout's ticks (major darker), and the zero
/// line of a linear y axis that crosses 0: the export's grid.
fn paint_grid(painter: &egui::Painter, origin: Pos2, p: &ChartPanel, pl: &PanelLayout, k: f64) {
    let fr = pl.frame(p);
    let [x0, y0, x1, y1] = fr.plot;
    let at = |x: f64, y: f64| origin + Vec2::new(x as f32, y as f32);
    let w = (0.8 * k) as f32;
    let pal = crate::gui::scene_paint::palette(painter.ctx());
    let gray = |v: u8| rgb(pal.ink([v, v, v]));
    let ink = |major: bool| Stroke::new(w, gray(if major { 0xe2 } else { 0xef }));
    for t in &pl.x_ticks {
        let x = fr.px(t.pos);
        painter.line_segment([at(x, y0), at(x, y1)], ink(t.major));
    }
    for t in &pl.y_ticks {
        let y = fr.py(t.pos);
        painter.line_segment([at(x0, y), at(x1, y)], ink(t.major));
    }
    if !p.horizontal && p.y.scale == Scale::Linear && p.y.lo < 0.0 && p.y.hi > 0.0 {
        let y = fr.py(0.0);
        let zero = Stroke::new((0.9 * k) as f32, gray(0x9a));
        painter.line_segment([at(x0, y), at(x1, y)], zero);
    }
}

fn plot_style(s: LineStyle) -> PlotStyle {
    match s {
        LineStyle::Solid => PlotStyle::Solid,
        LineStyle::Dashed => PlotStyle::dashed_loose(),
        LineStyle::Dotted => PlotStyle::dotted_dense(),
    }
}

/// How near, in px, the pointer must come to a series point for the hover
/// to snap to it.
const SNAP_PX: f64 = 24.0;

/// Panel `p`'s data drawn by egui_plot inside the layout's plot
/// rectangle (axes, grid, background and legend off: the layout has them).
fn plot_ui(ui: &mut Ui, p: &ChartPanel, pl: &PanelLayout, id: Id, origin: Pos2, k: f64) {
    let fixed = p.is_bar_panel();
    let (xa, xb) = p.x.pos_range();
    let (ya, yb) = p.y.pos_range();
    let ink = Color32::from_gray(0x22);
    let r = pl.plot;
    let rect = Rect::from_min_max(
        origin + Vec2::new(r[0] as f32, r[1] as f32),
        origin + Vec2::new(r[2] as f32, r[3] as f32),
    );
    // The point the hover snaps to, found while the items are drawn and
    // read by the hover readout after them.
    let snapped = std::rc::Rc::new(std::cell::RefCell::new(None));
    let plot = Plot::new(id)
        .id(id)
        .width(rect.width())
        .height(rect.height())
        .default_x_bounds(xa, xb)
        .default_y_bounds(ya, yb)
        .set_margin_fraction(Vec2::ZERO)
        .show_axes(false)
        .show_grid(false)
        .show_background(false)
        .allow_double_click_reset(true)
        .allow_drag(!fixed)
        .allow_zoom(!fixed)
        .allow_scroll(!fixed)
        .allow_boxed_zoom(!fixed)
        .show_x(!fixed)
        .show_y(!fixed)
        .label_formatter({
            let snapped = snapped.clone();
            move |pos| readout(p, pos, snapped.borrow().as_ref())
        });
    let layout = egui::Layout::top_down(egui::Align::Min);
    let shown = ui.scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), |ui| {
        plot.show(ui, |pui| {
            items(pui, p, ink, pl.marker_r as f32, k);
            *snapped.borrow_mut() = snap_ui(pui, p);
        })
    });
    if fixed {
        bar_hover_ui(&shown.inner.response, p, pl, origin);
    }
}

/// The bar under the pointer named in a tooltip (on egui's tooltip
/// background): its set, category, value and range. The bars are where
/// the layout put them.
fn bar_hover_ui(response: &egui::Response, p: &ChartPanel, pl: &PanelLayout, origin: Pos2) {
    let Some(at) = response.hover_pos() else {
        return;
    };
    let (x, y) = ((at.x - origin.x) as f64, (at.y - origin.y) as f64);
    let hit = bar_rects(p, &pl.frame(p))
        .into_iter()
        .rev()
        .find(|(r, _, _)| x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3]);
    if let Some((_, si, bi)) = hit {
        let text = bar_hover_text(p, &p.bars[si], &p.bars[si].bars[bi]);
        response.clone().on_hover_text_at_pointer(text);
    }
}

/// "FPM · G1 GTX680 / t = 1.942 s / range 1.8 to 2.1".
fn bar_hover_text(p: &ChartPanel, set: &BarSet, b: &hetscope_figure::chart::Bar) -> String {
    let cat = p.categories.get(b.category).map_or("", String::as_str);
    let what = if b.label.is_empty() {
        axis_readout(&p.y, b.value)
    } else {
        b.label.clone()
    };
    let mut text = format!("{} · {cat}\n{what}", set.name);
    if let Some((lo, hi)) = b.range {
        text.push_str(&format!("\nrange {} to {}", fmt_tick(lo), fmt_tick(hi)));
    }
    text
}

/// The plot items of a panel, in drawing order: bars with their ranges,
/// reference lines, series, markers (their labels are the layout's).
fn items(pui: &mut PlotUi<'_>, p: &ChartPanel, ink: Color32, marker_r: f32, k: f64) {
    for set in &p.bars {
        bar_set(pui, p, set, ink);
    }
    ref_lines(pui, p, k);
    series(pui, p, k);
    markers(pui, p, marker_r);
}

/// The series point nearest to the pointer, when it is within
/// [`SNAP_PX`], ringed in its series' colour (line charts only).
fn snap_ui(pui: &mut PlotUi<'_>, p: &ChartPanel) -> Option<Nearest> {
    if p.is_bar_panel() || !pui.response().hovered() {
        return None;
    }
    let at = pui.pointer_coordinate()?;
    let t = pui.transform();
    let px = [t.dpos_dvalue_x().abs(), t.dpos_dvalue_y().abs()];
    let near = nearest_point(p, [at.x, at.y], px).filter(|n| n.distance_px <= SNAP_PX)?;
    let (x, y) = (p.x.pos(near.point[0])?, p.y.pos(near.point[1])?);
    let c = rgb(p.series[near.series].color);
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

/// Reference lines, at the exports' width and dash.
fn ref_lines(pui: &mut PlotUi<'_>, p: &ChartPanel, k: f64) {
    let w = (1.3 * k) as f32;
    for r in &p.ref_lines {
        let c = rgb(r.color);
        match r.orientation {
            Orientation::Horizontal => {
                let Some(y) = p.y.pos(r.value) else { continue };
                let line = HLine::new("", y).color(c).width(w);
                pui.hline(line.style(plot_style(r.style)));
            }
            Orientation::Vertical => {
                let Some(x) = p.x.pos(r.value) else { continue };
                let line = VLine::new("", x).color(c).width(w);
                pui.vline(line.style(plot_style(r.style)));
            }
        }
    }
}

/// Lines (one a run of placeable points) and point series, at the
/// exports' widths; named for the hover.
fn series(pui: &mut PlotUi<'_>, p: &ChartPanel, k: f64) {
    for s in &p.series {
        let name = s.name.as_str();
        let c = rgb(s.color);
        if s.points_only {
            let pts: Vec<[f64; 2]> = s
                .points
                .iter()
                .filter_map(|pt| Some([p.x.pos(pt[0])?, p.y.pos(pt[1])?]))
                .collect();
            pui.points(
                Points::new(name, pts)
                    .color(c)
                    .radius(dot_radius(s, k) as f32)
                    .filled(true)
                    .shape(MarkerShape::Circle),
            );
            continue;
        }
        let w = ((s.width as f64).max(0.3) * k) as f32;
        let style = plot_style(s.style);
        // One line a run of placeable points.
        let mut run: Vec<[f64; 2]> = Vec::with_capacity(s.points.len());
        for pt in s.points.iter().map(|pt| p.x.pos(pt[0]).zip(p.y.pos(pt[1]))) {
            match pt {
                Some((x, y)) => run.push([x, y]),
                None if !run.is_empty() => {
                    let line = Line::new(name, std::mem::take(&mut run));
                    pui.line(line.color(c).width(w).style(style));
                }
                None => {}
            }
        }
        if !run.is_empty() {
            pui.line(Line::new(name, run).color(c).width(w).style(style));
        }
    }
}

/// The markers' dots, ringed in black as in the exports.
fn markers(pui: &mut PlotUi<'_>, p: &ChartPanel, r: f32) {
    for m in &p.markers {
        let (Some(x), Some(y)) = (p.x.pos(m.x), p.y.pos(m.y)) else {
            continue;
        };
        let pt = [x, y];
        pui.points(
            Points::new(m.label.as_str(), pt)
                .color(rgb(
                    crate::gui::scene_paint::palette(pui.ctx()).ink([0, 0, 0])
                ))
                .radius(r + 1.0)
                .filled(true),
        );
        pui.points(
            Points::new(m.label.as_str(), pt)
                .color(rgb(m.color))
                .radius(r)
                .filled(true),
        );
    }
}

/// One bar set: the bars (drawn from their base; on a log axis a base of
/// 0 is the bottom of the range) with a white edge, and the error ranges,
/// as in the exports; each bar's hover names its set and category.
fn bar_set(pui: &mut PlotUi<'_>, p: &ChartPanel, set: &BarSet, ink: Color32) {
    let c = rgb(set.color);
    let mut bars = Vec::with_capacity(set.bars.len());
    // Error ranges go on top of the bars.
    let mut ranges: Vec<Vec<[f64; 2]>> = Vec::new();
    // Along the category axis and the value axis (x and y, or y and x in
    // a horizontal panel).
    let (cat, val) = p.category_and_value_axes();
    for b in &set.bars {
        let centre = p.category_at(b.category) + set.offset;
        let (Some(x), Some(top), Some(xa), Some(xb)) = (
            cat.pos(centre),
            val.pos(b.value),
            cat.pos(centre - set.width / 2.0),
            cat.pos(centre + set.width / 2.0),
        ) else {
            continue;
        };
        let base = val.base_pos(b.base);
        let range = b
            .range
            .and_then(|(lo, hi)| Some((val.pos(lo)?, val.pos(hi)?)));
        bars.push(
            Bar::new(x, top - base)
                .base_offset(base)
                .width((xb - xa).abs())
                .fill(c)
                .stroke(Stroke::new(
                    0.6,
                    rgb(crate::gui::scene_paint::palette(pui.ctx()).paper()),
                )),
        );
        if let Some((lo, hi)) = range {
            let cap = (xb - xa).abs() * 0.35;
            let mut whisker = vec![
                [x - cap, lo],
                [x + cap, lo],
                [x, lo],
                [x, hi],
                [x - cap, hi],
                [x + cap, hi],
            ];
            if p.horizontal {
                whisker.iter_mut().for_each(|q| q.reverse());
            }
            ranges.push(whisker);
        }
    }
    // The hover is the window's own tooltip (`bar_hover_ui`).
    let chart = BarChart::new(set.name.as_str(), bars)
        .color(c)
        .allow_hover(false);
    pui.bar_chart(if p.horizontal {
        chart.horizontal()
    } else {
        chart
    });
    for pts in ranges {
        pui.line(Line::new("", pts).color(ink).width(1.3).allow_hover(false));
    }
}
