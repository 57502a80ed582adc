//! Text measurement for layout: the estimated size of a line of text in
//! the sans-serif font, shared by the figures (label placement in the
//! projected surface) and the exporters.

/// Estimated width of a text line in the sans-serif font, px.
pub fn text_width(s: &str, size: f64) -> f64 {
    s.chars().count() as f64 * size * 0.56
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
