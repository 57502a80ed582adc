//! Rotatable 3-D surface of one metric over (log2 I_C, log2 I_G), and its
//! orthographic projection to 2-D primitives (`project.rs`, with the
//! camera's view of the box in `screen.rs`, the primitives in `prim.rs`).
//! The GUI paints the same primitives the SVG exporter writes, so the
//! exported surface is vector polygons identical to what is on screen.

use serde::{Deserialize, Serialize};

mod axes;
mod clip;
mod prim;
mod project;
mod screen;

pub use clip::prim_text_box;
pub use prim::{Anchor, Prim};
pub use project::{FLOOR_EMPTY, FLOOR_VALID, MARKER_TEXT, Projected, QuadInfo};

use super::case::{Marker, markers, subtitle};
use crate::axis::{Axis, nice_ticks};
use crate::color::ColorScale;
use hetscope_model::perdome::grid::Grid;
use hetscope_model::perdome::{Analysis, Metric};

#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceFigure {
    pub title: String,
    pub subtitle: String,
    pub metric: Metric,
    pub x: Axis,
    pub y: Axis,
    /// Linear value axis from 0.
    pub z: Axis,
    pub grid: Grid,
    pub color: ColorScale,
    pub markers: Vec<Marker>,
    /// log2 I, where the two valid quadrants meet.
    pub log2_i: f64,
}

/// View angles and zoom.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Camera {
    /// Rotation about the vertical axis, degrees.
    pub yaw_deg: f32,
    /// Elevation above the floor, degrees (0 = side view, 90 = top view).
    pub pitch_deg: f32,
    /// Scale factor, 1 = fit.
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            yaw_deg: -35.0,
            pitch_deg: 30.0,
            zoom: 1.0,
        }
    }
}

impl Camera {
    /// The elevation's range: from the side to the top.
    pub const PITCH: hetscope_model::Range = hetscope_model::Range::new(0.0, 90.0, "degrees");
    /// The zoom's range.
    pub const ZOOM: hetscope_model::Range = hetscope_model::Range::new(0.2, 8.0, "");

    /// The camera's values in their ranges (`--pitch`, `--zoom`, a
    /// session's camera), else the first out of range: its option's name
    /// and what it must be.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let out = |name: &'static str, v: f32, r: hetscope_model::Range| {
            let v = f64::from(v);
            (!r.contains(v)).then(|| {
                (
                    name,
                    format!(
                        "{}: must be {}",
                        hetscope_model::range::fmt_value(v),
                        r.need()
                    ),
                )
            })
        };
        let yaw = (!self.yaw_deg.is_finite()).then(|| {
            (
                "yaw",
                format!("{}: must be a finite number of degrees", self.yaw_deg),
            )
        });
        match yaw
            .or_else(|| out("pitch", self.pitch_deg, Camera::PITCH))
            .or_else(|| out("zoom", self.zoom, Camera::ZOOM))
        {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }

    /// Keep the angles and zoom in their useful ranges.
    pub fn clamped(self) -> Camera {
        let (p, z) = (Camera::PITCH, Camera::ZOOM);
        Camera {
            yaw_deg: (self.yaw_deg + 180.0).rem_euclid(360.0) - 180.0,
            pitch_deg: self.pitch_deg.clamp(p.min as f32, p.max as f32),
            zoom: if self.zoom.is_finite() {
                self.zoom.clamp(z.min as f32, z.max as f32)
            } else {
                1.0
            },
        }
    }
}

pub fn build(a: &Analysis, metric: Metric) -> SurfaceFigure {
    let grid = match metric {
        Metric::Performance => a.surface.performance.clone(),
        Metric::EnergyEfficiency => a.surface.energy.clone(),
    };
    let s = grid.spec;
    let ms = markers(a, metric);
    let mut zmax = grid.range.map(|r| r.1).unwrap_or(1.0);
    for m in &ms {
        if let Some(v) = m.value {
            zmax = zmax.max(v);
        }
    }
    let zmax = nice_ticks(0.0, zmax, 5)
        .last()
        .copied()
        .filter(|t| *t >= zmax)
        .unwrap_or(zmax * 1.05);
    let title = match metric {
        Metric::Performance => "PerDome surface: performance bound",
        Metric::EnergyEfficiency => "Energy dome surface: energy efficiency",
    };
    SurfaceFigure {
        title: title.into(),
        subtitle: subtitle(a),
        metric,
        x: Axis::log2_intensity("I_C", s.x_log2.0, s.x_log2.1),
        y: Axis::log2_intensity("I_G", s.y_log2.0, s.y_log2.1),
        z: Axis::linear(metric.label(), metric.unit(), 0.0, zmax),
        color: ColorScale::new(metric.label(), metric.unit(), Some((0.0, zmax))),
        grid,
        markers: ms,
        log2_i: a.case.i.log2(),
    }
}
