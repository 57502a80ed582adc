//! The orthographic projection of a [`SurfaceFigure`] to 2-D primitives in
//! pixels: the floor with its valid quadrants, the axes, the surface quads
//! back to front, the zero-edge curves and the markers with their stems.

use super::{Camera, SurfaceFigure};
use crate::figure::axis::nice_ticks;
use crate::figure::perdome::MarkerKind;
use crate::format::{fmt_num, fmt_tick};

/// Where text sits relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A 2-D drawing primitive in pixels (y down), painted in list order.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    Poly {
        pts: Vec<[f32; 2]>,
        fill: [u8; 4],
        stroke: Option<([u8; 4], f32)>,
    },
    Line {
        pts: Vec<[f32; 2]>,
        color: [u8; 4],
        width: f32,
        dashed: bool,
    },
    Text {
        pos: [f32; 2],
        text: String,
        size: f32,
        color: [u8; 4],
        anchor: Anchor,
    },
    Dot {
        pos: [f32; 2],
        radius: f32,
        fill: [u8; 3],
        kind: MarkerKind,
    },
}

/// A surface quad's model values, for hover readouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuadInfo {
    /// Index into `Projected::prims`.
    pub prim: usize,
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

const INK: [u8; 4] = [60, 60, 60, 255];
const FLOOR_VALID: [u8; 4] = [200, 200, 200, 255];
const FLOOR_EMPTY: [u8; 4] = [245, 245, 245, 255];
const Z_HEIGHT: f64 = 1.3;

/// The projection: screen centre and scale, the camera's rotation, and the
/// plot box's centre, half extents and top value.
struct Proj {
    cx: f64,
    cy: f64,
    s: f64,
    cyaw: f64,
    syaw: f64,
    cp: f64,
    sp: f64,
    xmid: f64,
    xh: f64,
    ymid: f64,
    yh: f64,
    zmax: f64,
}

impl Proj {
    /// The camera's view of the figure's box, scaled into the pixel
    /// rectangle (x0, y0, width, height).
    fn new(fig: &SurfaceFigure, cam: &Camera, rect: [f32; 4]) -> Proj {
        let cam = cam.clamped();
        let [rx, ry, rw, rh] = rect.map(|v| v as f64);
        let (yaw, pitch) = (
            (cam.yaw_deg as f64).to_radians(),
            (cam.pitch_deg as f64).to_radians(),
        );
        let (xlo, xhi) = (fig.x.full_lo(), fig.x.hi);
        let (ylo, yhi) = (fig.y.full_lo(), fig.y.hi);
        Proj {
            cx: rx + rw / 2.0,
            cy: ry + rh / 2.0,
            s: rw.min(rh) * 0.34 * cam.zoom as f64,
            cyaw: yaw.cos(),
            syaw: yaw.sin(),
            cp: pitch.cos(),
            sp: pitch.sin(),
            xmid: (xlo + xhi) / 2.0,
            xh: (xhi - xlo) / 2.0,
            ymid: (ylo + yhi) / 2.0,
            yh: (yhi - ylo) / 2.0,
            zmax: fig.z.hi.max(f64::MIN_POSITIVE),
        }
    }

    /// Plot coordinates (log2 x, log2 y, value) to (screen x, screen y, depth).
    fn at(&self, x: f64, y: f64, v: f64) -> ([f32; 2], f64) {
        let wx = (x - self.xmid) / self.xh;
        let wy = (y - self.ymid) / self.yh;
        let wz = (v / self.zmax).clamp(0.0, 1.5) * Z_HEIGHT - Z_HEIGHT / 2.0;
        let x1 = wx * self.cyaw - wy * self.syaw;
        let y1 = wx * self.syaw + wy * self.cyaw;
        let depth = y1 * self.cp - wz * self.sp;
        let up = y1 * self.sp + wz * self.cp;
        (
            [
                (self.cx + self.s * x1) as f32,
                (self.cy - self.s * up) as f32,
            ],
            depth,
        )
    }

    /// The floor rectangle `[x0, x1] x [y0, y1]` (log2 coordinates).
    fn floor(&self, (x0, x1): (f64, f64), (y0, y1): (f64, f64), fill: [u8; 4]) -> Prim {
        Prim::Poly {
            pts: vec![
                self.at(x0, y0, 0.0).0,
                self.at(x1, y0, 0.0).0,
                self.at(x1, y1, 0.0).0,
                self.at(x0, y1, 0.0).0,
            ],
            fill,
            stroke: Some((INK, 0.8)),
        }
    }
}

/// A surface quad before sorting: depth, polygon, and its centre's
/// I_C, I_G and mean value.
type Quad = (f64, Prim, f64, f64, f64);

impl SurfaceFigure {
    /// Project into the pixel rectangle (x0, y0, width, height).
    pub fn project(&self, cam: &Camera, rect: [f32; 4]) -> Projected {
        let pr = Proj::new(self, cam, rect);
        let mut prims = Vec::new();
        self.push_floor(&pr, &mut prims);
        self.push_axes(&pr, &mut prims);
        let quads = self.push_quads(&pr, &mut prims);
        self.push_zero_edges(&pr, &mut prims);
        let marker_spots = self.push_markers(&pr, &mut prims);
        Projected {
            prims,
            quads,
            marker_spots,
        }
    }

    /// Floor: the whole range, then the two valid quadrants in grey.
    fn push_floor(&self, pr: &Proj, prims: &mut Vec<Prim>) {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let c = self.log2_i;
        prims.push(pr.floor((xlo, xhi), (ylo, yhi), FLOOR_EMPTY));
        prims.push(pr.floor((self.x.lo, c), (c, yhi), FLOOR_VALID));
        prims.push(pr.floor((c, xhi), (self.y.lo, c), FLOOR_VALID));
    }

    /// Surface quads between cell centres, back to front; returns their
    /// model values for hover readouts.
    fn push_quads(&self, pr: &Proj, prims: &mut Vec<Prim>) -> Vec<QuadInfo> {
        let s = self.grid.spec;
        let mut quads: Vec<Quad> = Vec::new();
        for iy in 0..s.ny.saturating_sub(1) {
            for ix in 0..s.nx.saturating_sub(1) {
                quads.extend(self.quad(pr, ix, iy));
            }
        }
        quads.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut infos = Vec::with_capacity(quads.len());
        for (_, p, i_c, i_g, v) in quads {
            infos.push(QuadInfo {
                prim: prims.len(),
                i_c,
                i_g,
                value: v,
            });
            prims.push(p);
        }
        infos
    }

    /// The quad from cell (ix, iy) to (ix + 1, iy + 1), coloured by its
    /// mean value; `None` where a corner has no value.
    fn quad(&self, pr: &Proj, ix: usize, iy: usize) -> Option<Quad> {
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
            pr.at(x0, y0, a),
            pr.at(x1, y0, b),
            pr.at(x1, y1, cc),
            pr.at(x0, y1, d),
        ];
        let depth = corners.iter().map(|c| c.1).sum::<f64>() / 4.0;
        let mean = (a + b + cc + d) / 4.0;
        let rgb = self.color.rgb(mean);
        let fill = [rgb[0], rgb[1], rgb[2], 255];
        let edge = [
            (rgb[0] as f32 * 0.8) as u8,
            (rgb[1] as f32 * 0.8) as u8,
            (rgb[2] as f32 * 0.8) as u8,
            255,
        ];
        Some((
            depth,
            Prim::Poly {
                pts: corners.iter().map(|c| c.0).collect(),
                fill,
                stroke: Some((edge, 0.3)),
            },
            ((x0 + x1) / 2.0).exp2(),
            ((y0 + y1) / 2.0).exp2(),
            mean,
        ))
    }

    /// Zero-edge curves (I_C = 0 and I_G = 0) as lines on their bands.
    fn push_zero_edges(&self, pr: &Proj, prims: &mut Vec<Prim>) {
        let g = &self.grid;
        let s = g.spec;
        let xz = self.x.zero_pos();
        let yz = self.y.zero_pos();
        let mut edge_line = |pts: Vec<[f32; 2]>| {
            if pts.len() > 1 {
                prims.push(Prim::Line {
                    pts,
                    color: [120, 40, 140, 255],
                    width: 1.6,
                    dashed: false,
                });
            }
        };
        let curve_ic0: Vec<[f32; 2]> = (0..s.ny)
            .filter_map(|iy| g.edge_ic0[iy].map(|v| pr.at(xz, s.y_centre(iy), v).0))
            .collect();
        edge_line(curve_ic0);
        let curve_ig0: Vec<[f32; 2]> = (0..s.nx)
            .filter_map(|ix| g.edge_ig0[ix].map(|v| pr.at(s.x_centre(ix), yz, v).0))
            .collect();
        edge_line(curve_ig0);
    }

    /// Markers with stems to the floor and labels; returns their screen
    /// positions with the hover text.
    fn push_markers(&self, pr: &Proj, prims: &mut Vec<Prim>) -> Vec<([f32; 2], String)> {
        let mut spots = Vec::new();
        for m in &self.markers {
            let (Some(x), Some(y)) = (self.x.pos(m.i_c), self.y.pos(m.i_g)) else {
                continue;
            };
            let v = m.value.unwrap_or(0.0);
            let top = pr.at(x, y, v).0;
            let base = pr.at(x, y, 0.0).0;
            prims.push(Prim::Line {
                pts: vec![base, top],
                color: [30, 30, 30, 200],
                width: 1.0,
                dashed: true,
            });
            prims.push(Prim::Dot {
                pos: top,
                radius: 5.0,
                fill: m.kind.color(),
                kind: m.kind,
            });
            prims.push(Prim::Text {
                pos: [top[0] + 7.0, top[1] - 6.0],
                text: m.label.clone(),
                size: 12.0,
                color: [0, 0, 0, 255],
                anchor: Anchor::Start,
            });
            spots.push((top, format!("{}: {}", m.label, m.value_text)));
        }
        spots
    }

    fn push_axes(&self, pr: &Proj, prims: &mut Vec<Prim>) {
        let (xlo, xhi) = (self.x.full_lo(), self.x.hi);
        let (ylo, yhi) = (self.y.full_lo(), self.y.hi);
        let text = |pos: [f32; 2], t: String, anchor: Anchor| Prim::Text {
            pos,
            text: t,
            size: 11.0,
            color: INK,
            anchor,
        };
        for (p, label) in self.x.ticks() {
            let a = pr.at(p, ylo, 0.0).0;
            prims.push(text([a[0], a[1] + 14.0], label, Anchor::Middle));
        }
        for (p, label) in self.y.ticks() {
            let a = pr.at(xhi, p, 0.0).0;
            prims.push(text([a[0] + 6.0, a[1] + 4.0], label, Anchor::Start));
        }
        let xt = pr.at((xlo + xhi) / 2.0, ylo, 0.0).0;
        prims.push(text([xt[0], xt[1] + 30.0], self.x.title(), Anchor::Middle));
        let yt = pr.at(xhi, (ylo + yhi) / 2.0, 0.0).0;
        prims.push(text(
            [yt[0] + 40.0, yt[1] + 20.0],
            self.y.title(),
            Anchor::Start,
        ));
        // Vertical value axis at the floor corner furthest left on screen,
        // clear of the surface whatever the yaw.
        let (zx, zy) = [(xlo, ylo), (xlo, yhi), (xhi, ylo), (xhi, yhi)]
            .into_iter()
            .min_by(|a, b| pr.at(a.0, a.1, 0.0).0[0].total_cmp(&pr.at(b.0, b.1, 0.0).0[0]))
            .unwrap_or((xlo, ylo));
        let z0 = pr.at(zx, zy, 0.0).0;
        let z1 = pr.at(zx, zy, self.z.hi).0;
        prims.push(Prim::Line {
            pts: vec![z0, z1],
            color: INK,
            width: 1.0,
            dashed: false,
        });
        for t in nice_ticks(0.0, self.z.hi, 5) {
            let p = pr.at(zx, zy, t).0;
            prims.push(Prim::Line {
                pts: vec![p, [p[0] - 4.0, p[1]]],
                color: INK,
                width: 1.0,
                dashed: false,
            });
            prims.push(text([p[0] - 6.0, p[1] + 4.0], fmt_tick(t), Anchor::End));
        }
        prims.push(text([z1[0], z1[1] - 10.0], self.z.title(), Anchor::Middle));
    }
}

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
