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

/// A marker symbol's radius, px at text scale 1.
const MARKER_RADIUS: f32 = 5.0;

/// The floor under valid partitions: a pale blue grey. Its hue keeps it
/// light in the dark palette (a neutral grey turns dark there, close to
/// the colour map's darkest purple; tested in `layout::palette`).
pub const FLOOR_VALID: [u8; 4] = [178, 192, 214, 255];
/// The floor where no partition exists (neutral: the canvas in the dark).
pub const FLOOR_EMPTY: [u8; 4] = [245, 245, 245, 255];

/// A surface triangle, zero-edge segment, marker stem or marker before
/// ordering: its place in the far-to-near order (the cell's, then within
/// the cell: the far triangle, the near one, what stands on them), its
/// primitive, for a triangle its cell and centre values (I_C, I_G, mean
/// value), for a marker's symbol the marker's index.
struct Piece {
    order: (i64, i64, u8),
    prim: Prim,
    quad: Option<([usize; 2], f64, f64, f64)>,
    marker: Option<usize>,
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
        let mut pr = Proj::new(self, cam, rect, ts);
        // The axes' texts measured where the first guess put the box, the
        // box fitted to them, and once more where that put it (a larger
        // box spreads the titles along its edges, so the second room is
        // no larger than the first).
        for _ in 0..2 {
            let room = self.axis_room(&pr, ts);
            pr.refit(rect, room);
        }
        let mut canvas = Canvas::new(rect);
        self.push_floor(&pr, &mut canvas);
        let symbols = self.marker_symbol_boxes(&pr, ts);
        let mut taken = self.push_axes(&pr, &mut canvas, ts, symbols);
        let (quads, shown) = self.push_surface(&pr, &mut canvas, ts);
        let marker_spots = self.push_marker_labels(&pr, &shown, &mut canvas, &mut taken, ts);
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

    /// Surface triangles between the grid's points, the zero-edge segments and
    /// the markers with their stems, far to near, so that what is nearer
    /// hides what is behind it; returns the triangles' model values for
    /// hover readouts and which markers' symbols were drawn.
    fn push_surface(&self, pr: &Proj, canvas: &mut Canvas, ts: f32) -> (Vec<QuadInfo>, Vec<bool>) {
        let s = self.grid.spec;
        let mut pieces: Vec<Piece> = Vec::new();
        for iy in 0..s.ny.saturating_sub(1) {
            for ix in 0..s.nx.saturating_sub(1) {
                pieces.extend(self.quad(pr, ix, iy));
            }
        }
        pieces.extend(self.zero_edges(pr));
        pieces.extend(self.marker_pieces(pr, ts));
        pieces.sort_by_key(|p| p.order);
        let mut infos = Vec::with_capacity(pieces.len());
        let mut shown = vec![false; self.markers.len()];
        for piece in pieces {
            let Some(at) = canvas.push(piece.prim) else {
                continue;
            };
            if let Some(m) = piece.marker {
                shown[m] = true;
            }
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
        (infos, shown)
    }

    /// The quad from cell (ix, iy) to (ix + 1, iy + 1) as two triangles in
    /// the colour of the quad's mean value (one colour a cell: no stripes
    /// on a steep wall), split along the diagonal whose ends are closer in
    /// value (along a ridge, not across it: no sawtooth), the farther
    /// triangle first; none where a corner has no value.
    fn quad(&self, pr: &Proj, ix: usize, iy: usize) -> Vec<Piece> {
        let g = &self.grid;
        let (Some(a), Some(b), Some(cc), Some(d)) = (
            g.get(ix, iy),
            g.get(ix + 1, iy),
            g.get(ix + 1, iy + 1),
            g.get(ix, iy + 1),
        ) else {
            return Vec::new();
        };
        let (x0, x1) = (g.xs[ix], g.xs[ix + 1]);
        let (y0, y1) = (g.ys[iy], g.ys[iy + 1]);
        let corner = [(x0, y0, a), (x1, y0, b), (x1, y1, cc), (x0, y1, d)];
        let tris: [[usize; 3]; 2] = if (a - cc).abs() <= (b - d).abs() {
            [[0, 1, 2], [0, 2, 3]]
        } else {
            [[0, 1, 3], [1, 2, 3]]
        };
        let order = pr.order(ix as i64, iy as i64);
        let mut out: Vec<(f64, Piece)> = tris
            .iter()
            .map(|t| {
                let pts: Vec<([f32; 2], f64)> = t
                    .iter()
                    .map(|&k| pr.at(corner[k].0, corner[k].1, corner[k].2))
                    .collect();
                let depth = pts.iter().map(|p| p.1).sum::<f64>() / 3.0;
                let mean = (a + b + cc + d) / 4.0;
                let ic = t.iter().map(|&k| corner[k].0).sum::<f64>() / 3.0;
                let ig = t.iter().map(|&k| corner[k].1).sum::<f64>() / 3.0;
                (
                    depth,
                    self.triangle(
                        pts.iter().map(|p| p.0).collect(),
                        order,
                        [ix, iy],
                        [ic, ig, mean],
                    ),
                )
            })
            .collect();
        // Larger depth is farther from the camera: drawn first.
        out.sort_by(|p, q| q.0.total_cmp(&p.0));
        out.into_iter()
            .enumerate()
            .map(|(k, (_, mut piece))| {
                piece.order.2 = k as u8;
                piece
            })
            .collect()
    }

    /// A surface triangle in the colour of its mean value, with its cell
    /// and centre values (log2 I_C, log2 I_G, value) for the hover.
    fn triangle(
        &self,
        pts: Vec<[f32; 2]>,
        order: (i64, i64),
        cell: [usize; 2],
        at: [f64; 3],
    ) -> Piece {
        let rgb = self.color.rgb(at[2]);
        let fill = [rgb[0], rgb[1], rgb[2], 255];
        let edge = [
            (rgb[0] as f32 * 0.8) as u8,
            (rgb[1] as f32 * 0.8) as u8,
            (rgb[2] as f32 * 0.8) as u8,
            255,
        ];
        Piece {
            order: (order.0, order.1, 0),
            prim: Prim::Poly {
                pts,
                fill,
                stroke: Some((edge, 0.3)),
            },
            quad: Some((cell, at[0].exp2(), at[1].exp2(), at[2])),
            marker: None,
        }
    }

    /// The zero-edge curves (I_C = 0 and I_G = 0) on their bands, one
    /// segment per pair of neighbouring cells, ordered as a column (row)
    /// before the grid's first.
    fn zero_edges(&self, pr: &Proj) -> Vec<Piece> {
        let g = &self.grid;
        let s = g.spec;
        let (xz, yz) = (self.x.zero_pos(), self.y.zero_pos());
        let segment = |a: [f32; 2], b: [f32; 2], (k, l): (i64, i64)| Piece {
            order: (k, l, 0),
            prim: Prim::Line {
                pts: vec![a, b],
                color: [120, 40, 140, 255],
                width: 1.6,
                dashed: false,
            },
            quad: None,
            marker: None,
        };
        let mut out = Vec::new();
        for iy in 0..s.ny.saturating_sub(1) {
            if let (Some(v0), Some(v1)) = (g.edge_ic0[iy], g.edge_ic0[iy + 1]) {
                let a = pr.at(xz, g.ys[iy], v0).0;
                let b = pr.at(xz, g.ys[iy + 1], v1).0;
                out.push(segment(a, b, pr.order(-1, iy as i64)));
            }
        }
        for ix in 0..s.nx.saturating_sub(1) {
            if let (Some(v0), Some(v1)) = (g.edge_ig0[ix], g.edge_ig0[ix + 1]) {
                let a = pr.at(g.xs[ix], yz, v0).0;
                let b = pr.at(g.xs[ix + 1], yz, v1).0;
                out.push(segment(a, b, pr.order(ix as i64, -1)));
            }
        }
        out
    }

    /// The cell (or zero band, -1) that holds log2 coordinate `v` along
    /// an axis of `n` cells whose centres are `centre(k)`.
    fn cell_of(v: f64, n: usize, centre: impl Fn(usize) -> f64) -> i64 {
        if n < 2 || v < centre(0) {
            return -1;
        }
        let step = centre(1) - centre(0);
        (((v - centre(0)) / step).floor() as i64).clamp(0, n as i64 - 2)
    }

    /// The boxes the markers' symbols take on screen, for the axes' texts
    /// and the marker labels to keep clear of.
    fn marker_symbol_boxes(&self, pr: &Proj, ts: f32) -> Vec<[f64; 4]> {
        let r = (MARKER_RADIUS * ts) as f64 + 1.0;
        self.markers
            .iter()
            .filter_map(|m| {
                let (x, y) = (self.x.pos(m.i_c)?, self.y.pos(m.i_g)?);
                let [px, py] = pr.at(x, y, m.value.unwrap_or(0.0)).0.map(f64::from);
                Some([px - r, py - r, px + r, py + r])
            })
            .collect()
    }

    /// Each marker's stem to the floor and its symbol, in the order of the
    /// cell it stands in, after the cell's surface: nearer surface hides
    /// them.
    fn marker_pieces(&self, pr: &Proj, ts: f32) -> Vec<Piece> {
        let s = self.grid.spec;
        let mut out = Vec::new();
        for (k, m) in self.markers.iter().enumerate() {
            let (Some(x), Some(y)) = (self.x.pos(m.i_c), self.y.pos(m.i_g)) else {
                continue;
            };
            let (ix, iy) = (
                Self::cell_of(x, s.nx, |k| self.grid.xs[k]),
                Self::cell_of(y, s.ny, |k| self.grid.ys[k]),
            );
            let (a, b) = pr.order(ix, iy);
            let v = m.value.unwrap_or(0.0);
            let top = pr.at(x, y, v).0;
            let base = pr.at(x, y, 0.0).0;
            let stem = Prim::Line {
                pts: vec![base, top],
                color: [30, 30, 30, 200],
                width: 1.0,
                dashed: true,
            };
            let dot = Prim::Dot {
                pos: top,
                radius: MARKER_RADIUS * ts,
                fill: m.kind.color(),
                kind: m.kind,
            };
            for (prim, marker) in [(stem, None), (dot, Some(k))] {
                out.push(Piece {
                    order: (a, b, 2),
                    prim,
                    quad: None,
                    marker,
                });
            }
        }
        out
    }

    /// The labels of the markers drawn (`shown`), clear of the symbols and
    /// of the texts in `taken`; returns their screen positions with the
    /// hover text.
    fn push_marker_labels(
        &self,
        pr: &Proj,
        shown: &[bool],
        canvas: &mut Canvas,
        taken: &mut Vec<[f64; 4]>,
        ts: f32,
    ) -> Vec<([f32; 2], String)> {
        let mut spots = Vec::new();
        let mut labels: Vec<([f32; 2], &str)> = Vec::new();
        // (`taken` holds the symbols' boxes already: `push_axes` kept them.)
        for (m, _) in self.markers.iter().zip(shown).filter(|(_, s)| **s) {
            let (Some(x), Some(y)) = (self.x.pos(m.i_c), self.y.pos(m.i_g)) else {
                continue;
            };
            let top = pr.at(x, y, m.value.unwrap_or(0.0)).0;
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
