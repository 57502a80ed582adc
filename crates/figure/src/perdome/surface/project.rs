//! The orthographic projection of a [`SurfaceFigure`] to 2-D primitives in
//! pixels: the floor with its valid quadrants, the axes (`axes.rs`), the
//! surface quads and zero-edge segments back to front, and the markers
//! with their stems and labels. Everything is clipped to the plot
//! rectangle (`clip.rs`).
//!
//! Order: the surface is a height field seen from above in an orthographic
//! projection, so a line of sight meets the floor cells in their order
//! along the camera's horizontal direction. Drawing the cells row by row
//! from the floor corner furthest from the camera is therefore exact for
//! every angle, where sorting by mean depth is not (a tall far ridge has
//! a small mean depth and would be drawn over a low near one).

use super::axes::place;
use super::clip::Canvas;
use super::prim::{Anchor, Prim};
use super::screen::Proj;
use super::{Camera, SurfaceFigure};
use hetscope_model::format::fmt_num;

/// A surface quad's model values, for hover readouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuadInfo {
    /// Index into `Projected::prims`.
    pub prim: usize,
    /// The grid cells (ix, iy) of the quad's first corner: the quad spans
    /// the centres of cells ix..=ix+1 and iy..=iy+1.
    pub cell: [usize; 2],
    pub i_c: f64,
    pub i_g: f64,
    pub value: f64,
}

/// The projected figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Projected {
    pub prims: Vec<Prim>,
    pub quads: Vec<QuadInfo>,
    /// Marker screen positions with their text, for hover.
    pub marker_spots: Vec<([f32; 2], String)>,
}

const FLOOR_VALID: [u8; 4] = [200, 200, 200, 255];
const FLOOR_EMPTY: [u8; 4] = [245, 245, 245, 255];

/// A surface quad or zero-edge segment before ordering: its place in the
/// far-to-near order, its primitive, and for a quad its cell and centre
/// values (I_C, I_G, mean value).
struct Piece {
    order: (i64, i64),
    prim: Prim,
    quad: Option<([usize; 2], f64, f64, f64)>,
}

impl SurfaceFigure {
    /// Project into the pixel rectangle (x0, y0, width, height), with text
    /// at screen size.
    pub fn project(&self, cam: &Camera, rect: [f32; 4]) -> Projected {
        self.project_scaled(cam, rect, 1.0)
    }

    /// Project with text sizes and offsets multiplied by `text_scale` (an
    /// export larger than the screen keeps its labels legible and clear of
    /// each other).
    pub fn project_scaled(&self, cam: &Camera, rect: [f32; 4], text_scale: f32) -> Projected {
        let ts = if text_scale.is_finite() {
            text_scale.clamp(0.25, 16.0)
        } else {
            1.0
        };
        let pr = Proj::new(self, cam, rect);
        let mut canvas = Canvas::new(rect);
        self.push_floor(&pr, &mut canvas);
        let mut taken = self.push_axes(&pr, &mut canvas, ts);
        let quads = self.push_surface(&pr, &mut canvas);
        let marker_spots = self.push_markers(&pr, &mut canvas, &mut taken, ts);
        Projected {
            prims: canvas.prims,
            quads,
            marker_spots,
        }
    }

    /// Floor: the whole range, then the two valid quadrants in grey.
    fn push_floor(&self, pr: &Proj, canvas: &mut Canvas) {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let c = self.log2_i;
        canvas.push(pr.floor((xlo, xhi), (ylo, yhi), FLOOR_EMPTY));
        canvas.push(pr.floor((self.x.lo, c), (c, yhi), FLOOR_VALID));
        canvas.push(pr.floor((c, xhi), (self.y.lo, c), FLOOR_VALID));
    }

    /// Surface quads between cell centres and the zero-edge segments, far
    /// to near; returns the quads' model values for hover readouts.
    fn push_surface(&self, pr: &Proj, canvas: &mut Canvas) -> Vec<QuadInfo> {
        let s = self.grid.spec;
        let mut pieces: Vec<Piece> = Vec::new();
        for iy in 0..s.ny.saturating_sub(1) {
            for ix in 0..s.nx.saturating_sub(1) {
                pieces.extend(self.quad(pr, ix, iy));
            }
        }
        pieces.extend(self.zero_edges(pr));
        pieces.sort_by_key(|p| p.order);
        let mut infos = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let Some(at) = canvas.push(piece.prim) else {
                continue;
            };
            if let Some((cell, i_c, i_g, value)) = piece.quad {
                infos.push(QuadInfo {
                    prim: at,
                    cell,
                    i_c,
                    i_g,
                    value,
                });
            }
        }
        infos
    }

    /// The quad from cell (ix, iy) to (ix + 1, iy + 1), coloured by its
    /// mean value; `None` where a corner has no value.
    fn quad(&self, pr: &Proj, ix: usize, iy: usize) -> Option<Piece> {
        let g = &self.grid;
        let s = g.spec;
        let (Some(a), Some(b), Some(cc), Some(d)) = (
            g.get(ix, iy),
            g.get(ix + 1, iy),
            g.get(ix + 1, iy + 1),
            g.get(ix, iy + 1),
        ) else {
            return None;
        };
        let (x0, x1) = (s.x_centre(ix), s.x_centre(ix + 1));
        let (y0, y1) = (s.y_centre(iy), s.y_centre(iy + 1));
        let corners = [
            pr.at(x0, y0, a).0,
            pr.at(x1, y0, b).0,
            pr.at(x1, y1, cc).0,
            pr.at(x0, y1, d).0,
        ];
        let mean = (a + b + cc + d) / 4.0;
        let rgb = self.color.rgb(mean);
        let fill = [rgb[0], rgb[1], rgb[2], 255];
        let edge = [
            (rgb[0] as f32 * 0.8) as u8,
            (rgb[1] as f32 * 0.8) as u8,
            (rgb[2] as f32 * 0.8) as u8,
            255,
        ];
        Some(Piece {
            order: pr.order(ix as i64, iy as i64),
            prim: Prim::Poly {
                pts: corners.to_vec(),
                fill,
                stroke: Some((edge, 0.3)),
            },
            quad: Some((
                [ix, iy],
                ((x0 + x1) / 2.0).exp2(),
                ((y0 + y1) / 2.0).exp2(),
                mean,
            )),
        })
    }

    /// The zero-edge curves (I_C = 0 and I_G = 0) on their bands, one
    /// segment per pair of neighbouring cells, ordered as a column (row)
    /// before the grid's first.
    fn zero_edges(&self, pr: &Proj) -> Vec<Piece> {
        let g = &self.grid;
        let s = g.spec;
        let (xz, yz) = (self.x.zero_pos(), self.y.zero_pos());
        let segment = |a: [f32; 2], b: [f32; 2], order| Piece {
            order,
            prim: Prim::Line {
                pts: vec![a, b],
                color: [120, 40, 140, 255],
                width: 1.6,
                dashed: false,
            },
            quad: None,
        };
        let mut out = Vec::new();
        for iy in 0..s.ny.saturating_sub(1) {
            if let (Some(v0), Some(v1)) = (g.edge_ic0[iy], g.edge_ic0[iy + 1]) {
                let a = pr.at(xz, s.y_centre(iy), v0).0;
                let b = pr.at(xz, s.y_centre(iy + 1), v1).0;
                out.push(segment(a, b, pr.order(-1, iy as i64)));
            }
        }
        for ix in 0..s.nx.saturating_sub(1) {
            if let (Some(v0), Some(v1)) = (g.edge_ig0[ix], g.edge_ig0[ix + 1]) {
                let a = pr.at(s.x_centre(ix), yz, v0).0;
                let b = pr.at(s.x_centre(ix + 1), yz, v1).0;
                out.push(segment(a, b, pr.order(ix as i64, -1)));
            }
        }
        out
    }

    /// Markers with stems to the floor, then their labels clear of the
    /// symbols and of the texts in `taken`; returns their screen positions
    /// with the hover text.
    fn push_markers(
        &self,
        pr: &Proj,
        canvas: &mut Canvas,
        taken: &mut Vec<[f64; 4]>,
        ts: f32,
    ) -> Vec<([f32; 2], String)> {
        let mut spots = Vec::new();
        let mut labels: Vec<([f32; 2], &str)> = Vec::new();
        let radius = 5.0 * ts;
        for m in &self.markers {
            let (Some(x), Some(y)) = (self.x.pos(m.i_c), self.y.pos(m.i_g)) else {
                continue;
            };
            let v = m.value.unwrap_or(0.0);
            let top = pr.at(x, y, v).0;
            let base = pr.at(x, y, 0.0).0;
            canvas.push(Prim::Line {
                pts: vec![base, top],
                color: [30, 30, 30, 200],
                width: 1.0,
                dashed: true,
            });
            let dot = Prim::Dot {
                pos: top,
                radius,
                fill: m.kind.color(),
                kind: m.kind,
            };
            if canvas.push(dot).is_none() {
                continue;
            }
            let r = radius as f64 + 1.0;
            let (cx, cy) = (top[0] as f64, top[1] as f64);
            taken.push([cx - r, cy - r, cx + r, cy + r]);
            // A label repeated at the same place (a workload partition on
            // a reference point) is written once.
            let near = |q: [f32; 2]| (q[0] - top[0]).abs() < 0.5 && (q[1] - top[1]).abs() < 0.5;
            if !labels.iter().any(|(q, t)| near(*q) && *t == m.label) {
                labels.push((top, m.label.as_str()));
            }
            spots.push((top, format!("{}: {}", m.label, m.value_text)));
        }
        for (at, label) in labels {
            marker_label(canvas, taken, at, label, ts);
        }
        spots
    }
}

/// A marker's label at the first spot around it free of the texts placed.
fn marker_label(canvas: &mut Canvas, taken: &mut Vec<[f64; 4]>, p: [f32; 2], label: &str, ts: f32) {
    let (g, size) = (7.0 * ts, 12.0 * ts);
    let spots = [
        ([p[0] + g, p[1] - g + size * 0.2], Anchor::Start),
        ([p[0] + g, p[1] + size * 0.35], Anchor::Start),
        ([p[0] - g, p[1] - g + size * 0.2], Anchor::End),
        ([p[0] - g, p[1] + size * 0.35], Anchor::End),
        ([p[0], p[1] - g - 2.0 * ts], Anchor::Middle),
        ([p[0], p[1] + g + size], Anchor::Middle),
        ([p[0] + g, p[1] + g + size * 0.9], Anchor::Start),
        ([p[0] - g, p[1] + g + size * 0.9], Anchor::End),
        ([p[0] + g, p[1] - g - size * 0.7], Anchor::Start),
        ([p[0] - g, p[1] - g - size * 0.7], Anchor::End),
    ];
    for (pos, anchor) in spots {
        let prim = Prim::Text {
            pos,
            text: label.to_string(),
            size,
            color: MARKER_TEXT,
            anchor,
        };
        if place(prim, canvas, taken) {
            return;
        }
    }
}

/// Colour of the marker labels (axis text is grey).
pub const MARKER_TEXT: [u8; 4] = [0, 0, 0, 255];

impl Projected {
    /// Text for the point under the cursor: a marker if one is within 8 px,
    /// else the frontmost surface quad that contains the point.
    pub fn hover(&self, p: [f32; 2], unit: &str) -> Option<String> {
        for (pos, text) in &self.marker_spots {
            if (pos[0] - p[0]).hypot(pos[1] - p[1]) <= 8.0 {
                return Some(text.clone());
            }
        }
        for q in self.quads.iter().rev() {
            if let Some(Prim::Poly { pts, .. }) = self.prims.get(q.prim)
                && contains(pts, p)
            {
                return Some(format!(
                    "I_C = {} flop/byte\nI_G = {} flop/byte\n{} {}",
                    fmt_num(q.i_c),
                    fmt_num(q.i_g),
                    fmt_num(q.value),
                    unit
                ));
            }
        }
        None
    }
}

/// Point in polygon (even-odd rule).
fn contains(pts: &[[f32; 2]], p: [f32; 2]) -> bool {
    let mut inside = false;
    let n = pts.len();
    let mut j = n.wrapping_sub(1);
    for i in 0..n {
        let (a, b) = (pts[i], pts[j]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}
