//! The PerDome / PeaPaw figures as SVG: heat maps (`heatmap.rs`, the grid
//! as one embedded PNG), surfaces (`surface.rs`, projected polygons) and
//! the partition comparison (`compare.rs`).

pub(super) mod compare;
pub(super) mod heatmap;
pub(super) mod surface;
