//! Surface layout: the projected primitives written as SVG vector elements,
//! in paint order, with a colour bar and a legend.

use std::fmt::Write;

use crate::svg_util::{Align, Svg, esc, f, push_points};
use hetscope_figure::perdome::MarkerKind;
use hetscope_figure::perdome::surface::MARKER_TEXT;
use hetscope_figure::perdome::surface::{Anchor, Prim};
use hetscope_figure::text::text_width;
use hetscope_figure::{Camera, SurfaceFigure};

pub fn draw(svg: &mut Svg, fig: &SurfaceFigure, camera: &Camera) {
    let k = svg.k;
    svg.header(&fig.title, &fig.subtitle);
    let (left, top, right, bottom) = (20.0 * k, 70.0 * k, 215.0 * k, 44.0 * k);
    let w = (svg.width - left - right).max(20.0);
    let h = (svg.height - top - bottom).max(20.0);
    // Text grows with the export so labels stay legible on large images;
    // the projection lays it out at that size.
    let text_k = k.max(1.0) as f32;
    let rect = [left as f32, top as f32, w as f32, h as f32];
    let projected = fig.project_scaled(camera, rect, text_k);
    svg.raw(r#"<g stroke-linejoin="round">"#);
    svg.raw("\n");
    let mut drawn = Drawn::default();
    for p in &projected.prims {
        drawn.prim(svg, p);
    }
    svg.raw("</g>\n");

    let cx = left + w + 34.0 * k;
    let bar_h = (h * 0.5).max(40.0 * k);
    svg.color_bar(&fig.color, cx, top, 18.0 * k, bar_h);
    let below = svg.legend(&drawn.kinds, cx, top + bar_h + 36.0 * k);
    let cam = camera.clamped();
    let view = format!(
        "view: yaw {:.0}°, pitch {:.0}°, zoom {:.2}",
        cam.yaw_deg, cam.pitch_deg, cam.zoom
    );
    svg.text(
        cx,
        below + 10.0 * k,
        11.0 * k,
        Align::Start,
        "#666666",
        &view,
    );
    floor_note(svg, left, svg.height - 14.0 * k);
}

/// The marker symbols drawn so far: a workload partition that repeats a
/// reference marker is drawn once (the first symbol at a place).
#[derive(Default)]
struct Drawn {
    dots: Vec<[f32; 2]>,
    /// The kinds of the symbols drawn, for the legend.
    kinds: Vec<MarkerKind>,
}

impl Drawn {
    /// Draw one primitive unless it repeats a marker; marker labels (placed
    /// clear of each other by the projection) as halo text.
    fn prim(&mut self, svg: &mut Svg, p: &Prim) {
        match p {
            Prim::Dot { pos, kind, .. } => {
                if self.dots.iter().any(|d| near(*d, *pos)) {
                    return;
                }
                self.dots.push(*pos);
                self.kinds.push(*kind);
            }
            Prim::Text {
                pos,
                text,
                color,
                size,
                anchor,
            } if *color == MARKER_TEXT => {
                let align = match anchor {
                    Anchor::Start => Align::Start,
                    Anchor::Middle => Align::Middle,
                    Anchor::End => Align::End,
                };
                svg.halo_text(pos[0] as f64, pos[1] as f64, *size as f64, align, text);
                return;
            }
            _ => {}
        }
        prim(svg, p);
    }
}

fn near(a: [f32; 2], b: [f32; 2]) -> bool {
    (a[0] - b[0]).abs() < 0.5 && (a[1] - b[1]).abs() < 0.5
}

/// What the floor colours mean (they match the projection's floor): side
/// by side where they fit, else the second on a line above the first.
fn floor_note(svg: &mut Svg, x0: f64, y: f64) {
    let k = svg.k;
    let size = 12.0 * k;
    let (mut x, mut y) = (x0, y);
    for (i, (fill, text)) in [
        ("#f5f5f5", "floor: no such partition (Lemma 2)"),
        (
            "#c8c8c8",
            "floor: valid partitions; purple lines: I_C = 0 and I_G = 0",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 && x + 28.0 * k + text_width(text, size) > svg.width - 4.0 * k {
            (x, y) = (x0, y - size * 1.6);
        }
        svg.rect(
            x,
            y - size * 0.9,
            22.0 * k,
            size * 1.1,
            fill,
            Some(("#999999", 0.8 * k)),
        );
        svg.text(x + 28.0 * k, y, size, Align::Start, "#333333", text);
        x += 28.0 * k + text_width(text, size) + 30.0 * k;
    }
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
        Prim::Text {
            pos,
            text,
            size,
            color,
            anchor,
        } => {
            let align = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            let (fc, fa) = rgba(*color);
            let _ = write!(
                svg.buf,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{align}" fill="{fc}""#,
                f(pos[0] as f64),
                f(pos[1] as f64),
                f(*size as f64)
            );
            if let Some(a) = fa {
                let _ = write!(svg.buf, r#" fill-opacity="{a}""#);
            }
            let _ = writeln!(svg.buf, ">{}</text>", esc(text));
        }
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
