//! Heat map view: the grid as a texture in an `egui_plot` plot over
//! (log2 I_C, log2 I_G), the zero bands as polygons, `2^k` ticks, labelled
//! markers, a colour bar and an exact model readout under the cursor.

use eframe::egui;
use eframe::egui::{Color32, ColorImage, RichText, TextureHandle, TextureOptions, Ui};
use egui_plot::{
    GridInput, GridMark, HoverPosition, MarkerShape, Plot, PlotImage, PlotPoint, PlotUi, Points,
    Polygon,
};

use crate::gui::widgets::{COLOR_BAR_WIDTH, color_bar_ui, rgb};
use hetscope_figure::labels::{LabelBoxes, marker_spots, without_repeats};
use hetscope_figure::{Axis, HeatmapFigure, MarkerKind};

/// The uploaded texture of the figure last shown.
#[derive(Default)]
pub struct Cache {
    texture: Option<(u64, TextureHandle)>,
    /// Axis ranges last shown; the plot's zoom is reset when they change.
    ranges: Option<[f64; 4]>,
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

/// Grid marks for an axis: its ticks that are in view, thinned so that
/// labels `min_px` apart fit along `len_px` points.
fn marks(axis: &Axis, input: GridInput, len_px: f32, min_px: f64) -> Vec<GridMark> {
    let ticks = axis.ticks();
    let step = ticks
        .windows(2)
        .filter(|w| w[0].1 != "0")
        .map(|w| w[1].0 - w[0].0)
        .next()
        .unwrap_or(1.0);
    let (lo, hi) = input.bounds;
    let px_per_unit = len_px as f64 / (hi - lo).max(1e-9);
    let stride = (min_px / (step * px_per_unit)).ceil().max(1.0);
    ticks
        .into_iter()
        .filter(|(p, _)| *p >= lo && *p <= hi)
        .filter(|(p, l)| l == "0" || (p / step).round().rem_euclid(stride) == 0.0)
        .map(|(p, _)| GridMark {
            value: p,
            step_size: step * stride,
        })
        .collect()
}

/// The tick label at plot coordinate `v`.
fn tick_label(axis: &Axis, v: f64) -> String {
    axis.ticks()
        .into_iter()
        .find(|(p, _)| (p - v).abs() < 1e-9)
        .map(|(_, l)| l)
        .unwrap_or_default()
}

pub fn heatmap_ui(ui: &mut Ui, fig: &HeatmapFigure, generation: u64, cache: &mut Cache) {
    ui.heading(&fig.title);
    ui.weak(&fig.subtitle);

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
    let ranges = [fig.x.full_lo(), fig.x.hi, fig.y.full_lo(), fig.y.hi];
    let reset = cache.ranges != Some(ranges);
    cache.ranges = Some(ranges);

    // The plot takes the whole area beside its colour bar (side by side
    // with a second platform, a square plot would leave half of it empty).
    // Under it: the markers' legend and a line of help.
    let height = (ui.available_height() - 52.0).max(200.0);
    let width = (ui.available_width() - COLOR_BAR_WIDTH - 12.0).max(200.0);
    ui.horizontal_top(|ui| {
        let mut plot = Plot::new("heatmap_plot")
            .width(width)
            .height(height)
            .default_x_bounds(fig.x.full_lo() - 0.3, fig.x.hi + 0.3)
            .default_y_bounds(fig.y.full_lo() - 0.3, fig.y.hi + 0.3)
            .x_axis_label(fig.x.title())
            .y_axis_label(fig.y.title())
            .x_grid_spacer(move |input| marks(&fig.x, input, width, 82.0))
            .y_grid_spacer(move |input| marks(&fig.y, input, height, 32.0))
            .x_axis_formatter(|mark, _| tick_label(&fig.x, mark.value))
            .y_axis_formatter(|mark, _| tick_label(&fig.y, mark.value))
            .show_crosshair(false)
            .label_formatter(|pos| hover_text(fig, pos));
        if reset {
            plot = plot.reset();
        }
        plot.show(ui, |pui| {
            grid_items(pui, fig, &texture);
            marker_items(pui, fig);
            marker_labels(pui, fig);
        });
        color_bar_ui(ui, &fig.color, height);
    });
    marker_legend_ui(ui, fig);
    ui.weak("Hover for exact values. Drag to pan, scroll to zoom, double-click to reset. Empty cells: no such partition (Lemma 2).");
}

/// The markers' legend in a row under the map (as the exports put it
/// beside the map, never over the cells).
fn marker_legend_ui(ui: &mut Ui, fig: &HeatmapFigure) {
    ui.horizontal_wrapped(|ui| {
        for (kind, shape, name) in KINDS {
            if !fig.markers.iter().any(|m| m.kind == kind) {
                continue;
            }
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            let c = rect.center();
            let fill = Color32::from_rgb(kind.color()[0], kind.color()[1], kind.color()[2]);
            let stroke = egui::Stroke::new(1.0, Color32::BLACK);
            let r = 5.5;
            let pts: Vec<egui::Pos2> = match shape {
                MarkerShape::Square => vec![
                    c + egui::vec2(-r, -r),
                    c + egui::vec2(r, -r),
                    c + egui::vec2(r, r),
                    c + egui::vec2(-r, r),
                ],
                MarkerShape::Up => vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, r),
                    c + egui::vec2(-r, r),
                ],
                MarkerShape::Diamond => vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, 0.0),
                    c + egui::vec2(0.0, r),
                    c + egui::vec2(-r, 0.0),
                ],
                _ => Vec::new(),
            };
            if pts.is_empty() {
                ui.painter().circle(c, r, fill, stroke);
            } else {
                ui.painter()
                    .add(egui::Shape::convex_polygon(pts, fill, stroke));
            }
            ui.label(name);
            ui.add_space(10.0);
        }
    });
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

/// The markers by kind, each with an outline.
fn marker_items(pui: &mut PlotUi<'_>, fig: &HeatmapFigure) {
    // Workload partitions first, so that p-DP, CPU-only and GPU-only
    // stay visible where a partition coincides with them.
    for (kind, shape, name) in KINDS.into_iter().rev() {
        let pts: Vec<[f64; 2]> = fig
            .markers
            .iter()
            .filter(|m| m.kind == kind)
            .filter_map(|m| fig.marker_pos(m))
            .map(|(x, y)| [x, y])
            .collect();
        if pts.is_empty() {
            continue;
        }
        // A black shape behind gives each marker an outline.
        pui.points(
            Points::new("", pts.clone())
                .shape(shape)
                .radius(8.0)
                .filled(true)
                .color(Color32::BLACK)
                .allow_hover(false),
        );
        pui.points(
            Points::new(name, pts.clone())
                .shape(shape)
                .radius(6.0)
                .filled(true)
                .color(rgb(kind.color())),
        );
        if kind == MarkerKind::Optimum {
            pui.points(
                Points::new("", pts)
                    .shape(MarkerShape::Plus)
                    .radius(4.5)
                    .color(Color32::BLACK)
                    .allow_hover(false),
            );
        }
    }
}

/// A label beside each marker, at the first spot around it clear of the
/// other labels and markers (`figure::labels`, as in the export); a label
/// repeated at the same place is written once.
fn marker_labels(pui: &mut PlotUi<'_>, fig: &HeatmapFigure) {
    const SIZE: f64 = 12.0;
    let f = *pui.transform().frame();
    let mut taken = LabelBoxes::new([f.min.x, f.min.y, f.max.x, f.max.y].map(f64::from));
    let placed = fig.markers.iter().filter_map(|m| {
        let (x, y) = fig.marker_pos(m)?;
        let p = pui.screen_from_plot(PlotPoint::new(x, y));
        Some(([p.x as f64, p.y as f64], m))
    });
    let spots = without_repeats(placed, |m| m.label.as_str());
    for ([x, y], _) in &spots {
        taken.take([x - 7.0, y - 7.0, x + 7.0, y + 7.0]);
    }
    for ([x, y], m) in spots {
        let text = format!(" {} ", m.shown_label());
        let around = marker_spots(x, y, 6.0, SIZE, 3.0);
        if let Some(s) = taken.choose(&around, &text, SIZE) {
            let rich = RichText::new(text)
                .color(Color32::WHITE)
                .background_color(Color32::from_black_alpha(150))
                .size(SIZE as f32);
            spot_text(pui, s, rich);
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

/// Font size of the labels in a plot, px (egui's body text).
const LABEL_SIZE: f64 = 12.5;

/// A label at a chosen spot: a plot text anchored at its bottom, left,
/// centre or right as the spot's alignment says.
fn spot_text(pui: &mut PlotUi<'_>, s: hetscope_figure::labels::Spot, text: RichText) {
    use egui::{Align, Align2, Pos2};
    let h = if s.align < 0.25 {
        Align::Min
    } else if s.align > 0.75 {
        Align::Max
    } else {
        Align::Center
    };
    // The spot is the baseline; the text's box ends 0.2 of a line below.
    let bottom = Pos2::new(s.x as f32, (s.y + LABEL_SIZE * 0.2) as f32);
    let at = pui.plot_from_screen(bottom);
    pui.text(
        egui_plot::Text::new("", at, text)
            .anchor(Align2([h, Align::Max]))
            .allow_hover(false),
    );
}
