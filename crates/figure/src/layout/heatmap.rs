//! Heat map layout: for a figure and a pixel size, where the main grid
//! and the two zero bands go (the I_C = 0 column left of the grid, the
//! I_G = 0 row below it), the log2 ticks and axis titles, the markers and
//! their labels, the colour bar, the markers' legend and the notes. The
//! exporter fills the areas with the cells as images and the window with
//! egui_plot; both draw the returned `Scene` and symbols the same way.

use super::placer::LabelPlacer;
use super::scene::{
    Anchor, INK, Rect, Scene, Shape, Stroke, TITLE_INK, Text, TextRole, header, scale_of,
};
use super::side::{EMPTY_NOTE, Symbol, color_bar, marker_legend};
use crate::axis::ZERO_GAP;
use crate::labels::{same_spot, without_repeats};
use crate::text::text_width;
use crate::{HeatmapFigure, MarkerKind};

/// Maps plot coordinates (log2 intensities, zero bands included) to
/// pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatFrame {
    pub left: f64,
    pub top: f64,
    pub w: f64,
    pub h: f64,
    pub x_lo: f64,
    pub x_hi: f64,
    pub y_lo: f64,
    pub y_hi: f64,
}

impl HeatFrame {
    pub fn px(&self, x: f64) -> f64 {
        self.left + (x - self.x_lo) / (self.x_hi - self.x_lo) * self.w
    }
    pub fn py(&self, y: f64) -> f64 {
        self.top + (self.y_hi - y) / (self.y_hi - self.y_lo) * self.h
    }
}

/// A heat map placed on a canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapLayout {
    /// Texts, frames and tick marks, drawn over the cells.
    pub scene: Scene,
    pub frame: HeatFrame,
    /// The main grid, the I_C = 0 column band and the I_G = 0 row band.
    pub main: Rect,
    pub col_band: Rect,
    pub row_band: Rect,
    /// The markers' symbols (one a place and label) and the legend's.
    pub markers: Vec<Symbol>,
    pub legend: Vec<Symbol>,
    /// Where the colour bar's gradient goes.
    pub color_bar: Rect,
    /// The hatched swatch of the empty-cell note.
    pub empty_swatch: Rect,
    /// Where there is no partition (Lemma 2), hatched under the cells:
    /// the empty runs of the grid and both bands (their cells with a
    /// value are drawn over them).
    pub hatched: Vec<Rect>,
    /// The scale of fonts and strokes.
    pub k: f64,
}

/// Lay out `fig` on a canvas `width` x `height` px.
pub fn layout(fig: &HeatmapFigure, width: f64, height: f64) -> HeatmapLayout {
    let k = scale_of(width, height);
    let mut scene = Scene::new(width, height);
    header(&mut scene, &fig.title, &fig.subtitle, k);
    let right = (215.0 * k).max(34.0 * k + super::side::side_column_width(k, ""));
    let (left, top, bottom) = (86.0 * k, 76.0 * k, 96.0 * k);
    let avail_w = (width - left - right).max(20.0);
    let avail_h = (height - top - bottom).max(20.0);
    let frame = HeatFrame {
        left,
        top,
        w: avail_w.min(avail_h * 1.7),
        h: avail_h,
        x_lo: fig.x.full_lo(),
        x_hi: fig.x.hi,
        y_lo: fig.y.full_lo(),
        y_hi: fig.y.hi,
    };
    let (x, y) = (&fig.x, &fig.y);
    let main = [
        frame.px(x.lo),
        frame.py(y.hi),
        frame.px(x.hi),
        frame.py(y.lo),
    ];
    let col_band = [
        frame.px(x.full_lo()),
        main[1],
        frame.px(x.lo - ZERO_GAP),
        main[3],
    ];
    let row_band = [
        main[0],
        frame.py(y.lo - ZERO_GAP),
        main[2],
        frame.py(y.full_lo()),
    ];
    for r in [main, col_band, row_band] {
        scene.shape(Shape::Rect {
            rect: r,
            fill: None,
            stroke: Some(Stroke::solid(INK, 0.9 * k)),
            radius: 0.0,
        });
    }
    let mut l = HeatmapLayout {
        scene,
        frame,
        main,
        col_band,
        row_band,
        markers: Vec::new(),
        legend: Vec::new(),
        color_bar: [0.0; 4],
        empty_swatch: [0.0; 4],
        hatched: hatched(fig, main, col_band, row_band),
        k,
    };
    axes(&mut l, fig);
    markers(&mut l, fig);
    side(&mut l, fig);
    l
}

/// The pixel rectangles to hatch: the grid's empty runs (its rows drawn
/// top down) and the two bands.
fn hatched(fig: &HeatmapFigure, main: Rect, col_band: Rect, row_band: Rect) -> Vec<Rect> {
    let (nx, ny) = (fig.grid.spec.nx, fig.grid.spec.ny);
    let raw = fig.grid.raw();
    // Row 0 of the picture is the top (the highest I_G).
    let empty = |c: usize, r: usize| raw.get((ny - 1 - r) * nx + c).is_none_or(|v| v.is_nan());
    let (cw, ch) = (
        (main[2] - main[0]) / nx.max(1) as f64,
        (main[3] - main[1]) / ny.max(1) as f64,
    );
    let mut out: Vec<Rect> = empty_rects(nx, ny, empty)
        .into_iter()
        .map(|[c0, r0, c1, r1]| {
            let (x0, y0) = (main[0] + c0 as f64 * cw, main[1] + r0 as f64 * ch);
            [
                x0,
                y0,
                x0 + (c1 - c0) as f64 * cw,
                y0 + (r1 - r0) as f64 * ch,
            ]
        })
        .collect();
    out.extend([col_band, row_band]);
    out
}

/// Rectangles of the cells `clear` says are empty (column and row
/// ranges, end exclusive): runs in each row, merged with identical runs below them.
pub fn empty_rects(nx: usize, ny: usize, clear: impl Fn(usize, usize) -> bool) -> Vec<[usize; 4]> {
    let mut done: Vec<[usize; 4]> = Vec::new();
    let mut open: Vec<[usize; 4]> = Vec::new();
    for r in 0..ny {
        let mut runs = Vec::new();
        let mut c = 0;
        while c < nx {
            if clear(c, r) {
                let start = c;
                while c < nx && clear(c, r) {
                    c += 1;
                }
                runs.push((start, c));
            } else {
                c += 1;
            }
        }
        let mut next = Vec::new();
        for (c0, c1) in runs {
            match open.iter().position(|o| o[0] == c0 && o[2] == c1) {
                Some(i) => {
                    let mut o = open.swap_remove(i);
                    o[3] = r + 1;
                    next.push(o);
                }
                None => next.push([c0, r, c1, r + 1]),
            }
        }
        done.append(&mut open);
        open = next;
    }
    done.append(&mut open);
    done
}

/// Ticks along the bottom and left edges (a label only where it clears
/// the last one) and the axis titles.
fn axes(l: &mut HeatmapLayout, fig: &HeatmapFigure) {
    let (fr, k) = (l.frame, l.k);
    let tick = crate::layout::scene::font(12.0 * k);
    let (axis_y, axis_x) = (l.row_band[3], l.col_band[0]);
    let stroke = Stroke::solid(INK, 0.9 * k);
    let mut clear_from = f64::NEG_INFINITY;
    for (p, label) in fig.x.ticks() {
        let px = fr.px(p);
        l.scene.line([px, axis_y], [px, axis_y + 5.0 * k], stroke);
        let half = text_width(&label, tick) / 2.0;
        if px - half < clear_from {
            continue;
        }
        clear_from = px + half + 4.0 * k;
        let t = Text::new(
            px,
            axis_y + 8.0 * k + tick,
            tick,
            Anchor::Middle,
            TextRole::Tick,
            &label,
        );
        l.scene.text(t);
    }
    for (p, label) in fig.y.ticks() {
        let py = fr.py(p);
        l.scene.line([axis_x - 5.0 * k, py], [axis_x, py], stroke);
        let t = Text::new(
            axis_x - 8.0 * k,
            py + tick * 0.35,
            tick,
            Anchor::End,
            TextRole::Tick,
            &label,
        );
        l.scene.text(t);
    }
    let title = 14.0 * k;
    let mid_x = (l.main[0] + l.main[2]) / 2.0;
    let t = Text::new(
        mid_x,
        axis_y + 46.0 * k,
        title,
        Anchor::Middle,
        TextRole::AxisTitle,
        &fig.x.title(),
    );
    l.scene.text(t.color(TITLE_INK));
    let mid_y = (l.main[1] + l.main[3]) / 2.0;
    let t = Text::new(
        axis_x - 56.0 * k,
        mid_y,
        title,
        Anchor::Middle,
        TextRole::AxisTitle,
        &fig.y.title(),
    );
    l.scene.text(t.color(TITLE_INK).rotated(-90.0));
}

/// The markers' symbols (a workload partition that repeats a reference
/// marker at its place is drawn once; at a shared place the first symbol
/// is kept), then their labels around them, right of the y ticks'
/// numbers and left of the colour bar.
fn markers(l: &mut HeatmapLayout, fig: &HeatmapFigure) {
    let (fr, k) = (l.frame, l.k);
    let r = 6.0 * k;
    let mut placer = LabelPlacer::new([
        l.col_band[0],
        fr.top,
        fr.left + fr.w + 24.0 * k,
        fr.top + fr.h,
    ]);
    let placed = fig.markers.iter().filter_map(|m| {
        let (x, y) = fig.marker_pos(m)?;
        Some(([fr.px(x), fr.py(y)], m))
    });
    let spots = without_repeats(placed, |m| m.label.as_str());
    for (i, ([px, py], m)) in spots.iter().enumerate() {
        if !spots[..i].iter().any(|(q, _)| same_spot(*q, [*px, *py])) {
            l.markers.push(Symbol {
                at: [*px, *py],
                kind: m.kind,
                r,
            });
        }
        placer.block(*px, *py, r * 1.3);
    }
    let size = crate::layout::scene::font(12.0 * k);
    for ([px, py], m) in &spots {
        let label = m.shown_label();
        let (tx, ty, anchor) = placer.place(*px, *py, r * 1.2, &label, size);
        let t = Text::new(tx, ty, size, anchor, TextRole::Label, &label);
        l.scene.text(t.halo());
    }
}

/// Right column: colour bar and the legend of the markers drawn. Bottom:
/// the empty-cell note and what the bands are (beside it where it fits,
/// else on a line above).
fn side(l: &mut HeatmapLayout, fig: &HeatmapFigure) {
    let (fr, k) = (l.frame, l.k);
    let cx = fr.left + fr.w + 34.0 * k;
    let bar_h = (fr.h * 0.5).max(40.0 * k);
    l.color_bar = [cx, fr.top, cx + 18.0 * k, fr.top + bar_h];
    color_bar(&mut l.scene, &fig.color, l.color_bar, k);
    let mut kinds: Vec<MarkerKind> = Vec::new();
    for s in &l.markers {
        if !kinds.contains(&s.kind) {
            kinds.push(s.kind);
        }
    }
    let (legend, _) = marker_legend(&mut l.scene, &kinds, cx, fr.top + bar_h + 36.0 * k, k);
    l.legend = legend;
    let size = crate::layout::scene::font(12.0 * k);
    let note_y = l.scene.height - 14.0 * k;
    l.empty_swatch = [
        fr.left,
        note_y - size * 0.9,
        fr.left + 22.0 * k,
        note_y + size * 0.2,
    ];
    let t = Text::new(
        fr.left + 28.0 * k,
        note_y,
        size,
        Anchor::Start,
        TextRole::Note,
        EMPTY_NOTE,
    );
    l.scene.text(t);
    let band_note = "0: the band for I_C = 0 or I_G = 0 (that processor does no flops)";
    let (bx, by) = if fr.left + 330.0 * k + text_width(band_note, size) <= l.scene.width {
        (fr.left + 330.0 * k, note_y)
    } else {
        (fr.left, note_y - size * 1.6)
    };
    let t = Text::new(bx, by, size, Anchor::Start, TextRole::Note, band_note);
    l.scene.text(t.color([0x77; 3]));
}
