//! Text measurement for layout: the width of a line of text in the font
//! both the window (egui's default proportional font) and the exports
//! (the same font embedded) draw it in, from the font's advance widths;
//! shared by the figures (label placement in the projected surface, the
//! chart layout) and the exporters.

use std::sync::OnceLock;

/// Advance widths of the font, in ems: the printable ASCII characters in
/// a table, the others looked up in the font.
struct Advances {
    face: Option<ttf_parser::Face<'static>>,
    ascii: [f32; 128],
    em: f32,
}

/// Width of a character the font has no glyph for, in ems.
const MISSING: f32 = 0.56;

fn advances() -> &'static Advances {
    static ADVANCES: OnceLock<Advances> = OnceLock::new();
    ADVANCES.get_or_init(|| {
        let face = ttf_parser::Face::parse(epaint_default_fonts::UBUNTU_LIGHT, 0).ok();
        let em = face.as_ref().map_or(1.0, |f| f.units_per_em() as f32);
        let mut ascii = [MISSING; 128];
        if let Some(f) = &face {
            for (c, w) in ascii.iter_mut().enumerate() {
                *w = advance(f, c as u8 as char, em);
            }
        }
        Advances { face, ascii, em }
    })
}

fn advance(f: &ttf_parser::Face<'_>, c: char, em: f32) -> f32 {
    f.glyph_index(c)
        .and_then(|g| f.glyph_hor_advance(g))
        .map_or(MISSING, |a| a as f32 / em)
}

/// Width of a text line in the figures' font at `size` px, px.
pub fn text_width(s: &str, size: f64) -> f64 {
    let a = advances();
    let ems: f32 = s
        .chars()
        .map(|c| match a.ascii.get(c as usize) {
            Some(w) => *w,
            None => a.face.as_ref().map_or(MISSING, |f| advance(f, c, a.em)),
        })
        .sum();
    ems as f64 * size
}

/// The box `[x0, y0, x1, y1]` (y down) of a text line whose baseline
/// starts at `x - align * width`: `align` 0 for start, 0.5 for middle, 1
/// for end.
pub fn text_box(x: f64, y: f64, align: f64, w: f64, size: f64) -> [f64; 4] {
    let x0 = x - align * w;
    [x0, y - size * 0.85, x0 + w, y + size * 0.2]
}

/// Whether two boxes `[x0, y0, x1, y1]` overlap (touching is not).
pub fn boxes_overlap(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

#[cfg(test)]
mod tests {
    use super::text_width;

    #[test]
    fn widths_come_from_the_font() {
        // Narrow and wide letters differ; the width grows with the size.
        assert!(text_width("iiii", 12.0) < 0.6 * text_width("mmmm", 12.0));
        assert!((text_width("p-DP", 24.0) - 2.0 * text_width("p-DP", 12.0)).abs() < 1e-9);
        let w = text_width("1000", 10.0);
        assert!(w > 15.0 && w < 30.0, "{w}");
        assert_eq!(text_width("", 12.0), 0.0);
        assert!(text_width("µ°×", 12.0) > 0.0);
    }
}
