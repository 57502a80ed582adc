//! The layout pass: a figure at a pixel size becomes positioned
//! primitives ([`scene::Scene`]) that the exporters write and the window
//! paints, so that both show the same texts at the same places.
//!
//! - `scene.rs`: the primitives (texts with their role, shapes) and the
//!   figure header;
//! - `chart/`: line and bar charts (boat hull, FPM, offload);
//! - `audit.rs`: the placement rules checked on a scene (no two texts
//!   overlapping, none cut by the canvas).

pub mod audit;
pub mod chart;
pub mod scene;

/// Split `s` into lines of at most about `width` px at font `size`.
pub fn wrap(s: &str, size: f64, width: f64) -> Vec<String> {
    let max_chars = ((width / (size * 0.56)).floor() as usize).max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let need = line.chars().count() + 1 + word.chars().count();
        if !line.is_empty() && need > max_chars {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
