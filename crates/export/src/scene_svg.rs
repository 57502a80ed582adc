//! A laid-out [`Scene`] written as SVG elements: shapes and texts in
//! order, texts with their anchor, weight, rotation and halo.

use std::fmt::Write;

use crate::svg_util::{Align, Svg, dash_attr, f};
use hetscope_figure::color::hex;
use hetscope_figure::layout::scene::{Anchor, Prim, Scene, Shape, Stroke, Text};

/// Every primitive of `scene`, in order.
pub fn write_scene(svg: &mut Svg, scene: &Scene) {
    for p in &scene.items {
        match p {
            Prim::Shape(s) => write_shape(svg, s),
            Prim::Text(t) => write_text(svg, t),
        }
    }
}

fn stroke_attrs(s: &Stroke) -> String {
    format!(
        r#" stroke="{}" stroke-width="{}"{}"#,
        hex(s.color),
        f(s.width),
        dash_attr(s.style, s.width)
    )
}

fn write_shape(svg: &mut Svg, s: &Shape) {
    match s {
        Shape::Rect {
            rect,
            fill,
            stroke,
            radius,
        } => {
            let fill = match fill {
                Some((c, a)) if *a < 1.0 => {
                    format!(r#"fill="{}" fill-opacity="{}""#, hex(*c), f(*a))
                }
                Some((c, _)) => format!(r#"fill="{}""#, hex(*c)),
                None => r#"fill="none""#.to_string(),
            };
            let stroke = stroke.as_ref().map(stroke_attrs).unwrap_or_default();
            let rx = if *radius > 0.0 {
                format!(r#" rx="{}""#, f(*radius))
            } else {
                String::new()
            };
            let _ = writeln!(
                svg.buf,
                r#"<rect x="{}" y="{}" width="{}" height="{}" {fill}{stroke}{rx}/>"#,
                f(rect[0]),
                f(rect[1]),
                f((rect[2] - rect[0]).max(0.0)),
                f((rect[3] - rect[1]).max(0.0))
            );
        }
        Shape::Line { from, to, stroke } => {
            let _ = writeln!(
                svg.buf,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
                f(from[0]),
                f(from[1]),
                f(to[0]),
                f(to[1]),
                stroke_attrs(stroke)
            );
        }
        Shape::Circle { centre, r, fill } => {
            let _ = writeln!(
                svg.buf,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                f(centre[0]),
                f(centre[1]),
                f(*r),
                hex(*fill)
            );
        }
    }
}

/// A text: its halo first (a white outline under it), then the text.
pub fn write_text(svg: &mut Svg, t: &Text) {
    if t.text.is_empty() {
        return;
    }
    let align = match t.anchor {
        Anchor::Start => Align::Start,
        Anchor::Middle => Align::Middle,
        Anchor::End => Align::End,
    };
    let weight = if t.bold { r#"font-weight="bold""# } else { "" };
    if t.halo {
        let halo = format!(
            r##"{weight} stroke="#ffffff" stroke-width="{}" stroke-linejoin="round" stroke-opacity="0.85""##,
            f(t.size * 0.28)
        );
        svg.text_ex(
            t.x,
            t.y,
            t.size,
            align,
            "#ffffff",
            &t.text,
            halo.trim(),
            t.rotate,
        );
    }
    let fill = hex(t.color);
    svg.text_ex(t.x, t.y, t.size, align, &fill, &t.text, weight, t.rotate);
}
