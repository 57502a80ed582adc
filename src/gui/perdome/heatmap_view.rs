//! Heat map view: the layout the exports write
//! (`hetscope_figure::layout::heatmap`) on the view's canvas: the grid as a
//! texture and the zero bands as polygons in an egui_plot plot placed on
//! the layout's areas (for the exact readout under the cursor), then the
//! layout's ticks, titles, marker symbols and labels, colour bar, legend
//! and notes painted over it (`gui/scene_paint.rs`). The map shows the
//! whole plane: no pan or zoom, so that every text stays where it is.

use eframe::egui;
use eframe::egui::{Color32, ColorImage, Rect, Sense, TextureHandle, TextureOptions, Ui, Vec2};
use egui_plot::{HoverPosition, MarkerShape, Plot, PlotImage, PlotPoint, PlotUi, Points, Polygon};

use crate::gui::scene_paint::{paint_gradient, paint_symbol, scene_ui};
use crate::gui::widgets::rgb;
use hetscope_figure::layout::heatmap::{HeatmapLayout, layout};
use hetscope_figure::{HeatmapFigure, MarkerKind};

/// The uploaded texture of the figure last shown.
#[derive(Default)]
pub struct Cache {
    texture: Option<(u64, TextureHandle)>,
    /// The layout last painted, by figure generation and canvas size:
    /// made again only when one of them changes, not every frame.
    layout: Option<((u64, [u32; 2]), HeatmapLayout)>,
}

/// Marker kinds in legend order, with their plot shape and legend name.
const KINDS: [(MarkerKind, MarkerShape, &str); 5] = [
    (MarkerKind::PerfectDp, MarkerShape::Circle, "p-DP"),
    (MarkerKind::CpuOnly, MarkerShape::Square, "CPU-only"),
    (MarkerKind::GpuOnly, MarkerShape::Up, "GPU-only"),
    (
        MarkerKind::Optimum,
        MarkerShape::Circle,
        "optimum (best found)",
    ),
    (
        MarkerKind::Partition,
        MarkerShape::Diamond,
        "workload partitions",
    ),
];

pub fn heatmap_ui(ui: &mut Ui, fig: &HeatmapFigure, generation: u64, cache: &mut Cache) {
    let texture = match &cache.texture {
        Some((g, t)) if *g == generation => t.clone(),
        _ => {
            let (w, h, px) = fig.rgba();
            let image = ColorImage::from_rgba_unmultiplied([w, h], &px);
            let t = ui
                .ctx()
                .load_texture("heatmap", image, TextureOptions::NEAREST);
            cache.texture = Some((generation, t.clone()));
            t
        }
    };
    let size = ui.available_size().max(Vec2::new(360.0, 300.0));
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let key = (
        generation,
        [rect.width().to_bits(), rect.height().to_bits()],
    );
    if cache.layout.as_ref().is_none_or(|(k, _)| *k != key) {
        let lay = layout(fig, rect.width() as f64, rect.height() as f64);
        cache.layout = Some((key, lay));
    }
    let Some((_, lay)) = &cache.layout else {
        return;
    };
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, crate::gui::scene_paint::paper(&painter));
    for r in &lay.hatched {
        hatch(&painter, rect.min, *r);
    }
    plot_ui(ui, fig, lay, rect.min, &texture);
    paint_gradient(&painter, rect.min, lay.color_bar);
    for s in lay.markers.iter().chain(&lay.legend) {
        paint_symbol(&painter, rect.min, s);
    }
    let swatch = hatch(&painter, rect.min, lay.empty_swatch);
    let edge = egui::Stroke::new(0.8, Color32::from_gray(0x99));
    painter.rect_stroke(swatch, 0.0, edge, egui::StrokeKind::Middle);
    scene_ui(ui, rect, &lay.scene, "heatmap_texts");
}

/// The grid, the bands and (for the hover only) the markers in an
/// egui_plot plot exactly on the layout's areas: its bounds are the
/// layout's frame, so a point of the plane is where the layout puts it.
fn plot_ui(
    ui: &mut Ui,
    fig: &HeatmapFigure,
    lay: &HeatmapLayout,
    origin: egui::Pos2,
    texture: &TextureHandle,
) {
    let fr = &lay.frame;
    let area = Rect::from_min_max(
        origin + Vec2::new(lay.col_band[0] as f32, lay.main[1] as f32),
        origin + Vec2::new(lay.main[2] as f32, lay.row_band[3] as f32),
    );
    let plot = Plot::new("heatmap_plot")
        .width(area.width())
        .height(area.height())
        .default_x_bounds(fr.x_lo, fr.x_hi)
        .default_y_bounds(fr.y_lo, fr.y_hi)
        .set_margin_fraction(Vec2::ZERO)
        .show_axes(false)
        .show_grid(false)
        .show_background(false)
        .show_crosshair(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .label_formatter(|pos| hover_text(fig, pos));
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.scope_builder(egui::UiBuilder::new().max_rect(area).layout(layout), |ui| {
        plot.show(ui, |pui| {
            grid_items(pui, fig, texture);
            marker_items(pui, fig);
        })
    });
}

/// White with light diagonal hatching where there is no partition, as
/// the exports draw it (lines on one grid across the canvas, so that
/// neighbouring areas line up); returns the rectangle on screen.
fn hatch(painter: &egui::Painter, origin: egui::Pos2, r: [f64; 4]) -> Rect {
    let rect = Rect::from_min_max(
        origin + Vec2::new(r[0] as f32, r[1] as f32),
        origin + Vec2::new(r[2] as f32, r[3] as f32),
    );
    painter.rect_filled(rect, 0.0, crate::gui::scene_paint::paper(painter));
    let line = egui::Stroke::new(1.2, Color32::from_gray(0xd4));
    let p = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let d = 7.0;
    // Lines x + y = c, c on a grid of the canvas.
    let (o, span) = (origin.x + origin.y, rect.width() + rect.height());
    let mut c = ((rect.min.x + rect.min.y - o) / d).ceil() * d + o;
    while c < rect.min.x + rect.min.y + span {
        let a = egui::pos2(c - rect.max.y, rect.max.y);
        let b = egui::pos2(c - rect.min.y, rect.min.y);
        p.line_segment([a, b], line);
        c += d;
    }
    rect
}

/// The grid as an image and the zero bands as polygons.
fn grid_items(pui: &mut PlotUi<'_>, fig: &HeatmapFigure, texture: &TextureHandle) {
    let (x0, x1, y0, y1) = (fig.x.lo, fig.x.hi, fig.y.lo, fig.y.hi);
    pui.image(
        PlotImage::new(
            "",
            texture.id(),
            PlotPoint::new((x0 + x1) / 2.0, (y0 + y1) / 2.0),
            [(x1 - x0) as f32, (y1 - y0) as f32],
        )
        .allow_hover(false),
    );
    for c in fig.zero_band_cells() {
        let pts = vec![[c.x0, c.y0], [c.x1, c.y0], [c.x1, c.y1], [c.x0, c.y1]];
        // An outline in the fill colour hides the seams between cells.
        pui.polygon(
            Polygon::new("", pts)
                .fill_color(rgb(c.rgb))
                .stroke(egui::Stroke::new(1.0, rgb(c.rgb)))
                .allow_hover(false),
        );
    }
}

/// The markers as invisible points named by kind: the layout draws the
/// symbols; these let the hover say which marker is under the cursor.
fn marker_items(pui: &mut PlotUi<'_>, fig: &HeatmapFigure) {
    for (kind, shape, name) in KINDS {
        let pts: Vec<[f64; 2]> = fig
            .markers
            .iter()
            .filter(|m| m.kind == kind)
            .filter_map(|m| fig.marker_pos(m))
            .map(|(x, y)| [x, y])
            .collect();
        if !pts.is_empty() {
            let points = Points::new(name, pts).shape(shape).radius(6.0).filled(true);
            pui.points(points.color(Color32::TRANSPARENT));
        }
    }
}

/// Tooltip: the marker under the cursor, then the model's exact readout.
fn hover_text(fig: &HeatmapFigure, pos: &HoverPosition<'_>) -> Option<String> {
    let (p, marker) = match pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            index,
        } => {
            let kind = KINDS.iter().find(|k| k.2 == *plot_name).map(|k| k.0);
            let m = kind.and_then(|kind| {
                fig.markers
                    .iter()
                    .filter(|m| m.kind == kind && fig.marker_pos(m).is_some())
                    .nth(*index)
            });
            (*position, m)
        }
        HoverPosition::Elsewhere { position } => (*position, None),
    };
    let readout = fig.readout(p.x, p.y);
    match (marker, readout) {
        (Some(m), _) => Some(format!(
            "{}\nI_C = {}, I_G = {} flop/byte\n{}",
            m.label,
            hetscope_model::format::fmt_num(m.i_c),
            hetscope_model::format::fmt_num(m.i_g),
            m.value_text
        )),
        (None, r) => r,
    }
}
