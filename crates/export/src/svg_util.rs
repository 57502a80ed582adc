//! A small SVG writer: the document, shapes, text and number formatting.
//! Shared figure pieces are in `svg_parts.rs`; text is measured and placed
//! by `hetscope_figure::layout`.

use std::fmt::Write;

use hetscope_figure::chart::LineStyle;
use hetscope_figure::layout::scene::{Anchor, Text, TextRole};

/// Horizontal text anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Start,
    Middle,
    End,
}

impl Align {
    fn attr(self) -> &'static str {
        match self {
            Align::Start => "start",
            Align::Middle => "middle",
            Align::End => "end",
        }
    }
}

/// Escape text for SVG content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// SVG document under construction.
pub struct Svg {
    pub buf: String,
    /// Scale of fonts and margins relative to a 1200 x 800 figure.
    pub k: f64,
    pub width: f64,
    pub height: f64,
    /// Every text written (not its white halo), where it was placed: what
    /// the layout audit checks for every kind of figure.
    pub texts: Vec<Text>,
}

impl Svg {
    pub fn new(width: u32, height: u32) -> Svg {
        let (w, h) = (width as f64, height as f64);
        let k = hetscope_figure::layout::scene::scale_of(w, h);
        let mut buf = String::with_capacity(64 * 1024);
        let _ = write!(
            buf,
            r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#ffffff"/>
"##
        );
        Svg {
            texts: Vec::new(),
            buf,
            k,
            width: w,
            height: h,
        }
    }

    pub fn finish(mut self) -> String {
        self.buf.push_str("</svg>\n");
        self.buf
    }

    pub fn raw(&mut self, s: &str) {
        self.buf.push_str(s);
    }

    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: &str,
        stroke: Option<(&str, f64)>,
    ) {
        let _ = write!(
            self.buf,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}""#,
            f(x),
            f(y),
            f(w.max(0.0)),
            f(h.max(0.0))
        );
        self.stroke_attr(stroke);
        self.buf.push_str("/>\n");
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) {
        let _ = writeln!(
            self.buf,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}"/>"#,
            f(x1),
            f(y1),
            f(x2),
            f(y2),
            f(width)
        );
    }

    fn stroke_attr(&mut self, stroke: Option<(&str, f64)>) {
        if let Some((c, w)) = stroke {
            let _ = write!(self.buf, r#" stroke="{c}" stroke-width="{}""#, f(w));
        }
    }

    /// Text with extra attributes (e.g. `font-weight="bold"`) and a rotation
    /// in degrees about its anchor point.
    #[expect(
        clippy::too_many_arguments,
        reason = "the SVG text element's own attributes, each needed"
    )]
    pub fn text_ex(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        align: Align,
        fill: &str,
        s: &str,
        extra: &str,
        rotate: f64,
    ) {
        if fill != "#ffffff" {
            let anchor = match align {
                Align::Start => Anchor::Start,
                Align::Middle => Anchor::Middle,
                Align::End => Anchor::End,
            };
            let t = Text::new(x, y, size, anchor, TextRole::Label, s).rotated(rotate);
            self.texts.push(t);
        }
        let _ = write!(
            self.buf,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{}" fill="{fill}""#,
            f(x),
            f(y),
            f(size),
            align.attr()
        );
        if !extra.is_empty() {
            self.buf.push(' ');
            self.buf.push_str(extra);
        }
        if rotate != 0.0 {
            let _ = write!(
                self.buf,
                r#" transform="rotate({} {} {})""#,
                f(rotate),
                f(x),
                f(y)
            );
        }
        let _ = writeln!(self.buf, ">{}</text>", esc(s));
    }
}

/// Format a coordinate compactly (two decimals, no trailing zeros).
pub fn f(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        let s = format!("{r:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// Append "x,y x,y ..." to `buf`.
pub fn push_points(buf: &mut String, pts: impl Iterator<Item = (f64, f64)>) {
    let mut first = true;
    for (x, y) in pts {
        if !first {
            buf.push(' ');
        }
        first = false;
        buf.push_str(&f(x));
        buf.push(',');
        buf.push_str(&f(y));
    }
}

/// `stroke-dasharray` for a style at stroke width `sw` px ("" for solid).
pub fn dash_attr(style: LineStyle, sw: f64) -> String {
    match style {
        LineStyle::Solid => String::new(),
        LineStyle::Dashed => format!(r#" stroke-dasharray="{},{}""#, f(sw * 4.5), f(sw * 2.8)),
        LineStyle::Dotted => format!(
            r#" stroke-dasharray="{},{}" stroke-linecap="round""#,
            f(sw * 0.5),
            f(sw * 2.8)
        ),
    }
}
