//! Heat map of one metric over (log2 I_C, log2 I_G), with zero bands for
//! I_C = 0 and I_G = 0, a colour bar and labelled markers.

use super::case::{Marker, markers, subtitle};
use crate::axis::{Axis, ZERO_BAND};
use crate::color::{ColorScale, EMPTY};
use hetscope_model::format::{fmt_intensity, fmt_num};
use hetscope_model::perdome;
use hetscope_model::perdome::Analysis;
use hetscope_model::perdome::grid::Grid;
use hetscope_model::perdome::{Metric, Platform, Wp};

#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapFigure {
    pub title: String,
    pub subtitle: String,
    pub metric: Metric,
    pub x: Axis,
    pub y: Axis,
    pub grid: Grid,
    pub color: ColorScale,
    pub markers: Vec<Marker>,
    /// Kept for exact readouts under the cursor.
    pub platform: Platform,
    pub i: f64,
}

/// A rectangle of colour in plot coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
    pub rgb: [u8; 3],
}

pub fn build(a: &Analysis, metric: Metric) -> HeatmapFigure {
    let grid = match metric {
        Metric::Performance => a.heatmap.performance.clone(),
        Metric::EnergyEfficiency => a.heatmap.energy.clone(),
    };
    let s = grid.spec;
    let title = match metric {
        Metric::Performance => "PerDome: performance bound over (I_C, I_G)",
        Metric::EnergyEfficiency => "Energy dome: energy efficiency over (I_C, I_G)",
    };
    let mut ms = markers(a, metric);
    // Keep the colour scale honest: include every marker's value.
    let mut range = grid.range;
    for m in &ms {
        if let Some(v) = m.value {
            range = Some(match range {
                Some((lo, hi)) => (lo.min(v), hi.max(v)),
                None => (v, v),
            });
        }
    }
    ms.retain(|m| m.i_c.is_finite() && m.i_g.is_finite());
    HeatmapFigure {
        title: title.into(),
        subtitle: subtitle(a),
        metric,
        x: Axis::log2_intensity("I_C", s.x_log2.0, s.x_log2.1),
        y: Axis::log2_intensity("I_G", s.y_log2.0, s.y_log2.1),
        color: ColorScale::new(metric.label(), metric.unit(), range),
        grid,
        markers: ms,
        platform: a.case.platform,
        i: a.case.i,
    }
}

impl HeatmapFigure {
    /// The main grid as RGBA pixels, `nx` x `ny`, first row = highest I_G.
    /// Cells with no partition are transparent.
    pub fn rgba(&self) -> (usize, usize, Vec<u8>) {
        let (nx, ny) = (self.grid.spec.nx, self.grid.spec.ny);
        let raw = self.grid.raw();
        let mut px = Vec::with_capacity(nx * ny * 4);
        for row in (0..ny).rev() {
            for v in &raw[row * nx..(row + 1) * nx] {
                if v.is_nan() {
                    px.extend_from_slice(&EMPTY);
                } else {
                    let c = crate::color::map(self.color.t(*v as f64));
                    px.extend_from_slice(&[c[0], c[1], c[2], 255]);
                }
            }
        }
        (nx, ny, px)
    }

    /// Cells of the two zero bands (I_C = 0 column, I_G = 0 row).
    pub fn zero_band_cells(&self) -> Vec<Cell> {
        let s = self.grid.spec;
        let mut out = Vec::new();
        let (dx, dy) = (s.dx(), s.dy());
        let xz = self.x.zero_pos();
        let yz = self.y.zero_pos();
        for (iy, v) in self.grid.edge_ic0.iter().enumerate() {
            if let Some(v) = v {
                let y0 = s.y_log2.0 + iy as f64 * dy;
                out.push(Cell {
                    x0: xz - ZERO_BAND / 2.0,
                    x1: xz + ZERO_BAND / 2.0,
                    y0,
                    y1: y0 + dy,
                    rgb: self.color.rgb(*v),
                });
            }
        }
        for (ix, v) in self.grid.edge_ig0.iter().enumerate() {
            if let Some(v) = v {
                let x0 = s.x_log2.0 + ix as f64 * dx;
                out.push(Cell {
                    x0,
                    x1: x0 + dx,
                    y0: yz - ZERO_BAND / 2.0,
                    y1: yz + ZERO_BAND / 2.0,
                    rgb: self.color.rgb(*v),
                });
            }
        }
        out
    }

    /// Text describing the point under the cursor at plot coordinates
    /// (x, y), evaluated exactly by the model; `None` off the axes.
    pub fn readout(&self, x: f64, y: f64) -> Option<String> {
        if x > self.x.hi || y > self.y.hi {
            return None;
        }
        let i_c = self.x.value_at(x)?;
        let i_g = self.y.value_at(y)?;
        let head = format!("I_C = {}\nI_G = {}", fmt_intensity(i_c), fmt_intensity(i_g));
        let body = match perdome::evaluate(&self.platform, Wp::new(self.i, i_c, i_g)) {
            Ok(e) => {
                let v = match self.metric {
                    Metric::Performance => e.gflops,
                    Metric::EnergyEfficiency => e.gflop_per_joule,
                };
                format!(
                    "{}: {} {}\nCPU: {:.1}% of flops, {:.1}% of bytes",
                    self.metric.label(),
                    fmt_num(v),
                    self.metric.unit(),
                    100.0 * e.shares.flops_c,
                    100.0 * e.shares.byte_fraction_c(self.i)
                )
            }
            Err(err) => err.to_string(),
        };
        Some(format!("{head}\n{body}"))
    }

    /// Plot position of a marker.
    pub fn marker_pos(&self, m: &Marker) -> Option<(f64, f64)> {
        Some((self.x.pos(m.i_c)?, self.y.pos(m.i_g)?))
    }
}
