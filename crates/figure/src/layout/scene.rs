//! Positioned primitives: what a layout pass returns for a figure at a
//! pixel size, written by the exporters and painted by the window alike.
//! Coordinates are pixels from the canvas' top left, y down.

use crate::chart::LineStyle;
use crate::text::text_width;

/// A rectangle in pixels: x0, y0, x1, y1.
pub type Rect = [f64; 4];

/// Which point of a text line its position names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    /// How far along its width the anchor is: 0, 0.5 or 1.
    pub fn fraction(self) -> f64 {
        match self {
            Anchor::Start => 0.0,
            Anchor::Middle => 0.5,
            Anchor::End => 1.0,
        }
    }

    /// The anchor nearest to a fraction of the width.
    pub fn from_fraction(f: f64) -> Anchor {
        if f < 0.25 {
            Anchor::Start
        } else if f > 0.75 {
            Anchor::End
        } else {
            Anchor::Middle
        }
    }
}

/// What a text is, for the placement audit and for a painter that treats
/// some kinds apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextRole {
    Title,
    Subtitle,
    PanelTitle,
    AxisTitle,
    Tick,
    /// The name of a bar or category under a bar panel.
    Category,
    Legend,
    /// A label of a marker, a reference line or a bar's value.
    Label,
    Note,
}

/// One line of text at a baseline point.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub x: f64,
    /// The baseline.
    pub y: f64,
    /// Font size (em), px.
    pub size: f64,
    pub anchor: Anchor,
    /// Rotation about (x, y), degrees, clockwise on screen.
    pub rotate: f64,
    pub color: [u8; 3],
    pub bold: bool,
    /// Drawn over a white outline, readable across lines and bars.
    pub halo: bool,
    pub role: TextRole,
    pub text: String,
    /// The whole name where `text` is shortened (for hover and audit).
    pub full: Option<String>,
}

impl Text {
    /// A plain upright line of text.
    pub fn new(x: f64, y: f64, size: f64, anchor: Anchor, role: TextRole, text: &str) -> Text {
        Text {
            x,
            y,
            size,
            anchor,
            rotate: 0.0,
            color: INK,
            bold: false,
            halo: false,
            role,
            text: text.to_string(),
            full: None,
        }
    }

    pub fn color(mut self, c: [u8; 3]) -> Text {
        self.color = c;
        self
    }

    pub fn bold(mut self) -> Text {
        self.bold = true;
        self
    }

    /// Over a white outline, in [`LABEL_INK`].
    pub fn halo(mut self) -> Text {
        self.halo = true;
        self.color = LABEL_INK;
        self
    }

    pub fn rotated(mut self, deg: f64) -> Text {
        self.rotate = deg;
        self
    }

    /// The corners of the estimated box the text covers, on the canvas
    /// (turned with the text), `inset` px inside the box.
    pub fn corners(&self, inset: f64) -> [[f64; 2]; 4] {
        let w = text_width(&self.text, self.size);
        let x0 = -self.anchor.fraction() * w + inset;
        let x1 = (x0 + w - 2.0 * inset).max(x0);
        let (top, bottom) = (-self.size * 0.85 + inset, self.size * 0.2 - inset);
        let (s, c) = self.rotate.to_radians().sin_cos();
        [[x0, top], [x1, top], [x1, bottom], [x0, bottom]]
            .map(|[dx, dy]| [self.x + dx * c - dy * s, self.y + dx * s + dy * c])
    }

    /// The estimated box the text covers (upright, or the box around the
    /// rotated one).
    pub fn bounds(&self) -> Rect {
        let mut b = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for [x, y] in self.corners(0.0) {
            b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        b
    }
}

/// A stroke: colour, width in px and dash pattern.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub color: [u8; 3],
    pub width: f64,
    pub style: LineStyle,
}

impl Stroke {
    pub fn solid(color: [u8; 3], width: f64) -> Stroke {
        Stroke {
            color,
            width,
            style: LineStyle::Solid,
        }
    }
}

/// A shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Rect {
        rect: Rect,
        /// Fill colour and opacity (0 to 1).
        fill: Option<([u8; 3], f64)>,
        stroke: Option<Stroke>,
        /// Corner radius, px.
        radius: f64,
    },
    Line {
        from: [f64; 2],
        to: [f64; 2],
        stroke: Stroke,
    },
    Circle {
        centre: [f64; 2],
        r: f64,
        fill: [u8; 3],
    },
}

/// A primitive: a shape or a text.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    Shape(Shape),
    Text(Text),
}

/// Positioned primitives on a canvas, drawn in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub items: Vec<Prim>,
}

impl Scene {
    pub fn new(width: f64, height: f64) -> Scene {
        Scene {
            width,
            height,
            items: Vec::new(),
        }
    }

    pub fn text(&mut self, t: Text) {
        self.items.push(Prim::Text(t));
    }

    pub fn shape(&mut self, s: Shape) {
        self.items.push(Prim::Shape(s));
    }

    pub fn line(&mut self, from: [f64; 2], to: [f64; 2], stroke: Stroke) {
        self.shape(Shape::Line { from, to, stroke });
    }

    /// The texts, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &Text> {
        self.items.iter().filter_map(|p| match p {
            Prim::Text(t) => Some(t),
            Prim::Shape(_) => None,
        })
    }
}

/// The ink of axes, ticks and most text.
pub const INK: [u8; 3] = [0x33, 0x33, 0x33];
/// Titles.
pub const TITLE_INK: [u8; 3] = [0x11, 0x11, 0x11];
/// Subtitles.
pub const SUBTITLE_INK: [u8; 3] = [0x55, 0x55, 0x55];
/// Labels over the data (on a white halo).
pub const LABEL_INK: [u8; 3] = [0, 0, 0];
/// Notes.
pub const NOTE_INK: [u8; 3] = [0x44, 0x44, 0x44];

/// The smallest text a figure writes, px: where there is no room, a
/// figure reflows (fewer ticks, wrapped lines, turned names, a label left
/// to the hover) rather than write smaller than this.
pub const MIN_TEXT: f64 = 11.0;

/// A font of `px` at a figure's scale, never under [`MIN_TEXT`].
pub fn font(px: f64) -> f64 {
    px.max(MIN_TEXT)
}

/// Scale of fonts and margins of a figure `width` x `height` px,
/// relative to a 1200 x 800 one.
pub fn scale_of(width: f64, height: f64) -> f64 {
    (width / 1200.0).min(height / 800.0).clamp(0.8, 6.0)
}

/// A figure's title and subtitle at the top left, at scale `k`, each
/// fitted to the canvas' width ([`fitted`]).
pub fn header(scene: &mut Scene, title: &str, subtitle: &str, k: f64) {
    header_lines(scene, title, subtitle, k, 1);
}

/// [`header`] with the subtitle in up to `lines` lines; returns the
/// baseline of its last line.
pub fn header_lines(scene: &mut Scene, title: &str, subtitle: &str, k: f64, lines: usize) -> f64 {
    let x = 20.0 * k;
    let room = scene.width - 2.0 * x;
    let t = Text::new(x, 30.0 * k, 20.0 * k, Anchor::Start, TextRole::Title, title);
    scene.text(fitted(t.color(TITLE_INK).bold(), room));
    let size = font(13.0 * k);
    let mut parts = super::wrap(subtitle, size, room);
    if parts.len() > lines.max(1) {
        // The rest joins the last line, which is then fitted.
        let rest = parts.split_off(lines.max(1) - 1).join(" ");
        parts.push(rest);
    }
    if parts.is_empty() {
        parts.push(String::new());
    }
    let mut y = 52.0 * k;
    for (i, part) in parts.iter().enumerate() {
        y = 52.0 * k + i as f64 * size * 1.3;
        let t = Text::new(x, y, size, Anchor::Start, TextRole::Subtitle, part);
        scene.text(fitted(t.color(SUBTITLE_INK), room));
    }
    y
}

/// The smallest font a text is shrunk to before it is shortened, as a
/// share of its size (and never under [`MIN_TEXT`]).
const MIN_SHRINK: f64 = 0.72;

/// `t` fitted to `width` px: its font shrunk as far as [`MIN_SHRINK`]
/// or [`MIN_TEXT`], whichever is larger, then shortened with an ellipsis (the whole text kept in
/// [`Text::full`]).
pub fn fitted(mut t: Text, width: f64) -> Text {
    let w = text_width(&t.text, t.size);
    if w <= width || t.text.is_empty() {
        return t;
    }
    let floor = (t.size * MIN_SHRINK).max(MIN_TEXT).min(t.size);
    let size = (t.size * width / w).max(floor);
    t.size = size;
    // (Shrunk to the width exactly, it fits: no shortening for rounding.)
    if text_width(&t.text, size) > width * (1.0 + 1e-9) {
        let short = shorten(&t.text, size, width);
        t.full = Some(std::mem::replace(&mut t.text, short));
    }
    t
}

/// `s` cut with an ellipsis to at most `width` px at font `size` (one
/// character and the ellipsis at least).
pub fn shorten(s: &str, size: f64, width: f64) -> String {
    if text_width(s, size) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        out.push(c);
        if text_width(&out, size) + text_width("…", size) > width && out.chars().count() > 1 {
            out.pop();
            break;
        }
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_shrunk_before_it_is_shortened() {
        let t = Text::new(
            0.0,
            0.0,
            14.0,
            Anchor::Start,
            TextRole::AxisTitle,
            "crossover f",
        );
        let w = text_width(&t.text, 14.0);
        let shrunk = fitted(t.clone(), w * 0.8);
        assert_eq!(shrunk.text, "crossover f");
        assert!(shrunk.full.is_none() && (shrunk.size - 11.2).abs() < 1e-9);
        // Never under the smallest text: shortened instead.
        let floor = fitted(t.clone(), w * 0.7);
        assert!(floor.text.ends_with('…') && floor.size == MIN_TEXT);
        let short = fitted(t.clone(), w * 0.5);
        assert!(short.text.ends_with('…') && short.full.as_deref() == Some("crossover f"));
        assert!(text_width(&short.text, short.size) <= w * 0.5 + 1e-9);
        assert_eq!(fitted(t.clone(), w * 2.0), t);
    }
}
