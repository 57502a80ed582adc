//! Surfaces as SVG: the layout at the export's size
//! (`hetscope_figure::layout::surface`, the one the window draws), its
//! projected primitives written as SVG vector elements in paint order,
//! then the colour bar's gradient, the symbols and the layout's texts.

use std::fmt::Write;

use crate::scene_svg::write_scene;
use crate::svg_util::{Svg, f, push_points};
use hetscope_figure::color::hex;
use hetscope_figure::layout::surface::layout;
use hetscope_figure::perdome::surface::Prim;
use hetscope_figure::{Camera, SurfaceFigure};

pub fn draw(svg: &mut Svg, fig: &SurfaceFigure, camera: &Camera) {
    let l = layout(fig, camera, svg.width, svg.height);
    svg.raw(r#"<g stroke-linejoin="round">"#);
    svg.raw("\n");
    let mut drawn = Drawn::default();
    for p in &l.projected.prims {
        drawn.prim(svg, p);
    }
    svg.raw("</g>\n");
    let [x0, y0, x1, y1] = l.color_bar;
    svg.gradient(x0, y0, x1 - x0, y1 - y0);
    for s in &l.legend {
        svg.symbol(s.kind, s.at[0], s.at[1], s.r);
    }
    for ([x0, y0, x1, y1], fill) in &l.floor {
        let stroke = Some(("#999999", 0.8 * l.k));
        svg.rect(*x0, *y0, x1 - x0, y1 - y0, &hex(*fill), stroke);
    }
    write_scene(svg, &l.scene);
}

/// The marker symbols drawn so far: a workload partition that repeats a
/// reference marker is drawn once (the first symbol at a place).
#[derive(Default)]
struct Drawn {
    dots: Vec<[f32; 2]>,
}

impl Drawn {
    /// Draw one primitive unless it repeats a marker or is a text (the
    /// layout's scene writes the texts).
    fn prim(&mut self, svg: &mut Svg, p: &Prim) {
        match p {
            Prim::Dot { pos, .. } => {
                if self.dots.iter().any(|d| near(*d, *pos)) {
                    return;
                }
                self.dots.push(*pos);
            }
            // Texts are the layout scene's.
            Prim::Text { .. } => return,
            _ => {}
        }
        prim(svg, p);
    }
}

fn near(a: [f32; 2], b: [f32; 2]) -> bool {
    (a[0] - b[0]).abs() < 0.5 && (a[1] - b[1]).abs() < 0.5
}

fn rgba(c: [u8; 4]) -> (String, Option<String>) {
    let hex = format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]);
    let alpha = (c[3] < 255).then(|| f(c[3] as f64 / 255.0));
    (hex, alpha)
}

fn prim(svg: &mut Svg, p: &Prim) {
    match p {
        Prim::Poly { pts, fill, stroke } => {
            svg.raw(r#"<polygon points=""#);
            push_points(&mut svg.buf, pts.iter().map(|q| (q[0] as f64, q[1] as f64)));
            let (fc, fa) = rgba(*fill);
            let _ = write!(svg.buf, r#"" fill="{fc}""#);
            if let Some(a) = fa {
                let _ = write!(svg.buf, r#" fill-opacity="{a}""#);
            }
            stroke_attrs(&mut svg.buf, *stroke);
            svg.raw("/>\n");
        }
        Prim::Line {
            pts,
            color,
            width,
            dashed,
        } => {
            svg.raw(r#"<polyline fill="none" points=""#);
            push_points(&mut svg.buf, pts.iter().map(|q| (q[0] as f64, q[1] as f64)));
            svg.raw("\"");
            stroke_attrs(&mut svg.buf, Some((*color, *width)));
            if *dashed {
                let _ = write!(
                    svg.buf,
                    r#" stroke-dasharray="{0} {0}""#,
                    f(3.0 * *width as f64)
                );
            }
            svg.raw("/>\n");
        }
        // The layout scene writes the texts.
        Prim::Text { .. } => {}
        Prim::Dot {
            pos, radius, kind, ..
        } => {
            svg.symbol(*kind, pos[0] as f64, pos[1] as f64, *radius as f64);
        }
    }
}

fn stroke_attrs(buf: &mut String, stroke: Option<([u8; 4], f32)>) {
    if let Some((c, w)) = stroke {
        let (sc, sa) = rgba(c);
        let _ = write!(buf, r#" stroke="{sc}" stroke-width="{}""#, f(w as f64));
        if let Some(a) = sa {
            let _ = write!(buf, r#" stroke-opacity="{a}""#);
        }
    }
}
