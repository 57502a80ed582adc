//! The PerDome / PeaPaw figures as SVG: heat maps (`heatmap.rs`, the grid
//! as one embedded PNG) and surfaces (`surface.rs`, projected polygons);
//! the partition comparison is a chart (`CompareFigure::chart`).

pub(super) mod heatmap;
pub(super) mod surface;
