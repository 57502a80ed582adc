//! Heat maps as SVG: the layout of the figure at the export's size
//! (`hetscope_figure::layout::heatmap`, the one the window paints), the
//! grid as one embedded pixelated image and the two zero bands as strips
//! in the places it gives, the colour bar's gradient and the symbols, then
//! the layout's texts and marks.

use std::fmt::Write;

use base64::Engine;

use crate::scene_svg::write_scene;
use crate::svg_util::{Svg, f};
use hetscope_figure::HeatmapFigure;
use hetscope_figure::layout::heatmap::{HeatmapLayout, layout};

pub fn draw(svg: &mut Svg, fig: &HeatmapFigure) {
    let l = layout(fig, svg.width, svg.height);
    cells(svg, fig, &l);
    grid_lines(svg, fig, &l);
    let [x0, y0, x1, y1] = l.color_bar;
    svg.gradient(x0, y0, x1 - x0, y1 - y0);
    for s in l.markers.iter().chain(&l.legend) {
        svg.symbol(s.kind, s.at[0], s.at[1], s.r);
    }
    let [sx0, sy0, sx1, sy1] = l.empty_swatch;
    svg.hatch(sx0, sy0, sx1 - sx0, sy1 - sy0);
    svg.rect(
        sx0,
        sy0,
        sx1 - sx0,
        sy1 - sy0,
        "none",
        Some(("#999999", 0.8 * l.k)),
    );
    write_scene(svg, &l.scene);
}

/// The cells: hatching under the empty ones and both bands, then the
/// grid and the bands as images.
fn cells(svg: &mut Svg, fig: &HeatmapFigure, l: &HeatmapLayout) {
    let [mx0, my0, mx1, my1] = l.main;
    let [bx0, _, bx1, _] = l.col_band;
    let [_, by0, _, by1] = l.row_band;
    let (nx, ny, pixels) = fig.rgba();
    for [x0, y0, x1, y1] in &l.hatched {
        svg.hatch(*x0, *y0, x1 - x0, y1 - y0);
    }
    grid_image(svg, nx, ny, pixels, [mx0, my0, mx1 - mx0, my1 - my0]);
    let ((cw_n, ch_n, col), (rw_n, rh_n, row)) = band_images(fig);
    grid_image(svg, cw_n, ch_n, col, [bx0, my0, bx1 - bx0, my1 - my0]);
    grid_image(svg, rw_n, rh_n, row, [mx0, by0, mx1 - mx0, by1 - by0]);
}

/// Light grid lines at the powers of two inside the main area.
fn grid_lines(svg: &mut Svg, fig: &HeatmapFigure, l: &HeatmapLayout) {
    let (x, y, fr, k) = (&fig.x, &fig.y, &l.frame, l.k);
    let [mx0, my0, mx1, my1] = l.main;
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
