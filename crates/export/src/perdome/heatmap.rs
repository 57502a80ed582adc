//! Heat map layout: the grid as one embedded pixelated image, the two zero
//! bands as strips left of and below it, log2 ticks, a colour bar, markers
//! and a legend.

use std::fmt::Write;

use base64::Engine;

use crate::layout::{LabelPlacer, text_width};
use crate::svg_util::{Align, GRID_INK, INK, Svg, f};
use hetscope_figure::axis::ZERO_GAP;
use hetscope_figure::labels::{same_spot, without_repeats};
use hetscope_figure::{HeatmapFigure, Marker};

/// Maps plot coordinates (log2 intensities) to pixels.
pub struct Frame {
    pub left: f64,
    pub top: f64,
    pub w: f64,
    pub h: f64,
    x_lo: f64,
    x_hi: f64,
    y_lo: f64,
    y_hi: f64,
}

impl Frame {
    pub fn px(&self, x: f64) -> f64 {
        self.left + (x - self.x_lo) / (self.x_hi - self.x_lo) * self.w
    }
    pub fn py(&self, y: f64) -> f64 {
        self.top + (self.y_hi - y) / (self.y_hi - self.y_lo) * self.h
    }
}

pub fn draw(svg: &mut Svg, fig: &HeatmapFigure) {
    let k = svg.k;
    svg.header(&fig.title, &fig.subtitle);
    let (left, top, right, bottom) = (86.0 * k, 76.0 * k, 215.0 * k, 96.0 * k);
    let avail_w = (svg.width - left - right).max(20.0);
    let avail_h = (svg.height - top - bottom).max(20.0);
    let fr = Frame {
        left,
        top,
        w: avail_w.min(avail_h * 1.7),
        h: avail_h,
        x_lo: fig.x.full_lo(),
        x_hi: fig.x.hi,
        y_lo: fig.y.full_lo(),
        y_hi: fig.y.hi,
    };
    let l = Layout::new(fig, fr, k);
    l.cells(svg);
    l.grid_lines(svg);
    l.axes(svg);
    let spots = l.markers(svg);
    l.side(svg, &spots);
}

/// The heat map's areas in pixels: the main grid, the I_C = 0 column band
/// left of it and the I_G = 0 row band below it.
struct Layout<'a> {
    fig: &'a HeatmapFigure,
    fr: Frame,
    k: f64,
    /// Main area: x from `mx0` to `mx1`, y from `my0` (top) to `my1`.
    mx0: f64,
    mx1: f64,
    my0: f64,
    my1: f64,
    /// I_C = 0 band: x from `bx0` to `bx1`.
    bx0: f64,
    bx1: f64,
    /// I_G = 0 band: y from `by0` to `by1`.
    by0: f64,
    by1: f64,
}

impl<'a> Layout<'a> {
    fn new(fig: &'a HeatmapFigure, fr: Frame, k: f64) -> Self {
        let (x, y) = (&fig.x, &fig.y);
        let (mx0, mx1, my0, my1) = (fr.px(x.lo), fr.px(x.hi), fr.py(y.hi), fr.py(y.lo));
        let (bx0, bx1) = (fr.px(x.full_lo()), fr.px(x.lo - ZERO_GAP));
        let (by0, by1) = (fr.py(y.lo - ZERO_GAP), fr.py(y.full_lo()));
        Layout {
            fig,
            fr,
            k,
            mx0,
            mx1,
            my0,
            my1,
            bx0,
            bx1,
            by0,
            by1,
        }
    }

    /// The cells: hatching under the empty ones and both bands, then the
    /// grid and the bands as images.
    fn cells(&self, svg: &mut Svg) {
        let (mx0, mx1, my0, my1) = (self.mx0, self.mx1, self.my0, self.my1);
        let (bx0, bx1, by0, by1) = (self.bx0, self.bx1, self.by0, self.by1);
        let (nx, ny, pixels) = self.fig.rgba();
        let (cw, ch) = (
            (mx1 - mx0) / nx.max(1) as f64,
            (my1 - my0) / ny.max(1) as f64,
        );
        for [c0, r0, c1, r1] in empty_rects(nx, ny, &pixels) {
            let (x0, y0) = (mx0 + c0 as f64 * cw, my0 + r0 as f64 * ch);
            svg.hatch(x0, y0, (c1 - c0) as f64 * cw, (r1 - r0) as f64 * ch);
        }
        svg.hatch(bx0, my0, bx1 - bx0, my1 - my0);
        svg.hatch(mx0, by0, mx1 - mx0, by1 - by0);
        grid_image(svg, nx, ny, pixels, [mx0, my0, mx1 - mx0, my1 - my0]);
        let ((cw_n, ch_n, col), (rw_n, rh_n, row)) = band_images(self.fig);
        grid_image(svg, cw_n, ch_n, col, [bx0, my0, bx1 - bx0, my1 - my0]);
        grid_image(svg, rw_n, rh_n, row, [mx0, by0, mx1 - mx0, by1 - by0]);
    }

    /// Light grid lines at the powers of two inside the main area, then
    /// the frames of the three areas.
    fn grid_lines(&self, svg: &mut Svg) {
        let (x, y, fr, k) = (&self.fig.x, &self.fig.y, &self.fr, self.k);
        let (mx0, mx1, my0, my1) = (self.mx0, self.mx1, self.my0, self.my1);
        let (bx0, bx1, by0, by1) = (self.bx0, self.bx1, self.by0, self.by1);
        let faint = r##"<g stroke="#ffffff" stroke-opacity="0.35" stroke-width=""##;
        let _ = write!(svg.buf, "{faint}{}\">", f(0.8 * k));
        for (p, _) in x.ticks().into_iter().filter(|(p, _)| *p >= x.lo) {
            let _ = write!(
                svg.buf,
                r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#,
                f(fr.px(p)),
                f(my0),
                f(my1)
            );
        }
        for (p, _) in y.ticks().into_iter().filter(|(p, _)| *p >= y.lo) {
            let _ = write!(
                svg.buf,
                r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}"/>"#,
                f(fr.py(p)),
                f(mx0),
                f(mx1)
            );
        }
        svg.raw("</g>\n");
        let frame_stroke = Some((INK, 0.9 * k));
        svg.rect(mx0, my0, mx1 - mx0, my1 - my0, "none", frame_stroke);
        svg.rect(bx0, my0, bx1 - bx0, my1 - my0, "none", frame_stroke);
        svg.rect(mx0, by0, mx1 - mx0, by1 - by0, "none", frame_stroke);
    }

    /// Ticks along the bottom and left edges, and the axis titles.
    fn axes(&self, svg: &mut Svg) {
        let (x, y, fr, k) = (&self.fig.x, &self.fig.y, &self.fr, self.k);
        let tick = 12.0 * k;
        let (axis_y, axis_x) = (self.by1, self.bx0);
        // Every tick marked; a label only where it clears the last one.
        let mut clear_from = f64::NEG_INFINITY;
        for (p, label) in x.ticks() {
            let px = fr.px(p);
            svg.line(px, axis_y, px, axis_y + 5.0 * k, INK, 0.9 * k);
            let half = text_width(&label, tick) / 2.0;
            if px - half < clear_from {
                continue;
            }
            clear_from = px + half + 4.0 * k;
            svg.text(
                px,
                axis_y + 8.0 * k + tick,
                tick,
                Align::Middle,
                INK,
                &label,
            );
        }
        for (p, label) in y.ticks() {
            let py = fr.py(p);
            svg.line(axis_x - 5.0 * k, py, axis_x, py, INK, 0.9 * k);
            svg.text(
                axis_x - 8.0 * k,
                py + tick * 0.35,
                tick,
                Align::End,
                INK,
                &label,
            );
        }
        let title = 14.0 * k;
        svg.text(
            (self.mx0 + self.mx1) / 2.0,
            axis_y + 46.0 * k,
            title,
            Align::Middle,
            "#111111",
            &x.title(),
        );
        svg.text_ex(
            axis_x - 56.0 * k,
            (self.my0 + self.my1) / 2.0,
            title,
            Align::Middle,
            "#111111",
            &y.title(),
            "",
            -90.0,
        );
    }

    /// Markers: symbols first, then labels placed around them. A workload
    /// partition that repeats a reference marker (same place and label) is
    /// drawn once; at a shared place the first symbol is kept. Returns the
    /// markers drawn, at their pixel positions.
    fn markers(&self, svg: &mut Svg) -> Vec<(f64, f64, &'a Marker)> {
        let (fig, fr, k) = (self.fig, &self.fr, self.k);
        let r = 6.0 * k;
        // Labels stay right of the y ticks' numbers and left of the
        // colour bar.
        let mut placer =
            LabelPlacer::new([self.bx0, fr.top, fr.left + fr.w + 24.0 * k, fr.top + fr.h]);
        let placed = fig.markers.iter().filter_map(|m| {
            let (x, y) = fig.marker_pos(m)?;
            Some(([fr.px(x), fr.py(y)], m))
        });
        let spots = without_repeats(placed, |m| m.label.as_str());
        for (i, ([px, py], m)) in spots.iter().enumerate() {
            if !spots[..i].iter().any(|(q, _)| same_spot(*q, [*px, *py])) {
                svg.symbol(m.kind, *px, *py, r);
            }
            placer.block(*px, *py, r * 1.3);
        }
        let size = 12.0 * k;
        for ([px, py], m) in &spots {
            let label = m.shown_label();
            let (tx, ty, align) = placer.place(*px, *py, r * 1.2, &label, size);
            svg.halo_text(tx, ty, size, align, &label);
        }
        spots.into_iter().map(|([x, y], m)| (x, y, m)).collect()
    }

    /// Right column: colour bar and the legend of the markers drawn.
    /// Bottom: the empty-cell note and what the bands are.
    fn side(&self, svg: &mut Svg, spots: &[(f64, f64, &Marker)]) {
        let (fr, k) = (&self.fr, self.k);
        let cx = fr.left + fr.w + 34.0 * k;
        let bar_h = (fr.h * 0.5).max(40.0 * k);
        svg.color_bar(&self.fig.color, cx, fr.top, 18.0 * k, bar_h);
        let kinds: Vec<_> = spots.iter().map(|(_, _, m)| m.kind).collect();
        svg.legend(&kinds, cx, fr.top + bar_h + 36.0 * k);
        let note_y = svg.height - 14.0 * k;
        let band_note = "0: the band for I_C = 0 or I_G = 0 (that processor does no flops)";
        let size = 12.0 * k;
        // Beside the empty-cell note where it fits, else on a line above.
        let (bx, by) = if fr.left + 330.0 * k + text_width(band_note, size) <= svg.width {
            (fr.left + 330.0 * k, note_y)
        } else {
            (fr.left, note_y - size * 1.6)
        };
        svg.empty_note(fr.left, note_y);
        svg.text(bx, by, size, Align::Start, GRID_INK, band_note);
    }
}

/// The main grid as one PNG data-URI image, drawn without smoothing.
fn grid_image(svg: &mut Svg, nx: usize, ny: usize, px: Vec<u8>, rect: [f64; 4]) {
    let Some(png) = encode_rgba_png(nx as u32, ny as u32, px) else {
        return;
    };
    let b64 = base64::engine::general_purpose::STANDARD.encode(png);
    let _ = writeln!(
        svg.buf,
        r#"<image x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="none" image-rendering="optimizeSpeed" style="image-rendering:pixelated" xlink:href="data:image/png;base64,{b64}"/>"#,
        f(rect[0]),
        f(rect[1]),
        f(rect[2]),
        f(rect[3])
    );
}

/// Rectangles of transparent cells (column and row ranges, end
/// exclusive): runs in each row, merged with identical runs below them.
pub fn empty_rects(nx: usize, ny: usize, rgba: &[u8]) -> Vec<[usize; 4]> {
    let clear = |c: usize, r: usize| rgba.get((r * nx + c) * 4 + 3).is_some_and(|a| *a == 0);
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

/// PNG bytes of straight RGBA pixels whose alpha is 0 or 255 (so they are
/// also valid premultiplied pixels).
pub fn encode_rgba_png(w: u32, h: u32, rgba: Vec<u8>) -> Option<Vec<u8>> {
    let size = resvg::tiny_skia::IntSize::from_wh(w, h)?;
    let pixmap = resvg::tiny_skia::Pixmap::from_vec(rgba, size)?;
    pixmap.encode_png().ok()
}

/// Width, height and RGBA bytes of an image.
type Pixels = (usize, usize, Vec<u8>);

/// The zero bands as two one-cell-wide images: the I_C = 0 column (first
/// row = highest I_G) and the I_G = 0 row.
fn band_images(fig: &HeatmapFigure) -> (Pixels, Pixels) {
    let px = |v: &Option<f64>| match v {
        Some(v) => {
            let c = fig.color.rgb(*v);
            [c[0], c[1], c[2], 255]
        }
        None => [0, 0, 0, 0],
    };
    let g = &fig.grid;
    let col: Vec<u8> = g.edge_ic0.iter().rev().flat_map(px).collect();
    let row: Vec<u8> = g.edge_ig0.iter().flat_map(px).collect();
    ((1, g.edge_ic0.len(), col), (g.edge_ig0.len(), 1, row))
}
