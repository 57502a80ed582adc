//! The layout pass: a figure at a pixel size becomes positioned
//! primitives ([`scene::Scene`]) that the exporters write and the window
//! paints, so that both show the same texts at the same places.
//!
//! - `scene.rs`: the primitives (texts with their role, shapes) and the
//!   figure header;
//! - `chart/`: line and bar charts (boat hull, FPM, offload, the partition
//!   comparison);
//! - `heatmap.rs`: the PerDome / PeaPaw heat maps; `side.rs`: colour bar,
//!   markers' legend and symbols beside heat maps and surfaces;
//!   `placer.rs`: marker labels around their symbols;
//! - `audit.rs`: the placement rules checked on a scene (no two texts
//!   overlapping, none cut by the canvas).

pub mod audit;
pub mod chart;
pub mod heatmap;
pub mod palette;
pub mod placer;
pub mod scene;
pub mod side;
pub mod surface;

/// Split `s` at spaces into lines of at most `width` px at font `size`
/// (a word longer than that is a line of its own).
pub fn wrap(s: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        if !line.is_empty() {
            let longer = format!("{line} {word}");
            if crate::text::text_width(&longer, size) > width {
                lines.push(std::mem::take(&mut line));
            } else {
                line = longer;
                continue;
            }
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
